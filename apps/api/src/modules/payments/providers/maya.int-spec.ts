import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { creditLedger, paymentWebhookEvents, payments, subscriptions } from '@app/db';
import { PLANS } from '@app/domain';
import { FakeMaya, mayaAuth } from '../../../../test/fake-maya';
import { startListeningTestApp } from '../../../../test/payments';
import { auth, createUser } from '../../../../test/test-app';
import { PaymentsService } from '../payments.service';

type App = Awaited<ReturnType<typeof startListeningTestApp>>;
type Member = Awaited<ReturnType<typeof createUser>>;

const PUBLIC_KEY = 'pk-tahananFakePublic6Yw1Zq8Nc3Vb5Hx0';
const SECRET_KEY = 'sk-tahananFakeSecret2Ld7Rf4Tg9Mk1Ps6';

/** Reads a QR code image (PNG data URL) module by module, as the dark/light grid of a QR of `size` modules with a 1-module margin. */
async function qrModules(dataUrl: string, size: number): Promise<boolean[][]> {
  const { data, info } = await sharp(Buffer.from(dataUrl.split(',')[1], 'base64')).greyscale().raw().toBuffer({ resolveWithObject: true });
  const cell = info.width / (size + 2);
  return Array.from({ length: size }, (_, r) =>
    Array.from({ length: size }, (_, c) => data[Math.floor((r + 1.5) * cell) * info.width + Math.floor((c + 1.5) * cell)] < 128),
  );
}

