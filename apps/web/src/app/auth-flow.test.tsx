import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { LAST_VISITED_PATH_KEY } from '@/lib/storage';
import { makeUser } from '@/test/fixtures';
import { apiError, server } from '@/test/msw-server';
import { readStoredSession, renderApp, serveSession, storeSession } from '@/test/render';
import { STATUS_TEXTS } from './status';

describe('login', () => {
  it('submits the form, stores exactly { token, user } under "auth" and goes to /dashboard', async () => {
    const user = makeUser();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/user/login', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ token: 'tok-login', user });
      }),
    );
    const { router, user: ui, store } = renderApp('/login');

    await ui.type(await screen.findByLabelText('Email'), 'ana@example.ph');
    await ui.type(screen.getByLabelText('Password'), 'secret-pass');
    await ui.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Welcome back, Ana!')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'ana@example.ph', password: 'secret-pass' }]);
    expect(readStoredSession()).toEqual({ token: 'tok-login', user });
    expect(Object.keys(readStoredSession() as object).sort()).toEqual(['token', 'user']);
    expect(store.getState().auth).toEqual({ token: 'tok-login', user });
  });

  it('shows "Please wait..." while the login is in flight', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*/api/user/login', async () => {
        await gate;
        return HttpResponse.json({ token: 'tok', user: makeUser() });
      }),
    );
    const { user: ui, router } = renderApp('/login');
    await ui.type(await screen.findByLabelText('Email'), 'ana@example.ph');
    await ui.type(screen.getByLabelText('Password'), 'secret-pass');
    await ui.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Please wait...')).toBeVisible();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await waitFor(() => expect(screen.getByText('Please wait...')).not.toBeVisible());
  });

  it('shows the server message when the credentials are refused and stays on /login', async () => {
    server.use(http.post('*/api/user/login', () => apiError(401, 'Invalid email or password', 'Unauthorized')));
    const { router, user: ui } = renderApp('/login');
    await ui.type(await screen.findByLabelText('Email'), 'ana@example.ph');
    await ui.type(screen.getByLabelText('Password'), 'wrong-pass');
    await ui.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(readStoredSession()).toBeNull();
  });

  it('shows validation messages under the fields and sends nothing', async () => {
    let called = false;
    server.use(
      http.post('*/api/user/login', () => {
        called = true;
        return HttpResponse.json({});
      }),
    );
    const { user: ui } = renderApp('/login');
    await ui.type(await screen.findByLabelText('Email'), 'not-an-email');
    await ui.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(called).toBe(false);
  });

  it('shows social buttons only for the providers the API enables', async () => {
    server.use(http.get('*/api/auth/providers', () => HttpResponse.json({ providers: ['google'] })));
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Facebook' })).not.toBeInTheDocument();
  });
});

describe('sign-up', () => {
  it('creates the account with the chosen type and lands on /dashboard', async () => {
    const created = makeUser({ firstName: 'Ben', type: 'broker' });
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('*/api/user/create', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ token: 'tok-new', user: created }, { status: 201 });
      }),
    );
    const { router, user: ui } = renderApp('/signup');

    await ui.type(await screen.findByLabelText('First name'), 'Ben');
    await ui.type(screen.getByLabelText('Last name'), 'Cruz');
    await ui.type(screen.getByLabelText('Email'), 'ben@example.ph');
    await ui.type(screen.getByLabelText('Password'), 'long-enough');
    expect(screen.getByText('at least 8 characters')).toBeInTheDocument();
    await ui.click(screen.getByRole('combobox', { name: 'I am a' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Customer',
      'Broker',
      'Real estate salesperson',
      'Property owner',
      'Real estate appraiser',
      'Real estate consultant',
    ]);
    await ui.click(screen.getByRole('option', { name: 'Broker' }));
    await ui.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(bodies).toEqual([
      { firstName: 'Ben', lastName: 'Cruz', email: 'ben@example.ph', password: 'long-enough', type: 'broker' },
    ]);
    expect(readStoredSession()).toEqual({ token: 'tok-new', user: created });
    expect(await screen.findByText('Welcome, Ben!')).toBeInTheDocument();
  });

  it('refuses a short password and shows the first server message of an array', async () => {
    server.use(http.post('*/api/user/create', () => apiError(400, ['email must be an email', 'other'], 'Bad Request')));
    const { user: ui } = renderApp('/signup');
    await ui.type(await screen.findByLabelText('First name'), 'Ben');
    await ui.type(screen.getByLabelText('Last name'), 'Cruz');
    await ui.type(screen.getByLabelText('Email'), 'ben@example.ph');
    await ui.type(screen.getByLabelText('Password'), 'short');
    await ui.click(screen.getByRole('combobox', { name: 'I am a' }));
    await ui.click(await screen.findByRole('option', { name: 'Customer' }));
    await ui.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();

    await ui.clear(screen.getByLabelText('Password'));
    await ui.type(screen.getByLabelText('Password'), 'long-enough');
    await ui.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('email must be an email')).toBeInTheDocument();
    expect(screen.queryByText('other')).not.toBeInTheDocument();
  });
});

