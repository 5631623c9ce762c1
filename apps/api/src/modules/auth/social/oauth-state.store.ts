import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';

const STATE_TTL_SECONDS = 600;

/**
 * OAuth `state` kept in Redis (the API keeps no HTTP session): each login gets a random state that
 * the callback must bring back once, within ten minutes. Arity matters to passport-oauth2.
 */
export class RedisOAuthStateStore {
  constructor(
    private readonly redis: Redis,
    private readonly provider: string,
  ) {}

  store(_req: unknown, callback: (err: Error | null, state?: string) => void): void {
    const state = randomBytes(24).toString('base64url');
    this.redis
      .set(`oauth-state:${this.provider}:${state}`, '1', 'EX', STATE_TTL_SECONDS)
      .then(() => callback(null, state), (err: Error) => callback(err));
  }

  verify(_req: unknown, state: string, callback: (err: Error | null, ok: boolean, info?: { message: string }) => void): void {
    const key = `oauth-state:${this.provider}:${state}`;
    this.redis
      .multi()
      .get(key)
      .del(key)
      .exec()
      .then(
        (results) => {
          const found = results?.[0]?.[1] === '1';
          callback(null, found, found ? undefined : { message: 'The sign-in request expired or was already used; try again' });
        },
        (err: Error) => callback(err, false),
      );
  }
}
