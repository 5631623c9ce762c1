/**
 * Plans, entitlements, AI credits and payments: the one table the API enforces and the web app shows.
 * Money is in integer centavos everywhere (₱1,500.00 = 150000).
 */

/** The plans (spec section 9), in rank order; Enterprise is "contact sales" and set up by staff. */
export const PLAN_IDS = ['free', 'basic', 'premium', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** What a plan unlocks; routes that need one say so with `@Entitled(...)`, and the web shows the Upgrade prompt. */
export const ENTITLEMENTS = [
  'aria.chat.unlimited',
  'property.teaser',
  'research.comparison',
  'reports.tier1',
  'reports.tier2',
  'reports.tier3',
  'enterprise.team',
] as const;
export type Entitlement = (typeof ENTITLEMENTS)[number];
export const ENTITLEMENT_LABELS: Record<Entitlement, string> = {
  'aria.chat.unlimited': 'Unlimited ARIA chat',
  'property.teaser': 'Property teasers',
  'research.comparison': 'Research and comparison',
  'reports.tier1': 'Tier 1 market reports',
  'reports.tier2': 'Tier 2 market reports',
  'reports.tier3': 'Tier 3 market reports',
  'enterprise.team': 'Team management',
};

/** Report tiers of the market reports: tier 1 for everyone, 2 from Basic, 3 from Premium. */
export const REPORT_TIERS = [1, 2, 3] as const;
export type ReportTier = (typeof REPORT_TIERS)[number];

export interface PlanDefinition {
  id: PlanId;
  name: string;
  /** Rank: a plan of a higher rank is an upgrade. */
  rank: number;
  /** The monthly price in centavos; null: contact sales (Enterprise). */
  monthlyCentavos: number | null;
  /** The annual price in centavos (ten months: two months free); null when not sold online. */
  annualCentavos: number | null;
  /** AI credits added at the start of every month of a paid period (and each month of an annual one). */
  monthlyCredits: number;
  /** Listings a member may have active at once; null: no limit. */
  activeListings: number | null;
  /** ARIA chat messages a day; null: unlimited. */
  ariaMessagesPerDay: number | null;
  reportTiers: readonly ReportTier[];
  entitlements: readonly Entitlement[];
  /** Short lines for the plans page (spec section 9). */
  highlights: readonly string[];
  /** Sold online (false: Enterprise, contact sales). */
  purchasable: boolean;
}

/** Annual billing costs ten months: two months free (≈16.7 % off), documented in the README. */
export const ANNUAL_MONTHS_CHARGED = 10;

export const PLANS: Record<PlanId, PlanDefinition> = {
  free: {
    id: 'free',
    name: 'Free',
    rank: 0,
    monthlyCentavos: 0,
    annualCentavos: 0,
    monthlyCredits: 0,
    activeListings: 5,
    ariaMessagesPerDay: 10,
    reportTiers: [1],
    entitlements: ['reports.tier1'],
    highlights: ['Search, save and message', 'Up to 5 active listings', 'Tier 1 market reports', '10 ARIA messages a day'],
    purchasable: false,
  },
  basic: {
    id: 'basic',
    name: 'Basic',
    rank: 1,
    monthlyCentavos: 150_000,
    annualCentavos: 150_000 * ANNUAL_MONTHS_CHARGED,
    monthlyCredits: 300,
    activeListings: 25,
    ariaMessagesPerDay: null,
    reportTiers: [1, 2],
    entitlements: ['aria.chat.unlimited', 'property.teaser', 'research.comparison', 'reports.tier1', 'reports.tier2'],
    highlights: ['Unlimited ARIA chat', 'Limited property teaser', 'Research and comparison', '300 AI credits a month', 'Up to 25 active listings'],
    purchasable: true,
  },
  premium: {
    id: 'premium',
    name: 'Premium',
    rank: 2,
    monthlyCentavos: 650_000,
    annualCentavos: 650_000 * ANNUAL_MONTHS_CHARGED,
    monthlyCredits: 1_500,
    activeListings: 200,
    ariaMessagesPerDay: null,
    reportTiers: [1, 2, 3],
    entitlements: [
      'aria.chat.unlimited',
      'property.teaser',
      'research.comparison',
      'reports.tier1',
      'reports.tier2',
      'reports.tier3',
    ],
    highlights: ['Everything in Basic', 'Higher bandwidth: 1,500 AI credits a month', 'All market report tiers', 'Up to 200 active listings'],
    purchasable: true,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    rank: 3,
    monthlyCentavos: null,
    annualCentavos: null,
    monthlyCredits: 10_000,
    activeListings: null,
    ariaMessagesPerDay: null,
    reportTiers: [1, 2, 3],
    entitlements: [...ENTITLEMENTS],
    highlights: ['Unlimited usage', 'Team management dashboard', 'Sub-accounts sharing a credit pool', 'Contact sales'],
    purchasable: false,
  },
};

/** The plan that unlocks an entitlement first (the cheapest), for the Upgrade prompt. */
export function lowestPlanWith(entitlement: Entitlement): PlanId {
  return PLAN_IDS.find((id) => PLANS[id].entitlements.includes(entitlement)) ?? 'enterprise';
}

/** Billing periods a member can buy online; `free` and `lifetime` are set by staff only. */
export const PURCHASABLE_PERIODS = ['monthly', 'annually'] as const;
export type PurchasablePeriod = (typeof PURCHASABLE_PERIODS)[number];

/** The price in centavos of a plan for a period bought online; null when it is not sold so. */
export function planPriceCentavos(plan: PlanId, period: string): number | null {
  const p = PLANS[plan];
  if (!p.purchasable) return null;
  if (period === 'monthly') return p.monthlyCentavos;
  if (period === 'annually') return p.annualCentavos;
  return null;
}

/** A paid period stays usable this many days past its end before it expires. */
export const SUBSCRIPTION_GRACE_DAYS = 3;

/** Adds calendar months to a date (the 31st becomes the month's last day when the month is shorter). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** Adds a billing period to a date (calendar months). */
export function addBillingPeriod(from: Date, period: 'monthly' | 'annually'): Date {
  return addMonths(from, period === 'monthly' ? 1 : 12);
}

/** Smallest amount a payment may be (PayMongo's minimum is ₱20.00). */
export const MIN_PAYMENT_CENTAVOS = 2_000;

/**
 * Proration of an upgrade to a higher plan: the unused share of the current paid period (by the
 * second, rounded down to the centavo) is taken off the new plan's price; the new period starts at
 * once. At least MIN_PAYMENT_CENTAVOS is charged.
 */
export function proratedUpgrade(
  newPriceCentavos: number,
  current: { paidCentavos: number; startedAt: Date; expiresAt: Date } | null,
  now: Date,
): { amountCentavos: number; creditCentavos: number } {
  if (!current || current.paidCentavos <= 0) return { amountCentavos: newPriceCentavos, creditCentavos: 0 };
  const total = current.expiresAt.getTime() - current.startedAt.getTime();
  const left = Math.max(0, current.expiresAt.getTime() - now.getTime());
  const credit = total > 0 ? Math.floor((current.paidCentavos * Math.min(left, total)) / total) : 0;
  const amount = Math.max(MIN_PAYMENT_CENTAVOS, newPriceCentavos - credit);
  return { amountCentavos: amount, creditCentavos: newPriceCentavos - amount };
}

/** What a plan change is measured against: the member's current subscription (null: none, i.e. Free). */
export interface CurrentPeriod {
  plan: PlanId;
  status: string;
  startedAt: Date;
  expiresAt: Date | null;
  paidCentavos: number;
}

/**
 * Whether buying `plan` starts at once: from Free, from a plan that is not active or has no end, or to
 * a higher plan; the same or a lower paid plan starts when the paid periods end instead.
 */
export function planChangeStartsNow(current: CurrentPeriod | null, plan: PlanId): boolean {
  if (!current || current.status !== 'active' || current.plan === 'free' || !current.expiresAt) return true;
  return PLANS[plan].rank > PLANS[current.plan].rank;
}

/**
 * The one rule for what buying a plan costs and when it starts (the API charges it, the checkout shows
 * it): at once with the unused share of the current paid period taken off (`proratedUpgrade`), or
 * from the end of the last paid period (`lastPaidEnd`: the current one's, or the last scheduled one's)
 * at full price. Null when the plan is not sold for the period.
 */
export function quotePlanChange(
  plan: PlanId,
  period: string,
  current: CurrentPeriod | null,
  lastPaidEnd: Date | null,
  now: Date,
): { priceCentavos: number; amountCentavos: number; prorationCentavos: number; startsAt: Date | null } | null {
  const price = planPriceCentavos(plan, period);
  if (price === null || price <= 0) return null;
  if (!planChangeStartsNow(current, plan)) {
    return { priceCentavos: price, amountCentavos: price, prorationCentavos: 0, startsAt: lastPaidEnd ?? current!.expiresAt };
  }
  const paid = current && current.status === 'active' && current.expiresAt && current.paidCentavos > 0 ? { paidCentavos: current.paidCentavos, startedAt: current.startedAt, expiresAt: current.expiresAt } : null;
  const { amountCentavos, creditCentavos } = proratedUpgrade(price, paid, now);
  return { priceCentavos: price, amountCentavos, prorationCentavos: creditCentavos, startsAt: null };
}

/** AI credit packs sold on their own; credits bought never expire. */
export const CREDIT_PACKS = {
  starter: { id: 'starter', credits: 50, priceCentavos: 25_000, name: '50 AI credits' },
  standard: { id: 'standard', credits: 200, priceCentavos: 90_000, name: '200 AI credits' },
  bulk: { id: 'bulk', credits: 1_000, priceCentavos: 400_000, name: '1,000 AI credits' },
} as const;
export type CreditPackId = keyof typeof CREDIT_PACKS;
export const CREDIT_PACK_IDS = Object.keys(CREDIT_PACKS) as CreditPackId[];

/** The kinds of rows of the credits ledger. */
export const CREDIT_ENTRY_KINDS = ['allowance', 'purchase', 'adjustment', 'reserve', 'commit', 'refund', 'transfer'] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];
/** A reservation not committed or refunded within this time is refunded by the credits task (a run that died). */
export const CREDIT_RESERVATION_TTL_MS = 15 * 60 * 1000;
/** The most credits one spend or one staff adjustment may move. */
export const CREDIT_MAX_MOVE = 1_000_000;

