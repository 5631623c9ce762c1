import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type Redis from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { AuthUser } from '../../common/auth/auth-user';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { tooManyRequests } from '../../common/errors/retry-after';
import { REDIS } from '../../common/redis/redis.module';

const DAY_SECONDS = 24 * 3600;

/** KYC submissions (accepted POST /kyc/create calls) per member in 24 hours, in Redis (shared by every API process). */
@Injectable()
export class KycSubmitLimiter {
  private readonly limiter: RateLimiterRedis;
  readonly perDay: number;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.perDay = config.kyc.submissionsPerDay;
    this.limiter = new RateLimiterRedis({ storeClient: redis, points: this.perDay, duration: DAY_SECONDS, keyPrefix: 'kyc-submit' });
  }

  /** Null while the member may submit, else the seconds until they may again. */
  async waitSeconds(userId: string): Promise<number | null> {
    const res = await this.limiter.get(userId);
    if (!res || res.consumedPoints < this.perDay) return null;
    return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  }

  /** Counts one accepted submission (a refused one, 400 or 409, does not count). */
  async count(userId: string): Promise<void> {
    await this.limiter.penalty(userId, 1);
  }
}

/**
 * Refuses POST /kyc/create past KYC_SUBMISSIONS_PER_DAY accepted submissions in 24 hours (429 with
 * Retry-After), before a byte of the upload is read.
 */
@Injectable()
export class KycSubmitLimitGuard implements CanActivate {
  constructor(private readonly limiter: KycSubmitLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    if (!req.user) return true;
    const seconds = await this.limiter.waitSeconds(req.user.id);
    if (seconds === null) return true;
    context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(seconds));
    const hours = Math.max(1, Math.ceil(seconds / 3600));
    throw tooManyRequests(
      `You can send your identity verification at most ${this.limiter.perDay} times a day; try again in ${hours} hour${hours === 1 ? '' : 's'}.`,
      seconds,
    );
  }
}
