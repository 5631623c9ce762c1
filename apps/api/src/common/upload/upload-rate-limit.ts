import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AuthUser } from '../auth/auth-user';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { tooManyRequests } from '../rate-limit/auth-throttle.service';
import { REDIS } from '../redis/redis.module';

const WINDOW_SECONDS = 3600;

/** Upload requests per member and hour, in Redis (shared by every API process), across all upload routes. */
@Injectable()
export class UploadRateLimiter {
  private readonly limiter: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.limiter = new RateLimiterRedis({ storeClient: redis, points: config.uploads.perHour, duration: WINDOW_SECONDS, keyPrefix: 'upload' });
  }

  /** Counts one upload of the member; answers null when allowed, else the seconds to wait. */
  async consume(userId: string): Promise<number | null> {
    try {
      await this.limiter.consume(userId);
      return null;
    } catch (err) {
      if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      throw err;
    }
  }
}

/**
 * Counts a multipart request of the signed-in member before its body is read, and answers 429 (with
 * Retry-After) past the limit. A request without files (JSON) is not an upload and is not counted.
 */
@Injectable()
export class UploadRateLimitGuard implements CanActivate {
  constructor(private readonly limiter: UploadRateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    if (!req.user || !req.is('multipart')) return true;
    const waitSeconds = await this.limiter.consume(req.user.id);
    if (waitSeconds === null) return true;
    context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(waitSeconds));
    const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
    throw tooManyRequests(`Too many uploads; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
}
