import { PLANS, type PlanId } from '@app/domain';

/** The plans of the plan table (spec section 9) as the home page shows them; prices in whole pesos. `price: null` means "Contact sales". */
export interface PlanTeaser {
  id: PlanId;
  name: string;
  price: number | null;
  /** Shown after the price: "/month" for the paid plans, "forever" for Free; none for "Contact sales". */
  period: string | null;
  features: string[];
}

/** A few lines of each plan (the plans page, /plans, has them all). */
const FEATURES: Record<PlanId, string[]> = {
  free: ['Browse and search listings', 'Save listings'],
  basic: ['Unlimited ARIA chat', 'Limited property teaser', 'Research and comparison'],
  premium: ['Everything in Basic', 'Higher bandwidth'],
  enterprise: ['Unlimited usage', 'Team management dashboard'],
};

export const PLAN_TEASERS: PlanTeaser[] = (['free', 'basic', 'premium', 'enterprise'] as const).map((id) => {
  const plan = PLANS[id];
  const price = plan.monthlyCentavos === null ? null : plan.monthlyCentavos / 100;
  return { id, name: plan.name, price, period: price === null ? null : price === 0 ? 'forever' : '/month', features: FEATURES[id] };
});
