import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '@/lib/api/messaging';
import { makeUser } from '@/test/fixtures';
import { apiError, server } from '@/test/msw-server';
import { serveSession, storeSession } from '@/test/render';
import { ME, OTHER, makeMessage, makeThread } from './test/fixtures';
import { serveMessaging, type MessagingServer } from './test/handlers';
import { renderMessagingApp, setDesktopWidth } from './test/render';
// Loaded up front so the lazy route resolves at once.
import './index';

const LIZA = { _id: 'u_3', firstName: 'Liza', lastName: 'Santos', avatar: null, type: 'broker' as const };

function signIn() {
  const user = makeUser({ _id: ME._id, firstName: ME.firstName, lastName: ME.lastName });
  storeSession('tok', user);
  serveSession('tok', user);
  return user;
}

function world(overrides: Partial<MessagingServer> = {}): MessagingServer {
  return { threads: [], archived: [], messages: {}, unread: 0, ...overrides };
}

/** The server's copy of a message the signed-in member sends. */
function stored(content: string, overrides: Partial<Message> = {}): Message {
  return makeMessage({ _id: 'm_srv', at: 500, sender: ME, content, ...overrides });
}

async function openConversation() {
  return screen.findByTestId('conversation', {}, { timeout: 10000 });
}

function messageBubbles() {
  return screen.queryAllByTestId('message');
}

