import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config';
import { REDIS } from '../../../common/redis/redis.module';
import { sha256 } from './oauth-state.store';

/**
 * The single-use code the social sign-in callback hands the web app instead of a session token: random,
 * kept in Redis only as a hash for at most a minute, and redeemed atomically (GETDEL) exactly once.
 */
@Injectable()
export class SignInCodeStore {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async issue(userId: string): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    await this.redis.set(this.key(code), userId, 'EX', this.config.oauth.codeTtlSeconds);
    return code;
  }

  /** The member the code was issued for, or null when it is unknown, expired or already used. */
  redeem(code: string): Promise<string | null> {
    return this.redis.getdel(this.key(code));
  }

  private key(code: string): string {
    return `oauth-code:${sha256(code)}`;
  }
}
