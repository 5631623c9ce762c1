import { Inject, Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { REDIS } from '../../common/redis/redis.module';

/**
 * The network a guest is counted by: an IPv4 address as it is (also when written IPv4-mapped, as
 * `::ffff:203.0.113.7`), an IPv6 address by its /64 (what one subscriber usually gets, so walking
 * through its addresses counts as one guest). Anything else is used as it is.
 */
export function guestNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** At most `cap` different listings per set; answers 1 when this listing is (or now is) in it. */
const ADMIT_SCRIPT = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 1 end
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1`;

/**
 * Guests' behaviour on listings (views above all) is counted per network and day, never per
 * User-Agent or any other header a client chooses, and one network adds at most
 * GUEST_VIEWS_PER_IP_PER_DAY listings a day; past that, its requests are answered but not counted
 * (no view, no listing_events row). The per-day sets live in Redis, shared by every API process,
 * under a keyed hash of the network (no address is stored, in Redis or in listing_events).
 */
@Injectable()
export class GuestViews {
  private readonly key: Buffer;
  private readonly cap: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.key = createHmac('sha256', config.auth.jwtSecret).update('tahanan:guest-viewer').digest();
    this.cap = config.guestViewsPerIpPerDay;
  }

  /** The viewer key of a guest: a keyed hash of their network. */
  viewerKey(ip: string): string {
    return `anon:${createHmac('sha256', this.key).update(guestNetwork(ip)).digest('hex').slice(0, 32)}`;
  }

  /** Whether this guest's behaviour on the listing counts today (it does again for a listing already counted). */
  async admit(viewerKey: string, listingId: string, day: string): Promise<boolean> {
    if (this.cap <= 0) return false;
    const admitted = await this.redis.eval(ADMIT_SCRIPT, 1, `guest-views:${day}:${viewerKey}`, listingId, this.cap, 2 * 24 * 3600);
    return admitted === 1;
  }
}
