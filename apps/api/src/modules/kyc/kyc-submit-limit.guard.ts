import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AuthUser } from '../../common/auth/auth-user';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { tooManyRequests } from '../../common/errors/retry-after';
import { REDIS } from '../../common/redis/redis.module';

const DAY_SECONDS = 24 * 3600;

/**
 * At most KYC_SUBMISSIONS_PER_DAY calls of POST /kyc/create per member in 24 hours (Redis, shared by
 * every API process), counted before a byte of the upload is read; past it 429 with Retry-After.
 */
@Injectable()
export class KycSubmitLimitGuard implements CanActivate {
  private readonly limiter: RateLimiterRedis;
  private readonly perDay: number;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.perDay = config.kyc.submissionsPerDay;
    this.limiter = new RateLimiterRedis({ storeClient: redis, points: this.perDay, duration: DAY_SECONDS, keyPrefix: 'kyc-submit' });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    if (!req.user) return true;
    try {
      await this.limiter.consume(req.user.id);
      return true;
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(seconds));
      const hours = Math.max(1, Math.ceil(seconds / 3600));
      throw tooManyRequests(
        `You can send your identity verification at most ${this.perDay} times a day; try again in ${hours} hour${hours === 1 ? '' : 's'}.`,
        seconds,
      );
    }
  }
}
