import { Controller, Get } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { eq, sql } from 'drizzle-orm';
import { creditLedger, subscriptions } from '@app/db';
import { PLANS, addMonths } from '@app/domain';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';
import { eventsSettled } from '../../../test/events';
import type { AuthUser } from '../../common/auth/auth-user';
import { Entitled, EntitlementGuard, ENTITLEMENT_KEY } from './entitlements';
import { GRACE_MS, SubscriptionsService } from './subscriptions.service';

type Member = Awaited<ReturnType<typeof createUser>>;
const DAY = 24 * 3600 * 1000;

@Controller('entitled-probe')
class EntitledProbe {
  @Entitled('reports.tier2')
  @Get()
  tier2() {
    return 'ok';
  }
}

describe('subscriptions (HTTP and service, real PostgreSQL)', () => {
  let t: TestApp;
  let subs: SubscriptionsService;
  let admin: Member;
  let superAdmin: Member;

  const current = async (m: Member) => (await t.http.get('/api/subscription/current').set(auth(m.token)).expect(200)).body;
  const sessionUser = async (m: Member) => (await t.http.get('/api/current/user').set(auth(m.token)).expect(200)).body;
  const give = (m: Member, body: object) =>
    t.http.post('/api/subscription/create').set(auth(admin.token)).send({ userId: m.user._id, note: 'Sold by the sales team', ...body });
  const rowsOf = (m: Member) => t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.user._id));
  const ledgerOf = (m: Member) => t.db.select().from(creditLedger).where(eq(creditLedger.userId, m.user._id));

  beforeAll(async () => {
    t = await startTestApp();
    subs = t.app.get(SubscriptionsService);
    admin = await createUser(t, { role: 'admin' });
    superAdmin = await createUser(t, { role: 'super_admin' });
  });
  afterAll(() => t.close());

  it('starts every member on Free with its entitlements', async () => {
    const m = await createUser(t);
    expect(await current(m)).toEqual({
      plan: 'free',
      subscription: null,
      scheduled: [],
      entitlements: [...PLANS.free.entitlements],
      monthlyCredits: 0,
      activeListings: PLANS.free.activeListings,
    });
  });

  it('lets staff put a member on a plan: cached on the account, month 1 credits granted, audited', async () => {
    const m = await createUser(t, { email: 'plan.member@example.ph' });
    const res = await give(m, { plan: 'premium', billingPeriod: 'annually' }).expect(201);
    expect(res.body).toMatchObject({ plan: 'premium', status: 'active', billingPeriod: 'annually', source: 'staff', note: 'Sold by the sales team' });
    expect(new Date(res.body.expiresAt).getTime()).toBe(addMonths(new Date(res.body.startedAt), 12).getTime());
    expect((await sessionUser(m)).subscription).toMatchObject({ plan: 'premium', status: 'active', billingPeriod: 'annually' });
    expect((await sessionUser(m)).credits.remaining).toBe(PLANS.premium.monthlyCredits);
    expect((await current(m)).entitlements).toEqual([...PLANS.premium.entitlements]);
    // running the task again grants nothing more this month
    await subs.advance();
    expect((await ledgerOf(m)).map((r) => [r.kind, r.amount])).toEqual([['allowance', PLANS.premium.monthlyCredits]]);
    await eventsSettled(t.app);
    const audit = (await t.http.post('/api/audit/search').set(auth(admin.token)).send({ query: { type: ['subscription.activated'], actor: admin.user._id } }).expect(200)).body;
    expect(audit.entries.map((e: { description: string }) => e.description)).toContain(
      'started the premium (annually) plan of plan.member@example.ph (by staff; was free)',
    );
  });

  it('grants each month of an annual plan once, as the months come', async () => {
    const m = await createUser(t);
    const start = new Date(Date.now() - 65 * DAY);
    await give(m, { plan: 'basic', billingPeriod: 'annually' }).expect(201);
    const [row] = await rowsOf(m);
    await t.db.update(subscriptions).set({ startedAt: start, expiresAt: addMonths(start, 12) }).where(eq(subscriptions.id, row.id));
    await subs.advance();
    await subs.advance();
    const grants = (await ledgerOf(m)).filter((r) => r.kind === 'allowance');
    expect(grants.map((g) => g.reason)).toEqual(['Basic plan, month 1', 'Basic plan, month 2', 'Basic plan, month 3']);
    expect((await sessionUser(m)).credits.remaining).toBe(3 * PLANS.basic.monthlyCredits);
  });

  it('keeps a plan through the grace period, then ends it; a plan set to end returns the member to Free at its end', async () => {
    const m = await createUser(t);
    await give(m, { plan: 'basic', billingPeriod: 'monthly' }).expect(201);
    const [row] = await rowsOf(m);
    const ended = new Date(Date.now() - 1000);
    await t.db.update(subscriptions).set({ expiresAt: ended }).where(eq(subscriptions.id, row.id));
    await subs.advance();
    expect((await current(m)).plan).toBe('basic'); // within the grace period
    expect((await current(m)).subscription.graceEndsAt).toBe(new Date(ended.getTime() + GRACE_MS).toISOString());
    await t.db.update(subscriptions).set({ expiresAt: new Date(Date.now() - GRACE_MS - 1000) }).where(eq(subscriptions.id, row.id));
    expect((await subs.advance()).ended).toBeGreaterThanOrEqual(1);
    expect((await current(m)).plan).toBe('free');
    expect((await sessionUser(m)).subscription).toMatchObject({ plan: 'basic', status: 'expired' });
    expect((await rowsOf(m))[0]).toMatchObject({ status: 'expired', endReason: 'period_end' });

    const c = await createUser(t);
    await give(c, { plan: 'premium', billingPeriod: 'monthly' }).expect(201);
    const cancelled = (await t.http.post('/api/subscription/cancel').set(auth(c.token)).send({ cancel: true }).expect(200)).body;
    expect(cancelled.subscription.cancelAtPeriodEnd).toBe(true);
    expect(cancelled.subscription.graceEndsAt).toBeNull();
    const kept = (await t.http.post('/api/subscription/cancel').set(auth(c.token)).send({ cancel: false }).expect(200)).body;
    expect(kept.subscription.cancelAtPeriodEnd).toBe(false);
    // moving to Free through the upgrade route is the same as cancelling
    const viaUpgrade = (await t.http.post('/api/subscription/upgrade').set(auth(c.token)).send({ plan: 'free' }).expect(200)).body;
    expect(viaUpgrade).toMatchObject({ payment: null, subscription: { plan: 'premium', subscription: { cancelAtPeriodEnd: true } } });
    const [crow] = await rowsOf(c);
    await t.db.update(subscriptions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(subscriptions.id, crow.id));
    await subs.advance();
    expect(await sessionUser(c).then((u) => u.subscription)).toMatchObject({ plan: 'free', status: 'active', billingPeriod: 'free' });
    expect((await rowsOf(c))[0]).toMatchObject({ status: 'expired', endReason: 'cancelled' });
    const free = await createUser(t);
    const refused = await t.http.post('/api/subscription/cancel').set(auth(free.token)).send({ cancel: true }).expect(400);
    expect(refused.body.message).toBe('You are on the Free plan already');
  });

  it('quotes upgrades with proration and schedules same-or-lower plans after the current period', async () => {
    const m = await createUser(t);
    await give(m, { plan: 'basic', billingPeriod: 'monthly' }).expect(201);
    const [row] = await rowsOf(m);
    // a Basic month paid ₱1,500, half used
    const now = new Date();
    const start = new Date(now.getTime() - 15 * DAY);
    await t.db.update(subscriptions).set({ paidCentavos: 150_000, startedAt: start, expiresAt: new Date(now.getTime() + 15 * DAY) }).where(eq(subscriptions.id, row.id));
    const up = await subs.quote(m.user._id, 'premium', 'monthly', now);
    expect(up).toMatchObject({ startsAt: 'now', prorationCentavos: 75_000, amountCentavos: 650_000 - 75_000 });
    const same = await subs.quote(m.user._id, 'basic', 'annually', now);
    expect(same).toMatchObject({ startsAt: 'period_end', prorationCentavos: 0, amountCentavos: PLANS.basic.annualCentavos });
    await expect(subs.quote(m.user._id, 'enterprise', 'monthly', now)).rejects.toThrow('Enterprise is arranged with our sales team: contact sales to set it up');

    // a renewal paid now starts when the current period ends, and the one after that after it
    const first = await subs.applyPayment({ paymentId: '00000000-0000-4000-8000-00000000aaa1', userId: m.user._id, plan: 'basic', billingPeriod: 'monthly', amountCentavos: 150_000, prorationCentavos: 0 });
    const second = await subs.applyPayment({ paymentId: '00000000-0000-4000-8000-00000000aaa2', userId: m.user._id, plan: 'basic', billingPeriod: 'monthly', amountCentavos: 150_000, prorationCentavos: 0 });
    expect(first.status).toBe('scheduled');
    expect(first.startedAt.getTime()).toBe(now.getTime() + 15 * DAY);
    expect(second.startedAt.getTime()).toBe(first.expiresAt!.getTime());
    expect((await subs.applyPayment({ paymentId: '00000000-0000-4000-8000-00000000aaa1', userId: m.user._id, plan: 'basic', billingPeriod: 'monthly', amountCentavos: 150_000, prorationCentavos: 0 })).id).toBe(first.id);
    const cancel = await t.http.post('/api/subscription/cancel').set(auth(m.token)).send({ cancel: true }).expect(409);
    expect(cancel.body.message).toMatch(/A paid period is scheduled after this one/);

    // the period ends: the scheduled one starts, ending the current one
    await t.db.update(subscriptions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(subscriptions.id, row.id));
    await t.db.update(subscriptions).set({ startedAt: new Date(Date.now() - 1000) }).where(eq(subscriptions.id, first.id));
    expect((await subs.advance()).started).toBe(1);
    const now2 = await current(m);
    expect(now2.subscription._id).toBe(first.id);
    expect(now2.scheduled.map((s: { _id: string }) => s._id)).toEqual([second.id]);
  });

  it('suspends and reinstates with a note (audited); a suspended member has Free entitlements', async () => {
    const m = await createUser(t, { email: 'suspend.me@example.ph' });
    const sub = (await give(m, { plan: 'premium', billingPeriod: 'monthly' }).expect(201)).body;
    const suspended = (await t.http.put('/api/subscription/update').set(auth(admin.token)).send({ _id: sub._id, status: 'suspended', note: 'Chargeback from the card issuer' }).expect(200)).body;
    expect(suspended).toMatchObject({ status: 'suspended', endReason: 'staff' });
    expect((await current(m)).plan).toBe('free');
    expect((await sessionUser(m)).subscription.status).toBe('suspended');
    const upgrade = await t.http.post('/api/subscription/upgrade').set(auth(m.token)).send({ plan: 'premium', billingPeriod: 'monthly', method: 'gcash' }).expect(403);
    expect(upgrade.body.message).toBe('Your subscription is suspended: contact support before changing plans');
    await t.http.put('/api/subscription/update').set(auth(admin.token)).send({ _id: sub._id, status: 'active', note: 'Resolved with the bank' }).expect(200);
    expect((await current(m)).plan).toBe('premium');
    const later = new Date(Date.now() + 90 * DAY).toISOString();
    const moved = (await t.http.put('/api/subscription/update').set(auth(admin.token)).send({ _id: sub._id, expiresAt: later, note: 'Goodwill month' }).expect(200)).body;
    expect(moved.expiresAt).toBe(later);
    const bad: Array<[object, string | string[]]> = [
      [{ _id: sub._id, note: 'Nothing' }, 'Nothing to change: send status, expiresAt or cancelAtPeriodEnd'],
      [{ _id: sub._id, status: 'expired', note: 'Nope' }, ['status must be one of: active, suspended']],
      [{ _id: sub._id, status: 'active' }, ['note must say why, in 3 to 300 characters', 'note must be a string']],
      [{ _id: sub._id, expiresAt: 'soon', note: 'Bad date' }, ['expiresAt must be a date and time (ISO 8601)']],
    ];
    for (const [body, message] of bad) {
      expect((await t.http.put('/api/subscription/update').set(auth(admin.token)).send(body).expect(400)).body.message).toEqual(message);
    }
    await t.http.put('/api/subscription/update').set(auth(m.token)).send({ _id: sub._id, status: 'active', note: 'Myself' }).expect(403);
    await eventsSettled(t.app);
    const audit = (await t.http.post('/api/audit/search').set(auth(admin.token)).send({ query: { entity: { kind: 'subscription', id: sub._id } } }).expect(200)).body;
    expect(audit.entries.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['subscription.suspended', 'subscription.reinstated', 'subscription.adjusted', 'subscription.activated']),
    );
  });

  it('refuses staff plans that do not add up', async () => {
    const m = await createUser(t);
    const cases: Array<[object, string | string[]]> = [
      [{ plan: 'free', billingPeriod: 'monthly' }, 'The Free plan has the free billing period'],
      [{ plan: 'basic', billingPeriod: 'free' }, 'The Basic plan needs a monthly, annually or lifetime billing period'],
      [{ plan: 'basic', billingPeriod: 'lifetime', expiresAt: new Date(Date.now() + DAY).toISOString() }, 'A lifetime subscription has no end date: leave expiresAt out'],
      [{ plan: 'basic', billingPeriod: 'monthly', expiresAt: new Date(Date.now() - DAY).toISOString() }, 'expiresAt must be in the future'],
      [{ plan: 'gold', billingPeriod: 'monthly' }, ['plan must be one of: free, basic, premium, enterprise']],
    ];
    for (const [body, message] of cases) expect((await give(m, body).expect(400)).body.message).toEqual(message);
    await give({ ...m, user: { ...m.user, _id: '00000000-0000-4000-8000-000000000000' } }, { plan: 'basic', billingPeriod: 'monthly' }).expect(404);
    const ent = (await give(m, { plan: 'enterprise', billingPeriod: 'lifetime' }).expect(201)).body;
    expect(ent).toMatchObject({ plan: 'enterprise', expiresAt: null, graceEndsAt: null });
  });

  it('lists, searches and reads subscriptions for staff; members see only their own history', async () => {
    const m = await createUser(t, { firstName: 'Teodora', lastName: 'Alonzo' });
    const other = await createUser(t);
    const viewer = await createUser(t, { role: 'viewer' });
    const sub = (await give(m, { plan: 'basic', billingPeriod: 'monthly' }).expect(201)).body;
    const list = (await t.http.get('/api/subscription/get/all?plan=basic&status=active&limit=100').set(auth(viewer.token)).expect(200)).body;
    expect(list.subscriptions.find((s: { _id: string }) => s._id === sub._id)).toMatchObject({ member: { firstName: 'Teodora', lastName: 'Alonzo' } });
    expect(list.subscriptions.every((s: { plan: string; status: string }) => s.plan === 'basic' && s.status === 'active')).toBe(true);
    const found = (await t.http.post('/api/subscription/search').set(auth(viewer.token)).send({ query: { text: 'teodora alonzo' } }).expect(200)).body;
    expect(found.subscriptions.map((s: { _id: string }) => s._id)).toEqual([sub._id]);
    expect((await t.http.get(`/api/subscription/get/${sub._id}`).set(auth(viewer.token)).expect(200)).body._id).toBe(sub._id);
    await t.http.get('/api/subscription/get/00000000-0000-4000-8000-000000000000').set(auth(viewer.token)).expect(404);
    await t.http.get('/api/subscription/get/all').set(auth(m.token)).expect(403);
    await t.http.post('/api/subscription/create').set(auth(viewer.token)).send({ userId: m.user._id, plan: 'basic', billingPeriod: 'monthly', note: 'No' }).expect(403);
    const bad = await t.http.get('/api/subscription/get/all?plan=gold').set(auth(viewer.token)).expect(400);
    expect(bad.body.message).toEqual(['plan must be one of: free, basic, premium, enterprise']);
    expect((await t.http.get('/api/user/subscription/history').set(auth(m.token)).expect(200)).body.subscriptions.map((s: { _id: string }) => s._id)).toEqual([sub._id]);
    await t.http.get(`/api/user/subscription/history?userId=${m.user._id}`).set(auth(other.token)).expect(403);
    expect((await t.http.get(`/api/user/subscription/history?userId=${m.user._id}`).set(auth(viewer.token)).expect(200)).body.pagination.totalItems).toBe(1);
  });

  it('lets only a super admin remove a record; removing the current one leaves the member on Free', async () => {
    const m = await createUser(t);
    const sub = (await give(m, { plan: 'premium', billingPeriod: 'monthly' }).expect(201)).body;
    await t.http.delete(`/api/subscription/remove/${sub._id}`).set(auth(admin.token)).expect(403);
    await t.http.delete(`/api/subscription/remove/${sub._id}`).set(auth(superAdmin.token)).expect(200);
    expect((await sessionUser(m)).subscription).toMatchObject({ plan: 'free', status: 'active' });
    await t.http.delete(`/api/subscription/remove/${sub._id}`).set(auth(superAdmin.token)).expect(404);
  });

  it('the @Entitled guard lets a plan with the entitlement through and answers others 402 with what to buy', async () => {
    const guard = t.app.get(EntitlementGuard);
    const probe = new EntitledProbe();
    expect(t.app.get(Reflector).get(ENTITLEMENT_KEY, probe.tier2)).toBe('reports.tier2');
    const ctxOf = (user: Partial<AuthUser> | undefined) =>
      ({ getHandler: () => probe.tier2, getClass: () => EntitledProbe, switchToHttp: () => ({ getRequest: () => ({ user }) }) }) as never;
    const m = await createUser(t);
    const denied = await guard.canActivate(ctxOf({ id: m.user._id, role: 'user' })).catch((e) => e);
    expect(denied.getStatus()).toBe(402);
    expect(denied.getResponse()).toEqual({
      message: 'Tier 2 market reports are part of the Basic plan and above: upgrade to use them',
      error: 'Payment Required',
      upgrade: { reason: 'plan', entitlement: 'reports.tier2', feature: 'Tier 2 market reports', requiredPlan: 'basic', currentPlan: 'free' },
    });
    await give(m, { plan: 'basic', billingPeriod: 'monthly' }).expect(201);
    expect(await guard.canActivate(ctxOf({ id: m.user._id, role: 'user' }))).toBe(true);
    expect(await guard.canActivate(ctxOf({ id: admin.user._id, role: 'admin' }))).toBe(true);
  });
});

