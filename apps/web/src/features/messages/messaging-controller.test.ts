import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore, type AppStore } from '@/app/store';
import { api } from '@/lib/api/generated';
import { threadArgs, type Message, type Thread } from '@/lib/api/messaging';
import { RealtimeClient } from '@/lib/realtime';
import { fakeSocketFactory, type FakeSocket } from '@/lib/realtime/testing';
import { sessionStarted, tokenReceived } from '@/lib/state/auth-slice';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { MessagingController } from './messaging-controller';
import type { MessagePage } from './messages-state';
import { ME, OTHER, makeMessage, makeThread, messagePage, threadPage } from './test/fixtures';
import { serveMessaging } from './test/handlers';

interface Setup {
  store: AppStore;
  socket: FakeSocket;
  controller: MessagingController;
  visible: { value: boolean };
}

/** A signed-in store with cached lists, a connected fake socket and a controller listening to it. */
function setup({
  threads = [makeThread({ _id: 't_1' }), makeThread({ _id: 't_2', unreadCount: 1 })],
  messages = { t_1: [makeMessage({ at: 1, isRead: true })] } as Record<string, Message[]>,
  unread = 1,
  connected = true,
  signedIn = true,
}: { threads?: Thread[]; messages?: Record<string, Message[]>; unread?: number; connected?: boolean; signedIn?: boolean } = {}): Setup {
  const store = makeStore();
  if (signedIn) store.dispatch(sessionStarted({ token: 'tok', user: makeUser({ _id: ME._id }) }));
  store.dispatch(
    api.util.upsertQueryEntries([
      { endpointName: 'getThreads', arg: threadArgs.list(false), value: threadPage(threads) },
      { endpointName: 'getThreadUnreadCount', arg: undefined, value: { count: unread } },
      ...Object.entries(messages).map(([threadId, list]) => ({
        endpointName: 'getThreadMessages' as const,
        arg: threadArgs.messages(threadId, 1),
        value: messagePage(list),
      })),
    ]),
  );
  const fake = fakeSocketFactory();
  const realtime = new RealtimeClient(fake.factory);
  realtime.setToken('tok');
  const socket = fake.latest!;
  if (connected) socket.connectNow();
  const visible = { value: true };
  const controller = new MessagingController({
    dispatch: store.dispatch,
    getState: store.getState,
    realtime,
    isVisible: () => visible.value,
  });
  controller.start();
  return { store, socket, controller, visible };
}

