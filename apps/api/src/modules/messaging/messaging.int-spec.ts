import { messages, notifications, places, threadParticipants, users } from '@app/db';
import argon2 from 'argon2';
import { and, eq } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MP4_BYTES, PDF_BYTES, pngBytes } from '../../../test/fixtures';
import { listen } from '../../../test/realtime';
import { auth, createUser, startTestApp, uniqueEmail, type TestApp } from '../../../test/test-app';
import { eventsSettled } from '../../../test/events';
import { brokenImages, heldUpload, openTempFiles, tempFiles } from '../../../test/uploads';

type Member = Awaited<ReturnType<typeof createUser>>;
const NOWHERE = '00000000-0000-4000-8000-000000000000';

describe('messaging over HTTP (real PostgreSQL and Redis)', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  let dave: Member;
  let listingId: string;
  let otherListingId: string;

  const newListing = async (token: string, name: string) => {
    const [brgy] = await t.db.select().from(places).where(eq(places.level, 'barangay')).limit(1);
    const res = await t.http
      .post('/api/listing/create')
      .set(auth(token))
      .send({ name, type: 'residential', price: 4_500_000, location: { lat: 14.55, lng: 121.02 }, address: { barangayCode: brgy.code } })
      .expect(201);
    return res.body._id as string;
  };
  const createThread = (who: Member, body: Record<string, unknown>) => t.http.post('/api/threads').set(auth(who.token)).send(body);
  const send = (who: Member, threadId: string, content: string) =>
    t.http.post(`/api/threads/${threadId}/messages`).set(auth(who.token)).send({ content, attachments: [] });
  const threadsOf = async (who: Member, query = '') => (await t.http.get(`/api/threads${query}`).set(auth(who.token)).expect(200)).body;
  const unread = async (who: Member) => (await t.http.get('/api/threads/unread-count').set(auth(who.token)).expect(200)).body.count as number;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await createUser(t, { firstName: 'Alice', lastName: 'Reyes' });
    bob = await createUser(t, { firstName: 'Bob', lastName: 'Santos', type: 'broker' });
    carol = await createUser(t, { firstName: 'Carol', lastName: 'Cruz' });
    dave = await createUser(t, { firstName: 'Dave', lastName: 'Lim' });
    listingId = await newListing(bob.token, 'Townhouse in Pasig');
    otherListingId = await newListing(bob.token, 'Lot in Tagaytay');
  });
  afterAll(() => t.close());

  describe('POST /threads', () => {
    it('refuses a request with neither participantId nor listingId, and a malformed id', async () => {
      const res = await createThread(alice, {}).expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: 'participantId or listingId is required', error: 'Bad Request' });
      await createThread(alice, { participantId: 'bob' }).expect(400);
    });

    it('refuses a thread with yourself, also through your own listing', async () => {
      const res = await createThread(alice, { participantId: alice.user._id }).expect(400);
      expect(res.body.message).toBe('You cannot start a thread with yourself');
      const own = await createThread(bob, { listingId }).expect(400);
      expect(own.body.message).toBe('You cannot start a thread with yourself');
    });

    it('answers 404 for an unknown or suspended user and for an unknown or hidden listing', async () => {
      expect((await createThread(alice, { participantId: NOWHERE }).expect(404)).body.message).toBe('User not found');
      const [suspended] = await t.db
        .insert(users)
        .values({ email: uniqueEmail('suspended'), firstName: 'S', lastName: 'S', status: 'suspended', passwordHash: await argon2.hash('x-secret-1') })
        .returning();
      expect((await createThread(alice, { participantId: suspended.id }).expect(404)).body).toEqual({
        statusCode: 404,
        message: 'User not found',
        error: 'Not Found',
      });
      expect((await createThread(alice, { listingId: NOWHERE }).expect(404)).body.message).toBe('Listing not found');
      const hidden = await newListing(bob.token, 'Hidden lot');
      await t.http.post('/api/listing/update/visibility').set(auth(bob.token)).send({ listingId: hidden, visible: false }).expect(200);
      expect((await createThread(alice, { listingId: hidden }).expect(404)).body.message).toBe('Listing not found');
    });

    it('with only a listing talks to its owner; the same pair and listing is one thread from either side', async () => {
      const first = await createThread(alice, { listingId }).expect(201);
      expect(first.body).toMatchObject({
        otherParticipant: { _id: bob.user._id, firstName: 'Bob', lastName: 'Santos', avatar: null, type: 'broker' },
        listing: { _id: listingId, name: 'Townhouse in Pasig', price: 4_500_000, currency: 'PHP', thumbnailUrl: null },
        lastMessage: null,
        unreadCount: 0,
        archived: false,
      });
      expect(first.body.listing.code).toMatch(/^RES-\d{6}$/);
      expect(first.body.participants.map((p: { _id: string }) => p._id).sort()).toEqual([alice.user._id, bob.user._id].sort());
      const again = await createThread(alice, { listingId, participantId: bob.user._id }).expect(200);
      expect(again.body._id).toBe(first.body._id);
      const fromBob = await createThread(bob, { listingId, participantId: alice.user._id }).expect(200);
      expect(fromBob.body._id).toBe(first.body._id);
      expect(fromBob.body.otherParticipant._id).toBe(alice.user._id);

      const aboutOther = await createThread(alice, { listingId: otherListingId }).expect(201);
      const direct = await createThread(alice, { participantId: bob.user._id }).expect(201);
      expect(new Set([first.body._id, aboutOther.body._id, direct.body._id]).size).toBe(3);
      expect(direct.body.listing).toBeNull();
      expect((await createThread(bob, { participantId: alice.user._id }).expect(200)).body._id).toBe(direct.body._id);
    });

    it('creates one thread when both sides start it at the same moment', async () => {
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => createThread(i % 2 ? carol : dave, { participantId: i % 2 ? dave.user._id : carol.user._id })),
      );
      expect(new Set(results.map((r) => r.body._id)).size).toBe(1);
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    });
  });

  describe('messages', () => {
    let threadId: string;
    let eveMember: Member;
    beforeAll(async () => {
      eveMember = await createUser(t, { firstName: 'Eve', lastName: 'Tan' });
      threadId = (await createThread(eveMember, { participantId: alice.user._id }).expect(201)).body._id;
    });
    const eve = () => eveMember;

    it('stores and returns plain text exactly as sent (no sanitising, no links turned into markup)', async () => {
      const text = '<script>alert("x")</script> see https://tahanan.ph & <b>bold</b>';
      const res = await send(eve(), threadId, `  ${text}\n`).expect(201);
      expect(res.body).toMatchObject({
        threadId,
        content: text,
        attachments: [],
        sender: { _id: eve().user._id, firstName: 'Eve', lastName: 'Tan', avatar: null, type: 'customer' },
        isRead: false,
        readAt: null,
      });
      expect(res.body.timestamp).toBe(res.body.createdAt);
      expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
      const [row] = await t.db.select().from(messages).where(eq(messages.id, res.body._id));
      expect(row.content).toBe(text);
      const page = await t.http.get(`/api/threads/${threadId}/messages`).set(auth(alice.token)).expect(200);
      expect(page.body.messages.at(-1).content).toBe(text);
    });

    it('refuses an empty message, attachments in JSON and text over 5000 characters', async () => {
      const empty = await send(eve(), threadId, '   ').expect(400);
      expect(empty.body).toEqual({ statusCode: 400, message: 'A message needs text or at least one attachment', error: 'Bad Request' });
      await t.http.post(`/api/threads/${threadId}/messages`).set(auth(eve().token)).send({}).expect(400);
      const json = await t.http
        .post(`/api/threads/${threadId}/messages`)
        .set(auth(eve().token))
        .send({ content: 'see file', attachments: [{ url: 'blob:http://x/1' }] })
        .expect(400);
      expect(json.body.message).toBe("Send attachment files as multipart/form-data in 'attachments'");
      await send(eve(), threadId, 'x'.repeat(5001)).expect(400);
      await send(eve(), threadId, 'x'.repeat(5000)).expect(201);
    });

    it('leaves a notification for the recipient (from the message.sent event written with the message)', async () => {
      const res = await send(eve(), threadId, 'Is the unit still available?').expect(201);
      await eventsSettled(t.app);
      const rows = await t.db.select().from(notifications).where(eq(notifications.userId, alice.user._id));
      const mine = rows.find((n) => (n.data as { messageId?: string }).messageId === res.body._id);
      expect(mine).toMatchObject({
        type: 'message',
        title: 'New message from Eve Tan',
        body: 'Is the unit still available?',
        data: { threadId, messageId: res.body._id, senderId: eve().user._id, listingId: null },
        readAt: null,
      });
      const senderRows = await t.db.select().from(notifications).where(eq(notifications.userId, eve().user._id));
      expect(senderRows).toHaveLength(0);
    });

    it('names the listing in the notification of a message about one', async () => {
      const about = await createThread(alice, { listingId });
      expect([200, 201]).toContain(about.status);
      const res = await send(alice, about.body._id, 'About the townhouse').expect(201);
      await eventsSettled(t.app);
      const rows = await t.db.select().from(notifications).where(eq(notifications.userId, bob.user._id));
      expect(rows.filter((n) => (n.data as { messageId?: string }).messageId === res.body._id)).toEqual([
        expect.objectContaining({
          title: 'New message from Alice Reyes',
          body: 'About the townhouse',
          data: { threadId: about.body._id, messageId: res.body._id, senderId: alice.user._id, listingId },
        }),
      ]);
    });

    it('pages newest first, each page oldest first, with the pagination object', async () => {
      const { _id: id } = (await createThread(carol, { participantId: alice.user._id }).expect(201)).body;
      for (let i = 1; i <= 25; i++) await send(i % 2 ? carol : alice, id, `m${i}`).expect(201);
      const p1 = await t.http.get(`/api/threads/${id}/messages`).set(auth(alice.token)).expect(200);
      expect(p1.body.messages.map((m: { content: string }) => m.content)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`));
      expect(p1.body.pagination).toEqual({ currentPage: 1, itemsOnPage: 20, totalPages: 2, totalItems: 25, itemsPerPage: 20 });
      const p2 = await t.http.get(`/api/threads/${id}/messages?page=2&limit=20`).set(auth(carol.token)).expect(200);
      expect(p2.body.messages.map((m: { content: string }) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
      expect(p2.body.pagination).toMatchObject({ currentPage: 2, itemsOnPage: 5 });
      const big = await t.http.get(`/api/threads/${id}/messages?limit=500`).set(auth(carol.token)).expect(200);
      expect(big.body.pagination.itemsPerPage).toBe(100);
      await t.http.get(`/api/threads/${id}/messages?page=0`).set(auth(carol.token)).expect(400);
      await t.http.get(`/api/threads/${id}/messages?limit=abc`).set(auth(carol.token)).expect(400);
    });
  });

  describe('thread list, unread counts, read receipts, archive and delete', () => {
    let x: Member;
    let y: Member;
    let z: Member;
    let xy: string;
    let xz: string;
    beforeAll(async () => {
      [x, y, z] = await Promise.all([createUser(t, { firstName: 'Xan' }), createUser(t, { firstName: 'Yna' }), createUser(t, { firstName: 'Zed' })]);
      xy = (await createThread(x, { participantId: y.user._id }).expect(201)).body._id;
      xz = (await createThread(x, { participantId: z.user._id }).expect(201)).body._id;
    });

    it('lists newest activity first with the last message and the caller’s unread count, paginated', async () => {
      await send(y, xy, 'hello from y').expect(201);
      await send(y, xy, 'are you there?').expect(201);
      await send(z, xz, 'hi from z').expect(201);
      let list = await threadsOf(x);
      expect(list.threads.map((th: { _id: string }) => th._id)).toEqual([xz, xy]);
      expect(list.threads[1]).toMatchObject({ unreadCount: 2, lastMessage: { content: 'are you there?', sender: { _id: y.user._id } } });
      expect(list.threads[0]).toMatchObject({ unreadCount: 1, otherParticipant: { _id: z.user._id, firstName: 'Zed' } });
      expect(list.pagination).toEqual({ currentPage: 1, itemsOnPage: 2, totalPages: 1, totalItems: 2, itemsPerPage: 20 });
      // the sender's own messages never count as unread for them
      expect((await threadsOf(y)).threads[0]).toMatchObject({ _id: xy, unreadCount: 0 });

      await send(x, xy, 'yes!').expect(201);
      list = await threadsOf(x, '?limit=1');
      expect(list.threads.map((th: { _id: string }) => th._id)).toEqual([xy]);
      expect(list.pagination).toEqual({ currentPage: 1, itemsOnPage: 1, totalPages: 2, totalItems: 2, itemsPerPage: 1 });
      expect((await threadsOf(x, '?limit=1&page=2')).threads[0]._id).toBe(xz);
      expect(await unread(x)).toBe(3);
    });

    it('marks the other side’s messages read, and only theirs', async () => {
      const res = await t.http.post(`/api/threads/${xy}/read`).set(auth(x.token)).expect(200);
      expect(res.body).toMatchObject({ threadId: xy, unreadCount: 0 });
      expect(res.body.messageIds).toHaveLength(2);
      expect(await unread(x)).toBe(1);
      const page = await t.http.get(`/api/threads/${xy}/messages`).set(auth(y.token)).expect(200);
      const byContent = Object.fromEntries(page.body.messages.map((m: { content: string }) => [m.content, m]));
      expect(byContent['hello from y']).toMatchObject({ isRead: true, readAt: expect.any(String) });
      expect(byContent['yes!']).toMatchObject({ isRead: false, readAt: null });
      const again = await t.http.post(`/api/threads/${xy}/read`).set(auth(x.token)).expect(200);
      expect(again.body.messageIds).toEqual([]);
      expect(await unread(y)).toBe(1);
    });

    it('archives for the caller only, and brings it back', async () => {
      const res = await t.http.post(`/api/threads/${xz}/archive`).set(auth(x.token)).send({}).expect(200);
      expect(res.body).toMatchObject({ _id: xz, archived: true });
      expect((await threadsOf(x)).threads.map((th: { _id: string }) => th._id)).toEqual([xy]);
      expect((await threadsOf(x, '?archived=true')).threads.map((th: { _id: string }) => th._id)).toEqual([xz]);
      expect((await threadsOf(z)).threads[0]).toMatchObject({ _id: xz, archived: false });
      await t.http.get('/api/threads?archived=maybe').set(auth(x.token)).expect(400);
      const back = await t.http.post(`/api/threads/${xz}/archive`).set(auth(x.token)).send({ archived: false }).expect(200);
      expect(back.body.archived).toBe(false);
      expect((await threadsOf(x)).threads).toHaveLength(2);
    });

    it('deletes for the caller only; a new message brings it back for everyone', async () => {
      expect(await unread(x)).toBe(1);
      const res = await t.http.delete(`/api/threads/${xz}`).set(auth(x.token)).expect(200);
      expect(res.body).toEqual({ success: true });
      expect((await threadsOf(x)).threads.map((th: { _id: string }) => th._id)).toEqual([xy]);
      expect(await unread(x)).toBe(0);
      expect((await threadsOf(z)).threads.map((th: { _id: string }) => th._id)).toEqual([xz]);
      const [row] = await t.db
        .select()
        .from(threadParticipants)
        .where(and(eq(threadParticipants.threadId, xz), eq(threadParticipants.userId, x.user._id)));
      expect(row.hiddenAt).not.toBeNull();

      await send(z, xz, 'still interested?').expect(201);
      expect((await threadsOf(x)).threads.map((th: { _id: string }) => th._id)).toEqual([xz, xy]);
      expect(await unread(x)).toBe(2);
    });

    it('starting a deleted thread again shows it again to the caller', async () => {
      await t.http.delete(`/api/threads/${xy}`).set(auth(y.token)).expect(200);
      expect((await threadsOf(y)).threads).toHaveLength(0);
      const again = await createThread(y, { participantId: x.user._id }).expect(200);
      expect(again.body._id).toBe(xy);
      expect((await threadsOf(y)).threads.map((th: { _id: string }) => th._id)).toEqual([xy]);
    });
  });

  describe('only participants', () => {
    let threadId: string;
    let outsider: Member;
    beforeAll(async () => {
      outsider = await createUser(t, { firstName: 'Outsider' });
      threadId = (await createThread(alice, { participantId: dave.user._id }).expect(201)).body._id;
      await send(dave, threadId, 'private').expect(201);
    });

    it('answers 404 "Thread not found" on every route to anybody else, and for unknown or malformed ids', async () => {
      const notFound = { statusCode: 404, message: 'Thread not found', error: 'Not Found' };
      for (const id of [threadId, NOWHERE, 'not-a-uuid']) {
        const calls = {
          getThread: () => t.http.get(`/api/threads/${id}`),
          deleteThread: () => t.http.delete(`/api/threads/${id}`),
          archiveThread: () => t.http.post(`/api/threads/${id}/archive`).send({}),
          markThreadRead: () => t.http.post(`/api/threads/${id}/read`),
          getThreadMessages: () => t.http.get(`/api/threads/${id}/messages`),
          sendThreadMessage: () => t.http.post(`/api/threads/${id}/messages`).send({ content: 'let me in' }),
          sendThreadFile: () => t.http.post(`/api/threads/${id}/messages`).field('content', 'let me in').attach('attachments', PDF_BYTES, 'a.pdf'),
        };
        for (const [route, call] of Object.entries(calls)) {
          const res = await call().set(auth(outsider.token));
          expect({ id, route, status: res.status, body: res.body }).toEqual({ id, route, status: 404, body: notFound });
        }
      }
      expect((await threadsOf(outsider)).threads).toHaveLength(0);
      expect(await unread(outsider)).toBe(0);
      const [row] = await t.db.select().from(threadParticipants).where(eq(threadParticipants.threadId, threadId)).limit(1);
      expect(row.hiddenAt).toBeNull();
      const count = await t.db.select().from(messages).where(eq(messages.threadId, threadId));
      expect(count).toHaveLength(1);
      expect(existsSync(path.join(t.dir, 'uploads', 'private', 'messages', threadId))).toBe(false);
    });

    it("refuses a non-participant's attachments with 404 without reading the body", async () => {
      const notFound = { statusCode: 404, message: 'Thread not found', error: 'Not Found' };
      const baseUrl = await listen(t);
      for (const id of [threadId, NOWHERE, 'not-a-uuid']) {
        // the request announces a 10 MB file but sends only its first 64 KB: the answer must come anyway
        const held = heldUpload(baseUrl, `/api/threads/${id}/messages`, { token: outsider.token, field: 'attachments', fields: { content: 'let me in' } });
        const answer = await held.response;
        expect({ id, status: answer.status, body: answer.body }).toEqual({ id, status: 404, body: notFound });
        expect(tempFiles(t)).toEqual([]);
      }
      expect(await t.db.select().from(messages).where(eq(messages.threadId, threadId))).toHaveLength(1);
      expect(existsSync(path.join(t.dir, 'uploads', 'private', 'messages', threadId))).toBe(false);
    });

    it('needs a token', async () => {
      await t.http.get('/api/threads').expect(401);
      await t.http.post(`/api/threads/${threadId}/messages`).send({ content: 'hi' }).expect(401);
    });
  });

  describe('attachments', () => {
    let threadId: string;
    let png: Buffer;
    beforeAll(async () => {
      threadId = (await createThread(carol, { participantId: bob.user._id }).expect(201)).body._id;
      png = await pngBytes();
    });
    const upload = (who: Member) => t.http.post(`/api/threads/${threadId}/messages`).set(auth(who.token));
    const storedFiles = () => {
      const dir = path.join(t.dir, 'uploads', 'private', 'messages', threadId);
      return existsSync(dir) ? readdirSync(dir) : [];
    };

    it('takes an image, a PDF and a video checked by their bytes, and serves them through signed links', async () => {
      const res = await upload(carol)
        .field('content', 'Photos and the floor plan')
        .field('attachmentsJson', JSON.stringify([{ filename: 'front.png', type: 'image' }, {}, { type: 'video' }]))
        .attach('attachments', png, 'IMG_0001.png')
        .attach('attachments', PDF_BYTES, 'floor-plan.pdf')
        .attach('attachments', MP4_BYTES, 'walkthrough.mp4')
        .expect(201);
      expect(res.body.content).toBe('Photos and the floor plan');
      expect(res.body.attachments).toEqual([
        { _id: expect.any(String), type: 'image', contentType: 'image/png', filename: 'front.png', size: png.length, url: expect.any(String) },
        { _id: expect.any(String), type: 'pdf', contentType: 'application/pdf', filename: 'floor-plan.pdf', size: PDF_BYTES.length, url: expect.any(String) },
        { _id: expect.any(String), type: 'video', contentType: 'video/mp4', filename: 'walkthrough.mp4', size: MP4_BYTES.length, url: expect.any(String) },
      ]);
      expect(JSON.stringify(res.body)).not.toContain('storageKey');
      expect(JSON.stringify(res.body)).not.toContain(`messages/${threadId}`);
      expect(storedFiles().sort()).toEqual(res.body.attachments.map((a: { _id: string }) => a._id).sort());

      const bytes = [png, PDF_BYTES, MP4_BYTES];
      for (const [i, a] of (res.body.attachments as { _id: string; url: string; contentType: string; filename: string }[]).entries()) {
        expect(a.url).toMatch(new RegExp(`^/api/threads/${threadId}/attachments/${a._id}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
        const expires = Number(new URL(a.url, 'http://x').searchParams.get('expires'));
        expect(expires - Date.now() / 1000).toBeGreaterThan(24 * 3600 - 5);
        expect(expires - Date.now() / 1000).toBeLessThanOrEqual(25 * 3600);
        // no bearer token: the signed link itself is the permission (an <img> cannot send headers)
        const file = await t.http.get(a.url).buffer(true).parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        }).expect(200);
        expect(file.headers['content-type']).toBe(a.contentType);
        expect(file.headers['content-disposition']).toBe(`inline; filename="${a.filename}"; filename*=UTF-8''${encodeURIComponent(a.filename)}`);
        expect(file.headers['x-content-type-options']).toBe('nosniff');
        expect(file.headers['cache-control']).toMatch(/^private/);
        expect(Buffer.compare(file.body as Buffer, bytes[i])).toBe(0);
      }

      // a video player seeks with Range: one range answers 206 with just those bytes; past the end, 416
      const video = res.body.attachments[2] as { url: string };
      const binary: Parameters<ReturnType<typeof t.http.get>['parse']>[0] = (r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      };
      const part = await t.http.get(video.url).set('Range', 'bytes=4-11').buffer(true).parse(binary).expect(206);
      expect(part.headers['content-range']).toBe(`bytes 4-11/${MP4_BYTES.length}`);
      expect(part.headers['content-length']).toBe('8');
      expect(part.headers['accept-ranges']).toBe('bytes');
      expect(Buffer.compare(part.body as Buffer, MP4_BYTES.subarray(4, 12))).toBe(0);
      const tail = await t.http.get(video.url).set('Range', 'bytes=-4').buffer(true).parse(binary).expect(206);
      expect(Buffer.compare(tail.body as Buffer, MP4_BYTES.subarray(MP4_BYTES.length - 4))).toBe(0);
      const outside = await t.http.get(video.url).set('Range', `bytes=${MP4_BYTES.length + 10}-`).expect(416);
      expect(outside.headers['content-range']).toBe(`bytes */${MP4_BYTES.length}`);
      await t.http.get(video.url).set('Range', 'pages=1-2').expect(200);

      // the other participant sees the same links in the thread
      const page = await t.http.get(`/api/threads/${threadId}/messages`).set(auth(bob.token)).expect(200);
      expect(page.body.messages.at(-1).attachments.map((a: { type: string }) => a.type)).toEqual(['image', 'pdf', 'video']);
      const list = await threadsOf(bob);
      expect(list.threads.find((th: { _id: string }) => th._id === threadId).lastMessage.attachments).toHaveLength(3);
    });

    it('refuses a tampered, expired, foreign or missing signature with 403', async () => {
      const res = await upload(carol).attach('attachments', PDF_BYTES, 'deed.pdf').expect(201);
      expect(res.body.content).toBe('');
      const a = res.body.attachments[0] as { _id: string; url: string };
      const url = new URL(a.url, 'http://x');
      const expires = url.searchParams.get('expires')!;
      const signature = url.searchParams.get('signature')!;
      const base = `/api/threads/${threadId}/attachments/${a._id}`;
      const forbidden = { statusCode: 403, message: 'This link has expired or is invalid', error: 'Forbidden' };
      const flipped = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
      expect((await t.http.get(`${base}?expires=${expires}&signature=${flipped}`).expect(403)).body).toEqual(forbidden);
      await t.http.get(`${base}?expires=${Number(expires) + 3600}&signature=${signature}`).expect(403);
      await t.http.get(`${base}?expires=${expires}`).expect(403);
      await t.http.get(base).expect(403);
      await t.http.get(`/api/threads/${NOWHERE}/attachments/${a._id}?expires=${expires}&signature=${signature}`).expect(403);
      // correctly signed with the server's key, but in the past
      const key = createHmac('sha256', t.config.auth.jwtSecret).update('tahanan:message-attachment-links:v1').digest();
      const past = Math.floor(Date.now() / 1000) - 10;
      const pastSig = createHmac('sha256', key).update(`${threadId}/${a._id}/${past}`).digest('hex');
      await t.http.get(`${base}?expires=${past}&signature=${pastSig}`).expect(403);
      // the same construction in the future works, which shows the 403 above is about expiry alone
      const future = Math.floor(Date.now() / 1000) + 60;
      const futureSig = createHmac('sha256', key).update(`${threadId}/${a._id}/${future}`).digest('hex');
      await t.http.get(`${base}?expires=${future}&signature=${futureSig}`).expect(200);
      // a file sent without text leaves "Sent an attachment" as the notification text
      await eventsSettled(t.app);
      const all = await t.db.select().from(notifications).where(eq(notifications.userId, bob.user._id));
      expect(all.find((r) => (r.data as { messageId: string }).messageId === res.body._id)?.body).toBe('Sent an attachment');
    });

    it('refuses a file that is not an image, video or PDF, storing nothing of the request', async () => {
      const before = storedFiles().length;
      const res = await upload(carol)
        .field('content', 'two files')
        .attach('attachments', png, 'ok.png')
        .attach('attachments', Buffer.from('just some text, not a picture'), 'notes.png')
        .expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: "'notes.png' is not an image, video or PDF", error: 'Bad Request' });
      await upload(carol).attach('attachments', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg').expect(400);
      expect(storedFiles().length).toBe(before);
    });

    it('answers 400 (never 500) for an image whose header is right but whose data is truncated or corrupt, storing nothing', async () => {
      const before = storedFiles().length;
      for (const [name, bytes] of Object.entries(await brokenImages())) {
        const res = await upload(carol).field('content', 'photos').attach('attachments', PDF_BYTES, 'plan.pdf').attach('attachments', bytes, `${name}.png`);
        expect({ name, status: res.status, body: res.body }).toEqual({
          name,
          status: 400,
          body: {
            statusCode: 400,
            message: `'${name}.png' could not be read (the image is damaged or incomplete); send images that open correctly, videos or PDFs`,
            error: 'Bad Request',
          },
        });
      }
      expect(storedFiles().length).toBe(before);
      expect(tempFiles(t)).toEqual([]);
    });

    it('leaves no temporary file after a success or an error', async () => {
      await upload(carol).attach('attachments', png, 'a.png').attach('attachments', PDF_BYTES, 'b.pdf').expect(201);
      expect(tempFiles(t)).toEqual([]);
      await upload(carol).attach('attachments', Buffer.from('not a file we take'), 'a.txt').expect(400);
      expect(tempFiles(t)).toEqual([]);
      await upload(carol).attach('attachments', PDF_BYTES, 'a.pdf').attach('attachments', Buffer.alloc(10 * 1024 * 1024 + 1), 'big.pdf').expect(413);
      expect(tempFiles(t)).toEqual([]);
      expect(openTempFiles(t)).toEqual([]);
    });

    it('refuses a declared type that contradicts the bytes, and bad attachmentsJson', async () => {
      const res = await upload(carol).field('attachmentsJson', JSON.stringify([{ type: 'image' }])).attach('attachments', PDF_BYTES, 'plan.pdf').expect(400);
      expect(res.body.message).toBe("'plan.pdf' was declared as image but its content is a PDF");
      await upload(carol).field('attachmentsJson', '{not json').attach('attachments', PDF_BYTES, 'plan.pdf').expect(400);
      await upload(carol).field('attachmentsJson', JSON.stringify([{ type: 'audio' }])).attach('attachments', PDF_BYTES, 'plan.pdf').expect(400);
      await upload(carol).field('attachmentsJson', JSON.stringify([{}, {}])).attach('attachments', PDF_BYTES, 'plan.pdf').expect(400);
    });

    it('takes at most 5 files of at most 10 MB each', async () => {
      let six = upload(carol).field('content', 'six');
      for (let i = 0; i < 6; i++) six = six.attach('attachments', PDF_BYTES, `doc${i}.pdf`);
      const tooMany = await six.expect(400);
      expect(tooMany.body.message).toBe("At most 5 file(s) may be sent in 'attachments'");
      const big = Buffer.concat([PDF_BYTES, Buffer.alloc(10 * 1024 * 1024)]);
      const tooBig = await upload(carol).attach('attachments', big, 'big.pdf').expect(413);
      expect(tooBig.body).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
      let five = upload(carol);
      for (let i = 0; i < 5; i++) five = five.attach('attachments', PDF_BYTES, `doc${i}.pdf`);
      expect((await five.expect(201)).body.attachments).toHaveLength(5);
    });
  });
});