describe('Maya adapter against a local Maya Checkout (checkouts, status, unsigned webhooks re-fetched over HTTP; real PostgreSQL and Redis)', () => {
  let fake: FakeMaya;
  let t: App;

  const me = async (m: Member) => (await t.http.get('/api/current/user').set(auth(m.token)).expect(200)).body;
  const status = async (m: Member, id: string) => (await t.http.get(`/api/payment/status?id=${id}`).set(auth(m.token)).expect(200)).body;
  const row = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0];
  const checkoutIdOf = async (paymentId: string) => (await row(paymentId)).providerCheckoutId!;
  const ledger = async (m: Member) => (await t.db.select().from(creditLedger).where(eq(creditLedger.userId, m.user._id))).map((g) => [g.kind, g.amount]);
  const eventsOf = async (paymentId: string) =>
    (await t.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.paymentId, paymentId))).map((e) => e.eventId).sort();
  const buyPack = async (m: Member, route: string, creditPack = 'starter') =>
    (await t.http.post(route).set(auth(m.token)).send({ purpose: 'credit_pack', creditPack }).expect(200)).body;
  const retrieves = (checkoutId: string) => fake.requestsTo('GET', `/checkout/v1/checkouts/${checkoutId}`);

  beforeAll(async () => {
    fake = await FakeMaya.start({ publicKey: PUBLIC_KEY, secretKey: SECRET_KEY });
    t = await startListeningTestApp(() => ({
      MAYA_PUBLIC_KEY: PUBLIC_KEY,
      MAYA_SECRET_KEY: SECRET_KEY,
      MAYA_API_URL: fake.url,
      PAYMENTS_SANDBOX: 'false',
      PAYMENT_PROVIDER_TIMEOUT_MS: '1500',
    }));
    fake.webhookUrl = `${t.url}/api/payment/webhook/maya`;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  afterEach(() => fake.setOutage('up'));

  it("Maya QR: creates the checkout with the public key and the exact body Maya takes, and answers the QR code of Maya's redirectUrl", async () => {
    const m = await createUser(t, { firstName: 'Maria', lastName: 'Santos' });
    expect((await t.http.get('/api/payment/methods').set(auth(m.token)).expect(200)).body.methods).toEqual([
      { method: 'maya_qr', provider: 'maya' },
      { method: 'maya_wallet', provider: 'maya' },
    ]);
    const p = await buyPack(m, '/api/payment/qr/maya');

    const [req] = fake.requestsTo('POST', '/checkout/v1/checkouts');
    expect(req.status).toBe(200);
    expect(req.headers.authorization).toBe(mayaAuth(PUBLIC_KEY));
    const back = `http://localhost:5173/billing/result?payment=${p._id}`;
    expect(req.body).toEqual({
      totalAmount: { value: 250, currency: 'PHP' },
      buyer: { firstName: 'Maria', lastName: 'Santos', contact: { email: m.user.email } },
      items: [{ name: '50 AI credits', quantity: 1, code: p.reference, totalAmount: { value: 250, currency: 'PHP' } }],
      redirectUrl: { success: back, failure: `${back}&cancelled=1`, cancel: `${back}&cancelled=1` },
      requestReferenceNumber: p.reference,
      metadata: { paymentId: p._id },
    });

    const checkoutId = await checkoutIdOf(p._id);
    const redirectUrl = `${fake.url}/v2/checkout?id=${checkoutId}`;
    expect(fake.checkout(checkoutId)).toMatchObject({ requestReferenceNumber: p.reference, paymentStatus: 'PENDING_TOKEN' });
    expect(p).toMatchObject({ provider: 'maya', sandbox: false, method: 'maya_qr', status: 'awaiting_action', amountCentavos: 25_000, checkoutUrl: redirectUrl });
    expect(p.qr.payload).toBe(redirectUrl);
    // the image is that URL's QR code, module for module
    const expected = QRCode.create(redirectUrl, { errorCorrectionLevel: 'M' }).modules;
    const modules = await qrModules(p.qr.image, expected.size);
    expect(modules.flat().map(Number).join('')).toBe([...expected.data].map((b) => (b ? 1 : 0)).join(''));

    // without PayMongo (and the sandbox off) GCash and cards are not offered
    const gcash = await t.http.post('/api/payment/e-wallet/gcash').set(auth(m.token)).send({ purpose: 'credit_pack', creditPack: 'starter' }).expect(503);
    expect(gcash.body.message).toBe('GCash payments are not set up yet: choose another method');
  });

  it("pays by Maya e-wallet: the unsigned webhook is confirmed with Maya using the secret key, then applied once; Maya's retries change nothing", async () => {
    const m = await createUser(t);
    const p = (await t.http.post('/api/subscription/upgrade').set(auth(m.token)).send({ plan: 'basic', billingPeriod: 'monthly', method: 'maya_wallet' }).expect(200)).body.payment;
    expect(fake.requestsTo('POST', '/checkout/v1/checkouts').at(-1)!.body).toMatchObject({ totalAmount: { value: PLANS.basic.monthlyCentavos! / 100, currency: 'PHP' } });
    const id = await checkoutIdOf(p._id);

    const [d] = await fake.pay(id);
    expect([d.status, d.response]).toEqual([200, { received: true, applied: true }]);
    expect(retrieves(id).map((r) => [r.status, r.headers.authorization])).toEqual([[200, mayaAuth(SECRET_KEY)]]);
    const paid = await status(m, p._id);
    expect(paid).toMatchObject({ status: 'paid', provider: 'maya', receiptNumber: expect.stringMatching(/^OR-\d{4}-\d{6}$/) });
    expect((await row(p._id)).providerPaymentId).toBe(fake.checkout(id).transactionReferenceNumber);
    expect((await me(m)).subscription).toMatchObject({ plan: 'basic', status: 'active' });
    expect(await ledger(m)).toEqual([['allowance', PLANS.basic.monthlyCredits]]);

    // Maya sends a notice up to 4 times; the repeats are acknowledged and change nothing
    const repeats = await fake.post(d.body, 3);
    expect(repeats.map((r) => [r.status, r.response])).toEqual(Array(3).fill([200, { received: true, applied: false, duplicate: true }]));
    expect(await ledger(m)).toEqual([['allowance', PLANS.basic.monthlyCredits]]);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, m.user._id))).toHaveLength(1);
    expect(await eventsOf(p._id)).toEqual([`${id}:paid`]);
  });

  it('a forged PAYMENT_SUCCESS while Maya says pending changes nothing and does not block the real success after (event-id poisoning)', async () => {
    const m = await createUser(t);
    const p = await buyPack(m, '/api/payment/qr/maya', 'standard');
    const id = await checkoutIdOf(p._id);
    const forged = { ...structuredClone(fake.checkout(id)), status: 'COMPLETED', paymentStatus: 'PAYMENT_SUCCESS' };

    const [first] = await fake.post(forged);
    expect([first.status, first.response]).toEqual([200, { received: true, applied: false }]);
    // the newer payment-shaped notice, naming the checkout only by our reference, forged as well
    const [second] = await fake.post({ id: randomUUID(), isPaid: true, status: 'PAYMENT_SUCCESS', requestReferenceNumber: p.reference });
    expect([second.status, second.response]).toEqual([200, { received: true, applied: false, duplicate: true }]);
    // each was checked with Maya, which said the checkout is still waiting
    expect(retrieves(id).map((r) => r.status)).toEqual([200, 200]);
    expect(await row(p._id)).toMatchObject({ status: 'awaiting_action', paidAt: null, receiptNumber: null });
    expect(await ledger(m)).toEqual([]);
    // what is recorded is our checkout id with the state Maya reported, not the body's claim
    expect(await eventsOf(p._id)).toEqual([`${id}:awaiting_action`]);

    const [real] = await fake.pay(id);
    expect([real.status, real.response]).toEqual([200, { received: true, applied: true }]);
    expect((await status(m, p._id)).status).toBe('paid');
    expect(await ledger(m)).toEqual([['purchase', 200]]);
    expect(await eventsOf(p._id)).toEqual([`${id}:awaiting_action`, `${id}:paid`]);
  });

  it('acknowledges a notice about a checkout that is not ours without asking Maya, and refuses a body that is not a Maya notice', async () => {
    const before = fake.requests.length;
    const [unknown] = await fake.post({ id: randomUUID(), paymentStatus: 'PAYMENT_SUCCESS', status: 'COMPLETED', requestReferenceNumber: 'TH-NOTUS-00000' });
    expect([unknown.status, unknown.response]).toEqual([200, { received: true, applied: false }]);
    const [junk] = await fake.post({ hello: 'world' });
    expect([junk.status, (junk.response as { message: string }).message]).toEqual([401, 'Webhook refused: the body is not a Maya payment notice']);
    expect(fake.requests.length).toBe(before);
  });

  it("closes payments Maya reports failed, cancelled or expired with Maya's state, granting nothing", async () => {
    const m = await createUser(t);
    const outcomes: Array<['fail' | 'cancel' | 'expire', string, string | null]> = [
      ['fail', 'failed', 'Maya: PAYMENT_FAILED'],
      ['cancel', 'cancelled', null],
      ['expire', 'expired', null],
    ];
    for (const [action, expected, reason] of outcomes) {
      const p = await buyPack(m, '/api/payment/e-wallet/maya');
      const [d] = await fake[action](await checkoutIdOf(p._id));
      expect([action, d.status, d.response]).toEqual([action, 200, { received: true, applied: true }]);
      expect(await status(m, p._id)).toMatchObject({ status: expected, failureReason: reason, checkoutUrl: null, qr: null, receiptNumber: null });
    }
    expect(await ledger(m)).toEqual([]);
    expect((await me(m)).credits.remaining).toBe(0);
  });

  it('the status route asks Maya again about an open payment not checked for a while, and picks up a success whose webhook never came', async () => {
    const m = await createUser(t);
    const p = await buyPack(m, '/api/payment/qr/maya');
    const id = await checkoutIdOf(p._id);
    await fake.pay(id, { webhook: false });

    expect((await status(m, p._id)).status).toBe('awaiting_action');
    expect(retrieves(id)).toHaveLength(0);
    await t.db.update(payments).set({ lastCheckedAt: null }).where(eq(payments.id, p._id));
    expect(await status(m, p._id)).toMatchObject({ status: 'paid', qr: null });
    expect(retrieves(id).map((r) => [r.status, r.headers.authorization])).toEqual([[200, mayaAuth(SECRET_KEY)]]);
    expect(await ledger(m)).toEqual([['purchase', 50]]);

    // a buyer mid-payment (Maya: processing) stays open
    const q = await buyPack(m, '/api/payment/qr/maya');
    fake.progress(await checkoutIdOf(q._id), 'PAYMENT_PROCESSING');
    await t.db.update(payments).set({ lastCheckedAt: null }).where(eq(payments.id, q._id));
    expect((await status(m, q._id)).status).toBe('awaiting_action');
    expect(retrieves(await checkoutIdOf(q._id))).toHaveLength(1);
  });

  it('the expiry task asks Maya first: honours a success whose webhook never came, closes what Maya still shows pending', async () => {
    const m = await createUser(t);
    const paid = await buyPack(m, '/api/payment/e-wallet/maya');
    const pending = await buyPack(m, '/api/payment/qr/maya');
    await fake.pay(await checkoutIdOf(paid._id), { webhook: false });
    for (const p of [paid, pending]) await t.db.update(payments).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(payments.id, p._id));

    expect(await t.app.get(PaymentsService).expireOverdue()).toBeGreaterThanOrEqual(2);
    expect([(await row(paid._id)).status, (await row(pending._id)).status]).toEqual(['paid', 'expired']);
    for (const p of [paid, pending]) expect(retrieves(await checkoutIdOf(p._id))).toHaveLength(1);
    expect(await ledger(m)).toEqual([['purchase', 50]]);
    expect((await me(m)).credits.remaining).toBe(50);
  });

  it('Maya down at checkout: 502 with a helpful message, the payment recorded failed, nothing charged', async () => {
    const m = await createUser(t);
    const before = fake.checkouts.size;
    const cases: Array<['error' | 'reset' | 'hang', RegExp]> = [
      ['error', /^Maya answered 500: \{"code":"2000"/],
      ['reset', /^Maya did not answer \(fetch failed\)$/],
      ['hang', /^Maya did not answer \(timed out\)$/],
    ];
    for (const [outage, reason] of cases) {
      fake.setOutage(outage);
      const res = await t.http.post('/api/payment/e-wallet/maya').set(auth(m.token)).send({ purpose: 'credit_pack', creditPack: 'starter' }).expect(502);
      expect(res.body.message).toBe('Maya e-wallet is not answering right now: try again in a minute or choose another method');
      const [latest] = (await t.http.get('/api/payment/history').set(auth(m.token)).expect(200)).body.payments;
      expect(latest).toMatchObject({ status: 'failed', provider: 'maya', checkoutUrl: null, qr: null });
      expect([outage, latest.failureReason]).toEqual([outage, expect.stringMatching(reason)]);
    }
    fake.setOutage('up');
    expect(fake.checkouts.size).toBe(before);
    expect(await ledger(m)).toEqual([]);
  });

  it('Maya down while we confirm its webhook: 503 so Maya sends it again, nothing recorded or changed; the next delivery is applied', async () => {
    const m = await createUser(t);
    const p = await buyPack(m, '/api/payment/e-wallet/maya');
    const id = await checkoutIdOf(p._id);
    await fake.pay(id, { webhook: false });
    const notice = structuredClone(fake.checkout(id));

    fake.setOutage('error');
    const [refused] = await fake.post(notice);
    expect([refused.status, (refused.response as { message: string }).message]).toEqual([503, 'Could not confirm this notice with maya right now: send it again later']);
    expect(await row(p._id)).toMatchObject({ status: 'awaiting_action' });
    expect(await eventsOf(p._id)).toEqual([]);

    fake.setOutage('up');
    const [again] = await fake.post(notice);
    expect([again.status, again.response]).toEqual([200, { received: true, applied: true }]);
    expect((await status(m, p._id)).status).toBe('paid');
    expect(await ledger(m)).toEqual([['purchase', 50]]);
  });
});