const state = (store: AppStore) => ({
  list: api.endpoints.getThreads.select(threadArgs.list(false))(store.getState()).data!,
  unread: api.endpoints.getThreadUnreadCount.select(undefined)(store.getState()).data?.count,
  page: (threadId: string) =>
    api.endpoints.getThreadMessages.select(threadArgs.messages(threadId, 1))(store.getState()).data as MessagePage | undefined,
  toasts: store.getState().toasts.items.map((t) => [t.title, t.message]),
});

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('incoming messages', () => {
  it('adds a new message from someone else once and raises its thread’s unread count and the total by one', () => {
    const { store, socket } = setup();
    const message = makeMessage({ _id: 'm_new', threadId: 't_1', at: 50 });
    socket.serverEmit('newMessage', message);
    socket.serverEmit('newMessage', message); // duplicate delivery
    const s = state(store);
    expect(s.page('t_1')!.messages.map((m) => m._id)).toEqual(['m_1', 'm_new']);
    expect(s.list.threads[0]).toMatchObject({ _id: 't_1', unreadCount: 1, lastMessage: { _id: 'm_new' } });
    expect(s.unread).toBe(2);
  });

  it('does not count a message already in the cache (it came with a refetch)', () => {
    const { store, socket } = setup({ messages: { t_1: [makeMessage({ _id: 'm_known', at: 1 })] } });
    socket.serverEmit('newMessage', makeMessage({ _id: 'm_known', at: 1 }));
    expect(state(store).unread).toBe(1);
    expect(state(store).page('t_1')!.messages).toHaveLength(1);
  });

  it('does not count one’s own message from another tab, but shows it', () => {
    const { store, socket } = setup();
    socket.serverEmit('newMessage', makeMessage({ _id: 'm_mine', sender: ME, at: 60 }));
    expect(state(store).unread).toBe(1);
    expect(state(store).list.threads[0]).toMatchObject({ _id: 't_1', unreadCount: 0, lastMessage: { _id: 'm_mine' } });
  });

  it('marks a message in the open, visible thread read over the socket instead of counting it', async () => {
    const { store, socket, controller } = setup();
    socket.ackWith = (event, payload) => (event === 'markAsRead' ? { success: true, messageIds: (payload as { messageIds: string[] }).messageIds } : undefined);
    controller.setOpenThread('t_1');
    socket.serverEmit('newMessage', makeMessage({ _id: 'm_open', at: 70 }));
    expect(socket.emitsOf('markAsRead')).toEqual([{ threadId: 't_1', messageIds: ['m_open'] }]);
    await flush();
    const s = state(store);
    expect(s.unread).toBe(1);
    expect(s.list.threads.find((t) => t._id === 't_1')!.unreadCount).toBe(0);
    expect(s.page('t_1')!.messages.find((m) => m._id === 'm_open')!.isRead).toBe(true);
  });

  it('counts it when the open thread’s page is hidden', () => {
    const { store, socket, controller, visible } = setup();
    controller.setOpenThread('t_1');
    visible.value = false;
    socket.serverEmit('newMessage', makeMessage({ _id: 'm_hidden', at: 70 }));
    expect(socket.emitsOf('markAsRead')).toEqual([]);
    expect(state(store).unread).toBe(2);
    controller.closeThread('t_1');
    expect(controller.openThread).toBeNull();
  });

  it('ignores malformed events', () => {
    const { store, socket } = setup();
    socket.serverEmit('newMessage', { nope: true });
    socket.serverEmit('messagesRead', { threadId: 't_1' });
    expect(state(store).unread).toBe(1);
  });
});