describe('the plan’s active-listings limit (PLAN_LISTING_LIMITS on, as in production)', () => {
  let t: TestApp;
  let barangayCode: string;
  const listing = (token: string, over: Record<string, unknown> = {}) =>
    t.http
      .post('/api/listing/create')
      .set(auth(token))
      .send({
        name: 'Studio near Legazpi Boulevard',
        type: 'residential',
        price: 2_400_000,
        tags: ['for sale'],
        location: { lat: 13.1391, lng: 123.7438 },
        address: { type: 'condominium', street: 'Rizal Street', barangayCode },
        ...over,
      });

  beforeAll(async () => {
    t = await startTestApp({ PLAN_LISTING_LIMITS: 'true' });
    const [b] = await t.db.execute<{ code: string }>(sql`select code from places where level = 'barangay' limit 1`).then((r) => (r as unknown as { rows: { code: string }[] }).rows);
    barangayCode = b.code;
  });
  afterAll(() => t.close());

  it('lets a Free member have 5 active listings, answers the 6th 402 with the plan that has room, and counts only active ones', async () => {
    const m = await createUser(t, { type: 'broker' });
    const ids: string[] = [];
    for (let i = 0; i < PLANS.free.activeListings!; i++) ids.push((await listing(m.token).expect(201)).body._id);
    const refused = await listing(m.token).expect(402);
    expect(refused.body).toEqual({
      statusCode: 402,
      message: 'The Free plan allows 5 active listings: upgrade to Basic, or archive or mark a listing sold first',
      error: 'Payment Required',
      upgrade: { reason: 'plan', feature: 'More than 5 active listings', requiredPlan: 'basic', currentPlan: 'free' },
    });
    // a draft does not count, and cannot be made active while the member is at the limit
    const draft = (await listing(m.token, { status: 'draft' }).expect(201)).body;
    const activate = await t.http.put('/api/listing/update').set(auth(m.token)).send({ _id: draft._id, owner: m.user._id, status: 'active' }).expect(402);
    expect(activate.body.upgrade.requiredPlan).toBe('basic');
    // one sold: room for one more
    await t.http.put('/api/listing/update').set(auth(m.token)).send({ _id: ids[0], owner: m.user._id, status: 'sold' }).expect(200);
    await listing(m.token).expect(201);
    // Basic has room for 25; staff are not limited
    const admin = await createUser(t, { role: 'admin' });
    await t.http.post('/api/subscription/create').set(auth(admin.token)).send({ userId: m.user._id, plan: 'basic', billingPeriod: 'monthly', note: 'Upgrade for the test' }).expect(201);
    await listing(m.token).expect(201);
    for (let i = 0; i < 6; i++) await listing(admin.token).expect(201);
  });
});
