import type { Realtime } from './realtime-client';

/** The part of the Redux store the binding reads. */
export interface TokenSource {
  getState(): { auth: { token: string | null } };
  subscribe(listener: () => void): () => void;
}

/**
 * Keeps the realtime connection in step with the session (spec section 4): a socket is open while
 * the auth state holds a token, closed when it is gone, replaced when the token changes.
 * Returns the function that unbinds (and closes the socket).
 */
export function bindRealtimeToStore(store: TokenSource, realtime: Realtime): () => void {
  let token = store.getState().auth.token;
  realtime.setToken(token);
  const unsubscribe = store.subscribe(() => {
    const next = store.getState().auth.token;
    if (next === token) return;
    token = next;
    realtime.setToken(next);
  });
  return () => {
    unsubscribe();
    realtime.setToken(null);
  };
}
