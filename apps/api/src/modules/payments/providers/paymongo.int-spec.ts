import { eq } from 'drizzle-orm';
import { creditLedger, paymentWebhookEvents, payments, subscriptions } from '@app/db';
import { PLANS } from '@app/domain';
import { FakePaymongo, paymongoAuth, type WebhookDelivery } from '../../../../test/fake-paymongo';
import { eventsSettled } from '../../../../test/events';
import { startListeningTestApp } from '../../../../test/payments';
import { auth, createUser } from '../../../../test/test-app';
import { PaymentsService } from '../payments.service';

type App = Awaited<ReturnType<typeof startListeningTestApp>>;
type Member = Awaited<ReturnType<typeof createUser>>;

const SECRET_KEY = 'sk_test_tahananFakeKey7Hn2Qw9Rt4Yp';
const WEBHOOK_SECRET = 'whsk_tahananFakeSecret3Ks8Lm1Np6';

describe('PayMongo adapter against a local PayMongo (checkouts, status, signed webhooks over HTTP; real PostgreSQL and Redis)', () => {
  let fake: FakePaymongo;
  let t: App;

  const me = async (m: Member) => (await t.http.get('/api/current/user').set(auth(m.token)).expect(200)).body;
  const status = async (m: Member, id: string) => (await t.http.get(`/api/payment/status?id=${id}`).set(auth(m.token)).expect(200)).body;
  const row = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0];
  const sessionIdOf = async (paymentId: string) => (await row(paymentId)).providerCheckoutId!;
  const ledger = async (m: Member) => (await t.db.select().from(creditLedger).where(eq(creditLedger.userId, m.user._id))).map((g) => [g.kind, g.amount]);
  const eventsOf = async (paymentId: string) =>
    (await t.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.paymentId, paymentId))).map((e) => e.type).sort();
  const buyPack = async (m: Member, route: string, creditPack = 'starter') =>
    (await t.http.post(route).set(auth(m.token)).send({ purpose: 'credit_pack', creditPack }).expect(200)).body;
  /** Each delivery's type, answer status and whether it was queued to apply (signed notices are applied by the events worker). */
  const summary = (ds: WebhookDelivery[]) => ds.map((d) => [d.type, d.status, (d.response as { queued?: boolean }).queued === true]);

  beforeAll(async () => {
    fake = await FakePaymongo.start({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    t = await startListeningTestApp(() => ({
      PAYMONGO_SECRET_KEY: SECRET_KEY,
      PAYMONGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PAYMONGO_API_URL: fake.url,
      PAYMENTS_SANDBOX: 'false',
      PAYMENT_PROVIDER_TIMEOUT_MS: '1500',
    }));
    fake.webhookUrl = `${t.url}/api/payment/webhook/paymongo`;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  afterEach(() => {
    fake.setOutage('up');
    fake.secretKey = SECRET_KEY;
  });

  it('creates a checkout session for each method with the exact request PayMongo takes: centavos, method type, reference, return URLs, secret-key auth', async () => {
    const m = await createUser(t, { firstName: 'Juan', lastName: 'Dela Cruz' });
    const methods = (await t.http.get('/api/payment/methods').set(auth(m.token)).expect(200)).body.methods;
    expect(methods).toEqual([
      { method: 'maya_qr', provider: 'paymongo' },
      { method: 'maya_wallet', provider: 'paymongo' },
      { method: 'gcash', provider: 'paymongo' },
      { method: 'card', provider: 'paymongo' },
    ]);
    const routes: Array<[string, string]> = [
      ['/api/payment/e-wallet/gcash', 'gcash'],
      ['/api/payment/card/web', 'card'],
      ['/api/payment/e-wallet/maya', 'paymaya'],
      ['/api/payment/qr/maya', 'qrph'],
    ];
    for (const [route, methodType] of routes) {
      const before = fake.requestsTo('POST', '/v1/checkout_sessions').length;
      const p = await buyPack(m, route, 'standard');
      const creates = fake.requestsTo('POST', '/v1/checkout_sessions');
      expect(creates).toHaveLength(before + 1);
      const req = creates.at(-1)!;
      expect(req.status).toBe(200);
      expect(req.headers.authorization).toBe(paymongoAuth(SECRET_KEY));
      expect(req.headers['content-type']).toMatch(/^application\/json/);
      const back = `http://localhost:5173/billing/result?payment=${p._id}`;
      expect(req.body).toEqual({
        data: {
          attributes: {
            line_items: [{ currency: 'PHP', amount: 90_000, name: '200 AI credits', quantity: 1 }],
            payment_method_types: [methodType],
            reference_number: p.reference,
            description: '200 AI credits',
            success_url: back,
            cancel_url: `${back}&cancelled=1`,
            send_email_receipt: false,
            show_description: true,
            show_line_items: true,
            billing: { name: 'Juan Dela Cruz', email: m.user.email },
            metadata: { payment_id: p._id, reference: p.reference },
          },
        },
      });
      const session = fake.session(await sessionIdOf(p._id));
      expect(session.attributes.reference_number).toBe(p.reference);
      expect(p).toMatchObject({ provider: 'paymongo', sandbox: false, status: 'awaiting_action', amountCentavos: 90_000, checkoutUrl: session.attributes.checkout_url });
      if (methodType === 'qrph') expect(p.qr.payload).toBe(session.attributes.checkout_url);
      else expect(p.qr).toBeNull();
    }
  });

  it('upgrades a member when PayMongo posts the signed checkout_session.payment.paid: paid once, plan and credits granted, receipt issued', async () => {
    const m = await createUser(t);
    const p = (await t.http.post('/api/subscription/upgrade').set(auth(m.token)).send({ plan: 'basic', billingPeriod: 'monthly', method: 'gcash' }).expect(200)).body.payment;
    expect(fake.requestsTo('POST', '/v1/checkout_sessions').at(-1)!.body).toMatchObject({
      data: { attributes: { line_items: [{ amount: PLANS.basic.monthlyCentavos, currency: 'PHP', quantity: 1 }], payment_method_types: ['gcash'] } },
    });
    const cs = await sessionIdOf(p._id);

    const deliveries = await fake.pay(cs);
    // the session's event is queued; PayMongo's payment.paid about the same payment is queued too unless
    // the first was applied already, and then finds nothing left to do
    expect(summary(deliveries)[0]).toEqual(['checkout_session.payment.paid', 200, true]);
    expect(deliveries.map((d) => [d.type, d.status])).toEqual([
      ['checkout_session.payment.paid', 200],
      ['payment.paid', 200],
    ]);
    await eventsSettled(t.app);
    const paid = await status(m, p._id);
    expect(paid).toMatchObject({ status: 'paid', provider: 'paymongo', checkoutUrl: null, failureReason: null });
    expect(paid.receiptNumber).toMatch(/^OR-\d{4}-\d{6}$/);
    expect((await row(p._id)).providerPaymentId).toBe(fake.session(cs).attributes.payments[0].id);
    const user = await me(m);
    expect(user.subscription).toMatchObject({ plan: 'basic', status: 'active', billingPeriod: 'monthly' });
    expect(user.credits.remaining).toBe(PLANS.basic.monthlyCredits);
    expect(await ledger(m)).toEqual([['allowance', PLANS.basic.monthlyCredits]]);
    expect((await t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.user._id))).map((s) => [s.plan, s.status])).toEqual([['basic', 'active']]);
    expect(await eventsOf(p._id)).toEqual(['checkout_session.payment.paid', 'payment.paid']);
  });

  it('acts once on concurrent duplicate deliveries, PayMongo retries of the same event and a replayed request', async () => {
    const m = await createUser(t);
    const p = await buyPack(m, '/api/payment/card/web', 'standard');
    const cs = await sessionIdOf(p._id);

    const deliveries = await fake.pay(cs, { copies: 6 });
    const sessionEvents = deliveries.filter((d) => d.type === 'checkout_session.payment.paid');
    expect(sessionEvents).toHaveLength(6);
    expect(deliveries.map((d) => d.status)).toEqual(Array(12).fill(200));
    // acknowledged at once; each of the two distinct events queued at most once, applied by the events worker
    const queued = deliveries.filter((d) => (d.response as { queued?: boolean }).queued).length;
    expect(queued).toBeGreaterThanOrEqual(1);
    expect(queued).toBeLessThanOrEqual(2);
    await eventsSettled(t.app);

    // PayMongo delivering the event again (signed anew) and an attacker replaying a captured request as is
    for (const again of [await fake.redeliver(sessionEvents[0]), await fake.replay(sessionEvents[0]), await fake.redeliver(deliveries.at(-1)!)]) {
      expect([again.status, again.response]).toEqual([200, { received: true, applied: false, duplicate: true }]);
    }
    expect((await status(m, p._id)).status).toBe('paid');
    expect(await ledger(m)).toEqual([['purchase', 200]]);
    expect((await me(m)).credits.remaining).toBe(200);
    expect(await eventsOf(p._id)).toEqual(['checkout_session.payment.paid', 'payment.paid']);
  });

  it('refuses wrong-secret, old, future, unsigned, live-slot and body-swapped signatures with 401 and changes nothing; the genuine delivery is applied after', async () => {
    const m = await createUser(t);
    const p = await buyPack(m, '/api/payment/e-wallet/gcash');
    const cs = await sessionIdOf(p._id);

    const forged = await fake.pay(cs, { signature: 'wrong-secret' });
    expect(forged.map((d) => [d.type, d.status, (d.response as { message: string }).message])).toEqual([
      ['checkout_session.payment.paid', 401, 'Webhook refused: the signature does not match'],
      ['payment.paid', 401, 'Webhook refused: the signature does not match'],
    ]);
    const sessionEvent = forged[0];
    const cases: Array<[Parameters<FakePaymongo['redeliver']>[1], string]> = [
      ['old', 'Webhook refused: the signature is too old'],
      ['future', 'Webhook refused: the signature is dated in the future (check the clocks)'],
      ['none', 'Webhook refused: no signature header'],
      ['live-slot', 'Webhook refused: the signature does not match'],
    ];
    for (const [mode, message] of cases) {
      const d = await fake.redeliver(sessionEvent, mode);
      expect([mode, d.status, (d.response as { message: string }).message]).toEqual([mode, 401, message]);
    }
    // a genuine signature of another body, sent with this one
    const other = sessionEvent.body.replace(/"amount":\d+/, '"amount":1');
    const swapped = await fake.replay({ ...sessionEvent, signature: fake.sign(other) });
    expect([swapped.status, (swapped.response as { message: string }).message]).toEqual([401, 'Webhook refused: the signature does not match']);

    expect(await row(p._id)).toMatchObject({ status: 'awaiting_action', receiptNumber: null, paidAt: null });
    expect(await eventsOf(p._id)).toEqual([]);
    expect(await ledger(m)).toEqual([]);

    // nothing refused was recorded under the event's id: PayMongo's genuine delivery of it acts
    const genuine = await fake.redeliver(sessionEvent);
    expect([genuine.status, genuine.response]).toEqual([200, { received: true, applied: false, queued: true }]);
    await eventsSettled(t.app);
    expect((await status(m, p._id)).status).toBe('paid');
    expect(await ledger(m)).toEqual([['purchase', 50]]);
  });

  it("marks the payment failed with PayMongo's reason on payment.failed, grants nothing, and honours a later success on the same session", async () => {
    const m = await createUser(t);
    const p = (await t.http.post('/api/subscription/upgrade').set(auth(m.token)).send({ plan: 'premium', billingPeriod: 'monthly', method: 'card' }).expect(200)).body.payment;
    const cs = await sessionIdOf(p._id);

    expect(summary(await fake.fail(cs, { code: 'card_declined', message: 'The card was declined by the issuer.' }))).toEqual([['payment.failed', 200, true]]);
    await eventsSettled(t.app);
    const failed = await status(m, p._id);
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'The card was declined by the issuer.', receiptNumber: null, checkoutUrl: null });
    expect((await me(m)).subscription.plan).toBe('free');
    expect(await ledger(m)).toEqual([]);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.user._id))).toHaveLength(0);

    // PayMongo's page lets the member try again; the money taken is honoured once
    expect(summary(await fake.pay(cs))[0]).toEqual(['checkout_session.payment.paid', 200, true]);
    await eventsSettled(t.app);
    expect(await status(m, p._id)).toMatchObject({ status: 'paid', failureReason: null });
    expect((await me(m)).subscription.plan).toBe('premium');
    expect(await ledger(m)).toEqual([['allowance', PLANS.premium.monthlyCredits]]);
  });

  it('the status route asks PayMongo again about an open payment not checked for a while, and picks up a payment whose webhook never came', async () => {
    const m = await createUser(t);
    const p = await buyPack(m, '/api/payment/e-wallet/gcash');
    const cs = await sessionIdOf(p._id);
    const retrieves = () => fake.requestsTo('GET', `/v1/checkout_sessions/${cs}`);

    await fake.pay(cs, { webhook: false });
    // checked at creation a moment ago: our record answers, PayMongo is not asked
    expect((await status(m, p._id)).status).toBe('awaiting_action');
    expect(retrieves()).toHaveLength(0);

    await t.db.update(payments).set({ lastCheckedAt: null }).where(eq(payments.id, p._id));
    expect(await status(m, p._id)).toMatchObject({ status: 'paid', receiptNumber: expect.stringMatching(/^OR-/) });
    expect(retrieves()).toHaveLength(1);
    expect(retrieves()[0]).toMatchObject({ status: 200, headers: expect.objectContaining({ authorization: paymongoAuth(SECRET_KEY) }) });
    expect(await ledger(m)).toEqual([['purchase', 50]]);
    // paid is final: no more questions to PayMongo
    await status(m, p._id);
    expect(retrieves()).toHaveLength(1);
  });

  it('while PayMongo is down the status route answers our record (asking at most every 10 s); once it is back the next check picks up the expiry', async () => {
    const m = await createUser(t);
    const p = await buyPack(m, '/api/payment/card/web');
    const cs = await sessionIdOf(p._id);
    fake.expire(cs);

    fake.setOutage('error');
    await t.db.update(payments).set({ lastCheckedAt: null }).where(eq(payments.id, p._id));
    expect((await status(m, p._id)).status).toBe('awaiting_action');
    expect(fake.requestsTo('GET', `/v1/checkout_sessions/${cs}`).map((r) => r.status)).toEqual([500]);

    // a failed check counts as a check: a poll within 10 s answers our record without asking again
    expect((await status(m, p._id)).status).toBe('awaiting_action');
    expect(fake.requestsTo('GET', `/v1/checkout_sessions/${cs}`)).toHaveLength(1);

    fake.setOutage('up');
    await t.db.update(payments).set({ lastCheckedAt: new Date(Date.now() - 10_001) }).where(eq(payments.id, p._id));
    expect(await status(m, p._id)).toMatchObject({ status: 'expired', checkoutUrl: null });
    expect(fake.requestsTo('GET', `/v1/checkout_sessions/${cs}`).map((r) => r.status)).toEqual([500, 200]);
  });

  it('answers 502 with a helpful message and records the payment failed, nothing charged, when PayMongo errs, drops the connection, hangs or refuses our key', async () => {
    const m = await createUser(t);
    const sessionsBefore = fake.sessions.size;
    const cases: Array<[() => void, RegExp]> = [
      [() => fake.setOutage('error'), /^PayMongo answered 500: \{"errors":\[\{"code":"internal_server_error"/],
      [() => fake.setOutage('reset'), /^PayMongo did not answer \(fetch failed\)$/],
      [() => fake.setOutage('hang'), /^PayMongo did not answer \(timed out\)$/],
      [() => (fake.secretKey = 'sk_test_rotatedAtPaymongo'), /^PayMongo answered 401: \{"errors":\[\{"code":"api_key_invalid"/],
    ];
    const ids: string[] = [];
    for (const [breakIt, reason] of cases) {
      fake.setOutage('up');
      fake.secretKey = SECRET_KEY;
      breakIt();
      const res = await t.http.post('/api/payment/e-wallet/gcash').set(auth(m.token)).send({ purpose: 'credit_pack', creditPack: 'starter' }).expect(502);
      expect(res.body.message).toBe('GCash is not answering right now: try again in a minute or choose another method');
      const [latest] = (await t.http.get('/api/payment/history').set(auth(m.token)).expect(200)).body.payments;
      expect(ids).not.toContain(latest._id);
      ids.push(latest._id);
      expect(latest).toMatchObject({ status: 'failed', method: 'gcash', provider: 'paymongo', checkoutUrl: null, receiptNumber: null });
      expect(latest.failureReason).toMatch(reason);
      expect(await row(latest._id)).toMatchObject({ providerCheckoutId: null, closedAt: expect.any(Date) });
    }
    expect(fake.sessions.size).toBe(sessionsBefore);
    expect(await ledger(m)).toEqual([]);
  });

  it('the expiry task closes the session at PayMongo and asks it first: honours a session paid without a webhook, closes the expired and the still-open ones', async () => {
    const m = await createUser(t);
    const [paid, expired, open] = [await buyPack(m, '/api/payment/e-wallet/gcash'), await buyPack(m, '/api/payment/card/web'), await buyPack(m, '/api/payment/qr/maya')];
    await fake.pay(await sessionIdOf(paid._id), { webhook: false });
    fake.expire(await sessionIdOf(expired._id));
    for (const p of [paid, expired, open]) await t.db.update(payments).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(payments.id, p._id));

    expect(await t.app.get(PaymentsService).expireOverdue()).toBeGreaterThanOrEqual(3);
    expect([(await row(paid._id)).status, (await row(expired._id)).status, (await row(open._id)).status]).toEqual(['paid', 'expired', 'expired']);
    for (const p of [paid, expired, open]) expect(fake.requestsTo('GET', `/v1/checkout_sessions/${await sessionIdOf(p._id)}`)).toHaveLength(1);
    // each was closed at PayMongo first (the paid one refused: 400), so the open one can no longer be paid
    const closes = async (id: string) => fake.requestsTo('POST', `/v1/checkout_sessions/${await sessionIdOf(id)}/expire`).map((r) => r.status);
    expect([await closes(paid._id), await closes(expired._id), await closes(open._id)]).toEqual([[400], [200], [200]]);
    expect(fake.session(await sessionIdOf(open._id)).attributes.status).toBe('expired');
    expect(await ledger(m)).toEqual([['purchase', 50]]);
  });

  it('acknowledges signed events that are not about our payments, and acts on nothing', async () => {
    const body = JSON.stringify({
      data: {
        id: 'evt_notOurs8Kd2Lq7Zx0',
        type: 'event',
        attributes: { type: 'link.payment.paid', livemode: false, data: { id: 'link_9Xq', type: 'link', attributes: { status: 'paid' } }, created_at: 1, updated_at: 1 },
      },
    });
    const d = await fake.replay({ eventId: 'evt_notOurs8Kd2Lq7Zx0', type: 'link.payment.paid', body, signature: fake.sign(body), status: 0, response: null });
    expect([d.status, d.response]).toEqual([200, { received: true, applied: false }]);
  });
});
