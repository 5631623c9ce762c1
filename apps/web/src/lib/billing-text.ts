/**
 * Words for plans, subscriptions, payments and AI credits, shared by the member's billing pages and the
 * staff tables. Prices and plans themselves come from `@app/domain` (PLANS, CREDIT_PACKS, formatCentavos).
 */
import { PLANS, type PlanId } from '@app/domain';
import type { BillingPeriod, CreditEntry, PaymentStatus, SubscriptionStatus } from './api/billing';

export type ChipColor = 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  awaiting_action: 'Waiting for payment',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, ChipColor> = {
  pending: 'warning',
  awaiting_action: 'warning',
  paid: 'success',
  failed: 'error',
  expired: 'default',
  cancelled: 'default',
  refunded: 'info',
};

/** A payment still waiting for the member or the provider (the pages poll its status meanwhile). */
export function isOpenPayment(status: PaymentStatus): boolean {
  return status === 'pending' || status === 'awaiting_action';
}

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  suspended: 'Suspended',
  expired: 'Ended',
  scheduled: 'Scheduled',
};

export const SUBSCRIPTION_STATUS_COLORS: Record<SubscriptionStatus, ChipColor> = {
  active: 'success',
  suspended: 'error',
  expired: 'default',
  scheduled: 'info',
};

export const BILLING_PERIOD_LABELS: Record<BillingPeriod, string> = {
  free: 'Free',
  monthly: 'Monthly',
  annually: 'Annual',
  lifetime: 'Lifetime',
};

export const CREDIT_ENTRY_LABELS: Record<CreditEntry['kind'], string> = {
  allowance: 'Monthly allowance',
  purchase: 'Credit pack',
  adjustment: 'Adjusted by staff',
  reserve: 'Held for work',
  commit: 'Used',
  refund: 'Returned',
  transfer: 'Transfer',
};

export function planName(plan: string | null | undefined): string {
  return plan && plan in PLANS ? PLANS[plan as PlanId].name : '—';
}

const day = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: 'Asia/Manila' });
const dayTime = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Manila' });

/** A day as people in the Philippines read it: "Jan 12, 2026" (Manila time); "—" for none. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '—' : day.format(t);
}

/** A day and time (Manila): "Jan 12, 2026, 3:05 PM"; "—" for none. */
export function formatDayTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '—' : dayTime.format(t);
}

/** Credits with thousands separators: 1,500. */
export function formatCredits(n: number): string {
  return n.toLocaleString('en-PH');
}
