import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeProviderServer, tryJson, type RecordedRequest, type Send } from './fake-provider-server';

export type { Outage, RecordedRequest } from './fake-provider-server';

/**
 * A local Maya Checkout (127.0.0.1, a random port) speaking Maya's protocol as documented at
 * developers.maya.ph, so the real Maya adapter can be tested over HTTP:
 *
 * - `POST /checkout/v1/checkouts` authenticated with the PUBLIC key (HTTP Basic, the key then a
 *   colon), body `{ totalAmount: { value, currency }, buyer, items, redirectUrl: { success, failure,
 *   cancel }, requestReferenceNumber, metadata }`, answering `{ checkoutId, redirectUrl }`;
 * - `GET /checkout/v1/checkouts/{id}` authenticated with the SECRET key, answering the checkout
 *   (`id`, `requestReferenceNumber`, `status` CREATED/COMPLETED/EXPIRED, `paymentStatus`
 *   PENDING_TOKEN → PAYMENT_SUCCESS/PAYMENT_FAILED/PAYMENT_EXPIRED/PAYMENT_CANCELLED, `paymentDetails`,
 *   `receiptNumber`, `transactionReferenceNumber`, …); a key of the other scope, or none, is a 401;
 * - test controls `pay`, `fail`, `expire`, `cancel` settle a checkout and post Maya's checkout webhook
 *   to `webhookUrl`: the checkout object itself, unsigned, as in Maya's "Webhook Sample JSON Data";
 *   `post` sends any body (a forged notice); faults: duplicates, a settlement whose webhook never
 *   comes, and going down (`error`: 500, `reset`: connection dropped, `hang`: never answers).
 *
 * Requests received (`requests`) and webhooks sent with our answers (`deliveries`) are kept for
 * assertions. Error bodies follow Maya's shape (`{ code, message | error, parameters?, reference }`);
 * the codes are illustrative, not Maya's exact catalogue.
 */

export interface WebhookDelivery {
  body: string;
  status: number;
  response: unknown;
  error?: string;
}

export type MayaPaymentStatus =
  | 'PENDING_TOKEN'
  | 'PENDING_PAYMENT'
  | 'FOR_AUTHENTICATION'
  | 'AUTHENTICATING'
  | 'AUTH_SUCCESS'
  | 'AUTH_FAILED'
  | 'PAYMENT_PROCESSING'
  | 'PAYMENT_SUCCESS'
  | 'PAYMENT_FAILED'
  | 'PAYMENT_EXPIRED'
  | 'PAYMENT_CANCELLED';

export interface MayaCheckout {
  id: string;
  items: unknown[];
  metadata: Record<string, unknown> | null;
  requestReferenceNumber: string;
  receiptNumber: string | null;
  createdAt: string;
  updatedAt: string;
  paymentScheme: string | null;
  expressCheckout: boolean;
  refundedAmount: string;
  canPayPal: boolean;
  expiredAt: string;
  status: 'CREATED' | 'COMPLETED' | 'EXPIRED';
  paymentStatus: MayaPaymentStatus;
  paymentDetails: Record<string, unknown> | null;
  buyer: Record<string, unknown> | null;
  merchant: Record<string, unknown>;
  totalAmount: { value: number; currency: string; details: Record<string, unknown> };
  redirectUrl: { success?: string; failure?: string; cancel?: string };
  transactionReferenceNumber: string;
}

export interface DeliveryOptions {
  /** false: settle at Maya only (the webhook never came). */
  webhook?: boolean;
  /** Post the same notice this many times at once. */
  copies?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isHttpUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^\s]+$/.test(v);
const digits = (n: number) => [...randomBytes(n)].map((b) => b % 10).join('');
const hasTwoDecimalsAtMost = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

export class FakeMaya extends FakeProviderServer {
  readonly deliveries: WebhookDelivery[] = [];
  readonly checkouts = new Map<string, MayaCheckout>();

  private constructor(
    public publicKey: string,
    public secretKey: string,
  ) {
    super();
  }

  static async start(o: { publicKey: string; secretKey: string; webhookUrl?: string }): Promise<FakeMaya> {
    const fake = new FakeMaya(o.publicKey, o.secretKey);
    await fake.listen(o.webhookUrl);
    return fake;
  }

  checkout(id: string): MayaCheckout {
    const c = this.checkouts.get(id);
    if (!c) throw new Error(`fake Maya: no checkout ${id}`);
    return c;
  }

