import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';

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

    const page = await list(recipient);
    expect(page.pagination).toEqual({ currentPage: 1, itemsOnPage: 10, totalPages: 2, totalItems: 13, itemsPerPage: 10 });
    expect(page.unreadCount).toBe(13);
    expect(page.notifications[0]).toEqual({
      _id: expect.any(String),
      type: 'message',
      title: 'New message from Maria Santos',
      body: 'ñ'.repeat(140),
      data: { threadId, messageId: last.body._id, senderId: sender.user._id, listingId: null },
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
});
