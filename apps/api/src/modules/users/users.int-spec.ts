import { sessions, users } from '@app/db';
import { eq } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { auth, createUser, PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../../test/test-app';


const CREDITS_ARE_A_LEDGER = 'AI credits are kept in a ledger: change them with PUT /api/user/ai/credits/{id} and a reason (admins only)';
describe('accounts (HTTP, real PostgreSQL and Redis)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const signUp = (over: Record<string, unknown> = {}) =>
    t.http.post('/api/user/create').send({
      firstName: 'Maria',
      lastName: 'Santos',
      email: uniqueEmail('signup'),
      password: 'at-least-8',
      type: 'broker',
      ...over,
    });

  describe('sign-up', () => {
    it('creates the account and answers 201 with a working token and the user without its hash', async () => {
      const res = await signUp({ middleName: 'Lopez', phoneNumber: '09171234567' }).expect(201);
      expect(res.body.token).toEqual(expect.any(String));
      expect(res.body.user).toMatchObject({
        firstName: 'Maria',
        middleName: 'Lopez',
        lastName: 'Santos',
        type: 'broker',
        role: 'user',
        status: 'active',
        isVerified: false,
        provider: 'local',
        credits: { remaining: 0 },
        subscription: { plan: 'free', status: 'active', billingPeriod: 'free' },
      });
      expect(res.body.user._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);
      const me = await t.http.get('/api/current/user').set(auth(res.body.token)).expect(200);
      expect(me.body._id).toBe(res.body.user._id);
    });

    it('answers 409 for an e-mail that exists, whatever its case', async () => {
      const email = uniqueEmail('dup');
      await signUp({ email }).expect(201);
      const res = await signUp({ email: email.toUpperCase() }).expect(409);
      expect(res.body).toEqual({ statusCode: 409, message: 'An account with this e-mail already exists', error: 'Conflict' });
    });

    it('refuses a short password, a bad e-mail and an unknown type with every message', async () => {
      const res = await signUp({ password: 'short', email: 'not-an-email', type: 'landlord' }).expect(400);
      expect(res.body.message).toEqual(
        expect.arrayContaining([
          'password must be at least 8 characters',
          'email must be a valid e-mail address',
          'type must be one of: customer, broker, real_estate_salesperson, property_owner, real_estate_appraiser, real_estate_consultant',
        ]),
      );
    });

    it('refuses a role smuggled into the sign-up body', async () => {
      const res = await signUp({ role: 'admin' }).expect(400);
      expect(res.body.message).toContain('property role should not exist');
    });
  });

  describe('login and logout', () => {
    it('logs in, and logout revokes that token only', async () => {
      const email = uniqueEmail('login');
      await signUp({ email, password: PASSWORD }).expect(201);
      const a = await t.http.post('/api/user/login').send({ email, password: PASSWORD }).expect(200);
      const b = await t.http.post('/api/user/login').send({ email: email.toUpperCase(), password: PASSWORD }).expect(200);
      expect(a.body.user.email).toBe(email);
      await t.http.get('/api/user/logout').set(auth(a.body.token)).expect(200);
      const after = await t.http.get('/api/current/user').set(auth(a.body.token)).expect(401);
      expect(after.body.error).toBe('Unauthorized');
      await t.http.get('/api/current/user').set(auth(b.body.token)).expect(200);
    });

    it('refuses a token whose session has expired, though the token itself has not', async () => {
      const member = await createUser(t);
      await t.http.get('/api/current/user').set(auth(member.token)).expect(200);
      await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, member.user._id));
      const res = await t.http.get('/api/current/user').set(auth(member.token)).expect(401);
      expect(res.body.message).toBe('Your session has ended; please log in again');
    });

    it('answers wrong password and unknown e-mail with the same 401 message', async () => {
      const email = uniqueEmail('wrong');
      await signUp({ email }).expect(201);
      const wrong = await t.http.post('/api/user/login').send({ email, password: 'not-the-password' }).expect(401);
      const unknown = await t.http.post('/api/user/login').send({ email: uniqueEmail('nobody'), password: 'whatever1' }).expect(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.message).toBe('Invalid email or password');
    });

    it('refuses a suspended member, and suspending ends their sessions', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const member = await createUser(t);
      await t.http.put('/api/user/update').set(auth(admin.token)).send({ _id: member.user._id, status: 'suspended' }).expect(200);
      await t.http.get('/api/current/user').set(auth(member.token)).expect(401);
      const res = await t.http.post('/api/user/login').send({ email: member.user.email, password: PASSWORD }).expect(403);
      expect(res.body.message).toMatch(/suspended/);
    });

    it('refuses a forged or malformed token', async () => {
      await t.http.get('/api/current/user').set(auth('not.a.jwt')).expect(401);
      await t.http.get('/api/current/user').expect(401);
    });

    it('accepts only HS256 signed with the server secret: another secret, another algorithm or none is refused', async () => {
      const member = await createUser(t);
      const claims = JSON.parse(Buffer.from(member.token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
      const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const signed = (alg: 'HS256' | 'HS512' | 'none', secret: string) => {
        const body = `${b64({ alg, typ: 'JWT' })}.${b64(claims)}`;
        if (alg === 'none') return `${body}.`;
        return `${body}.${createHmac(alg === 'HS256' ? 'sha256' : 'sha512', secret).update(body).digest('base64url')}`;
      };
      const secret = t.config.auth.jwtSecret;
      // the control: the same claims signed as the server signs them
      await t.http.get('/api/current/user').set(auth(signed('HS256', secret))).expect(200);
      for (const forged of [signed('HS256', 'another-secret-of-at-least-32-characters'), signed('HS512', secret), signed('none', secret)]) {
        const res = await t.http.get('/api/current/user').set(auth(forged)).expect(401);
        expect(res.body.message).toBe('Your session has ended; please log in again');
      }
    });
  });

  describe('permissions', () => {
    it('keeps the user list and search to staff (403 for members, 401 for guests)', async () => {
      const member = await createUser(t);
      const viewer = await createUser(t, { role: 'viewer' });
      await t.http.get('/api/user/get/all').expect(401);
      const denied = await t.http.get('/api/user/get/all').set(auth(member.token)).expect(403);
      expect(denied.body).toEqual({ statusCode: 403, message: 'You do not have permission to do this', error: 'Forbidden' });
      const list = await t.http.get('/api/user/get/all?limit=2&page=1').set(auth(viewer.token)).expect(200);
      expect(list.body.users).toHaveLength(2);
      expect(list.body.pagination).toEqual({
        currentPage: 1,
        itemsOnPage: 2,
        totalPages: expect.any(Number),
        totalItems: expect.any(Number),
        itemsPerPage: 2,
      });
      await t.http.post('/api/user/search').set(auth(member.token)).send({}).expect(403);
    });

    it('lets only a super admin create admins, and only admins remove users', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const superAdmin = await createUser(t, { role: 'super_admin' });
      const body = { firstName: 'Ad', lastName: 'Min', email: uniqueEmail('newadmin'), password: 'admin-pass-1' };
      await t.http.post('/api/user/admin/create').set(auth(admin.token)).send(body).expect(403);
      const created = await t.http.post('/api/user/admin/create').set(auth(superAdmin.token)).send(body).expect(201);
      expect(created.body.role).toBe('admin');
      const victim = await createUser(t);
      const viewer = await createUser(t, { role: 'viewer' });
      await t.http.delete(`/api/user/remove/${victim.user._id}`).set(auth(viewer.token)).expect(403);
      await t.http.delete(`/api/user/remove/${victim.user._id}`).set(auth(admin.token)).expect(200);
      await t.http.get(`/api/user/get/${victim.user._id}`).set(auth(admin.token)).expect(404);
    });

    it('shows another member only the public profile, and hides invisible ones', async () => {
      const a = await createUser(t);
      const b = await createUser(t, { phoneNumber: '+639171234567' });
      const seen = await t.http.get(`/api/user/get/${b.user._id}`).set(auth(a.token)).expect(200);
      expect(seen.body.firstName).toBe('Test');
      expect(seen.body.email).toBeUndefined();
      expect(seen.body.phoneNumber).toBeUndefined();
      await t.http.post('/api/user/update/visibility').set(auth(b.token)).send({ field: 'isVisible', visible: false }).expect(200);
      await t.http.get(`/api/user/get/${b.user._id}`).set(auth(a.token)).expect(404);
      const own = await t.http.get(`/api/user/get/${b.user._id}`).set(auth(b.token)).expect(200);
      expect(own.body.email).toBe(b.user.email);
    });
  });

  describe('PUT /user/update', () => {
    it('updates the caller’s own profile fields', async () => {
      const m = await createUser(t);
      const res = await t.http
        .put('/api/user/update')
        .set(auth(m.token))
        .send({ firstName: ' Ana ', username: 'ana.v', phoneNumber: '09181234567', type: 'property_owner' })
        .expect(200);
      expect(res.body).toMatchObject({ firstName: 'Ana', username: 'ana.v', phoneNumber: '09181234567', type: 'property_owner' });
    });

    it('refuses mass assignment: own role, status, credits, verification; unknown fields; others’ profiles', async () => {
      const m = await createUser(t);
      const other = await createUser(t);
      for (const body of [{ role: 'super_admin' }, { status: 'active' }, { isVerified: true }]) {
        const res = await t.http.put('/api/user/update').set(auth(m.token)).send(body).expect(403);
        expect(res.body.message).toMatch(/^You cannot change your own /);
      }
      const credits = await t.http.put('/api/user/update').set(auth(m.token)).send({ credits: { remaining: 999 } }).expect(400);
      expect(credits.body.message).toBe(CREDITS_ARE_A_LEDGER);
      const unknown = await t.http.put('/api/user/update').set(auth(m.token)).send({ passwordHash: 'x', email: 'a@b.ph' }).expect(400);
      expect(unknown.body.message).toEqual(
        expect.arrayContaining(['property passwordHash should not exist', 'property email should not exist']),
      );
      await t.http.put('/api/user/update').set(auth(m.token)).send({ _id: other.user._id, firstName: 'Hacked' }).expect(403);
      const [row] = await t.db.select().from(users).where(eq(users.id, m.user._id));
      expect(row).toMatchObject({ role: 'user', status: 'active', creditsRemaining: 0, isVerified: false });
    });

    it('lets an admin change another member’s verification, but not grant admin roles; credits only through the ledger', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const m = await createUser(t);
      const refused = await t.http.put('/api/user/update').set(auth(admin.token)).send({ _id: m.user._id, credits: { remaining: 25 }, isVerified: true }).expect(400);
      expect(refused.body.message).toBe(CREDITS_ARE_A_LEDGER);
      const res = await t.http
        .put('/api/user/update')
        .set(auth(admin.token))
        .send({ _id: m.user._id, isVerified: true, role: 'viewer' })
        .expect(200);
      expect(res.body).toMatchObject({ credits: { remaining: 0 }, isVerified: true, role: 'viewer' });
      await t.http.put('/api/user/update').set(auth(admin.token)).send({ _id: m.user._id, role: 'admin' }).expect(403);
    });
  });

  describe('preferences and password', () => {
    it('switches the two preferences and profile visibility', async () => {
      const m = await createUser(t);
      const a = await t.http.post('/api/user/update/visibility').set(auth(m.token)).send({ field: 'receiveMonthlyUpdates', visible: true }).expect(200);
      expect(a.body.preferences).toEqual({ receiveMonthlyUpdates: true, seeProfileViewers: false });
      const b = await t.http.post('/api/user/update/visibility').set(auth(m.token)).send({ field: 'seeProfileViewers', visible: true }).expect(200);
      expect(b.body.preferences).toEqual({ receiveMonthlyUpdates: true, seeProfileViewers: true });
      const bad = await t.http.post('/api/user/update/visibility').set(auth(m.token)).send({ field: 'role', visible: true }).expect(400);
      expect(bad.body.message).toEqual(['field must be one of: isVisible, receiveMonthlyUpdates, seeProfileViewers']);
    });

    it('changes the password with the current one and ends the other sessions', async () => {
      const m = await createUser(t);
      const second = await t.http.post('/api/user/login').send({ email: m.user.email, password: PASSWORD }).expect(200);
      await t.http
        .post('/api/user/update/password')
        .set(auth(m.token))
        .send({ userId: m.user._id, currentPassword: 'wrong-password', newPassword: 'brand-new-pass' })
        .expect(400);
      await t.http
        .post('/api/user/update/password')
        .set(auth(m.token))
        .send({ userId: m.user._id, currentPassword: PASSWORD, newPassword: 'brand-new-pass' })
        .expect(200);
      await t.http.get('/api/current/user').set(auth(m.token)).expect(200);
      await t.http.get('/api/current/user').set(auth(second.body.token)).expect(401);
      await t.http.post('/api/user/login').send({ email: m.user.email, password: 'brand-new-pass' }).expect(200);
      const other = await createUser(t);
      await t.http
        .post('/api/user/update/password')
        .set(auth(m.token))
        .send({ userId: other.user._id, currentPassword: PASSWORD, newPassword: 'brand-new-pass' })
        .expect(403);
    });
  });

  describe('admin roles are protected', () => {
    it('lets only a super admin change the role or status of an admin, or remove one', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const otherAdmin = await createUser(t, { role: 'admin' });
      const superAdmin = await createUser(t, { role: 'super_admin' });
      for (const body of [{ role: 'user' }, { role: 'viewer' }, { status: 'suspended' }]) {
        const res = await t.http.put('/api/user/update').set(auth(admin.token)).send({ _id: otherAdmin.user._id, ...body }).expect(403);
        expect(res.body.message).toBe('Only a super admin can change the role or status of an admin');
      }
      for (const body of [{ firstName: 'Renamed' }, { isVerified: false }]) {
        const res = await t.http.put('/api/user/update').set(auth(admin.token)).send({ _id: otherAdmin.user._id, ...body }).expect(403);
        expect(res.body.message).toBe("Only a super admin can change an admin's account");
      }
      const removal = await t.http.delete(`/api/user/remove/${otherAdmin.user._id}`).set(auth(admin.token)).expect(403);
      expect(removal.body.message).toBe('Only a super admin can remove an admin');
      const demoteSuper = await t.http.put('/api/user/update').set(auth(admin.token)).send({ _id: superAdmin.user._id, role: 'user' }).expect(403);
      expect(demoteSuper.body.message).toMatch(/Only a super admin/);
      await t.http.delete(`/api/user/remove/${superAdmin.user._id}`).set(auth(admin.token)).expect(403);
      const [row] = await t.db.select().from(users).where(eq(users.id, otherAdmin.user._id));
      expect(row).toMatchObject({ role: 'admin', status: 'active', firstName: 'Test' });
      // a plain member is still the admin's to manage
      const member = await createUser(t);
      await t.http.put('/api/user/update').set(auth(admin.token)).send({ _id: member.user._id, status: 'suspended' }).expect(200);
      // the super admin may
      await t.http.put('/api/user/update').set(auth(superAdmin.token)).send({ _id: otherAdmin.user._id, role: 'user' }).expect(200);
      await t.http.delete(`/api/user/remove/${admin.user._id}`).set(auth(superAdmin.token)).expect(200);
    });
  });

  describe('search and the list query whitelist', () => {
    it('searches by text and by whitelisted filters, with select and sort', async () => {
      const admin = await createUser(t, { role: 'admin' });
      await createUser(t, { firstName: 'Crisanto', lastName: 'Zamora', type: 'broker' });
      const res = await t.http
        .post('/api/user/search')
        .set(auth(admin.token))
        .send({ query: 'crisan', select: 'firstName lastName', sort: '-createdAt', limit: 5 })
        .expect(200);
      expect(res.body.users).toEqual([{ _id: expect.any(String), firstName: 'Crisanto', lastName: 'Zamora' }]);
      const byType = await t.http
        .post('/api/user/search')
        .set(auth(admin.token))
        .send({ query: { type: ['broker'], status: 'active' } })
        .expect(200);
      expect(byType.body.users.every((u: { type: string }) => u.type === 'broker')).toBe(true);
      expect(byType.body.users.length).toBeGreaterThan(0);
    });

    it('answers 400 for unknown select, sort, populate, filter and query parameters, and caps limit', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const cases: Array<[string, RegExp]> = [
        ['/api/user/get/all?select=passwordHash', /Unknown select field 'passwordHash'/],
        ['/api/user/get/all?sort=password', /Unknown sort field 'password'/],
        ['/api/user/get/all?populateArray=sessions', /Unknown populateArray relation 'sessions'/],
        ['/api/user/get/all?limit=abc', /limit must be a whole number/],
        ['/api/user/get/all?page=0', /page must be a whole number from 1 to 1,000,000/],
        ['/api/user/get/all?where=1', /property where should not exist/],
      ];
      for (const [url, message] of cases) {
        const res = await t.http.get(url).set(auth(admin.token)).expect(400);
        expect(JSON.stringify(res.body.message)).toMatch(message);
      }
      const filter = await t.http.post('/api/user/search').set(auth(admin.token)).send({ query: { passwordHash: 'x' } }).expect(400);
      expect(filter.body.message).toMatch(/Unknown query field 'passwordHash'/);
      const capped = await t.http.get('/api/user/get/all?limit=100000').set(auth(admin.token)).expect(200);
      expect(capped.body.pagination.itemsPerPage).toBe(100);
      const excluded = await t.http.get('/api/user/get/all?select=-email,-phoneNumber&lean=true').set(auth(admin.token)).expect(200);
      expect(excluded.body.users[0].email).toBeUndefined();
      expect(excluded.body.users[0].firstName).toBeDefined();
    });
  });
});