describe('read receipts', () => {
  it('sets isRead on one’s own messages when the other member reads them; counts stay', () => {
    const { store, socket } = setup({ messages: { t_1: [makeMessage({ _id: 'm_a', sender: ME, at: 1 }), makeMessage({ _id: 'm_b', sender: ME, at: 2 })] } });
    socket.serverEmit('messagesRead', { threadId: 't_1', userId: OTHER._id, messageIds: ['m_a', 'm_b'] });
    const s = state(store);
    expect(s.page('t_1')!.messages.map((m) => m.isRead)).toEqual([true, true]);
    expect(s.unread).toBe(1);
  });

  it('lowers the unread counts by the number that changed, never below zero', async () => {
    const { store, socket, controller } = setup({
      threads: [makeThread({ _id: 't_1', unreadCount: 1 })],
      messages: { t_1: [makeMessage({ _id: 'm_a', at: 1 }), makeMessage({ _id: 'm_b', at: 2 }), makeMessage({ _id: 'm_c', at: 3, isRead: true })] },
      unread: 1,
    });
    socket.ackWith = (_event, payload) => ({ success: true, messageIds: (payload as { messageIds: string[] }).messageIds });
    await controller.markRead('t_1', ['m_a', 'm_b', 'm_c']);
    const s = state(store);
    expect(s.list.threads[0].unreadCount).toBe(0);
    expect(s.unread).toBe(0);
    expect(s.page('t_1')!.messages.every((m) => m.isRead)).toBe(true);
  });

  it('a receipt for messages the cache does not hold asks the server for the counts', async () => {
    const { store, controller, socket } = setup({ threads: [makeThread({ _id: 't_1', unreadCount: 3 })], unread: 3 });
    const calls = serveMessaging({ threads: [makeThread({ _id: 't_1', unreadCount: 0 })], archived: [], messages: {}, unread: 0 });
    const subs = [
      store.dispatch(api.endpoints.getThreads.initiate(threadArgs.list(false))),
      store.dispatch(api.endpoints.getThreadUnreadCount.initiate(undefined)),
    ];
    socket.ackWith = () => ({ success: true, messageIds: ['m_old1', 'm_old2'] });
    await controller.markRead('t_1', ['m_old1', 'm_old2']);
    await vi.waitFor(() => expect(state(store).unread).toBe(0));
    expect(calls.unreadCounts).toBeGreaterThanOrEqual(1);
    expect(state(store).list.threads[0].unreadCount).toBe(0);
    subs.forEach((s) => s.unsubscribe());
  });

  it('without a socket, marks the thread read over HTTP and sets its count to 0', async () => {
    const { store, controller } = setup({
      connected: false,
      threads: [makeThread({ _id: 't_1', unreadCount: 2 })],
      messages: { t_1: [makeMessage({ _id: 'm_a', at: 1 }), makeMessage({ _id: 'm_b', at: 2 })] },
      unread: 2,
    });
    const calls = serveMessaging({ threads: [], archived: [], messages: { t_1: [makeMessage({ _id: 'm_a', at: 1 }), makeMessage({ _id: 'm_b', at: 2 })] }, unread: 0 });
    await controller.markRead('t_1', ['m_a']);
    expect(calls.markRead).toEqual(['t_1']);
    expect(state(store).list.threads[0].unreadCount).toBe(0);
    expect(state(store).page('t_1')!.messages.every((m) => m.isRead)).toBe(true);
  });

  it('asks for each message once while a request is in flight', async () => {
    const { socket, controller } = setup({ messages: { t_1: [makeMessage({ _id: 'm_a', at: 1 })] } });
    let answer: (value: unknown) => void = () => undefined;
    socket.ackWith = () => new Promise((resolve) => (answer = resolve));
    const first = controller.markRead('t_1', ['m_a']);
    void controller.markRead('t_1', ['m_a']);
    expect(socket.emitsOf('markAsRead')).toHaveLength(1);
    answer({ success: true, messageIds: ['m_a'] });
    await first;
  });
});

