import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { useRealtime } from '@/lib/realtime/context';
import type { Realtime } from '@/lib/realtime/types';
import { selectIsLoggedIn, useAppSelector } from '@/lib/state/hooks';
import type { AppDispatch, RootState } from '@/lib/state/root-reducer';
import type { MessagingController, MessagingControllerOptions } from './messaging-controller';

/**
 * The app's one messaging controller, made on first use. The controller's code is not in the app shell:
 * the provider loads it once a member is signed in, and the messages screens import it themselves (their
 * chunk holds it), so a screen never waits for it.
 *
 * The slot lives in the provider's state, which is kept because nothing below the provider suspends on
 * it: a component that suspends on the first render of a fresh tree (a reload of /messages/…) throws that
 * whole tree away, provider state included, so a promise made in that state is made again on every retry
 * and never settles in time — the suspense loop that lost a conversation's messages after a reload when
 * `useMessaging()` suspended on `use(import(...))`.
 */
export class MessagingSlot {
  private controller: MessagingController | null = null;

  constructor(private readonly options: MessagingControllerOptions) {}

  /** The controller, made with the given class the first time. */
  get(Controller: new (options: MessagingControllerOptions) => MessagingController): MessagingController {
    this.controller ??= new Controller(this.options);
    return this.controller;
  }
}

const MessagingContext = createContext<MessagingSlot | null>(null);

/** The slot of the surrounding MessagingProvider (for `useMessaging`, in `use-messaging.ts`). */
export function useMessagingSlot(): MessagingSlot {
  const slot = useContext(MessagingContext);
  if (!slot) throw new Error('useMessaging needs a MessagingProvider');
  return slot;
}

function startWhenLoaded(slot: MessagingSlot, realtime: Realtime): () => void {
  let stopped = false;
  let stop: (() => void) | undefined;
  void import('./messaging-controller').then(({ MessagingController }) => {
    if (stopped) return;
    const controller = slot.get(MessagingController);
    stop = controller.start();
    // the socket may have connected before the controller listened: what came meanwhile is refetched
    if (realtime.connected) controller.onReconnect();
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

/**
 * Runs messaging for the whole app: the socket's messaging events update the thread lists, the open
 * conversation and the header badge wherever the member is. The controller's code loads once a member
 * is signed in (a visitor's first page does not download it) and then runs for the app's life.
 */
export function MessagingProvider({ children }: { children: ReactNode }) {
  const store = useStore<RootState>();
  const realtime = useRealtime();
  const signedIn = useAppSelector(selectIsLoggedIn);
  const [slot] = useState(() => new MessagingSlot({ dispatch: store.dispatch as AppDispatch, getState: store.getState, realtime }));
  const [needed, setNeeded] = useState(signedIn);
  if (signedIn && !needed) setNeeded(true);
  useEffect(() => (needed ? startWhenLoaded(slot, realtime) : undefined), [slot, realtime, needed]);
  return <MessagingContext.Provider value={slot}>{children}</MessagingContext.Provider>;
}
