import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeProviderServer, tryJson, type RecordedRequest, type Send } from './fake-provider-server';

export type { Outage, RecordedRequest } from './fake-provider-server';

/**
 * A local PayMongo (127.0.0.1, a random port) that speaks PayMongo's protocol as documented at
 * developers.paymongo.com, so the real PayMongo adapter can be tested over HTTP:
 *
 * - `POST /v1/checkout_sessions` and `GET /v1/checkout_sessions/{id}` (and `POST …/{id}/expire`),
 *   HTTP Basic auth with the secret key as the user and no password, JSON:API bodies
 *   (`{ data: { id, type, attributes } }`), errors as `{ errors: [{ code, detail, source? }] }`;
 *   the create body is validated the way PayMongo does (line items in integer centavos, PHP, a total
 *   of at least 2,000 centavos, known payment method types, flat string metadata);
 * - test controls `pay`, `fail` and `expire` change a session the way a customer at the hosted page
 *   would, and post the events PayMongo sends (`checkout_session.payment.paid` and `payment.paid`,
 *   `payment.failed`; PayMongo documents no event for an expired session) to `webhookUrl`, each signed
 *   with the `Paymongo-Signature: t=…,te=…,li=` header (hex HMAC-SHA256 of `t.body` with the webhook
 *   secret, computed here on its own, not with the app's code);
 * - faults: duplicate deliveries, bad/old/future/missing/live-slot signatures, replays of an earlier
 *   request, and going down (`error`: 500 with PayMongo's error shape; `reset`: the connection is
 *   dropped; `hang`: never answers, for timeouts).
 *
 * Every request it received (`requests`) and every webhook it sent with our answer (`deliveries`) is
 * kept, so tests assert on the exact request and wait on recorded answers instead of sleeping.
 *
 * Modelling choices where PayMongo's reference is silent: a session's metadata is copied to its
 * payment intent and payments (how a `payment.failed` can be matched to our payment); a payment's
 * `external_reference_number` stays null (as in the documented Checkout Session resource sample).
 */

export interface WebhookDelivery {
  eventId: string;
  type: string;
  body: string;
  /** The Paymongo-Signature header sent, null when none was. */
  signature: string | null;
  /** Our HTTP status (0 when the request failed at the network level). */
  status: number;
  response: unknown;
  error?: string;
}

/** How a delivery is signed: as PayMongo does, or one of the ways a forged or stale one would be. */
export type SignatureMode = 'good' | 'wrong-secret' | 'old' | 'future' | 'none' | 'live-slot';

export interface DeliveryOptions {
  /** false: change the state only (the webhook never came). */
  webhook?: boolean;
  /** Deliver each event this many times at once (same event id and body, each request signed anew). */
  copies?: number;
  signature?: SignatureMode;
}

export const PAYMONGO_METHOD_TYPES = [
  'card',
  'gcash',
  'paymaya',
  'grab_pay',
  'qrph',
  'billease',
  'dob',
  'dob_ubp',
  'brankas_bdo',
  'brankas_landbank',
  'brankas_metrobank',
  'shopee_pay',
] as const;

const CREATE_ATTRIBUTES = new Set([
  'billing',
  'billing_information_fields_editable',
  'cancel_url',
  'description',
  'line_items',
  'metadata',
  'payment_method_options',
  'payment_method_types',
  'reference_number',
  'send_email_receipt',
  'show_description',
  'show_line_items',
  'statement_descriptor',
  'success_url',
]);

/** PayMongo's minimum charge: ₱20.00. */
export const PAYMONGO_MIN_AMOUNT = 2_000;