describe('sending', () => {
  beforeEach(() => {
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
  });

  it('refuses without a token: "Not authenticated"', async () => {
    const { store, socket, controller } = setup({ signedIn: false });
    expect(await controller.sendMessage('t_1', { content: 'Hi', attachments: [] })).toBe(false);
    expect(state(store).toasts).toEqual([['Message not sent', 'Not authenticated']]);
    expect(socket.emitsOf('sendMessage')).toEqual([]);
  });

  it('refuses without a loaded user: "User not authenticated"', async () => {
    const { store, socket, controller } = setup({ signedIn: false });
    store.dispatch(tokenReceived('tok'));
    expect(await controller.sendMessage('t_1', { content: 'Hi', attachments: [] })).toBe(false);
    expect(state(store).toasts).toEqual([['Message not sent', 'User not authenticated']]);
    expect(socket.emitsOf('sendMessage')).toEqual([]);
  });

  it('shows the message as sending, then the server message; the thread moves first', async () => {
    const { store, socket, controller } = setup();
    const answers: ((value: unknown) => void)[] = [];
    socket.ackWith = () => new Promise((resolve) => answers.push(resolve));
    const sending = controller.sendMessage('t_2', { content: '  Hello  ', attachments: [] });
    store.dispatch(api.util.upsertQueryEntries([{ endpointName: 'getThreadMessages', arg: threadArgs.messages('t_2', 1), value: messagePage([]) }]));
    // (t_2 had no page cached when the send began: nothing to show there, the send goes on)
    const sending2 = controller.sendMessage('t_1', { content: 'Second', attachments: [] });
    const pending = state(store).page('t_1')!.messages.at(-1)!;
    expect(pending).toMatchObject({ content: 'Second', clientStatus: 'sending', sender: { _id: ME._id } });
    expect(pending.tempId).toBe(pending._id);
    // each send carries its optimistic message's tempId as clientId
    expect(socket.emitsOf('sendMessage')).toEqual([
      { threadId: 't_2', content: 'Hello', attachments: [], clientId: expect.stringMatching(/^temp-/) },
      { threadId: 't_1', content: 'Second', attachments: [], clientId: pending.tempId },
    ]);
    const server = makeMessage({ _id: 'm_srv', sender: ME, content: 'Second', at: 90 });
    answers[1]({ success: true, message: server });
    expect(await sending2).toBe(true);
    answers[0]({ success: true, message: makeMessage({ _id: 'm_srv2', threadId: 't_2', sender: ME, at: 91 }) });
    expect(await sending).toBe(true);
    const s = state(store);
    expect(s.page('t_1')!.messages.map((m) => [m._id, m.clientStatus])).toEqual([
      ['m_1', undefined],
      ['m_srv', undefined],
    ]);
    expect(s.list.threads[0]._id).toBe('t_2');
    expect(s.list.threads[1].lastMessage?._id).toBe('m_srv');
  });

  it('removes the optimistic message and shows the error when the acknowledgement fails', async () => {
    const { store, socket, controller } = setup();
    socket.ackWith = () => ({ success: false, error: 'You are not a participant of this thread' });
    expect(await controller.sendMessage('t_1', { content: 'Hi', attachments: [] })).toBe(false);
    expect(state(store).page('t_1')!.messages.map((m) => m._id)).toEqual(['m_1']);
    expect(state(store).toasts).toEqual([['Message not sent', 'You are not a participant of this thread']]);
  });

  it('removes it too when the server does not answer in time', async () => {
    vi.useFakeTimers();
    try {
      const { store, socket, controller } = setup();
      socket.ackWith = () => undefined;
      const result = controller.sendMessage('t_1', { content: 'Hi', attachments: [] });
      expect(state(store).page('t_1')!.messages).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(21_000);
      expect(await result).toBe(false);
      expect(state(store).page('t_1')!.messages).toHaveLength(1);
      expect(state(store).toasts).toEqual([['Message not sent', 'The server did not answer in time']]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a server echo before the acknowledgement does not duplicate the message', async () => {
    const { store, socket, controller } = setup();
    const server = makeMessage({ _id: 'm_srv', sender: ME, content: 'Hi', at: 90 });
    socket.ackWith = () => {
      socket.serverEmit('newMessage', server);
      return { success: true, message: server };
    };
    await controller.sendMessage('t_1', { content: 'Hi', attachments: [] });
    expect(state(store).page('t_1')!.messages.map((m) => m._id)).toEqual(['m_1', 'm_srv']);
  });

  describe('files: the server’s copy over the socket may beat the HTTP answer', () => {
    const photo = () => new File(['\x89PNG photo bytes'], 'front.jpg', { type: 'image/jpeg' });
    const draft = () => ({
      content: 'See photo',
      attachments: [{ url: 'blob:http://localhost/1', filename: 'front.jpg', type: 'image' as const, contentType: 'image/jpeg', size: 16, file: photo() }],
    });
    const stored = makeMessage({ _id: 'm_up', sender: ME, content: 'See photo', at: 95 });

    it('replaces the optimistic message as soon as it arrives: the message is never shown twice', async () => {
      const { store, socket, controller } = setup();
      const forms: FormData[] = [];
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      server.use(
        http.post('*/api/threads/:threadId/messages', async ({ request }) => {
          const form = await request.formData();
          forms.push(form);
          await answered;
          return HttpResponse.json({ ...stored, clientId: form.get('clientId') }, { status: 201 });
        }),
      );
      const sending = controller.sendMessage('t_1', draft());
      const pending = state(store).page('t_1')!.messages.at(-1)!;
      expect(pending).toMatchObject({ clientStatus: 'sending', content: 'See photo' });
      await vi.waitFor(() => expect(forms).toHaveLength(1));
      expect(forms[0].get('clientId')).toBe(pending.tempId);

      // a message of this member from another tab meanwhile: shown, the send still pending
      socket.serverEmit('newMessage', { ...makeMessage({ _id: 'm_tab', sender: ME, at: 94 }), clientId: 'temp-another-tab' });
      expect(state(store).page('t_1')!.messages.map((m) => [m._id, m.clientStatus])).toEqual([
        ['m_1', undefined],
        ['m_tab', undefined],
        [pending._id, 'sending'],
      ]);

      // the server's copy of the send, echoing its clientId, comes over the socket first
      socket.serverEmit('newMessage', { ...stored, clientId: pending.tempId });
      let s = state(store);
      expect(s.page('t_1')!.messages.map((m) => [m._id, m.clientStatus])).toEqual([
        ['m_1', undefined],
        ['m_tab', undefined],
        ['m_up', undefined],
      ]);
      expect(s.page('t_1')!.messages[2]).toEqual(stored);
      expect(s.list.threads[0]).toMatchObject({ _id: 't_1', unreadCount: 0 });
      expect(s.list.threads[0].lastMessage).toEqual(stored);
      expect(s.unread).toBe(1);

      // then the HTTP answer: nothing changes
      answer();
      expect(await sending).toBe(true);
      s = state(store);
      expect(s.page('t_1')!.messages.map((m) => m._id)).toEqual(['m_1', 'm_tab', 'm_up']);
      expect(s.page('t_1')!.pagination.itemsOnPage).toBe(3);
      expect(s.toasts).toEqual([]);
      expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/1');
      // a late duplicate of the event adds nothing either
      socket.serverEmit('newMessage', { ...stored, clientId: pending.tempId });
      expect(state(store).page('t_1')!.messages.map((m) => m._id)).toEqual(['m_1', 'm_tab', 'm_up']);
    });

    it('counts the message sent when its copy came over the socket but the HTTP answer got lost', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        const { store, socket, controller } = setup();
        server.use(
          http.post('*/api/threads/:threadId/messages', async ({ request }) => {
            const form = await request.formData();
            socket.serverEmit('newMessage', { ...stored, clientId: form.get('clientId') });
            return HttpResponse.error();
          }),
        );
        const sending = controller.sendMessage('t_1', draft());
        // (network failures are retried with backoff before the send gives up)
        await vi.advanceTimersByTimeAsync(10_000);
        expect(await sending).toBe(true);
        expect(state(store).page('t_1')!.messages.map((m) => [m._id, m.clientStatus])).toEqual([
          ['m_1', undefined],
          ['m_up', undefined],
        ]);
        expect(state(store).toasts).toEqual([]);
      } finally {
        vi.useRealTimers();
      }
    });

    it('still removes the optimistic message and says so when the send fails with no copy of it', async () => {
      const { store, socket, controller } = setup();
      server.use(
        http.post('*/api/threads/:threadId/messages', () =>
          HttpResponse.json({ statusCode: 413, message: 'File too large', error: 'Payload Too Large' }, { status: 413 }),
        ),
      );
      // somebody else's message meanwhile does not count as this send's copy
      socket.serverEmit('newMessage', makeMessage({ _id: 'm_other', at: 93 }));
      expect(await controller.sendMessage('t_1', draft())).toBe(false);
      expect(state(store).page('t_1')!.messages.map((m) => m._id)).toEqual(['m_1', 'm_other']);
      expect(state(store).toasts).toHaveLength(1);
    });
  });

  it('uploads the picked files themselves as multipart (no fetch of their blob: previews, which the CSP forbids)', async () => {
    const { store, socket, controller } = setup();
    const forms: FormData[] = [];
    server.use(
      http.post('*/api/threads/:threadId/messages', async ({ request }) => {
        forms.push(await request.formData());
        return HttpResponse.json(makeMessage({ _id: 'm_up', sender: ME, content: 'See photo', at: 95 }), { status: 201 });
      }),
    );
    const photo = new File(['\x89PNG photo bytes'], 'front.jpg', { type: 'image/jpeg' });
    const plan = new File(['%PDF-1.4 plan'], 'plan.pdf', { type: 'application/pdf' });
    const ok = await controller.sendMessage('t_1', {
      content: 'See photo',
      attachments: [
        { url: 'blob:http://localhost/1', filename: 'front.jpg', type: 'image', contentType: 'image/jpeg', size: photo.size, file: photo },
        { url: 'blob:http://localhost/2', filename: 'plan.pdf', type: 'pdf', contentType: 'application/pdf', size: plan.size, file: plan },
      ],
    });
    expect(ok).toBe(true);
    expect(socket.emitsOf('sendMessage')).toEqual([]);
    expect(forms).toHaveLength(1);
    expect(forms[0].get('content')).toBe('See photo');
    expect(forms[0].get('clientId')).toMatch(/^temp-[a-z0-9-]+$/);
    const sent = forms[0].getAll('attachments') as File[];
    expect(sent.map((f) => f.name)).toEqual(['front.jpg', 'plan.pdf']);
    expect(await Promise.all(sent.map((f) => f.text()))).toEqual(['\x89PNG photo bytes', '%PDF-1.4 plan']);
    expect(JSON.parse(forms[0].get('attachmentsJson') as string)).toEqual([
      { filename: 'front.jpg', type: 'image' },
      { filename: 'plan.pdf', type: 'pdf' },
    ]);
    expect(state(store).page('t_1')!.messages.map((m) => m._id)).toEqual(['m_1', 'm_up']);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/1');
  });

  it('refuses more than 5 files or a file over 10 MB before sending', async () => {
    const { store, controller } = setup();
    const one = { url: 'blob:x', filename: 'a.png', type: 'image' as const, contentType: 'image/png', size: 1, file: new File(['x'], 'a.png') };
    expect(await controller.sendMessage('t_1', { content: '', attachments: [one, one, one, one, one, one] })).toBe(false);
    expect(await controller.sendMessage('t_1', { content: '', attachments: [{ ...one, size: 11 * 1024 * 1024 }] })).toBe(false);
    expect(state(store).toasts.map((t) => t[1])).toEqual(['You can attach at most 5 files to a message', 'a.png is larger than 10 MB']);
    expect(state(store).page('t_1')!.messages).toHaveLength(1);
  });
});

describe('reconnection', () => {
  it('refetches the thread list, the unread count and the open thread’s messages', async () => {
    const { store, socket, controller } = setup();
    const calls = serveMessaging({ threads: [makeThread({ _id: 't_1' })], archived: [], messages: { t_1: [makeMessage({ at: 1, isRead: true })] }, unread: 0 });
    const subs = [
      store.dispatch(api.endpoints.getThreads.initiate(threadArgs.list(false))),
      store.dispatch(api.endpoints.getThreadUnreadCount.initiate(undefined)),
      store.dispatch(api.endpoints.getThreadMessages.initiate(threadArgs.messages('t_1', 1))),
    ];
    controller.setOpenThread('t_1');
    const before = { lists: calls.threadLists.length, pages: calls.messagePages.length, counts: calls.unreadCounts };
    socket.drop();
    socket.connectNow();
    await vi.waitFor(() => {
      expect(calls.threadLists.length).toBeGreaterThan(before.lists);
      expect(calls.messagePages.length).toBeGreaterThan(before.pages);
      expect(calls.unreadCounts).toBeGreaterThan(before.counts);
    });
    subs.forEach((s) => s.unsubscribe());
  });
});
