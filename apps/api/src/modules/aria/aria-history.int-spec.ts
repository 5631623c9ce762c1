import { and, eq } from 'drizzle-orm';
import { ariaConversations, ariaMessages, auditLog } from '@app/db';
import { ARIA_TITLE_MAX_LENGTH } from '@app/domain';
import { eventsSettled } from '../../../test/events';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';

type Member = Awaited<ReturnType<typeof createUser>>;

/** ARIA's history routes (issue 17): members see only their own; staff read for support, audited. */
describe('ARIA history (/ai/history/*)', () => {
  let t: TestApp;
  let member: Member;
  let other: Member;
  let viewer: Member;
  let admin: Member;

  beforeAll(async () => {
    t = await startTestApp();
    [member, other, viewer, admin] = await Promise.all([createUser(t), createUser(t), createUser(t, { role: 'viewer' }), createUser(t, { role: 'admin' })]);
  });
  afterAll(() => t?.close());

  /** A stored chat with a question and an answer, as the chat service stores them. */
  async function chatWith(owner: Member, title: string, question: string, answer: string): Promise<string> {
    const [c] = await t.db.insert(ariaConversations).values({ userId: owner.user._id, kind: 'chat', title, messageCount: 2 }).returning();
    const asked = new Date(Date.now() - 5000);
    await t.db.insert(ariaMessages).values([
      { conversationId: c.id, userId: owner.user._id, role: 'user', content: question, createdAt: asked },
      {
        createdAt: new Date(asked.getTime() + 1200),
        conversationId: c.id,
        userId: owner.user._id,
        role: 'assistant',
        content: answer,
        toolCalls: [{ name: 'search_listings', arguments: { offer: 'rent' }, summary: '3 listings match' }],
        citations: [{ kind: 'listing', label: 'Condo in IT Park', url: '/listings/x' }],
      },
    ]);
    return c.id;
  }

  it('refuses guests on every route (401)', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    await t.http.get('/api/ai/history/my').expect(401);
    await t.http.get('/api/ai/history/get/all').expect(401);
    await t.http.get(`/api/ai/history/get/${id}`).expect(401);
    await t.http.post('/api/ai/history/search').send({}).expect(401);
    await t.http.post('/api/ai/history/create').send({}).expect(401);
    await t.http.put('/api/ai/history/update').send({ id, title: 'x' }).expect(401);
    await t.http.delete(`/api/ai/history/remove/${id}`).expect(401);
  });

  it('creates an empty chat, lists it, renames it, and deletes it (with aria.history_deleted)', async () => {
    const created = await t.http.post('/api/ai/history/create').set(auth(member.token)).send({ title: '  Condos in Cebu  ' }).expect(201);
    expect(created.body).toMatchObject({ userId: member.user._id, kind: 'chat', title: 'Condos in Cebu', messageCount: 0, lastRun: null });
    const untitled = await t.http.post('/api/ai/history/create').set(auth(member.token)).send({}).expect(201);
    expect(untitled.body.title).toBe('New chat');

    const mine = await t.http.get('/api/ai/history/my').set(auth(member.token)).expect(200);
    expect(mine.body.items.map((i: { id: string }) => i.id)).toEqual(expect.arrayContaining([created.body.id, untitled.body.id]));
    expect(mine.body.pagination).toMatchObject({ currentPage: 1, totalItems: mine.body.items.length });
    // the other member sees none of them
    const theirs = await t.http.get('/api/ai/history/my').set(auth(other.token)).expect(200);
    expect(theirs.body.items.map((i: { id: string }) => i.id)).not.toContain(created.body.id);

    const renamed = await t.http.put('/api/ai/history/update').set(auth(member.token)).send({ id: created.body.id, title: 'Makati condos' }).expect(200);
    expect(renamed.body).toMatchObject({ id: created.body.id, title: 'Makati condos' });
    expect((await t.http.get(`/api/ai/history/get/${created.body.id}`).set(auth(member.token)).expect(200)).body).toMatchObject({ title: 'Makati condos', messages: [], runs: [] });

    await t.http.delete(`/api/ai/history/remove/${created.body.id}`).set(auth(member.token)).expect(200, { message: 'ARIA conversation deleted' });
    await t.http.get(`/api/ai/history/get/${created.body.id}`).set(auth(member.token)).expect(404);
    await eventsSettled(t.app);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.type, 'aria.history_deleted'), eq(auditLog.entityId, created.body.id)));
    expect(audit).toHaveLength(1);
  });

  it('refuses bad input with what to fix (400)', async () => {
    const id = (await t.http.post('/api/ai/history/create').set(auth(member.token)).send({}).expect(201)).body.id;
    const bad = async (req: Promise<{ status: number; body: { message: string | string[] } }>, text: RegExp) => {
      const res = await req;
      expect(res.status).toBe(400);
      expect([res.body.message].flat().join('; ')).toMatch(text);
    };
    await bad(t.http.put('/api/ai/history/update').set(auth(member.token)).send({ id, title: '   ' }), /title must not be blank/);
    await bad(t.http.put('/api/ai/history/update').set(auth(member.token)).send({ id, title: 'x'.repeat(ARIA_TITLE_MAX_LENGTH + 1) }), new RegExp(`at most ${ARIA_TITLE_MAX_LENGTH} characters`));
    await bad(t.http.put('/api/ai/history/update').set(auth(member.token)).send({ id: 'nope', title: 'ok' }), /id must be the id/);
    await bad(t.http.post('/api/ai/history/create').set(auth(member.token)).send({ kind: 'feasibility' }), /kind must be chat/);
    await bad(t.http.get('/api/ai/history/my?kind=poem').set(auth(member.token)), /kind must be one of: chat, feasibility, compare/);
    await bad(t.http.post('/api/ai/history/search').set(auth(member.token)).send({ query: 5 }), /query must be text/);
    await bad(t.http.get('/api/ai/history/my?limit=0').set(auth(member.token)), /limit must be a whole number/);
  });

  it("answers 404 for another member's entry on get, update and remove, and leaves it as it was", async () => {
    const theirs = await chatWith(other, 'Their secret search', 'houses near my ex', 'Here are 3 houses');
    await t.http.get(`/api/ai/history/get/${theirs}`).set(auth(member.token)).expect(404);
    await t.http.put('/api/ai/history/update').set(auth(member.token)).send({ id: theirs, title: 'Mine now' }).expect(404);
    await t.http.delete(`/api/ai/history/remove/${theirs}`).set(auth(member.token)).expect(404);
    await t.http.get('/api/ai/history/get/not-a-uuid').set(auth(member.token)).expect(404);
    const [row] = await t.db.select().from(ariaConversations).where(eq(ariaConversations.id, theirs));
    expect(row.title).toBe('Their secret search');
    // and their words never turn up in the member's search
    const found = await t.http.post('/api/ai/history/search').set(auth(member.token)).send({ query: 'my ex' }).expect(200);
    expect(found.body.items).toHaveLength(0);
  });

  it('searches titles and message text, case-insensitively, within the kind asked', async () => {
    const a = await chatWith(member, 'Pag-IBIG loan questions', 'How much is the monthly on ₱6M?', 'About ₱36,000 a month');
    const b = await chatWith(member, 'Rentals', 'Studio for rent near BGC', 'I found 4 studios in Taguig');
    const byTitle = await t.http.post('/api/ai/history/search').set(auth(member.token)).send({ query: 'pag-ibig' }).expect(200);
    expect(byTitle.body.items.map((i: { id: string }) => i.id)).toEqual([a]);
    const byAnswer = await t.http.post('/api/ai/history/search').set(auth(member.token)).send({ query: 'STUDIOS IN TAGUIG' }).expect(200);
    expect(byAnswer.body.items.map((i: { id: string }) => i.id)).toEqual([b]);
    const wildcard = await t.http.post('/api/ai/history/search').set(auth(member.token)).send({ query: '%' }).expect(200);
    expect(wildcard.body.items).toHaveLength(0);
    const runsOnly = await t.http.post('/api/ai/history/search').set(auth(member.token)).send({ query: 'rent', kind: 'feasibility' }).expect(200);
    expect(runsOnly.body.items).toHaveLength(0);
    const chats = await t.http.get('/api/ai/history/my?kind=chat&limit=1').set(auth(member.token)).expect(200);
    expect(chats.body.items).toHaveLength(1);
    expect(chats.body.pagination.totalItems).toBeGreaterThanOrEqual(2);
  });

  it('staff filter the list by member (name or e-mail words), kind and last-active window, each entry with its member; bad filters 400', async () => {
    const tag = Date.now().toString(36);
    const ligaya = await createUser(t, { firstName: 'Ligaya', lastName: `Dizon${tag}`, email: `ligaya.${tag}@example.ph` });
    const older = await chatWith(ligaya, 'Lot in Tagaytay', 'lot under ₱3M', 'One lot matches');
    const newer = await chatWith(ligaya, 'Condo in Cebu', 'condo in Cebu IT Park', 'Two condos');
    await t.db.update(ariaConversations).set({ updatedAt: new Date('2026-03-10T04:00:00Z') }).where(eq(ariaConversations.id, older)); // 10 March, Manila
    const list = (query: string) => t.http.get(`/api/ai/history/get/all?${query}`).set(auth(viewer.token));
    const ids = (res: { body: { items: Array<{ id: string }> } }) => res.body.items.map((i) => i.id);

    const byName = await list(`member=${encodeURIComponent(`ligaya dizon${tag}`)}`).expect(200);
    expect(ids(byName)).toEqual([newer, older]);
    expect(byName.body.items[0].member).toEqual({ _id: ligaya.user._id, firstName: 'Ligaya', lastName: `Dizon${tag}`, email: `ligaya.${tag}@example.ph` });
    expect(ids(await list(`member=${encodeURIComponent(`LIGAYA.${tag}@`)}`).expect(200))).toEqual([newer, older]);
    expect(ids(await list(`member=${encodeURIComponent(`nobody${tag}`)}`).expect(200))).toEqual([]);
    expect(ids(await list(`member=%25&userId=${ligaya.user._id}`).expect(200))).toEqual([]); // a wildcard is a character
    // the window is of Philippine days, inclusive
    expect(ids(await list(`userId=${ligaya.user._id}&from=2026-03-10&to=2026-03-10`).expect(200))).toEqual([older]);
    expect(ids(await list(`userId=${ligaya.user._id}&to=2026-03-09`).expect(200))).toEqual([]);
    expect(ids(await list(`userId=${ligaya.user._id}&from=2026-03-11`).expect(200))).toEqual([newer]);
    expect(ids(await list(`userId=${ligaya.user._id}&kind=feasibility`).expect(200))).toEqual([]);

    expect((await list('from=last-week').expect(400)).body.message).toEqual(['from must be a date (YYYY-MM-DD) or an ISO date-time']);
    expect((await list('from=2026-03-10&to=2026-03-01').expect(400)).body.message).toBe('to (2026-03-01) must be after from (2026-03-10)');
    expect((await list(`member=${'x'.repeat(201)}`).expect(400)).body.message).toEqual(['member must be at most 200 characters']);
  });

  it("staff list everyone's titles; reading an entry is allowed to a viewer and recorded as aria.history_read_by_staff", async () => {
    const theirs = await chatWith(other, 'Condo budget', 'condo under ₱5M in Pasig', 'Two condos match');
    await t.http.get('/api/ai/history/get/all').set(auth(member.token)).expect(403);
    const all = await t.http.get(`/api/ai/history/get/all?userId=${other.user._id}`).set(auth(viewer.token)).expect(200);
    expect(all.body.items.map((i: { id: string }) => i.id)).toContain(theirs);
    expect(all.body.items.every((i: { userId: string }) => i.userId === other.user._id)).toBe(true);
    expect(all.body.items[0]).not.toHaveProperty('messages');

    const read = await t.http.get(`/api/ai/history/get/${theirs}`).set(auth(viewer.token)).expect(200);
    expect(read.body.member).toMatchObject({ _id: other.user._id, email: other.user.email });
    expect(read.body.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'condo under ₱5M in Pasig'],
      ['assistant', 'Two condos match'],
    ]);
    expect(read.body.messages[1]).toMatchObject({ toolCalls: [{ name: 'search_listings', summary: '3 listings match' }], citations: [{ kind: 'listing', label: 'Condo in IT Park' }] });
    // a viewer reads but does not change a member's history
    await t.http.put('/api/ai/history/update').set(auth(viewer.token)).send({ id: theirs, title: 'x' }).expect(404);
    await t.http.delete(`/api/ai/history/remove/${theirs}`).set(auth(viewer.token)).expect(404);
    // staff search covers every member
    const found = await t.http.post('/api/ai/history/search').set(auth(admin.token)).send({ query: 'under ₱5M in pasig' }).expect(200);
    expect(found.body.items.map((i: { id: string }) => i.id)).toEqual([theirs]);

    await eventsSettled(t.app);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.type, 'aria.history_read_by_staff'), eq(auditLog.entityId, theirs)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: viewer.user._id, severity: 'high' });
    // the owner reading their own entry is not a support read
    const own = await t.http.get(`/api/ai/history/get/${theirs}`).set(auth(other.token)).expect(200);
    expect(own.body).not.toHaveProperty('member');
    await eventsSettled(t.app);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.type, 'aria.history_read_by_staff'), eq(auditLog.entityId, theirs)))).toHaveLength(1);
  });
});
