import type { PaymentMethod, PaymentProviderId } from '@app/domain';

/** What we ask a provider to collect. Amounts in centavos. */
export interface CheckoutRequest {
  paymentId: string;
  reference: string;
  amountCentavos: number;
  description: string;
  method: PaymentMethod;
  payer: { firstName: string; lastName: string; email: string };
  /** Where the provider sends the member back after paying, and after giving up. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface CheckoutCreated {
  /** The provider's id of the checkout (PayMongo `cs_…`, Maya `checkoutId`, the sandbox's own). */
  checkoutId: string;
  /** Where the member pays (a hosted page); Maya QR shows it as a QR code. */
  checkoutUrl: string;
}

/** A payment's state as the provider reports it. */
export type ProviderStatus = 'pending' | 'awaiting_action' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'refunded';

export interface ProviderState {
  status: ProviderStatus;
  providerPaymentId?: string;
  failureReason?: string;
}

/** A webhook delivery, verified and read. */
export interface WebhookNotice {
  /** The provider's event id: a delivery of an id seen before is answered at once. */
  eventId: string;
  type: string;
  checkoutId?: string;
  reference?: string;
  /** The state the signed body reports; absent when the body is not to be trusted alone (Maya): re-fetched. */
  state?: ProviderState;
}

export class WebhookRejected extends Error {}
export class ProviderUnavailable extends Error {}

/** The port every payment provider adapter implements. */
export interface PaymentProvider {
  readonly id: PaymentProviderId;
  createCheckout(req: CheckoutRequest): Promise<CheckoutCreated>;
  /** Asks the provider for the payment's state now (status polls, webhook confirmation, the expiry job). */
  fetchState(checkoutId: string, reference: string): Promise<ProviderState>;
  /**
   * Closes an open checkout so it can no longer be paid (our expiry, the member's cancel); false when
   * the provider refused because it is paid already (the caller then reads its state). Providers
   * without such a call resolve true and rely on their own expiry.
   */
  closeCheckout(checkoutId: string): Promise<boolean>;
  /** Verifies a webhook (signature, freshness) and reads it; throws WebhookRejected. */
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookNotice;
}

/** fetch with a timeout; a network failure or timeout is ProviderUnavailable. */
export async function providerFetch(url: string, init: RequestInit, timeoutMs: number, name: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new ProviderUnavailable(`${name} did not answer (${(err as Error).name === 'TimeoutError' ? 'timed out' : (err as Error).message})`);
  }
}

export async function jsonOrThrow<T>(res: Response, name: string): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new ProviderUnavailable(`${name} answered ${res.status}: ${text.slice(0, 300)}`);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ProviderUnavailable(`${name} answered something that is not JSON`);
  }
}
