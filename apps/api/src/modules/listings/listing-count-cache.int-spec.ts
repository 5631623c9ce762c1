import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { ListingCountCache } from './listing-count-cache';

describe('ListingCountCache (real Redis)', () => {
  const prefix = `cache-test-${randomBytes(4).toString('hex')}:`;
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: prefix });
  const cache = new ListingCountCache(redis);

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys.map((k) => k.slice(prefix.length)));
    await redis.quit();
  });

  it('computes a total once, then answers from Redis until a write bumps the version', async () => {
    let runs = 0;
    const count = async () => ++runs * 10;
    expect(await cache.getOrCount({ city: ['a'] }, count)).toBe(10);
    expect(await cache.getOrCount({ city: ['a'] }, count)).toBe(10);
    expect(runs).toBe(1);
    await cache.invalidate();
    expect(await cache.getOrCount({ city: ['a'] }, count)).toBe(20);
    expect(runs).toBe(2);
  });

  it('shares one computation among concurrent misses for the same filters', async () => {
    let runs = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++runs), 50));
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.getOrCount({ city: ['b'] }, slow)));
    expect(answers).toEqual([1, 1, 1, 1, 1]);
    expect(runs).toBe(1);
  });

  it('keeps facet counts for a minute across writes, and recomputes after a failure', async () => {
    let runs = 0;
    const facets = async () => ({ types: [{ value: 'land', count: ++runs }] });
    await expect(cache.getOrCompute('facets', { x: 1 }, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.getOrCompute('facets', { x: 1 }, facets)).toEqual({ types: [{ value: 'land', count: 1 }] });
    await cache.invalidate();
    expect(await cache.getOrCompute('facets', { x: 1 }, facets)).toEqual({ types: [{ value: 'land', count: 1 }] });
    expect(runs).toBe(1);
  });
});
