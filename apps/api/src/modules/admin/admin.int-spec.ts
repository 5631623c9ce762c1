import { listings, messages, payments, places, users } from '@app/db';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { eventsSettled } from '../../../test/events';
import { auth, createUser, startTestApp, type TestApp, verifiedIdentity } from '../../../test/test-app';

type Member = Awaited<ReturnType<typeof createUser>>;

describe('the admin console’s user page and dashboard (HTTP, real PostgreSQL and Redis)', () => {
  let t: TestApp;
  let viewer: Member;
  let admin: Member;
  let member: Member;
  let barangayCode: string;

  const newListing = async (who: Member, name: string) => {
    const res = await t.http
      .post('/api/listing/create')
      .set(auth(who.token))
      .send({ name, type: 'residential', price: 3_900_000, location: { lat: 14.6, lng: 121.0 }, address: { barangayCode } })
      .expect(201);
    return res.body._id as string;
  };
  let paymentSeq = 0;
  const paidPayment = (userId: string | null, amountCentavos: number, paidAt: Date | null, status: 'paid' | 'pending' = 'paid') => ({
    reference: `TST-${Date.now().toString(36)}-${++paymentSeq}`,
    userId,
    payerName: 'Juan dela Cruz',
    payerEmail: 'juan@example.ph',
    purpose: 'credit_pack' as const,
    creditPack: 'small',
    credits: 10,
    description: 'AI credits',
    method: 'gcash' as const,
    provider: 'sandbox' as const,
    amountCentavos,
    status,
    expiresAt: new Date(Date.now() + 3600_000),
    paidAt,
  });

  beforeAll(async () => {
    t = await startTestApp();
    [{ code: barangayCode }] = await t.db.select({ code: places.code }).from(places).where(eq(places.level, 'barangay')).limit(1);
    viewer = await createUser(t, { role: 'viewer' });
    admin = await createUser(t, { role: 'admin' });
    member = await createUser(t);
  });
  afterAll(() => t.close());

  describe('POST /user/page', () => {
    it('answers the member, their plan, credits, figures from each module, a page of their listings (drafts and hidden ones too) and their recent audit entries', async () => {
      // a verified identity for making 12 active listings (more than KYC_UNVERIFIED_ACTIVE_LISTINGS allow
      // without one); the account itself is not verified yet: the admin verifies it below (an audited change of standing)
      const owner = await createUser(t, { firstName: 'Lorna', lastName: 'Ibañez', type: 'broker', creditsRemaining: 0, ...verifiedIdentity() });
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) ids.push(await newListing(owner, `Unit ${i} in Cebu IT Park`));
      // newest first: the last created is first; make one a draft and one hidden (the staff page shows both)
      await t.http.put('/api/listing/update').set(auth(owner.token)).send({ _id: ids[11], owner: owner.user._id, status: 'draft' }).expect(200);
      await t.http.post('/api/listing/update/visibility').set(auth(owner.token)).send({ listingId: ids[10], visible: false }).expect(200);
      await t.http.post(`/api/listing/report/${ids[9]}`).set(auth(member.token)).send({ reason: 'duplicate' }).expect(201);
      // a thread and payments (one paid, one refunded after payment, one still pending, one of someone else)
      await t.http.post('/api/threads').set(auth(member.token)).send({ listingId: ids[0] }).expect(201);
      await t.db.insert(payments).values([
        paidPayment(owner.user._id, 49_900, new Date('2026-05-01T03:00:00Z')),
        { ...paidPayment(owner.user._id, 29_900, new Date('2026-05-02T03:00:00Z')), status: 'refunded' },
        paidPayment(owner.user._id, 99_900, null, 'pending'),
        paidPayment(member.user._id, 10_000, new Date('2026-05-02T03:00:00Z')),
      ]);
      // the admin changes the member's standing: audited with the member as the entity
      await t.http.put('/api/user/update').set(auth(admin.token)).send({ _id: owner.user._id, isVerified: true }).expect(200);
      await eventsSettled(t.app);

      const res = await t.http.post('/api/user/page').set(auth(viewer.token)).send({ id: owner.user._id }).expect(200);
      expect(res.body.user).toMatchObject({ _id: owner.user._id, firstName: 'Lorna', lastName: 'Ibañez', email: owner.user.email, isVerified: true });
      expect(res.body.user.passwordHash).toBeUndefined();
      expect(res.body.subscription).toMatchObject({ plan: 'free', subscription: null });
      expect(res.body.credits).toEqual({ balance: 0 });
      expect(res.body.stats).toEqual({ listings: 12, activeListings: 11, threads: 1, payments: 2, paidCentavos: 79_800 });
      expect(res.body.listings.pagination).toMatchObject({ totalItems: 12, currentPage: 1, itemsPerPage: 10, totalPages: 2 });
      expect(res.body.listings.listings.map((l: { _id: string }) => l._id)).toEqual(ids.slice(2).reverse());
      expect(res.body.listings.listings[0]).toMatchObject({ status: 'draft', documentsCount: 0, openReports: 0 });
      expect(res.body.listings.listings[1]).toMatchObject({ isVisible: false });
      expect(res.body.listings.listings[2]).toMatchObject({ openReports: 1 });
      const types = res.body.recentAudit.map((e: { type: string }) => e.type);
      expect(types[0]).toBe('user.verified_changed');
      expect(types).toContain('listing.created');
      expect(res.body.recentAudit).toHaveLength(10);
      expect(res.body.recentAudit.every((e: { user: { _id: string } | null; entity: { kind: string; id: string } | null }) =>
        e.user?._id === owner.user._id || (e.entity?.kind === 'user' && e.entity.id === owner.user._id))).toBe(true);
      const stamps = res.body.recentAudit.map((e: { timestamp: string }) => e.timestamp);
      expect([...stamps].sort().reverse()).toEqual(stamps);

      const second = await t.http.post('/api/user/page').set(auth(admin.token)).send({ id: owner.user._id, page: 2 }).expect(200);
      expect(second.body.listings.listings.map((l: { _id: string }) => l._id)).toEqual([ids[1], ids[0]]);
    });

    it('is for staff (members 403), 404 for an unknown member, 400 for a bad id or page', async () => {
      await t.http.post('/api/user/page').set(auth(member.token)).send({ id: member.user._id }).expect(403);
      await t.http.post('/api/user/page').send({ id: member.user._id }).expect(401);
      const unknown = await t.http.post('/api/user/page').set(auth(admin.token)).send({ id: randomUUID() }).expect(404);
      expect(unknown.body.message).toBe('User not found');
      const bad = await t.http.post('/api/user/page').set(auth(admin.token)).send({ id: 'someone', page: 0 }).expect(400);
      expect(bad.body.message).toEqual(expect.arrayContaining(['id must be a user id (a UUID)']));
      expect(JSON.stringify(bad.body.message)).toMatch(/page must be a whole number/);
    });
  });

  describe('POST /user/dashboard', () => {
    // the first week of March 2026, Manila days; rows planted at known instants
    const window = { from: '2026-03-01', to: '2026-03-07' };
    let alice: Member;
    let bob: Member;

    beforeAll(async () => {
      // sign-ups: 1 March 08:00 Manila, 2 March 00:30 Manila (1 March 16:30 UTC), 1 March 23:59 Manila (15:59 UTC), 28 February (outside)
      alice = await createUser(t, { createdAt: new Date('2026-03-01T00:00:00Z') });
      bob = await createUser(t, { createdAt: new Date('2026-03-01T16:30:00Z') });
      await createUser(t, { createdAt: new Date('2026-03-01T15:59:00Z') });
      await createUser(t, { createdAt: new Date('2026-02-28T10:00:00Z') });
      // listings: alice 2 on 3 March, bob 1 on 5 March, 1 on 8 March Manila (outside)
      const planted: Array<[Member, string]> = [
        [alice, '2026-03-03T02:00:00Z'],
        [alice, '2026-03-03T09:00:00Z'],
        [bob, '2026-03-05T01:00:00Z'],
        [bob, '2026-03-07T16:00:00Z'],
      ];
      const listingIds: string[] = [];
      for (const [who, at] of planted) {
        const id = await newListing(who, 'Apartment in Quezon City');
        await t.db.update(listings).set({ createdAt: new Date(at) }).where(eq(listings.id, id));
        listingIds.push(id);
      }
      // messages: alice asks about bob's listing twice, bob answers once
      const thread = await t.http.post('/api/threads').set(auth(alice.token)).send({ listingId: listingIds[2] }).expect(201);
      const sent: Array<[Member, string]> = [
        [alice, '2026-03-05T03:00:00Z'],
        [alice, '2026-03-06T03:00:00Z'],
        [bob, '2026-03-06T04:00:00Z'],
      ];
      for (const [who, at] of sent) {
        const m = await t.http.post(`/api/threads/${thread.body._id}/messages`).set(auth(who.token)).send({ content: 'Available pa po ba?' }).expect(201);
        await t.db.update(messages).set({ createdAt: new Date(at) }).where(eq(messages.id, m.body._id));
      }
      await t.db.insert(payments).values([
        paidPayment(alice.user._id, 49_900, new Date('2026-03-02T01:00:00Z')),
        paidPayment(bob.user._id, 99_900, new Date('2026-03-02T05:00:00Z')),
        paidPayment(bob.user._id, 19_900, new Date('2026-03-07T15:59:59Z')),
        paidPayment(bob.user._id, 19_900, new Date('2026-03-07T16:00:00Z')), // 8 March in Manila: outside
        paidPayment(alice.user._id, 5_000, null, 'pending'),
      ]);
    });

    const dashboard = (who: Member, body: Record<string, unknown>) => t.http.post('/api/user/dashboard').set(auth(who.token)).send(body);
    const pointsOf = (res: { body: { series: Array<{ metric: string; points: Array<{ date: string; count: number; amountCentavos?: number }> }> } }, metric: string) =>
      res.body.series.find((s) => s.metric === metric)!.points;

    it('counts each metric per Manila day, filling the empty days with 0', async () => {
      const res = await dashboard(viewer, { filter: window }).expect(200);
      expect(res.body).toMatchObject({ from: '2026-03-01', to: '2026-03-07', interval: 'day' });
      expect(res.body.series.map((s: { metric: string }) => s.metric)).toEqual(['users', 'listings', 'messages', 'payments']);
      const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07'];
      expect(pointsOf(res, 'users')).toEqual(days.map((date, i) => ({ date, count: [2, 1, 0, 0, 0, 0, 0][i] })));
      expect(pointsOf(res, 'listings')).toEqual(days.map((date, i) => ({ date, count: [0, 0, 2, 0, 1, 0, 0][i] })));
      expect(pointsOf(res, 'messages')).toEqual(days.map((date, i) => ({ date, count: [0, 0, 0, 0, 1, 2, 0][i] })));
      expect(pointsOf(res, 'payments')).toEqual(
        days.map((date, i) => ({ date, count: [0, 2, 0, 0, 0, 0, 1][i], amountCentavos: [0, 149_800, 0, 0, 0, 0, 19_900][i] })),
      );
      const allUsers = (await t.db.select({ id: users.id }).from(users)).length;
      const allListings = await t.db.select({ id: listings.id, status: listings.status }).from(listings);
      expect(res.body.totals).toEqual({
        users: allUsers,
        newUsers: 3,
        listings: allListings.length,
        activeListings: allListings.filter((l) => l.status === 'active').length,
        newListings: 3,
        messages: 3,
        payments: 3,
        paidCentavos: 169_700,
      });
    });

    it('buckets by week and month, answers only the metrics asked for, and one member’s figures', async () => {
      const weeks = await dashboard(admin, { data: ['listings', 'payments'], filter: { ...window, interval: 'week' } }).expect(200);
      expect(weeks.body.series.map((s: { metric: string }) => s.metric)).toEqual(['listings', 'payments']);
      expect(Object.keys(weeks.body.totals).sort()).toEqual(['activeListings', 'listings', 'newListings', 'paidCentavos', 'payments']);
      // 1 March 2026 is a Sunday: its week began on 23 February
      expect(pointsOf(weeks, 'listings')).toEqual([
        { date: '2026-02-23', count: 0 },
        { date: '2026-03-02', count: 3 },
      ]);
      const months = await dashboard(admin, { data: ['users'], filter: { from: '2026-02-01', to: '2026-03-31', interval: 'month' } }).expect(200);
      expect(pointsOf(months, 'users')).toEqual([
        { date: '2026-02-01', count: 1 },
        { date: '2026-03-01', count: 3 },
      ]);
      const bobs = await dashboard(viewer, { filter: { ...window, userId: bob.user._id } }).expect(200);
      expect(bobs.body.totals).toEqual({ users: 1, newUsers: 1, listings: 2, activeListings: 2, newListings: 1, messages: 1, payments: 2, paidCentavos: 119_800 });
      expect(pointsOf(bobs, 'users').find((p: { count: number }) => p.count > 0)).toEqual({ date: '2026-03-02', count: 1 });
      expect(pointsOf(bobs, 'messages').map((p: { count: number }) => p.count)).toEqual([0, 0, 0, 0, 0, 1, 0]);
    });

    it('defaults to the last 30 Manila days, today included', async () => {
      const res = await dashboard(viewer, {}).expect(200);
      const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      expect(res.body.to).toBe(today);
      expect(res.body.series[0].points).toHaveLength(30);
      expect(res.body.series[0].points[29].date).toBe(today);
      // the members created by this suite today (not the planted ones) count on today
      expect(res.body.totals.newUsers).toBeGreaterThanOrEqual(3);
      // filter null and an empty data list read as "no filter" and "every metric" (a null filter was a 500, found by fuzz-routes)
      const nulls = await dashboard(admin, { data: [], filter: null }).expect(200);
      expect(nulls.body.to).toBe(today);
      expect(nulls.body.series.map((s: { metric: string }) => s.metric)).toEqual(['users', 'listings', 'messages', 'payments']);
    });

    it('refuses members (403), bad dates, an inverted range, a daily range over 366 days and unknown metrics (400), an unknown member (404)', async () => {
      await dashboard(member, {}).expect(403);
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ filter: { from: '2026-02-30' } }, /filter.from must be a date/],
        [{ filter: { from: '2026-03-01', to: 'tomorrow' } }, /filter.to must be a date/],
        [{ filter: { from: '2026-03-07', to: '2026-03-01' } }, /filter.to \(2026-03-01\) must not be before filter.from \(2026-03-07\)/],
        [{ filter: { from: '2025-01-01', to: '2026-03-01' } }, /at most 366 days .*choose a shorter range, or interval 'week' or 'month'/],
        [{ filter: { interval: 'hour' } }, /filter.interval must be one of: day, week, month/],
        [{ filter: { userId: 'bob' } }, /filter.userId must be a user id/],
        [{ data: ['users', 'visits'] }, /data must hold only: users, listings, messages, payments/],
      ];
      for (const [body, message] of cases) {
        const res = await dashboard(admin, body).expect(400);
        expect(JSON.stringify(res.body.message)).toMatch(message);
      }
      await dashboard(admin, { filter: { from: '2025-01-01', to: '2026-03-01', interval: 'week' } }).expect(200);
      const unknown = await dashboard(admin, { filter: { userId: randomUUID() } }).expect(404);
      expect(unknown.body.message).toBe('User not found');
    });
  });
});