describe('thread list', { timeout: 30_000 }, () => {
  it('shows each conversation with the other member, listing, last message, and unread badges', async () => {
    signIn();
    serveMessaging(
      world({
        unread: 2,
        threads: [
          makeThread({ _id: 't_1', unreadCount: 2, lastMessage: makeMessage({ at: 5, content: 'Is it still available?' }) }),
          makeThread({
            _id: 't_2',
            otherParticipant: LIZA,
            listing: null,
            unreadCount: 0,
            lastMessage: makeMessage({ at: 3, threadId: 't_2', sender: ME, content: 'Thanks!' }),
          }),
        ],
      }),
    );
    renderMessagingApp('/messages');
    const list = await screen.findByRole('list', { name: 'Conversations' }, { timeout: 10000 });
    const items = within(list).getAllByTestId('thread-item');
    expect(items).toHaveLength(2);

    const ramon = within(list).getByRole('link', { name: /Ramon Cruz/ });
    expect(ramon).toHaveAccessibleName('Ramon Cruz, Sunny house in Loyola Heights, 2 unread');
    expect(ramon).toHaveAttribute('href', '/messages/t_1');
    expect(within(items[0]).getByTestId('thread-unread')).toHaveTextContent('2');
    expect(within(items[0]).getByText('Is it still available?')).toBeInTheDocument();

    const liza = within(list).getByRole('link', { name: 'Liza Santos' });
    expect(liza).toHaveAttribute('href', '/messages/t_2');
    expect(within(items[1]).queryByTestId('thread-unread')).not.toBeInTheDocument();
    expect(within(items[1]).getByText('You: Thanks!')).toBeInTheDocument();

    // the header badge has the unread total
    expect(await screen.findByRole('link', { name: 'Unread messages: 2' })).toHaveAttribute('href', '/messages');
  });

  it('says so when there are no conversations, and switches to the archive', async () => {
    signIn();
    const calls = serveMessaging(world({ archived: [makeThread({ _id: 't_9', archived: true, otherParticipant: LIZA })] }));
    const { user } = renderMessagingApp('/messages');
    expect(await screen.findByText('No conversations yet', {}, { timeout: 10000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Archived' }));
    const list = await screen.findByRole('list', { name: 'Archived conversations' });
    expect(within(list).getByRole('link', { name: /Liza Santos/ })).toBeInTheDocument();
    expect(calls.threadLists.map((p) => p.get('archived'))).toEqual(['false', 'true']);
    expect(calls.threadLists[0].get('limit')).toBe('20');
  });

  it('shows "Too many requests, please try again later" for a 429 and "Error getting threads" otherwise', async () => {
    signIn();
    server.use(http.get('*/api/threads', () => apiError(429, 'Too many requests, please try again later', 'Too Many Requests')));
    const first = renderMessagingApp('/messages');
    expect(await screen.findByText('Too many requests, please try again later', {}, { timeout: 10000 })).toBeInTheDocument();
    first.unmount();

    server.use(http.get('*/api/threads', () => apiError(403, 'Forbidden', 'Forbidden')));
    renderMessagingApp('/messages');
    expect(await screen.findByText('Error getting threads', {}, { timeout: 10000 })).toBeInTheDocument();
  });

  it('deletes (hides) a conversation after confirming', async () => {
    signIn();
    const calls = serveMessaging(world({ threads: [makeThread({ _id: 't_1' }), makeThread({ _id: 't_2', otherParticipant: LIZA })] }));
    const { user } = renderMessagingApp('/messages');
    await screen.findByRole('link', { name: /Liza Santos/ }, { timeout: 10000 });
    await user.click(screen.getByRole('button', { name: 'More actions for Liza Santos' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this conversation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.deleted).toEqual(['t_2']));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('link', { name: /Liza Santos/ })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: /Ramon Cruz/ })).toBeInTheDocument();
  });

  it('on a phone shows the list or the conversation, one at a time', async () => {
    signIn();
    serveMessaging(world({ threads: [makeThread({ _id: 't_1' })], messages: { t_1: [makeMessage({ at: 1, isRead: true })] } }));
    const { user, router } = renderMessagingApp('/messages');
    await user.click(await screen.findByRole('link', { name: /Ramon Cruz/ }, { timeout: 10000 }));
    await openConversation();
    expect(router.state.location.pathname).toBe('/messages/t_1');
    expect(screen.queryByRole('list', { name: 'Conversations' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to conversations' }));
    expect(await screen.findByRole('list', { name: 'Conversations' })).toBeInTheDocument();
    expect(screen.queryByTestId('conversation')).not.toBeInTheDocument();
  });

  it('on a desktop shows both, with a prompt until a conversation is picked', async () => {
    const restore = setDesktopWidth();
    try {
      signIn();
      serveMessaging(world({ threads: [makeThread({ _id: 't_1' })], messages: { t_1: [] } }));
      const { user } = renderMessagingApp('/messages');
      expect(await screen.findByText('Select a conversation', {}, { timeout: 10000 })).toBeInTheDocument();
      await user.click(await screen.findByRole('link', { name: /Ramon Cruz/ }));
      await openConversation();
      expect(screen.getByRole('list', { name: 'Conversations' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Back to conversations' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: /Ramon Cruz/ })).toHaveAttribute('aria-current', 'page');
    } finally {
      restore();
    }
  });

  it('a guest is sent to the 401 page', async () => {
    renderMessagingApp('/messages');
    expect(await screen.findByText('Please log in to access this page', {}, { timeout: 10000 })).toBeInTheDocument();
  });
});

describe('conversation', { timeout: 30_000 }, () => {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    restore = setDesktopWidth();
  });
  afterEach(() => restore());

  it('shows the messages newest last, own ones with Sent or Read, and text as plain text', async () => {
    signIn();
    serveMessaging(
      world({
        threads: [makeThread({ _id: 't_1' })],
        messages: {
          t_1: [
            makeMessage({ at: 1, content: 'Hello! <b>bold</b> <img src=x onerror="alert(1)">', isRead: true }),
            makeMessage({ at: 2, sender: ME, content: 'Hi, is it available?', isRead: true }),
            makeMessage({ at: 3, sender: ME, content: 'Can I visit Saturday?' }),
          ],
        },
      }),
    );
    renderMessagingApp('/messages/t_1');
    const conversation = await openConversation();
    expect(await within(conversation).findByTestId('conversation-title')).toHaveTextContent('Ramon Cruz');
    expect(within(conversation).getByRole('link', { name: /Sunny house in Loyola Heights/ })).toHaveAttribute('href', '/listings/l_1');
    await waitFor(() => expect(messageBubbles()).toHaveLength(3));
    const [first, second, third] = messageBubbles();
    expect(first).toHaveAttribute('data-mine', 'false');
    expect(within(first).getByTestId('message-text')).toHaveTextContent('Hello! <b>bold</b> <img src=x onerror="alert(1)">');
    expect(first.querySelector('b, img')).toBeNull();
    expect(within(first).queryByTestId('message-status')).not.toBeInTheDocument();
    expect(within(second).getByTestId('message-status')).toHaveTextContent('Read');
    expect(within(third).getByTestId('message-status')).toHaveTextContent('Sent');
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it('invites the first message in an empty thread', async () => {
    signIn();
    serveMessaging(world({ threads: [makeThread({ _id: 't_1' })], messages: { t_1: [] } }));
    renderMessagingApp('/messages/t_1');
    await openConversation();
    expect(await screen.findByText('Say hello…')).toBeInTheDocument();
  });

  it('says when the thread is not available', async () => {
    signIn();
    serveMessaging(world());
    renderMessagingApp('/messages/t_missing');
    expect(await screen.findByText('This conversation is not available', {}, { timeout: 10000 })).toBeInTheDocument();
  });

  it('loads older messages page by page', async () => {
    signIn();
    const all = Array.from({ length: 25 }, (_, i) => makeMessage({ at: i, isRead: true }));
    const calls = serveMessaging(world({ threads: [makeThread({ _id: 't_1' })], messages: { t_1: all } }));
    const { user } = renderMessagingApp('/messages/t_1');
    await openConversation();
    await waitFor(() => expect(messageBubbles()).toHaveLength(20));
    expect(messageBubbles()[0]).toHaveAttribute('data-message-id', 'm_5');
    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(messageBubbles()).toHaveLength(25));
    expect(messageBubbles().map((m) => m.getAttribute('data-message-id'))).toEqual(all.map((m) => m._id));
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
    expect(calls.messagePages.map((c) => [c.params.get('page'), c.params.get('limit')])).toEqual([
      ['1', '20'],
      ['2', '20'],
    ]);
  });

  it('opening a thread marks the unread messages from the other member read over the socket', async () => {
    signIn();
    serveMessaging(
      world({
        unread: 3,
        threads: [makeThread({ _id: 't_1', unreadCount: 2 }), makeThread({ _id: 't_2', otherParticipant: LIZA, unreadCount: 1 })],
        messages: {
          t_1: [makeMessage({ at: 1 }), makeMessage({ at: 2 }), makeMessage({ at: 3, sender: ME }), makeMessage({ at: 4, isRead: true })],
        },
      }),
    );
    const { socket } = renderMessagingApp('/messages/t_1');
    socket().ackWith = (event, payload) =>
      event === 'markAsRead' ? { success: true, messageIds: (payload as { messageIds: string[] }).messageIds } : { success: false };
    act(() => socket().connectNow());
    await openConversation();
    await waitFor(() => expect(socket().emitsOf('markAsRead')).toEqual([{ threadId: 't_1', messageIds: ['m_1', 'm_2'] }]));
    // the thread's badge and the header total go down by the two read
    expect(await screen.findByRole('link', { name: 'Unread messages: 1' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    await waitFor(() => expect(within(list).getByRole('link', { name: /Ramon Cruz/ })).toHaveAccessibleName('Ramon Cruz, Sunny house in Loyola Heights'));
  });

  it('more unread messages than one page: the loaded ones over the socket, the rest in one HTTP call', async () => {
    signIn();
    const all = Array.from({ length: 25 }, (_, i) => makeMessage({ at: i }));
    const calls = serveMessaging(world({ unread: 25, threads: [makeThread({ _id: 't_1', unreadCount: 25 })], messages: { t_1: all } }));
    const { socket } = renderMessagingApp('/messages/t_1');
    socket().ackWith = (event, payload) =>
      event === 'markAsRead' ? { success: true, messageIds: (payload as { messageIds: string[] }).messageIds } : { success: false };
    act(() => socket().connectNow());
    await openConversation();
    await waitFor(() => expect(socket().emitsOf('markAsRead')).toEqual([{ threadId: 't_1', messageIds: all.slice(5).map((m) => m._id) }]));
    await waitFor(() => expect(calls.markRead).toEqual(['t_1']));
    const list = await screen.findByRole('list', { name: 'Conversations' });
    await waitFor(() => expect(within(list).getByRole('link', { name: /Ramon Cruz/ })).toHaveAccessibleName('Ramon Cruz, Sunny house in Loyola Heights'));
  });

  it('without a socket, opening a thread marks it read over HTTP', async () => {
    signIn();
    const calls = serveMessaging(world({ unread: 1, threads: [makeThread({ _id: 't_1', unreadCount: 1 })], messages: { t_1: [makeMessage({ at: 1 })] } }));
    renderMessagingApp('/messages/t_1', { socket: false });
    await openConversation();
    await waitFor(() => expect(calls.markRead).toEqual(['t_1']));
  });
});

describe('sending', { timeout: 30_000 }, () => {
  function setup(messages: Message[] = [makeMessage({ at: 1, isRead: true })]) {
    signIn();
    const calls = serveMessaging(world({ threads: [makeThread({ _id: 't_1' })], messages: { t_1: messages } }));
    return calls;
  }

  it('a text message shows "Sending…" at once, then the server message (over the socket)', async () => {
    setup();
    const { socket, user } = renderMessagingApp('/messages/t_1');
    let answer: (value: unknown) => void = () => undefined;
    socket().ackWith = (event) => (event === 'sendMessage' ? new Promise((resolve) => (answer = resolve)) : { success: true, messageIds: [] });
    act(() => socket().connectNow());
    await openConversation();
    await waitFor(() => expect(messageBubbles()).toHaveLength(1));

    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Is it available this weekend?');
    await user.keyboard('{Enter}');

    // optimistic: shown at once as sending, the box cleared
    const pending = await screen.findByText('Sending…');
    expect(pending.closest('[data-testid="message"]')).toHaveTextContent('Is it available this weekend?');
    expect(box).toHaveValue('');
    expect(socket().emitsOf('sendMessage')).toEqual([
      { threadId: 't_1', content: 'Is it available this weekend?', attachments: [], clientId: expect.stringMatching(/^temp-/) },
    ]);

    const server = stored('Is it available this weekend?');
    act(() => answer({ success: true, message: server }));
    await waitFor(() => expect(screen.queryByText('Sending…')).not.toBeInTheDocument());
    const mine = messageBubbles().filter((m) => m.getAttribute('data-mine') === 'true');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toHaveAttribute('data-message-id', 'm_srv');
    expect(within(mine[0]).getByTestId('message-status')).toHaveTextContent('Sent');

    // the same message again over the socket (another tab's echo) is not added twice
    act(() => socket().serverEmit('newMessage', server));
    expect(messageBubbles()).toHaveLength(2);

    // the other member reads it: "Read"
    act(() => socket().serverEmit('messagesRead', { threadId: 't_1', userId: OTHER._id, messageIds: ['m_srv'] }));
    await waitFor(() => expect(within(messageBubbles()[1]).getByTestId('message-status')).toHaveTextContent('Read'));
  });

  it('Shift+Enter starts a new line; the Send button sends', async () => {
    setup();
    const { socket, user } = renderMessagingApp('/messages/t_1');
    socket().ackWith = (event, payload) =>
      event === 'sendMessage' ? { success: true, message: stored((payload as { content: string }).content) } : { success: true };
    act(() => socket().connectNow());
    await openConversation();
    await waitFor(() => expect(messageBubbles()).toHaveLength(1));
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(box).toHaveValue('Line one\nLine two');
    expect(socket().emitsOf('sendMessage')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(socket().emitsOf('sendMessage')).toEqual([
        { threadId: 't_1', content: 'Line one\nLine two', attachments: [], clientId: expect.stringMatching(/^temp-/) },
      ]),
    );
    await waitFor(() => expect(messageBubbles()).toHaveLength(2));
  });

  it('a failed send removes the message and shows the error', async () => {
    setup();
    const { socket, user } = renderMessagingApp('/messages/t_1');
    socket().ackWith = (event) =>
      event === 'sendMessage' ? { success: false, error: 'Too many requests, please try again later' } : { success: true };
    act(() => socket().connectNow());
    await openConversation();
    await waitFor(() => expect(messageBubbles()).toHaveLength(1));
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Hello?{Enter}');

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Message not sent');
    expect(toast).toHaveTextContent('Too many requests, please try again later');
    await waitFor(() => expect(messageBubbles()).toHaveLength(1));
    expect(screen.queryByText('Sending…')).not.toBeInTheDocument();
    // the text comes back to the box, ready to retry
    expect(box).toHaveValue('Hello?');
  });

  it('without a socket, text goes as JSON over HTTP', async () => {
    const calls = setup();
    server.use(
      http.post('*/api/threads/:threadId/messages', async ({ request, params }) => {
        const json = (await request.json()) as { content: string };
        calls.sent.push({ threadId: String(params.threadId), contentType: request.headers.get('content-type') ?? '', json });
        return HttpResponse.json(stored(json.content), { status: 201 });
      }),
    );
    const { user } = renderMessagingApp('/messages/t_1', { socket: false });
    await openConversation();
    await waitFor(() => expect(messageBubbles()).toHaveLength(1));
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Over HTTP{Enter}');
    await waitFor(() => expect(calls.sent).toHaveLength(1));
    expect(calls.sent[0].json).toEqual({ content: 'Over HTTP', attachments: [], clientId: expect.stringMatching(/^temp-/) });
    expect(calls.sent[0].contentType).toContain('application/json');
    await waitFor(() => expect(screen.getByText('Over HTTP').closest('[data-testid="message"]')).toHaveAttribute('data-message-id', 'm_srv'));
  });

  it('checks files before sending: type, size and count', async () => {
    setup();
    const { user } = renderMessagingApp('/messages/t_1');
    await openConversation();
    await waitFor(() => expect(messageBubbles()).toHaveLength(1));
    const input = screen.getByTestId('attach-input');
    const big = new File(['x'], 'tour.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(input, [big, new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    const problems = await screen.findByTestId('attachment-problems');
    expect(problems).toHaveTextContent('tour.mp4 is larger than 10 MB');
    expect(problems).toHaveTextContent('notes.txt is not an image, video or PDF');
    expect(screen.queryAllByTestId('picked-file')).toHaveLength(0);

    const six = Array.from({ length: 6 }, (_, i) => new File(['x'], `p${i}.png`, { type: 'image/png' }));
    await user.upload(input, six);
    expect(screen.getAllByTestId('picked-file')).toHaveLength(5);
    expect(screen.getByTestId('attachment-problems')).toHaveTextContent('You can attach at most 5 files to a message');
    await user.click(screen.getByRole('button', { name: 'Remove p0.png' }));
    expect(screen.getAllByTestId('picked-file')).toHaveLength(4);
  });

  it('files go as multipart over HTTP with attachmentsJson, and show as previews and links', async () => {
    const calls = setup();
    server.use(
      http.post('*/api/threads/:threadId/messages', async ({ request, params }) => {
        const form = await request.formData();
        calls.sent.push({ threadId: String(params.threadId), contentType: request.headers.get('content-type') ?? '', form });
        return HttpResponse.json(
          stored('Floor plan and photo', {
            attachments: [
              { _id: 'a1', type: 'image', url: 'https://files.example/front.jpg?sig=1', filename: 'front.jpg', size: 2048, contentType: 'image/jpeg' },
              { _id: 'a2', type: 'pdf', url: 'https://files.example/plan.pdf?sig=1', filename: 'plan.pdf', size: 4096, contentType: 'application/pdf' },
            ],
          }),
          { status: 201 },
        );
      }),
    );
    const { socket, user } = renderMessagingApp('/messages/t_1');
    act(() => socket().connectNow());
    await openConversation();
    await waitFor(() => expect(messageBubbles()).toHaveLength(1));
    await user.upload(screen.getByTestId('attach-input'), [
      new File(['jpeg'], 'front.jpg', { type: 'image/jpeg' }),
      new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' }),
    ]);
    expect(screen.getAllByTestId('picked-file')).toHaveLength(2);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Floor plan and photo');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(calls.sent).toHaveLength(1));
    expect(socket().emitsOf('sendMessage')).toEqual([]);
    const form = calls.sent[0].form!;
    expect(calls.sent[0].contentType).toContain('multipart/form-data');
    expect(form.get('content')).toBe('Floor plan and photo');
    expect((form.getAll('attachments') as File[]).map((f) => f.name)).toEqual(['front.jpg', 'plan.pdf']);
    expect(JSON.parse(form.get('attachmentsJson') as string)).toEqual([
      { filename: 'front.jpg', type: 'image' },
      { filename: 'plan.pdf', type: 'pdf' },
    ]);

    const sent = await waitFor(() => {
      const el = messageBubbles().find((m) => m.getAttribute('data-message-id') === 'm_srv');
      expect(el).toBeTruthy();
      return el!;
    });
    expect(within(sent).getByRole('img', { name: 'front.jpg' })).toHaveAttribute('src', 'https://files.example/front.jpg?sig=1');
    expect(within(sent).getByRole('link', { name: /plan\.pdf/ })).toHaveAttribute('href', 'https://files.example/plan.pdf?sig=1');
    expect(screen.queryAllByTestId('picked-file')).toHaveLength(0);

    // an image opens larger on click
    await user.click(within(sent).getByRole('button', { name: 'Open front.jpg' }));
    expect(await screen.findByRole('dialog', { name: 'front.jpg' })).toBeInTheDocument();
  });

  it('a failed upload shows "Upload failed: {status} {text}" and keeps the files', async () => {
    setup();
    server.use(http.post('*/api/threads/:threadId/messages', () => apiError(413, 'File too large', 'Payload Too Large')));
    const { user } = renderMessagingApp('/messages/t_1');
    await openConversation();
    await waitFor(() => expect(messageBubbles()).toHaveLength(1));
    await user.upload(screen.getByTestId('attach-input'), [new File(['jpeg'], 'front.jpg', { type: 'image/jpeg' })]);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Upload failed: 413 File too large');
    await waitFor(() => expect(messageBubbles()).toHaveLength(1));
    expect(screen.getAllByTestId('picked-file')).toHaveLength(1);
  });
});

describe('realtime updates', { timeout: 30_000 }, () => {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    restore = setDesktopWidth();
  });
  afterEach(() => restore());

  it('a new message in another thread raises its unread badge and the header total; in the open one it is marked read', async () => {
    signIn();
    serveMessaging(
      world({
        unread: 1,
        threads: [makeThread({ _id: 't_1' }), makeThread({ _id: 't_2', otherParticipant: LIZA }), makeThread({ _id: 't_3', unreadCount: 1 })],
        messages: { t_1: [makeMessage({ at: 1, isRead: true })] },
      }),
    );
    const { socket } = renderMessagingApp('/messages/t_1');
    socket().ackWith = (event, payload) =>
      event === 'markAsRead' ? { success: true, messageIds: (payload as { messageIds: string[] }).messageIds } : { success: true };
    act(() => socket().connectNow());
    await openConversation();
    await waitFor(() => expect(messageBubbles()).toHaveLength(1));
    await screen.findByRole('link', { name: 'Unread messages: 1' });

    const elsewhere = makeMessage({ _id: 'm_liza', threadId: 't_2', sender: LIZA, content: 'Still looking?', at: 700 });
    act(() => socket().serverEmit('newMessage', elsewhere));
    act(() => socket().serverEmit('newMessage', elsewhere)); // delivered twice: counted once
    expect(await screen.findByRole('link', { name: 'Unread messages: 2' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Conversations' });
    const liza = within(list).getByRole('link', { name: /Liza Santos/ });
    expect(liza).toHaveAccessibleName('Liza Santos, Sunny house in Loyola Heights, 1 unread');
    expect(within(list).getAllByTestId('thread-item')[0]).toHaveAttribute('data-thread-id', 't_2');

    const here = makeMessage({ _id: 'm_here', threadId: 't_1', content: 'Yes, Saturday works', at: 701 });
    act(() => socket().serverEmit('newMessage', here));
    expect(await within(screen.getByTestId('message-list')).findByText('Yes, Saturday works')).toBeInTheDocument();
    expect(within(list).getAllByTestId('thread-item')[0]).toHaveAttribute('data-thread-id', 't_1');
    await waitFor(() => expect(socket().emitsOf('markAsRead')).toContainEqual({ threadId: 't_1', messageIds: ['m_here'] }));
    // not counted (the thread is open), so its read receipt takes nothing off either
    await waitFor(() => expect(within(screen.getByTestId('message-list')).getByText('Yes, Saturday works')).toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('link', { name: 'Unread messages: 2' })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: /Ramon Cruz/, current: 'page' })).toHaveAccessibleName('Ramon Cruz, Sunny house in Loyola Heights');
  });

  it('after a reconnection the thread list and the open thread are fetched again', async () => {
    signIn();
    const state = world({ threads: [makeThread({ _id: 't_1' })], messages: { t_1: [makeMessage({ at: 1, isRead: true })] } });
    const calls = serveMessaging(state);
    const { socket } = renderMessagingApp('/messages/t_1');
    act(() => socket().connectNow());
    await openConversation();
    await waitFor(() => expect(messageBubbles()).toHaveLength(1));
    await screen.findByRole('list', { name: 'Conversations' });
    const lists = calls.threadLists.length;
    const pages = calls.messagePages.length;

    // sent while the connection was down
    state.messages.t_1 = [...state.messages.t_1, makeMessage({ at: 2, isRead: true, content: 'Sent while you were away' })];
    act(() => socket().drop());
    act(() => socket().connectNow());
    expect(await screen.findByText('Sent while you were away')).toBeInTheDocument();
    expect(calls.threadLists.length).toBeGreaterThan(lists);
    expect(calls.messagePages.length).toBeGreaterThan(pages);
  });

  it('a message in a thread the list does not have refetches the list', async () => {
    signIn();
    const state = world({ threads: [makeThread({ _id: 't_1' })] });
    const calls = serveMessaging(state);
    const { socket } = renderMessagingApp('/messages');
    act(() => socket().connectNow());
    await screen.findByRole('list', { name: 'Conversations' }, { timeout: 10000 });
    const before = calls.threadLists.length;
    const thread = makeThread({ _id: 't_new', otherParticipant: LIZA, unreadCount: 1 });
    state.threads = [thread, ...state.threads];
    state.unread = 1;
    act(() => socket().serverEmit('newMessage', makeMessage({ _id: 'm_new', threadId: 't_new', sender: LIZA, at: 800 })));
    expect(await screen.findByRole('link', { name: /Liza Santos/ })).toBeInTheDocument();
    expect(calls.threadLists.length).toBeGreaterThan(before);
    expect(await screen.findByRole('link', { name: 'Unread messages: 1' })).toBeInTheDocument();
  });
});