type Json = Record<string, unknown>;
interface Resource<A extends Json = Json> {
  id: string;
  type: string;
  attributes: A;
}
interface PaymentAttributes extends Json {
  amount: number;
  status: 'paid' | 'failed';
  metadata: Record<string, string> | null;
}
interface IntentAttributes extends Json {
  amount: number;
  status: 'awaiting_payment_method' | 'succeeded';
  payments: Resource<PaymentAttributes>[];
  last_payment_error: Json | null;
}
export interface SessionAttributes extends Json {
  checkout_url: string;
  line_items: Array<{ amount: number; currency: string; name: string; quantity: number }>;
  payment_method_types: string[];
  reference_number: string | null;
  status: 'active' | 'expired';
  payments: Resource<PaymentAttributes>[];
  payment_intent: Resource<IntentAttributes>;
  metadata: Record<string, string> | null;
  success_url: string | null;
  cancel_url: string | null;
}
export type CheckoutSession = Resource<SessionAttributes>;

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const rid = (prefix: string) => `${prefix}_${[...randomBytes(24)].map((b) => ALNUM[b % ALNUM.length]).join('')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isHttpUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^\s]+$/.test(v);

interface PayMongoError {
  code: string;
  detail: string;
  source?: { pointer: string; attribute: string };
}
const err = (code: string, attribute: string, detail: string): PayMongoError => ({ code, detail, source: { pointer: attribute, attribute } });

export class FakePaymongo extends FakeProviderServer {
  readonly deliveries: WebhookDelivery[] = [];
  readonly sessions = new Map<string, CheckoutSession>();
  /** The events the registered webhook listens to (PayMongo sends only these). */
  events: string[] = ['checkout_session.payment.paid', 'payment.paid', 'payment.failed'];

  private constructor(
    /** The key requests must authenticate with (change it to model a rotated key). */
    public secretKey: string,
    public webhookSecret: string,
  ) {
    super();
  }

  static async start(o: { secretKey: string; webhookSecret: string; webhookUrl?: string }): Promise<FakePaymongo> {
    const fake = new FakePaymongo(o.secretKey, o.webhookSecret);
    await fake.listen(o.webhookUrl);
    return fake;
  }

  session(id: string): CheckoutSession {
    const s = this.sessions.get(id);
    if (!s) throw new Error(`fake PayMongo: no checkout session ${id}`);
    return s;
  }

  /** The requests received to a method and path (exact, or a prefix ending in `*`). */
  /** The customer pays at the hosted page: the session gets a paid payment, and its events are posted. */
  async pay(sessionId: string, o: DeliveryOptions & { methodType?: string } = {}): Promise<WebhookDelivery[]> {
    const s = this.session(sessionId);
    const a = s.attributes;
    if (a.status !== 'active') throw new Error(`fake PayMongo: session ${sessionId} is ${a.status}`);
    if (a.payments.some((p) => p.attributes.status === 'paid')) throw new Error(`fake PayMongo: session ${sessionId} is paid already`);
    const payment = this.paymentOf(s, 'paid', o.methodType);
    a.payments.push(payment);
    a.payment_intent.attributes.payments.push(payment);
    a.payment_intent.attributes.status = 'succeeded';
    a.payment_intent.attributes.last_payment_error = null;
    a.updated_at = nowSeconds();
    return this.emit(
      [
        ['checkout_session.payment.paid', s],
        ['payment.paid', payment],
      ],
      o,
    );
  }

  /**
   * The issuer declines an attempt: a failed payment on the session's payment intent, which goes back
   * to awaiting a payment method (on PayMongo's page the customer may try again); `payment.failed` is posted.
   */
  async fail(sessionId: string, o: DeliveryOptions & { code?: string; message?: string; methodType?: string } = {}): Promise<WebhookDelivery[]> {
    const s = this.session(sessionId);
    const a = s.attributes;
    if (a.status !== 'active') throw new Error(`fake PayMongo: session ${sessionId} is ${a.status}`);
    const payment = this.paymentOf(s, 'failed', o.methodType, { code: o.code ?? 'insufficient_funds', message: o.message ?? 'The account has insufficient funds.' });
    a.payment_intent.attributes.payments.push(payment);
    a.payment_intent.attributes.status = 'awaiting_payment_method';
    a.payment_intent.attributes.last_payment_error = {
      failed_code: payment.attributes.failed_code,
      failed_message: payment.attributes.failed_message,
      payment_method: payment.attributes.source,
    };
    a.updated_at = nowSeconds();
    return this.emit([['payment.failed', payment]], o);
  }

  /** The session expires unpaid. PayMongo documents no webhook event for this: only its state changes. */
  expire(sessionId: string): CheckoutSession {
    const s = this.session(sessionId);
    if (s.attributes.payments.some((p) => p.attributes.status === 'paid')) throw new Error(`fake PayMongo: session ${sessionId} is paid`);
    s.attributes.status = 'expired';
    s.attributes.updated_at = nowSeconds();
    return s;
  }

  /** Sends a delivery again exactly as it was sent (same body, same signature header): a captured request replayed. */
  replay(d: WebhookDelivery): Promise<WebhookDelivery> {
    return this.post(d.eventId, d.type, d.body, d.signature);
  }

  /** Sends an earlier delivery's body again, signed now (how PayMongo retries an event). */
  redeliver(d: WebhookDelivery, signature: SignatureMode = 'good'): Promise<WebhookDelivery> {
    return this.post(d.eventId, d.type, d.body, this.sign(d.body, signature));
  }

  /** The Paymongo-Signature header for a body, signed as PayMongo does (or broken in one of the ways of `mode`). */
  sign(body: string, mode: SignatureMode = 'good', at = nowSeconds()): string | null {
    const hmac = (t: number, secret = this.webhookSecret) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    switch (mode) {
      case 'good':
        return `t=${at},te=${hmac(at)},li=`;
      case 'wrong-secret':
        return `t=${at},te=${hmac(at, `${this.webhookSecret}-not`)},li=`;
      case 'old':
        return `t=${at - 3600},te=${hmac(at - 3600)},li=`;
      case 'future':
        return `t=${at + 3600},te=${hmac(at + 3600)},li=`;
      case 'live-slot':
        return `t=${at},te=,li=${hmac(at)}`;
      case 'none':
        return null;
    }
  }

  private paymentOf(s: CheckoutSession, status: 'paid' | 'failed', methodType?: string, failure?: { code: string; message: string }): Resource<PaymentAttributes> {
    const a = s.attributes;
    const amount = a.payment_intent.attributes.amount;
    const fee = status === 'paid' ? Math.round(amount * 0.025) : 0;
    const now = nowSeconds();
    return {
      id: rid('pay'),
      type: 'payment',
      attributes: {
        access_url: null,
        amount,
        balance_transaction_id: status === 'paid' ? rid('bal_txn') : null,
        billing: a.billing ?? null,
        currency: 'PHP',
        description: a.description ?? null,
        disputed: false,
        external_reference_number: null,
        failed_code: failure?.code ?? null,
        failed_message: failure?.message ?? null,
        fee,
        foreign_fee: 0,
        livemode: false,
        net_amount: amount - fee,
        origin: 'api',
        payment_intent_id: a.payment_intent.id,
        payout: null,
        source: { id: rid('src'), type: methodType ?? a.payment_method_types[0] },
        statement_descriptor: 'TAHANAN',
        status,
        tax_amount: null,
        metadata: a.metadata ? { ...a.metadata } : null,
        refunds: [],
        taxes: [],
        available_at: status === 'paid' ? now + 3 * 86400 : null,
        created_at: now,
        credited_at: null,
        paid_at: status === 'paid' ? now : null,
        updated_at: now,
      },
    };
  }

  private async emit(events: Array<[type: string, resource: Resource]>, o: DeliveryOptions): Promise<WebhookDelivery[]> {
    if (o.webhook === false) return [];
    const out: WebhookDelivery[] = [];
    for (const [type, resource] of events) {
      if (!this.events.includes(type)) continue;
      const id = rid('evt');
      const now = nowSeconds();
      const body = JSON.stringify({
        data: { id, type: 'event', attributes: { type, livemode: false, data: structuredClone(resource), previous_data: {}, created_at: now, updated_at: now } },
      });
      const copies = await Promise.all(Array.from({ length: o.copies ?? 1 }, () => this.post(id, type, body, this.sign(body, o.signature))));
      out.push(...copies);
    }
    return out;
  }

  private async post(eventId: string, type: string, body: string, signature: string | null): Promise<WebhookDelivery> {
    if (!this.webhookUrl) throw new Error('fake PayMongo: no webhookUrl to post events to');
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'User-Agent': 'PayMongo-Webhooks (fake)' };
    if (signature !== null) headers['Paymongo-Signature'] = signature;
    const delivery: WebhookDelivery = { eventId, type, body, signature, status: 0, response: null };
    try {
      const res = await fetch(this.webhookUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(30_000) });
      delivery.status = res.status;
      delivery.response = tryJson(await res.text());
    } catch (e) {
      delivery.error = (e as Error).message;
    }
    this.deliveries.push(delivery);
    return delivery;
  }

  protected outageBody() {
    return { errors: [{ code: 'internal_server_error', detail: 'Something went wrong on our end. Please try again.' }] };
  }

  protected route(req: IncomingMessage, res: ServerResponse, url: URL, rec: RecordedRequest, send: Send) {
    const path = url.pathname;
    const page = /^\/(cs_[A-Za-z0-9]+)$/.exec(path);
    if (req.method === 'GET' && page && this.sessions.has(page[1])) {
      rec.status = 200;
      return void res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><title>PayMongo checkout (fake)</title><p>${page[1]}</p>`);
    }
    if (!path.startsWith('/v1/')) return send(404, { errors: [{ code: 'resource_not_found', detail: 'The requested resource could not be found.' }] });
    if (!this.authorised(req.headers.authorization)) {
      return send(401, {
        errors: [{ code: 'api_key_invalid', detail: 'API key is invalid. Go to https://developers.paymongo.com/docs/authentication to know more about our API authentication.' }],
      });
    }

    if (req.method === 'POST' && path === '/v1/checkout_sessions') {
      if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) {
        return send(400, { errors: [{ code: 'parameter_invalid', detail: 'The request body must be JSON (Content-Type: application/json).' }] });
      }
      const errors: PayMongoError[] = [];
      const session = this.create(rec.body, errors);
      return errors.length || !session ? send(400, { errors }) : send(200, { data: session });
    }
    const one = /^\/v1\/checkout_sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (one && ((req.method === 'GET' && !one[2]) || (req.method === 'POST' && one[2]))) {
      const s = this.sessions.get(decodeURIComponent(one[1]));
      if (!s) return send(404, { errors: [{ code: 'resource_not_found', detail: `No such checkout_session with id ${one[1]}.` }] });
      if (one[2]) {
        if (s.attributes.payments.some((p) => p.attributes.status === 'paid')) {
          return send(400, { errors: [{ code: 'resource_processing_state', detail: 'The checkout session has been paid and can no longer be expired.' }] });
        }
        this.expire(s.id);
      }
      return send(200, { data: s });
    }
    return send(404, { errors: [{ code: 'resource_not_found', detail: `${req.method} ${path} does not exist.` }] });
  }

  /** HTTP Basic with the secret key as the user (PayMongo: the key followed by a colon, no password). */
  private authorised(header: string | undefined): boolean {
    const m = /^Basic ([A-Za-z0-9+/]+=*)$/.exec(header ?? '');
    if (!m) return false;
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    return decoded === `${this.secretKey}:`;
  }

  private create(body: unknown, errors: PayMongoError[]): CheckoutSession | null {
    const a = isObject(body) && isObject(body.data) ? body.data.attributes : undefined;
    if (!isObject(a)) {
      errors.push(err('parameter_required', 'data.attributes', 'data.attributes is required.'));
      return null;
    }
    for (const key of Object.keys(a)) {
      if (!CREATE_ATTRIBUTES.has(key)) errors.push(err('parameter_invalid', key, `${key} is not a valid attribute of a checkout session.`));
    }
    const items = a.line_items;
    let total = 0;
    if (!Array.isArray(items) || items.length === 0) errors.push(err('parameter_required', 'line_items', 'line_items is required and must have at least one item.'));
    else {
      items.forEach((it: unknown, i) => {
        const at = (f: string) => `line_items[${i}].${f}`;
        if (!isObject(it)) return void errors.push(err('parameter_invalid', `line_items[${i}]`, 'A line item must be an object.'));
        if (typeof it.name !== 'string' || !it.name.trim()) errors.push(err('parameter_required', at('name'), 'name is required.'));
        if (it.currency !== 'PHP') errors.push(err('parameter_invalid', at('currency'), 'currency must be PHP.'));
        if (!Number.isInteger(it.amount) || (it.amount as number) < 1) errors.push(err('parameter_invalid', at('amount'), 'amount must be a positive integer (in centavos).'));
        if (!Number.isInteger(it.quantity) || (it.quantity as number) < 1) errors.push(err('parameter_invalid', at('quantity'), 'quantity must be a positive integer.'));
        if (Number.isInteger(it.amount) && Number.isInteger(it.quantity)) total += (it.amount as number) * (it.quantity as number);
      });
      if (!errors.length && total < PAYMONGO_MIN_AMOUNT) {
        errors.push(err('parameter_below_minimum', 'line_items', `The total amount of the line items cannot be less than ${PAYMONGO_MIN_AMOUNT} (PHP 20.00).`));
      }
    }
    const types = a.payment_method_types;
    if (!Array.isArray(types) || types.length === 0) errors.push(err('parameter_required', 'payment_method_types', 'payment_method_types is required.'));
    else {
      for (const t of types) {
        if (!(PAYMONGO_METHOD_TYPES as readonly unknown[]).includes(t)) errors.push(err('parameter_invalid', 'payment_method_types', `${String(t)} is not a valid payment method type.`));
      }
    }
    for (const key of ['success_url', 'cancel_url'] as const) {
      if (a[key] !== undefined && !isHttpUrl(a[key])) errors.push(err('parameter_invalid', key, `${key} must be a valid URL.`));
    }
    for (const key of ['reference_number', 'description', 'statement_descriptor'] as const) {
      if (a[key] !== undefined && typeof a[key] !== 'string') errors.push(err('parameter_invalid', key, `${key} must be a string.`));
    }
    for (const key of ['send_email_receipt', 'show_description', 'show_line_items'] as const) {
      if (a[key] !== undefined && typeof a[key] !== 'boolean') errors.push(err('parameter_invalid', key, `${key} must be a boolean.`));
    }
    if (a.metadata !== undefined && (!isObject(a.metadata) || Object.values(a.metadata).some((v) => typeof v !== 'string'))) {
      errors.push(err('parameter_invalid', 'metadata', 'metadata must be a flat object of string values.'));
    }
    if (a.billing !== undefined && (!isObject(a.billing) || (a.billing.email !== undefined && typeof a.billing.email !== 'string'))) {
      errors.push(err('parameter_invalid', 'billing', 'billing must be an object (name, email, phone, address).'));
    }
    if (errors.length) return null;

    const id = rid('cs');
    const now = nowSeconds();
    const metadata = (a.metadata as Record<string, string> | undefined) ?? null;
    const lineItems = (items as Array<Json>).map((it) => ({
      amount: it.amount as number,
      currency: 'PHP',
      description: (it.description as string | undefined) ?? null,
      images: [],
      name: it.name as string,
      quantity: it.quantity as number,
    }));
    const intent: Resource<IntentAttributes> = {
      id: rid('pi'),
      type: 'payment_intent',
      attributes: {
        amount: total,
        capture_type: 'automatic',
        client_key: `${rid('pi')}_client_${rid('key').slice(4)}`,
        currency: 'PHP',
        description: (a.description as string | undefined) ?? null,
        livemode: false,
        original_amount: total,
        statement_descriptor: (a.statement_descriptor as string | undefined) ?? 'TAHANAN',
        status: 'awaiting_payment_method',
        last_payment_error: null,
        payment_method_allowed: types as string[],
        payments: [],
        next_action: null,
        payment_method_options: null,
        metadata: metadata ? { ...metadata } : null,
        setup_future_usage: null,
        created_at: now,
        updated_at: now,
      },
    };
    const session: CheckoutSession = {
      id,
      type: 'checkout_session',
      attributes: {
        billing: (a.billing as Json | undefined) ?? null,
        billing_information_fields_editable: 'enabled',
        cancel_url: (a.cancel_url as string | undefined) ?? null,
        checkout_url: `${this.url}/${id}`,
        client_key: `${id}_client_${rid('key').slice(4)}`,
        customer_email: ((a.billing as Json | undefined)?.email as string | undefined) ?? null,
        description: (a.description as string | undefined) ?? null,
        line_items: lineItems,
        livemode: false,
        merchant: 'Tahanan (fake PayMongo)',
        payments: [],
        payment_intent: intent,
        payment_method_types: types as string[],
        reference_number: (a.reference_number as string | undefined) ?? null,
        send_email_receipt: (a.send_email_receipt as boolean | undefined) ?? false,
        show_description: (a.show_description as boolean | undefined) ?? true,
        show_line_items: (a.show_line_items as boolean | undefined) ?? true,
        status: 'active',
        success_url: (a.success_url as string | undefined) ?? null,
        created_at: now,
        updated_at: now,
        metadata,
      },
    };
    this.sessions.set(id, session);
    return session;
  }
}

/** The Authorization header PayMongo expects for a secret key. */
export const paymongoAuth = (secretKey: string) => `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
