import { Logger, type INestApplication } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type Redis from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import type { AppConfig } from '../config/config';
import { REDIS } from '../redis/redis.module';

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
    const pub = base.duplicate({ keyPrefix: '' });
    const sub = base.duplicate({ keyPrefix: '' });
    for (const client of [pub, sub]) {
      client.on('error', (err: Error) => this.logger.warn(`Redis (socket.io adapter): ${err.message}`));
      this.clients.push(client);
    }
    server.adapter(createAdapter(pub, sub, { key: `${this.config.redis.prefix}:socket.io` }));
    return server;
  }

  async dispose(): Promise<void> {
    await Promise.all(this.clients.splice(0).map((c) => c.quit().catch(() => c.disconnect())));
  }
}
