import { and, eq, ilike, inArray } from 'drizzle-orm';
import { ariaConversations, ariaMessages, places, subscriptions } from '@app/db';
import { ARIA_MESSAGE_MAX_LENGTH, ARIA_RUN_CREDITS, ARIA_TITLE_MAX_LENGTH, PLANS, type AriaStreamEvent } from '@app/domain';
import { FakeOpenAi } from '../../../test/fake-openai-server';
import { eventually, listen } from '../../../test/realtime';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';
import { manilaDayStart } from './chat/aria-chat.service';

type Member = Awaited<ReturnType<typeof createUser>>;

const FREE_LIMIT = PLANS.free.ariaMessagesPerDay!;
const PER_MINUTE = 8;

/** POSTs a question to the stream route and reads the whole answer as its events (one JSON per `data:`). */
async function streamed(base: string, token: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/api/ai/chat/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const events: AriaStreamEvent[] = (res.headers.get('content-type') ?? '').startsWith('text/event-stream')
    ? text
        .split('\n\n')
        .filter((block) => block.startsWith('data: '))
        .map((block) => JSON.parse(block.slice('data: '.length)) as AriaStreamEvent)
    : [];
  return { status: res.status, headers: res.headers, text, events };
}

/** ARIA chat (issue 17) with the real engine and the built-in provider: JSON and streamed answers, limits and refusals. */
describe('ARIA chat (/ai/chat, /ai/chat/stream, /ai/chat/usage)', () => {
  let t: TestApp;
  let base: string;
  let broker: Member;
  let member: Member;
  let other: Member;
  let basic: Member;

  beforeAll(async () => {
    t = await startTestApp({ ARIA_CHAT_PER_MINUTE: String(PER_MINUTE), ARIA_EMBEDDINGS: 'on' });
    base = await listen(t);
    [broker, member, other, basic] = await Promise.all([createUser(t, { type: 'broker' }), createUser(t), createUser(t), createUser(t)]);
    await t.db.insert(subscriptions).values({ userId: basic.user._id, plan: 'basic', billingPeriod: 'lifetime', status: 'active', startedAt: new Date(), source: 'staff' });
    // two condos for rent in Cebu IT Park (barangay Apas, Cebu City)
    const [apas] = await t.db.select().from(places).where(and(eq(places.level, 'barangay'), ilike(places.name, 'apas')));
    expect(apas).toBeDefined();
    for (const [name, price] of [
      ['Three-bedroom condo at Cebu IT Park', 55_000],
      ['Three-bedroom corner unit near IT Park', 58_000],
    ] as const) {
      await t.http
        .post('/api/listing/create')
        .set(auth(broker.token))
        .send({ name, type: 'residential', offer: 'rent', kind: 'condominium', price, bedrooms: 3, bathrooms: 2, floorSize: 90, location: { lat: 10.33, lng: 123.905 }, address: { barangayCode: apas.code } })
        .expect(201);
    }
  });
  afterAll(() => t?.close());

  /** Questions a member asked "today" (Asia/Manila), written directly, to reach the Free limit fast. */
  async function askedToday(who: Member, n: number, at = new Date()): Promise<void> {
    const [c] = await t.db.insert(ariaConversations).values({ userId: who.user._id, title: 'Earlier' }).returning();
    await t.db.insert(ariaMessages).values(Array.from({ length: n }, (_, i) => ({ conversationId: c.id, userId: who.user._id, role: 'user' as const, content: `question ${i}`, createdAt: at })));
  }

  it('refuses guests (401)', async () => {
    await t.http.post('/api/ai/chat').send({ message: 'hi' }).expect(401);
    await t.http.post('/api/ai/chat/stream').send({ message: 'hi' }).expect(401);
    await t.http.get('/api/ai/chat/usage').expect(401);
  });

  it('refuses bad questions with what to fix (400), and another member’s conversation (404), before storing anything', async () => {
    const before = await t.db.select().from(ariaMessages).where(eq(ariaMessages.userId, member.user._id));
    const msg = async (body: object) => {
      const res = await t.http.post('/api/ai/chat').set(auth(member.token)).send(body).expect(400);
      return [res.body.message].flat().join('; ');
    };
    expect(await msg({ message: '   ' })).toMatch(/message must not be empty/);
    expect(await msg({})).toMatch(/message must be text/);
    expect(await msg({ message: 'x'.repeat(ARIA_MESSAGE_MAX_LENGTH + 1) })).toMatch(new RegExp(`at most ${ARIA_MESSAGE_MAX_LENGTH} characters`));
    expect(await msg({ message: 'hi', conversationId: 'abc' })).toMatch(/conversationId must be the id/);
    expect(await msg({ message: 'hi', extra: 1 })).toMatch(/property extra should not exist/);
    const theirs = (await t.http.post('/api/ai/history/create').set(auth(other.token)).send({}).expect(201)).body.id;
    await t.http.post('/api/ai/chat').set(auth(member.token)).send({ message: 'hi', conversationId: theirs }).expect(404);
    // the stream route answers its refusals as JSON, not as a stream
    const s = await streamed(base, member.token, { message: '' });
    expect(s.status).toBe(400);
    expect(s.headers.get('content-type')).toMatch(/application\/json/);
    expect((await streamed(base, member.token, { message: 'hi', conversationId: theirs })).status).toBe(404);
    expect(await t.db.select().from(ariaMessages).where(eq(ariaMessages.userId, member.user._id))).toHaveLength(before.length);
  });

  it('answers a search question from the listings, stores both messages, and continues the conversation', async () => {
    const question = '3-bedroom condo for rent in Cebu IT Park under ₱60k';
    const res = await t.http.post('/api/ai/chat').set(auth(member.token)).send({ message: question }).expect(200);
    expect(res.body).toMatchObject({
      title: question,
      provider: { id: 'builtin' },
      question: { role: 'user', content: question },
      answer: { role: 'assistant' },
      remainingToday: FREE_LIMIT - 1,
    });
    const { answer, conversationId } = res.body;
    expect(answer.content.length).toBeGreaterThan(0);
    const search = answer.toolCalls.find((c: { name: string }) => c.name === 'search_listings');
    expect(search).toBeDefined();
    expect(search.cards.map((c: { name: string }) => c.name).sort()).toEqual(['Three-bedroom condo at Cebu IT Park', 'Three-bedroom corner unit near IT Park']);
    expect(answer.citations.some((c: { kind: string; url: string }) => c.kind === 'listing' && c.url.startsWith('/listings/'))).toBe(true);

    const next = await t.http.post('/api/ai/chat').set(auth(member.token)).send({ conversationId, message: 'How much would I pay monthly on a ₱6M house with Pag-IBIG?' }).expect(200);
    expect(next.body).toMatchObject({ conversationId, title: question, remainingToday: FREE_LIMIT - 2 });
    expect(next.body.answer.toolCalls.map((c: { name: string }) => c.name)).toContain('affordability');

    const entry = await t.http.get(`/api/ai/history/get/${conversationId}`).set(auth(member.token)).expect(200);
    expect(entry.body).toMatchObject({ kind: 'chat', provider: 'builtin', messageCount: 4 });
    expect(entry.body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(entry.body.messages[1].toolCalls[0].name).toBe('search_listings');
  });

  it('cuts a long first question to the title length', async () => {
    const long = `Is this a fair price ${'for a big house '.repeat(20)}?`;
    const res = await t.http.post('/api/ai/chat').set(auth(basic.token)).send({ message: long }).expect(200);
    expect(res.body.title.length).toBeLessThanOrEqual(ARIA_TITLE_MAX_LENGTH);
    expect(res.body.title.endsWith('…')).toBe(true);
    expect(long.startsWith(res.body.title.slice(0, -1))).toBe(true);
  });

  it('streams: the conversation first, the tool call and its result, text, and done last; both messages stored', async () => {
    const s = await streamed(base, member.token, { message: '3-bedroom condo for rent in Cebu IT Park under ₱60k' }, { 'accept-encoding': 'gzip, br' });
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('cache-control')).toMatch(/no-cache/);
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.headers.get('content-encoding')).toBeNull();
    const types = s.events.map((e) => e.type);
    expect(types[0]).toBe('conversation');
    expect(types.at(-1)).toBe('done');
    expect(types).toEqual(expect.arrayContaining(['tool_call', 'tool_result', 'text']));
    expect(types.indexOf('tool_call')).toBeLessThan(types.indexOf('tool_result'));
    const first = s.events[0] as Extract<AriaStreamEvent, { type: 'conversation' }>;
    const done = s.events.at(-1) as Extract<AriaStreamEvent, { type: 'done' }>;
    expect(first).toMatchObject({ provider: 'builtin', title: '3-bedroom condo for rent in Cebu IT Park under ₱60k' });
    const text = s.events.filter((e): e is Extract<AriaStreamEvent, { type: 'text' }> => e.type === 'text').map((e) => e.delta).join('');
    const stored = await t.db.select().from(ariaMessages).where(eq(ariaMessages.conversationId, first.conversationId)).orderBy(ariaMessages.createdAt);
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(stored[1].id).toBe(done.messageId);
    expect(stored[1].content).toBe(text);
    expect((stored[1].toolCalls as Array<{ name: string }>).map((c) => c.name)).toContain('search_listings');
    expect(done.remainingToday).toBeLessThan(FREE_LIMIT);
  });

  it('shows usage: plan, messages today, the limit, the provider, run prices and the credit balance', async () => {
    const fresh = await createUser(t, { creditsRemaining: 42 });
    await askedToday(fresh, 3);
    const res = await t.http.get('/api/ai/chat/usage').set(auth(fresh.token)).expect(200);
    expect(res.body).toEqual({
      plan: 'free',
      messagesToday: 3,
      limitPerDay: FREE_LIMIT,
      remainingToday: FREE_LIMIT - 3,
      provider: { id: 'builtin', label: expect.any(String) },
      builtin: true,
      runCredits: { ...ARIA_RUN_CREDITS },
      creditBalance: 42,
    });
    const b = await t.http.get('/api/ai/chat/usage').set(auth(basic.token)).expect(200);
    expect(b.body).toMatchObject({ plan: 'basic', limitPerDay: null, remainingToday: null });
  });

  it(`Free: the ${FREE_LIMIT + 1}th question of the Manila day is 402 with the Upgrade body and is not stored; yesterday's do not count; Basic is unlimited`, async () => {
    const free = await createUser(t);
    // ten asked just before midnight in Manila: yesterday
    await askedToday(free, FREE_LIMIT, new Date(manilaDayStart(new Date()).getTime() - 60_000));
    await t.http.post('/api/ai/chat').set(auth(free.token)).send({ message: 'what taxes do I pay when buying?' }).expect(200);
    await askedToday(free, FREE_LIMIT - 1);
    const refused = await t.http.post('/api/ai/chat').set(auth(free.token)).send({ message: 'one more please' }).expect(402);
    expect(refused.body).toMatchObject({
      message: `You have used your ${FREE_LIMIT} free ARIA messages today. Upgrade to Basic for unlimited chat, or come back tomorrow.`,
      upgrade: { reason: 'plan', entitlement: 'aria.chat.unlimited', requiredPlan: 'basic', currentPlan: 'free', plan: 'basic' },
    });
    const s = await streamed(base, free.token, { message: 'one more please' });
    expect(s.status).toBe(402);
    expect(await t.db.select().from(ariaMessages).where(and(eq(ariaMessages.userId, free.user._id), eq(ariaMessages.content, 'one more please')))).toHaveLength(0);

    await askedToday(basic, FREE_LIMIT + 5);
    const ok = await t.http.post('/api/ai/chat').set(auth(basic.token)).send({ message: 'what taxes do I pay when buying?' }).expect(200);
    expect(ok.body.remainingToday).toBeNull();
    expect(ok.body.answer.content).toMatch(/BIR/);
  });

  it('counts the daily limit exactly when questions arrive at once: only the messages left are answered', async () => {
    const racer = await createUser(t);
    await askedToday(racer, FREE_LIMIT - 2);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => t.http.post('/api/ai/chat').set(auth(racer.token)).send({ message: `condo in Cebu ${i}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 402, 402, 402]);
    const asked = await t.db.select().from(ariaMessages).where(and(eq(ariaMessages.userId, racer.user._id), eq(ariaMessages.role, 'user')));
    expect(asked).toHaveLength(FREE_LIMIT);
  });

  it(`limits each member to ARIA_CHAT_PER_MINUTE (${PER_MINUTE}) questions a minute: 429 with Retry-After; another member is unaffected`, async () => {
    const fast = await createUser(t);
    // at the daily limit, each question is refused at once (402) but still counted against the minute
    await askedToday(fast, FREE_LIMIT);
    for (let i = 0; i < PER_MINUTE; i++) await t.http.post('/api/ai/chat').set(auth(fast.token)).send({ message: `q${i}` }).expect(402);
    const limited = await t.http.post('/api/ai/chat').set(auth(fast.token)).send({ message: 'again' }).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(new RegExp(`at most ${PER_MINUTE} a minute`));
    const s = await streamed(base, fast.token, { message: 'again' });
    expect(s.status).toBe(429);
    await t.http.get('/api/ai/chat/usage').set(auth(other.token)).expect(200);
    await t.http.post('/api/ai/chat').set(auth(other.token)).send({ message: 'hello' }).expect(200);
  });

  it('deleting a conversation removes its messages', async () => {
    const res = await t.http.post('/api/ai/chat').set(auth(other.token)).send({ message: 'condo in Cebu' }).expect(200);
    await t.http.delete(`/api/ai/history/remove/${res.body.conversationId}`).set(auth(other.token)).expect(200);
    expect(await t.db.select().from(ariaMessages).where(inArray(ariaMessages.conversationId, [res.body.conversationId]))).toHaveLength(0);
  });
});

/** The model cannot be reached: the question stays, the member gets the provider's message. */
describe('ARIA chat when the provider fails', () => {
  let t: TestApp;
  let base: string;
  let member: Member;

  beforeAll(async () => {
    // an OpenAI-compatible server that is not there
    t = await startTestApp({ ARIA_PROVIDER: 'openai', ARIA_OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', ARIA_OPENAI_TIMEOUT_MS: '2000' });
    base = await listen(t);
    member = await createUser(t);
  });
  afterAll(() => t?.close());

  it('answers 502/503/504 with the provider’s message as JSON, and an error event on the stream; the questions are kept', async () => {
    const res = await t.http.post('/api/ai/chat').set(auth(member.token)).send({ message: 'condo in Makati' });
    expect([502, 503, 504]).toContain(res.status);
    expect(res.body.message).toMatch(/provider|ARIA|model|reach|connect/i);
    const [entry] = (await t.http.get('/api/ai/history/my').set(auth(member.token)).expect(200)).body.items;
    expect(entry).toMatchObject({ kind: 'chat', title: 'condo in Makati', messageCount: 1 });
    const s = await streamed(base, member.token, { message: 'condo in Makati', conversationId: entry.id });
    expect(s.status).toBe(200);
    expect(s.events[0].type).toBe('conversation');
    const last = s.events.at(-1) as Extract<AriaStreamEvent, { type: 'error' }>;
    expect(last.type).toBe('error');
    expect([502, 503, 504]).toContain(last.status);
    expect(last.message).toBe(res.body.message);
    const stored = await t.db.select().from(ariaMessages).where(eq(ariaMessages.conversationId, entry.id));
    expect(stored.map((m) => [m.role, m.content])).toEqual([
      ['user', 'condo in Makati'],
      ['user', 'condo in Makati'],
    ]);
    const usage = await t.http.get('/api/ai/chat/usage').set(auth(member.token)).expect(200);
    expect(usage.body).toMatchObject({ provider: { id: expect.stringMatching(/^openai-compatible:/) }, builtin: false, messagesToday: 2 });
  });
});

/** An OpenAI-compatible model (a local server speaking the protocol): its answer stored; a client that leaves stops it. */
describe('ARIA chat on an OpenAI-compatible model', () => {
  let t: TestApp;
  let base: string;
  let member: Member;
  let fake: FakeOpenAi;

  beforeAll(async () => {
    fake = await FakeOpenAi.start();
    t = await startTestApp({ ARIA_PROVIDER: 'openai', ARIA_OPENAI_BASE_URL: `${fake.url}/v1`, ARIA_OPENAI_MODEL: 'fake-gpt', ARIA_OPENAI_TIMEOUT_MS: '30000' });
    base = await listen(t);
    member = await createUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("stores the model's answer, with the conversation's earlier turns sent as history", async () => {
    fake.reply(FakeOpenAi.textReply(['Mabuhay! ', 'Ask me about listings.']), FakeOpenAi.textReply(['Makati condos start around ₱5M.']));
    const first = await t.http.post('/api/ai/chat').set(auth(member.token)).send({ message: 'Hello' }).expect(200);
    expect(first.body).toMatchObject({ provider: { id: 'openai-compatible:fake-gpt' }, answer: { content: 'Mabuhay! Ask me about listings.' } });
    const second = await t.http.post('/api/ai/chat').set(auth(member.token)).send({ conversationId: first.body.conversationId, message: 'Condos in Makati?' }).expect(200);
    expect(second.body.answer.content).toBe('Makati condos start around ₱5M.');
    const sent = fake.chatRequests().at(-1)!.body.messages.map((m) => [m.role, m.content]);
    expect(sent[0][0]).toBe('system');
    expect(sent.slice(1)).toEqual([
      ['user', 'Hello'],
      ['assistant', 'Mabuhay! Ask me about listings.'],
      ['user', 'Condos in Makati?'],
    ]);
    const entry = await t.http.get(`/api/ai/history/get/${first.body.conversationId}`).set(auth(member.token)).expect(200);
    expect(entry.body).toMatchObject({ provider: 'openai-compatible:fake-gpt', messageCount: 4 });
  });

  it('a conversation deleted while ARIA answers: 404, nothing left behind', async () => {
    let release!: () => void;
    fake.reply({ stream: [{ content: 'Thinking' }, { hold: new Promise<void>((r) => (release = r)) }, { content: ' done' }, { finish: 'stop' }] });
    const created = (await t.http.post('/api/ai/history/create').set(auth(member.token)).send({ title: 'Soon gone' }).expect(201)).body.id;
    const asking = t.http.post('/api/ai/chat').set(auth(member.token)).send({ conversationId: created, message: 'Are you there?' }).then((r) => r);
    await eventually(() => fake.chatRequests().some((r) => JSON.stringify(r.body.messages).includes('Are you there?')), 'the model to be asked', 10_000);
    await t.http.delete(`/api/ai/history/remove/${created}`).set(auth(member.token)).expect(200);
    release();
    const res = await asking;
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/deleted/);
    expect(await t.db.select().from(ariaMessages).where(eq(ariaMessages.conversationId, created))).toHaveLength(0);
  });

  it('a client that disconnects mid-answer stops the model (its request aborted); the question stays without an answer', async () => {
    fake.reply({ stream: [{ content: 'Let me think' }, { stall: true }] });
    const closedBefore = fake.closedByClient;
    const abort = new AbortController();
    const res = await fetch(`${base}/api/ai/chat/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: JSON.stringify({ message: 'Tell me everything' }),
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let seen = '';
    while (!seen.includes('"type":"text"')) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += Buffer.from(value).toString();
    }
    expect(seen).toContain('"type":"conversation"');
    expect(seen).toContain('Let me think');
    abort.abort();
    await eventually(() => fake.closedByClient > closedBefore, 'the model request to be aborted', 10_000);
    const conversationId = JSON.parse(seen.split('\n\n')[0].slice('data: '.length)).conversationId as string;
    const stored = await t.db.select().from(ariaMessages).where(eq(ariaMessages.conversationId, conversationId));
    expect(stored.map((m) => [m.role, m.content])).toEqual([['user', 'Tell me everything']]);
  });
});
