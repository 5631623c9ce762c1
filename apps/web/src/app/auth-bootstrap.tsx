import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { checkStoredSession, loadSessionUser } from '@/lib/state/session';

/**
 * Session start-up (spec section 4): whenever there is a token without a user (a stored session,
 * a social sign-in), the current user is fetched and a failure logs out. A stored session that
 * has its user is checked once in the background.
 */
export function AuthBootstrap() {
  const dispatch = useAppDispatch();
  const needsUser = useAppSelector((state) => Boolean(state.auth.token && !state.auth.user));

  useEffect(() => {
    void dispatch(checkStoredSession());
  }, [dispatch]);

  useEffect(() => {
    if (needsUser) void dispatch(loadSessionUser());
  }, [dispatch, needsUser]);

  return null;
}
