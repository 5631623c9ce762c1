import { Navigate, Outlet, useSearchParams } from 'react-router';
import { afterLogin, returnToFromParams } from '@/lib/return-to';
import { selectAuth, useAppSelector } from '@/lib/state/hooks';

/**
 * Login and sign-up: a signed-in member goes straight on: to the dashboard, or back to the page the
 * login was asked from (`?next=`, a validated same-origin path) with what they wanted to do there
 * (`?intent=`, handed over in the location state). This is the one place that moves a member on after
 * logging in or signing up, so the intent is handed over once. Loaded with the login and sign-up pages
 * (app/router.tsx), not up front.
 */
export function GuestOnly() {
  const { token, user } = useAppSelector(selectAuth);
  const [params] = useSearchParams();
  if (token && user) {
    const { to, state } = afterLogin(returnToFromParams(params));
    return <Navigate to={to} state={state} replace />;
  }
  return <Outlet />;
}
