import { describe, expect, it, vi } from 'vitest';
import { LazyRealtime } from './lazy-realtime';
import { RealtimeClient } from './realtime-client';
import { fakeSocketFactory } from './testing';
import { NotConnectedError } from './types';

function setup() {
  const sockets = fakeSocketFactory();
  const load = vi.fn(async () => new RealtimeClient(sockets.factory));
  return { sockets, load, realtime: new LazyRealtime(load) };
}

describe('LazyRealtime', () => {
  it('loads nothing without a token, and is disconnected', async () => {
    const { load, realtime } = setup();
    realtime.setToken(null);
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    expect(realtime.status).toBe('disconnected');
    expect(realtime.connected).toBe(false);
    await expect(realtime.emitWithAck('markAsRead', {})).rejects.toBeInstanceOf(NotConnectedError);
  });

  it('loads the client with the first token (once), and hands it the latest token', async () => {
    const { sockets, load, realtime } = setup();
    realtime.setToken('t1');
    realtime.setToken(null);
    realtime.setToken('t2');
    await vi.waitFor(() => expect(sockets.latest).toBeDefined());
    expect(load).toHaveBeenCalledTimes(1);
    expect(sockets.sockets).toHaveLength(1);
    expect(sockets.latest!.options.auth).toEqual({ token: 't2' });
  });

  it('handlers and listeners registered before the client loaded hear it afterwards; unsubscribed ones do not', async () => {
    const { sockets, realtime } = setup();
    const heard: unknown[] = [];
    const dropped = vi.fn();
    const reconnected = vi.fn();
    const statuses: string[] = [];
    realtime.on('newMessage', (payload) => heard.push(payload));
    const off = realtime.on('newMessage', dropped);
    realtime.onReconnect(reconnected);
    realtime.subscribe(() => statuses.push(realtime.status));
    off();

    realtime.setToken('t1');
    await vi.waitFor(() => expect(sockets.latest).toBeDefined());
    const socket = sockets.latest!;
    socket.connectNow();
    expect(realtime.connected).toBe(true);
    expect(statuses).toEqual(['connecting', 'connected']);

    socket.serverEmit('newMessage', { _id: 'm1' });
    // registered after the load: straight on the client
    const late = vi.fn();
    realtime.on('messagesRead', late);
    socket.serverEmit('messagesRead', { threadId: 't' });
    socket.drop();
    socket.connectNow();

    expect(heard).toEqual([{ _id: 'm1' }]);
    expect(dropped).not.toHaveBeenCalled();
    expect(late).toHaveBeenCalledWith({ threadId: 't' });
    expect(reconnected).toHaveBeenCalledTimes(1);
  });

  it('a failed load is tried again once the browser is back online, with the token then set', async () => {
    const { sockets } = setup();
    const load = vi
      .fn<() => Promise<RealtimeClient>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(async () => new RealtimeClient(sockets.factory));
    const lazy = new LazyRealtime(load);
    lazy.setToken('t1');
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(sockets.latest).toBeUndefined();

    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(sockets.latest).toBeDefined());
    expect(load).toHaveBeenCalledTimes(2);
    expect(sockets.latest!.options.auth).toEqual({ token: 't1' });
  });
});
