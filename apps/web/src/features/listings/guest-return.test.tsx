import { cleanup, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '@/lib/navigation';
import { makeListing, makePagination, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
// Loaded up front so the lazy routes resolve at once.
import './index';
import '@/features/auth';
import '@/features/dashboard';
import '@/features/messages';
import { ME, OTHER, makeThread } from '@/features/messages/test/fixtures';

const member = makeUser({ _id: 'u_customer', firstName: 'Ana' });

/** A listing (saved once the member saves it), the login, and the messaging calls; counts what was sent. */
function serve() {
  const sent = { saves: [] as unknown[], threads: [] as unknown[], logins: 0 };
  let saved = false;
  server.use(
    http.get('*/api/listing/get/:id', () => HttpResponse.json(makeListing({ isSaved: saved }))),
    http.post('*/api/listing/update/behavior/:id', () => HttpResponse.json({ views: 11 })),
    http.get('*/api/listing/reviews/:id', () => HttpResponse.json({ reviews: [], pagination: makePagination(0, 0, 5) })),
    http.post('*/api/listing/search/nearby', () => HttpResponse.json({ listings: [], areasNearby: [] })),
    http.post('*/api/listing/save', async ({ request }) => {
      sent.saves.push(await request.json());
      saved = true;
      return HttpResponse.json({ saved: true, savedCount: 3 });
    }),
    http.post('*/api/user/login', () => {
      sent.logins += 1;
      return HttpResponse.json({ token: 'tok-login', user: member });
    }),
    http.post('*/api/threads', async ({ request }) => {
      sent.threads.push(await request.json());
      return HttpResponse.json(makeThread({ _id: 't_new', participants: [{ ...ME, _id: 'u_customer' }, OTHER] }), { status: 201 });
    }),
    http.get('*/api/threads', () => HttpResponse.json({ threads: [], pagination: makePagination(0, 0, 20) })),
    http.get('*/api/threads/unread-count', () => HttpResponse.json({ count: 0 })),
    http.get('*/api/threads/:threadId/messages', () => HttpResponse.json({ messages: [], pagination: makePagination(0, 0, 20) })),
    http.get('*/api/threads/:threadId', () => HttpResponse.json(makeThread({ _id: 't_new' }))),
  );
  return sent;
}

async function logIn(ui: ReturnType<typeof renderApp>['user']) {
  await ui.type(await screen.findByLabelText('Email'), 'ana@example.ph');
  await ui.type(screen.getByLabelText('Password'), 'secret-pass');
  await ui.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('a guest who presses Save or Check availability', { timeout: 30_000 }, () => {
  it('Save: is told why on the login page, comes back to the listing after login and it is saved, once', async () => {
    const sent = serve();
    const { user: ui, router } = renderApp('/listings/l_1');
    await ui.click(await screen.findByRole('button', { name: 'Save' }, { timeout: 10000 }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ next: '/listings/l_1', intent: 'save' });
    expect(await screen.findByTestId('login-reason', {}, { timeout: 10000 })).toHaveTextContent('Log in to save this listing');
    // the sign-up link keeps where to go back to
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup?next=%2Flistings%2Fl_1&intent=save');

    await logIn(ui);
    await waitFor(() => expect(router.state.location.pathname).toBe('/listings/l_1'), { timeout: 10000 });
    expect(await screen.findByRole('button', { name: 'Saved' }, { timeout: 10000 })).toHaveAttribute('aria-pressed', 'true');
    expect(sent.saves).toEqual([{ listingId: 'l_1' }]);
    // the intent is gone from the history entry: a reload or Back does not save again
    expect(router.state.location.state).toBeNull();
    expect(sent.logins).toBe(1);
  });

  it('Check availability: is told why, and after login the conversation with the owner opens', async () => {
    const sent = serve();
    const { user: ui, router } = renderApp('/listings/l_1');
    await ui.click(await screen.findByRole('button', { name: 'Check availability' }, { timeout: 10000 }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByTestId('login-reason', {}, { timeout: 10000 })).toHaveTextContent('Log in to message the owner');
    await logIn(ui);

    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/t_new'), { timeout: 10000 });
    expect(sent.threads).toEqual([{ listingId: 'l_1' }]);
    expect(sent.saves).toEqual([]);
  });

  it('is never sent elsewhere: an outside or odd `next` leads to the dashboard, with no action taken', async () => {
    for (const next of ['//evil.example/listings/l_1', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const sent = serve();
      const { user: ui, router, unmount } = renderApp(`/login?next=${encodeURIComponent(next)}&intent=save`);
      expect(screen.queryByTestId('login-reason')).not.toBeInTheDocument();
      await logIn(ui);
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 10000 });
      expect(sent.saves).toEqual([]);
      unmount();
      window.localStorage.clear();
    }
  });

  it('an intent in the address alone does nothing for a signed-in member', async () => {
    const sent = serve();
    storeSession('tok-login', member);
    serveSession('tok-login', member);
    renderApp('/listings/l_1?intent=save');
    expect(await screen.findByRole('button', { name: 'Save' }, { timeout: 10000 })).toHaveAttribute('aria-pressed', 'false');
    expect(sent.saves).toEqual([]);
  });

  it('Save through social sign-in: the return-to survives the trip to the provider and the listing is saved once', async () => {
    const sent = serve();
    server.use(
      http.get('*/api/auth/providers', () => HttpResponse.json({ providers: ['google'] })),
      http.post('*/api/auth/exchange', () => HttpResponse.json({ token: 'tok-social', user: member })),
    );
    serveSession('tok-social', member);
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const login = renderApp('/login?next=%2Flistings%2Fl_1&intent=save');
    expect(await screen.findByTestId('login-reason', {}, { timeout: 10000 })).toHaveTextContent('Log in to save this listing');
    await login.user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(assign).toHaveBeenCalledTimes(1);
    login.unmount();
    cleanup();

    // back from the provider: the callback page signs in and goes back to the listing, which saves it
    const { router } = renderApp('/auth/callback#code=one-time-code-4f9c2a7e1b3d5f60a8c9e1d2b3f4a5c6d7e8f9a0b1c');
    await waitFor(() => expect(router.state.location.pathname).toBe('/listings/l_1'), { timeout: 10000 });
    expect(await screen.findByRole('button', { name: 'Saved' }, { timeout: 10000 })).toHaveAttribute('aria-pressed', 'true');
    expect(sent.saves).toEqual([{ listingId: 'l_1' }]);
    expect(window.sessionStorage.getItem('socialReturnTo')).toBeNull();
    assign.mockRestore();
  });
});
