import {
  ANNUAL_MONTHS_CHARGED,
  CREDIT_PACKS,
  PLANS,
  PURCHASABLE_PERIODS,
  planPriceCentavos,
  quotePlanChange,
  type CreditPackId,
  type PlanId,
  type PurchasablePeriod,
} from '@app/domain';
import type { CurrentSubscription, Payment } from '@/lib/api/billing';
import type { CreatePaymentDto } from '@/lib/api/generated';

/** The plans sold online (Basic and Premium; Free needs no payment, Enterprise is arranged by sales). */
export type PaidPlanId = NonNullable<CreatePaymentDto['plan']>;

/** What a checkout buys: a plan for a period, or an AI credit pack. */
export type CheckoutTarget = { kind: 'plan'; plan: PaidPlanId; period: PurchasablePeriod } | { kind: 'pack'; pack: CreditPackId };

/** Months free when a plan is paid for a year at once (12 months for the price of ANNUAL_MONTHS_CHARGED). */
export const ANNUAL_FREE_MONTHS = 12 - ANNUAL_MONTHS_CHARGED;

export function isPaidPlan(plan: string | null | undefined): plan is PaidPlanId {
  return !!plan && plan in PLANS && PLANS[plan as PlanId].purchasable;
}

function isPeriod(period: string | null | undefined): period is PurchasablePeriod {
  return (PURCHASABLE_PERIODS as readonly string[]).includes(period ?? '');
}

function isPack(pack: string | null | undefined): pack is CreditPackId {
  return !!pack && Object.hasOwn(CREDIT_PACKS, pack);
}

/** The checkout page of a target: /checkout?plan=basic&period=monthly or /checkout?pack=standard. */
export function checkoutPath(target: CheckoutTarget): string {
  const q = target.kind === 'plan' ? new URLSearchParams({ plan: target.plan, period: target.period }) : new URLSearchParams({ pack: target.pack });
  return `/checkout?${q.toString()}`;
}

/** The target of /checkout's address; null when it names no plan sold online nor a pack. */
export function readCheckoutTarget(params: URLSearchParams): CheckoutTarget | null {
  const pack = params.get('pack');
  if (pack !== null) return isPack(pack) ? { kind: 'pack', pack } : null;
  const plan = params.get('plan');
  const period = params.get('period') ?? 'monthly';
  return isPaidPlan(plan) && isPeriod(period) ? { kind: 'plan', plan, period } : null;
}

/** What a payment bought, to buy it again ("Try again"). */
export function targetOfPayment(payment: Pick<Payment, 'purpose' | 'plan' | 'billingPeriod' | 'creditPack'>): CheckoutTarget | null {
  if (payment.purpose === 'credit_pack') return isPack(payment.creditPack) ? { kind: 'pack', pack: payment.creditPack } : null;
  return isPaidPlan(payment.plan) && isPeriod(payment.billingPeriod) ? { kind: 'plan', plan: payment.plan, period: payment.billingPeriod } : null;
}

/** The list price in centavos (before any credit for the unused part of a current plan). */
export function targetPrice(target: CheckoutTarget): number {
  return target.kind === 'pack' ? CREDIT_PACKS[target.pack].priceCentavos : (planPriceCentavos(target.plan, target.period) ?? 0);
}

/** "Basic plan, 1 month", "Premium plan, 12 months", "200 AI credits" (as the payment's description reads). */
export function targetName(target: CheckoutTarget): string {
  if (target.kind === 'pack') return CREDIT_PACKS[target.pack].name;
  return `${PLANS[target.plan].name} plan, ${target.period === 'monthly' ? '1 month' : '12 months'}`;
}

/** The body of POST /payment/{method} for a target. */
export function paymentBody(target: CheckoutTarget, idempotencyKey: string): CreatePaymentDto {
  return target.kind === 'pack'
    ? { purpose: 'credit_pack', creditPack: target.pack, idempotencyKey }
    : { purpose: 'subscription', plan: target.plan, billingPeriod: target.period, idempotencyKey };
}

export interface PlanQuote {
  priceCentavos: number;
  /** Taken off for the unused part of the current paid period. */
  prorationCentavos: number;
  amountCentavos: number;
  /** null: starts when paid; else the day the current (and any scheduled) paid periods end. */
  startsAt: string | null;
}

/**
 * What buying a plan will cost and when it starts: `quotePlanChange` of libs/domain, the rule the API
 * charges by (SubscriptionsService.quote), on the member's current and scheduled periods. The API
 * works it out again to the second when the payment is made.
 */
export function quotePlan(plan: PaidPlanId, period: PurchasablePeriod, current: CurrentSubscription | undefined, now: Date): PlanQuote {
  const sub = current?.subscription;
  const currentPeriod = sub
    ? { plan: sub.plan, status: sub.status, startedAt: new Date(sub.startedAt), expiresAt: sub.expiresAt ? new Date(sub.expiresAt) : null, paidCentavos: sub.paidCentavos }
    : null;
  const lastScheduled = current?.scheduled.at(-1)?.expiresAt;
  const q = quotePlanChange(plan, period, currentPeriod, lastScheduled ? new Date(lastScheduled) : null, now);
  const price = planPriceCentavos(plan, period) ?? 0;
  if (!q) return { priceCentavos: price, prorationCentavos: 0, amountCentavos: price, startsAt: null };
  return { priceCentavos: q.priceCentavos, prorationCentavos: q.prorationCentavos, amountCentavos: q.amountCentavos, startsAt: q.startsAt?.toISOString() ?? null };
}

/** A new idempotency key for one payment attempt (crypto.randomUUID where the page is a secure context). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  return [...c.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}
