import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRejected } from './payment-provider';

/**
 * PayMongo's webhook signature (developers.paymongo.com/docs/securing-webhook): the header is
 * `t=<unix seconds>,te=<test signature>,li=<live signature>`, each signature the hex HMAC-SHA256 of
 * `t + "." + raw body` keyed with the webhook's secret; a test-mode event (livemode false) is checked
 * against `te`, a live one against `li`. The sandbox provider signs its webhooks the same way.
 */
export function signPaymongoStyle(rawBody: Buffer | string, secret: string, timestamp: number, live = false): string {
  const sig = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
  return live ? `t=${timestamp},te=,li=${sig}` : `t=${timestamp},te=${sig},li=`;
}

/** The header's `key=value` parts; a part without `=` is ignored, the first of a repeated key wins. */
function partsOf(header: string): Map<string, string> {
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    const key = part.slice(0, i).trim();
    if (!parts.has(key)) parts.set(key, part.slice(i + 1).trim());
  }
  return parts;
}

/**
 * Checks a PayMongo-style signature header and refuses timestamps older (or newer) than
 * `toleranceSeconds`. The comparison is constant-time whatever the given signature's length: both
 * sides are hashed to 32 bytes first, so neither a short, long or non-hex value nor the position of
 * the first wrong character changes how long it takes.
 */
export function verifyPaymongoStyle(
  header: string | undefined,
  rawBody: Buffer,
  secret: string,
  live: boolean,
  toleranceSeconds: number,
  nowSeconds = Math.floor(Date.now() / 1000),
): void {
  if (!header) throw new WebhookRejected('no signature header');
  const parts = partsOf(header);
  const tText = parts.get('t') ?? '';
  const t = /^\d{1,12}$/.test(tText) ? Number(tText) : NaN;
  if (!Number.isSafeInteger(t)) throw new WebhookRejected('the signature has no timestamp');
  if (nowSeconds - t > toleranceSeconds) throw new WebhookRejected('the signature is too old');
  if (t - nowSeconds > toleranceSeconds) throw new WebhookRejected('the signature is dated in the future (check the clocks)');
  const given = parts.get(live ? 'li' : 'te') ?? '';
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex');
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  if (!timingSafeEqual(a, b)) throw new WebhookRejected('the signature does not match');
}

export function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
