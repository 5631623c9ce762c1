import { messages, notifications, users } from '@app/db';
import { JwtService } from '@nestjs/jwt';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { PDF_BYTES } from '../../../test/fixtures';
import { connect, emitWithAck, eventually, listen, record, refusal, settle } from '../../../test/realtime';
import { auth, createUser, PASSWORD, startTestApp, type TestApp } from '../../../test/test-app';
import { eventsSettled } from '../../../test/events';

type Member = Awaited<ReturnType<typeof createUser>>;
interface Ack {
  success: boolean;
  error?: string;
  message?: { _id: string; content: string; threadId: string; sender: { _id: string }; clientId?: string };
  messageIds?: string[];
}

describe('messaging over the socket (socket.io, real PostgreSQL and Redis)', () => {
  let t: TestApp;
  let url: string;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  let threadId: string;
  const sockets: Socket[] = [];
  const open = async (token: string, options?: { header?: boolean }) => {
    const s = await connect(url, token, options);
    sockets.push(s);
    return s;
  };
  const login = async (email: string) => (await t.http.post('/api/user/login').send({ email, password: PASSWORD }).expect(200)).body.token as string;

  beforeAll(async () => {
    t = await startTestApp();
    url = await listen(t);
    alice = await createUser(t, { firstName: 'Alice', lastName: 'Reyes' });
    bob = await createUser(t, { firstName: 'Bob', lastName: 'Santos' });
    carol = await createUser(t, { firstName: 'Carol', lastName: 'Cruz' });
    threadId = (await t.http.post('/api/threads').set(auth(alice.token)).send({ participantId: bob.user._id }).expect(201)).body._id;
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  afterAll(() => t.close());

  describe('connecting', () => {
    it('accepts a valid token from the handshake auth or the Authorization header', async () => {
      const a = await open(alice.token);
      expect(a.connected).toBe(true);
      const b = await open(bob.token, { header: true });
      expect(b.connected).toBe(true);
    });

    it('refuses a connection without a token, with a bad one, and with a token of a logged-out session', async () => {
      expect(await refusal(url)).toBe('Not authenticated');
      expect(await refusal(url, 'not-a-jwt')).toBe('Invalid or expired token');
      const forged = new JwtService({ secret: randomBytes(32).toString('hex') }).sign({ sub: alice.user._id, sid: '00000000-0000-4000-8000-000000000000' });
      expect(await refusal(url, forged)).toBe('Invalid or expired token');
      const token = await login(alice.user.email);
      (await open(token)).close();
      await t.http.get('/api/user/logout').set(auth(token)).expect(200);
      expect(await refusal(url, token)).toBe('Invalid or expired token');
    });

    it('speaks websocket only (long-polling is not served)', async () => {
      const polling = io(url, { transports: ['polling'], reconnection: false, forceNew: true, auth: { token: alice.token } });
      const outcome = await new Promise<string>((resolve) => {
        polling.once('connect', () => resolve('connected'));
        polling.once('connect_error', () => resolve('refused'));
      });
      polling.close();
      expect(outcome).toBe('refused');
    });

    it('closes the open connections of a session when it is revoked (logout), and only those', async () => {
      const token = await login(alice.user.email);
      const revoked = await open(token);
      const other = await open(alice.token);
      const reasons: string[] = [];
      revoked.on('disconnect', (reason) => reasons.push(reason));
      await t.http.get('/api/user/logout').set(auth(token)).expect(200);
      await eventually(() => reasons.length > 0, 'the revoked socket to be disconnected');
      expect(reasons).toEqual(['io server disconnect']);
      await settle(100);
      expect(other.connected).toBe(true);
    });

    it('closes every connection of a member an admin removes', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const member = await createUser(t);
      const socket = await open(member.token);
      const gone = record<string>(socket, 'disconnect');
      await t.http.delete(`/api/user/remove/${member.user._id}`).set(auth(admin.token)).expect(200);
      await eventually(() => gone.length > 0, 'the removed member to be disconnected');
      expect(await refusal(url, member.token)).toBe('Invalid or expired token');
    });

    it('closes the other sessions’ connections when the password changes', async () => {
      const member = await createUser(t);
      const second = await login(member.user.email);
      const keep = await open(member.token);
      const drop = await open(second);
      const dropped = record<string>(drop, 'disconnect');
      await t.http
        .post('/api/user/update/password')
        .set(auth(member.token))
        .send({ userId: member.user._id, currentPassword: PASSWORD, newPassword: 'another-horse-10' })
        .expect(200);
      await eventually(() => dropped.length > 0, 'the other session to be disconnected');
      await settle(100);
      expect(keep.connected).toBe(true);
      expect(await refusal(url, second)).toBe('Invalid or expired token');
    });
  });

  describe('sendMessage and newMessage', () => {
    it('acknowledges with the saved message and delivers it once to the other user and the sender’s other tabs', async () => {
      const a1 = await open(alice.token);
      const a2 = await open(alice.token);
      const b1 = await open(bob.token);
      const c1 = await open(carol.token);
      const seen = { a1: record<Ack['message']>(a1, 'newMessage'), a2: record<Ack['message']>(a2, 'newMessage'), b1: record<Ack['message']>(b1, 'newMessage'), c1: record<Ack['message']>(c1, 'newMessage') };

      const ack = await emitWithAck<Ack>(a1, 'sendMessage', { threadId, content: '  Hello <b>Bob</b>  ', attachments: [] });
      expect(ack).toMatchObject({ success: true, message: { threadId, content: 'Hello <b>Bob</b>', sender: { _id: alice.user._id } } });
      const id = ack.message!._id;
      await eventually(() => seen.b1.length > 0 && seen.a2.length > 0, 'newMessage on the other sockets');
      await settle();
      expect(seen.b1.map((m) => m!._id)).toEqual([id]);
      expect(seen.a2.map((m) => m!._id)).toEqual([id]);
      expect(seen.b1[0]).toEqual(ack.message);
      expect(seen.a1).toEqual([]);
      expect(seen.c1).toEqual([]);

      const page = await t.http.get(`/api/threads/${threadId}/messages`).set(auth(bob.token)).expect(200);
      expect(page.body.messages.at(-1)._id).toBe(id);
    });

    it('pushes a message sent over HTTP to every participant connection', async () => {
      const a1 = await open(alice.token);
      const b1 = await open(bob.token);
      const b2 = await open(bob.token);
      const seen = [record<Ack['message']>(a1, 'newMessage'), record<Ack['message']>(b1, 'newMessage'), record<Ack['message']>(b2, 'newMessage')];
      const res = await t.http.post(`/api/threads/${threadId}/messages`).set(auth(bob.token)).send({ content: 'sent over HTTP' }).expect(201);
      await eventually(() => seen.every((s) => s.length > 0), 'newMessage on every connection');
      await settle();
      for (const s of seen) expect(s.map((m) => m!._id)).toEqual([res.body._id]);
      expect(seen[0][0]).toEqual(res.body);
    });

    it('echoes a clientId in the answer and in the sender’s own newMessage only, over HTTP (JSON, multipart) and the socket; never stored', async () => {
      const a1 = await open(alice.token);
      const a2 = await open(alice.token);
      const b1 = await open(bob.token);
      const seen = { a1: record<Ack['message']>(a1, 'newMessage'), a2: record<Ack['message']>(a2, 'newMessage'), b1: record<Ack['message']>(b1, 'newMessage') };

      // multipart with files: the sender's sockets get the echo (maybe before the HTTP answer), the other member does not
      const upload = await t.http
        .post(`/api/threads/${threadId}/messages`)
        .set(auth(alice.token))
        .field('content', 'the deed')
        .field('clientId', 'temp-m1abc2d3-k9x8y7z6')
        .attach('attachments', PDF_BYTES, 'deed.pdf')
        .expect(201);
      expect(upload.body).toMatchObject({ content: 'the deed', clientId: 'temp-m1abc2d3-k9x8y7z6' });
      // JSON
      const json = await t.http
        .post(`/api/threads/${threadId}/messages`)
        .set(auth(alice.token))
        .send({ content: 'as JSON', attachments: [], clientId: 'temp_2' })
        .expect(201);
      expect(json.body.clientId).toBe('temp_2');
      // the socket: the ack and the sender's other tab carry it
      const ack = await emitWithAck<Ack>(a1, 'sendMessage', { threadId, content: 'over the socket', clientId: 'temp-3' });
      expect(ack).toMatchObject({ success: true, message: { content: 'over the socket', clientId: 'temp-3' } });

      await eventually(() => seen.a1.length === 2 && seen.a2.length === 3 && seen.b1.length === 3, 'newMessage on every connection');
      await settle();
      const ids = [upload.body._id, json.body._id, ack.message!._id];
      expect(seen.a1).toEqual([upload.body, json.body]);
      expect(seen.a2).toEqual([upload.body, json.body, ack.message]);
      expect(seen.b1.map((m) => m!._id)).toEqual(ids);
      for (const m of seen.b1) expect(m).not.toHaveProperty('clientId');
      const { clientId: _c, ...withoutEcho } = upload.body as { clientId: string };
      expect(seen.b1[0]).toEqual(withoutEcho);

      // stored without it: the pages of both members and the thread's last message
      for (const who of [alice, bob]) {
        const page = await t.http.get(`/api/threads/${threadId}/messages`).set(auth(who.token)).expect(200);
        expect(page.body.messages.slice(-3).map((m: { _id: string }) => m._id)).toEqual(ids);
        expect(JSON.stringify(page.body)).not.toMatch(/clientId|temp-m1abc2d3|temp_2|temp-3/);
        const thread = await t.http.get(`/api/threads/${threadId}`).set(auth(who.token)).expect(200);
        expect(thread.body.lastMessage._id).toBe(ack.message!._id);
        expect(thread.body.lastMessage).not.toHaveProperty('clientId');
      }
    });

    it('refuses a clientId that is not a short token, storing and sending nothing', async () => {
      const a1 = await open(alice.token);
      const b1 = await open(bob.token);
      const leaked = record(b1, 'newMessage');
      const message = "clientId must be 1 to 64 letters, digits, '-' or '_'";
      for (const clientId of ['', 'x'.repeat(65), 'temp 1', '<b>', 42, ['temp-1'], { id: 'temp-1' }]) {
        const res = await t.http.post(`/api/threads/${threadId}/messages`).set(auth(alice.token)).send({ content: 'bad clientId', clientId }).expect(400);
        expect(res.body.message).toEqual(expect.arrayContaining([message]));
        expect(await emitWithAck(a1, 'sendMessage', { threadId, content: 'bad clientId', clientId })).toEqual({ success: false, error: message });
      }
      const multipart = await t.http
        .post(`/api/threads/${threadId}/messages`)
        .set(auth(alice.token))
        .field('content', 'bad clientId')
        .field('clientId', 'no/slashes')
        .attach('attachments', PDF_BYTES, 'deed.pdf')
        .expect(400);
      expect(multipart.body.message).toEqual(expect.arrayContaining([message]));
      expect(await t.db.select().from(messages).where(eq(messages.content, 'bad clientId'))).toEqual([]);
      await settle();
      expect(leaked).toEqual([]);
    });

    it('acknowledges failures: not a participant, malformed thread, files, no text', async () => {
      const c1 = await open(carol.token);
      const b1 = await open(bob.token);
      const leaked = record(b1, 'newMessage');
      expect(await emitWithAck(c1, 'sendMessage', { threadId, content: 'let me in' })).toEqual({ success: false, error: 'Thread not found' });
      expect(await emitWithAck(c1, 'sendMessage', { threadId: 'nope', content: 'x' })).toEqual({ success: false, error: 'Thread not found' });
      expect(await emitWithAck(c1, 'sendMessage', null)).toEqual({ success: false, error: 'A message needs text or at least one attachment' });
      const a1 = await open(alice.token);
      expect(await emitWithAck(a1, 'sendMessage', { threadId, content: 'file', attachments: [{ name: 'x.png' }] })).toEqual({
        success: false,
        error: "Send attachment files as multipart/form-data in 'attachments'",
      });
      expect(await emitWithAck(a1, 'sendMessage', { threadId, content: '   ' })).toEqual({
        success: false,
        error: 'A message needs text or at least one attachment',
      });
      expect(await emitWithAck(a1, 'sendMessage', { threadId, content: 42 })).toEqual({ success: false, error: 'content must be text' });
      await settle();
      expect(leaked).toEqual([]);
    });

    it('writes the notification with the sender’s name as it is now, and checks membership on every send (nothing is cached)', async () => {
      const a1 = await open(alice.token);
      const before = await emitWithAck<Ack>(a1, 'sendMessage', { threadId, content: 'before the rename' });
      await t.http.put('/api/user/update').set(auth(alice.token)).send({ firstName: 'Alicia' }).expect(200);
      const after = await emitWithAck<Ack>(a1, 'sendMessage', { threadId, content: 'after the rename' });
      await t.http.put('/api/user/update').set(auth(alice.token)).send({ firstName: 'Alice' }).expect(200);
      expect(after.message!.sender).toMatchObject({ _id: alice.user._id, firstName: 'Alicia', lastName: 'Reyes' });
      await eventsSettled(t.app);
      const rows = await t.db.select().from(notifications).where(eq(notifications.userId, bob.user._id));
      const of = (id: string) => rows.filter((n) => (n.data as { messageId?: string }).messageId === id);
      expect(of(before.message!._id)).toEqual([
        expect.objectContaining({
          type: 'message',
          title: 'New message from Alice Reyes',
          body: 'before the rename',
          data: { threadId, messageId: before.message!._id, senderId: alice.user._id, listingId: null },
          readAt: null,
        }),
      ]);
      expect(of(after.message!._id)).toEqual([expect.objectContaining({ title: 'New message from Alicia Reyes', body: 'after the rename' })]);

      // a membership that ends (the other member's account deleted takes the thread with it) is refused at the next send
      const dave = await createUser(t, { firstName: 'Dave', lastName: 'Lim' });
      const daveThread = (await t.http.post('/api/threads').set(auth(alice.token)).send({ participantId: dave.user._id }).expect(201)).body._id;
      expect((await emitWithAck<Ack>(a1, 'sendMessage', { threadId: daveThread, content: 'are you there?' })).success).toBe(true);
      await t.db.delete(users).where(eq(users.id, dave.user._id));
      expect(await emitWithAck(a1, 'sendMessage', { threadId: daveThread, content: 'hello, anyone?' })).toEqual({ success: false, error: 'Thread not found' });
      expect(await t.db.select().from(messages).where(eq(messages.content, 'hello, anyone?'))).toEqual([]);
    });
  });

  describe('markAsRead and messagesRead', () => {
    it('marks the other side’s messages read, tells the sender, and updates the counts', async () => {
      const { _id: tid } = (await t.http.post('/api/threads').set(auth(carol.token)).send({ participantId: bob.user._id }).expect(201)).body;
      const c1 = await open(carol.token);
      const b1 = await open(bob.token);
      // bob's other threads hold unread messages of earlier tests: count from there
      await t.http.post(`/api/threads/${threadId}/read`).set(auth(bob.token)).expect(200);
      const ids: string[] = [];
      for (const text of ['one', 'two', 'three']) {
        ids.push(((await emitWithAck<Ack>(c1, 'sendMessage', { threadId: tid, content: text })).message as { _id: string })._id);
      }
      const mine = (await emitWithAck<Ack>(b1, 'sendMessage', { threadId: tid, content: 'mine' })).message!._id;
      const unreadOf = async (m: Member) => (await t.http.get('/api/threads/unread-count').set(auth(m.token)).expect(200)).body.count;
      const listUnread = async (m: Member) =>
        (await t.http.get('/api/threads').set(auth(m.token)).expect(200)).body.threads.find((th: { _id: string }) => th._id === tid).unreadCount;
      expect(await unreadOf(bob)).toBe(3);
      expect(await unreadOf(carol)).toBe(1);

      const receipts = record<{ threadId: string; userId: string; messageIds: string[] }>(c1, 'messagesRead');
      const bobReceipts = record(b1, 'messagesRead');
      // only the listed ones (and never the reader's own message)
      const first = await emitWithAck<Ack>(b1, 'markAsRead', { threadId: tid, messageIds: [ids[0], mine] });
      expect(first).toEqual({ success: true, messageIds: [ids[0]] });
      await eventually(() => receipts.length === 1, 'messagesRead');
      expect(receipts[0]).toEqual({ threadId: tid, userId: bob.user._id, messageIds: [ids[0]] });
      expect(await unreadOf(bob)).toBe(2);
      expect(await listUnread(bob)).toBe(2);

      // then all the rest
      const rest = await emitWithAck<Ack>(b1, 'markAsRead', { threadId: tid });
      expect(rest.success).toBe(true);
      expect([...rest.messageIds!].sort()).toEqual([ids[1], ids[2]].sort());
      await eventually(() => receipts.length === 2, 'the second messagesRead');
      expect([...receipts[1].messageIds].sort()).toEqual([ids[1], ids[2]].sort());
      expect(await unreadOf(bob)).toBe(0);
      expect(await listUnread(bob)).toBe(0);
      expect(await unreadOf(carol)).toBe(1);

      // nothing left: acknowledged, but no receipt is sent
      expect(await emitWithAck(b1, 'markAsRead', { threadId: tid })).toEqual({ success: true, messageIds: [] });
      await settle();
      expect(receipts).toHaveLength(2);
      expect(bobReceipts).toEqual([]);

      const page = await t.http.get(`/api/threads/${tid}/messages`).set(auth(carol.token)).expect(200);
      expect(page.body.messages.filter((m: { isRead: boolean }) => m.isRead).map((m: { _id: string }) => m._id).sort()).toEqual([...ids].sort());
    });

    it('answers "Thread not found" to somebody else, and marking over HTTP also sends the receipt', async () => {
      const a1 = await open(alice.token);
      const c1 = await open(carol.token);
      expect(await emitWithAck(c1, 'markAsRead', { threadId })).toEqual({ success: false, error: 'Thread not found' });
      const receipts = record<{ messageIds: string[] }>(a1, 'messagesRead');
      await emitWithAck(a1, 'sendMessage', { threadId, content: 'read me' });
      const res = await t.http.post(`/api/threads/${threadId}/read`).set(auth(bob.token)).expect(200);
      expect(res.body.messageIds.length).toBeGreaterThan(0);
      await eventually(() => receipts.length === 1, 'messagesRead after the HTTP read');
      expect(receipts[0]).toEqual({ threadId, userId: bob.user._id, messageIds: res.body.messageIds });
    });
  });
});

describe('socket sending limit', () => {
  let t: TestApp;
  let url: string;
  afterAll(() => t.close());

  it('acknowledges { success: false } past the per-user sending limit, shared with HTTP', async () => {
    t = await startTestApp({ MESSAGE_SEND_PER_MINUTE: '3' });
    url = await listen(t);
    const [a, b] = await Promise.all([createUser(t), createUser(t)]);
    const threadId = (await t.http.post('/api/threads').set(auth(a.token)).send({ participantId: b.user._id }).expect(201)).body._id;
    await t.http.post(`/api/threads/${threadId}/messages`).set(auth(a.token)).send({ content: 'http' }).expect(201);
    const s = await connect(url, a.token);
    try {
      expect(await emitWithAck(s, 'sendMessage', { threadId, content: 'socket' })).toMatchObject({ success: true });
      expect(await emitWithAck(s, 'sendMessage', { threadId, content: 'one too many' })).toEqual({
        success: false,
        error: 'Too many requests, please try again later',
      });
    } finally {
      s.close();
    }
  });
});