  /** The buyer pays (a Maya wallet login, a QR Ph scan, a card): PAYMENT_SUCCESS, and the webhook. */
  pay(checkoutId: string, o: DeliveryOptions & { scheme?: string } = {}): Promise<WebhookDelivery[]> {
    const c = this.open(checkoutId);
    const receiptNo = digits(12);
    const at = new Date().toISOString();
    c.paymentScheme = o.scheme ?? 'maya-wallet';
    c.receiptNumber = receiptNo;
    c.paymentDetails = {
      responses: {
        efs: {
          paymentTransactionReferenceNo: randomUUID(),
          status: 'SUCCESS',
          receipt: { transactionId: randomUUID(), receiptNo, approval_code: digits(6), approvalCode: digits(6) },
          amount: { total: { currency: c.totalAmount.currency, value: c.totalAmount.value } },
          created_at: at,
        },
      },
      paymentAt: at,
      '3ds': false,
    };
    return this.settle(c, 'COMPLETED', 'PAYMENT_SUCCESS', o);
  }

  fail(checkoutId: string, o: DeliveryOptions = {}): Promise<WebhookDelivery[]> {
    return this.settle(this.open(checkoutId), 'COMPLETED', 'PAYMENT_FAILED', o);
  }

  cancel(checkoutId: string, o: DeliveryOptions = {}): Promise<WebhookDelivery[]> {
    return this.settle(this.open(checkoutId), 'COMPLETED', 'PAYMENT_CANCELLED', o);
  }

  expire(checkoutId: string, o: DeliveryOptions = {}): Promise<WebhookDelivery[]> {
    return this.settle(this.open(checkoutId), 'EXPIRED', 'PAYMENT_EXPIRED', o);
  }

  /** Moves a checkout to a transient state (the buyer is mid-payment); Maya sends no webhook for these. */
  progress(checkoutId: string, status: 'PENDING_PAYMENT' | 'FOR_AUTHENTICATION' | 'AUTHENTICATING' | 'PAYMENT_PROCESSING'): void {
    const c = this.open(checkoutId);
    c.paymentStatus = status;
    c.updatedAt = new Date().toISOString();
  }

  /** Posts any body to the webhook URL, unsigned, as Maya's webhooks are (a forged notice, an old one). */
  async post(body: unknown, copies = 1): Promise<WebhookDelivery[]> {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return Promise.all(Array.from({ length: copies }, () => this.deliver(text)));
  }

  private open(checkoutId: string): MayaCheckout {
    const c = this.checkout(checkoutId);
    if (['PAYMENT_SUCCESS', 'PAYMENT_FAILED', 'PAYMENT_EXPIRED', 'PAYMENT_CANCELLED'].includes(c.paymentStatus)) {
      throw new Error(`fake Maya: checkout ${checkoutId} is ${c.paymentStatus} already`);
    }
    return c;
  }

  private settle(c: MayaCheckout, status: MayaCheckout['status'], paymentStatus: MayaPaymentStatus, o: DeliveryOptions): Promise<WebhookDelivery[]> {
    c.status = status;
    c.paymentStatus = paymentStatus;
    c.updatedAt = new Date().toISOString();
    if (o.webhook === false) return Promise.resolve([]);
    return this.post(structuredClone(c), o.copies ?? 1);
  }

