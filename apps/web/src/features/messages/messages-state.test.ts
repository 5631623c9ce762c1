import { describe, expect, it } from 'vitest';
import {
  TEMP_ID_PREFIX,
  addMessage,
  addOptimisticMessage,
  adjustUnreadTotal,
  applyMessageToThread,
  applyMessageToThreads,
  applyReadReceiptToPage,
  applyReceiptToThread,
  applyReceiptToThreads,
  classifyIncoming,
  compareMessages,
  confirmOptimisticMessage,
  createOptimisticMessage,
  hasMessage,
  keepPendingOnRefetch,
  lowerUnread,
  makeTempId,
  mergeMessagePages,
  placeThreadFirst,
  receiptDecrement,
  receiveServerMessage,
  removeOptimisticMessage,
  serverCopy,
  removeThreadFromList,
  setThreadUnread,
  unreadFromOthers,
  type ChatMessage,
} from './messages-state';
import { ME, OTHER, makeMessage, makeThread, messagePage, threadPage } from './test/fixtures';

const NOW = '2025-03-01T09:00:00.000Z';
const ids = (messages: { _id: string }[]) => messages.map((m) => m._id);

function optimistic(tempId = 'temp-1', content = 'Is it still available?'): ChatMessage {
  return createOptimisticMessage({ tempId, threadId: 't_1', content, sender: ME, now: NOW });
}

