import { createBrowserRouter, type RouteObject } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { RequireAuth } from './guards';
import { MainLayout } from './layouts/MainLayout';
import { RootLayout } from './layouts/RootLayout';
import type { RouteHandle } from './route-tracker';
import { ForbiddenPage, NotFoundPage, RouteErrorPage, UnauthorizedPage } from './status';
import type { ToastPosition } from './toaster';

const notRemembered: RouteHandle = { rememberPath: false };

/**
 * A page module, loaded together with the API of the pages (every endpoint with its cache tags, see
 * lib/api/endpoints.ts): the first download holds only the shell's few endpoints.
 */
function page<M>(load: () => Promise<M>): Promise<M> {
  return Promise.all([import('@/lib/api/endpoints'), load()]).then(([, module]) => module);
}

/** A page of the billing module (plans, checkout, billing, credits, the payment sandbox), as a route's `lazy`: loaded through app/deferred-routes.ts. */
const billing = (name: BillingPage) => () => import('./deferred-routes').then((m) => m.billingPage(name));
type BillingPage = Parameters<(typeof import('./deferred-routes'))['billingPage']>[0];

/** An account page loaded through app/deferred-routes.ts (its preload list stays out of the first download), as a route's `lazy`. */
const deferred = (name: keyof DeferredPages) => () => import('./deferred-routes').then((m) => m.DEFERRED_PAGES[name]());
type DeferredPages = (typeof import('./deferred-routes'))['DEFERRED_PAGES'];

function PageFallback() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

export interface AppRouteOptions {
  /** Screen position of the toasts (default top-right). */
  toastPosition?: ToastPosition;
}

/** The route table; feature pages load lazily (the listing pages each alone: only the detail and form pages need the map). */
export function createRoutes({ toastPosition }: AppRouteOptions = {}): RouteObject[] {
  return [
    {
      element: <RootLayout toastPosition={toastPosition} />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <PageFallback />,
      children: [
        {
          element: <MainLayout />,
          children: [
            { index: true, lazy: () => page(() => import('@/features/home')).then((m) => ({ Component: m.HomePage })) },
            {
              path: 'plans',
              lazy: billing('PlansPage'),
            },
            {
              path: 'listings',
              lazy: () => page(() => import('@/features/listings/routes/ListingSearchPage')).then((m) => ({ Component: m.ListingSearchPage })),
            },
            {
              path: 'listings/:id',
              lazy: () => page(() => import('@/features/listings/routes/ListingDetailPage')).then((m) => ({ Component: m.ListingDetailPage })),
            },
            // market reports, public (guests read the free ones; a locked one answers 402: the Upgrade prompt); their own routes
            { path: 'market/*', lazy: deferred('market') },
            {
              lazy: () => import('./guest-only').then((m) => ({ Component: m.GuestOnly })),
              handle: notRemembered,
              children: [
                { path: 'login', lazy: () => page(() => import('@/features/auth')).then((m) => ({ Component: m.LoginPage })) },
                { path: 'signup', lazy: () => page(() => import('@/features/auth')).then((m) => ({ Component: m.SignupPage })) },
              ],
            },
            {
              path: 'forgot-password',
              handle: notRemembered,
              lazy: () => page(() => import('@/features/auth')).then((m) => ({ Component: m.ForgotPasswordPage })),
            },
            {
              path: 'reset-password',
              handle: notRemembered,
              lazy: () => page(() => import('@/features/auth')).then((m) => ({ Component: m.ResetPasswordPage })),
            },
            {
              path: 'verify-email',
              handle: notRemembered,
              lazy: () => page(() => import('@/features/auth')).then((m) => ({ Component: m.VerifyEmailPage })),
            },
            {
              path: 'auth/callback',
              handle: notRemembered,
              lazy: () => page(() => import('@/features/auth')).then((m) => ({ Component: m.AuthCallbackPage })),
            },
            {
              // an enterprise invitation: signed in, join; signed out, sign in or create the account
              path: 'team/join/:token',
              lazy: deferred('joinTeam'),
            },
            {
              element: <RequireAuth />,
              children: [
                {
                  path: 'dashboard',
                  lazy: () => page(() => import('@/features/dashboard')).then((m) => ({ Component: m.DashboardPage })),
                },
                {
                  path: 'activity',
                  lazy: deferred('activity'),
                },
                {
                  path: 'settings',
                  lazy: deferred('settings'),
                },
                {
                  path: 'listings/new',
                  lazy: () => page(() => import('@/features/listings/routes/ListingFormPage')).then((m) => ({ Component: m.NewListingPage })),
                },
                {
                  path: 'listings/:id/edit',
                  lazy: () => page(() => import('@/features/listings/routes/ListingFormPage')).then((m) => ({ Component: m.EditListingPage })),
                },
                {
                  path: 'my/listings',
                  lazy: () => page(() => import('@/features/listings/routes/MyListingsPage')).then((m) => ({ Component: m.MyListingsPage })),
                },
                {
                  path: 'saved',
                  lazy: deferred('saved'),
                },
                {
                  path: 'messages',
                  lazy: () => page(() => import('@/features/messages')).then((m) => ({ Component: m.MessagesPage })),
                },
                {
                  path: 'messages/:threadId',
                  lazy: () => page(() => import('@/features/messages')).then((m) => ({ Component: m.MessagesPage })),
                },
                {
                  path: 'notifications',
                  lazy: deferred('notifications'),
                },
                {
                  path: 'checkout',
                  lazy: billing('CheckoutPage'),
                },
                {
                  path: 'billing',
                  lazy: billing('BillingPage'),
                },
                {
                  path: 'billing/result',
                  lazy: billing('PaymentResultPage'),
                },
                {
                  path: 'credits',
                  lazy: billing('CreditsPage'),
                },
                {
                  path: 'verification',
                  lazy: deferred('verification'),
                },
                {
                  path: 'team',
                  lazy: deferred('team'),
                },
                // ARIA, the assistant: a new chat, or a conversation, feasibility run or comparison of the history
                { path: 'aria/*', lazy: deferred('aria') },
              ],
            },
            {
              // the admin console (its own routes, loaded with it): viewers read, admins and super admins act; members 403, guests 401
              lazy: () => import('./require-admin').then((m) => ({ Component: m.RequireStaff })),
              children: [{ path: 'admin/*', lazy: () => import('@/features/admin/console/load').then((m) => m.lazyConsole()) }],
            },
          ],
        },
        {
          // the payment sandbox's checkout stands in for a provider's own page: no app header, public
          path: 'sandbox-checkout/:checkoutId',
          handle: notRemembered,
          lazy: billing('SandboxCheckoutPage'),
        },
        { path: '401', handle: notRemembered, element: <UnauthorizedPage /> },
        { path: '403', handle: notRemembered, element: <ForbiddenPage /> },
        { path: '404', handle: notRemembered, element: <NotFoundPage /> },
        { path: '*', handle: notRemembered, element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createAppRouter(options?: AppRouteOptions) {
  return createBrowserRouter(createRoutes(options));
}
