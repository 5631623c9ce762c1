import type { ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
// the API of the pages (every endpoint with its cache tags), as app/router.tsx's page() loads it beside other pages
import '@/lib/api/endpoints';
import { RequireAdmin } from '@/app/require-admin';
import { NotFoundPage } from '@/app/status';
import { CreditsAdminPage, CurrencyRatesPage, SubscriptionsAdminPage } from '@/features/admin';
import { AdminLayout } from './AdminLayout';
import { AuditPage } from './AuditPage';
import { ExportPage, ExportsPage, ImportPage, ImportsPage } from './JobsPages';
import { ListingReviewPage } from './ListingReviewPage';
import { ListingsPage } from './ListingsPage';
import { OverviewPage } from './OverviewPage';
import { UserPage } from './UserPage';
import { UsersPage } from './UsersPage';
import { KycQueuePage, KycReviewPage } from './kyc/KycPages';
import { LicenceReviewPage, LicencesPage } from './licences/LicencePages';
import { EnterprisePage, EnterprisesPage } from './enterprises/EnterprisePages';
import { AssumptionsPage, DatasetsPage, DevelopmentsPage } from './market/MarketPages';
import { AriaConversationPage, AriaHistoryPage } from './aria/AriaPages';

/*
 * The console is one chunk (its pages, the data grid and the charts): one more dynamic import splits the
 * app's shared chunks once, where a chunk per page would split them per page and lengthen the first
 * download's preload list (apps/web/src/vite-build.test.ts).
 */

function page(Page: ComponentType) {
  return <Page />;
}

const PAGES: Array<[string | null, ComponentType]> = [
  [null, OverviewPage],
  ['users', UsersPage],
  ['users/:id', UserPage],
  ['listings', ListingsPage],
  ['listings/:id/review', ListingReviewPage],
  ['audit', AuditPage],
  ['exports', ExportsPage],
  ['exports/:id', ExportPage],
  ['imports', ImportsPage],
  ['imports/:id', ImportPage],
  ['subscriptions', SubscriptionsAdminPage],
  ['credits', CreditsAdminPage],
  ['kyc', KycQueuePage],
  ['kyc/:id', KycReviewPage],
  ['licences', LicencesPage],
  ['licences/:id', LicenceReviewPage],
  ['enterprises', EnterprisesPage],
  ['enterprises/:id', EnterprisePage],
  ['market/developments', DevelopmentsPage],
  ['market/assumptions', AssumptionsPage],
  ['market/datasets', DatasetsPage],
  ['aria', AriaHistoryPage],
  ['aria/:id', AriaConversationPage],
];

/** Route objects and useRoutes (not <Routes>, whose JSX-to-routes code would join the shared router chunk). */
const ROUTES: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: [
      ...PAGES.map(([path, Page]): RouteObject => (path ? { path, element: page(Page) } : { index: true, element: page(Page) })),
      {
        element: <RequireAdmin />,
        children: [{ path: 'currency-rates', element: page(CurrencyRatesPage) }],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * /admin/*: the console's pages inside its layout. One route of app/router.tsx (under RequireStaff) loads
 * this module; its pages load on demand, so the first download carries none of the console.
 */
export function AdminConsole() {
  return useRoutes(ROUTES);
}