describe('optimistic messages', () => {
  it('starts as "sending" with its temporary id, unread, from the sender', () => {
    const m = createOptimisticMessage({
      tempId: 'temp-9',
      threadId: 't_1',
      content: 'Hi',
      sender: ME,
      now: NOW,
      attachments: [{ url: 'blob:x', filename: 'a.png', type: 'image', contentType: 'image/png', size: 10, file: new File(['0123456789'], 'a.png') }],
    });
    expect(m).toMatchObject({
      _id: 'temp-9',
      tempId: 'temp-9',
      clientStatus: 'sending',
      threadId: 't_1',
      content: 'Hi',
      sender: ME,
      isRead: false,
      createdAt: NOW,
      timestamp: NOW,
    });
    expect(m.attachments).toEqual([
      { _id: 'temp-9-0', type: 'image', url: 'blob:x', filename: 'a.png', size: 10, contentType: 'image/png' },
    ]);
  });

  it('is added once, after the server messages', () => {
    const page = messagePage([makeMessage({ at: 1 }), makeMessage({ at: 2 })]);
    const once = addOptimisticMessage(page, optimistic());
    const twice = addOptimisticMessage(once, optimistic());
    expect(ids(twice.messages)).toEqual(['m_1', 'm_2', 'temp-1']);
    expect(twice.pagination.itemsOnPage).toBe(3);
    expect(twice.pagination.totalItems).toBe(3);
  });

  it('stays last even when the device clock is behind the server', () => {
    const page = messagePage([makeMessage({ at: 1 }), makeMessage({ at: 600 })]);
    const withPending = addOptimisticMessage(page, { ...optimistic(), createdAt: '2025-03-01T08:05:00.000Z' });
    expect(ids(withPending.messages)).toEqual(['m_1', 'm_600', 'temp-1']);
  });

  it('is replaced by the server message on success, matched by tempId', () => {
    const page = addOptimisticMessage(messagePage([makeMessage({ at: 1 })]), optimistic('temp-a'));
    const withSecond = addOptimisticMessage(page, optimistic('temp-b', 'Second'));
    const server = makeMessage({ _id: 'm_srv', at: 5, sender: ME, content: 'Is it still available?' });
    const next = confirmOptimisticMessage(withSecond, 'temp-a', server);
    expect(ids(next.messages)).toEqual(['m_1', 'm_srv', 'temp-b']);
    expect(next.messages[1]).toEqual(server);
    expect(next.messages[1].clientStatus).toBeUndefined();
    expect(next.messages[1].tempId).toBeUndefined();
    expect(next.pagination.itemsOnPage).toBe(3);
  });

  it('is not duplicated when the socket delivered the server message before the acknowledgement', () => {
    const server = makeMessage({ _id: 'm_srv', at: 5, sender: ME });
    let page = addOptimisticMessage(messagePage([]), optimistic('temp-a'));
    page = addMessage(page, server).page; // newMessage over the socket first
    page = confirmOptimisticMessage(page, 'temp-a', server); // then the ack
    expect(ids(page.messages)).toEqual(['m_srv']);
    expect(page.pagination.itemsOnPage).toBe(1);
  });

  it('is replaced by the socket’s copy when it echoes the tempId as clientId, before the send’s answer: never shown twice', () => {
    let page = addOptimisticMessage(messagePage([makeMessage({ at: 1 })]), optimistic('temp-a'));
    page = addOptimisticMessage(page, optimistic('temp-b', 'Second'));
    const server = makeMessage({ _id: 'm_srv', at: 5, sender: ME, content: 'Is it still available?' });
    // newMessage first (the sender's own copy carries the echo)
    page = receiveServerMessage(page, { ...server, clientId: 'temp-a' });
    expect(ids(page.messages)).toEqual(['m_1', 'm_srv', 'temp-b']);
    expect(page.messages[1]).toEqual(server);
    expect(page.messages[1]).not.toHaveProperty('clientId');
    expect(page.pagination.itemsOnPage).toBe(3);
    // then the answer of the send (it echoes the clientId too): nothing changes
    const answered = confirmOptimisticMessage(page, 'temp-a', { ...server, clientId: 'temp-a' });
    expect(answered).toBe(page);
    // the other send is still pending, and a late duplicate of the event adds nothing
    expect(receiveServerMessage(answered, { ...server, clientId: 'temp-a' })).toBe(answered);
    expect(answered.messages[2]).toMatchObject({ tempId: 'temp-b', clientStatus: 'sending' });
  });

  it('after the send’s answer, the socket’s copy adds nothing', () => {
    const server = makeMessage({ _id: 'm_srv', at: 5, sender: ME });
    let page = addOptimisticMessage(messagePage([]), optimistic('temp-a'));
    page = confirmOptimisticMessage(page, 'temp-a', { ...server, clientId: 'temp-a' });
    expect(page.messages).toEqual([server]);
    expect(receiveServerMessage(page, { ...server, clientId: 'temp-a' })).toBe(page);
  });

  it('adds a message whose clientId matches nothing being sent here (sent from another tab), without the echo', () => {
    const page = addOptimisticMessage(messagePage([makeMessage({ at: 1 })]), optimistic('temp-a'));
    const other = makeMessage({ _id: 'm_tab', at: 6, sender: ME });
    const next = receiveServerMessage(page, { ...other, clientId: 'temp-other-tab' });
    expect(ids(next.messages)).toEqual(['m_1', 'm_tab', 'temp-a']);
    expect(next.messages[1]).toEqual(other);
    // a server message can never take the place of a message that is not pending (a stored one)
    const stored = messagePage([{ ...makeMessage({ _id: 'm_x', at: 2, sender: ME }), tempId: 'temp-x' }]);
    expect(ids(receiveServerMessage(stored, { ...other, clientId: 'temp-x' }).messages)).toEqual(['m_x', 'm_tab']);
  });

  it('keeps only the server’s fields of a server message', () => {
    const server = makeMessage({ _id: 'm_srv', at: 5, sender: ME });
    expect(serverCopy({ ...server, clientId: 'temp-a', tempId: 'temp-a', clientStatus: 'sending' })).toEqual(server);
  });

  it('is removed on failure; the others stay', () => {
    const page = addOptimisticMessage(addOptimisticMessage(messagePage([makeMessage({ at: 1 })]), optimistic('temp-a')), optimistic('temp-b'));
    const next = removeOptimisticMessage(page, 'temp-a');
    expect(ids(next.messages)).toEqual(['m_1', 'temp-b']);
    expect(next.pagination.itemsOnPage).toBe(2);
    // removing an unknown (or already removed) tempId changes nothing
    expect(removeOptimisticMessage(next, 'temp-a')).toBe(next);
  });

  it('makes distinct temporary ids', () => {
    const a = makeTempId();
    const b = makeTempId();
    expect(a.startsWith(TEMP_ID_PREFIX)).toBe(true);
    expect(a).not.toBe(b);
  });
});

