import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { createHash } from 'node:crypto';
import { REDIS } from '../../common/redis/redis.module';

const TTL_SECONDS = 60;
const VERSION_KEY = 'listings:version';

/**
 * Remembers search totals and facet counts for a minute, keyed by the filters and by a version that
 * every listing write bumps: paging through results, or many people running the same search, costs
 * one count, and a change to any listing is seen at once.
 */
@Injectable()
export class ListingCountCache {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  getOrCount(filters: unknown, count: () => Promise<number>): Promise<number> {
    return this.getOrCompute('count', filters, count);
  }

  async getOrCompute<T>(kind: 'count' | 'facets', filters: unknown, compute: () => Promise<T>): Promise<T> {
    const version = (await this.redis.get(VERSION_KEY)) ?? '0';
    const key = `listings:${kind}:${version}:${createHash('sha1').update(JSON.stringify(filters)).digest('base64url')}`;
    const cached = await this.redis.get(key);
    if (cached !== null) return JSON.parse(cached) as T;
    const value = await compute();
    await this.redis.set(key, JSON.stringify(value), 'EX', TTL_SECONDS);
    return value;
  }

  /** Call after any change that can move a listing in or out of a search. */
  async invalidate(): Promise<void> {
    await this.redis.incr(VERSION_KEY);
  }
}
