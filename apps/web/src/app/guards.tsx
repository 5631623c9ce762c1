import { Navigate, Outlet } from 'react-router';
import { selectAuth, useAppSelector } from '@/lib/state/hooks';

/** Pages that need login: a guest goes to the 401 page; while the user loads, nothing renders. */
export function RequireAuth() {
  const { token, user } = useAppSelector(selectAuth);
  if (!token) return <Navigate to="/401" replace />;
  if (!user) return null; // the global overlay shows "Please wait..." meanwhile
  return <Outlet />;
}
