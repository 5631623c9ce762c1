import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AuthUser } from '../../common/auth/auth-user';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { tooManyRequests } from '../../common/rate-limit/auth-throttle.service';
import { REDIS } from '../../common/redis/redis.module';

export type MessageRateKind = 'send' | 'fetch';
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests, please try again later';
const RATE_KIND_KEY = 'messaging:rateKind';

/**
 * Per-user limits of messaging in Redis, shared by every API process: sending (HTTP send, socket
 * sendMessage, creating a thread) and fetching (thread list, thread, messages, unread count).
 */
@Injectable()
export class MessageRateLimiter {
  private readonly limiters: Record<MessageRateKind, RateLimiterRedis>;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.limiters = {
      send: new RateLimiterRedis({ storeClient: redis, points: config.messaging.sendPerMinute, duration: 60, keyPrefix: 'msg-send' }),
      fetch: new RateLimiterRedis({ storeClient: redis, points: config.messaging.fetchPerMinute, duration: 60, keyPrefix: 'msg-fetch' }),
    };
  }

  /** Counts one call of the user; answers null when allowed, else the seconds to wait. */
  async consume(kind: MessageRateKind, userId: string): Promise<number | null> {
    try {
      await this.limiters[kind].consume(userId);
      return null;
    } catch (err) {
      if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      throw err;
    }
  }
}

/** Answers 429 with Retry-After once the caller is past the route's limit. */
@Injectable()
export class MessageRateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: MessageRateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const kind = this.reflector.get<MessageRateKind | undefined>(RATE_KIND_KEY, context.getHandler());
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!kind || !user) return true;
    const waitSeconds = await this.limiter.consume(kind, user.id);
    if (waitSeconds === null) return true;
    context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(waitSeconds));
    throw tooManyRequests(TOO_MANY_REQUESTS_MESSAGE);
  }
}

/** Puts a route under the per-user sending or fetching limit (and documents the 429). */
export const RateLimited = (kind: MessageRateKind) =>
  applyDecorators(
    SetMetadata(RATE_KIND_KEY, kind),
    UseGuards(MessageRateLimitGuard),
    ApiTooManyRequestsResponse({ description: `${TOO_MANY_REQUESTS_MESSAGE} (per-user ${kind} limit; see Retry-After)` }),
  );