  private async deliver(body: string): Promise<WebhookDelivery> {
    if (!this.webhookUrl) throw new Error('fake Maya: no webhookUrl to post to');
    const d: WebhookDelivery = { body, status: 0, response: null };
    try {
      const res = await fetch(this.webhookUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, signal: AbortSignal.timeout(30_000) });
      d.status = res.status;
      d.response = tryJson(await res.text());
    } catch (e) {
      d.error = (e as Error).message;
    }
    this.deliveries.push(d);
    return d;
  }

  /** Which key a Basic header carries: the public one, the secret one, or neither. */
  private keyOf(header: string | undefined): 'public' | 'secret' | null {
    const m = /^Basic ([A-Za-z0-9+/]+=*)$/.exec(header ?? '');
    if (!m) return null;
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    if (decoded === `${this.publicKey}:`) return 'public';
    if (decoded === `${this.secretKey}:`) return 'secret';
    return null;
  }

  protected outageBody() {
    return { code: '2000', message: 'Internal server error. Please try again later.', reference: randomUUID() };
  }

  protected route(req: IncomingMessage, res: ServerResponse, url: URL, rec: RecordedRequest, send: Send) {
    const reference = randomUUID();
    if (req.method === 'GET' && url.pathname === '/v2/checkout' && this.checkouts.has(url.searchParams.get('id') ?? '')) {
      rec.status = 200;
      return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Maya Checkout (fake)</title>');
    }

    const need = (scope: 'public' | 'secret'): boolean => {
      const key = this.keyOf(req.headers.authorization);
      if (key === scope) return true;
      if (key) send(401, { code: 'K007', error: `Invalid key scope: this endpoint takes the ${scope} key.`, reference });
      else send(401, { code: 'K003', error: 'Invalid authentication credentials.', reference });
      return false;
    };

    if (req.method === 'POST' && url.pathname === '/checkout/v1/checkouts') {
      if (!need('public')) return;
      if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return send(400, { code: '2553', message: 'Missing/invalid parameters.', parameters: [{ field: 'body', description: 'must be JSON' }], reference });
      const parameters = this.validate(rec.body);
      if (parameters.length) return send(400, { code: '2553', message: 'Missing/invalid parameters.', parameters, reference });
      const c = this.create(rec.body as Record<string, unknown>);
      return send(200, { checkoutId: c.id, redirectUrl: `${this.url}/v2/checkout?id=${c.id}` });
    }
    const one = /^\/checkout\/v1\/checkouts\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && one) {
      if (!need('secret')) return;
      const c = this.checkouts.get(decodeURIComponent(one[1]));
      if (!c) return send(404, { code: 'CH0001', message: 'Checkout does not exist.', reference });
      return send(200, c);
    }
    return send(404, { code: '404', message: `${req.method} ${url.pathname} does not exist.`, reference });
  }

  private validate(body: unknown): Array<{ field: string; description: string }> {
    const out: Array<{ field: string; description: string }> = [];
    if (!isObject(body)) return [{ field: 'body', description: 'must be an object' }];
    const total = body.totalAmount;
    if (!isObject(total)) out.push({ field: 'totalAmount', description: 'is required' });
    else {
      if (typeof total.value !== 'number' || !(total.value > 0) || !hasTwoDecimalsAtMost(total.value)) {
        out.push({ field: 'totalAmount.value', description: 'must be a positive amount in pesos with at most 2 decimals' });
      }
      if (total.currency !== 'PHP') out.push({ field: 'totalAmount.currency', description: 'must be PHP' });
    }
    const rrn = body.requestReferenceNumber;
    if (typeof rrn !== 'string' || rrn.length < 1 || rrn.length > 36) out.push({ field: 'requestReferenceNumber', description: 'is required, 1 to 36 characters' });
    if (body.redirectUrl !== undefined) {
      if (!isObject(body.redirectUrl)) out.push({ field: 'redirectUrl', description: 'must be an object' });
      else {
        for (const k of ['success', 'failure', 'cancel']) {
          const v = body.redirectUrl[k];
          if (v !== undefined && !isHttpUrl(v)) out.push({ field: `redirectUrl.${k}`, description: 'must be a URL' });
        }
      }
    }
    if (!Array.isArray(body.items) || body.items.length === 0) out.push({ field: 'items', description: 'is required' });
    else {
      body.items.forEach((it: unknown, i) => {
        if (!isObject(it) || typeof it.name !== 'string' || !it.name) out.push({ field: `items[${i}].name`, description: 'is required' });
        if (!isObject(it) || !isObject(it.totalAmount) || typeof it.totalAmount.value !== 'number') out.push({ field: `items[${i}].totalAmount.value`, description: 'is required' });
      });
    }
    if (body.buyer !== undefined) {
      const b = body.buyer;
      if (!isObject(b)) out.push({ field: 'buyer', description: 'must be an object' });
      else if (b.contact !== undefined && (!isObject(b.contact) || (b.contact.email !== undefined && typeof b.contact.email !== 'string'))) {
        out.push({ field: 'buyer.contact.email', description: 'must be a string' });
      }
    }
    if (body.metadata !== undefined && !isObject(body.metadata)) out.push({ field: 'metadata', description: 'must be an object' });
    return out;
  }

  private create(body: Record<string, unknown>): MayaCheckout {
    const now = new Date();
    const total = body.totalAmount as { value: number; currency: string };
    const c: MayaCheckout = {
      id: randomUUID(),
      items: body.items as unknown[],
      metadata: (body.metadata as Record<string, unknown> | undefined) ?? null,
      requestReferenceNumber: body.requestReferenceNumber as string,
      receiptNumber: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      paymentScheme: null,
      expressCheckout: true,
      refundedAmount: '0',
      canPayPal: false,
      expiredAt: new Date(now.getTime() + 3600_000).toISOString(),
      status: 'CREATED',
      paymentStatus: 'PENDING_TOKEN',
      paymentDetails: null,
      buyer: (body.buyer as Record<string, unknown> | undefined) ?? null,
      merchant: { currency: 'PHP', email: 'merchant@example.ph', locale: 'en', name: 'Tahanan (fake Maya)', isPaymentFacilitator: false },
      totalAmount: { value: total.value, currency: total.currency, details: {} },
      redirectUrl: (body.redirectUrl as MayaCheckout['redirectUrl'] | undefined) ?? {},
      transactionReferenceNumber: randomUUID(),
    };
    this.checkouts.set(c.id, c);
    return c;
  }
}

/** The Authorization header Maya expects for a key. */
export const mayaAuth = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
