/** Plans of the spec (section 9); prices in PHP. `price: null` means "Contact sales". */
export interface PlanTeaser {
  id: 'free' | 'basic' | 'premium' | 'enterprise';
  name: string;
  price: number | null;
  /** Shown after the price: "/month" for the paid plans, "forever" for Free; none for "Contact sales". */
  period: string | null;
  features: string[];
}

export const PLAN_TEASERS: PlanTeaser[] = [
  { id: 'free', name: 'Free', price: 0, period: 'forever', features: ['Browse and search listings', 'Save listings'] },
  {
    id: 'basic',
    name: 'Basic',
    price: 1500,
    period: '/month',
    features: ['Unlimited ARIA chat', 'Limited property teaser', 'Research and comparison'],
  },
  { id: 'premium', name: 'Premium', price: 6500, period: '/month', features: ['Everything in Basic', 'Higher bandwidth'] },
  { id: 'enterprise', name: 'Enterprise', price: null, period: null, features: ['Unlimited usage', 'Team management dashboard'] },
];
