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
import type { AuthUser } from '../../common/auth/auth-user';
import { Batcher } from '../../common/batching/batcher';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { tooManyRequests } from '../../common/rate-limit/auth-throttle.service';
import { REDIS } from '../../common/redis/redis.module';

export type MessageRateKind = 'send' | 'fetch';
export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests, please try again later';
const RATE_KIND_KEY = 'messaging:rateKind';

/**
 * Counts in Redis for several keys in one script: each key (`<kind prefix>:<userId>`) is set to 0
 * with the window's expiry when absent (rate-limiter-flexible's RateLimiterRedis counting, its keys),
 * then increased by the tokens asked for; the answer is how many of them fit under the limit (0 when
 * none) and the milliseconds left of the window, key after key.
 * KEYS: the keys; ARGV: window seconds, limit, then the tokens asked for each key.
 */
const LEASE_SCRIPT = `local out = {}
local limit = tonumber(ARGV[2])
for i = 1, #KEYS do
  local wanted = tonumber(ARGV[2 + i])
  redis.call('set', KEYS[i], 0, 'EX', ARGV[1], 'NX')
  local before = redis.call('incrby', KEYS[i], wanted) - wanted
  local granted = math.max(0, math.min(wanted, limit - before))
  local ttl = redis.call('pttl', KEYS[i])
  if ttl == -1 then
    redis.call('expire', KEYS[i], ARGV[1])
    ttl = 1000 * ARGV[1]
  end
  out[2 * i - 1] = granted
  out[2 * i] = ttl
end
return out`;

const RATE_WINDOW_SECONDS = 60;
const KEY_PREFIX: Record<MessageRateKind, string> = { send: 'msg-send', fetch: 'msg-fetch' };
/** Most keys in one script, and most scripts on their way at once per process and kind. */
const LEASE_BATCH_MAX = 500;
const LEASE_BATCHES_IN_FLIGHT = 2;
/** A process takes a member's tokens from Redis this many at a time: a twentieth of the limit (1 under 40). */
export const leaseSize = (limit: number) => Math.max(1, Math.floor(limit / 20));

interface RedisWithLease extends Redis {
  messagingRateLease(numberOfKeys: number, ...args: (string | number)[]): Promise<number[]>;
}

/** Tokens of a member's current window that this process holds. */
interface Lease {
  tokens: number;
  /** Date.now() at which the window ends in Redis. */
  until: number;
}

/**
 * Per-user limits of messaging, shared by every API process through Redis: sending (HTTP send,
 * socket sendMessage, creating a thread) and fetching (thread list, thread, messages, unread count);
 * a fixed window of a minute from a member's first call, as rate-limiter-flexible counts it.
 *
 * A process does not ask Redis for every call: it takes a member's tokens a few at a time (a lease:
 * `leaseSize`, a twentieth of the limit) and spends them locally until they run out or the window
 * ends; leases asked for while others are on their way go to Redis together in one script. Redis
 * counts every token leased, so all processes together never allow more than the limit in a window.
 * The price: tokens leased by a process that the member then stops using are lost for that window, so
 * a member spread over several processes can be refused up to (lease − 1) calls early per other
 * process (at the default 60 sends a minute, a lease is 3: at most 2 early per other process; under
 * 40 a minute, a lease is 1 and the count is exact). A refused call counts in Redis like the library's.
 */
@Injectable()
export class MessageRateLimiter {
  private readonly limits: Record<MessageRateKind, number>;
  private readonly leases = new Map<string, Lease>();
  private readonly batchers: Record<MessageRateKind, Batcher<string, number | null>>;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.limits = { send: config.messaging.sendPerMinute, fetch: config.messaging.fetchPerMinute };
    const client = redis as RedisWithLease;
    if (!client.messagingRateLease) redis.defineCommand('messagingRateLease', { lua: LEASE_SCRIPT });
    const batcher = (kind: MessageRateKind) => {
      const runBatch = (userIds: string[]) => this.lease(client, kind, userIds);
      return new Batcher<string, number | null>({
        runBatch,
        runOne: async (userId) => (await runBatch([userId]))[0],
        // a script that failed may have counted some: the callers get the error, as a single count's would
        retryAloneOnFailure: false,
        maxBatch: LEASE_BATCH_MAX,
        maxInFlight: LEASE_BATCHES_IN_FLIGHT,
      });
    };
    this.batchers = { send: batcher('send'), fetch: batcher('fetch') };
    // leases of members gone quiet
    setInterval(() => {
      const now = Date.now();
      for (const [key, lease] of this.leases) if (lease.until <= now) this.leases.delete(key);
    }, RATE_WINDOW_SECONDS * 1000).unref();
  }

  /** Counts one call of the user; answers null when allowed, else the seconds to wait. */
  consume(kind: MessageRateKind, userId: string): Promise<number | null> {
    const lease = this.leases.get(`${KEY_PREFIX[kind]}:${userId}`);
    if (lease && lease.tokens > 0 && lease.until > Date.now()) {
      lease.tokens--;
      return Promise.resolve(null);
    }
    return this.batchers[kind].submit(userId);
  }

  /** Leases for these calls (a user may come several times): one answer per call. */
  private async lease(client: RedisWithLease, kind: MessageRateKind, userIds: string[]): Promise<(number | null)[]> {
    const calls = new Map<string, number>();
    for (const id of userIds) calls.set(id, (calls.get(id) ?? 0) + 1);
    const users = [...calls.keys()];
    const size = leaseSize(this.limits[kind]);
    const wanted = users.map((id) => Math.max(size, calls.get(id)!));
    const keys = users.map((id) => `${KEY_PREFIX[kind]}:${id}`);
    const out = await client.messagingRateLease(keys.length, ...keys, RATE_WINDOW_SECONDS, this.limits[kind], ...wanted);
    const now = Date.now();
    const answers = new Map<string, { allowed: number; wait: number }>();
    users.forEach((id, i) => {
      const granted = Number(out[2 * i]);
      const msLeft = Number(out[2 * i + 1]);
      const n = calls.get(id)!;
      const left = granted - Math.min(granted, n);
      if (left > 0) {
        const held = this.leases.get(keys[i]);
        const still = held && held.until > now ? held.tokens : 0;
        this.leases.set(keys[i], { tokens: still + left, until: now + msLeft });
      }
      answers.set(id, { allowed: Math.min(granted, n), wait: Math.max(1, Math.ceil(msLeft / 1000)) });
    });
    return userIds.map((id) => {
      const a = answers.get(id)!;
      if (a.allowed > 0) {
        a.allowed--;
        return null;
      }
      return a.wait;
    });
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
