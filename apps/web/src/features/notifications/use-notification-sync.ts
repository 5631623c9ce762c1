import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { useLocation } from 'react-router';
import { useRealtime } from '@/lib/realtime/context';
import { selectIsLoggedIn, useAppSelector } from '@/lib/state/hooks';
import type { AppDispatch, RootState } from '@/lib/state/root-reducer';
import { startNotificationSync } from './notification-sync';

/**
 * Keeps the notifications in the cache current from the app's socket (the bell's count, the menu, the
 * notifications page) while the signed-in member's header is there. It lives in the header's chunk, not
 * in the app shell: a visitor's first page does not download it. When the header comes back (after a
 * status page, which has none) and the socket is up, the count and lists are asked again.
 */
export function useNotificationSync(): void {
  const store = useStore<RootState>();
  const realtime = useRealtime();
  const signedIn = useAppSelector(selectIsLoggedIn);
  const location = useLocation();
  const path = useRef<string | null>(null);
  useEffect(() => {
    path.current = `${location.pathname}${location.search}`;
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!signedIn) return undefined;
    return startNotificationSync({
      dispatch: store.dispatch as AppDispatch,
      getState: store.getState,
      realtime,
      onScreenPath: () => path.current,
    });
  }, [signedIn, store, realtime]);
}