describe('adding messages', () => {
  it('adds a message once by _id and keeps the page oldest first', () => {
    const page = messagePage([makeMessage({ at: 1 }), makeMessage({ at: 3 })]);
    const first = addMessage(page, makeMessage({ at: 2 }));
    expect(first.added).toBe(true);
    expect(ids(first.page.messages)).toEqual(['m_1', 'm_2', 'm_3']);
    const again = addMessage(first.page, makeMessage({ at: 2, content: 'changed' }));
    expect(again.added).toBe(false);
    expect(again.page).toBe(first.page);
    expect(hasMessage(again.page, 'm_2')).toBe(true);
    expect(hasMessage(undefined, 'm_2')).toBe(false);
  });

  it('orders messages with the same time by id', () => {
    const a = makeMessage({ _id: 'b', at: 1 });
    const b = makeMessage({ _id: 'a', at: 1 });
    expect([a, b].sort(compareMessages).map((m) => m._id)).toEqual(['a', 'b']);
  });
});

describe('merging pages and refetches', () => {
  it('merges pages without duplicates (pages overlap once new messages have arrived)', () => {
    const page2 = messagePage([makeMessage({ at: 1 }), makeMessage({ at: 2 }), makeMessage({ at: 3 })], 6, 2);
    const page1 = messagePage([makeMessage({ at: 3, isRead: true }), makeMessage({ at: 4 }), makeMessage({ at: 5 })], 6);
    const merged = mergeMessagePages([page1, undefined, page2]);
    expect(ids(merged)).toEqual(['m_1', 'm_2', 'm_3', 'm_4', 'm_5']);
    // the read reading of a duplicate wins
    expect(merged[2].isRead).toBe(true);
  });

  it('keeps messages still being sent when the page is refetched, without duplicating server ones', () => {
    const current = addOptimisticMessage(messagePage([makeMessage({ at: 1 })]), optimistic('temp-a'));
    const incoming = messagePage([makeMessage({ at: 1 }), makeMessage({ at: 2 }), makeMessage({ at: 2 })], 2);
    const next = keepPendingOnRefetch(current, incoming);
    expect(ids(next.messages)).toEqual(['m_1', 'm_2', 'temp-a']);
    expect(next.pagination).toEqual(incoming.pagination);
    expect(ids(keepPendingOnRefetch(undefined, incoming).messages)).toEqual(['m_1', 'm_2']);
  });
});

