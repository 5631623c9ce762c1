/**
 * "Welcome" or "Welcome back": a member's first session is the one that created their account (the
 * sign-up form, or a social sign-in that made a new account). The id of that member is kept in
 * localStorage key `firstSession` until they log out, so a reload during that first session still says
 * "Welcome"; every later login (password or social) says "Welcome back".
 */
import type { User } from './api/types';
import { FIRST_SESSION_KEY, readStorage, removeStorage, writeStorage } from './storage';

/** A social sign-in whose account is younger than this made the account. */
export const NEW_ACCOUNT_WINDOW_MS = 5 * 60 * 1000;

/** After sign-up (or a social sign-in): remembers the member when this session created the account. */
export function markFirstSession(user: Pick<User, '_id' | 'dateSignedUp'>, createdNow: boolean, now = Date.now()): void {
  const signedUp = Date.parse(user.dateSignedUp);
  const isNew = createdNow || (Number.isFinite(signedUp) && now - signedUp >= -60_000 && now - signedUp < NEW_ACCOUNT_WINDOW_MS);
  if (isNew) writeStorage(FIRST_SESSION_KEY, user._id);
  else removeStorage(FIRST_SESSION_KEY);
}

/** A password login is never the first session. */
export function clearFirstSession(): void {
  removeStorage(FIRST_SESSION_KEY);
}

export function isFirstSession(userId: string): boolean {
  return readStorage(FIRST_SESSION_KEY) === userId;
}
