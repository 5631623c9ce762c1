import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { REDIS } from '../redis/redis.module';

const EMAIL_REQUESTS_PER_ADDRESS = 5;
const EMAIL_REQUESTS_PER_IP = 20;
const EMAIL_REQUEST_WINDOW_SECONDS = 3600;

/** A 429 in the API's error shape, saying what to wait for. */
export function tooManyRequests(message: string): HttpException {
  return new HttpException(
    { statusCode: HttpStatus.TOO_MANY_REQUESTS, message, error: 'Too Many Requests' },
    HttpStatus.TOO_MANY_REQUESTS,
  );
}

/**
 * Throttles the account routes in Redis: failed logins per IP and per account (once either count
 * reaches the limit inside the window, further tries are 429 until the window passes), and e-mails
 * sent on request (reset, verification) per address and per IP, so nobody can flood an inbox.
 */
@Injectable()
export class AuthThrottleService {
  private readonly byIp: RateLimiterRedis;
  private readonly byAccount: RateLimiterRedis;
  private readonly mailByAddress: RateLimiterRedis;
  private readonly mailByIp: RateLimiterRedis;
  private readonly maxFailures: number;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.maxFailures = config.auth.loginMaxFailures;
    const common = { storeClient: redis, points: this.maxFailures, duration: config.auth.loginWindowSeconds };
    this.byIp = new RateLimiterRedis({ ...common, keyPrefix: 'login-fail-ip' });
    this.byAccount = new RateLimiterRedis({ ...common, keyPrefix: 'login-fail-account' });
    const mail = { storeClient: redis, duration: EMAIL_REQUEST_WINDOW_SECONDS };
    this.mailByAddress = new RateLimiterRedis({ ...mail, points: EMAIL_REQUESTS_PER_ADDRESS, keyPrefix: 'mail-request-address' });
    this.mailByIp = new RateLimiterRedis({ ...mail, points: EMAIL_REQUESTS_PER_IP, keyPrefix: 'mail-request-ip' });
  }

  /** Counts one e-mail request; answers 429 past the limit, whether or not the address has an account. */
  async consumeEmailRequest(kind: 'reset_password' | 'verify_email', email: string, ip: string): Promise<void> {
    try {
      await Promise.all([this.mailByAddress.consume(`${kind}:${email.toLowerCase()}`), this.mailByIp.consume(ip)]);
    } catch (err) {
      if (err instanceof Error) throw err;
      throw tooManyRequests('Too many e-mail requests. Please wait an hour before asking again.');
    }
  }

  async assertAllowed(ip: string, email: string): Promise<void> {
    const [ipState, accountState] = await Promise.all([this.byIp.get(ip), this.byAccount.get(email.toLowerCase())]);
    const blocked = [ipState, accountState].filter((s) => s && s.consumedPoints >= this.maxFailures);
    if (blocked.length === 0) return;
    const waitMs = Math.max(...blocked.map((s) => s!.msBeforeNext));
    const minutes = Math.max(1, Math.ceil(waitMs / 60000));
    throw tooManyRequests(`Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
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
