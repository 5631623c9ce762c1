import { Navigate, Outlet } from 'react-router';
import { isAdmin, isStaff } from '@/lib/api/types';
import { selectAuth, useAppSelector } from '@/lib/state/hooks';

/**
 * Admin-only pages (admin and super_admin): a guest goes to the 401 page, anyone else to the 403 page.
 * Loaded with those pages (app/router.tsx), not up front.
 */
export function RequireAdmin() {
  const { token, user } = useAppSelector(selectAuth);
  if (!token) return <Navigate to="/401" replace />;
  if (!user) return null;
  if (!isAdmin(user)) return <Navigate to="/403" replace />;
  return <Outlet />;
}

/**
 * Staff pages (viewer, admin, super_admin: a viewer reads, the page hides what only admins may do): a
 * guest goes to the 401 page, a member to the 403 page.
 */
export function RequireStaff() {
  const { token, user } = useAppSelector(selectAuth);
  if (!token) return <Navigate to="/401" replace />;
  if (!user) return null;
  if (!isStaff(user)) return <Navigate to="/403" replace />;
  return <Outlet />;
}