describe('the last active super admin stays (race-safe)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const activeSuperAdmins = async () =>
    (await t.db.select().from(users).where(eq(users.role, 'super_admin'))).filter((u) => u.status === 'active').length;

  it.each([
    ['demote', (token: string, id: string) => t.http.put('/api/user/update').set(auth(token)).send({ _id: id, role: 'admin' })],
    ['suspend', (token: string, id: string) => t.http.put('/api/user/update').set(auth(token)).send({ _id: id, status: 'suspended' })],
    ['remove', (token: string, id: string) => t.http.delete(`/api/user/remove/${id}`).set(auth(token))],
  ])('lets only one of two super admins who %s each other at once succeed; the other is refused', async (_name, act) => {
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.role, 'super_admin'));
    const a = await createUser(t, { role: 'super_admin' });
    const b = await createUser(t, { role: 'super_admin' });
    const [ab, ba] = await Promise.all([act(a.token, b.user._id), act(b.token, a.user._id)]);
    const statuses = [ab.status, ba.status];
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const refused = ab.status === 200 ? ba : ab;
    // refused by the last-super-admin rule, or because the loser was demoted, suspended or removed first
    expect([401, 403, 409]).toContain(refused.status);
    if (refused.status === 409) expect(refused.body.message).toBe('At least one active super admin must remain');
    expect(await activeSuperAdmins()).toBe(1);
  });
});