describe('read receipts', () => {
  it('sets isRead and readAt on the named unread messages and reports what changed', () => {
    const page = messagePage([makeMessage({ at: 1 }), makeMessage({ at: 2, isRead: true, readAt: 'earlier' }), makeMessage({ at: 3 })]);
    const { page: next, changed, unknownIds } = applyReadReceiptToPage(page, ['m_1', 'm_2'], NOW);
    expect(ids(changed)).toEqual(['m_1']);
    expect(unknownIds).toEqual([]);
    expect(next.messages.map((m) => [m._id, m.isRead, m.readAt])).toEqual([
      ['m_1', true, NOW],
      ['m_2', true, 'earlier'],
      ['m_3', false, null],
    ]);
  });

  it('leaves the page alone for a receipt about messages it does not hold', () => {
    const page = messagePage([makeMessage({ at: 1 })]);
    const result = applyReadReceiptToPage(page, ['m_x', 'm_y'], NOW);
    expect(result.page).toBe(page);
    expect(result.changed).toEqual([]);
    expect(result.unknownIds).toEqual(['m_x', 'm_y']);
  });

  it('is idempotent: the same receipt twice changes nothing the second time', () => {
    const page = messagePage([makeMessage({ at: 1 }), makeMessage({ at: 2 })]);
    const first = applyReadReceiptToPage(page, ['m_1', 'm_2'], NOW);
    const second = applyReadReceiptToPage(first.page, ['m_1', 'm_2'], NOW);
    expect(first.changed).toHaveLength(2);
    expect(second.changed).toHaveLength(0);
    expect(second.page).toBe(first.page);
  });

  it('lowers my unread count by what changed when I am the reader, not when the other member reads mine', () => {
    const fromOther = [makeMessage({ at: 1 }), makeMessage({ at: 2 })];
    expect(receiptDecrement(fromOther, { userId: ME._id }, ME._id)).toBe(2);
    const mine = [makeMessage({ at: 3, sender: ME })];
    expect(receiptDecrement(mine, { userId: OTHER._id }, ME._id)).toBe(0);
    expect(receiptDecrement([], { userId: ME._id }, ME._id)).toBe(0);
  });

  it('does not lower the count for messages that never raised it (they arrived in the open thread)', () => {
    const changed = [makeMessage({ _id: 'm_counted' }), makeMessage({ _id: 'm_seen_open' })];
    expect(receiptDecrement(changed, { userId: ME._id }, ME._id, new Set(['m_seen_open']))).toBe(1);
  });

  it('never takes an unread count below zero', () => {
    expect(lowerUnread(1, 3)).toBe(0);
    expect(lowerUnread(5, 2)).toBe(3);
    expect(lowerUnread(2, -4)).toBe(2);
    expect(adjustUnreadTotal(0, -1)).toBe(0);
    expect(adjustUnreadTotal(2, 1)).toBe(3);
    const thread = makeThread({ unreadCount: 1 });
    expect(applyReceiptToThread(thread, ['m_1', 'm_2'], NOW, 2).unreadCount).toBe(0);
  });

  it('marks the thread’s last message read when the receipt names it', () => {
    const last = makeMessage({ at: 4, sender: ME });
    const thread = makeThread({ lastMessage: last, unreadCount: 0 });
    const next = applyReceiptToThread(thread, ['m_4'], NOW, 0);
    expect(next.lastMessage).toMatchObject({ _id: 'm_4', isRead: true, readAt: NOW });
    expect(applyReceiptToThread(thread, ['m_9'], NOW, 0).lastMessage).toBe(last);
  });

  it('applies to the right thread of a list only', () => {
    const list = threadPage([makeThread({ _id: 't_1', unreadCount: 3 }), makeThread({ _id: 't_2', unreadCount: 2 })]);
    const next = applyReceiptToThreads(list, 't_2', ['m_1'], NOW, 1);
    expect(next.threads.map((t) => t.unreadCount)).toEqual([3, 1]);
    expect(applyReceiptToThreads(list, 't_unknown', ['m_1'], NOW, 1)).toBe(list);
    expect(setThreadUnread(list, 't_1', 0).threads.map((t) => t.unreadCount)).toEqual([0, 2]);
    expect(setThreadUnread(list, 't_unknown', 0)).toBe(list);
  });
});

