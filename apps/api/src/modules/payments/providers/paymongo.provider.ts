import type { PaymentMethod } from '@app/domain';
import {
  jsonOrThrow,
  providerFetch,
  ProviderUnavailable,
  WebhookRejected,
  type CheckoutCreated,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderState,
  type WebhookNotice,
} from './payment-provider';
import { headerOf, verifyPaymongoStyle } from './webhook-signature';

/** PayMongo's payment method type for each of our methods (Maya e-wallet is `paymaya`, QR Ph `qrph`). */
export const PAYMONGO_METHOD_TYPES: Record<PaymentMethod, string> = {
  gcash: 'gcash',
  maya_wallet: 'paymaya',
  card: 'card',
  maya_qr: 'qrph',
};

interface PaymongoResource<A> {
  id: string;
  type: string;
  attributes: A;
}

interface CheckoutSessionAttributes {
  checkout_url: string;
  reference_number?: string | null;
  status: 'active' | 'expired' | string;
  payments?: PaymongoResource<{ status: string; failed_message?: string | null }>[];
  payment_intent?: PaymongoResource<{
    status: string;
    payments?: PaymongoResource<{ status: string }>[];
    last_payment_error?: { failed_message?: string } | null;
  }> | null;
  metadata?: Record<string, string> | null;
}

interface EventAttributes {
  type: string;
  livemode: boolean;
  data: PaymongoResource<Record<string, unknown>>;
}

export interface PaymongoOptions {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string;
  timeoutMs: number;
  toleranceSeconds: number;
}

/**
 * PayMongo (GCash, Maya e-wallet, cards, QR Ph) through Checkout Sessions: `POST /v1/checkout_sessions`
 * answers the hosted page, `GET /v1/checkout_sessions/{id}` its payments; webhooks
 * (`checkout_session.payment.paid`, `payment.paid`, `payment.failed`) carry the Paymongo-Signature header.
 * Amounts are centavos on both sides. Authentication: HTTP Basic with the secret key as the user.
 */
export class PaymongoProvider implements PaymentProvider {
  readonly id = 'paymongo' as const;

  constructor(private readonly o: PaymongoOptions) {}

  private get auth(): string {
    return `Basic ${Buffer.from(`${this.o.secretKey}:`).toString('base64')}`;
  }

  async createCheckout(req: CheckoutRequest): Promise<CheckoutCreated> {
    const res = await providerFetch(
      `${this.o.apiUrl}/v1/checkout_sessions`,
      {
        method: 'POST',
        headers: { Authorization: this.auth, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          data: {
            attributes: {
              line_items: [{ currency: 'PHP', amount: req.amountCentavos, name: req.description, quantity: 1 }],
              payment_method_types: [PAYMONGO_METHOD_TYPES[req.method]],
              reference_number: req.reference,
              description: req.description,
              success_url: req.successUrl,
              cancel_url: req.cancelUrl,
              send_email_receipt: false,
              show_description: true,
              show_line_items: true,
              billing: { name: `${req.payer.firstName} ${req.payer.lastName}`.trim(), email: req.payer.email },
              metadata: { payment_id: req.paymentId, reference: req.reference },
            },
          },
        }),
      },
      this.o.timeoutMs,
      'PayMongo',
    );
    const body = await jsonOrThrow<{ data?: Partial<PaymongoResource<Partial<CheckoutSessionAttributes>>> }>(res, 'PayMongo');
    const id = body.data?.id;
    const url = body.data?.attributes?.checkout_url;
    if (!id || !url) throw new ProviderUnavailable('PayMongo answered no checkout session (no data.id or checkout_url)');
    return { checkoutId: id, checkoutUrl: url };
  }

  async fetchState(checkoutId: string): Promise<ProviderState> {
    const res = await providerFetch(
      `${this.o.apiUrl}/v1/checkout_sessions/${encodeURIComponent(checkoutId)}`,
      { headers: { Authorization: this.auth, Accept: 'application/json' } },
      this.o.timeoutMs,
      'PayMongo',
    );
    const body = await jsonOrThrow<{ data?: PaymongoResource<CheckoutSessionAttributes> }>(res, 'PayMongo');
    if (!body.data?.attributes) throw new ProviderUnavailable('PayMongo answered no checkout session');
    return stateOfSession(body.data.attributes);
  }

  /** `POST /v1/checkout_sessions/{id}/expire`: a 400 means PayMongo cannot expire it (paid already). */
  async closeCheckout(checkoutId: string): Promise<boolean> {
    const res = await providerFetch(
      `${this.o.apiUrl}/v1/checkout_sessions/${encodeURIComponent(checkoutId)}/expire`,
      { method: 'POST', headers: { Authorization: this.auth, Accept: 'application/json' } },
      this.o.timeoutMs,
      'PayMongo',
    );
    if (res.status === 400) return false;
    await jsonOrThrow(res, 'PayMongo');
    return true;
  }

  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookNotice {
    let event: { data?: PaymongoResource<EventAttributes> };
    try {
      event = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookRejected('the body is not JSON');
    }
    const attrs = event.data?.attributes;
    if (!event.data?.id || !attrs?.type || !attrs.data) throw new WebhookRejected('the body is not a PayMongo event');
    verifyPaymongoStyle(headerOf(headers, 'paymongo-signature'), rawBody, this.o.webhookSecret, attrs.livemode === true, this.o.toleranceSeconds);
    return noticeOfEvent(event.data.id, attrs);
  }
}

