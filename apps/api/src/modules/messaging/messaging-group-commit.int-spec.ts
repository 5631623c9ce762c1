import { messages, notifications, outbox, threads } from '@app/db';
import { eventsSettled } from '../../../test/events';
import { asc, eq, inArray } from 'drizzle-orm';
import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { REDIS } from '../../common/redis/redis.module';
import { messageNotificationBody } from '../notifications/message-notification';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';
import { leaseSize, MessageRateLimiter } from './message-rate-limit';
import type { AppConfig } from '../../common/config/config';
import { APP_CONFIG } from '../../common/config/config';
import { MessagingRepository, type NewMessage } from './messaging.repository';

type Member = Awaited<ReturnType<typeof createUser>>;

describe('messaging: group commit of sends and batched rate limiting (real PostgreSQL and Redis)', () => {
  let t: TestApp;
  let repo: MessagingRepository;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  let threadId: string;
  let otherThreadId: string;

  const message = (sender: Member, thread: string, content: string): NewMessage => ({
    id: randomUUID(),
    threadId: thread,
    senderId: sender.user._id,
    content,
    attachments: [],
    notificationBody: messageNotificationBody(content),
  });
  const stored = (ids: string[]) => t.db.select().from(messages).where(inArray(messages.id, ids)).orderBy(asc(messages.createdAt));

  beforeAll(async () => {
    t = await startTestApp({ MESSAGE_SEND_PER_MINUTE: '5' });
    repo = t.app.get(MessagingRepository);
    alice = await createUser(t, { firstName: 'Alice', lastName: 'Reyes' });
    bob = await createUser(t, { firstName: 'Bob', lastName: 'Santos' });
    carol = await createUser(t, { firstName: 'Carol', lastName: 'Cruz' });
    threadId = (await t.http.post('/api/threads').set(auth(alice.token)).send({ participantId: bob.user._id }).expect(201)).body._id;
    otherThreadId = (await t.http.post('/api/threads').set(auth(carol.token)).send({ participantId: bob.user._id }).expect(201)).body._id;
  });
  afterAll(() => t.close());

  /** Sends `later` while `first` is being written, so that they form one batch of the next statement. */
  async function behindOne(later: NewMessage[]) {
    const before = { ...repo.sendBatcher.stats };
    const first = repo.insertMessage(message(alice, threadId, 'first, alone'));
    await new Promise((r) => setImmediate(r)); // the first statement has started
    const results = await Promise.allSettled(later.map((m) => repo.insertMessage(m)));
    await first;
    const after = repo.sendBatcher.stats;
    return { results, batches: after.batches - before.batches, failedBatches: after.failedBatches - before.failedBatches };
  }

  it('writes the messages sent meanwhile in one statement: each once, in the order sent, with its notification', async () => {
    const batch = [
      message(alice, threadId, 'one'),
      message(bob, threadId, 'two'),
      message(carol, otherThreadId, 'three'),
      message(alice, threadId, 'four'),
      message(carol, threadId, 'not hers'), // carol is not in the thread
    ];
    const { results, batches, failedBatches } = await behindOne(batch);
    expect(batches).toBe(2); // the first alone, then the five together
    expect(failedBatches).toBe(0);
    const values = results.map((r) => (r.status === 'fulfilled' ? r.value : r.reason));
    expect(values.slice(0, 4).map((v) => v?.row.content)).toEqual(['one', 'two', 'three', 'four']);
    expect(values[4]).toBeNull();
    expect(values[0]).toMatchObject({ sender: { firstName: 'Alice', lastName: 'Reyes' }, recipientIds: [bob.user._id] });
    expect(values[1]).toMatchObject({ sender: { firstName: 'Bob' }, recipientIds: [alice.user._id] });
    expect(values[2]).toMatchObject({ sender: { firstName: 'Carol' }, recipientIds: [bob.user._id] });

    const rows = await stored(batch.map((m) => m.id));
    expect(rows.map((r) => r.content)).toEqual(['one', 'two', 'three', 'four']); // created_at keeps the order sent
    const [thread] = await t.db.select().from(threads).where(eq(threads.id, threadId));
    expect(thread.lastMessageId).toBe(batch[3].id);
    const [other] = await t.db.select().from(threads).where(eq(threads.id, otherThreadId));
    expect(other.lastMessageId).toBe(batch[2].id);
    // the statement wrote one message.sent event per message; the notifications follow from them
    const events = await t.db.select().from(outbox).where(eq(outbox.type, 'message.sent'));
    const eventsOfBatch = events.filter((e) => batch.some((m) => m.id === e.entityId));
    expect(eventsOfBatch.map((e) => (e.data as { preview: string }).preview).sort()).toEqual(['four', 'one', 'three', 'two']);
    await eventsSettled(t.app);
    const notes = await t.db.select().from(notifications).where(eq(notifications.type, 'message'));
    const ofBatch = notes.filter((n) => batch.some((m) => m.id === (n.data as { messageId?: string }).messageId));
    expect(ofBatch.map((n) => [n.userId, n.title, n.body]).sort()).toEqual(
      [
        [bob.user._id, 'New message from Alice Reyes', 'one'],
        [alice.user._id, 'New message from Bob Santos', 'two'],
        [bob.user._id, 'New message from Carol Cruz', 'three'],
        [bob.user._id, 'New message from Alice Reyes', 'four'],
      ].sort(),
    );
  });

  it('when one message of a batch cannot be written, the batch is written again one by one: the others once, that one not', async () => {
    const batch = [message(alice, threadId, 'before'), message(bob, threadId, 'bad \u0000 byte'), message(alice, threadId, 'after')];
    const { results, batches, failedBatches } = await behindOne(batch);
    expect(failedBatches).toBe(1);
    expect(batches).toBe(2);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const rows = await stored(batch.map((m) => m.id));
    expect(rows.map((r) => r.id).sort()).toEqual([batch[0].id, batch[2].id].sort());
    await eventsSettled(t.app);
    const notes = await t.db.select().from(notifications).where(eq(notifications.type, 'message'));
    const perMessage = batch.map((m) => notes.filter((n) => (n.data as { messageId?: string }).messageId === m.id).length);
    expect(perMessage).toEqual([1, 0, 1]);
  });

  it('counts concurrent sends of a member in one Redis script, one limit with the HTTP sends', async () => {
    const limiter = t.app.get(MessageRateLimiter);
    const member = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => limiter.consume('send', member)));
    expect(answers.filter((a) => a === null)).toHaveLength(5);
    for (const wait of answers.filter((a) => a !== null)) expect(wait).toBeGreaterThanOrEqual(1);
    // the count is rate-limiter-flexible's key, so the HTTP guard's single counts see it
    const redis = t.app.get<Redis>(REDIS);
    expect(await redis.get(`msg-send:${member}`)).toBe('8');
    expect(await redis.ttl(`msg-send:${member}`)).toBeGreaterThan(0);
    const res = await t.http.post(`/api/threads/${threadId}/messages`).set(auth(alice.token)).send({ content: 'x' });
    expect(res.status).toBe(201); // alice has her own count
    const other = randomUUID();
    for (let i = 0; i < 5; i++) expect(await limiter.consume('send', other)).toBeNull();
    expect(await limiter.consume('send', other)).toBeGreaterThanOrEqual(1);
  });

  it('two processes leasing a member\'s tokens a few at a time never allow more than the limit together', async () => {
    const redis = t.app.get<Redis>(REDIS);
    const config = t.app.get<AppConfig>(APP_CONFIG);
    const limited = { ...config, messaging: { sendPerMinute: 40, fetchPerMinute: 40 } };
    const [a, b] = [new MessageRateLimiter(redis, limited), new MessageRateLimiter(redis, limited)];
    expect(leaseSize(40)).toBe(2);
    const allowed = async (limiter: MessageRateLimiter, member: string, calls: number) => {
      let n = 0;
      for (let i = 0; i < calls; i++) if ((await limiter.consume('send', member)) === null) n++;
      return n;
    };
    // one after the other: the limit exactly
    const u = randomUUID();
    expect(await allowed(a, u, 30)).toBe(30);
    expect(await allowed(b, u, 30)).toBe(10);
    expect(await b.consume('send', u)).toBeGreaterThanOrEqual(1);
    // the first process holds a token it leased: the second is refused one call early, never one too many
    const v = randomUUID();
    expect(await allowed(a, v, 1)).toBe(1);
    expect(await allowed(b, v, 50)).toBe(38);
    expect(await allowed(a, v, 5)).toBe(1);
    // many calls at once in one process: one script, no more than the limit
    const w = randomUUID();
    const answers = await Promise.all(Array.from({ length: 60 }, () => a.consume('send', w)));
    expect(answers.filter((x) => x === null)).toHaveLength(40);
  });
});