describe('incoming messages', () => {
  const ctx = { meId: ME._id, openThreadId: null, visible: true, known: false };

  it('counts a new message from someone else as unread', () => {
    expect(classifyIncoming(makeMessage(), ctx)).toBe('count-unread');
  });

  it('ignores a message delivered before (duplicate delivery)', () => {
    expect(classifyIncoming(makeMessage(), { ...ctx, known: true })).toBe('duplicate');
    expect(classifyIncoming(makeMessage({ sender: ME }), { ...ctx, known: true })).toBe('duplicate');
  });

  it('does not count my own messages (from another tab)', () => {
    expect(classifyIncoming(makeMessage({ sender: ME }), ctx)).toBe('own');
  });

  it('marks read instead of counting when the thread is open and visible', () => {
    expect(classifyIncoming(makeMessage(), { ...ctx, openThreadId: 't_1' })).toBe('mark-read');
    // open but the page is hidden: counted
    expect(classifyIncoming(makeMessage(), { ...ctx, openThreadId: 't_1', visible: false })).toBe('count-unread');
    // another thread is open: counted
    expect(classifyIncoming(makeMessage(), { ...ctx, openThreadId: 't_2' })).toBe('count-unread');
  });

  it('raises the thread’s unread count by one, sets its last message and moves it first', () => {
    const list = threadPage([makeThread({ _id: 't_2' }), makeThread({ _id: 't_1', unreadCount: 2 })]);
    const message = makeMessage({ at: 100 });
    const { list: next, found } = applyMessageToThreads(list, message, true);
    expect(found).toBe(true);
    expect(next.threads.map((t) => t._id)).toEqual(['t_1', 't_2']);
    expect(next.threads[0]).toMatchObject({ unreadCount: 3, lastMessage: message, lastActivityAt: message.createdAt });
  });

  it('does not count when told not to (own message, thread open)', () => {
    const list = threadPage([makeThread({ _id: 't_1', unreadCount: 0 })]);
    const { list: next } = applyMessageToThreads(list, makeMessage({ at: 100, sender: ME }), false);
    expect(next.threads[0].unreadCount).toBe(0);
    expect(next.threads[0].lastMessage?._id).toBe('m_100');
  });

  it('reports a thread the list does not hold, leaving the list alone', () => {
    const list = threadPage([makeThread({ _id: 't_2' })]);
    const result = applyMessageToThreads(list, makeMessage({ threadId: 't_new' }), true);
    expect(result.found).toBe(false);
    expect(result.list).toBe(list);
  });

  it('keeps a newer last message when an older one arrives late', () => {
    const newer = makeMessage({ at: 200 });
    const thread = makeThread({ lastMessage: newer, lastActivityAt: newer.createdAt });
    const next = applyMessageToThread(thread, makeMessage({ at: 150 }), true);
    expect(next.lastMessage).toBe(newer);
    expect(next.lastActivityAt).toBe(newer.createdAt);
    expect(next.unreadCount).toBe(1);
  });

  it('lists the unread messages from the others (what opening a thread marks read)', () => {
    const messages = [
      makeMessage({ at: 1 }),
      makeMessage({ at: 2, isRead: true }),
      makeMessage({ at: 3, sender: ME }),
      optimistic(),
      makeMessage({ at: 4 }),
    ];
    expect(unreadFromOthers(messages, ME._id)).toEqual(['m_1', 'm_4']);
  });
});

describe('thread list', () => {
  it('places a created thread first with unread count 0', () => {
    const list = threadPage([makeThread({ _id: 't_2' }), makeThread({ _id: 't_3' })]);
    const next = placeThreadFirst(list, makeThread({ _id: 't_new', unreadCount: 4 }));
    expect(next.threads.map((t) => [t._id, t.unreadCount])).toEqual([
      ['t_new', 0],
      ['t_2', 0],
      ['t_3', 0],
    ]);
    expect(next.pagination.totalItems).toBe(3);
  });

  it('moves an existing thread (200 on create) first instead of adding it twice', () => {
    const list = threadPage([makeThread({ _id: 't_2' }), makeThread({ _id: 't_1', unreadCount: 2 })]);
    const next = placeThreadFirst(list, makeThread({ _id: 't_1', unreadCount: 2 }));
    expect(next.threads.map((t) => [t._id, t.unreadCount])).toEqual([
      ['t_1', 0],
      ['t_2', 0],
    ]);
    expect(next.pagination.totalItems).toBe(2);
  });

  it('removes a thread (deleted or archived)', () => {
    const list = threadPage([makeThread({ _id: 't_1' }), makeThread({ _id: 't_2' })]);
    const next = removeThreadFromList(list, 't_1');
    expect(next.threads.map((t) => t._id)).toEqual(['t_2']);
    expect(next.pagination.totalItems).toBe(1);
    expect(removeThreadFromList(next, 't_1')).toBe(next);
  });
});
