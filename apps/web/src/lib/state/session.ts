import { api } from '../api/generated-shell';
import { errorStatus } from '../api/errors';
import { FIRST_SESSION_KEY, LAST_VISITED_PATH_KEY, AUTH_STORAGE_KEY, removeStorage } from '../storage';
import { loggedOut } from './auth-slice';
import type { AppThunk } from './root-reducer';
import { loadingFinished, loadingStarted } from './ui-slice';

/** The logout call is best effort: the local session is cleared after this long at most. */
export const LOGOUT_REQUEST_TIMEOUT_MS = 3000;

let logoutInFlight: Promise<void> | null = null;

/**
 * Logs out: tells the server (best effort), clears the session and its stored copy,
 * forgets the last visited path and empties every API cache. Concurrent calls share one logout.
 */
export function logout(): AppThunk<Promise<void>> {
  return (dispatch, getState) => {
    if (logoutInFlight) return logoutInFlight;
    logoutInFlight = (async () => {
      dispatch(loadingStarted());
      try {
        if (getState().auth.token) {
          const request = dispatch(
            api.endpoints.logoutUser.initiate(undefined, { subscribe: false, forceRefetch: true }),
          );
          let timer: ReturnType<typeof setTimeout> | undefined;
          await Promise.race([
            request.unwrap().catch(() => undefined),
            new Promise<void>((resolve) => {
              timer = setTimeout(resolve, LOGOUT_REQUEST_TIMEOUT_MS);
            }),
          ]);
          clearTimeout(timer);
        }
      } finally {
        dispatch(loggedOut());
        removeStorage(AUTH_STORAGE_KEY);
        removeStorage(LAST_VISITED_PATH_KEY);
        removeStorage(FIRST_SESSION_KEY);
        dispatch(api.util.resetApiState());
        dispatch(loadingFinished());
        logoutInFlight = null;
      }
    })();
    return logoutInFlight;
  };
}

/**
 * A session with a token but no user (spec section 4): fetch the current user while the
 * "Please wait..." overlay shows; any failure logs out.
 */
export function loadSessionUser(): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const { token, user } = getState().auth;
    if (!token || user) return;
    dispatch(loadingStarted());
    try {
      const result = await dispatch(
        api.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }),
      );
      const now = getState().auth;
      if (result.error && now.token === token && !now.user) await dispatch(logout());
    } finally {
      dispatch(loadingFinished());
    }
  };
}

/**
 * A stored session that has its user is checked once at start-up, which also refreshes the user;
 * only a 401 (revoked or expired token) logs out, a network failure keeps the session.
 */
export function checkStoredSession(): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const { token, user } = getState().auth;
    if (!token || !user) return;
    const result = await dispatch(
      api.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    if (errorStatus(result.error) === 401 && getState().auth.token === token) await dispatch(logout());
  };
}
