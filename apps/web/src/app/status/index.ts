export {
  STATUS_TEXTS,
  UnauthorizedPage,
  ForbiddenPage,
  NotFoundPage,
  MaintenancePage,
  OfflinePage,
  RouteErrorPage,
  reloadPage,
} from './pages';
export { ListingNotFound, LISTING_NOT_FOUND_TEXT } from '@/components/ui/ListingNotFound';
