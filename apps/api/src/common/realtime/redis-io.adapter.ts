import { Logger, type INestApplication } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { RedisAdapter } from '@socket.io/redis-adapter';
import type Redis from 'ioredis';
import type { Namespace, Server, ServerOptions } from 'socket.io';
import type { AppConfig } from '../config/config';
import { REDIS } from '../redis/redis.module';

/** What the adapter keeps private in its typings (its uid, and the handler of the channel's messages). */
type RedisAdapterInternals = new (
  nsp: Namespace,
  pub: Redis,
  sub: Redis,
  opts: { key: string },
) => { readonly uid: string; onmessage(pattern: string | null, channel: string | Buffer, msg: Buffer | string): void };

/**
 * The Redis adapter, except that a process drops its own broadcasts before decoding them (the
 * adapter decodes every message of the channel, then drops those with its own uid). A broadcast is
 * msgpack of [uid, packet, options]: a 3-element array (0x93) whose first element is the uid, a
 * 6-character string (0xa6 and its 6 ASCII bytes).
 */
export class OwnEchoSkippingRedisAdapter extends (RedisAdapter as unknown as RedisAdapterInternals) {
  private ownPrefix?: Buffer;

  override onmessage(pattern: string | null, channel: string | Buffer, msg: Buffer | string): void {
    this.ownPrefix ??= Buffer.concat([Buffer.from([0x93, 0xa6]), Buffer.from(this.uid, 'latin1')]);
    if (this.uid.length === 6 && Buffer.isBuffer(msg) && msg.length > 8 && msg.subarray(0, 8).equals(this.ownPrefix)) return;
    super.onmessage(pattern, channel, msg);
  }
}

/**
 * socket.io on the HTTP server, websocket transport only, with the Redis adapter so rooms and
 * broadcasts span every API process. The pub/sub connections are duplicates of the app's Redis
 * connection; the channel key carries the configured prefix, so installs (and parallel test apps)
 * sharing one Redis never hear each other. Closed with the app.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly logger = new Logger('RedisIoAdapter');
  private readonly clients: Redis[] = [];

  constructor(
    private readonly app: INestApplication,
    private readonly config: AppConfig,
  ) {
    super(app);
  }

  createIOServer(port: number, options?: Partial<ServerOptions>): Server {
    const allowed = new Set(this.config.corsOrigins);
    const server = super.createIOServer(port, {
      ...options,
      transports: ['websocket'],
      // like the HTTP API: same origin, or an origin on CORS_ORIGINS
      cors: {
        origin: (origin: string | undefined, cb: (err: Error | null, allow?: string | boolean) => void) =>
          cb(null, !origin || allowed.has(origin) ? (origin ?? false) : false),
        credentials: true,
      },
    }) as Server;
    const base = this.app.get<Redis>(REDIS);
    // broadcasts made in one turn of the event loop (the messages of one group commit) go in one write
    const pub = base.duplicate({ keyPrefix: '', enableAutoPipelining: true });
    const sub = base.duplicate({ keyPrefix: '' });
    for (const client of [pub, sub]) {
      client.on('error', (err: Error) => this.logger.warn(`Redis (socket.io adapter): ${err.message}`));
      this.clients.push(client);
    }
    const key = `${this.config.redis.prefix}:socket.io`;
    server.adapter(function (this: unknown, nsp: Namespace) {
      return new OwnEchoSkippingRedisAdapter(nsp, pub, sub, { key });
    } as unknown as Parameters<Server['adapter']>[0]);
    return server;
  }

  async dispose(): Promise<void> {
    await Promise.all(this.clients.splice(0).map((c) => c.quit().catch(() => c.disconnect())));
  }
}
