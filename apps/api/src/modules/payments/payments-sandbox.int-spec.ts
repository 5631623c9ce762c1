import { eq } from 'drizzle-orm';
import { creditLedger, payments, subscriptions, users } from '@app/db';
import { PLANS } from '@app/domain';
import { auth, createUser } from '../../../test/test-app';
import { eventsSettled } from '../../../test/events';
import { startListeningTestApp, until } from '../../../test/payments';
import { PaymentProviders } from './providers/payment-providers';
import { PaymentsService } from './payments.service';

type App = Awaited<ReturnType<typeof startListeningTestApp>>;
type Member = Awaited<ReturnType<typeof createUser>>;

describe('payments with the sandbox provider (HTTP, real PostgreSQL and Redis, webhooks over HTTP)', () => {
  let t: App;
  let member: Member;

  const me = async (m: Member) => (await t.http.get('/api/current/user').set(auth(m.token)).expect(200)).body;
  const status = async (m: Member, id: string) => (await t.http.get(`/api/payment/status?id=${id}`).set(auth(m.token)).expect(200)).body;
  const decide = (checkoutUrl: string, decision: string) =>
    t.http.post(`/api/payment/sandbox/${checkoutUrl.split('/').pop()}/decide`).send({ decision });

  beforeAll(async () => {
    t = await startListeningTestApp();
    member = await createUser(t, { firstName: 'Maria', lastName: 'Santos' });
  });
  afterAll(() => t.close());

  it('upgrades a member to Basic when the sandbox approves: plan, credits, receipt, history', async () => {
    const res = await t.http
      .post('/api/subscription/upgrade')
      .set(auth(member.token))
      .send({ plan: 'basic', billingPeriod: 'monthly', method: 'gcash' })
      .expect(200);
    const p = res.body.payment;
    expect(p).toMatchObject({ status: 'awaiting_action', amountCentavos: 150_000, method: 'gcash', provider: 'sandbox', sandbox: true, plan: 'basic' });
    expect(p.checkoutUrl).toMatch(/\/sandbox-checkout\/sbx_cs_[0-9a-f]{24}$/);
    expect((await me(member)).subscription.plan).toBe('free');

    const decided = await decide(p.checkoutUrl, 'approve').expect(200);
    expect(decided.body.redirectUrl).toBe(`http://localhost:5173/billing/result?payment=${p._id}`);
    const paid = await until(() => status(member, p._id), (s) => s.status === 'paid');
    expect(paid.receiptNumber).toMatch(/^OR-\d{4}-\d{6}$/);
    const user = await me(member);
    expect(user.subscription).toMatchObject({ plan: 'basic', status: 'active', billingPeriod: 'monthly' });
    expect(user.credits.remaining).toBe(PLANS.basic.monthlyCredits);

    const receipt = await t.http.get(`/api/payment/${p._id}/receipt`).set(auth(member.token)).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.headers['content-disposition']).toBe(`attachment; filename="Tahanan-${paid.receiptNumber}.pdf"`);
    expect((receipt.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    const history = (await t.http.get('/api/payment/history').set(auth(member.token)).expect(200)).body;
    expect(history.payments.map((x: { _id: string }) => x._id)).toEqual([p._id]);
    const subs = (await t.http.get('/api/user/subscription/history').set(auth(member.token)).expect(200)).body;
    expect(subs.subscriptions).toHaveLength(1);
    expect(subs.subscriptions[0]).toMatchObject({ plan: 'basic', status: 'active', source: 'payment', paymentId: p._id });
  });

  it('changes nothing when the sandbox declines', async () => {
    const m = await createUser(t);
    const p = (await t.http.post('/api/payment/e-wallet/maya').set(auth(m.token)).send({ purpose: 'subscription', plan: 'premium', billingPeriod: 'annually' }).expect(200)).body;
    expect(p.amountCentavos).toBe(PLANS.premium.annualCentavos);
    await decide(p.checkoutUrl, 'decline').expect(200);
    const failed = await until(() => status(m, p._id), (s) => s.status === 'failed');
    expect(failed.failureReason).toBe('Declined in the sandbox');
    expect(failed.receiptNumber).toBeNull();
    const user = await me(m);
    expect(user.subscription.plan).toBe('free');
    expect(user.credits.remaining).toBe(0);
    await t.http.get(`/api/payment/${p._id}/receipt`).set(auth(m.token)).expect(409);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.user._id))).toHaveLength(0);
  });

  it('answers Maya QR with the QR code of the checkout', async () => {
    const m = await createUser(t);
    const p = (await t.http.post('/api/payment/qr/maya').set(auth(m.token)).send({ purpose: 'credit_pack', creditPack: 'starter' }).expect(200)).body;
    expect(p.qr.payload).toBe(p.checkoutUrl);
    expect(p.qr.image).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(p.qr.image.split(',')[1], 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it('grants a credit pack once, whatever 200 concurrent deliveries of its webhook', async () => {
    const m = await createUser(t);
    const p = (await t.http.post('/api/payment/card/web').set(auth(m.token)).send({ purpose: 'credit_pack', creditPack: 'standard' }).expect(200)).body;
    const sandbox = t.app.get(PaymentProviders).sandbox!;
    const decided = await sandbox.decide(p.checkoutUrl.split('/').pop(), 'approve');
    const { body, signature } = decided!.webhook!;
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.http.post('/api/payment/webhook/sandbox').set('Content-Type', 'application/json').set('Sandbox-Signature', signature).send(body),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(200).fill(200));
    // acknowledged at once, queued once (one event id), applied once by the events worker
    expect(answers.filter((a) => a.body.queued)).toHaveLength(1);
    expect(answers.filter((a) => a.body.duplicate)).toHaveLength(199);
    await eventsSettled(t.app);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, p._id));
    expect(row.status).toBe('paid');
    const grants = await t.db.select().from(creditLedger).where(eq(creditLedger.userId, m.user._id));
    expect(grants.map((g) => [g.kind, g.amount])).toEqual([['purchase', 200]]);
    expect((await me(m)).credits.remaining).toBe(200);
  });

  it('applies a paid notice once when it races the status poll and differently numbered duplicates arrive out of order', async () => {
    const m = await createUser(t);
    const p = (await t.http.post('/api/subscription/upgrade').set(auth(m.token)).send({ plan: 'premium', billingPeriod: 'monthly', method: 'card' }).expect(200)).body.payment;
    const sandbox = t.app.get(PaymentProviders).sandbox!;
    const checkoutId = p.checkoutUrl.split('/').pop();
    await sandbox.decide(checkoutId, 'approve');
    const c = (await sandbox.checkout(checkoutId))!;
    // the same news under 20 event ids, a stale "failed" among them, racing 20 status polls
    const paidBodies = Array.from({ length: 20 }, () => JSON.stringify(sandbox.eventOf(c)));
    const failedBody = JSON.stringify(sandbox.eventOf({ ...c, status: 'failed' }));
    await t.db.update(payments).set({ lastCheckedAt: null }).where(eq(payments.id, p._id));
    await Promise.all([
      ...[failedBody, ...paidBodies].map((b) =>
        t.http.post('/api/payment/webhook/sandbox').set('Content-Type', 'application/json').set('Sandbox-Signature', sandbox.sign(b)).send(b).expect(200),
      ),
      ...Array.from({ length: 20 }, () => t.http.get(`/api/payment/status?id=${p._id}`).set(auth(m.token)).expect(200)),
    ]);
    await eventsSettled(t.app);
    const final = await status(m, p._id);
    expect(final.status).toBe('paid');
    const subs = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.user._id));
    expect(subs.map((s) => [s.plan, s.status])).toEqual([['premium', 'active']]);
    const ledger = await t.db.select().from(creditLedger).where(eq(creditLedger.userId, m.user._id));
    expect(ledger.map((g) => [g.kind, g.amount])).toEqual([['allowance', PLANS.premium.monthlyCredits]]);
  });

  it('undoes a refunded (charged back) payment: the plan it paid for is suspended, a pack’s credits taken back, once', async () => {
    const m = await createUser(t);
    const plan = (await t.http.post('/api/subscription/upgrade').set(auth(m.token)).send({ plan: 'basic', billingPeriod: 'monthly', method: 'card' }).expect(200)).body.payment;
    const pack = (await t.http.post('/api/payment/card/web').set(auth(m.token)).send({ purpose: 'credit_pack', creditPack: 'starter' }).expect(200)).body;
    for (const p of [plan, pack]) {
      await decide(p.checkoutUrl, 'approve').expect(200);
      await until(() => status(m, p._id), (s) => s.status === 'paid');
    }
    expect((await me(m)).credits.remaining).toBe(PLANS.basic.monthlyCredits + 50);
    // the member spends some of the pack's credits before the chargeback
    await t.http.put(`/api/user/ai/credits/${m.user._id}`).set(auth((await createUser(t, { role: 'admin' })).token)).send({ change: -(PLANS.basic.monthlyCredits + 20), reason: 'Spent on reports' }).expect(200);
    for (const p of [plan, pack]) {
      expect((await decide(p.checkoutUrl, 'refund').expect(200)).body.status).toBe('refunded');
      await until(() => status(m, p._id), (s) => s.status === 'refunded');
    }
    const user = await me(m);
    expect(user.subscription).toMatchObject({ plan: 'basic', status: 'suspended' });
    expect(user.credits.remaining).toBe(0); // 30 left of the pack's 50 are taken back, never below zero
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.user._id));
    expect(sub).toMatchObject({ status: 'suspended', endReason: 'chargeback' });
    const revoked = (await t.db.select().from(creditLedger).where(eq(creditLedger.userId, m.user._id))).filter((r) => r.reason?.startsWith('Refund of'));
    expect(revoked.map((r) => r.amount)).toEqual([-30]);
    // a refund notice delivered again changes nothing
    await decide(pack.checkoutUrl, 'refund').expect(200);
    expect((await me(m)).credits.remaining).toBe(0);
    const receipt = await t.http.get(`/api/payment/${plan._id}/receipt`).set(auth(m.token)).expect(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
  });

  it('refuses webhooks with a wrong, missing or old signature, and audits the refusal', async () => {
    const sandbox = t.app.get(PaymentProviders).sandbox!;
    const body = JSON.stringify({ data: { id: 'evt_forged', type: 'event', attributes: { type: 'checkout_session.payment.paid', livemode: false, data: { id: 'x', attributes: {} } } } });
    const wrong = await t.http.post('/api/payment/webhook/sandbox').set('Content-Type', 'application/json').set('Sandbox-Signature', sandbox.sign(body).replace(/te=(.)/, (_, c: string) => `te=${c === '0' ? '1' : '0'}`)).send(body);
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Webhook refused: the signature does not match');
    const none = await t.http.post('/api/payment/webhook/sandbox').set('Content-Type', 'application/json').send(body);
    expect(none.body.message).toBe('Webhook refused: no signature header');
    const old = await t.http
      .post('/api/payment/webhook/sandbox')
      .set('Content-Type', 'application/json')
      .set('Sandbox-Signature', sandbox.sign(body, Math.floor(Date.now() / 1000) - 3600))
      .send(body);
    expect(old.body.message).toBe('Webhook refused: the signature is too old');
    await t.http.post('/api/payment/webhook/stripe').set('Content-Type', 'application/json').send(body).expect(404);
    await eventsSettled(t.app);
    const audit = (await t.http.post('/api/audit/search').set(auth((await createUser(t, { role: 'admin' })).token)).send({ query: { type: ['payment.webhook_rejected'] } }).expect(200)).body;
    // three refusals within a minute: one audit entry (a flood must not fill the log)
    expect(audit.entries.map((e: { type: string; severity: string; description: string }) => [e.severity, e.description])).toEqual([
      ['high', 'refused a sandbox payment webhook: the signature does not match'],
    ]);
  });

  it('returns the same payment for a repeated idempotency key, and refuses it for another purpose', async () => {
    const m = await createUser(t);
    const body = { purpose: 'credit_pack', creditPack: 'bulk', idempotencyKey: 'retry-key-0001' };
    const a = (await t.http.post('/api/payment/e-wallet/gcash').set(auth(m.token)).send(body).expect(200)).body;
    const b = (await t.http.post('/api/payment/e-wallet/gcash').set(auth(m.token)).send(body).expect(200)).body;
    expect(b._id).toBe(a._id);
    const c = await t.http.post('/api/payment/e-wallet/gcash').set(auth(m.token)).send({ ...body, creditPack: 'starter' }).expect(409);
    expect(c.body.message).toBe('This idempotencyKey was used for another payment: use a new key for a new payment');
  });

  it('expires open payments past their expiry, closing the checkout at the provider; a payment the provider took late is still honoured', async () => {
    const m = await createUser(t);
    const p = (await t.http.post('/api/payment/e-wallet/gcash').set(auth(m.token)).send({ purpose: 'credit_pack', creditPack: 'starter' }).expect(200)).body;
    await t.db.update(payments).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(payments.id, p._id));
    expect(await t.app.get(PaymentsService).expireOverdue()).toBeGreaterThanOrEqual(1);
    expect((await status(m, p._id)).status).toBe('expired');
    // the checkout is closed: approving it now pays nothing
    const sandbox = t.app.get(PaymentProviders).sandbox!;
    const cid = p.checkoutUrl.split('/').pop();
    expect((await sandbox.checkout(cid))!.status).toBe('expired');
    expect((await decide(p.checkoutUrl, 'approve').expect(200)).body.status).toBe('expired');
    // a provider that took the money anyway (its notice arrives after we closed): honoured, once
    await t.app.get(PaymentsService).apply(p._id, { status: 'paid', providerPaymentId: 'late' }, 'webhook');
    await t.app.get(PaymentsService).apply(p._id, { status: 'paid', providerPaymentId: 'late' }, 'webhook');
    expect((await status(m, p._id)).status).toBe('paid');
    expect((await me(m)).credits.remaining).toBe(50);
  });

  it('closes the checkout when the member cancels, so it cannot be paid afterwards', async () => {
    const m = await createUser(t);
    const p = (await t.http.post('/api/payment/e-wallet/gcash').set(auth(m.token)).send({ purpose: 'credit_pack', creditPack: 'starter' }).expect(200)).body;
    expect((await t.http.post(`/api/payment/${p._id}/cancel`).set(auth(m.token)).expect(200)).body.status).toBe('cancelled');
    expect((await t.app.get(PaymentProviders).sandbox!.checkout(p.checkoutUrl.split('/').pop()))!.status).toBe('expired');
    // paid a moment before the cancel reached us: the cancel answers the payment paid, not cancelled
    const q = (await t.http.post('/api/payment/e-wallet/gcash').set(auth(m.token)).send({ purpose: 'credit_pack', creditPack: 'starter' }).expect(200)).body;
    await t.app.get(PaymentProviders).sandbox!.decide(q.checkoutUrl.split('/').pop(), 'approve');
    await t.db.update(payments).set({ lastCheckedAt: null }).where(eq(payments.id, q._id));
    expect((await t.http.post(`/api/payment/${q._id}/cancel`).set(auth(m.token)).expect(200)).body.status).toBe('paid');
  });

  it('refuses bad input with messages that say what to fix', async () => {
    const m = await createUser(t);
    const cases: Array<[string, object, string | RegExp]> = [
      ['/api/payment/e-wallet/gcash', { purpose: 'subscription', plan: 'enterprise', billingPeriod: 'monthly' }, 'plan must be one of: basic, premium (Enterprise: contact sales)'],
      ['/api/payment/e-wallet/gcash', { purpose: 'subscription', plan: 'basic' }, 'A plan payment needs plan (basic or premium) and billingPeriod (monthly or annually)'],
      ['/api/payment/e-wallet/gcash', { purpose: 'credit_pack' }, 'creditPack must be one of: starter, standard, bulk'],
      ['/api/payment/e-wallet/gcash', { purpose: 'gift' }, 'purpose must be one of: subscription, credit_pack'],
      ['/api/subscription/upgrade', { plan: 'basic', billingPeriod: 'lifetime', method: 'gcash' }, 'billingPeriod must be one of: monthly, annually'],
      ['/api/subscription/upgrade', { plan: 'basic', billingPeriod: 'monthly' }, 'method must be one of: maya_qr, maya_wallet, gcash, card'],
    ];
    for (const [url, body, message] of cases) {
      const res = await t.http.post(url).set(auth(m.token)).send(body).expect(400);
      expect([res.body.message].flat().join('; ')).toMatch(message);
    }
    await t.http.get('/api/payment/status').set(auth(m.token)).expect(400);
    await t.http.get('/api/payment/status?id=00000000-0000-4000-8000-000000000000').set(auth(m.token)).expect(404);
    await t.http.post('/api/payment/e-wallet/gcash').send({ purpose: 'credit_pack', creditPack: 'starter' }).expect(401);
  });

  it("keeps payments private: another member gets 404 for its status and receipt; staff see it", async () => {
    const m = await createUser(t);
    const other = await createUser(t);
    const viewer = await createUser(t, { role: 'viewer' });
    const p = (await t.http.post('/api/payment/e-wallet/gcash').set(auth(m.token)).send({ purpose: 'credit_pack', creditPack: 'starter' }).expect(200)).body;
    await t.http.get(`/api/payment/status?id=${p._id}`).set(auth(other.token)).expect(404);
    await t.http.get(`/api/payment/${p._id}/receipt`).set(auth(other.token)).expect(404);
    await t.http.post(`/api/payment/${p._id}/cancel`).set(auth(other.token)).expect(404);
    await t.http.get(`/api/payment/history?userId=${m.user._id}`).set(auth(other.token)).expect(403);
    expect((await t.http.get(`/api/payment/status?id=${p._id}`).set(auth(viewer.token)).expect(200)).body._id).toBe(p._id);
    await t.http.get('/api/payment/get/all').set(auth(other.token)).expect(403);
    const all = (await t.http.get(`/api/payment/get/all?userId=${m.user._id}`).set(auth(viewer.token)).expect(200)).body;
    expect(all.payments.map((x: { _id: string }) => x._id)).toEqual([p._id]);
    // the member cancels: closed, nothing granted
    expect((await t.http.post(`/api/payment/${p._id}/cancel`).set(auth(m.token)).expect(200)).body.status).toBe('cancelled');
    await t.http.post(`/api/payment/${p._id}/cancel`).set(auth(m.token)).expect(409);
    const [u] = await t.db.select({ c: users.creditsRemaining }).from(users).where(eq(users.id, m.user._id));
    expect(u.c).toBe(0);
  });
});
