import { NotConnectedError, type EventHandler, type Realtime, type RealtimeStatus } from './types';

/**
 * The app's realtime client, whose code (RealtimeClient, and through it socket.io-client) loads the first
 * time a token is set: a visitor who is not signed in never downloads it. Until then it is disconnected;
 * handlers and listeners registered meanwhile stay here and hear the real client once it is there.
 * A failed load (offline) is tried again when the browser comes back online, if a token is still set.
 */
export class LazyRealtime implements Realtime {
  private real: Realtime | null = null;
  private loading = false;
  private token: string | null = null;
  private readonly handlers = new Map<string, Set<EventHandler>>();
  private readonly reconnectHandlers = new Set<() => void>();
  private readonly statusListeners = new Set<() => void>();

  constructor(private readonly load: () => Promise<Realtime>) {}

  get status(): RealtimeStatus {
    return this.real?.status ?? 'disconnected';
  }

  get connected(): boolean {
    return !!this.real?.connected;
  }

  get lastError(): string | null {
    return this.real?.lastError ?? null;
  }

  setToken(token: string | null): void {
    this.token = token;
    if (this.real) this.real.setToken(token);
    else if (token && !this.loading) this.loadReal();
  }

  on(event: string, handler: EventHandler): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
      this.forward(event);
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

  emitWithAck<T>(event: string, payload: unknown, timeoutMs?: number): Promise<T> {
    return this.real ? this.real.emitWithAck<T>(event, payload, timeoutMs) : Promise.reject(new NotConnectedError());
  }

  private loadReal() {
    this.loading = true;
    this.load().then(
      (real) => {
        this.real = real;
        for (const event of this.handlers.keys()) this.forward(event);
        real.onReconnect(() => each(this.reconnectHandlers, (handler) => handler()));
        real.subscribe(() => each(this.statusListeners, (listener) => listener()));
        real.setToken(this.token);
      },
      () => {
        this.loading = false;
        window.addEventListener('online', () => this.setToken(this.token), { once: true });
      },
    );
  }

  /** One listener on the real client per event, handing each payload to this client's handlers. */
  private forward(event: string) {
    this.real?.on(event, (payload) => each(this.handlers.get(event), (handler) => handler(payload)));
  }
}

/** Calls `call` for each item, one failing item not stopping the others (as RealtimeClient does). */
function each<T>(items: Iterable<T> | undefined, call: (item: T) => void) {
  for (const item of [...(items ?? [])]) {
    try {
      call(item);
    } catch (error) {
      console.error('Realtime handler failed', error);
    }
  }
}

/** The app's client: a RealtimeClient with the browser socket, loaded when the first token is set. */
export function createLazyRealtimeClient(): LazyRealtime {
  return new LazyRealtime(() => import('./realtime-client').then(({ createRealtimeClient }) => createRealtimeClient()));
}
