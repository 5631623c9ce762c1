import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { UserRole } from '@/lib/api/types';
import { makePagination, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
import type { Enterprise, TeamMember } from '@/features/team/team-api';

const SLOW = { timeout: 10_000 };

function signIn(role: UserRole) {
  const user = makeUser({
    _id: 'u_staff',
    role,
    email: 'staff@example.ph',
    firstName: 'Staff',
  });
  storeSession('t_staff', user);
  serveSession('t_staff', user);
}

const OWNER = { _id: 'u_owner', firstName: 'Olga', lastName: 'Santos', email: 'olga@example.ph' };
const member = (userId: string, firstName: string, lastName: string, role: TeamMember['role'], status: TeamMember['status'], cap: number | null): TeamMember => ({
  userId,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.ph`,
  avatar: null,
  isVerified: role !== 'member',
  role,
  status,
  monthlyCreditCap: cap,
  joinedAt: '2026-11-03T00:00:00.000Z',
});
const TEAM: Enterprise = {
  _id: 'e_1',
  name: 'Loyola Realty',
  owner: OWNER,
  seatLimit: 10,
  seatsUsed: 3,
  memberCount: 2,
  status: 'active',
  poolBalance: 500,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  members: [member('u_owner', 'Olga', 'Santos', 'owner', 'active', null), member('u_m', 'Mila', 'Reyes', 'member', 'paused', 50)],
  invites: [
    {
      _id: 'i_1',
      email: 'joy@example.ph',
      role: 'member',
      monthlyCreditCap: null,
      status: 'open',
      expiresAt: '2026-12-01T00:00:00.000Z',
      createdAt: '2026-11-20T00:00:00.000Z',
    },
  ],
};
// the list's rows carry no members, invitations or pool
const { members: _m, invites: _i, poolBalance: _p, ...SUMMARY } = TEAM;

function serveEnterprises() {
  const calls: Array<{ url: string; body?: unknown }> = [];
  let balance = TEAM.poolBalance;
  server.use(
    http.get('*/api/enterprise/get/all', ({ request }) => {
      calls.push({ url: request.url });
      return HttpResponse.json({
        enterprises: [SUMMARY],
        pagination: makePagination(1, 1, 10),
      });
    }),
    http.get('*/api/enterprise/e_1/credits', () =>
      HttpResponse.json({ enterpriseId: 'e_1', balance, reserved: 0, entries: [], byMember: [{ userId: 'u_m', firstName: 'Mila', lastName: 'Reyes', spentThisMonth: 7, spentInRange: 7 }], pagination: makePagination(0, 0, 20) }),
    ),
    http.get('*/api/enterprise/e_1', () => HttpResponse.json({ ...TEAM, poolBalance: balance })),
    http.post('*/api/enterprise/add-credits', async ({ request }) => {
      const body = (await request.json()) as { amount: number };
      calls.push({ url: request.url, body });
      balance += body.amount;
      return HttpResponse.json({ ok: true }, { status: 201 });
    }),
    http.post('*/api/user/search', () =>
      HttpResponse.json({
        users: [
          makeUser({
            _id: 'u_owner',
            firstName: 'Olga',
            lastName: 'Santos',
            email: 'olga@example.ph',
            subscription: {
              plan: 'basic',
              status: 'active',
              billingPeriod: 'monthly',
            } as never,
          }),
        ],
        pagination: makePagination(1, 1, 10),
      }),
    ),
    http.post('*/api/enterprise/create', async ({ request }) => {
      calls.push({ url: request.url, body: await request.json() });
      return HttpResponse.json({ ...TEAM, _id: 'e_1' }, { status: 201 });
    }),
  );
  return calls;
}

describe('console enterprises', { timeout: 40_000 }, () => {
  it('lists the teams; a row opens the team with its members, invitations and pool; an admin adds credits', async () => {
    signIn('admin');
    const calls = serveEnterprises();
    const { user, router } = renderApp('/admin/enterprises');
    const grid = await screen.findByRole('grid', { name: 'Enterprises' }, SLOW);
    expect(await within(grid).findByText('Loyola Realty')).toBeInTheDocument();
    expect(within(grid).getByText('Olga Santos (olga@example.ph)')).toBeInTheDocument();
    expect(within(grid).getByText('3 / 10')).toBeInTheDocument();
    await user.click(within(grid).getByText('Loyola Realty'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/enterprises/e_1'));
    expect(await screen.findByTestId('pool-balance', undefined, SLOW)).toHaveTextContent('500');
    const members = screen.getByRole('table', { name: 'Members' });
    expect(within(members).getByText('Mila Reyes')).toBeInTheDocument();
    expect(within(members).getByText('Paused')).toBeInTheDocument();
    expect(screen.getByText(/joy@example\.ph/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add credits' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Add credits to Loyola Realty',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Add credits' }));
    expect(await within(dialog).findByText('A whole number of credits from 1 to 1,000,000')).toBeInTheDocument();
    expect(within(dialog).getByText(/Say why/)).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/add-credits'))).toBe(false);
    await user.type(within(dialog).getByLabelText('Credits'), '250');
    await user.type(within(dialog).getByLabelText('Reason'), 'Onboarding grant');
    await user.click(within(dialog).getByRole('button', { name: 'Add credits' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/add-credits'))?.body).toEqual({
        enterpriseId: 'e_1',
        amount: 250,
        reason: 'Onboarding grant',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('pool-balance')).toHaveTextContent('750'));
  });

  it('a viewer reads the teams without Create or Add credits', async () => {
    signIn('viewer');
    serveEnterprises();
    renderApp('/admin/enterprises/e_1');
    expect(await screen.findByTestId('pool-balance', undefined, SLOW)).toHaveTextContent('500');
    expect(screen.queryByRole('button', { name: 'Add credits' })).not.toBeInTheDocument();
    renderApp('/admin/enterprises');
    await screen.findAllByRole('grid', { name: 'Enterprises' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Create enterprise' })).not.toBeInTheDocument();
  });

  it('Create enterprise: the owner found by e-mail, a warning without the Enterprise plan, the seat limit checked', async () => {
    signIn('admin');
    const calls = serveEnterprises();
    const { user, router } = renderApp('/admin/enterprises');
    await user.click(await screen.findByRole('button', { name: 'Create enterprise' }, SLOW));
    const dialog = await screen.findByRole('dialog', {
      name: 'Create enterprise',
    });
    expect(within(dialog).getByText(/must already have the Enterprise plan/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Team name'), 'Loyola Realty');
    await user.type(within(dialog).getByLabelText('Owner (name or e-mail)'), 'olga');
    await user.click(await screen.findByRole('option', { name: 'Olga Santos <olga@example.ph>' }, SLOW));
    expect(within(dialog).getByText(/give them the Enterprise plan first/)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Seat limit'));
    await user.type(within(dialog).getByLabelText('Seat limit'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('A whole number from 1 to 10,000')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/create'))).toBe(false);
    await user.clear(within(dialog).getByLabelText('Seat limit'));
    await user.type(within(dialog).getByLabelText('Seat limit'), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/create'))?.body).toEqual({
        name: 'Loyola Realty',
        ownerId: 'u_owner',
        seatLimit: 25,
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/enterprises/e_1'));
  });
});
