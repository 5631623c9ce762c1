import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import type { PaymentMethod } from '@app/domain';
import {
  WebhookRejected,
  type CheckoutCreated,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderState,
  type WebhookNotice,
} from './payment-provider';
import { noticeOfEvent } from './paymongo.provider';
import { headerOf, signPaymongoStyle, verifyPaymongoStyle } from './webhook-signature';

/** A sandbox checkout as the sandbox "provider" keeps it (Redis, a week). */
export interface SandboxCheckout {
  checkoutId: string;
  paymentId: string;
  reference: string;
  amountCentavos: number;
  description: string;
  method: PaymentMethod;
  payerEmail: string;
  status: 'awaiting_action' | 'paid' | 'failed' | 'expired' | 'refunded';
  providerPaymentId: string | null;
  successUrl: string;
  cancelUrl: string;
  expiresAt: string;
}

/** What the tester does: approve, decline or let it expire an open checkout; `refund` a paid one (a refund or chargeback). */
export type SandboxDecision = 'approve' | 'decline' | 'expire' | 'refund';

export interface SandboxOptions {
  redis: Redis;
  keyPrefix: string;
  appUrl: string;
  secret: string;
  toleranceSeconds: number;
}

const TTL_SECONDS = 7 * 24 * 3600;

/**
 * The embedded payment provider (no keys, no network): a checkout is a page of this app
 * (`/sandbox-checkout/{id}`, marked as a sandbox) where the tester approves, declines or lets it
 * expire; each decision is delivered as a webhook shaped and signed like PayMongo's (event body,
 * `t=…,te=…` HMAC-SHA256 of `t.body`, header `Sandbox-Signature`), posted to our own webhook route
 * by a queued job that retries, like a real provider's delivery.
 */
export class SandboxProvider implements PaymentProvider {
  readonly id = 'sandbox' as const;

  constructor(private readonly o: SandboxOptions) {}

  private key(checkoutId: string): string {
    return `${this.o.keyPrefix}:payment-sandbox:${checkoutId}`;
  }

  async createCheckout(req: CheckoutRequest): Promise<CheckoutCreated> {
    const checkoutId = `sbx_cs_${randomBytes(12).toString('hex')}`;
    const checkout: SandboxCheckout = {
      checkoutId,
      paymentId: req.paymentId,
      reference: req.reference,
      amountCentavos: req.amountCentavos,
      description: req.description,
      method: req.method,
      payerEmail: req.payer.email,
      status: 'awaiting_action',
      providerPaymentId: null,
      successUrl: req.successUrl,
      cancelUrl: req.cancelUrl,
      expiresAt: req.expiresAt.toISOString(),
    };
    await this.o.redis.set(this.key(checkoutId), JSON.stringify(checkout), 'EX', TTL_SECONDS);
    return { checkoutId, checkoutUrl: `${this.o.appUrl}/sandbox-checkout/${checkoutId}` };
  }

  async checkout(checkoutId: string): Promise<SandboxCheckout | null> {
    if (!/^sbx_cs_[0-9a-f]{24}$/.test(checkoutId)) return null;
    const raw = await this.o.redis.get(this.key(checkoutId));
    return raw ? (JSON.parse(raw) as SandboxCheckout) : null;
  }

  async fetchState(checkoutId: string): Promise<ProviderState> {
    const c = await this.checkout(checkoutId);
    if (!c) return { status: 'expired' };
    if (c.status === 'awaiting_action' && Date.parse(c.expiresAt) <= Date.now()) return { status: 'expired' };
    if (c.status === 'refunded') return { status: 'refunded', providerPaymentId: c.providerPaymentId ?? undefined, failureReason: 'Refunded in the sandbox' };
    return {
      status: c.status,
      providerPaymentId: c.providerPaymentId ?? undefined,
      failureReason: c.status === 'failed' ? 'Declined in the sandbox' : undefined,
    };
  }

  /** Closes an open sandbox checkout (it shows as expired); false when it was paid. */
  async closeCheckout(checkoutId: string): Promise<boolean> {
    const c = await this.checkout(checkoutId);
    if (!c) return true;
    if (c.status === 'paid' || c.status === 'refunded') return false;
    if (c.status === 'awaiting_action') {
      c.status = 'expired';
      await this.o.redis.set(this.key(checkoutId), JSON.stringify(c), 'EX', TTL_SECONDS);
    }
    return true;
  }

  /**
   * Records the tester's decision (once: a decided checkout keeps its first decision) and returns the
   * webhook to deliver and where to send the tester. Null when the checkout is unknown.
   */
  async decide(checkoutId: string, decision: SandboxDecision): Promise<{ checkout: SandboxCheckout; webhook: { body: string; signature: string } | null } | null> {
    const c = await this.checkout(checkoutId);
    if (!c) return null;
    if (decision === 'refund') {
      if (c.status !== 'paid') return { checkout: c, webhook: null };
      c.status = 'refunded';
    } else {
      if (c.status !== 'awaiting_action') return { checkout: c, webhook: null };
      c.status = decision === 'approve' ? 'paid' : decision === 'decline' ? 'failed' : 'expired';
      c.providerPaymentId = `sbx_pay_${randomBytes(12).toString('hex')}`;
    }
    await this.o.redis.set(this.key(checkoutId), JSON.stringify(c), 'EX', TTL_SECONDS);
    const body = JSON.stringify(this.eventOf(c));
    return { checkout: c, webhook: { body, signature: this.sign(body) } };
  }

  /** The event a real provider would send for the checkout's state (PayMongo's shapes). */
  eventOf(c: SandboxCheckout, eventId = `sbx_evt_${randomBytes(12).toString('hex')}`) {
    const payment = {
      id: c.providerPaymentId,
      type: 'payment',
      attributes: {
        status: c.status === 'paid' ? 'paid' : c.status === 'refunded' ? 'refunded' : 'failed',
        amount: c.amountCentavos,
        currency: 'PHP',
        failed_message: c.status === 'failed' ? 'Declined in the sandbox' : null,
        metadata: { reference: c.reference, checkout_id: c.checkoutId },
      },
    };
    const session = {
      id: c.checkoutId,
      type: 'checkout_session',
      attributes: {
        checkout_url: `${this.o.appUrl}/sandbox-checkout/${c.checkoutId}`,
        reference_number: c.reference,
        status: c.status === 'expired' ? 'expired' : 'active',
        payments: c.status === 'paid' || c.status === 'refunded' ? [payment] : [],
        metadata: { payment_id: c.paymentId, reference: c.reference },
      },
    };
    const type = {
      paid: 'checkout_session.payment.paid',
      failed: 'payment.failed',
      refunded: 'payment.refunded',
      expired: 'checkout_session.expired',
      awaiting_action: 'checkout_session.expired',
    }[c.status];
    return {
      data: {
        id: eventId,
        type: 'event',
        attributes: { type, livemode: false, data: type.startsWith('payment.') ? payment : session, created_at: Math.floor(Date.now() / 1000) },
      },
    };
  }

  sign(body: string, at = Math.floor(Date.now() / 1000)): string {
    return signPaymongoStyle(body, this.o.secret, at);
  }

  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookNotice {
    verifyPaymongoStyle(headerOf(headers, 'sandbox-signature'), rawBody, this.o.secret, false, this.o.toleranceSeconds);
    let event: { data?: { id?: string; attributes?: Parameters<typeof noticeOfEvent>[1] } };
    try {
      event = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookRejected('the body is not JSON');
    }
    if (!event.data?.id || !event.data.attributes?.type) throw new WebhookRejected('the body is not an event');
    return noticeOfEvent(event.data.id, event.data.attributes);
  }
}
