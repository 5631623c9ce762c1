import { users } from '@app/db';
import { eq } from 'drizzle-orm';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';

type Member = Awaited<ReturnType<typeof createUser>>;

/** The admin console's user table: its filters and sorts, and the account actions through PUT /user/update. */
describe('admin user management (HTTP, real PostgreSQL and Redis)', () => {
  let t: TestApp;
  let viewer: Member;
  let admin: Member;
  let superAdmin: Member;

  beforeAll(async () => {
    t = await startTestApp();
    viewer = await createUser(t, { role: 'viewer' });
    admin = await createUser(t, { role: 'admin' });
    superAdmin = await createUser(t, { role: 'super_admin' });
  });
  afterAll(() => t.close());

  const search = (who: Member, body: Record<string, unknown>) => t.http.post('/api/user/search').set(auth(who.token)).send({ limit: 100, ...body });
  const emails = (res: { body: { users: Array<{ email: string }> } }) => res.body.users.map((u) => u.email);

  describe('POST /user/search: plan and sign-up dates', () => {
    let premium: Member;
    let basic: Member;
    let early: Member;
    let lastDay: Member;
    let nextDay: Member;
    const tag = `plan${Date.now().toString(36)}`;

    beforeAll(async () => {
      premium = await createUser(t, { lastName: tag, subscription: { plan: 'premium', status: 'active', billingPeriod: 'monthly' } });
      basic = await createUser(t, { lastName: tag, subscription: { plan: 'basic', status: 'active', billingPeriod: 'annually' } });
      // signed up on 31 January 2026 (Manila), on 2 February 23:30 Manila (15:30 UTC), on 3 February 00:30 Manila (2 February 16:30 UTC)
      early = await createUser(t, { lastName: tag, dateSignedUp: new Date('2026-01-31T04:00:00Z') });
      lastDay = await createUser(t, { lastName: tag, dateSignedUp: new Date('2026-02-02T15:30:00Z') });
      nextDay = await createUser(t, { lastName: tag, dateSignedUp: new Date('2026-02-02T16:30:00Z') });
    });

    it('filters by the current plan (one or several)', async () => {
      expect(emails(await search(viewer, { query: { text: tag, plan: 'premium' } }).expect(200))).toEqual([premium.user.email]);
      expect(emails(await search(viewer, { query: { text: tag, plan: ['premium', 'basic'] }, sort: 'email' }).expect(200)).sort()).toEqual(
        [premium.user.email, basic.user.email].sort(),
      );
      const free = emails(await search(viewer, { query: { text: tag, plan: ['free'] } }).expect(200));
      expect(free.sort()).toEqual([early, lastDay, nextDay].map((m) => m.user.email).sort());
      const bad = await search(admin, { query: { plan: 'gold' } }).expect(400);
      expect(bad.body.message).toBe('query.plan must be one of: free, basic, premium, enterprise');
    });

    it('filters by sign-up dates as whole Manila days (both ends included), or exact instants', async () => {
      const inFebFirstDays = await search(admin, { query: { text: tag, signedUpFrom: '2026-02-01', signedUpTo: '2026-02-02' } }).expect(200);
      expect(emails(inFebFirstDays)).toEqual([lastDay.user.email]);
      const fromFeb3 = await search(admin, { query: { text: tag, signedUpFrom: '2026-02-03', signedUpTo: '2026-02-03' } }).expect(200);
      expect(emails(fromFeb3)).toEqual([nextDay.user.email]);
      const untilJan = await search(admin, { query: { text: tag, signedUpTo: '2026-01-31' } }).expect(200);
      expect(emails(untilJan)).toEqual([early.user.email]);
      const instant = await search(admin, { query: { text: tag, signedUpFrom: '2026-02-02T16:00:00Z', signedUpTo: '2026-02-28' } }).expect(200);
      expect(emails(instant)).toEqual([nextDay.user.email]);
      const sorted = await search(admin, { query: { text: tag, signedUpTo: '2026-06-30' }, sort: '-dateSignedUp' }).expect(200);
      expect(emails(sorted)).toEqual([nextDay, lastDay, early].map((m) => m.user.email));
      for (const [query, message] of [
        [{ signedUpFrom: '2026-02-30' }, 'query.signedUpFrom must be a date (YYYY-MM-DD) or an ISO date-time'],
        [{ signedUpTo: 'yesterday' }, 'query.signedUpTo must be a date (YYYY-MM-DD) or an ISO date-time'],
        [{ signedUpFrom: '2026-03-02', signedUpTo: '2026-03-01' }, 'query.signedUpTo must not be before query.signedUpFrom'],
      ] as const) {
        const res = await search(admin, { query }).expect(400);
        expect(res.body.message).toBe(message);
      }
    });

    it('sorts by every column of the table (and refuses others)', async () => {
      for (const sort of ['createdAt', '-dateSignedUp', 'lastActive', 'email', 'firstName', '-lastName', 'role', 'status']) {
        await search(viewer, { query: { text: tag }, sort }).expect(200);
      }
      const byEmail = await search(viewer, { query: { text: tag }, sort: 'email' }).expect(200);
      expect(emails(byEmail)).toEqual([...emails(byEmail)].sort());
      await search(viewer, { sort: 'passwordHash' }).expect(400);
    });
  });

  describe('account actions through PUT /user/update', () => {
    it('lets an admin suspend and reactivate a member and verify them; a viewer can do none of it (403)', async () => {
      const m = await createUser(t);
      for (const body of [{ status: 'suspended' }, { isVerified: true }, { role: 'viewer' }]) {
        const res = await t.http.put('/api/user/update').set(auth(viewer.token)).send({ _id: m.user._id, ...body }).expect(403);
        expect(res.body.message).toBe('You can only update your own profile');
      }
      const [untouched] = await t.db.select().from(users).where(eq(users.id, m.user._id));
      expect(untouched).toMatchObject({ status: 'active', isVerified: false, role: 'user' });

      await t.http.put('/api/user/update').set(auth(admin.token)).send({ _id: m.user._id, status: 'suspended' }).expect(200);
      await t.http.get('/api/current/user').set(auth(m.token)).expect(401);
      const back = await t.http.put('/api/user/update').set(auth(admin.token)).send({ _id: m.user._id, status: 'active', isVerified: true }).expect(200);
      expect(back.body).toMatchObject({ status: 'active', isVerified: true });
      await t.http.post('/api/user/login').send({ email: m.user.email, password: 'correct-horse-9' }).expect(200);
    });

    it('keeps the admin roles to super admins: an admin cannot grant admin or super_admin; a super admin can', async () => {
      const m = await createUser(t);
      for (const role of ['admin', 'super_admin']) {
        const res = await t.http.put('/api/user/update').set(auth(admin.token)).send({ _id: m.user._id, role }).expect(403);
        expect(res.body.message).toBe('Only a super admin can grant the admin roles');
      }
      expect((await t.db.select().from(users).where(eq(users.id, m.user._id)))[0].role).toBe('user');
      const granted = await t.http.put('/api/user/update').set(auth(superAdmin.token)).send({ _id: m.user._id, role: 'admin' }).expect(200);
      expect(granted.body.role).toBe('admin');
    });
  });
});
