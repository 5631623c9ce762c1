import { eq } from 'drizzle-orm';
import { creditLedger, creditReservations, users } from '@app/db';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';
import { eventsSettled } from '../../../test/events';
import { CreditsService } from './credits.service';

type Member = Awaited<ReturnType<typeof createUser>>;

describe('AI credits ledger (HTTP and service, real PostgreSQL)', () => {
  let t: TestApp;
  let credits: CreditsService;
  let admin: Member;

  const balanceOf = async (userId: string) => (await t.db.select({ c: users.creditsRemaining }).from(users).where(eq(users.id, userId)))[0].c;
  const grant = (userId: string, amount: number, key: string) =>
    credits.grant(userId, { kind: 'purchase', amount, reason: 'test grant', idempotencyKey: key });

  beforeAll(async () => {
    t = await startTestApp();
    credits = t.app.get(CreditsService);
    admin = await createUser(t, { role: 'admin', firstName: 'Amihan', lastName: 'Reyes' });
  });
  afterAll(() => t.close());

  it('never takes the balance below zero: 50 parallel spends of 1 against a balance of 10 succeed 10 times', async () => {
    const m = await createUser(t);
    await grant(m.user._id, 10, `t:${m.user._id}:10`);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => credits.reserve(m.user._id, 1, 'ARIA report')));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.reason.getStatus()).toBe(402);
      expect(r.reason.getResponse()).toMatchObject({ upgrade: { reason: 'credits', needed: 1, remaining: 0 } });
    }
    expect(await balanceOf(m.user._id)).toBe(0);
    expect(await credits.ledgerSum(m.user._id)).toBe(0);
    const rows = await t.db.select().from(creditLedger).where(eq(creditLedger.userId, m.user._id));
    expect(rows.filter((r) => r.kind === 'reserve')).toHaveLength(10);
    expect(Math.min(...rows.map((r) => r.balanceAfter))).toBe(0);
  });

  it('commits a finished spend and refunds a failed one, each once', async () => {
    const m = await createUser(t);
    await grant(m.user._id, 20, `t:${m.user._id}:20`);
    const result = await credits.spend(m.user._id, 5, 'market report', async () => 'report');
    expect(result).toBe('report');
    expect(await balanceOf(m.user._id)).toBe(15);
    await expect(credits.spend(m.user._id, 7, 'ARIA answer', async () => Promise.reject(new Error('model down')))).rejects.toThrow('model down');
    expect(await balanceOf(m.user._id)).toBe(15); // a failed run costs nothing

    const r = await credits.reserve(m.user._id, 3, 'comparison');
    expect(await balanceOf(m.user._id)).toBe(12);
    expect(await credits.commit(r.id)).toEqual({ settled: true, balance: 12 });
    expect(await credits.commit(r.id)).toEqual({ settled: false, balance: 12 });
    expect(await credits.refund(r.id)).toEqual({ settled: false, balance: 12 }); // committed: no refund after
    const kinds = (await t.db.select().from(creditLedger).where(eq(creditLedger.userId, m.user._id))).map((x) => [x.kind, x.amount, x.balanceAfter]);
    expect(kinds).toEqual([
      ['purchase', 20, 20],
      ['reserve', -5, 15],
      ['commit', 0, 15],
      ['reserve', -7, 8],
      ['refund', 7, 15],
      ['reserve', -3, 12],
      ['commit', 0, 12],
    ]);
    expect(await credits.ledgerSum(m.user._id)).toBe(12);
  });

  it('grants once per idempotency key, even when the same grant races itself', async () => {
    const m = await createUser(t);
    const results = await Promise.all(Array.from({ length: 20 }, () => grant(m.user._id, 50, `payment:same-${m.user._id}`)));
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await balanceOf(m.user._id)).toBe(50);
    expect(await credits.ledgerSum(m.user._id)).toBe(50);
  });

  it('refunds reservations whose work never finished', async () => {
    const m = await createUser(t);
    await grant(m.user._id, 4, `t:${m.user._id}:4`);
    const r = await credits.reserve(m.user._id, 4, 'ARIA run that died');
    await t.db.update(creditReservations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(creditReservations.id, r.id));
    expect(await credits.refundOverdue()).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(m.user._id)).toBe(4);
    expect((await credits.reservation(r.id))?.status).toBe('refunded');
    expect(await credits.refundOverdue()).toBe(0);
  });

  it('shows a member their balance and ledger; staff anyone’s; nobody else', async () => {
    const m = await createUser(t);
    const other = await createUser(t);
    const viewer = await createUser(t, { role: 'viewer' });
    await grant(m.user._id, 30, `t:${m.user._id}:30`);
    await credits.reserve(m.user._id, 2, 'pending work');
    const own = (await t.http.get(`/api/user/ai/credits/${m.user._id}?limit=1`).set(auth(m.token)).expect(200)).body;
    expect(own).toMatchObject({ _id: m.user._id, remaining: 28, reserved: 2, plan: 'free', monthlyAllowance: 0 });
    expect(own.entries).toHaveLength(1);
    expect(own.entries[0]).toMatchObject({ kind: 'reserve', amount: -2, balanceAfter: 28, reason: 'pending work' });
    expect(own.pagination).toMatchObject({ totalItems: 2, itemsOnPage: 1, totalPages: 2 });
    const denied = await t.http.get(`/api/user/ai/credits/${m.user._id}`).set(auth(other.token)).expect(403);
    expect(denied.body.message).toBe('You can only see your own AI credits');
    await t.http.get(`/api/user/ai/credits/${m.user._id}`).set(auth(viewer.token)).expect(200);
    await t.http.get('/api/user/ai/credits/not-a-uuid').set(auth(m.token)).expect(404);
    await t.http.get(`/api/user/ai/credits/${m.user._id}`).expect(401);
    // the session's User shows the same balance
    expect((await t.http.get('/api/current/user').set(auth(m.token)).expect(200)).body.credits.remaining).toBe(28);
  });

  it('lists balances for staff only, largest first, narrowed by name or e-mail', async () => {
    const rich = await createUser(t, { firstName: 'Rosario', lastName: 'Balagtas' });
    await grant(rich.user._id, 900_000, `t:${rich.user._id}:rich`);
    const viewer = await createUser(t, { role: 'viewer' });
    const list = (await t.http.get('/api/user/ai/credits/get/all?limit=1').set(auth(viewer.token)).expect(200)).body;
    expect(list.balances[0]).toMatchObject({ _id: rich.user._id, remaining: 900_000, plan: 'free', firstName: 'Rosario' });
    const found = (await t.http.get('/api/user/ai/credits/get/all?text=balagtas').set(auth(viewer.token)).expect(200)).body;
    expect(found.balances.map((b: { _id: string }) => b._id)).toEqual([rich.user._id]);
    await t.http.get('/api/user/ai/credits/get/all').set(auth(rich.token)).expect(403);
  });

  it('lets an admin adjust with a reason (audited), and refuses what cannot be done with a message', async () => {
    const m = await createUser(t, { email: 'adjust.me@example.ph' });
    const put = (who: Member, body: object) => t.http.put(`/api/user/ai/credits/${m.user._id}`).set(auth(who.token)).send(body);
    const added = (await put(admin, { change: 15, reason: 'Goodwill for a failed report' }).expect(200)).body;
    expect(added).toMatchObject({ remaining: 15 });
    expect(added.entries[0]).toMatchObject({ kind: 'adjustment', amount: 15, balanceAfter: 15, reason: 'Goodwill for a failed report' });
    expect((await put(admin, { remaining: 5, reason: 'Correction' }).expect(200)).body.remaining).toBe(5);
    const cases: Array<[object, number, string | string[]]> = [
      [{ change: -6, reason: 'Too much' }, 400, 'The balance is 5: taking 6 would take it below zero'],
      [{ change: 1, remaining: 2, reason: 'Both' }, 400, 'Send either change (credits to add, negative to take) or remaining (the new balance), not both'],
      [{ reason: 'Neither' }, 400, 'Send either change (credits to add, negative to take) or remaining (the new balance), not both'],
      [{ remaining: 5, reason: 'Same' }, 400, 'The balance is 5 already: nothing to change'],
      [{ change: 1 }, 400, ['reason must say why, in 3 to 300 characters', 'reason must be a string']],
      [{ change: 1, reason: 'ok' }, 400, ['reason must say why, in 3 to 300 characters']],
      [{ change: 1.5, reason: 'Half' }, 400, ['change must be an integer number']],
    ];
    for (const [body, code, message] of cases) {
      const res = await put(admin, body).expect(code);
      expect(res.body.message).toEqual(message);
    }
    await put(m, { change: 100, reason: 'Myself' }).expect(403);
    const self = await t.http.put(`/api/user/ai/credits/${admin.user._id}`).set(auth(admin.token)).send({ change: 5, reason: 'Myself' }).expect(403);
    expect(self.body.message).toBe('You cannot change your own AI credits');
    await t.http.put('/api/user/ai/credits/00000000-0000-4000-8000-000000000000').set(auth(admin.token)).send({ change: 1, reason: 'Nobody' }).expect(404);
    expect(await balanceOf(m.user._id)).toBe(5);
    expect(await credits.ledgerSum(m.user._id)).toBe(5);

    await eventsSettled(t.app);
    const audit = (await t.http.post('/api/audit/search').set(auth(admin.token)).send({ query: { type: ['credits.adjusted'], actor: admin.user._id } }).expect(200)).body;
    expect(audit.entries.map((e: { severity: string; description: string }) => [e.severity, e.description])).toEqual([
      ['high', 'set the AI credits of adjust.me@example.ph from 15 to 5: Correction'],
      ['high', 'set the AI credits of adjust.me@example.ph from 0 to 15: Goodwill for a failed report'],
    ]);
  });
});
