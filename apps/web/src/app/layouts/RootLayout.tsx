import { Outlet, ScrollRestoration } from 'react-router';
import { MessagingProvider } from '@/features/messages/MessagingProvider';
import { onDemand, useOnDemand } from '@/lib/on-demand';
import { useAppSelector } from '@/lib/state/hooks';
import { AuthBootstrap } from '../auth-bootstrap';
import { MaintenanceScreen, OfflineScreen, useOnlineStatusListener } from '../connectivity';
import { RouteTracker } from '../route-tracker';
import { Toaster, type ToastPosition } from '../toaster';

/**
 * The "Please wait..." overlay (MUI's Backdrop and Fade) loads the first time it opens, or earlier with the
 * visitor's first tap or key (main.tsx): it is closed on the first page of nearly every visit.
 */
export const loadingOverlayModule = onDemand(() => import('@/components/ui/LoadingOverlay'));

function GlobalLoadingOverlay() {
  const open = useAppSelector((state) => state.ui.loadingCount > 0);
  const LoadingOverlay = useOnDemand(loadingOverlayModule, open)?.LoadingOverlay;
  return LoadingOverlay ? <LoadingOverlay open={open} /> : null;
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
