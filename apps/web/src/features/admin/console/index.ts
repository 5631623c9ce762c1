/** The admin console (/admin/*), loaded only by its routes (app/router.tsx). */
export { AdminLayout } from './AdminLayout';
export { OverviewPage } from './OverviewPage';
export { UsersPage } from './UsersPage';
export { UserPage } from './UserPage';
export { ListingsPage } from './ListingsPage';
export { ListingReviewPage } from './ListingReviewPage';
export { AuditPage } from './AuditPage';
export { ExportsPage, ExportPage, ImportsPage, ImportPage } from './JobsPages';
