import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { apiError, server } from '@/test/msw-server';
import { readStoredSession, renderApp, serveSession, storeSession } from '@/test/render';
import type { InvitePreview } from './team-api';

const SLOW = { timeout: 10_000 };

const INVITE: InvitePreview = {
  enterpriseName: 'Loyola Realty',
  email: 'joy@example.ph',
  role: 'member',
  expiresAt: '2026-12-01T00:00:00.000Z',
  status: 'open',
  accountExists: false,
};

function serveInvite(preview: InvitePreview | number) {
  const activations: Array<{ auth: string | null; body: unknown }> = [];
  server.use(
    http.get('*/api/enterprise/invite/tok_1', () => (typeof preview === 'number' ? apiError(preview, 'Refused') : HttpResponse.json(preview))),
    http.post('*/api/enterprise/activate/tok_1', async ({ request }) => {
      const body = await request.json().catch(() => undefined);
      activations.push({ auth: request.headers.get('authorization'), body });
      const user = makeUser({
        _id: 'u_joy',
        email: 'joy@example.ph',
        firstName: 'Joy',
        lastName: 'Tan',
      });
      return HttpResponse.json(body && (body as { password?: string }).password ? { token: 't_joy', user } : { ok: true }, { status: 201 });
    }),
    http.get('*/api/enterprise/my-account', () => HttpResponse.json({ enterprise: null, role: null, membership: null })),
  );
  return activations;
}

describe('joining a team', () => {
  it('signed out without an account: creates the account with the invited address, joins and lands on /team', async () => {
    const activations = serveInvite(INVITE);
    serveSession('t_joy', makeUser({ _id: 'u_joy', email: 'joy@example.ph' }));
    const { user, router } = renderApp('/team/join/tok_1');
    expect(await screen.findByRole('heading', { name: 'Join Loyola Realty' }, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('joy@example.ph');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(activations).toHaveLength(0);
    await user.type(screen.getByLabelText('First name'), 'Joy');
    await user.type(screen.getByLabelText('Last name'), 'Tan');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'correct-horse-42');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/team'), SLOW);
    expect(activations[0].body).toEqual({
      firstName: 'Joy',
      lastName: 'Tan',
      password: 'correct-horse-42',
    });
    expect(readStoredSession()).toMatchObject({ token: 't_joy' });
    expect(await screen.findByText('Welcome to Loyola Realty')).toBeInTheDocument();
  });

  it('signed out with an account: "Sign in as" goes to the login page, which brings the member back here', async () => {
    serveInvite({ ...INVITE, accountExists: true });
    renderApp('/team/join/tok_1');
    const link = await screen.findByRole('link', { name: 'Sign in as joy@example.ph' }, SLOW);
    expect(link).toHaveAttribute('href', `/login?next=${encodeURIComponent('/team/join/tok_1')}`);
    expect(screen.queryByRole('form', { name: 'Create your account' })).not.toBeInTheDocument();
  });

  it('signed in as the invited address: Join, with the session, then /team', async () => {
    const activations = serveInvite({ ...INVITE, accountExists: true });
    const me = makeUser({ _id: 'u_joy', email: 'Joy@Example.ph' });
    storeSession('t_joy', me);
    serveSession('t_joy', me);
    const { user, router } = renderApp('/team/join/tok_1');
    await user.click(await screen.findByRole('button', { name: 'Join Loyola Realty' }, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/team'), SLOW);
    expect(activations[0].auth).toBe('Bearer t_joy');
  });

  it('signed in as another member: says whom the invitation is for and offers to sign out', async () => {
    const activations = serveInvite({ ...INVITE, accountExists: true });
    server.use(http.get('*/api/user/logout', () => HttpResponse.json({ ok: true })));
    const me = makeUser({ _id: 'u_ana', email: 'ana@example.ph' });
    storeSession('t_ana', me);
    serveSession('t_ana', me);
    const { user } = renderApp('/team/join/tok_1');
    expect(await screen.findByTestId('wrong-account', undefined, SLOW)).toHaveTextContent(
      'This invitation is for joy@example.ph, and you are signed in as ana@example.ph.',
    );
    expect(screen.queryByRole('button', { name: 'Join Loyola Realty' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('link', { name: 'Sign in as joy@example.ph' }, SLOW)).toBeInTheDocument();
    expect(activations).toHaveLength(0);
  });

  it.each([
    ['expired', 'This invitation has expired'],
    ['used', 'This invitation has already been used'],
    ['revoked', 'This invitation was withdrawn by the team'],
  ] as const)('a %s invitation says so and offers nothing to do', async (status, words) => {
    serveInvite({ ...INVITE, status });
    renderApp('/team/join/tok_1');
    expect(await screen.findByTestId('invite-closed', undefined, SLOW)).toHaveTextContent(words);
    expect(screen.queryByRole('button', { name: /Join|Create account/ })).not.toBeInTheDocument();
  });

  it('an unknown token (404) and an expired one the API refuses (410) read as such', async () => {
    serveInvite(404);
    const first = renderApp('/team/join/tok_1');
    expect(await screen.findByTestId('invite-closed', undefined, SLOW)).toHaveTextContent('This invitation does not exist');
    first.unmount();
    serveInvite(410);
    renderApp('/team/join/tok_1');
    expect(await screen.findByTestId('invite-closed', undefined, SLOW)).toHaveTextContent('This invitation has expired');
  });
});
