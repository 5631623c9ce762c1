import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/app/store';
import { loggedOut, sessionStarted, tokenReceived } from '@/lib/state/auth-slice';
import { makeUser } from '@/test/fixtures';
import { bindRealtimeToStore } from './bind';
import { DeferredSocket, NotConnectedError, RealtimeClient, SOCKET_OPTIONS, createDisabledRealtime, isAuthError, type SocketFactory } from './realtime-client';
import { fakeSocketFactory } from './testing';

describe('RealtimeClient', () => {
  it('opens a websocket-only socket with the token and the spec reconnect options', () => {
    const fake = fakeSocketFactory();
    const client = new RealtimeClient(fake.factory);
    client.setToken('tok');
    expect(fake.sockets).toHaveLength(1);
    const { options } = fake.latest!;
    expect(options.auth).toEqual({ token: 'tok' });
    expect(options.path).toBe('/socket.io');
    expect(options.transports).toEqual(['websocket']);
    expect(options).toMatchObject({
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20000,
    });
    expect(SOCKET_OPTIONS.transports).toEqual(['websocket']);
    expect(fake.latest!.connectCalls).toBe(1);
    expect(client.status).toBe('connecting');
    fake.latest!.connectNow();
    expect(client.status).toBe('connected');
    expect(client.connected).toBe(true);
  });

  it('does nothing for the same token, replaces the socket for a new one and closes it for null', () => {
    const fake = fakeSocketFactory();
    const client = new RealtimeClient(fake.factory);
    client.setToken('a');
    client.setToken('a');
    expect(fake.sockets).toHaveLength(1);
    client.setToken('b');
    expect(fake.sockets).toHaveLength(2);
    expect(fake.sockets[0].disconnected).toBe(true);
    expect(fake.sockets[1].options.auth.token).toBe('b');
    client.setToken(null);
    expect(fake.sockets[1].disconnected).toBe(true);
    expect(client.status).toBe('disconnected');
    expect(fake.sockets).toHaveLength(2);
  });

  it('forwards server events to handlers, across sockets, until unsubscribed', () => {
    const fake = fakeSocketFactory();
    const client = new RealtimeClient(fake.factory);
    const seen: unknown[] = [];
    const off = client.on('newMessage', (p) => seen.push(p));
    client.setToken('a');
    fake.latest!.connectNow();
    fake.latest!.serverEmit('newMessage', { _id: 'm1' });
    fake.latest!.serverEmit('somethingElse', { _id: 'x' });
    client.setToken('b');
    fake.latest!.connectNow();
    fake.latest!.serverEmit('newMessage', { _id: 'm2' });
    off();
    fake.latest!.serverEmit('newMessage', { _id: 'm3' });
    expect(seen).toEqual([{ _id: 'm1' }, { _id: 'm2' }]);
  });

  it('ignores events from a socket it has replaced', () => {
    const fake = fakeSocketFactory();
    const client = new RealtimeClient(fake.factory);
    const seen: unknown[] = [];
    client.on('newMessage', (p) => seen.push(p));
    client.setToken('a');
    const old = fake.latest!;
    client.setToken('b');
    old.serverEmit('newMessage', { _id: 'late' });
    expect(seen).toEqual([]);
  });

  it('runs reconnect handlers after a reconnection, not after the first connection', () => {
    const fake = fakeSocketFactory();
    const client = new RealtimeClient(fake.factory);
    const onReconnect = vi.fn();
    client.onReconnect(onReconnect);
    client.setToken('a');
    const socket = fake.latest!;
    socket.connectNow();
    expect(onReconnect).not.toHaveBeenCalled();
    socket.drop();
    expect(client.status).toBe('connecting');
    socket.connectNow();
    expect(onReconnect).toHaveBeenCalledTimes(1);
    // a new token starts a new socket: its first connection is not a reconnection
    client.setToken('b');
    fake.latest!.connectNow();
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('notifies status listeners and keeps the handshake error', () => {
    const fake = fakeSocketFactory();
    const client = new RealtimeClient(fake.factory);
    const statuses: string[] = [];
    client.subscribe(() => statuses.push(client.status));
    client.setToken('a');
    fake.latest!.failConnect('Invalid or expired token');
    expect(client.lastError).toBe('Invalid or expired token');
    expect(client.status).toBe('disconnected');
    expect(statuses).toEqual(['connecting', 'disconnected']);
    expect(isAuthError('Not authenticated')).toBe(true);
    expect(isAuthError('xhr poll error')).toBe(false);
  });

  it('keeps trying after a network failure, and a server-side disconnect ends the connection', () => {
    const fake = fakeSocketFactory();
    const client = new RealtimeClient(fake.factory);
    client.setToken('a');
    fake.latest!.failConnect('websocket error');
    expect(client.status).toBe('connecting');
    fake.latest!.connectNow();
    fake.latest!.drop('io server disconnect');
    expect(client.status).toBe('disconnected');
  });

  it('emits with an acknowledgement; rejects when not connected or when no answer comes', async () => {
    vi.useFakeTimers();
    try {
      const fake = fakeSocketFactory();
      const client = new RealtimeClient(fake.factory);
      await expect(client.emitWithAck('markAsRead', {})).rejects.toBeInstanceOf(NotConnectedError);
      client.setToken('a');
      const socket = fake.latest!;
      socket.connectNow();
      socket.ackWith = (event, payload) => ({ success: true, echo: { event, payload } });
      await expect(client.emitWithAck('markAsRead', { threadId: 't1' })).resolves.toEqual({
        success: true,
        echo: { event: 'markAsRead', payload: { threadId: 't1' } },
      });
      socket.ackWith = () => undefined;
      const pending = client.emitWithAck('sendMessage', {}, 500);
      const assertion = expect(pending).rejects.toThrow('The server did not answer in time');
      await vi.advanceTimersByTimeAsync(600);
      await assertion;
    } finally {
      vi.useRealTimers();
    }
  });

  it('the disabled client never connects', async () => {
    const client = createDisabledRealtime();
    client.setToken('x');
    expect(client.connected).toBe(false);
    await expect(client.emitWithAck('sendMessage', {})).rejects.toBeInstanceOf(NotConnectedError);
  });
});

describe('DeferredSocket (socket.io-client loaded on first use)', () => {
  const deferred = () => {
    let resolve!: (f: SocketFactory) => void;
    let reject!: (e: Error) => void;
    const load = vi.fn(() => new Promise<SocketFactory>((res, rej) => ((resolve = res), (reject = rej))));
    return { load, resolve: (f: SocketFactory) => resolve(f), reject: (e: Error) => reject(e) };
  };
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it('hands the listeners and the connect request to the real socket once the library is there', async () => {
    const fake = fakeSocketFactory();
    const lib = deferred();
    const client = new RealtimeClient((options) => new DeferredSocket(lib.load, options));
    const events: unknown[] = [];
    client.on('newMessage', (p) => events.push(p));
    client.setToken('tok1');
    expect(client.status).toBe('connecting');
    expect(client.connected).toBe(false);
    await expect(client.emitWithAck('sendMessage', {})).rejects.toBeInstanceOf(NotConnectedError);

    lib.resolve(fake.factory);
    await flush();
    expect(fake.sockets).toHaveLength(1);
    expect(fake.latest!.options.auth.token).toBe('tok1');
    expect(fake.latest!.connectCalls).toBe(1);
    fake.latest!.connectNow();
    expect(client.status).toBe('connected');
    fake.latest!.serverEmit('newMessage', { id: 'm1' });
    expect(events).toEqual([{ id: 'm1' }]);
    await expect(client.emitWithAck('sendMessage', { x: 1 })).resolves.toEqual({ success: true });
  });

  it('does not connect a socket closed before the library came, and reports a failed load as a connection error', async () => {
    const fake = fakeSocketFactory();
    const first = deferred();
    const closed = new DeferredSocket(first.load, { ...SOCKET_OPTIONS, auth: { token: 't' } });
    closed.connect();
    closed.disconnect();
    first.resolve(fake.factory);
    await flush();
    expect(fake.latest!.connectCalls).toBe(0);

    const failing = deferred();
    const client = new RealtimeClient((options) => new DeferredSocket(failing.load, options));
    client.setToken('tok2');
    failing.reject(new Error('chunk failed'));
    await flush();
    expect(client.lastError).toBe('Could not load the realtime client');
    expect(client.status).toBe('connecting');
  });
});

describe('bindRealtimeToStore', () => {
  it('connects when a token exists and disconnects when it is gone', () => {
    const fake = fakeSocketFactory();
    const client = new RealtimeClient(fake.factory);
    const store = makeStore();
    const unbind = bindRealtimeToStore(store, client);
    expect(fake.sockets).toHaveLength(0);

    store.dispatch(sessionStarted({ token: 'tok1', user: makeUser() }));
    expect(fake.sockets).toHaveLength(1);
    expect(fake.latest!.options.auth.token).toBe('tok1');

    // unrelated state changes (the user loading) keep the socket
    store.dispatch(tokenReceived('tok1'));
    expect(fake.sockets).toHaveLength(1);

    store.dispatch(loggedOut());
    expect(fake.sockets[0].disconnected).toBe(true);
    expect(client.status).toBe('disconnected');

    store.dispatch(sessionStarted({ token: 'tok2', user: makeUser() }));
    expect(fake.sockets).toHaveLength(2);
    unbind();
    expect(fake.sockets[1].disconnected).toBe(true);
  });

  it('connects at once for a stored session', () => {
    window.localStorage.setItem('auth', JSON.stringify({ token: 'stored', user: makeUser() }));
    const fake = fakeSocketFactory();
    const client = new RealtimeClient(fake.factory);
    bindRealtimeToStore(makeStore(), client);
    expect(fake.latest?.options.auth.token).toBe('stored');
  });
});
