import { configureStore } from '@reduxjs/toolkit';
import { storeApi } from '@/lib/api/store-api';
import { loadStoredSession, persistSession } from '@/lib/state/auth-slice';
import { rootReducer, type RootState } from '@/lib/state/root-reducer';

/** Builds the store; the auth slice starts from the stored login record unless one is given. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { auth: loadStoredSession(), ...preloadedState },
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        // Multipart uploads keep their FormData argument in the mutation cache entry.
        serializableCheck: { ignoredPaths: [/^api\.mutations\./] },
      }).concat(storeApi.middleware),
  });

  // Keep localStorage `auth` equal to the auth slice: exactly `{ token, user }`, removed on logout.
  let previous = store.getState().auth;
  store.subscribe(() => {
    const next = store.getState().auth;
    if (next !== previous) {
      previous = next;
      persistSession(next);
    }
  });

  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
