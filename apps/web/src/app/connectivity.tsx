import { useEffect } from 'react';
import Box from '@mui/material/Box';
import { useGetHealthQuery } from '@/lib/api/generated-shell';
import { errorStatus } from '@/lib/api/errors';
import { useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { onlineStatusChanged } from '@/lib/state/ui-slice';
import { MaintenancePage, OfflinePage } from './status';

/** Tracks the browser's online/offline state in the UI slice. */
export function useOnlineStatusListener(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const onChange = (event: Event) => dispatch(onlineStatusChanged(event.type === 'online'));
    window.addEventListener('online', onChange);
    window.addEventListener('offline', onChange);
    dispatch(onlineStatusChanged(navigator.onLine));
    return () => {
      window.removeEventListener('online', onChange);
      window.removeEventListener('offline', onChange);
    };
  }, [dispatch]);
}

function FullScreenLayer({ children, testId, label }: { children: React.ReactNode; testId: string; label: string }) {
  return (
    <Box
      role="alertdialog"
      aria-modal="true"
      aria-label={label}
      data-testid={testId}
      sx={(theme) => ({
        position: 'fixed',
        inset: 0,
        zIndex: theme.zIndex.modal + 2,
        bgcolor: 'background.default',
        overflow: 'auto',
      })}
    >
      {children}
    </Box>
  );
}

/** Full-screen offline page, shown whenever the browser is offline. */
export function OfflineScreen() {
  const online = useAppSelector((state) => state.ui.online);
  if (online) return null;
  return (
    <FullScreenLayer testId="offline-screen" label="Offline">
      <OfflinePage />
    </FullScreenLayer>
  );
}

/** Shows the maintenance page when the API health check answers 503. */
export function MaintenanceScreen() {
  const { error } = useGetHealthQuery();
  if (errorStatus(error) !== 503) return null;
  return (
    <FullScreenLayer testId="maintenance-screen" label="Maintenance">
      <MaintenancePage />
    </FullScreenLayer>
  );
}
