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
import { Batcher } from '../../common/batching/batcher';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { tooManyRequests } from '../../common/rate-limit/auth-throttle.service';
import { REDIS } from '../../common/redis/redis.module';

export type MessageRateKind = 'send' | 'fetch';
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests, please try again later';
const RATE_KIND_KEY = 'messaging:rateKind';

/**
 * rate-limiter-flexible's RateLimiterRedis counting (a key per user and kind, `<keyPrefix>:<userId>`,
 * set to 0 with the window's expiry when absent, then incremented), for several keys in one script:
 * the counts are the library's, so one limit is shared with everything that counts through it.
 * Answers the count and the milliseconds left of the window, key after key.
 */
const CONSUME_MANY_SCRIPT = `local out = {}
for i = 1, #KEYS do
  redis.call('set', KEYS[i], 0, 'EX', ARGV[1], 'NX')
  local consumed = redis.call('incrby', KEYS[i], 1)
  local ttl = redis.call('pttl', KEYS[i])
  if ttl == -1 then
    redis.call('expire', KEYS[i], ARGV[1])
    ttl = 1000 * ARGV[1]
  end
  out[2 * i - 1] = consumed
  out[2 * i] = ttl
end
return out`;

const RATE_WINDOW_SECONDS = 60;
/** Most counts in one script, and most scripts running at once per process and kind. */
const CONSUME_BATCH_MAX = 500;
const CONSUME_BATCHES_IN_FLIGHT = Number(process.env.TMP_RL_INFLIGHT) || 2;

interface RedisWithConsumeMany extends Redis {
  messagingConsumeMany(numberOfKeys: number, ...args: (string | number)[]): Promise<number[]>;
}

/**
 * Per-user limits of messaging in Redis, shared by every API process: sending (HTTP send, socket
 * sendMessage, creating a thread) and fetching (thread list, thread, messages, unread count).
 *
 * Every call is counted in Redis (exact across processes, like a single RateLimiterRedis), but calls
 * made while this process's previous count is on its way are counted together by one script (one
 * round trip and one write to Redis for the lot instead of one each).
 */
@Injectable()
export class MessageRateLimiter {
  private readonly limiters: Record<MessageRateKind, RateLimiterRedis>;
  private readonly points: Record<MessageRateKind, number>;
  private readonly batchers: Record<MessageRateKind, Batcher<string, number | null>>;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.points = { send: config.messaging.sendPerMinute, fetch: config.messaging.fetchPerMinute };
    this.limiters = {
      send: new RateLimiterRedis({ storeClient: redis, points: this.points.send, duration: RATE_WINDOW_SECONDS, keyPrefix: 'msg-send' }),
      fetch: new RateLimiterRedis({ storeClient: redis, points: this.points.fetch, duration: RATE_WINDOW_SECONDS, keyPrefix: 'msg-fetch' }),
    };
    const client = redis as RedisWithConsumeMany;
    if (!client.messagingConsumeMany) redis.defineCommand('messagingConsumeMany', { lua: CONSUME_MANY_SCRIPT });
    const batcher = (kind: MessageRateKind) =>
      new Batcher<string, number | null>({
        runOne: (userId) => this.consumeOne(kind, userId),
        runBatch: async (userIds) => {
          const keys = userIds.map((id) => this.limiters[kind].getKey(id));
          const out = await client.messagingConsumeMany(keys.length, ...keys, RATE_WINDOW_SECONDS);
          return userIds.map((_, i) => this.waitSeconds(kind, Number(out[2 * i]), Number(out[2 * i + 1])));
        },
        // a script that failed may have counted some: the callers get the error, as a single count's would
        retryAloneOnFailure: false,
        maxBatch: CONSUME_BATCH_MAX,
        maxInFlight: CONSUME_BATCHES_IN_FLIGHT,
      });
    this.batchers = { send: batcher('send'), fetch: batcher('fetch') };
  }

  /** Counts one call of the user; answers null when allowed, else the seconds to wait. */
  consume(kind: MessageRateKind, userId: string): Promise<number | null> {
    return this.batchers[kind].submit(userId);
  }

  private waitSeconds(kind: MessageRateKind, consumed: number, msLeft: number): number | null {
    return consumed > this.points[kind] ? Math.max(1, Math.ceil(msLeft / 1000)) : null;
  }

  private async consumeOne(kind: MessageRateKind, userId: string): Promise<number | null> {
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
