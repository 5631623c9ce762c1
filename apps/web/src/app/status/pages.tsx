import { useEffect, useState } from 'react';
import { useNavigate, isRouteErrorResponse, useRouteError } from 'react-router';
import BlockIcon from '@mui/icons-material/Block';
import BuildIcon from '@mui/icons-material/Build';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import LockIcon from '@mui/icons-material/Lock';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import { StatusPage } from '@/components/ui/StatusPage';

/** Texts of the spec (section 2). */
export const STATUS_TEXTS = {
  unauthorized: {
    title: 'Please log in to access this page',
    subtitle: 'Unauthorized Access',
    button: 'Go to Login',
  },
  forbidden: {
    title: "You don't have permission to view this page",
    subtitle: 'Access Denied',
    button: 'Go Home',
  },
  notFound: {
    title: "The page or item you're looking for might have been moved or deleted",
    subtitle: 'Page not found',
    button: 'Go Home',
  },
  maintenance: {
    title: 'Our site is currently undergoing maintenance. Please check back later',
    subtitle: "We'll be back soon",
    button: 'Refresh',
  },
  offline: {
    title: 'You are currently offline',
    message: 'Please check your internet connection and try again',
    button: 'Retry',
    /** Retry pressed while the browser is still offline (a reload would show the browser's own error page). */
    stillOffline: 'Still offline. This page closes by itself once you are back online.',
  },
} as const;

export function reloadPage(): void {
  window.location.reload();
}

export function UnauthorizedPage() {
  const t = STATUS_TEXTS.unauthorized;
  return (
    <StatusPage
      data-testid="unauthorized-page"
      title={t.title}
      subtitle={t.subtitle}
      icon={<LockIcon fontSize="inherit" />}
      action={{ label: t.button, to: '/login' }}
    />
  );
}

export function ForbiddenPage() {
  const t = STATUS_TEXTS.forbidden;
  return (
    <StatusPage
      data-testid="forbidden-page"
      title={t.title}
      subtitle={t.subtitle}
      icon={<BlockIcon fontSize="inherit" />}
      action={{ label: t.button, to: '/' }}
    />
  );
}

export function NotFoundPage() {
  const t = STATUS_TEXTS.notFound;
  return (
    <StatusPage
      data-testid="not-found-page"
      title={t.title}
      subtitle={t.subtitle}
      icon={<TravelExploreIcon fontSize="inherit" />}
      action={{ label: t.button, to: '/' }}
    />
  );
}

export function MaintenancePage({ onRefresh = reloadPage }: { onRefresh?: () => void }) {
  const t = STATUS_TEXTS.maintenance;
  return (
    <StatusPage
      data-testid="maintenance-page"
      title={t.title}
      subtitle={t.subtitle}
      icon={<BuildIcon fontSize="inherit" />}
      action={{ label: t.button, onClick: onRefresh }}
    />
  );
}

export function browserIsOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

/**
 * Retry reloads once the browser is online again; pressed while it is still offline it stays here (the
 * page goes away by itself on the browser's `online` event) instead of reloading into the browser's
 * own error page.
 */
export function OfflinePage({ onRetry = reloadPage, isOnline = browserIsOnline }: { onRetry?: () => void; isOnline?: () => boolean }) {
  const t = STATUS_TEXTS.offline;
  const [status, setStatus] = useState('');
  const retry = () => {
    if (isOnline()) {
      onRetry();
      return;
    }
    setStatus(t.stillOffline);
  };
  return (
    <StatusPage
      data-testid="offline-page"
      title={t.title}
      message={t.message}
      icon={<WifiOffIcon fontSize="inherit" />}
      action={{ label: t.button, onClick: retry }}
      status={status}
    />
  );
}

/** Route error boundary: unknown loader 404s show the 404 page, anything else a generic error. */
export function RouteErrorPage({ isOnline = browserIsOnline, onOnline = reloadPage }: { isOnline?: () => boolean; onOnline?: () => void }) {
  const error = useRouteError();
  const navigate = useNavigate();
  // A page whose code or data could not be fetched because the connection dropped: show the offline
  // page, and try the page again once the browser is back online.
  const offline = !isOnline();
  useEffect(() => {
    if (!offline) return;
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [offline, onOnline]);
  if (offline) return <OfflinePage isOnline={isOnline} onRetry={onOnline} />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 401) return <UnauthorizedPage />;
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenPage />;
  if (import.meta.env.DEV) console.error(error);
  return (
    <StatusPage
      data-testid="error-page"
      title="Something went wrong on this page"
      subtitle="Unexpected error"
      message="Please reload the page. If the problem continues, try again later."
      icon={<ErrorOutlineIcon fontSize="inherit" />}
      action={{ label: 'Go Home', onClick: () => navigate('/') }}
    />
  );
}
