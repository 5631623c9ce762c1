import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import type Redis from 'ioredis';
import type { Server } from 'socket.io';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { REDIS } from '../redis/redis.module';
import { sessionRoom, userRoom } from './rooms';

type Target = Pick<Server, 'to' | 'in'>;

/**
 * The way the rest of the app reaches connected clients. The socket.io server is attached by the
 * gateway when a role serves HTTP; with the Redis adapter its rooms span every API process. A process
 * with no socket server (the worker role: notifications pushed from events) publishes through the
 * socket.io Redis emitter on the same channel, so its emits reach every API process's clients too.
 */
@Injectable()
export class RealtimeService implements OnApplicationShutdown {
  private server: Server | null = null;
  private emitter: { target: Target; client: Redis } | null = null;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  attach(server: Server): void {
    this.server = server;
  }

  get attached(): boolean {
    return this.server !== null;
  }

  private target(): Target {
    if (this.server) return this.server;
    if (!this.emitter) {
      const client = this.redis.duplicate({ keyPrefix: '' });
      client.on('error', () => undefined);
      const emitter = new Emitter(client, { key: `${this.config.redis.prefix}:socket.io` });
      this.emitter = { target: emitter as unknown as Target, client };
    }
    return this.emitter.target;
  }

  /** Emits an event to every connection of the given users, optionally leaving one socket out. */
  emitToUsers(userIds: string[], event: string, payload: unknown, exceptSocketId?: string): void {
    if (userIds.length === 0) return;
    const target = this.target().to(userIds.map(userRoom));
    (exceptSocketId ? target.except(exceptSocketId) : target).emit(event, payload);
  }

  /** Ends the connections of a revoked session, on every process. */
  disconnectSession(sessionId: string): void {
    this.target().in(sessionRoom(sessionId)).disconnectSockets(true);
  }

  /** Ends every connection of a user (all sessions revoked), optionally keeping one session's. */
  disconnectUser(userId: string, exceptSessionId?: string): void {
    const target = this.target().in(userRoom(userId));
    (exceptSessionId ? target.except(sessionRoom(exceptSessionId)) : target).disconnectSockets(true);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.emitter?.client.quit().catch(() => this.emitter?.client.disconnect());
  }
}
