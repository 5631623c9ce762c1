/**
 * A stand-in for a socket.io client socket, for tests: it records emits, answers acknowledgements
 * through `ackWith`, and lets a test play the server (`connectNow`, `serverEmit`, `drop`).
 */
import type { SocketFactory, SocketLike, SocketOptions } from './realtime-client';

type Listener = (...args: never[]) => void;

export interface EmittedEvent {
  event: string;
  payload: unknown;
}

export type AckResponder = (event: string, payload: unknown) => unknown | Promise<unknown>;

export class FakeSocket implements SocketLike {
  connected = false;
  connectCalls = 0;
  disconnected = false;
  readonly emitted: EmittedEvent[] = [];
  private listeners = new Map<string, Set<Listener>>();
  private anyListeners = new Set<(event: string, ...args: unknown[]) => void>();
  /** Answers each emit that carries an acknowledgement callback; undefined leaves it unanswered. */
  ackWith: AckResponder = () => ({ success: true });

  constructor(readonly options: SocketOptions) {}

  on(event: string, listener: Listener) {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return this;
  }

  onAny(listener: (event: string, ...args: unknown[]) => void) {
    this.anyListeners.add(listener);
    return this;
  }

  offAny() {
    this.anyListeners.clear();
    return this;
  }

  removeAllListeners() {
    this.listeners.clear();
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    const ack = typeof args[args.length - 1] === 'function' ? (args.pop() as (answer: unknown) => void) : null;
    this.emitted.push({ event, payload: args[0] });
    if (ack) {
      void Promise.resolve(this.ackWith(event, args[0])).then((answer) => {
        if (answer !== undefined) ack(answer);
      });
    }
    return this;
  }

  connect() {
    this.connectCalls += 1;
    return this;
  }

  disconnect() {
    this.disconnected = true;
    this.connected = false;
    return this;
  }

  /** The server accepts the connection (again, for a reconnection). */
  connectNow() {
    this.connected = true;
    this.fire('connect');
  }

  /** The connection drops (the manager would retry). */
  drop(reason = 'transport close') {
    this.connected = false;
    this.fire('disconnect', reason);
  }

  /** The handshake is refused or fails. */
  failConnect(message: string) {
    this.fire('connect_error', new Error(message));
  }

  /** A server event reaches the client. */
  serverEmit(event: string, payload: unknown) {
    for (const listener of [...this.anyListeners]) listener(event, payload);
  }

  emitsOf(event: string): unknown[] {
    return this.emitted.filter((e) => e.event === event).map((e) => e.payload);
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) (listener as (...a: unknown[]) => void)(...args);
  }
}

/** A factory that records every socket it makes; `latest` is the current one. */
export function fakeSocketFactory() {
  const sockets: FakeSocket[] = [];
  const factory: SocketFactory = (options) => {
    const socket = new FakeSocket(options);
    sockets.push(socket);
    return socket;
  };
  return {
    factory,
    sockets,
    get latest(): FakeSocket | undefined {
      return sockets[sockets.length - 1];
    },
  };
}