describe('session start-up', () => {
  it('fetches the current user when a token is stored without a user', async () => {
    const user = makeUser({ firstName: 'Carla' });
    storeSession('tok-stored', null);
    const calls = serveSession('tok-stored', user);
    const { router, store } = renderApp('/dashboard');

    expect(await screen.findByText('Welcome back, Carla!')).toBeInTheDocument();
    expect(calls).toEqual(['Bearer tok-stored']);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(store.getState().auth.user).toEqual(user);
    expect(readStoredSession()).toEqual({ token: 'tok-stored', user });
  });

  it('logs out when the current user cannot be fetched', async () => {
    storeSession('tok-revoked', null);
    const calls = serveSession('some-other-token', makeUser());
    server.use(http.get('*/api/user/logout', () => apiError(401, 'Unauthorized', 'Unauthorized')));
    const { router, store } = renderApp('/dashboard');

    expect(await screen.findByText(STATUS_TEXTS.unauthorized.title)).toBeInTheDocument();
    expect(calls).toEqual(['Bearer tok-revoked']);
    expect(router.state.location.pathname).toBe('/401');
    expect(store.getState().auth).toEqual({ token: null, user: null });
    expect(readStoredSession()).toBeNull();
  });
});

describe('stored session check', () => {
  it('logs out a stored session whose token the API no longer accepts (401)', async () => {
    storeSession('tok-old', makeUser());
    const calls = serveSession('another-token', makeUser());
    server.use(http.get('*/api/user/logout', () => apiError(401, 'Unauthorized')));
    const { router, store } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/401'));
    expect(calls).toEqual(['Bearer tok-old']);
    expect(store.getState().auth).toEqual({ token: null, user: null });
    expect(readStoredSession()).toBeNull();
  });

  it('refreshes the stored user from the API', async () => {
    storeSession('tok', makeUser({ credits: { remaining: 10 } }));
    serveSession('tok', makeUser({ credits: { remaining: 42 } }));
    const { store } = renderApp('/dashboard');
    expect(await screen.findByText('42 AI credits')).toBeInTheDocument();
    expect(store.getState().auth.user?.credits?.remaining).toBe(42);
  });
});

