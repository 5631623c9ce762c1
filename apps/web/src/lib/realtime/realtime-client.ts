/**
 * The realtime connection (socket.io, spec sections 4, 7 and 9).
 *
 * One client per app: it opens a socket when a token exists and closes it when the token goes
 * (`setToken`, driven by the auth state in the store: see `bind.ts`). Handlers registered with `on`
 * survive reconnects and token changes; `onReconnect` runs after every connection but the first of a
 * socket, so callers can refetch what they may have missed while offline.
 *
 * The socket itself comes from a factory, so tests drive the client with a fake socket.
 */
import { NotConnectedError, type EventHandler, type Realtime, type RealtimeStatus } from './types';

export { NotConnectedError, createDisabledRealtime, type EventHandler, type Realtime, type RealtimeStatus } from './types';

/** Connection options (spec section 9: reconnect after 1 s up to 5 s, random factor 0.5, timeout 20 s). */
export const SOCKET_OPTIONS = {
  path: '/socket.io',
  transports: ['websocket'],
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
  // a fresh manager per token (never one that still carries the previous token), opened by `connect()`
  forceNew: true,
  autoConnect: false,
} as const;

/** How long an acknowledgement may take before the emit fails. */
export const ACK_TIMEOUT_MS = 20000;

export type SocketOptions = typeof SOCKET_OPTIONS & { auth: { token: string } };

/** The part of a socket.io client socket this client uses. */
export interface SocketLike {
  readonly connected: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  onAny(listener: (event: string, ...args: unknown[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
  removeAllListeners(): unknown;
  offAny(): unknown;
}

export type SocketFactory = (options: SocketOptions) => SocketLike;

type Listener = (...args: never[]) => void;
type AnyListener = (event: string, ...args: unknown[]) => void;

/**
 * A socket whose library (socket.io-client, about 12 kB gzip) loads only when a socket is first
 * needed, so a visitor who is not signed in never downloads it. Listeners and `connect()` given
 * before the library is there are handed to the real socket once it is; a failed load is reported
 * as a `connect_error` (not an authentication error, so the client keeps "connecting").
 */
export class DeferredSocket implements SocketLike {
  private real: SocketLike | null = null;
  private wantsConnection = false;
  private readonly listeners: [string, Listener][] = [];
  private readonly anyListeners: AnyListener[] = [];

  constructor(load: () => Promise<SocketFactory>, options: SocketOptions) {
    load().then(
      (factory) => {
        const real = factory(options);
        this.real = real;
        for (const [event, listener] of this.listeners) real.on(event, listener);
        for (const listener of this.anyListeners) real.onAny(listener);
        if (this.wantsConnection) real.connect();
      },
      () => {
        if (!this.wantsConnection) return;
        const error = new Error('Could not load the realtime client');
        for (const [event, listener] of [...this.listeners]) if (event === 'connect_error') (listener as (e: Error) => void)(error);
      },
    );
  }

  get connected(): boolean {
    return !!this.real?.connected;
  }

  on(event: string, listener: Listener): unknown {
    if (this.real) return this.real.on(event, listener);
    this.listeners.push([event, listener]);
    return this;
  }

  onAny(listener: AnyListener): unknown {
    if (this.real) return this.real.onAny(listener);
    this.anyListeners.push(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]): unknown {
    if (!this.real) throw new NotConnectedError();
    return this.real.emit(event, ...args);
  }

  connect(): unknown {
    this.wantsConnection = true;
    return this.real?.connect();
  }

  disconnect(): unknown {
    this.wantsConnection = false;
    return this.real?.disconnect();
  }

  removeAllListeners(): unknown {
    this.listeners.length = 0;
    return this.real?.removeAllListeners();
  }

  offAny(): unknown {
    this.anyListeners.length = 0;
    return this.real?.offAny();
  }
}

const loadSocketIo = (): Promise<SocketFactory> =>
  import('socket.io-client').then(({ io }) => (options: SocketOptions) => io({ ...options, transports: [...options.transports] }));

/** The browser socket: same origin, websocket transport only, the token in the handshake `auth`. */
export const browserSocketFactory: SocketFactory = (options) => new DeferredSocket(loadSocketIo, options);

export class RealtimeClient implements Realtime {
  private socket: SocketLike | null = null;
  private token: string | null = null;
  private everConnected = false;
  private readonly handlers = new Map<string, Set<EventHandler>>();
  private readonly reconnectHandlers = new Set<() => void>();
  private readonly statusListeners = new Set<() => void>();
  status: RealtimeStatus = 'disconnected';
  lastError: string | null = null;

  constructor(private readonly factory: SocketFactory = browserSocketFactory) {}

  get connected(): boolean {
    return this.status === 'connected' && !!this.socket?.connected;
  }

  setToken(token: string | null): void {
    if (token === this.token) return;
    this.token = token;
    this.closeSocket();
    if (token) this.openSocket(token);
  }

  on(event: string, handler: EventHandler): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => {
      this.reconnectHandlers.delete(handler);
    };
  }

  subscribe(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  emitWithAck<T>(event: string, payload: unknown, timeoutMs = ACK_TIMEOUT_MS): Promise<T> {
    const socket = this.socket;
    if (!socket || !this.connected) return Promise.reject(new NotConnectedError());
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('The server did not answer in time')), timeoutMs);
      socket.emit(event, payload, (answer: T) => {
        clearTimeout(timer);
        resolve(answer);
      });
    });
  }

  private openSocket(token: string) {
    const socket = this.factory({ ...SOCKET_OPTIONS, auth: { token } });
    this.socket = socket;
    this.everConnected = false;
    this.setStatus('connecting');
    socket.on('connect', () => {
      if (this.socket !== socket) return;
      this.lastError = null;
      const reconnected = this.everConnected;
      this.everConnected = true;
      this.setStatus('connected');
      if (reconnected) for (const handler of [...this.reconnectHandlers]) safely(handler);
    });
    socket.on('disconnect', (reason: string) => {
      if (this.socket !== socket) return;
      // the manager reconnects by itself (with the backoff above), except after a server-side disconnect
      this.setStatus(reason === 'io server disconnect' ? 'disconnected' : 'connecting');
    });
    socket.on('connect_error', (error: Error) => {
      if (this.socket !== socket) return;
      this.lastError = error?.message ?? 'Connection failed';
      // A refused handshake ("Not authenticated", "Invalid or expired token") is not retried by
      // socket.io; a network failure is, with backoff.
      this.setStatus(isAuthError(this.lastError) ? 'disconnected' : 'connecting');
    });
    socket.onAny((event: string, payload: unknown) => {
      if (this.socket !== socket) return;
      const set = this.handlers.get(event);
      if (set) for (const handler of [...set]) safely(() => handler(payload));
    });
    socket.connect();
  }

  private closeSocket() {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.offAny();
      socket.removeAllListeners();
      socket.disconnect();
    }
    this.setStatus('disconnected');
  }

  private setStatus(status: RealtimeStatus) {
    if (status === this.status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) safely(listener);
  }
}

export const AUTH_ERRORS = ['Not authenticated', 'Invalid or expired token'];

export function isAuthError(message: string | null | undefined): boolean {
  return !!message && AUTH_ERRORS.includes(message);
}

function safely(fn: () => void) {
  try {
    fn();
  } catch (error) {
    console.error('Realtime handler failed', error);
  }
}

/** The app's client, with the browser socket. */
export function createRealtimeClient(factory: SocketFactory = browserSocketFactory): RealtimeClient {
  return new RealtimeClient(factory);
}