/**
 * A checkout session's state: paid once any payment is paid (the session's `payments`, or its payment
 * intent `succeeded`); expired when the session is; failed when the last payment listed failed; else
 * waiting. PayMongo keeps a session payable after a declined attempt (the customer may try again on its
 * page), so a later success still wins: failed → paid is an allowed move.
 */
export function stateOfSession(a: CheckoutSessionAttributes): ProviderState {
  const paid = a.payments?.find((p) => p.attributes.status === 'paid');
  if (paid) return { status: 'paid', providerPaymentId: paid.id };
  const intent = a.payment_intent;
  if (intent?.attributes.status === 'succeeded') {
    return { status: 'paid', providerPaymentId: intent.attributes.payments?.find((p) => p.attributes.status === 'paid')?.id ?? intent.id };
  }
  if (a.status === 'expired') return { status: 'expired' };
  const failed = a.payments?.at(-1);
  if (failed?.attributes.status === 'failed') return { status: 'failed', providerPaymentId: failed.id, failureReason: failed.attributes.failed_message ?? 'The payment was declined' };
  return { status: 'awaiting_action' };
}

/** Reads a PayMongo (or sandbox) event: the checkout or reference it is about, and the state it reports. */
export function noticeOfEvent(eventId: string, attrs: EventAttributes): WebhookNotice {
  const resource = attrs.data;
  const a = resource.attributes as Record<string, unknown> & { metadata?: Record<string, string> | null };
  switch (attrs.type) {
    case 'checkout_session.payment.paid': {
      const s = a as unknown as CheckoutSessionAttributes;
      const state = stateOfSession(s);
      return { eventId, type: attrs.type, checkoutId: resource.id, reference: s.reference_number ?? undefined, state: state.status === 'paid' ? state : { status: 'paid' } };
    }
    case 'checkout_session.expired':
      return { eventId, type: attrs.type, checkoutId: resource.id, reference: (a.reference_number as string) ?? undefined, state: { status: 'expired' } };
    case 'payment.paid':
    case 'payment.failed': {
      const reference = a.metadata?.reference ?? (a.external_reference_number as string | undefined);
      const checkoutId = a.metadata?.checkout_id;
      const state: ProviderState =
        attrs.type === 'payment.paid'
          ? { status: 'paid', providerPaymentId: resource.id }
          : { status: 'failed', providerPaymentId: resource.id, failureReason: (a.failed_message as string) ?? 'The payment was declined' };
      return { eventId, type: attrs.type, checkoutId, reference, state };
    }
    case 'payment.refunded': {
      // a full refund (or a chargeback settled as one) turns the payment's status to refunded; a partial
      // refund leaves it paid and changes nothing here (staff handle it)
      const reference = a.metadata?.reference ?? (a.external_reference_number as string | undefined);
      const full = a.status === 'refunded';
      return {
        eventId,
        type: attrs.type,
        checkoutId: a.metadata?.checkout_id,
        reference,
        state: full ? { status: 'refunded', providerPaymentId: resource.id, failureReason: 'Refunded by the provider' } : { status: 'paid', providerPaymentId: resource.id },
      };
    }
    default:
      return { eventId, type: attrs.type };
  }
}
