import { http, HttpResponse } from 'msw';
import type { CreditsAccount, CurrentSubscription, Payment, Subscription } from '@/lib/api/billing';
import { makePagination } from '@/test/fixtures';
import { server } from '@/test/msw-server';

export function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    _id: '0b8f7c1e-7d0a-4c43-9d55-4f6c4c1a0001',
    amountCentavos: 150_000,
    billingPeriod: 'monthly',
    checkoutUrl: 'http://localhost:3000/sandbox-checkout/sbx_cs_000000000000000000000001',
    createdAt: '2026-03-01T02:00:00.000Z',
    creditPack: null,
    credits: 0,
    currency: 'PHP',
    description: 'Basic plan, 1 month',
    expiresAt: '2026-03-01T06:00:00.000Z',
    failureReason: null,
    method: 'gcash',
    paidAt: null,
    plan: 'basic',
    prorationCentavos: 0,
    provider: 'sandbox',
    purpose: 'subscription',
    qr: null,
    receiptNumber: null,
    reference: 'TH-ABCDE-12345',
    sandbox: true,
    status: 'awaiting_action',
    ...overrides,
  };
}

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    _id: '5d1c0a8e-0000-4000-8000-000000000001',
    billingPeriod: 'monthly',
    cancelAtPeriodEnd: false,
    createdAt: '2026-03-01T02:00:00.000Z',
    endReason: null,
    endedAt: null,
    expiresAt: '2099-04-01T02:00:00.000Z',
    graceEndsAt: '2099-04-04T02:00:00.000Z',
    member: null,
    note: null,
    paidCentavos: 150_000,
    paymentId: '0b8f7c1e-7d0a-4c43-9d55-4f6c4c1a0001',
    plan: 'basic',
    source: 'payment',
    startedAt: '2026-03-01T02:00:00.000Z',
    status: 'active',
    userId: 'u_1',
    ...overrides,
  };
}

/** GET /subscription/current of a member on Free (no subscription row). */
export function freeCurrent(): CurrentSubscription {
  return { plan: 'free', subscription: null, scheduled: [], entitlements: ['reports.tier1'], monthlyCredits: 0, activeListings: 5 };
}

/** GET /subscription/current of a member on a paid plan. */
export function paidCurrent(subscription: Partial<Subscription> = {}, scheduled: Subscription[] = []): CurrentSubscription {
  const sub = makeSubscription(subscription);
  return {
    plan: sub.status === 'active' ? sub.plan : 'free',
    subscription: sub,
    scheduled,
    entitlements: ['aria.chat.unlimited', 'property.teaser', 'research.comparison', 'reports.tier1', 'reports.tier2'],
    monthlyCredits: 300,
    activeListings: 25,
  };
}

export function serveCurrent(current: CurrentSubscription | (() => CurrentSubscription)) {
  const calls = { count: 0 };
  server.use(
    http.get('*/api/subscription/current', () => {
      calls.count++;
      return HttpResponse.json(typeof current === 'function' ? current() : current);
    }),
  );
  return calls;
}

export const SANDBOX_METHODS = {
  methods: [
    { method: 'maya_qr', provider: 'sandbox' },
    { method: 'maya_wallet', provider: 'sandbox' },
    { method: 'gcash', provider: 'sandbox' },
    { method: 'card', provider: 'sandbox' },
  ],
};

export function serveMethods(body = SANDBOX_METHODS) {
  server.use(http.get('*/api/payment/methods', () => HttpResponse.json(body)));
}

export function makeCreditsAccount(overrides: Partial<CreditsAccount> = {}): CreditsAccount {
  const entries = overrides.entries ?? [];
  return {
    _id: 'u_1',
    entries,
    monthlyAllowance: 0,
    pagination: makePagination(entries.length, entries.length),
    plan: 'free',
    remaining: 0,
    reserved: 0,
    ...overrides,
  };
}
