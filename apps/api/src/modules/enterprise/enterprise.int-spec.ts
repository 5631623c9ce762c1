import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { enterpriseInvites, enterpriseMembers, listings, messages, outbox, places, threadParticipants, threads, users } from '@app/db';
import { mailsIn } from '../../../test/mail-outbox';
import { eventsSettled } from '../../../test/events';
import { eventually } from '../../../test/realtime';
import { auth, createUser, PASSWORD, startTestApp, uniqueEmail, type TestApp, verifiedIdentity } from '../../../test/test-app';
import { CREDIT_POOL_MEMBERSHIP, type CreditPoolMembershipLookup } from '../credits/credit-pool-membership';
import { CreditsService } from '../credits/credits.service';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { enterprisesVisibleTo } from './enterprise-access';
import { EnterpriseRepository } from './enterprise.repository';
import { median } from './enterprise.service';

type Member = Awaited<ReturnType<typeof createUser>>;
const ENTERPRISE_PLAN = {
  plan: 'enterprise' as const,
  status: 'active' as const,
  billingPeriod: 'annually' as const,
};
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The text of a kept mail with quoted-printable soft breaks and escapes undone. */
const unfold = (eml: string) =>
  eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

describe('enterprise accounts (HTTP, real PostgreSQL and Redis)', () => {
  let t: TestApp;
  let admin: Member;
  let viewer: Member;
  let credits: CreditsService;
  let pools: CreditPoolMembershipLookup;
  let barangayCode: string;

  /** A member with a verified identity and the Enterprise plan (as staff would have set it). */
  const enterpriseCustomer = (values: Partial<typeof users.$inferInsert> = {}) =>
    createUser(t, {
      ...verifiedIdentity(),
      subscription: ENTERPRISE_PLAN,
      ...values,
    });
  /** A team made by staff for a new owner. */
  const newTeam = async (seatLimit = 10, name = 'Reyes Realty') => {
    const owner = await enterpriseCustomer({
      firstName: 'Olivia',
      lastName: 'Reyes',
    });
    const res = await t.http
      .post('/api/enterprise/create')
      .set(auth(admin.token))
      .send({ name, ownerId: owner.user._id, seatLimit })
      .expect(201);
    return { id: res.body._id as string, owner };
  };
  /** Adds a member directly (set-up only; the invitation flow has its own tests). */
  const addMember = async (enterpriseId: string, values: Partial<typeof users.$inferInsert> = {}, role: 'admin' | 'member' = 'member') => {
    const m = await createUser(t, values);
    await t.db.insert(enterpriseMembers).values({ enterpriseId, userId: m.user._id, role });
    return m;
  };
  const invite = (who: Member, body: Record<string, unknown>) => t.http.post('/api/enterprise/invite').set(auth(who.token)).send(body);
  /** The token of the newest invitation mailed to `email` (read from the mail outbox). */
  const mailedToken = async (email: string, not?: string): Promise<string> => {
    let token: string | undefined;
    await eventually(
      () => {
        const found = mailsIn(t.config.mail.outboxDir)
          .filter((m) => m.includes(`To: ${email}`))
          .map((m) => /\/team\/join\/([A-Za-z0-9_-]{43})/.exec(unfold(m))?.[1])
          .filter((x): x is string => !!x && x !== not);
        token = found[found.length - 1];
        return token !== undefined;
      },
      `the invitation mail to ${email}`,
      15000,
    );
    return token!;
  };
  const newListing = async (who: Member, name: string) =>
    (
      await t.http
        .post('/api/listing/create')
        .set(auth(who.token))
        .send({
          name,
          type: 'residential',
          price: 6_500_000,
          location: { lat: 14.55, lng: 121.02 },
          address: { barangayCode },
        })
        .expect(201)
    ).body._id as string;
  const listingRow = async (id: string) => (await t.db.select().from(listings).where(eq(listings.id, id)))[0];
  const unread = async (who: Member) =>
    (await t.http.get('/api/threads/unread-count').set(auth(who.token)).expect(200)).body.count as number;
  const send = (who: Member, threadId: string, content: string) =>
    t.http.post(`/api/threads/${threadId}/messages`).set(auth(who.token)).send({ content, attachments: [] }).expect(201);
  const openThread = async (who: Member, listingId: string) =>
    (
      await t.http
        .post('/api/threads')
        .set(auth(who.token))
        .send({ listingId })
        .expect((r) => expect([200, 201]).toContain(r.status))
    ).body._id as string;
  const eventsOf = async (type: string) =>
    (await t.db.select().from(outbox).where(eq(outbox.type, type))).map((e) => e.data as Record<string, unknown>);

  beforeAll(async () => {
    t = await startTestApp();
    admin = await createUser(t, { role: 'admin' });
    viewer = await createUser(t, { role: 'viewer' });
    credits = t.app.get(CreditsService);
    pools = t.app.get<CreditPoolMembershipLookup>(CREDIT_POOL_MEMBERSHIP);
    const [brgy] = await t.db.select().from(places).where(eq(places.level, 'barangay')).limit(1);
    barangayCode = brgy.code;
  }, 90_000);
  afterAll(() => t?.close());

  describe('POST /enterprise/create', () => {
    it('staff create a team for a member with the Enterprise plan and a verified identity; the pool opens', async () => {
      const free = await createUser(t, verifiedIdentity());
      const noPlan = await t.http
        .post('/api/enterprise/create')
        .set(auth(admin.token))
        .send({ name: 'Lim Homes', ownerId: free.user._id })
        .expect(409);
      expect(noPlan.body.message).toBe(`Give ${free.user.email} the Enterprise plan first (Admin → Subscriptions)`);

      const unverified = await createUser(t, { subscription: ENTERPRISE_PLAN });
      const refused = await t.http
        .post('/api/enterprise/create')
        .set(auth(admin.token))
        .send({ name: 'Lim Homes', ownerId: unverified.user._id })
        .expect(403);
      expect(refused.body.message).toMatch(/verify their identity/);

      await t.http.post('/api/enterprise/create').set(auth(admin.token)).send({ name: 'Lim Homes' }).expect(400);
      await t.http.post('/api/enterprise/create').set(auth(viewer.token)).send({ name: 'Lim Homes', ownerId: free.user._id }).expect(403);

      const owner = await enterpriseCustomer();
      const res = await t.http
        .post('/api/enterprise/create')
        .set(auth(admin.token))
        .send({ name: 'Lim Homes', ownerId: owner.user._id })
        .expect(201);
      expect(res.body).toMatchObject({
        name: 'Lim Homes',
        status: 'active',
        seatLimit: 10,
        seatsUsed: 1,
        memberCount: 1,
        poolBalance: 0,
      });
      expect(res.body.owner).toMatchObject({
        _id: owner.user._id,
        email: owner.user.email,
      });
      expect(res.body.members).toEqual([
        expect.objectContaining({
          userId: owner.user._id,
          role: 'owner',
          status: 'active',
          isVerified: true,
        }),
      ]);
      expect(await pools.membershipOf(owner.user._id)).toEqual({
        enterpriseId: res.body._id,
        monthlyCreditCap: null,
        paused: false,
      });
      expect(await credits.poolBalance(res.body._id)).toBe(0);

      // one team at a time
      const again = await t.http
        .post('/api/enterprise/create')
        .set(auth(admin.token))
        .send({ name: 'Lim Homes 2', ownerId: owner.user._id })
        .expect(409);
      expect(again.body.message).toMatch(/already in a team \(Lim Homes\)/);
      await eventsSettled(t.app);
      expect(await eventsOf('enterprise.created')).toContainEqual({
        enterpriseId: res.body._id,
        name: 'Lim Homes',
        ownerId: owner.user._id,
        seatLimit: 10,
      });
    });

    it('a member creates their own team once their Enterprise plan is active and their identity verified', async () => {
      const m = await createUser(t, { isVerified: false });
      const upgrade = await t.http.post('/api/enterprise/create').set(auth(m.token)).send({ name: 'Santos Brokerage' }).expect(402);
      expect(upgrade.body.upgrade).toMatchObject({
        reason: 'plan',
        entitlement: 'enterprise.team',
        requiredPlan: 'enterprise',
        currentPlan: 'free',
      });

      await t.app.get(SubscriptionsService).seedPlan(m.user._id, 'enterprise', 'annually', 'test');
      const verify = await t.http.post('/api/enterprise/create').set(auth(m.token)).send({ name: 'Santos Brokerage' }).expect(403);
      expect(verify.body.message).toBe('Verify your identity before you create or administer a team (Verification page)');

      await t.db.update(users).set(verifiedIdentity()).where(eq(users.id, m.user._id));
      await t.http.post('/api/enterprise/create').set(auth(m.token)).send({ name: 'Santos Brokerage', seatLimit: 50 }).expect(403);
      await t.http
        .post('/api/enterprise/create')
        .set(auth(m.token))
        .send({ name: 'Santos Brokerage', ownerId: admin.user._id })
        .expect(403);
      const made = await t.http.post('/api/enterprise/create').set(auth(m.token)).send({ name: 'Santos Brokerage' }).expect(201);
      const mine = await t.http.get('/api/enterprise/my-account').set(auth(m.token)).expect(200);
      expect(mine.body).toMatchObject({
        role: 'owner',
        enterprise: { _id: made.body._id, name: 'Santos Brokerage' },
        membership: { userId: m.user._id, role: 'owner' },
      });
    });
  });

  describe('invitations', () => {
    it('invite → the mailed link → an existing account joins (signed in); the link works once; only the hash is stored', async () => {
      const { id, owner } = await newTeam();
      const ana = await createUser(t, { firstName: 'Ana' });
      const other = await createUser(t);
      const sent = await invite(owner, {
        email: ana.user.email.toUpperCase(),
        role: 'member',
        monthlyCreditCap: 50,
      }).expect(201);
      expect(sent.body).toMatchObject({
        email: ana.user.email,
        role: 'member',
        monthlyCreditCap: 50,
        status: 'open',
      });
      expect(sent.body.token).toBeUndefined();
      const token = await mailedToken(ana.user.email);

      const [row] = await t.db.select().from(enterpriseInvites).where(eq(enterpriseInvites.id, sent.body._id));
      expect(row.tokenHash).toBe(sha256(token));
      expect(JSON.stringify(row)).not.toContain(token);
      const ttl = row.expiresAt.getTime() - row.createdAt.getTime();
      expect(Math.abs(ttl - 72 * 3600_000)).toBeLessThan(60_000);

      const preview = await t.http.get(`/api/enterprise/invite/${token}`).expect(200);
      expect(preview.body).toEqual({
        enterpriseName: 'Reyes Realty',
        email: ana.user.email,
        role: 'member',
        expiresAt: row.expiresAt.toISOString(),
        status: 'open',
        accountExists: true,
      });
      await t.http.get(`/api/enterprise/invite/${'x'.repeat(43)}`).expect(404);

      const wrong = await t.http.post(`/api/enterprise/activate/${token}`).set(auth(other.token)).send({}).expect(403);
      expect(wrong.body.message).toBe(`This invitation is for ${ana.user.email}: sign in as ${ana.user.email} to accept it`);
      const signedOut = await t.http
        .post(`/api/enterprise/activate/${token}`)
        .send({ firstName: 'Ana', lastName: 'X', password: PASSWORD })
        .expect(409);
      expect(signedOut.body.message).toBe(`Sign in as ${ana.user.email} first, then open the link again`);

      const joined = await t.http.post(`/api/enterprise/activate/${token}`).set(auth(ana.token)).send({}).expect(200);
      expect(joined.body).toMatchObject({
        role: 'member',
        enterprise: { _id: id },
        membership: { userId: ana.user._id, monthlyCreditCap: 50 },
      });
      expect(await pools.membershipOf(ana.user._id)).toEqual({
        enterpriseId: id,
        monthlyCreditCap: 50,
        paused: false,
      });

      const used = await t.http.post(`/api/enterprise/activate/${token}`).set(auth(ana.token)).send({}).expect(410);
      expect(used.body.message).toMatch(/used already/);
      expect((await t.http.get(`/api/enterprise/invite/${token}`).expect(200)).body.status).toBe('used');
      await eventsSettled(t.app);
      expect(await eventsOf('enterprise.member_joined')).toContainEqual({
        enterpriseId: id,
        name: 'Reyes Realty',
        ownerId: owner.user._id,
        userId: ana.user._id,
        email: ana.user.email,
        role: 'member',
      });
    });

    it('signed out, the link creates the account with the invited e-mail and answers a session like login', async () => {
      const { id, owner } = await newTeam();
      const email = uniqueEmail('newbie');
      await invite(owner, { email, role: 'member' }).expect(201);
      const token = await mailedToken(email);
      expect((await t.http.get(`/api/enterprise/invite/${token}`).expect(200)).body).toMatchObject({
        accountExists: false,
        status: 'open',
      });

      const missing = await t.http.post(`/api/enterprise/activate/${token}`).send({ firstName: 'Nina' }).expect(400);
      expect(missing.body.message).toMatch(/lastName, password/);
      const res = await t.http
        .post(`/api/enterprise/activate/${token}`)
        .send({ firstName: 'Nina', lastName: 'Cruz', password: PASSWORD })
        .expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['token', 'user']);
      expect(res.body.user).toMatchObject({
        email,
        firstName: 'Nina',
        lastName: 'Cruz',
        role: 'user',
      });
      const login = await t.http.post('/api/user/login').send({ email, password: PASSWORD }).expect(200);
      expect(Object.keys(login.body).sort()).toEqual(['token', 'user']);
      const mine = await t.http.get('/api/enterprise/my-account').set(auth(res.body.token)).expect(200);
      expect(mine.body).toMatchObject({
        role: 'member',
        enterprise: { _id: id },
      });
      await t.http.post(`/api/enterprise/activate/${token}`).send({ firstName: 'Nina', lastName: 'Cruz', password: PASSWORD }).expect(410);
    });

    it('single use under concurrency: two activations of one link at once, one joins', async () => {
      const { id, owner } = await newTeam();
      const dan = await createUser(t);
      await invite(owner, { email: dan.user.email, role: 'member' }).expect(201);
      const token = await mailedToken(dan.user.email);
      const answers = await Promise.all([1, 2].map(() => t.http.post(`/api/enterprise/activate/${token}`).set(auth(dan.token)).send({})));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 410]);
      const rows = await t.db.select().from(enterpriseMembers).where(eq(enterpriseMembers.userId, dan.user._id));
      expect(rows).toEqual([expect.objectContaining({ enterpriseId: id, role: 'member' })]);
    });

    it('an expired invitation is refused (410) and shows as expired', async () => {
      const { owner } = await newTeam();
      const late = await createUser(t);
      const sent = await invite(owner, {
        email: late.user.email,
        role: 'member',
      }).expect(201);
      const token = await mailedToken(late.user.email);
      await t.db
        .update(enterpriseInvites)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(enterpriseInvites.id, sent.body._id));
      const res = await t.http.post(`/api/enterprise/activate/${token}`).set(auth(late.token)).send({}).expect(410);
      expect(res.body.message).toBe('This invitation has expired: ask your team admin for a new one');
      expect((await t.http.get(`/api/enterprise/invite/${token}`).expect(200)).body.status).toBe('expired');
      expect((await t.http.get('/api/enterprise/my-account').set(auth(late.token)).expect(200)).body.enterprise).toBeNull();
    });

    it('a revoked invitation is refused; re-inviting an address revokes its open invitation first', async () => {
      const { owner } = await newTeam();
      const bea = await createUser(t);
      const first = await invite(owner, {
        email: bea.user.email,
        role: 'member',
      }).expect(201);
      const oldToken = await mailedToken(bea.user.email);
      const second = await invite(owner, {
        email: bea.user.email,
        role: 'member',
        monthlyCreditCap: 10,
      }).expect(201);
      const newToken = await mailedToken(bea.user.email, oldToken);
      const [old] = await t.db.select().from(enterpriseInvites).where(eq(enterpriseInvites.id, first.body._id));
      expect(old.revokedAt).not.toBeNull();
      expect((await t.http.post(`/api/enterprise/activate/${oldToken}`).set(auth(bea.token)).send({}).expect(410)).body.message).toMatch(
        /withdrawn/,
      );

      const revoked = await t.http.delete(`/api/enterprise/invite/${second.body._id}`).set(auth(owner.token)).expect(200);
      expect(revoked.body.status).toBe('revoked');
      await t.http.post(`/api/enterprise/activate/${newToken}`).set(auth(bea.token)).send({}).expect(410);
      // someone outside the team cannot revoke it
      await t.http.delete(`/api/enterprise/invite/${second.body._id}`).set(auth(bea.token)).expect(404);
      await eventsSettled(t.app);
      expect((await eventsOf('enterprise.invite_revoked')).filter((e) => e.email === bea.user.email)).toHaveLength(2);
    });

    it('seats: members and open invitations within the seat limit', async () => {
      const { id, owner } = await newTeam(3);
      await addMember(id);
      await invite(owner, {
        email: uniqueEmail('seat'),
        role: 'member',
      }).expect(201);
      const full = await invite(owner, {
        email: uniqueEmail('seat'),
        role: 'member',
      }).expect(409);
      expect(full.body.message).toBe('All 3 seats are taken: remove a member or ask us for more seats');
    });

    it('a member cannot invite; an admin invitation needs a verified account; someone in another team cannot join', async () => {
      const { id, owner } = await newTeam();
      const plain = await addMember(id);
      await invite(plain, { email: uniqueEmail('x'), role: 'member' }).expect(403);
      const noAccount = await invite(owner, {
        email: uniqueEmail('adm'),
        role: 'admin',
      }).expect(403);
      expect(noAccount.body.message).toMatch(/verified identity/);

      const elsewhere = await newTeam();
      const busy = await addMember(elsewhere.id);
      await invite(owner, { email: busy.user.email, role: 'member' }).expect(201);
      const token = await mailedToken(busy.user.email);
      const res = await t.http.post(`/api/enterprise/activate/${token}`).set(auth(busy.token)).send({}).expect(409);
      expect(res.body.message).toMatch(/already in a team/);
    });
  });

  describe('who sees a team', () => {
    it('staff read all; members read their own team; others (another team’s member too) get 404', async () => {
      const a = await newTeam(10, 'Alpha Realty');
      const b = await newTeam(10, 'Beta Realty');
      const aMember = await addMember(a.id);
      const outsider = await createUser(t);
      expect((await t.http.get(`/api/enterprise/${a.id}`).set(auth(aMember.token)).expect(200)).body.invites).toEqual([]);
      await t.http.get(`/api/enterprise/${b.id}`).set(auth(aMember.token)).expect(404);
      await t.http.get(`/api/enterprise/${a.id}`).set(auth(outsider.token)).expect(404);
      await t.http.get(`/api/enterprise/${b.id}/dashboard`).set(auth(aMember.token)).expect(404);
      await t.http.get(`/api/enterprise/${b.id}/credits`).set(auth(aMember.token)).expect(404);
      await t.http.get(`/api/enterprise/${a.id}`).set(auth(viewer.token)).expect(200);
      await t.http.get(`/api/enterprise/get/all`).set(auth(aMember.token)).expect(403);
      // the list's SQL is the same rule: a member's query finds only their own team
      const repo = t.app.get(EnterpriseRepository);
      const seen = await repo.page(enterprisesVisibleTo({ id: aMember.user._id, role: 'user' }), {}, 100, 0);
      expect(seen.rows.map((r) => r.id)).toEqual([a.id]);
      expect((await repo.page(enterprisesVisibleTo({ id: outsider.user._id, role: 'user' }), {}, 100, 0)).total).toBe(0);
      expect((await repo.page(enterprisesVisibleTo({ id: viewer.user._id, role: 'viewer' }), {}, 100, 0)).total).toBeGreaterThan(1);
      const all = await t.http.get('/api/enterprise/get/all?text=Beta').set(auth(viewer.token)).expect(200);
      expect(all.body.enterprises.map((e: { _id: string }) => e._id)).toEqual([b.id]);
      expect(all.body.pagination).toMatchObject({
        totalItems: 1,
        currentPage: 1,
      });
    });
  });

  describe('sub-accounts', () => {
    it('owner and admins change role, status and cap; admins cannot touch the owner or other admins’ roles; nobody makes a second owner', async () => {
      const { id, owner } = await newTeam();
      const ben = await addMember(id);
      const cap = await t.http
        .put('/api/enterprise/sub-account/update')
        .set(auth(owner.token))
        .send({ userId: ben.user._id, monthlyCreditCap: 20 })
        .expect(200);
      expect(cap.body).toMatchObject({
        userId: ben.user._id,
        monthlyCreditCap: 20,
        status: 'active',
        role: 'member',
      });
      await t.http
        .put('/api/enterprise/sub-account/update')
        .set(auth(owner.token))
        .send({ userId: ben.user._id, role: 'owner' })
        .expect(400);
      const unverified = await t.http
        .put('/api/enterprise/sub-account/update')
        .set(auth(owner.token))
        .send({ userId: ben.user._id, role: 'admin' })
        .expect(403);
      expect(unverified.body.message).toMatch(/verify their identity/);

      await t.db.update(users).set(verifiedIdentity()).where(eq(users.id, ben.user._id));
      await t.http
        .put('/api/enterprise/sub-account/update')
        .set(auth(owner.token))
        .send({ userId: ben.user._id, role: 'admin' })
        .expect(200);
      await t.http
        .put('/api/enterprise/sub-account/update')
        .set(auth(ben.token))
        .send({ userId: owner.user._id, monthlyCreditCap: 1 })
        .expect(403);
      const cleo = await addMember(id, verifiedIdentity(), 'admin');
      await t.http
        .put('/api/enterprise/sub-account/update')
        .set(auth(ben.token))
        .send({ userId: cleo.user._id, role: 'member' })
        .expect(403);
      await t.http
        .put('/api/enterprise/sub-account/update')
        .set(auth(ben.token))
        .send({ userId: cleo.user._id, monthlyCreditCap: null })
        .expect(200);

      // pause: the member stays, but cannot spend the pool or act for the team
      const paused = await t.http
        .put('/api/enterprise/sub-account/update')
        .set(auth(owner.token))
        .send({ userId: ben.user._id, status: 'paused' })
        .expect(200);
      expect(paused.body.status).toBe('paused');
      expect(await pools.membershipOf(ben.user._id)).toEqual({
        enterpriseId: id,
        monthlyCreditCap: 20,
        paused: true,
      });
      const acts = await invite(ben, {
        email: uniqueEmail('p'),
        role: 'member',
      }).expect(403);
      expect(acts.body.message).toMatch(/paused/);
      await t.http.get(`/api/enterprise/${id}`).set(auth(ben.token)).expect(200);
      // a paused member's new listing is their own, not the team's
      expect((await listingRow(await newListing(ben, 'Paused member lot'))).enterpriseId).toBeNull();
      await t.http
        .put('/api/enterprise/sub-account/update')
        .set(auth(owner.token))
        .send({ userId: owner.user._id, status: 'paused' })
        .expect(400);
      await eventsSettled(t.app);
      expect(await eventsOf('enterprise.member_updated')).toContainEqual(
        expect.objectContaining({ userId: ben.user._id, fields: ['status'] }),
      );
    });

    it('a removed sub-account loses access at once: team routes 404 on their next request, and the pool is no longer theirs', async () => {
      const { id, owner } = await newTeam();
      const gone = await addMember(id);
      await credits.addToPool(id, {
        amount: 100,
        reason: 'test',
        actorId: admin.user._id,
        idempotencyKey: `t:${id}`,
      });
      await credits.grant(gone.user._id, {
        kind: 'purchase',
        amount: 5,
        reason: 'own',
        idempotencyKey: `own:${gone.user._id}`,
      });
      expect((await credits.reserve(gone.user._id, 1, 'before')).poolId).toBe(id);
      await t.http.get(`/api/enterprise/${id}`).set(auth(gone.token)).expect(200);

      await t.http.delete(`/api/enterprise/sub-account/remove/${gone.user._id}`).set(auth(owner.token)).expect(200);
      await t.http.get(`/api/enterprise/${id}`).set(auth(gone.token)).expect(404);
      await t.http.get(`/api/enterprise/${id}/credits`).set(auth(gone.token)).expect(404);
      await invite(gone, {
        email: uniqueEmail('g'),
        role: 'member',
        enterpriseId: id,
      }).expect(404);
      expect((await t.http.get('/api/enterprise/my-account').set(auth(gone.token)).expect(200)).body).toEqual({
        enterprise: null,
        role: null,
        membership: null,
      });
      expect(await pools.membershipOf(gone.user._id)).toBeNull();
      const after = await credits.reserve(gone.user._id, 1, 'after');
      expect(after.poolId).toBeUndefined();
      expect(await credits.poolBalance(id)).toBe(99);
      await eventsSettled(t.app);
      expect(await eventsOf('enterprise.member_removed')).toContainEqual(
        expect.objectContaining({
          enterpriseId: id,
          userId: gone.user._id,
          listings: { count: 0, reassignedToId: null, archived: false },
        }),
      );
    });

    it('a member leaves; the owner can neither leave nor be removed; admins cannot remove admins', async () => {
      const { id, owner } = await newTeam();
      const leaver = await addMember(id);
      const left = await t.http.delete(`/api/enterprise/sub-account/remove/${leaver.user._id}`).set(auth(leaver.token)).expect(200);
      expect(left.body.message).toBe('You left Reyes Realty');
      expect((await t.http.get('/api/enterprise/my-account').set(auth(leaver.token)).expect(200)).body.enterprise).toBeNull();
      await t.http.delete(`/api/enterprise/sub-account/remove/${owner.user._id}`).set(auth(owner.token)).expect(409);
      const adm = await addMember(id, verifiedIdentity(), 'admin');
      const adm2 = await addMember(id, verifiedIdentity(), 'admin');
      await t.http.delete(`/api/enterprise/sub-account/remove/${owner.user._id}`).set(auth(adm.token)).expect(409);
      await t.http.delete(`/api/enterprise/sub-account/remove/${adm2.user._id}`).set(auth(adm.token)).expect(403);
      const plain = await addMember(id);
      await t.http.delete(`/api/enterprise/sub-account/remove/${adm.user._id}`).set(auth(plain.token)).expect(403);
    });

    it('a leaving member’s team listings go to another member with their threads (messages and unread counts kept), or are archived', async () => {
      const { id, owner } = await newTeam();
      const seller = await addMember(id, { firstName: 'Sam' });
      const heir = await addMember(id, { firstName: 'Hana' });
      const buyer = await createUser(t, { firstName: 'Bea' });
      const listingId = await newListing(seller, 'Condo in BGC');
      const before = await listingRow(listingId);
      expect(before.enterpriseId).toBe(id);
      const threadId = await openThread(buyer, listingId);
      await send(buyer, threadId, 'Is it available?');
      await send(buyer, threadId, 'Can I visit on Saturday?');
      await send(seller, threadId, 'Yes, it is');
      expect(await unread(seller)).toBe(2);
      expect(await unread(buyer)).toBe(1);

      const choose = await t.http.delete(`/api/enterprise/sub-account/remove/${seller.user._id}`).set(auth(owner.token)).expect(400);
      expect(choose.body.message).toBe('Choose who takes over their 1 team listing, or archive them');
      await t.http
        .delete(`/api/enterprise/sub-account/remove/${seller.user._id}?reassignTo=${buyer.user._id}`)
        .set(auth(owner.token))
        .expect(400);
      await t.http
        .delete(`/api/enterprise/sub-account/remove/${seller.user._id}?reassignTo=${heir.user._id}&archive=true`)
        .set(auth(owner.token))
        .expect(400);
      await t.http
        .delete(`/api/enterprise/sub-account/remove/${seller.user._id}?reassignTo=${heir.user._id}`)
        .set(auth(owner.token))
        .expect(200);

      const after = await listingRow(listingId);
      expect(after).toMatchObject({
        id: listingId,
        code: before.code,
        ownerId: heir.user._id,
        enterpriseId: id,
        views: before.views,
        status: 'active',
      });
      expect(after.createdAt.toISOString()).toBe(before.createdAt.toISOString());
      const parts = await t.db.select().from(threadParticipants).where(eq(threadParticipants.threadId, threadId));
      expect(parts.map((p) => p.userId).sort()).toEqual([buyer.user._id, heir.user._id].sort());
      expect(await t.db.select().from(messages).where(eq(messages.threadId, threadId))).toHaveLength(3);
      await t.http.get(`/api/threads/${threadId}`).set(auth(seller.token)).expect(404);
      expect(await unread(heir)).toBe(2);
      expect(await unread(buyer)).toBe(1);
      await t.http.post(`/api/threads/${threadId}/read`).set(auth(heir.token)).send({}).expect(200);
      expect(await unread(heir)).toBe(0);
      expect(await unread(buyer)).toBe(1); // the new owner's reading does not read the buyer's messages for them
      await send(heir, threadId, 'I can show it on Saturday');
      expect(await unread(buyer)).toBe(2);
      // the pair's thread about the listing is the moved one
      expect(await openThread(buyer, listingId)).toBe(threadId);
      const [moved] = await t.db.select().from(threads).where(eq(threads.id, threadId));
      expect([moved.userLowId, moved.userHighId].sort()).toEqual([buyer.user._id, heir.user._id].sort());

      // archive instead
      const quitter = await addMember(id);
      const archivedId = await newListing(quitter, 'Lot in Antipolo');
      await t.http.delete(`/api/enterprise/sub-account/remove/${quitter.user._id}?archive=true`).set(auth(owner.token)).expect(200);
      expect(await listingRow(archivedId)).toMatchObject({
        status: 'archived',
        ownerId: quitter.user._id,
        enterpriseId: id,
      });
      await eventsSettled(t.app);
      const removed = await eventsOf('enterprise.member_removed');
      expect(removed).toContainEqual(
        expect.objectContaining({
          userId: seller.user._id,
          listings: {
            count: 1,
            reassignedToId: heir.user._id,
            archived: false,
          },
        }),
      );
      expect(removed).toContainEqual(
        expect.objectContaining({
          userId: quitter.user._id,
          listings: { count: 1, reassignedToId: null, archived: true },
        }),
      );
    });
  });

  describe('credits and the dashboard', () => {
    it('staff add credits to the pool (audited); a member sees only their own spending, the owner everyone’s', async () => {
      const { id, owner } = await newTeam();
      const m = await addMember(id);
      await t.http
        .post('/api/enterprise/add-credits')
        .set(auth(owner.token))
        .send({ enterpriseId: id, amount: 10, reason: 'x' })
        .expect(403);
      await t.http
        .post('/api/enterprise/add-credits')
        .set(auth(admin.token))
        .send({ enterpriseId: id, amount: 0, reason: 'x' })
        .expect(400);
      await t.http
        .post('/api/enterprise/add-credits')
        .set(auth(admin.token))
        .send({ enterpriseId: id, amount: 1_000_001, reason: 'x' })
        .expect(400);
      await t.http.post('/api/enterprise/add-credits').set(auth(admin.token)).send({ enterpriseId: id, amount: 10 }).expect(400);
      const added = await t.http
        .post('/api/enterprise/add-credits')
        .set(auth(admin.token))
        .send({ enterpriseId: id, amount: 500, reason: 'Annual contract' })
        .expect(200);
      expect(added.body).toEqual({
        enterpriseId: id,
        applied: true,
        balance: 500,
      });
      const r = await credits.reserve(m.user._id, 7, 'comparison');
      await credits.commit(r.id);

      const forOwner = await t.http.get(`/api/enterprise/${id}/credits`).set(auth(owner.token)).expect(200);
      expect(forOwner.body.balance).toBe(493);
      expect(forOwner.body.entries.some((e: { kind: string }) => e.kind !== 'reserve' && e.kind !== 'commit')).toBe(true);
      const forMember = await t.http.get(`/api/enterprise/${id}/credits`).set(auth(m.token)).expect(200);
      expect(forMember.body.entries.length).toBeGreaterThan(0);
      expect(forMember.body.entries.every((e: { member: { _id: string } | null }) => e.member?._id === m.user._id)).toBe(true);
      await t.http.get(`/api/enterprise/${id}/credits?memberId=${owner.user._id}`).set(auth(m.token)).expect(403);
      await eventsSettled(t.app);
      expect(await eventsOf('enterprise.credits_added')).toContainEqual({
        enterpriseId: id,
        name: 'Reyes Realty',
        ownerId: owner.user._id,
        amount: 500,
        balance: 500,
        reason: 'Annual contract',
      });
    });

    it('the dashboard on a small known data set: listings, inquiries, median first response, pool credits used', async () => {
      const { id, owner } = await newTeam();
      const pia = await addMember(id, { firstName: 'Pia' });
      const quinn = await addMember(id, { firstName: 'Quinn' });
      const b1 = await createUser(t);
      const b2 = await createUser(t);
      const b3 = await createUser(t);
      const l1 = await newListing(pia, 'House one');
      const l2 = await newListing(pia, 'House two');
      const l3 = await newListing(quinn, 'House three');
      const day = Date.UTC(2026, 10, 20, 2); // 10:00 in Manila
      const at = (minutes: number) => new Date(day + minutes * 60_000);
      const thread = async (buyer: Member, listingId: string, seller: Member, inboundAt: number, replyAt: number | null) => {
        const threadId = await openThread(buyer, listingId);
        await send(buyer, threadId, 'Hello');
        if (replyAt !== null) await send(seller, threadId, 'Hi');
        await t.db
          .update(threads)
          .set({ createdAt: at(inboundAt - 1) })
          .where(eq(threads.id, threadId));
        await t.db
          .update(messages)
          .set({ createdAt: at(inboundAt) })
          .where(and(eq(messages.threadId, threadId), eq(messages.senderId, buyer.user._id)));
        if (replyAt !== null) {
          await t.db
            .update(messages)
            .set({ createdAt: at(replyAt) })
            .where(and(eq(messages.threadId, threadId), eq(messages.senderId, seller.user._id)));
        }
      };
      await thread(b1, l1, pia, 0, 10); // 10 minutes
      await thread(b2, l2, pia, 60, 90); // 30 minutes
      await thread(b3, l1, pia, 120, null); // no reply yet
      await thread(b1, l3, quinn, 30, 34); // 4 minutes
      await t.db.update(listings).set({ status: 'draft' }).where(eq(listings.id, l2));
      await credits.addToPool(id, {
        amount: 100,
        reason: 'test',
        actorId: admin.user._id,
        idempotencyKey: `d:${id}`,
      });
      await credits.reserve(pia.user._id, 5, 'comparison');
      await credits.reserve(quinn.user._id, 2, 'comparison');

      const res = await t.http.get(`/api/enterprise/${id}/dashboard?from=2026-11-20&to=2026-11-20`).set(auth(owner.token)).expect(200);
      const row = (u: Member) => res.body.members.find((m: { userId: string }) => m.userId === u.user._id);
      expect(row(pia)).toMatchObject({
        listings: { active: 1, total: 2 },
        inquiries: 3,
        medianFirstResponseSeconds: 1200,
      });
      expect(row(quinn)).toMatchObject({
        listings: { active: 1, total: 1 },
        inquiries: 1,
        medianFirstResponseSeconds: 240,
      });
      expect(row(owner)).toMatchObject({
        role: 'owner',
        listings: { active: 0, total: 0 },
        inquiries: 0,
        medianFirstResponseSeconds: null,
        creditsUsed: 0,
      });
      expect(res.body.totals).toMatchObject({
        members: 3,
        listings: { active: 2, total: 3 },
        inquiries: 4,
        medianFirstResponseSeconds: 600,
      });
      expect(res.body.from).toBe('2026-11-19T16:00:00.000Z');
      expect(res.body.to).toBe('2026-11-20T16:00:00.000Z');
      // the pool spend is today's: outside that window, inside today's
      expect(row(pia).creditsUsed).toBe(0);
      const manilaToday = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      const today = await t.http
        .get(`/api/enterprise/${id}/dashboard?from=${manilaToday}&to=${manilaToday}`)
        .set(auth(owner.token))
        .expect(200);
      expect(today.body.members.find((m: { userId: string }) => m.userId === pia.user._id)).toMatchObject({ creditsUsed: 5, inquiries: 0 });
      expect(today.body.totals.creditsUsed).toBe(7);

      await t.http.get(`/api/enterprise/${id}/dashboard`).set(auth(pia.token)).expect(403);
      await t.http.get(`/api/enterprise/${id}/dashboard`).set(auth(viewer.token)).expect(200);
      await t.http.get(`/api/enterprise/${id}/dashboard?from=2026-11-21&to=2026-11-20`).set(auth(owner.token)).expect(400);
    });

    it('median', () => {
      expect(median([])).toBeNull();
      expect(median([5])).toBe(5);
      expect(median([30, 10])).toBe(20);
      expect(median([3, 1, 2])).toBe(2);
    });
  });
});
