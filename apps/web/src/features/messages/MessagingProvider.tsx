import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { useRealtime } from '@/lib/realtime';
import type { AppDispatch, RootState } from '@/lib/state/root-reducer';
import { MessagingController } from './messaging-controller';

const MessagingContext = createContext<MessagingController | null>(null);

/**
 * Runs messaging for the whole app: the socket's messaging events update the thread lists, the open
 * conversation and the header badge wherever the member is.
 */
export function MessagingProvider({ children }: { children: ReactNode }) {
  const store = useStore<RootState>();
  const realtime = useRealtime();
  const [controller] = useState(
    () => new MessagingController({ dispatch: store.dispatch as AppDispatch, getState: store.getState, realtime }),
  );
  useEffect(() => controller.start(), [controller]);
  return <MessagingContext.Provider value={controller}>{children}</MessagingContext.Provider>;
}

export function useMessaging(): MessagingController {
  const controller = useContext(MessagingContext);
  if (!controller) throw new Error('useMessaging needs a MessagingProvider');
  return controller;
}
