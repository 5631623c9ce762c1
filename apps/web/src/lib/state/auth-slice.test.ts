import { describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import { makeUser } from '@/test/fixtures';
import { readStoredSession, storeSession } from '@/test/render';
import { creditsUpdated, loggedOut, sessionStarted } from './auth-slice';

describe('auth slice', () => {
  it('starts from the stored login record', () => {
    const user = makeUser();
    storeSession('tok', user);
    expect(makeStore().getState().auth).toEqual({ token: 'tok', user });
  });

  it('ignores a corrupt stored record', () => {
    window.localStorage.setItem('auth', '{not json');
    expect(makeStore().getState().auth).toEqual({ token: null, user: null });
  });

  it('updates credits remaining locally and in the stored session', () => {
    const store = makeStore();
    store.dispatch(sessionStarted({ token: 'tok', user: makeUser({ credits: { remaining: 10 } }) }));
    store.dispatch(creditsUpdated(7));
    expect(store.getState().auth.user?.credits?.remaining).toBe(7);
    expect((readStoredSession() as { user: { credits: { remaining: number } } }).user.credits.remaining).toBe(7);
  });

  it('removes the stored record on logout', () => {
    const store = makeStore();
    store.dispatch(sessionStarted({ token: 'tok', user: makeUser() }));
    expect(readStoredSession()).not.toBeNull();
    store.dispatch(loggedOut());
    expect(readStoredSession()).toBeNull();
  });
});
