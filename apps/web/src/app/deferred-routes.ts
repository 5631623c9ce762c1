/**
 * Loaders of account pages a member opens now and then (activity, saved items, notifications,
 * verification, account settings, the team, joining a team), of the billing pages (plans, checkout, billing, credits, the payment sandbox), of the market reports (picker, report, comparison) and of ARIA's page, kept out of the first download: a route's `lazy` carries
 * the list of files its page preloads, and these lists ride in this small chunk instead of the
 * router's (apps/web/src/vite-build.test.ts holds the first page to 170 kB). Opening one of these
 * pages costs one more small request.
 */
function page<M>(load: () => Promise<M>): Promise<M> {
  return Promise.all([import('@/lib/api/endpoints'), load()]).then(([, module]) => module);
}

type TeamPages = typeof import('@/features/team');
const team = (name: 'TeamPage' | 'JoinTeamPage') =>
  page((): Promise<TeamPages> => import('@/features/team')).then((m) => ({ Component: m[name] }));

type BillingPages = typeof import('@/features/billing');

/** A page of the billing module (plans, checkout, billing, credits, the payment sandbox). */
export const billingPage = (name: 'PlansPage' | 'CheckoutPage' | 'BillingPage' | 'PaymentResultPage' | 'CreditsPage' | 'SandboxCheckoutPage') =>
  page((): Promise<BillingPages> => import('@/features/billing')).then((m) => ({ Component: m[name] }));

export const DEFERRED_PAGES = {
  activity: () => page(() => import('@/features/activity')).then((m) => ({ Component: m.ActivityPage })),
  saved: () => page(() => import('@/features/saved')).then((m) => ({ Component: m.SavedItemsPage })),
  notifications: () => page(() => import('@/features/notifications')).then((m) => ({ Component: m.NotificationsPage })),
  verification: () => page(() => import('@/features/verification')).then((m) => ({ Component: m.VerificationPage })),
  settings: () => page(() => import('@/features/account')).then((m) => ({ Component: m.SettingsPage })),
  team: () => team('TeamPage'),
  joinTeam: () => team('JoinTeamPage'),
  market: () => page(() => import('@/features/market')).then((m) => ({ Component: m.MarketRoutes })),
  aria: () => page(() => import('@/features/aria')).then((m) => ({ Component: m.AriaPage })),
};
