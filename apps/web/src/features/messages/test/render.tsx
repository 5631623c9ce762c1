import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createRoutes } from '@/app/router';
import { makeStore } from '@/app/store';
import { RealtimeClient, type Realtime } from '@/lib/realtime';
import { fakeSocketFactory } from '@/lib/realtime/testing';

export interface RenderMessagingOptions {
  /** false: no realtime client at all (HTTP only), as the plain test render does. */
  socket?: boolean;
}

/**
 * The whole app (real store, routes, providers) with a realtime client on a fake socket: the test
 * plays the server with `socket().connectNow()`, `socket().serverEmit(...)` and `socket().ackWith`.
 */
export function renderMessagingApp(route: string, { socket = true }: RenderMessagingOptions = {}) {
  const store = makeStore();
  const fake = fakeSocketFactory();
  const realtime: Realtime | undefined = socket ? new RealtimeClient(fake.factory) : undefined;
  const router = createMemoryRouter(createRoutes(), { initialEntries: [route] });
  // the composer's file input has an accept list; tests pick refused files on purpose
  const user = userEvent.setup({ applyAccept: false });
  const utils = render(
    <AppProviders store={store} realtime={realtime}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const current = () => {
    const s = fake.latest;
    if (!s) throw new Error('no socket was opened');
    return s;
  };
  return { store, router, user, fake, realtime, socket: current, ...utils };
}

/**
 * A desktop-wide window for MUI's useMediaQuery (jsdom has no matchMedia, which reads as a phone):
 * returns the function that restores the phone default.
 */
export function setDesktopWidth(width = 1280): () => void {
  const previous = window.matchMedia;
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    } as MediaQueryList;
  }) as typeof window.matchMedia;
  return () => {
    window.matchMedia = previous;
  };
}
