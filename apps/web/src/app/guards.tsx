import { Navigate, Outlet, useSearchParams } from 'react-router';
import { isAdmin } from '@/lib/api/types';
import { afterLogin, returnToFromParams } from '@/lib/return-to';
import { selectAuth, useAppSelector } from '@/lib/state/hooks';

/** Pages that need login: a guest goes to the 401 page; while the user loads, nothing renders. */
export function RequireAuth() {
  const { token, user } = useAppSelector(selectAuth);
  if (!token) return <Navigate to="/401" replace />;
  if (!user) return null; // the global overlay shows "Please wait..." meanwhile
  return <Outlet />;
}

/** Admin-only pages (admin and super_admin): anyone else goes to the 403 page. */
export function RequireAdmin() {
  const { token, user } = useAppSelector(selectAuth);
  if (!token) return <Navigate to="/401" replace />;
  if (!user) return null;
  if (!isAdmin(user)) return <Navigate to="/403" replace />;
  return <Outlet />;
}

/**
 * Login and sign-up: a signed-in member goes straight on: to the dashboard, or back to the page the
 * login was asked from (`?next=`, a validated same-origin path) with what they wanted to do there
 * (`?intent=`, handed over in the location state). This is the one place that moves a member on after
 * logging in or signing up, so the intent is handed over once.
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
