import {
  ANNUAL_MONTHS_CHARGED,
  ENTITLEMENTS,
  MIN_PAYMENT_CENTAVOS,
  PLANS,
  PLAN_IDS,
  addMonths,
  formatCentavos,
  lowestPlanWith,
  planPriceCentavos,
  proratedUpgrade,
  quotePlanChange,
} from '@app/domain';
import { effectivePlan } from './subscriptions.service';

describe('the plan table and its rules (libs/domain billing)', () => {
  it('prices plans in centavos: the spec’s monthly prices, annual at ten months, Enterprise not sold online', () => {
    expect(planPriceCentavos('basic', 'monthly')).toBe(150_000);
    expect(planPriceCentavos('premium', 'monthly')).toBe(650_000);
    expect(planPriceCentavos('basic', 'annually')).toBe(150_000 * ANNUAL_MONTHS_CHARGED);
    expect(planPriceCentavos('enterprise', 'monthly')).toBeNull();
    expect(planPriceCentavos('free', 'monthly')).toBeNull();
    expect(planPriceCentavos('basic', 'lifetime')).toBeNull();
    expect(formatCentavos(650_000)).toBe('₱6,500.00');
    expect(formatCentavos(2_005)).toBe('₱20.05');
  });

  it('ranks plans so every higher plan includes the lower ones’ entitlements and limits', () => {
    for (let i = 1; i < PLAN_IDS.length; i++) {
      const lower = PLANS[PLAN_IDS[i - 1]];
      const higher = PLANS[PLAN_IDS[i]];
      expect(higher.rank).toBeGreaterThan(lower.rank);
      for (const e of lower.entitlements) expect(higher.entitlements).toContain(e);
      expect(higher.monthlyCredits).toBeGreaterThanOrEqual(lower.monthlyCredits);
      expect(higher.activeListings ?? Infinity).toBeGreaterThanOrEqual(lower.activeListings ?? Infinity);
    }
    for (const e of ENTITLEMENTS) expect(PLANS[lowestPlanWith(e)].entitlements).toContain(e);
    expect(lowestPlanWith('reports.tier2')).toBe('basic');
    expect(lowestPlanWith('reports.tier3')).toBe('premium');
    expect(lowestPlanWith('enterprise.team')).toBe('enterprise');
  });

  it('adds calendar months, keeping month ends', () => {
    expect(addMonths(new Date('2026-01-31T08:00:00Z'), 1).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addMonths(new Date('2026-01-31T08:00:00Z'), 2).toISOString()).toBe('2026-03-31T08:00:00.000Z');
    expect(addMonths(new Date('2028-02-29T00:00:00Z'), 12).toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });

  it('prorates an upgrade by the unused share of the paid period, never charging under the minimum', () => {
    const startedAt = new Date('2026-11-01T00:00:00Z');
    const expiresAt = new Date('2026-12-01T00:00:00Z');
    const half = new Date('2026-11-16T00:00:00Z');
    expect(proratedUpgrade(650_000, { paidCentavos: 150_000, startedAt, expiresAt }, half)).toEqual({ amountCentavos: 575_000, creditCentavos: 75_000 });
    expect(proratedUpgrade(650_000, null, half)).toEqual({ amountCentavos: 650_000, creditCentavos: 0 });
    expect(proratedUpgrade(650_000, { paidCentavos: 150_000, startedAt, expiresAt }, new Date('2027-01-01T00:00:00Z'))).toEqual({ amountCentavos: 650_000, creditCentavos: 0 });
    // a year of Premium nearly unused against a month of... (an upgrade never pays the member back)
    const big = proratedUpgrade(650_000, { paidCentavos: 6_500_000, startedAt, expiresAt: new Date('2027-11-01T00:00:00Z') }, startedAt);
    expect(big).toEqual({ amountCentavos: MIN_PAYMENT_CENTAVOS, creditCentavos: 650_000 - MIN_PAYMENT_CENTAVOS });
  });

  it('quotes a plan change by one rule (the API charges it, the checkout shows it)', () => {
    const now = new Date('2026-11-16T00:00:00Z');
    const basic = { plan: 'basic' as const, status: 'active', startedAt: new Date('2026-11-01T00:00:00Z'), expiresAt: new Date('2026-12-01T00:00:00Z'), paidCentavos: 150_000 };
    expect(quotePlanChange('premium', 'monthly', basic, null, now)).toEqual({ priceCentavos: 650_000, amountCentavos: 575_000, prorationCentavos: 75_000, startsAt: null });
    expect(quotePlanChange('basic', 'annually', basic, null, now)).toEqual({ priceCentavos: 1_500_000, amountCentavos: 1_500_000, prorationCentavos: 0, startsAt: basic.expiresAt });
    const scheduledEnd = new Date('2027-01-01T00:00:00Z');
    expect(quotePlanChange('basic', 'monthly', basic, scheduledEnd, now)?.startsAt).toEqual(scheduledEnd);
    expect(quotePlanChange('basic', 'monthly', null, null, now)).toEqual({ priceCentavos: 150_000, amountCentavos: 150_000, prorationCentavos: 0, startsAt: null });
    // an ended or staff-given (no payment) plan gives no credit, and a plan with no end starts the new one now
    expect(quotePlanChange('premium', 'monthly', { ...basic, status: 'expired' }, null, now)?.prorationCentavos).toBe(0);
    expect(quotePlanChange('basic', 'monthly', { ...basic, expiresAt: null, paidCentavos: 0 }, null, now)?.startsAt).toBeNull();
    expect(quotePlanChange('enterprise', 'monthly', basic, null, now)).toBeNull();
  });

  it('gives a suspended or ended subscription Free’s entitlements', () => {
    expect(effectivePlan({ plan: 'premium', status: 'active' })).toBe('premium');
    expect(effectivePlan({ plan: 'premium', status: 'suspended' })).toBe('free');
    expect(effectivePlan({ plan: 'premium', status: 'expired' })).toBe('free');
    expect(effectivePlan(null)).toBe('free');
  });
});
