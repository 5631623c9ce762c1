import {
  jsonOrThrow,
  providerFetch,
  ProviderUnavailable,
  WebhookRejected,
  type CheckoutCreated,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderState,
  type ProviderStatus,
  type WebhookNotice,
} from './payment-provider';

export interface MayaOptions {
  publicKey: string;
  secretKey: string;
  apiUrl: string;
  timeoutMs: number;
}

/** Maya's payment statuses and ours. */
export const MAYA_STATUSES: Record<string, ProviderStatus> = {
  PAYMENT_SUCCESS: 'paid',
  PAYMENT_FAILED: 'failed',
  AUTH_FAILED: 'failed',
  PAYMENT_EXPIRED: 'expired',
  PAYMENT_CANCELLED: 'cancelled',
  VOIDED: 'cancelled',
  PENDING_TOKEN: 'awaiting_action',
  PENDING_PAYMENT: 'awaiting_action',
  FOR_AUTHENTICATION: 'awaiting_action',
  AUTHENTICATING: 'awaiting_action',
  AUTH_SUCCESS: 'awaiting_action',
  PAYMENT_PROCESSING: 'awaiting_action',
};

const peso = (centavos: number) => Number((centavos / 100).toFixed(2));

/**
 * Maya Checkout (Maya QR and e-wallet): `POST /checkout/v1/checkouts` with the public key answers a
 * `checkoutId` and a `redirectUrl` (the hosted page; its QR code is what a phone scans);
 * `GET /checkout/v1/checkouts/{id}` with the secret key answers its `paymentStatus`. Maya's checkout
 * webhooks carry no signature we can check, so a webhook only says which checkout to look at: the
 * state always comes from Maya itself, fetched with the secret key.
 */
export class MayaProvider implements PaymentProvider {
  readonly id = 'maya' as const;

  constructor(private readonly o: MayaOptions) {}

  private basic(key: string): string {
    return `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  }

  async createCheckout(req: CheckoutRequest): Promise<CheckoutCreated> {
    const amount = { value: peso(req.amountCentavos), currency: 'PHP' };
    const res = await providerFetch(
      `${this.o.apiUrl}/checkout/v1/checkouts`,
      {
        method: 'POST',
        headers: { Authorization: this.basic(this.o.publicKey), 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          totalAmount: amount,
          buyer: { firstName: req.payer.firstName, lastName: req.payer.lastName, contact: { email: req.payer.email } },
          items: [{ name: req.description, quantity: 1, code: req.reference, totalAmount: amount }],
          redirectUrl: { success: req.successUrl, failure: req.cancelUrl, cancel: req.cancelUrl },
          requestReferenceNumber: req.reference,
          metadata: { paymentId: req.paymentId },
        }),
      },
      this.o.timeoutMs,
      'Maya',
    );
    const body = await jsonOrThrow<{ checkoutId: string; redirectUrl: string }>(res, 'Maya');
    if (!body.checkoutId || !body.redirectUrl) throw new ProviderUnavailable('Maya answered no checkoutId or redirectUrl');
    return { checkoutId: body.checkoutId, checkoutUrl: body.redirectUrl };
  }

  async fetchState(checkoutId: string): Promise<ProviderState> {
    const res = await providerFetch(
      `${this.o.apiUrl}/checkout/v1/checkouts/${encodeURIComponent(checkoutId)}`,
      { headers: { Authorization: this.basic(this.o.secretKey), Accept: 'application/json' } },
      this.o.timeoutMs,
      'Maya',
    );
    const body = await jsonOrThrow<{ id: string; paymentStatus?: string; status?: string; paymentDetails?: { responses?: unknown } ; transactionReferenceNumber?: string }>(res, 'Maya');
    const status = MAYA_STATUSES[body.paymentStatus ?? ''] ?? (body.status === 'EXPIRED' ? 'expired' : 'awaiting_action');
    return {
      status,
      providerPaymentId: body.transactionReferenceNumber ?? body.id,
      failureReason: status === 'failed' ? `Maya: ${body.paymentStatus}` : undefined,
    };
  }

  /** Maya Checkout has no call to close a checkout: it expires on its own (and a late payment is honoured). */
  async closeCheckout(): Promise<boolean> {
    return true;
  }

  readWebhook(rawBody: Buffer): WebhookNotice {
    let body: { id?: string; status?: string; paymentStatus?: string; requestReferenceNumber?: string; checkoutId?: string };
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookRejected('the body is not JSON');
    }
    const status = body.paymentStatus ?? body.status;
    const checkoutId = body.checkoutId ?? body.id;
    if (!checkoutId || !status) throw new WebhookRejected('the body is not a Maya payment notice');
    // no state: the payments service fetches it from Maya before acting
    return { eventId: `${checkoutId}:${status}`, type: status, checkoutId, reference: body.requestReferenceNumber };
  }
}
