import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { REDIS } from '../redis/redis.module';

/**
 * Counts failed logins per IP and per account in Redis. Once either count reaches the limit inside
 * the window, further tries are refused with 429 until the window passes.
 */
@Injectable()
export class LoginThrottleService {
  private readonly byIp: RateLimiterRedis;
  private readonly byAccount: RateLimiterRedis;
  private readonly maxFailures: number;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.maxFailures = config.auth.loginMaxFailures;
    const common = { storeClient: redis, points: this.maxFailures, duration: config.auth.loginWindowSeconds };
    this.byIp = new RateLimiterRedis({ ...common, keyPrefix: 'login-fail-ip' });
    this.byAccount = new RateLimiterRedis({ ...common, keyPrefix: 'login-fail-account' });
  }

  async assertAllowed(ip: string, email: string): Promise<void> {
    const [ipState, accountState] = await Promise.all([this.byIp.get(ip), this.byAccount.get(email.toLowerCase())]);
    const blocked = [ipState, accountState].filter((s) => s && s.consumedPoints >= this.maxFailures);
    if (blocked.length === 0) return;
    const waitMs = Math.max(...blocked.map((s) => s!.msBeforeNext));
    const minutes = Math.max(1, Math.ceil(waitMs / 60000));
    throw new HttpException(
      {
        statusCode: HttpStatus.TOO_MANY_REQUESTS,
        message: `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        error: 'Too Many Requests',
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }

  async recordFailure(ip: string, email: string): Promise<void> {
    await Promise.all([
      this.byIp.penalty(ip, 1),
      this.byAccount.penalty(email.toLowerCase(), 1),
    ]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.byAccount.delete(email.toLowerCase());
  }
}