describe('messaging rate limits (per user, in Redis)', () => {
  let t: TestApp;
  let a: Member;
  let b: Member;
  beforeAll(async () => {
    t = await startTestApp({ MESSAGE_SEND_PER_MINUTE: '3', MESSAGE_FETCH_PER_MINUTE: '4' });
    [a, b] = await Promise.all([createUser(t), createUser(t)]);
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After past the sending limit (creating a thread counts as sending)', async () => {
    const threadId = (await t.http.post('/api/threads').set(auth(a.token)).send({ participantId: b.user._id }).expect(201)).body._id;
    await t.http.post(`/api/threads/${threadId}/messages`).set(auth(a.token)).send({ content: '1' }).expect(201);
    await t.http.post(`/api/threads/${threadId}/messages`).set(auth(a.token)).send({ content: '2' }).expect(201);
    const res = await t.http.post(`/api/threads/${threadId}/messages`).set(auth(a.token)).send({ content: '3' }).expect(429);
    expect(res.body).toEqual({ statusCode: 429, message: 'Too many requests, please try again later', error: 'Too Many Requests' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await t.http.post('/api/threads').set(auth(a.token)).send({ participantId: b.user._id }).expect(429);
    // per user: the other participant still sends
    await t.http.post(`/api/threads/${threadId}/messages`).set(auth(b.token)).send({ content: 'mine' }).expect(201);
  });

  it('answers 429 past the fetching limit', async () => {
    await t.http.get('/api/threads').set(auth(b.token)).expect(200);
    await t.http.get('/api/threads/unread-count').set(auth(b.token)).expect(200);
    const { body } = await t.http.get('/api/threads').set(auth(b.token)).expect(200);
    await t.http.get(`/api/threads/${body.threads[0]._id}/messages`).set(auth(b.token)).expect(200);
    const res = await t.http.get(`/api/threads/${body.threads[0]._id}`).set(auth(b.token)).expect(429);
    expect(res.body.message).toBe('Too many requests, please try again later');
    expect(res.headers['retry-after']).toBeDefined();
    await t.http.get('/api/threads').set(auth(a.token)).expect(200);
  });
});

describe('attachments with the upload temp folder on another file system', () => {
  // /dev/shm is a tmpfs on Linux: moving a file from it into storage cannot rename, it must copy
  const otherFs = existsSync('/dev/shm') && statSync('/dev/shm').dev !== statSync(os.tmpdir()).dev;
  let t: TestApp;
  let tmpDir: string;
  beforeAll(async () => {
    if (!otherFs) return;
    tmpDir = mkdtempSync('/dev/shm/tahanan-upload-test-');
    t = await startTestApp({ UPLOAD_TMP_DIR: tmpDir });
  });
  afterAll(async () => {
    if (!otherFs) return;
    await t.close();
    rmSync(tmpDir, { recursive: true, force: true });
  });

  (otherFs ? it : it.skip)('copies the file into storage and removes the temporary one', async () => {
    const [a, b] = await Promise.all([createUser(t), createUser(t)]);
    const threadId = (await t.http.post('/api/threads').set(auth(a.token)).send({ participantId: b.user._id }).expect(201)).body._id;
    const res = await t.http.post(`/api/threads/${threadId}/messages`).set(auth(a.token)).attach('attachments', PDF_BYTES, 'deed.pdf').expect(201);
    const file = await t.http.get(res.body.attachments[0].url).buffer(true).expect(200);
    expect(Buffer.compare(Buffer.from(file.body as Buffer), PDF_BYTES)).toBe(0);
    expect(readdirSync(tmpDir)).toEqual([]);
  });
});
