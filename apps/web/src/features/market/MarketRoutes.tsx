import { useRoutes, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/app/status';
import { ComparePage } from './ComparePage';
import { MarketPage } from './MarketPage';
import { ReportPage } from './ReportPage';

/** Route objects and useRoutes (not <Routes>, whose JSX-to-routes code would join the shared router chunk). */
const ROUTES: RouteObject[] = [
  { index: true, element: <MarketPage /> },
  { path: 'compare', element: <ComparePage /> },
  { path: ':area/:group', element: <ReportPage /> },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * The market reports' pages under /market/* (one route in the app's table, so the first download
 * carries one entry): the picker, the comparison, and one page per report.
 */
export function MarketRoutes() {
  return useRoutes(ROUTES);
}
