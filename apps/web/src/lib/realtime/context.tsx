import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { bindRealtimeToStore, type TokenSource } from './bind';
import { createDisabledRealtime, type Realtime, type RealtimeStatus } from './types';

const disabled = createDisabledRealtime();
const RealtimeContext = createContext<Realtime>(disabled);

export interface RealtimeProviderProps {
  /** The app's client; without one realtime is off and the app uses HTTP only. */
  client?: Realtime;
  children: ReactNode;
}

/** Provides the realtime client and connects it whenever the store holds a token. */
export function RealtimeProvider({ client = disabled, children }: RealtimeProviderProps) {
  const store = useStore() as unknown as TokenSource;
  useEffect(() => bindRealtimeToStore(store, client), [store, client]);
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): Realtime {
  return useContext(RealtimeContext);
}

/** The connection status, re-rendering when it changes. */
export function useRealtimeStatus(): RealtimeStatus {
  const realtime = useRealtime();
  return useSyncExternalStore(
    (listener) => realtime.subscribe(listener),
    () => realtime.status,
    () => realtime.status,
  );
}
