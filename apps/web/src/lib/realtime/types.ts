/**
 * What the app sees of the realtime connection, apart from the client itself (realtime-client.ts), so the
 * app shell can hold it without the client's code (see lazy-realtime.ts).
 */
export type RealtimeStatus = 'disconnected' | 'connecting' | 'connected';

export type EventHandler = (payload: unknown) => void;

/** The interface the app uses (a `RealtimeClient`, or the disabled stand-in). */
export interface Realtime {
  readonly status: RealtimeStatus;
  readonly connected: boolean;
  /** The last connection error message ("Not authenticated", "Invalid or expired token", ...). */
  readonly lastError: string | null;
  /** Opens a socket for `token`, or closes it for null; a new token replaces the socket. */
  setToken(token: string | null): void;
  /** Listens to a server event; returns the unsubscribe function. */
  on(event: string, handler: EventHandler): () => void;
  /** Runs after a reconnection (not after the first connection of a token). */
  onReconnect(handler: () => void): () => void;
  /** Runs whenever `status` changes. */
  subscribe(listener: () => void): () => void;
  /** Emits and waits for the server's acknowledgement; rejects when not connected or on timeout. */
  emitWithAck<T>(event: string, payload: unknown, timeoutMs?: number): Promise<T>;
}

export class NotConnectedError extends Error {
  constructor() {
    super('Not connected');
    this.name = 'NotConnectedError';
  }
}

/** A client that never connects: the app falls back to HTTP (used when no client is provided). */
export function createDisabledRealtime(): Realtime {
  return {
    status: 'disconnected',
    connected: false,
    lastError: null,
    setToken: () => undefined,
    on: () => () => undefined,
    onReconnect: () => () => undefined,
    subscribe: () => () => undefined,
    emitWithAck: () => Promise.reject(new NotConnectedError()),
  };
}
