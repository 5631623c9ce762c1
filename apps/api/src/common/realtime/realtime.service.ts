import { Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';
import { sessionRoom, userRoom } from './rooms';

/**
 * The way the rest of the app reaches connected clients. The socket.io server is attached by the
 * gateway when a role serves HTTP; in the worker role there is none and every call does nothing.
 * With the Redis adapter, rooms span every API process, so these calls reach all of them.
 */
@Injectable()
export class RealtimeService {
  private server: Server | null = null;

  attach(server: Server): void {
    this.server = server;
  }

  get attached(): boolean {
    return this.server !== null;
  }

  /** Emits an event to every connection of the given users, optionally leaving one socket out. */
  emitToUsers(userIds: string[], event: string, payload: unknown, exceptSocketId?: string): void {
    if (!this.server || userIds.length === 0) return;
    const target = this.server.to(userIds.map(userRoom));
    (exceptSocketId ? target.except(exceptSocketId) : target).emit(event, payload);
  }

  /** Ends the connections of a revoked session, on every process. */
  disconnectSession(sessionId: string): void {
    this.server?.in(sessionRoom(sessionId)).disconnectSockets(true);
  }

  /** Ends every connection of a user (all sessions revoked), optionally keeping one session's. */
  disconnectUser(userId: string, exceptSessionId?: string): void {
    if (!this.server) return;
    const target = this.server.in(userRoom(userId));
    (exceptSessionId ? target.except(sessionRoom(exceptSessionId)) : target).disconnectSockets(true);
  }
}
