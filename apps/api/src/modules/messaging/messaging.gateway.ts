import { HttpException, Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { AuthUser } from '../../common/auth/auth-user';
import { RealtimeService } from '../../common/realtime/realtime.service';
import { sessionRoom, userRoom } from '../../common/realtime/rooms';
import { SocketLimits } from '../../common/realtime/socket-limits';
import { AuthTokensService } from '../auth/auth-tokens.service';
import { bearerToken } from '../auth/auth.guard';
import type { MessageDto } from './dto/messaging-output.dto';
import { MessageRateLimiter, TOO_MANY_REQUESTS_MESSAGE } from './message-rate-limit';
import { MessagingService } from './messaging.service';

export const NOT_AUTHENTICATED = 'Not authenticated';
export const INVALID_TOKEN = 'Invalid or expired token';
/** setTimeout's ceiling; a token living longer is simply not timed (its session can still be revoked). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export type SocketAck =
  | { success: true; message: MessageDto }
  | { success: true; messageIds: string[] }
  | { success: false; error: string };

interface SendMessagePayload {
  threadId?: unknown;
  content?: unknown;
  attachments?: unknown;
  clientId?: unknown;
}

interface MarkAsReadPayload {
  threadId?: unknown;
  messageIds?: unknown;
}

/**
 * socket.data travels to other processes (fetchSockets through the Redis adapter serializes it), so it
 * holds only plain data: the token's expiry timer is kept in the gateway (`expiryTimers`).
 */
type AuthedSocket = Socket & { data: { user?: AuthUser } };

/** The seconds-since-epoch expiry of a JWT already verified, or null. */
function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp : null;
  } catch {
    return null;
  }
}

/**
 * The realtime side of messaging (socket.io at /socket.io, websocket only). A connection is
 * authenticated like an HTTP request (bearer token, live session, active user) and joins its user's
 * and its session's rooms; revoking the session closes it. Client events are acknowledged with
 * { success, message | messageIds | error }.
 */
@WebSocketGateway({ transports: ['websocket'] })
export class MessagingGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger('MessagingGateway');
  private readonly expiryTimers = new WeakMap<Socket, NodeJS.Timeout>();

  constructor(
    private readonly tokens: AuthTokensService,
    private readonly messaging: MessagingService,
    private readonly limiter: MessageRateLimiter,
    private readonly realtime: RealtimeService,
    private readonly limits: SocketLimits,
  ) {}

  afterInit(server: Server): void {
    this.realtime.attach(server);
    server.use((socket, next) => {
      this.admit(server, socket as AuthedSocket).then(
        () => next(),
        (err: Error) => {
          clearTimeout(this.expiryTimers.get(socket));
          next(err);
        },
      );
    });
  }

  /**
   * Refuses the connection (connect_error on the client, with `data` for the limits) when its address
   * is past the handshakes-per-minute limit, when the token is not good, or when the member already
   * has the most open sockets allowed; else joins the rooms.
   */
  private async admit(server: Server, socket: AuthedSocket): Promise<void> {
    await this.limits.consumeHandshake(socket);
    await this.authenticate(socket, (user) =>
      this.limits.admit(server, user.id, async () => {
        await socket.join([userRoom(user.id), sessionRoom(user.sessionId)]);
      }),
    );
  }

  /** Checks the token (bearer, live session, active user), then lets `join` put the socket in its rooms. */
  private async authenticate(socket: AuthedSocket, join: (user: AuthUser) => Promise<void>): Promise<void> {
    const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const raw = typeof fromAuth === 'string' && fromAuth ? fromAuth : bearerToken(socket.handshake.headers.authorization);
    const token = raw?.replace(/^Bearer\s+/i, '').trim();
    if (!token) throw new Error(NOT_AUTHENTICATED);
    const user = await this.tokens.verify(token);
    if (!user) throw new Error(INVALID_TOKEN);
    socket.data.user = user;
    const exp = tokenExpiry(token);
    if (exp) {
      const ms = exp * 1000 - Date.now();
      if (ms <= 0) throw new Error(INVALID_TOKEN);
      if (ms < MAX_TIMER_MS) {
        const timer = setTimeout(() => socket.disconnect(true), ms);
        timer.unref();
        this.expiryTimers.set(socket, timer);
      }
    }
    await join(user);
  }

  handleConnection(socket: AuthedSocket): void {
    socket.once('disconnect', () => clearTimeout(this.expiryTimers.get(socket)));
  }

  @SubscribeMessage('sendMessage')
  async onSendMessage(@ConnectedSocket() socket: AuthedSocket, @MessageBody() body: SendMessagePayload): Promise<SocketAck> {
    const user = socket.data.user!;
    try {
      if ((await this.limiter.consume('send', user.id)) !== null) return { success: false, error: TOO_MANY_REQUESTS_MESSAGE };
      const message = await this.messaging.sendMessage(
        user,
        body?.threadId,
        { content: body?.content, attachments: body?.attachments, clientId: body?.clientId },
        { exceptSocketId: socket.id },
      );
      return { success: true, message };
    } catch (err) {
      return this.failure(err);
    }
  }

  @SubscribeMessage('markAsRead')
  async onMarkAsRead(@ConnectedSocket() socket: AuthedSocket, @MessageBody() body: MarkAsReadPayload): Promise<SocketAck> {
    try {
      const result = await this.messaging.markRead(socket.data.user!, body?.threadId, body?.messageIds);
      return { success: true, messageIds: result.messageIds };
    } catch (err) {
      return this.failure(err);
    }
  }

  private failure(err: unknown): SocketAck {
    if (err instanceof HttpException) {
      const response = err.getResponse() as string | { message?: string | string[] };
      const message = typeof response === 'string' ? response : response.message;
      return { success: false, error: Array.isArray(message) ? message.join('; ') : (message ?? err.message) };
    }
    this.logger.error({ err }, 'Socket event failed');
    return { success: false, error: 'Something went wrong; please try again' };
  }
}
