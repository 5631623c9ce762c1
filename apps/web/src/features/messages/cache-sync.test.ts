import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStore, type AppStore } from '@/app/store';
import { api } from '@/lib/api/generated';
import { threadArgs } from '@/lib/api/messaging';
import { server } from '@/test/msw-server';
import { sessionStarted } from '@/lib/state/auth-slice';
import { makeUser } from '@/test/fixtures';
import { applyReceipt, isKnownMessage, receiveMessage, showOptimistic } from './cache-sync';
import { createOptimisticMessage } from './messages-state';
import { ME, OTHER, makeMessage, makeThread, messagePage, pagination, threadPage } from './test/fixtures';

function store(): AppStore {
  const s = makeStore();
  s.dispatch(sessionStarted({ token: 'tok', user: makeUser({ _id: ME._id }) }));
  return s;
}

const list = (s: AppStore, archived = false) => api.endpoints.getThreads.select(threadArgs.list(archived))(s.getState()).data!;
const page = (s: AppStore, threadId = 't_1', n = 1) => api.endpoints.getThreadMessages.select(threadArgs.messages(threadId, n))(s.getState()).data;

describe('createThread (endpoint enhancement)', () => {
  it('places the created thread first in the cached inbox, with unread count 0, and caches the thread', async () => {
    const s = store();
    s.dispatch(
      api.util.upsertQueryEntries([
        { endpointName: 'getThreads', arg: threadArgs.list(false), value: threadPage([makeThread({ _id: 't_a' }), makeThread({ _id: 't_b' })]) },
        { endpointName: 'getThreads', arg: threadArgs.list(true), value: threadPage([makeThread({ _id: 't_z', archived: true })]) },
      ]),
    );
    server.use(http.post('*/api/threads', () => HttpResponse.json(makeThread({ _id: 't_new', unreadCount: 3 }), { status: 201 })));
    await s.dispatch(api.endpoints.createThread.initiate(threadArgs.create({ listingId: 'l_1' }))).unwrap();
    expect(list(s).threads.map((t) => [t._id, t.unreadCount])).toEqual([
      ['t_new', 0],
      ['t_a', 0],
      ['t_b', 0],
    ]);
    // the archive is not touched
    expect(list(s, true).threads.map((t) => t._id)).toEqual(['t_z']);
    expect(api.endpoints.getThread.select(threadArgs.one('t_new'))(s.getState()).data?._id).toBe('t_new');
  });

  it('moves an existing thread (200) first instead of adding it again', async () => {
    const s = store();
    s.dispatch(
      api.util.upsertQueryEntries([
        { endpointName: 'getThreads', arg: threadArgs.list(false), value: threadPage([makeThread({ _id: 't_a' }), makeThread({ _id: 't_b', unreadCount: 2 })]) },
      ]),
    );
    server.use(http.post('*/api/threads', () => HttpResponse.json(makeThread({ _id: 't_b', unreadCount: 2 }))));
    await s.dispatch(api.endpoints.createThread.initiate(threadArgs.create({ listingId: 'l_1' }))).unwrap();
    expect(list(s).threads.map((t) => [t._id, t.unreadCount])).toEqual([
      ['t_b', 0],
      ['t_a', 0],
    ]);
  });
});

describe('refetching a page of messages', () => {
  it('keeps the messages still being sent', async () => {
    const s = store();
    let served = [makeMessage({ at: 1 })];
    server.use(
      http.get('*/api/threads/:threadId/messages', () => HttpResponse.json({ messages: served, pagination: pagination(served.length, served.length) })),
    );
    const sub = s.dispatch(api.endpoints.getThreadMessages.initiate(threadArgs.messages('t_1', 1)));
    await sub;
    s.dispatch(showOptimistic('t_1', createOptimisticMessage({ tempId: 'temp-1', threadId: 't_1', content: 'Hi', sender: ME, now: new Date().toISOString() })));
    served = [makeMessage({ at: 1 }), makeMessage({ at: 2 })];
    await s.dispatch(api.endpoints.getThreadMessages.initiate(threadArgs.messages('t_1', 1), { forceRefetch: true }));
    expect(page(s)!.messages.map((m) => m._id)).toEqual(['m_1', 'm_2', 'temp-1']);
    sub.unsubscribe();
  });
});

describe('cache-sync', () => {
  it('knows a message by its page or by a thread’s last message', () => {
    const s = store();
    s.dispatch(
      api.util.upsertQueryEntries([
        { endpointName: 'getThreads', arg: threadArgs.list(false), value: threadPage([makeThread({ _id: 't_2', lastMessage: makeMessage({ _id: 'm_last', threadId: 't_2' }) })]) },
        { endpointName: 'getThreadMessages', arg: threadArgs.messages('t_1', 2), value: messagePage([makeMessage({ _id: 'm_old' })], 30, 2) },
      ]),
    );
    expect(isKnownMessage(s.getState(), { _id: 'm_old', threadId: 't_1' })).toBe(true);
    expect(isKnownMessage(s.getState(), { _id: 'm_last', threadId: 't_2' })).toBe(true);
    expect(isKnownMessage(s.getState(), { _id: 'm_other', threadId: 't_1' })).toBe(false);
  });

  it('reports a thread the lists do not hold', () => {
    const s = store();
    s.dispatch(api.util.upsertQueryEntries([{ endpointName: 'getThreads', arg: threadArgs.list(false), value: threadPage([makeThread({ _id: 't_1' })]) }]));
    expect(s.dispatch(receiveMessage(makeMessage({ threadId: 't_9' }), { countUnread: true })).inLists).toBe(false);
    expect(s.dispatch(receiveMessage(makeMessage({ threadId: 't_1' }), { countUnread: true })).inLists).toBe(true);
  });

  it('applies a receipt across every cached page of the thread, counting each message once', () => {
    const s = store();
    s.dispatch(
      api.util.upsertQueryEntries([
        { endpointName: 'getThreads', arg: threadArgs.list(false), value: threadPage([makeThread({ _id: 't_1', unreadCount: 3 })]) },
        { endpointName: 'getThreadUnreadCount', arg: undefined, value: { count: 3 } },
        // the same message on two pages (they overlap after new messages arrived)
        { endpointName: 'getThreadMessages', arg: threadArgs.messages('t_1', 1), value: messagePage([makeMessage({ at: 3 }), makeMessage({ at: 4 })], 24) },
        { endpointName: 'getThreadMessages', arg: threadArgs.messages('t_1', 2), value: messagePage([makeMessage({ at: 2 }), makeMessage({ at: 3 })], 24, 2) },
      ]),
    );
    const result = s.dispatch(applyReceipt({ threadId: 't_1', userId: ME._id, messageIds: ['m_2', 'm_3', 'm_4', 'm_unknown'] }, ME._id));
    expect(result).toEqual({ unknownIds: ['m_unknown'], decrement: 3 });
    expect(list(s).threads[0].unreadCount).toBe(0);
    expect(api.endpoints.getThreadUnreadCount.select(undefined)(s.getState()).data?.count).toBe(0);
    expect(page(s, 't_1', 2)!.messages.every((m) => m.isRead)).toBe(true);
    // another member's receipt changes read marks only
    const other = s.dispatch(applyReceipt({ threadId: 't_1', userId: OTHER._id, messageIds: ['m_4'] }, ME._id));
    expect(other.decrement).toBe(0);
  });
});
