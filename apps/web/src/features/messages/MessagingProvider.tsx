import { createContext, use, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { useRealtime } from '@/lib/realtime';
import { selectIsLoggedIn, useAppSelector } from '@/lib/state/hooks';
import type { AppDispatch, RootState } from '@/lib/state/root-reducer';
import type { MessagingController } from './messaging-controller';

interface ControllerLoader {
  /** The app's one controller; its code loads on the first call (the same promise every time). */
  get(): Promise<MessagingController>;
}

const MessagingContext = createContext<ControllerLoader | null>(null);

/**
 * Runs messaging for the whole app: the socket's messaging events update the thread lists, the open
 * conversation and the header badge wherever the member is. The controller's code loads once a
 * member is signed in (a visitor's first page does not download it) and then runs for the app's life.
 */
export function MessagingProvider({ children }: { children: ReactNode }) {
  const store = useStore<RootState>();
  const realtime = useRealtime();
  const signedIn = useAppSelector(selectIsLoggedIn);
  const [loader] = useState<ControllerLoader>(() => {
    let controller: Promise<MessagingController> | null = null;
    return {
      get: () =>
        (controller ??= import('./messaging-controller').then(
          ({ MessagingController }) => new MessagingController({ dispatch: store.dispatch as AppDispatch, getState: store.getState, realtime }),
        )),
    };
  });
  const [needed, setNeeded] = useState(signedIn);
  if (signedIn && !needed) setNeeded(true);
  useEffect(() => {
    if (!needed) return;
    let stopped = false;
    let stop: (() => void) | void;
    void loader.get().then((controller) => {
      if (!stopped) stop = controller.start();
    });
    return () => {
      stopped = true;
      if (stop) stop();
    };
  }, [loader, needed]);
  return <MessagingContext.Provider value={loader}>{children}</MessagingContext.Provider>;
}

/** The messaging controller; the component suspends while its code loads. */
export function useMessaging(): MessagingController {
  const loader = useContext(MessagingContext);
  if (!loader) throw new Error('useMessaging needs a MessagingProvider');
  return use(loader.get());
}