/** How a member pays; each is one of the spec's payment routes. */
export const PAYMENT_METHODS = ['maya_qr', 'maya_wallet', 'gcash', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  maya_qr: 'Maya QR',
  maya_wallet: 'Maya e-wallet',
  gcash: 'GCash',
  card: 'Credit or debit card',
};
/** How long a checkout of each method stays payable before the provider expires it. */
export const PAYMENT_EXPIRY_MS: Record<PaymentMethod, number> = {
  maya_qr: 30 * 60 * 1000,
  maya_wallet: 30 * 60 * 1000,
  gcash: 4 * 60 * 60 * 1000,
  card: 60 * 60 * 1000,
};

export const PAYMENT_PROVIDERS = ['sandbox', 'paymongo', 'maya'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_PURPOSES = ['subscription', 'credit_pack'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** A payment's states; each transition happens once (see PAYMENT_TRANSITIONS). */
export const PAYMENT_STATUSES = ['pending', 'awaiting_action', 'paid', 'failed', 'expired', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const OPEN_PAYMENT_STATUSES: readonly PaymentStatus[] = ['pending', 'awaiting_action'];

/**
 * The states a payment may move to from each state. A provider's late "paid" after we expired or a
 * failed attempt is honoured (the member's money was taken); nothing leaves paid but a refund.
 */
export const PAYMENT_TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['awaiting_action', 'paid', 'failed', 'expired', 'cancelled'],
  awaiting_action: ['paid', 'failed', 'expired', 'cancelled'],
  failed: ['paid'],
  expired: ['paid'],
  cancelled: ['paid'],
  paid: ['refunded'],
  refunded: [],
};

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

/** Formats centavos as pesos: 150000 → "₱1,500.00". */
export function formatCentavos(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  const pesos = Math.floor(abs / 100).toLocaleString('en-PH');
  return `${sign}₱${pesos}.${String(abs % 100).padStart(2, '0')}`;
}
