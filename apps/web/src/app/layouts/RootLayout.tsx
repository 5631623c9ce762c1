import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingOverlay } from '@/components/ui/LoadingOverlay';
import { MessagingProvider } from '@/features/messages/shell';
import { useAppSelector } from '@/lib/state/hooks';
import { AuthBootstrap } from '../auth-bootstrap';
import { MaintenanceScreen, OfflineScreen, useOnlineStatusListener } from '../connectivity';
import { RouteTracker } from '../route-tracker';
import { Toaster, type ToastPosition } from '../toaster';

function GlobalLoadingOverlay() {
  const count = useAppSelector((state) => state.ui.loadingCount);
  return <LoadingOverlay open={count > 0} />;
}

export interface RootLayoutProps {
  toastPosition?: ToastPosition;
}

/**
 * Wraps every route: session start-up, tracking, realtime messaging, toasts, loading overlay, offline and
 * maintenance screens.
 */
export function RootLayout({ toastPosition }: RootLayoutProps) {
  useOnlineStatusListener();
  return (
    <MessagingProvider>
      <AuthBootstrap />
      <RouteTracker />
      <ScrollRestoration />
      <Outlet />
      <MaintenanceScreen />
      <OfflineScreen />
      <GlobalLoadingOverlay />
      <Toaster position={toastPosition} />
    </MessagingProvider>
  );
}
