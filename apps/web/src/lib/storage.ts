/** localStorage keys and safe accessors (storage can throw in private mode or when full). */
export const AUTH_STORAGE_KEY = 'auth';
export const LAST_VISITED_PATH_KEY = 'lastVisitedPath';
/** The member whose first session (the one that created the account) this is; see lib/first-session. */
export const FIRST_SESSION_KEY = 'firstSession';
/** The currency this browser shows prices in (a device preference: kept across logins). */
export const DISPLAY_CURRENCY_KEY = 'displayCurrency';

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable or full: the session simply is not persisted.
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // ignore
  }
}
