import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createRoutes, type AppRouteOptions } from '@/app/router';
import { makeStore } from '@/app/store';
import type { User } from '@/lib/api/types';
import type { Realtime } from '@/lib/realtime/types';
import { AUTH_STORAGE_KEY } from '@/lib/storage';
import { apiError, server } from './msw-server';

export interface RenderAppOptions extends AppRouteOptions {
  /** A realtime client (e.g. a RealtimeClient on a fake socket); none by default: HTTP only. */
  realtime?: Realtime;
}

/** Renders the whole app (real store, real routes) at `route`, as main.tsx does. */
export function renderApp(route = '/', { realtime, ...options }: RenderAppOptions = {}) {
  const store = makeStore();
  const router = createMemoryRouter(createRoutes(options), { initialEntries: [route] });
  const user = userEvent.setup();
  const utils = render(
    <AppProviders store={store} realtime={realtime}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, router, user, ...utils };
}

/** Puts a login record in localStorage, as a previous visit would have left it. */
export function storeSession(token: string, user: User | null) {
  window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ token, user }));
}

export function readStoredSession(): unknown {
  const raw = window.localStorage.getItem(AUTH_STORAGE_KEY);
  return raw === null ? null : JSON.parse(raw);
}

/** The API knows `token` as `user`'s session: GET /api/current/user answers with the user. */
export function serveSession(token: string, user: User) {
  const calls: string[] = [];
  server.use(
    http.get('*/api/current/user', ({ request }) => {
      const auth = request.headers.get('authorization') ?? '';
      calls.push(auth);
      return auth === `Bearer ${token}` ? HttpResponse.json(user) : apiError(401, 'Unauthorized', 'Unauthorized');
    }),
  );
  return calls;
}