describe('logout', () => {
  it('calls the API, clears the session, localStorage "auth", the last visited path and the API cache', async () => {
    const user = makeUser();
    storeSession('tok-live', user);
    serveSession('tok-live', user);
    const logoutCalls: string[] = [];
    server.use(
      http.get('*/api/user/logout', ({ request }) => {
        logoutCalls.push(request.headers.get('authorization') ?? '');
        return HttpResponse.json({ message: 'Logged out' });
      }),
    );
    const { router, store, user: ui } = renderApp('/dashboard');
    expect(await screen.findByText('Welcome back, Ana!')).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(LAST_VISITED_PATH_KEY)).toBe('/dashboard'));
    await waitFor(() =>
      expect(Object.keys(store.getState().api.queries).some((k) => k.startsWith('getCurrentUser'))).toBe(true),
    );

    await ui.click(screen.getByRole('button', { name: 'Account menu' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(logoutCalls).toEqual(['Bearer tok-live']);
    expect(store.getState().auth).toEqual({ token: null, user: null });
    expect(readStoredSession()).toBeNull();
    expect(window.localStorage.getItem(LAST_VISITED_PATH_KEY)).toBeNull();
    expect(Object.keys(store.getState().api.queries).some((k) => k.startsWith('getCurrentUser'))).toBe(false);

    await act(() => router.navigate('/dashboard'));
    expect(await screen.findByText(STATUS_TEXTS.unauthorized.title)).toBeInTheDocument();
    expect(window.localStorage.getItem(LAST_VISITED_PATH_KEY)).toBeNull();
  });

  it('still logs out locally when the logout call fails', async () => {
    const user = makeUser();
    storeSession('tok-live', user);
    serveSession('tok-live', user);
    server.use(http.get('*/api/user/logout', () => apiError(401, 'Unauthorized')));
    const { router, store, user: ui } = renderApp('/dashboard');
    await screen.findByText('Welcome back, Ana!');
    await ui.click(screen.getByRole('button', { name: 'Account menu' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().auth.token).toBeNull();
    expect(readStoredSession()).toBeNull();
  });
});

describe('guards and navigation', () => {
  it('sends a guest at /dashboard to the 401 page, whose button leads to /login', async () => {
    const { router, user: ui } = renderApp('/dashboard');
    expect(await screen.findByText(STATUS_TEXTS.unauthorized.title)).toBeInTheDocument();
    expect(screen.getByText('Unauthorized Access')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/401');

    await ui.click(screen.getByRole('link', { name: 'Go to Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(LAST_VISITED_PATH_KEY)).toBeNull();
  });

  it('remembers the last visited path of a logged-in member, not of auth or status pages', async () => {
    const user = makeUser();
    storeSession('tok', user);
    serveSession('tok', user);
    const { router } = renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Account settings' })).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(LAST_VISITED_PATH_KEY)).toBe('/settings'));

    await act(() => router.navigate('/404'));
    await screen.findByText(STATUS_TEXTS.notFound.title);
    expect(window.localStorage.getItem(LAST_VISITED_PATH_KEY)).toBe('/settings');

    await act(() => router.navigate('/dashboard?tab=x'));
    await waitFor(() => expect(window.localStorage.getItem(LAST_VISITED_PATH_KEY)).toBe('/dashboard?tab=x'));
  });

  it('sends a logged-in member away from /login to /dashboard', async () => {
    const user = makeUser();
    storeSession('tok', user);
    serveSession('tok', user);
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows the Admin badge for admins and super admins only', async () => {
    const admin = makeUser({ role: 'super_admin' });
    storeSession('tok', admin);
    serveSession('tok', admin);
    renderApp('/dashboard');
    await screen.findByText('Welcome back, Ana!');
    expect(screen.getByTestId('admin-badge')).toHaveTextContent('Admin');
  });

  it('shows no Admin badge for a member', async () => {
    const member = makeUser({ role: 'user' });
    storeSession('tok', member);
    serveSession('tok', member);
    renderApp('/dashboard');
    await screen.findByText('Welcome back, Ana!');
    expect(screen.queryByTestId('admin-badge')).not.toBeInTheDocument();
  });
});

describe('social sign-in callback', () => {
  function serveExchange(answer: (code: string) => Response) {
    const codes: string[] = [];
    server.use(
      http.post('*/api/auth/exchange', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        codes.push(code);
        return answer(code);
      }),
    );
    return codes;
  }

  it('exchanges the code once for { token, user }, stores them as login does, drops the code and goes to /dashboard', async () => {
    const user = makeUser({ firstName: 'Dina', provider: 'google' });
    serveSession('tok-social', user);
    const codes = serveExchange(() => HttpResponse.json({ token: 'tok-social', user }));
    const { router, store } = renderApp('/auth/callback#code=one-time-code-4f9c2a7e1b3d5f60a8c9e1d2b3f4a5c6d7e8f9a0b1c');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Welcome back, Dina!')).toBeInTheDocument();
    expect(codes).toEqual(['one-time-code-4f9c2a7e1b3d5f60a8c9e1d2b3f4a5c6d7e8f9a0b1c']);
    expect(readStoredSession()).toEqual({ token: 'tok-social', user });
    expect(store.getState().auth).toEqual({ token: 'tok-social', user });
    // the code left the address bar and the history entry
    expect(router.state.location.hash).toBe('');
    await act(() => router.navigate(-1));
    expect(router.state.location.hash).not.toContain('one-time-code');
  });

  it('shows why when the code is refused, and stores nothing', async () => {
    serveExchange(() => apiError(400, 'This sign-in code is invalid, expired or already used; sign in again', 'Bad Request'));
    const { store, router } = renderApp('/auth/callback#code=used-code-9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8');
    expect(await screen.findByText('This sign-in code is invalid, expired or already used; sign in again')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign-in failed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(router.state.location.hash).toBe('');
    expect(store.getState().auth.token).toBeNull();
    expect(readStoredSession()).toBeNull();
  });

  it('never signs anyone in from a #token= address', async () => {
    const calls = serveSession('tok-planted', makeUser({ firstName: 'Mallory' }));
    const codes = serveExchange(() => HttpResponse.json({}));
    const { store, router } = renderApp('/auth/callback#token=tok-planted');
    expect(await screen.findByText('We could not complete your sign-in. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/callback');
    expect(store.getState().auth.token).toBeNull();
    expect(readStoredSession()).toBeNull();
    expect(calls).toEqual([]);
    expect(codes).toEqual([]);
  });

  it('shows a generic failure without a code, not text from the address', async () => {
    renderApp('/auth/callback#error=Your%20account%20is%20locked%2C%20call%20us');
    expect(await screen.findByText('We could not complete your sign-in. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/locked/)).not.toBeInTheDocument();
  });
});

describe('social sign-in refusals', () => {
  it('shows on the login page why the provider sign-in was refused', async () => {
    renderApp(
      `/login?error=${encodeURIComponent('This e-mail already has an account: log in with your password, then connect Google in Settings')}`,
    );
    expect(
      await screen.findByText('This e-mail already has an account: log in with your password, then connect Google in Settings'),
    ).toBeInTheDocument();
  });
});
