import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Server, Socket } from 'socket.io';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { REDIS } from '../redis/redis.module';
import { clientAddress, trustFunction } from '../http/client-address';
import { userRoom } from './rooms';

export const TOO_MANY_HANDSHAKES = 'Too many connection attempts from your network; wait a minute and try again';
export const tooManySockets = (max: number) =>
  `Too many open connections for this account (at most ${max}); close other tabs and try again`;

/** A refused handshake: `message` reaches the client as its connect_error, `data` alongside it. */
export class SocketRefusal extends Error {
  constructor(
    message: string,
    readonly data: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The client address of a handshake, by the same trust rule as Express's req.ip (see TRUST_PROXY). */
export function handshakeAddress(socket: Socket, trust: (address: string, hop: number) => boolean): string {
  return clientAddress(socket.request, trust);
}

/**
 * The socket.io handshake limits, shared by every API process:
 * - handshakes per client address per minute (a Redis rate limiter), counted before the token is checked;
 * - open connections per member: her sockets on other processes (asked through the Redis adapter, so
 *   a process that dies takes its sockets out of the count with it) plus her sockets on this one,
 *   those still in their handshake included. The count and the join happen one handshake at a time
 *   per member on each process; two processes admitting her at the same instant can overshoot by one
 *   each, never more.
 */
@Injectable()
export class SocketLimits {
  private readonly logger = new Logger('SocketLimits');
  private readonly handshakes: RateLimiterRedis;
  private readonly queues = new Map<string, Promise<void>>();
  readonly maxPerUser: number;
  private readonly trust: (address: string, hop: number) => boolean;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.maxPerUser = config.realtime.maxSocketsPerUser;
    this.trust = trustFunction(config.trustProxy);
    this.handshakes = new RateLimiterRedis({
      storeClient: redis,
      points: config.realtime.handshakesPerMinute,
      duration: 60,
      keyPrefix: 'socket-handshake-ip',
    });
  }

  /** Counts one handshake of the socket's client address; throws a SocketRefusal past the limit. */
  async consumeHandshake(socket: Socket): Promise<void> {
    try {
      await this.handshakes.consume(handshakeAddress(socket, this.trust));
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      throw new SocketRefusal(TOO_MANY_HANDSHAKES, { retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) });
    }
  }

  /**
   * Runs `join` (which puts the socket in the member's room) if the member has fewer than the maximum
   * open sockets; else throws a SocketRefusal. One at a time per member on this process.
   */
  async admit(server: Server, userId: string, join: () => Promise<void>): Promise<void> {
    const previous = this.queues.get(userId) ?? Promise.resolve();
    const turn = previous.then(async () => {
      if ((await this.openSockets(server, userId)) >= this.maxPerUser) {
        throw new SocketRefusal(tooManySockets(this.maxPerUser), { maxConnections: this.maxPerUser });
      }
      await join();
    });
    const settled = turn.catch(() => undefined);
    this.queues.set(userId, settled);
    void settled.then(() => {
      if (this.queues.get(userId) === settled) this.queues.delete(userId);
    });
    return turn;
  }

  private async openSockets(server: Server, userId: string): Promise<number> {
    const room = userRoom(userId);
    // here: every socket in her room, connected or still in its handshake
    const local = server.of('/').adapter.rooms.get(room) ?? new Set<string>();
    try {
      const all = await server.in(room).fetchSockets();
      return local.size + all.filter((s) => !local.has(s.id)).length;
    } catch (err) {
      // another process did not answer in time: count what is known rather than refuse everyone
      this.logger.warn(`Could not count the sockets of ${userId} on other processes: ${(err as Error).message}`);
      return local.size;
    }
  }
}
