import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import type { TestApp } from './test-app';

/** Makes the test app listen on a free local port (socket tests need a real server); answers its base URL. */
export async function listen(t: TestApp): Promise<string> {
  const server = t.app.getHttpServer() as { listening: boolean; address(): AddressInfo | string | null };
  if (!server.listening) await t.app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A socket.io client as the web app opens it (websocket only), with no automatic reconnection. */
export function socketClient(baseUrl: string, token?: string, options: { header?: boolean } = {}): Socket {
  return io(baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5000,
    auth: token && !options.header ? { token } : {},
    extraHeaders: token && options.header ? { Authorization: `Bearer ${token}` } : undefined,
  });
}

/** Connects, resolving with the socket, or rejects with the connect_error message. */
export function connect(baseUrl: string, token?: string, options: { header?: boolean } = {}): Promise<Socket> {
  const socket = socketClient(baseUrl, token, options);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** The connect_error message a connection attempt ends with (fails the test if it connects). */
export function refusal(baseUrl: string, token?: string): Promise<string> {
  return connect(baseUrl, token).then(
    (socket) => {
      socket.close();
      throw new Error('the connection was accepted');
    },
    (err: Error) => err.message,
  );
}

/** Emits an event and waits for its acknowledgement. */
export function emitWithAck<T = unknown>(socket: Socket, event: string, payload: unknown, timeoutMs = 5000): Promise<T> {
  return socket.timeout(timeoutMs).emitWithAck(event, payload) as Promise<T>;
}

/** Records every payload of an event, to assert what arrived (and how many times). */
export function record<T = unknown>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** Resolves once `predicate` holds (polling), or rejects after the timeout with `what`. */
export async function eventually(predicate: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits a little, for asserting that something did NOT arrive (a duplicate, an event to the wrong user). */
export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));
