import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Expiring links a browser can follow without a token (an `<img src>`, an `<a href download>`): the
 * path's subject and the expiry second, signed with HMAC-SHA256 under a key of the link's own purpose
 * derived from the JWT secret, so a link signature can never pass as a token or as another purpose's link.
 * Message attachments and export downloads both sign through it.
 */
export class LinkSigner {
  private readonly key: Buffer;

  /** `purpose` names the key, e.g. `tahanan:message-attachment-links:v1`; changing it ends every link signed before. */
  constructor(secret: string, purpose: string) {
    this.key = createHmac('sha256', secret).update(purpose).digest();
  }

  /** The signature (64 hex digits) of `subject` until `expires` (Unix seconds). */
  sign(subject: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${subject}/${expires}`).digest('hex');
  }

  /** `?expires=…&signature=…` of a link valid `seconds` from now, the expiry rounded up to `roundTo` seconds (links stay cacheable). */
  query(subject: string, seconds: number, roundTo = 1, nowMs = Date.now()): string {
    const expires = Math.ceil((nowMs / 1000 + seconds) / roundTo) * roundTo;
    return `expires=${expires}&signature=${this.sign(subject, expires)}`;
  }

  /**
   * Checks a link: `valid` with the seconds it has left; `expired` when the signature is ours but its
   * time has passed; `invalid` for anything else (missing, malformed, not ours).
   */
  check(subject: string, expires: string | undefined, signature: string | undefined): { state: 'valid'; secondsLeft: number } | { state: 'expired' | 'invalid' } {
    if (!expires || !/^\d{1,12}$/.test(expires) || !signature || !/^[0-9a-f]{64}$/.test(signature)) return { state: 'invalid' };
    const expected = Buffer.from(this.sign(subject, Number(expires)), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { state: 'invalid' };
    const left = Number(expires) - Math.floor(Date.now() / 1000);
    return left > 0 ? { state: 'valid', secondsLeft: left } : { state: 'expired' };
  }

  /** The seconds a link has left, or null when it is expired or not ours. */
  verify(subject: string, expires: string | undefined, signature: string | undefined): number | null {
    const result = this.check(subject, expires, signature);
    return result.state === 'valid' ? result.secondsLeft : null;
  }
}
