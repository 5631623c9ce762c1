import { places } from '@app/db';
import { eq } from 'drizzle-orm';
import { mailsIn } from '../../../test/mail-outbox';
import { auth, createUser, PASSWORD, startTestApp, type TestApp } from '../../../test/test-app';
import { eventsSettled } from '../../../test/events';
import { connect, eventually, listen, record } from '../../../test/realtime';

type Member = Awaited<ReturnType<typeof createUser>>;

describe('notifications (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let sender: Member;
  let recipient: Member;
  let threadId: string;
  const list = async (who: Member, query = '') => (await t.http.get(`/api/notification/get/all${query}`).set(auth(who.token)).expect(200)).body;

  beforeAll(async () => {
    t = await startTestApp();
    sender = await createUser(t, { firstName: 'Maria', lastName: 'Santos' });
    recipient = await createUser(t, { firstName: 'Jose', lastName: 'Rizal' });
    threadId = (await t.http.post('/api/threads').set(auth(sender.token)).send({ participantId: recipient.user._id }).expect(201)).body._id;
  });
  afterAll(() => t.close());

  it('leaves one notification per new message for the recipient, newest first, paginated by 10', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 12; i++) {
      const res = await t.http.post(`/api/threads/${threadId}/messages`).set(auth(sender.token)).send({ content: `message ${i}` }).expect(201);
      ids.push(res.body._id);
    }
    const long = 'ñ'.repeat(150) + ' tail';
    const last = await t.http.post(`/api/threads/${threadId}/messages`).set(auth(sender.token)).send({ content: long }).expect(201);
    await eventsSettled(t.app);

    const page = await list(recipient);
    expect(page.pagination).toEqual({ currentPage: 1, itemsOnPage: 10, totalPages: 2, totalItems: 13, itemsPerPage: 10 });
    expect(page.unreadCount).toBe(13);
    expect(page.notifications[0]).toEqual({
      _id: expect.any(String),
      type: 'message',
      title: 'New message from Maria Santos',
      body: 'ñ'.repeat(140),
      data: { threadId, messageId: last.body._id, senderId: sender.user._id, listingId: null },
      link: `/messages/${threadId}`,
      isRead: false,
      createdAt: expect.any(String),
    });
    expect(page.notifications[1]).toMatchObject({ body: 'message 12', data: { messageId: ids[11] } });
    const second = await list(recipient, '?page=2');
    expect(second.notifications.map((n: { body: string }) => n.body)).toEqual(['message 3', 'message 2', 'message 1']);
    expect((await list(sender)).notifications).toEqual([]);
    await t.http.get('/api/notification/get/all?limit=0').set(auth(recipient.token)).expect(400);
  });

  it('marks only your own notification read', async () => {
    const [first] = (await list(recipient)).notifications;
    const res = await t.http.patch(`/api/notification/${first._id}/read`).set(auth(recipient.token)).expect(200);
    expect(res.body).toMatchObject({ _id: first._id, isRead: true });
    expect((await list(recipient)).unreadCount).toBe(12);
    // again: still read, still counted once
    await t.http.patch(`/api/notification/${first._id}/read`).set(auth(recipient.token)).expect(200);
    expect((await list(recipient)).unreadCount).toBe(12);

    const [other] = (await list(recipient, '?page=2')).notifications;
    const notYours = await t.http.patch(`/api/notification/${other._id}/read`).set(auth(sender.token)).expect(404);
    expect(notYours.body).toEqual({ statusCode: 404, message: 'Notification not found', error: 'Not Found' });
    await t.http.patch('/api/notification/00000000-0000-4000-8000-000000000000/read').set(auth(recipient.token)).expect(404);
    await t.http.patch('/api/notification/not-an-id/read').set(auth(recipient.token)).expect(404);
    expect((await list(recipient, '?page=2')).notifications[0].isRead).toBe(false);
    await t.http.get('/api/notification/get/all').expect(401);
  });

  it('counts unread, lists unread first when asked, and marks all read (only the caller’s)', async () => {
    const other = await createUser(t);
    const otherThread = (await t.http.post('/api/threads').set(auth(other.token)).send({ participantId: sender.user._id }).expect(201)).body._id;
    await t.http.post(`/api/threads/${otherThread}/messages`).set(auth(other.token)).send({ content: 'for the sender' }).expect(201);
    await eventsSettled(t.app);
    const count = async (who: Member) => (await t.http.get('/api/notification/unread-count').set(auth(who.token)).expect(200)).body.count;
    expect(await count(recipient)).toBe(12);
    expect(await count(sender)).toBe(1);
    // the read one (the newest) comes last with unreadFirst
    const unreadFirst = await list(recipient, '?unreadFirst=true&limit=13');
    expect(unreadFirst.notifications.map((n: { isRead: boolean }) => n.isRead)).toEqual([...Array(12).fill(false), true]);
    await t.http.get('/api/notification/get/all?unreadFirst=maybe').set(auth(recipient.token)).expect(400);
    expect((await t.http.post('/api/notification/read-all').set(auth(recipient.token)).expect(200)).body).toEqual({ marked: 12 });
    expect(await count(recipient)).toBe(0);
    expect(await count(sender)).toBe(1);
    expect((await t.http.post('/api/notification/read-all').set(auth(recipient.token)).expect(200)).body).toEqual({ marked: 0 });
  });

  it('pushes a new notification over the socket to every tab of its member, once', async () => {
    const base = await listen(t);
    const tabs = await Promise.all([connect(base, recipient.token), connect(base, recipient.token)]);
    const seen = tabs.map((tab) => record<{ title: string; link: string; data: { messageId: string } }>(tab, 'notification'));
    const theirs = record(await connect(base, sender.token), 'notification');
    try {
      const sent = await t.http.post(`/api/threads/${threadId}/messages`).set(auth(sender.token)).send({ content: 'live' }).expect(201);
      await eventually(() => seen.every((s) => s.length === 1), 'the notification in both tabs');
      for (const s of seen) expect(s[0]).toMatchObject({ title: 'New message from Maria Santos', link: `/messages/${threadId}`, data: { messageId: sent.body._id } });
      await eventsSettled(t.app);
      expect(seen.map((s) => s.length)).toEqual([1, 1]);
      expect(theirs).toEqual([]);
    } finally {
      for (const tab of tabs) tab.close();
    }
  });

  it('tells an owner about a review and a verification of their listing, with links', async () => {
    const owner = await createUser(t, { type: 'broker', firstName: 'Ana', lastName: 'Lim' });
    const admin = await createUser(t, { role: 'admin' });
    const [brgy] = await t.db.select().from(places).where(eq(places.level, 'barangay')).limit(1);
    const listing = (
      await t.http
        .post('/api/listing/create')
        .set(auth(owner.token))
        .send({ name: 'Condo in Cebu IT Park', type: 'residential', price: 4_200_000, location: { lat: 10.33, lng: 123.9 }, address: { barangayCode: brgy.code } })
        .expect(201)
    ).body;
    await t.http.post(`/api/listing/review/${listing._id}`).set(auth(recipient.token)).send({ rating: 4, comment: 'Good light' }).expect(201);
    await t.http
      .post(`/api/listing/upload-ownership/${listing._id}`)
      .set(auth(owner.token))
      .attach('documents', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), 'title.pdf')
      .expect(200);
    await t.http.post(`/api/listing/verify/${listing._id}`).set(auth(admin.token)).send({ verified: true }).expect(200);
    await eventsSettled(t.app);
    const notes = (await list(owner)).notifications;
    expect(notes.map((n: { type: string; title: string; link: string }) => [n.type, n.title, n.link])).toEqual([
      ['listing_verified', 'Condo in Cebu IT Park is verified', `/listings/${listing._id}`],
      ['review', 'New 4-star review of Condo in Cebu IT Park', `/listings/${listing._id}`],
    ]);
  });

  it('keeps e-mail choices per kind: security, billing and verification on by default, the others off until chosen', async () => {
    const member = await createUser(t, { firstName: 'Lito', lastName: 'Cruz' });
    const prefs = (await t.http.get('/api/notification/preferences').set(auth(member.token)).expect(200)).body.preferences;
    expect(prefs.map((p: { kind: string; email: boolean; inApp: boolean }) => [p.kind, p.email, p.inApp])).toEqual([
      ['message', false, true],
      ['review', false, true],
      ['listing_verified', false, true],
      ['saved_search', false, true],
      ['security', true, true],
      ['billing', true, true],
      ['exports', false, true],
      ['verification', true, true],
      ['team', false, true],
      ['aria', false, true],
    ]);
    // a password change: a security notice, e-mailed by default
    await t.http
      .post('/api/user/update/password')
      .set(auth(member.token))
      .send({ userId: member.user._id, currentPassword: PASSWORD, newPassword: 'another-pass-9' })
      .expect(200);
    const outbox = t.config.mail.outboxDir;
    await eventually(() => mailsIn(outbox).some((m) => m.includes(`To: ${member.user.email}`) && m.includes('Subject: Your password was changed')), 'the security e-mail', 15000);
    // messages: not e-mailed until the member turns it on
    const thread = (await t.http.post('/api/threads').set(auth(sender.token)).send({ participantId: member.user._id }).expect(201)).body._id;
    await t.http.post(`/api/threads/${thread}/messages`).set(auth(sender.token)).send({ content: 'not by e-mail' }).expect(201);
    await eventsSettled(t.app);
    const updated = await t.http
      .put('/api/notification/preferences')
      .set(auth(member.token))
      .send({ preferences: [{ kind: 'message', email: true }] })
      .expect(200);
    expect(updated.body.preferences.find((p: { kind: string }) => p.kind === 'message').email).toBe(true);
    await t.http.post(`/api/threads/${thread}/messages`).set(auth(sender.token)).send({ content: 'by e-mail now' }).expect(201);
    await eventually(() => mailsIn(outbox).some((m) => m.includes(`To: ${member.user.email}`) && m.includes('by e-mail now')), 'the message e-mail', 15000);
    await eventsSettled(t.app);
    expect(mailsIn(outbox).filter((m) => m.includes(`To: ${member.user.email}`) && m.includes('not by e-mail'))).toEqual([]);

    const bad = async (body: unknown) => (await t.http.put('/api/notification/preferences').set(auth(member.token)).send(body as object).expect(400)).body.message;
    expect(await bad({ preferences: [{ kind: 'sms', email: true }] })).toEqual([expect.stringContaining('kind must be one of: message, review')]);
    expect(await bad({ preferences: [{ kind: 'review', email: 'yes' }] })).toEqual([expect.stringContaining('email must be true or false')]);
    expect(await bad({})).toEqual(expect.arrayContaining([expect.stringContaining('preferences')]));
    // found by the fuzz run (seed 1709125690): one kind twice was a 500 (an upsert cannot change a row twice)
    expect(await bad({ preferences: [{ kind: 'review', email: false }, { kind: 'listing_verified', email: true }, { kind: 'review', email: true }] })).toBe(
      'preferences lists review twice; list each kind at most once',
    );
    // found by the fuzz run (seed 1736431652): a list inside the list was a 500
    expect(await bad({ preferences: [[]] })).toEqual([expect.stringContaining('preferences must be a list of { kind, email }')]);
    await t.http.get('/api/notification/preferences').expect(401);
  });
});
