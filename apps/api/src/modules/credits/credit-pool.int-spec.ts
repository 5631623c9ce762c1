import { HttpException } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { creditLedger, creditPools, creditReservations, enterpriseMembers, enterprises, users } from '@app/db';
import { EventsService } from '../../common/events/events.service';
import { auth, createUser, startTestApp, uniqueEmail, type TestApp } from '../../../test/test-app';
import { AriaRunsService } from '../aria/runs/aria-runs.service';
import { CreditsService, manilaMonthStart, poolShare } from './credits.service';

/**
 * Enterprise credit pools through CreditsService on the real database. The enterprise module owns
 * enterprises and memberships; these tests make them by SQL (allowed in tests) so that they do not
 * depend on its routes.
 */
describe('Enterprise credit pools (service, real PostgreSQL)', () => {
  let t: TestApp;
  let credits: CreditsService;
  let staffId: string;

  const member = async (firstName = 'Test', lastName = 'Member') => {
    const [row] = await t.db.insert(users).values({ firstName, lastName, email: uniqueEmail('pool'), passwordHash: 'x' }).returning({ id: users.id });
    return row.id;
  };
  const team = async (pool = 0) => {
    const owner = await member('Owner', 'Team');
    const [e] = await t.db.insert(enterprises).values({ name: 'Team Reyes Realty', ownerId: owner, seatLimit: 50 }).returning({ id: enterprises.id });
    if (pool > 0) await credits.addToPool(e.id, { amount: pool, reason: 'Enterprise plan credits', actorId: staffId, idempotencyKey: `t:${e.id}:start` });
    return e.id;
  };
  const join = async (enterpriseId: string, userId: string, monthlyCreditCap: number | null = null, status: 'active' | 'paused' = 'active') => {
    await t.db.insert(enterpriseMembers).values({ enterpriseId, userId, monthlyCreditCap, status });
    return userId;
  };
  const own = async (userId: string, amount: number) => credits.grant(userId, { kind: 'purchase', amount, reason: 'own pack', idempotencyKey: `own:${userId}:${amount}:${Math.random()}` });
  const balanceOf = async (userId: string) => (await t.db.select({ c: users.creditsRemaining }).from(users).where(eq(users.id, userId)))[0].c;
  const poolRow = async (enterpriseId: string) => (await t.db.select().from(creditPools).where(eq(creditPools.enterpriseId, enterpriseId)))[0]?.balance;
  const consistent = async (enterpriseId: string) => expect(await credits.poolLedgerSum(enterpriseId)).toBe(await poolRow(enterpriseId));
  const work = async () => 'done';
  const refusalOf = async (p: Promise<unknown>): Promise<{ status: number; body: { message: string; upgrade: Record<string, unknown> } }> => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HttpException);
    const e = err as HttpException;
    return { status: e.getStatus(), body: e.getResponse() as { message: string; upgrade: Record<string, unknown> } };
  };

  beforeAll(async () => {
    t = await startTestApp();
    credits = t.app.get(CreditsService);
    staffId = await member('Amihan', 'Staff');
  });
  afterAll(() => t.close());

  it('counts a calendar month in Asia/Manila (UTC+8)', () => {
    expect(manilaMonthStart(new Date('2026-11-30T16:00:00Z')).toISOString()).toBe('2026-11-30T16:00:00.000Z'); // 1 December, 00:00 in Manila
    expect(manilaMonthStart(new Date('2026-11-30T15:59:59Z')).toISOString()).toBe('2026-10-31T16:00:00.000Z'); // still 30 November in Manila
    expect(manilaMonthStart(new Date('2027-01-01T03:00:00Z')).toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });

  it('adds credits to a pool once per key, with the actor on the row and poolId on the event; unknown enterprise 404, bad amounts 400', async () => {
    const e = await team();
    const publish = jest.spyOn(t.app.get(EventsService), 'publish');
    try {
      const results = await Promise.all(
        Array.from({ length: 10 }, () => credits.addToPool(e, { amount: 25, reason: 'Q4 top-up', actorId: staffId, idempotencyKey: `grant:${e}:q4` })),
      );
      expect(results.filter((r) => r.applied)).toHaveLength(1);
      expect(results.map((r) => r.balance)).toEqual(Array(10).fill(25));
      const granted = publish.mock.calls.flat().filter((ev) => ev.type === 'credits.granted');
      expect(granted).toHaveLength(1);
      expect(granted[0]).toMatchObject({ actorId: staffId, entity: { kind: 'enterprise', id: e }, data: { amount: 25, balance: 25, kind: 'transfer', reason: 'Q4 top-up', poolId: e, userId: staffId } });
    } finally {
      publish.mockRestore();
    }
    expect(await credits.addToPool(e, { amount: 5, reason: 'Goodwill', actorId: staffId, idempotencyKey: `grant:${e}:goodwill`, kind: 'purchase' })).toEqual({ applied: true, balance: 30 });
    expect(await credits.poolBalance(e)).toBe(30);
    await consistent(e);
    const rows = await t.db.select().from(creditLedger).where(eq(creditLedger.poolId, e));
    expect(rows.map((r) => [r.userId, r.actorId, r.amount, r.balanceAfter])).toEqual([
      [staffId, staffId, 25, 25],
      [staffId, staffId, 5, 30],
    ]);
    // the staff member's own ledger does not show the pool's rows
    expect(await credits.ledgerSum(staffId)).toBe(0);
    expect(await balanceOf(staffId)).toBe(0);

    const missing = await refusalOf(credits.addToPool('00000000-0000-4000-8000-000000000000', { amount: 1, reason: 'x', actorId: staffId, idempotencyKey: 'nobody' }));
    expect(missing).toMatchObject({ status: 404, body: { message: 'Enterprise not found' } });
    expect((await refusalOf(credits.addToPool(e, { amount: 0, reason: 'zero', actorId: staffId, idempotencyKey: 'zero' }))).status).toBe(400);
    expect((await refusalOf(credits.addToPool(e, { amount: 1.5, reason: 'half', actorId: staffId, idempotencyKey: 'half' }))).status).toBe(400);
    expect(await credits.poolBalance(await team())).toBe(0); // an enterprise without a pool has 0
  });

  it('lets a member spend from the pool: reserve and commit carry the pool, their own balance is untouched', async () => {
    const e = await team(10);
    const m = await join(e, await member('Bea', 'Santos'), 5);
    await own(m, 4);
    const publish = jest.spyOn(t.app.get(EventsService), 'publish');
    try {
      expect(await credits.spend(m, 3, 'ARIA report', work)).toBe('done');
      const types = publish.mock.calls.flat().map((ev) => [ev.type, (ev.data as { poolId?: string }).poolId, (ev.data as { balance: number }).balance]);
      expect(types).toEqual([
        ['credits.reserved', e, 7],
        ['credits.committed', e, 7],
      ]);
    } finally {
      publish.mockRestore();
    }
    expect(await credits.poolBalance(e)).toBe(7);
    expect(await balanceOf(m)).toBe(4);
    const r = await credits.reserve(m, 2, 'comparison');
    expect(r).toMatchObject({ amount: 2, balance: 5, poolId: e });
    expect((await credits.reservation(r.id))?.poolId).toBe(e);
    expect(await credits.commit(r.id)).toEqual({ settled: true, balance: 5 });
    expect(await credits.commit(r.id)).toEqual({ settled: false, balance: 5 });
    expect(await credits.refund(r.id)).toEqual({ settled: false, balance: 5 });
    const rows = await t.db.select().from(creditLedger).where(and(eq(creditLedger.poolId, e), eq(creditLedger.userId, m)));
    expect(rows.map((x) => [x.kind, x.amount, x.balanceAfter])).toEqual([
      ['reserve', -3, 7],
      ['commit', 0, 7],
      ['reserve', -2, 5],
      ['commit', 0, 5],
    ]);
    await consistent(e);
    expect(await credits.ledgerSum(m)).toBe(4);
    expect(await credits.poolSpendByMember(e, manilaMonthStart(new Date()), new Date(Date.now() + 60_000))).toEqual(new Map([[m, 5]]));
  });

  it('falls back to the member’s own balance past their monthly cap, and refuses with the cap named when that is empty too', async () => {
    const e = await team(100);
    const m = await join(e, await member(), 5);
    await own(m, 4);
    expect(await credits.reserve(m, 3, 'a')).toMatchObject({ poolId: e, balance: 97 });
    const second = await credits.reserve(m, 3, 'b'); // 3 + 3 > 5: from their own
    expect(second.poolId).toBeUndefined();
    expect(second.balance).toBe(1);
    expect((await credits.reservation(second.id))?.poolId).toBeNull();
    expect(await credits.reserve(m, 2, 'c')).toMatchObject({ poolId: e, balance: 95 }); // 3 + 2 = 5: the cap holds exactly
    expect((await credits.reserve(m, 1, 'd')).poolId).toBeUndefined(); // cap reached; own 1 → 0
    const refused = await refusalOf(credits.reserve(m, 1, 'e'));
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(
      "Not enough AI credits: 1 needed. Your team's monthly cap of 5 credits is reached (5 used) and your own balance is 0. Ask your team's admin, or buy a credit pack.",
    );
    expect(refused.body.upgrade).toEqual({ reason: 'credits', needed: 1, remaining: 0, pool: { why: 'cap', cap: 5, spent: 5 } });
    await consistent(e);
    expect(await credits.ledgerSum(m)).toBe(0);
    expect(await balanceOf(m)).toBe(0);
  });

  it('names a cap that would be passed, and spends from last month do not count', async () => {
    const e = await team(100);
    const m = await join(e, await member(), 4);
    const old = await credits.reserve(m, 4, 'last month');
    await credits.commit(old.id);
    const lastMonth = new Date(manilaMonthStart(new Date()).getTime() - 3600_000);
    await t.db.update(creditLedger).set({ createdAt: lastMonth }).where(eq(creditLedger.reservationId, old.id));
    expect((await credits.reserve(m, 3, 'this month')).poolId).toBe(e);
    const refused = await refusalOf(credits.reserve(m, 2, 'too much'));
    expect(refused.body.message).toBe(
      "Not enough AI credits: 2 needed. Your team's monthly cap of 4 credits leaves 1 credit this month (3 used) and your own balance is 0. Ask your team's admin, or buy a credit pack.",
    );
  });

  it('refuses with what the pool has left when neither the pool nor the member can pay', async () => {
    const e = await team(3);
    const m = await join(e, await member());
    const refused = await refusalOf(credits.spend(m, 4, 'big report', work));
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(
      "Not enough AI credits: 4 needed. Your team's pool has 3 credits left and your own balance is 0. Ask your team's admin, or buy a credit pack.",
    );
    expect(refused.body.upgrade).toMatchObject({ reason: 'credits', needed: 4, remaining: 0, pool: { why: 'balance', balance: 3 } });
    expect(await credits.poolBalance(e)).toBe(3);
    // a member of a team whose pool was never opened: the pool has 0
    const bare = await team();
    const n = await join(bare, await member());
    expect((await refusalOf(credits.reserve(n, 1, 'x'))).body.message).toContain("Your team's pool has 0 credits left and your own balance is 0");
  });

  it('does not let a paused member use the pool', async () => {
    const e = await team(10);
    const m = await join(e, await member(), null, 'paused');
    await own(m, 2);
    expect((await credits.reserve(m, 1, 'own')).poolId).toBeUndefined();
    expect(await balanceOf(m)).toBe(1);
    const refused = await refusalOf(credits.reserve(m, 2, 'x'));
    expect(refused.body.message).toBe(
      "Not enough AI credits: 2 needed. Your place in your team is paused, so the team's pool is not open to you and your own balance is 1. Ask your team's admin, or buy a credit pack.",
    );
    expect(await credits.poolBalance(e)).toBe(10);
    // resumed: the pool pays again
    await t.db.update(enterpriseMembers).set({ status: 'active' }).where(eq(enterpriseMembers.userId, m));
    expect((await credits.reserve(m, 2, 'x')).poolId).toBe(e);
  });

  it('gives a failed spend back to the pool, and the refund frees the cap', async () => {
    const e = await team(10);
    const m = await join(e, await member(), 3);
    await expect(credits.spend(m, 3, 'ARIA answer', async () => Promise.reject(new Error('model down')))).rejects.toThrow('model down');
    expect(await credits.poolBalance(e)).toBe(10);
    expect(await credits.poolSpendByMember(e, manilaMonthStart(new Date()), new Date(Date.now() + 60_000))).toEqual(new Map());
    expect(await credits.spend(m, 3, 'ARIA answer again', work)).toBe('done'); // the refunded 3 do not count against the cap
    expect(await credits.poolBalance(e)).toBe(7);
    const rows = await t.db.select().from(creditLedger).where(eq(creditLedger.reservationId, (await t.db.select().from(creditReservations).where(eq(creditReservations.userId, m)))[0].id));
    expect(rows.map((x) => [x.kind, x.amount, x.balanceAfter, x.poolId])).toEqual([
      ['reserve', -3, 7, e],
      ['refund', 3, 10, e],
    ]);
    await consistent(e);
  });

  it('refunds an overdue pool reservation to the pool', async () => {
    const e = await team(6);
    const m = await join(e, await member());
    const r = await credits.reserve(m, 6, 'ARIA run that died');
    expect(await credits.poolBalance(e)).toBe(0);
    await t.db.update(creditReservations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(creditReservations.id, r.id));
    expect(await credits.refundOverdue()).toBeGreaterThanOrEqual(1);
    expect(await credits.poolBalance(e)).toBe(6);
    expect((await credits.reservation(r.id))?.status).toBe('refunded');
    const [refund] = await t.db.select().from(creditLedger).where(and(eq(creditLedger.reservationId, r.id), eq(creditLedger.kind, 'refund')));
    expect(refund).toMatchObject({ poolId: e, userId: m, amount: 6, balanceAfter: 6, reason: 'ARIA run that died (never finished)' });
    expect(await balanceOf(m)).toBe(0);
    await consistent(e);
  });

  it('keeps pool rows out of the member’s own credits page, held credits and ledger sum', async () => {
    const e = await team(20);
    const m = await createUser(t);
    await join(e, m.user._id);
    await own(m.user._id, 2);
    await credits.spend(m.user._id, 5, 'pool work', work);
    await credits.reserve(m.user._id, 4, 'pool work in progress');
    const account = (await t.http.get(`/api/user/ai/credits/${m.user._id}`).set(auth(m.token)).expect(200)).body;
    expect(account).toMatchObject({ remaining: 2, reserved: 0, pagination: { totalItems: 1 } });
    expect(account.entries.map((x: { kind: string; amount: number }) => [x.kind, x.amount])).toEqual([['purchase', 2]]);
    expect(await credits.ledgerSum(m.user._id)).toBe(2);
    const pool = await credits.poolAccount(e, {});
    expect(pool).toMatchObject({ enterpriseId: e, balance: 11, reserved: 4 });
  });

  it('shows the pool’s ledger by member, action and window, with spend by member; a member sees only their own', async () => {
    const e = await team(50);
    const bea = await join(e, await member('Bea', 'Santos'), null);
    const carlo = await join(e, await member('Carlo', 'Dizon'), 10);
    await credits.spend(bea, 4, 'report', work);
    await credits.spend(carlo, 2, 'answer', work);
    await expect(credits.spend(carlo, 3, 'failed', async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await credits.reserve(bea, 1, 'held');

    const all = await credits.poolAccount(e, { limit: 3 });
    expect(all).toMatchObject({ enterpriseId: e, balance: 43, reserved: 1, pagination: { totalItems: 8, itemsOnPage: 3, totalPages: 3 } });
    expect(all.entries.map((x) => [x.kind, x.amount, x.balanceAfter, x.member?.firstName ?? null])).toEqual([
      ['reserve', -1, 43, 'Bea'],
      ['refund', 3, 44, 'Carlo'],
      ['reserve', -3, 41, 'Carlo'],
    ]);
    expect(all.byMember).toEqual([
      { userId: bea, firstName: 'Bea', lastName: 'Santos', spentThisMonth: 5, spentInRange: 5 },
      { userId: carlo, firstName: 'Carlo', lastName: 'Dizon', spentThisMonth: 2, spentInRange: 2 },
    ]);
    const grants = await credits.poolAccount(e, { action: 'grant' });
    expect(grants.entries.map((x) => [x.kind, x.amount, x.member])).toEqual([['transfer', 50, null]]);
    const commits = await credits.poolAccount(e, { action: 'commit', memberId: carlo });
    expect(commits.entries.map((x) => [x.kind, x.member?._id])).toEqual([['commit', carlo]]);

    // a member's own view: only their rows and their spend; grants are not theirs
    const mine = await credits.poolAccount(e, {}, { memberId: carlo });
    expect(mine.entries.every((x) => x.member?._id === carlo)).toBe(true);
    expect(mine.entries).toHaveLength(4);
    expect(mine.byMember.map((b) => b.userId)).toEqual([carlo]);
    expect((await credits.poolAccount(e, { action: 'grant' }, { memberId: carlo })).entries).toEqual([]);
    const other = await refusalOf(credits.poolAccount(e, { memberId: bea }, { memberId: carlo }));
    expect(other).toMatchObject({ status: 403, body: { message: "You can only see your own spending from your team's pool" } });

    // a window: today in Manila has everything, yesterday nothing
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() + 8 * 3600_000 - 24 * 3600_000).toISOString().slice(0, 10);
    expect((await credits.poolAccount(e, { from: today, to: today })).pagination.totalItems).toBe(8);
    const before = await credits.poolAccount(e, { from: yesterday, to: yesterday });
    expect(before.pagination.totalItems).toBe(0);
    expect(before.byMember.map((b) => [b.spentThisMonth, b.spentInRange])).toEqual([
      [5, 0],
      [2, 0],
    ]);
    const bad = await refusalOf(credits.poolAccount(e, { from: today, to: yesterday }));
    expect(bad).toMatchObject({ status: 400, body: { message: `to (${yesterday}) must be after from (${today})` } });
  });

  it('poolShare: the balance within what the cap leaves, 0 when paused, never negative', () => {
    const active = (monthlyCreditCap: number | null) => ({ paused: false, monthlyCreditCap });
    expect(poolShare(active(null), 12, 0)).toBe(12);
    expect(poolShare(active(null), 0, 0)).toBe(0);
    expect(poolShare(active(5), 12, 2)).toBe(3);
    expect(poolShare(active(5), 2, 0)).toBe(2);
    expect(poolShare(active(5), 12, 5)).toBe(0);
    expect(poolShare(active(5), 12, 7)).toBe(0); // a cap lowered below what was spent
    expect(poolShare({ paused: true, monthlyCreditCap: null }, 12, 0)).toBe(0);
  });

  /**
   * The quote ARIA shows (`spendable`, through the runs' quote) and the hold agree at every edge: a
   * hold of exactly the quoted pool amount comes from the pool, one credit more does not (the member
   * has no own credits, so it is refused with the pool's reason and the pool is untouched).
   */
  it.each([
    { edge: 'no cap: the pool balance is the limit', pool: 7, cap: null, spentBefore: 0, quoted: 7, why: 'balance' },
    { edge: 'pool exhausted (no cap)', pool: 3, cap: null, spentBefore: 3, quoted: 0, why: 'balance' },
    { edge: 'pool exhausted under a cap with room', pool: 4, cap: 10, spentBefore: 4, quoted: 0, why: 'balance' },
    { edge: 'pool lower than the cap leaves', pool: 6, cap: 10, spentBefore: 3, quoted: 3, why: 'balance' },
    { edge: 'cap lower than the pool', pool: 20, cap: 5, spentBefore: 2, quoted: 3, why: 'cap' },
    { edge: 'member cap reached', pool: 20, cap: 5, spentBefore: 5, quoted: 0, why: 'cap' },
    { edge: 'cap and pool equal', pool: 9, cap: 6, spentBefore: 3, quoted: 3, why: 'cap' },
  ])('the quote and the hold agree: $edge', async ({ pool, cap, spentBefore, quoted, why }) => {
    const e = await team(pool);
    const m = await join(e, await member('Quote', 'Edge'), cap);
    if (spentBefore > 0) await credits.spend(m, spentBefore, 'earlier this month', work);
    const caller = { id: m, sessionId: 'test', role: 'user' as const, type: 'customer' as const, email: 'quote@example.test' };
    const quote = await t.app.get(AriaRunsService).quote(caller, 'feasibility');
    expect(await credits.spendable(m)).toEqual({ own: 0, pool: quoted });
    expect(quote.pool).toBe(quoted);
    const before = await poolRow(e);

    const over = await refusalOf(credits.reserve(m, quoted + 1, 'one more than quoted'));
    expect(over.status).toBe(402);
    expect((over.body.upgrade.pool as { why: string }).why).toBe(why);
    expect(await poolRow(e)).toBe(before);

    if (quoted > 0) {
      const held = await credits.reserve(m, quoted, 'exactly the quote');
      expect(held).toMatchObject({ poolId: e, amount: quoted, balance: before - quoted });
      expect(await credits.spendable(m)).toEqual({ own: 0, pool: 0 });
    }
    await consistent(e);
  });

  it('the quote and the hold agree for a paused member: 0 from the pool, and a hold of 1 is refused as paused', async () => {
    const e = await team(10);
    const m = await join(e, await member(), null, 'paused');
    expect(await credits.spendable(m)).toEqual({ own: 0, pool: 0 });
    const refused = await refusalOf(credits.reserve(m, 1, 'x'));
    expect(refused.body.upgrade.pool).toEqual({ why: 'paused' });
    expect(await poolRow(e)).toBe(10);
  });

  it('holds under 50 parallel spends by 10 members: the pool never goes below zero, no cap is passed, the ledger adds up', async () => {
    const e = await team(40);
    const caps = [3, 3, 3, 3, 5, 5, 5, null, null, null];
    const members = await Promise.all(caps.map(async (cap, i) => join(e, await member(`Member${i}`, 'Parallel'), cap)));
    const spends = Array.from({ length: 50 }, (_, i) => ({ userId: members[i % 10], amount: (i % 3) + 1 }));
    const results = await Promise.allSettled(spends.map((s, i) => credits.spend(s.userId, s.amount, `parallel ${i}`, work)));

    const ok = spends.filter((_, i) => results[i].status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(HttpException);
      expect(r.reason.getStatus()).toBe(402);
      expect(r.reason.getResponse().message).toMatch(/Your team's (monthly cap of \d+ credits? (is reached|leaves)|pool has \d+ credits? left)/);
    }
    expect(ok.length + refused.length).toBe(50);
    expect(ok.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);

    const balance = await poolRow(e);
    const used = ok.reduce((n, s) => n + s.amount, 0);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(40 - used); // every successful spend took its credits from the pool, and nothing else did
    expect(await credits.poolLedgerSum(e)).toBe(balance);
    const rows = await t.db.select().from(creditLedger).where(eq(creditLedger.poolId, e));
    expect(Math.min(...rows.map((r) => r.balanceAfter))).toBeGreaterThanOrEqual(0);
    expect(rows.filter((r) => r.kind === 'reserve')).toHaveLength(ok.length);
    expect(rows.filter((r) => r.kind === 'commit')).toHaveLength(ok.length);
    const committed = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(creditReservations)
      .where(and(eq(creditReservations.poolId, e), eq(creditReservations.status, 'committed')));
    expect(committed[0].n).toBe(ok.length);

    const spent = await credits.poolSpendByMember(e, manilaMonthStart(new Date()), new Date(Date.now() + 60_000));
    members.forEach((m, i) => {
      const mine = ok.filter((s) => s.userId === m).reduce((n, s) => n + s.amount, 0);
      expect(spent.get(m) ?? 0).toBe(mine);
      if (caps[i] !== null) expect(mine).toBeLessThanOrEqual(caps[i]!);
    });
    for (const m of members) expect(await balanceOf(m)).toBe(0); // nobody had own credits: nothing came from elsewhere
    // the pool ran out: a capped-out member aside, the uncapped members' last refusals were for the pool's balance
    expect(refused.some((r) => /pool has \d+ credits? left/.test(r.reason.getResponse().message))).toBe(true);
    // and a spend that fits the balance still goes through afterwards (nothing is left locked)
    if (balance > 0) expect((await credits.reserve(members[9], 1, 'after')).poolId).toBe(e);
  });
});
