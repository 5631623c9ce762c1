import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { reportPageView } from '@/lib/analytics';
import { LAST_VISITED_PATH_KEY, writeStorage } from '@/lib/storage';
import { selectIsLoggedIn, useAppSelector } from '@/lib/state/hooks';

/** Route `handle` flag: auth and status pages are not remembered as the last visited path. */
export interface RouteHandle {
  rememberPath?: boolean;
}

/** Reports every route change as a page view and remembers where a member last was. */
export function RouteTracker() {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const path = `${pathname}${search}`;
  const remember = !matches.some((m) => (m.handle as RouteHandle | undefined)?.rememberPath === false);

  useEffect(() => {
    reportPageView(path);
  }, [path]);

  useEffect(() => {
    if (loggedIn && remember) writeStorage(LAST_VISITED_PATH_KEY, path);
  }, [loggedIn, remember, path]);

  return null;
}
