import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { createHash } from 'node:crypto';
import { REDIS } from '../../common/redis/redis.module';

const TTL_SECONDS = 60;
const VERSION_KEY = 'listings:version';
/** Reads the version and the entry under it in one round trip (KEYS: version key, entry key without version). */
const READ_SCRIPT = `local v = redis.call('GET', KEYS[1]) or '0'
return {v, redis.call('GET', KEYS[2] .. ':' .. v)}`;

/**
 * Remembers search totals and facet counts for a minute. Totals are keyed by the filters and by a
 * version that every listing write bumps: paging through results, or many people running the same
 * search, costs one count, and a change to any listing is seen at once. Facet counts (the sidebar's
 * numbers) are keyed by the filters alone and may trail writes by up to a minute: on a busy site every
 * write would otherwise throw away the costliest aggregate there is (a full pass over the matches).
 * Concurrent misses for one key in this process share one computation.
 */
@Injectable()
export class ListingCountCache {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  getOrCount(filters: unknown, count: () => Promise<number>): Promise<number> {
    return this.getOrCompute('count', filters, count);
  }

  /** `count` and `total` entries follow listing writes at once (versioned); `facets` may trail them by a minute. */
  async getOrCompute<T>(kind: 'count' | 'total' | 'facets', filters: unknown, compute: () => Promise<T>): Promise<T> {
    const entry = `listings:${kind}:${createHash('sha1').update(JSON.stringify(filters)).digest('base64url')}`;
    let key: string;
    let cached: string | null;
    if (kind === 'facets') {
      key = entry;
      cached = await this.redis.get(key);
    } else {
      const [version, value] = (await this.redis.eval(READ_SCRIPT, 2, VERSION_KEY, entry)) as [string, string | null];
      key = `${entry}:${version}`;
      cached = value;
    }
    if (cached !== null) return JSON.parse(cached) as T;
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const computing = (async () => {
      try {
        const value = await compute();
        await this.redis.set(key, JSON.stringify(value), 'EX', TTL_SECONDS);
        return value;
      } finally {
        this.inFlight.delete(key);
      }
    })();
    this.inFlight.set(key, computing);
    return computing;
  }

  /** Call after any change that can move a listing in or out of a search. */
  async invalidate(): Promise<void> {
    await this.redis.incr(VERSION_KEY);
  }
}
