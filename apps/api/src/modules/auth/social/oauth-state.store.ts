import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type Redis from 'ioredis';

export const STATE_TTL_SECONDS = 600;
/** The browser-binding cookie: httpOnly, SameSite=Lax, only sent to the provider's callback path. */
export const STATE_COOKIE = 'tahanan_oauth';
export const STATE_REFUSED = 'This sign-in was not started in this browser or has expired; please try again';
/** States of a "connect a provider" flow start with this, so a refusal can land on the settings page. */
export const CONNECT_STATE_PREFIX = 'connect.';

/** What a flow is bound to: the hash of the nonce in the starting browser's cookie, and for a connect, the member. */
export interface OAuthBinding {
  nonceHash: string;
  userId?: string;
}

/** The binding travels from the controller to the store on the request passport hands it. */
export const OAUTH_BINDING = Symbol('oauthBinding');
export type BoundRequest = { [OAUTH_BINDING]?: OAuthBinding; headers: { cookie?: string } };

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const newNonce = () => randomBytes(32).toString('base64url');

/** The value of one cookie from a Cookie header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * OAuth `state` kept in Redis (the API keeps no HTTP session): each flow gets a random state that the
 * callback must bring back once, within ten minutes, from the browser holding the cookie whose nonce
 * hash is stored with it (so a state started elsewhere, e.g. an attacker's, is refused: no login CSRF).
 * Arity matters to passport-oauth2.
 */
export class RedisOAuthStateStore {
  constructor(
    private readonly redis: Redis,
    private readonly provider: string,
  ) {}

  store(req: BoundRequest, callback: (err: Error | null, state?: string) => void): void {
    const binding = req[OAUTH_BINDING];
    if (!binding) return callback(new Error('An OAuth flow must be started with a browser binding'));
    const state = `${binding.userId ? CONNECT_STATE_PREFIX : ''}${randomBytes(24).toString('base64url')}`;
    this.redis
      .set(this.key(state), JSON.stringify(binding), 'EX', STATE_TTL_SECONDS)
      .then(() => callback(null, state), (err: Error) => callback(err));
  }

  /** Consumes the state (once), then checks the cookie; the binding goes on to passport's `info.state`. */
  verify(
    req: BoundRequest,
    state: unknown,
    callback: (err: Error | null, ok: boolean, info?: { message: string } | { userId?: string }) => void,
  ): void {
    if (typeof state !== 'string' || state.length > 200) return callback(null, false, { message: STATE_REFUSED });
    this.redis.getdel(this.key(state)).then(
      (raw) => {
        const binding = raw ? (JSON.parse(raw) as OAuthBinding) : null;
        const nonce = readCookie(req.headers.cookie, STATE_COOKIE);
        if (!binding || !nonce || !sameHash(sha256(nonce), binding.nonceHash)) {
          return callback(null, false, { message: STATE_REFUSED });
        }
        callback(null, true, { userId: binding.userId });
      },
      (err: Error) => callback(err, false),
    );
  }

  private key(state: string): string {
    return `oauth-state:${this.provider}:${state}`;
  }
}
