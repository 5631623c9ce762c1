import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { EnterpriseRole } from '@app/domain';
import { makePagination, makeUser } from '@/test/fixtures';
import { apiError, server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
import type { DashboardRow, Enterprise, MyAccount, TeamMember, TeamPerson } from './team-api';
import { periodRange, responseTimeText } from './team-text';
import { powersOver } from './components/MemberActions';

const SLOW = { timeout: 10_000 };

const person = (id: string, firstName: string, lastName: string): TeamPerson => ({
  _id: id,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.ph`,
});
const OWNER = person('u_owner', 'Olga', 'Santos');
const ADMIN = person('u_admin', 'Adan', 'Cruz');
const MEMBER = person('u_member', 'Mila', 'Reyes');
const OTHER = person('u_other', 'Nico', 'Lim');

function member(p: TeamPerson, role: EnterpriseRole): TeamMember {
  return {
    userId: p._id,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    avatar: null,
    isVerified: true,
    role,
    status: 'active',
    monthlyCreditCap: role === 'member' ? 100 : null,
    joinedAt: '2026-11-02T00:00:00.000Z',
  };
}

const MEMBERS = [member(OWNER, 'owner'), member(ADMIN, 'admin'), member(MEMBER, 'member'), member(OTHER, 'member')];

/** 5 seats: 4 members and 1 open invitation. */
const TEAM: Enterprise = {
  _id: 'e_1',
  name: 'Loyola Realty',
  owner: OWNER,
  seatLimit: 5,
  seatsUsed: 5,
  memberCount: 4,
  status: 'active',
  poolBalance: 1200,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  members: MEMBERS,
  invites: [
    {
      _id: 'i_1',
      email: 'new@example.ph',
      role: 'member',
      monthlyCreditCap: null,
      status: 'open',
      expiresAt: '2026-12-01T00:00:00.000Z',
      createdAt: '2026-11-20T00:00:00.000Z',
    },
  ],
};

function row(m: TeamMember, listings = 0): DashboardRow {
  return {
    userId: m.userId,
    firstName: m.firstName,
    lastName: m.lastName,
    role: m.role,
    status: m.status,
    listings: { active: listings, total: listings },
    inquiries: 3,
    medianFirstResponseSeconds: 95 * 60,
    creditsUsed: 12,
  };
}

const ROWS = [row(MEMBERS[0]), row(MEMBERS[1]), row(MEMBERS[2], 2), row(MEMBERS[3])];

function signIn(p: TeamPerson, plan: 'free' | 'enterprise' = 'free') {
  const user = makeUser({
    _id: p._id,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    subscription: {
      plan,
      status: 'active',
      billingPeriod: plan === 'free' ? 'free' : 'monthly',
    } as never,
  });
  storeSession('t_team', user);
  serveSession('t_team', user);
  return user;
}

/** The team API as `role` sees it; the calls made are recorded. A revoked invitation frees its seat. */
function serveTeam(role: EnterpriseRole | null) {
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  let team = TEAM;
  const me = MEMBERS.find((m) => m.role === role && (role !== 'member' || m.userId === MEMBER._id)) ?? null;
  const account = (): MyAccount => (role ? { enterprise: team, role, membership: me } : { enterprise: null, role: null, membership: null });
  const record = async (request: Request) => {
    const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.json().catch(() => undefined);
    calls.push({ method: request.method, url: request.url, body });
  };
  server.use(
    http.get('*/api/enterprise/my-account', () => HttpResponse.json(account())),
    http.get('*/api/enterprise/e_1/dashboard', async ({ request }) => {
      await record(request);
      return HttpResponse.json({
        from: '2026-11-01',
        to: '2026-11-27',
        enterpriseId: 'e_1',
        members: ROWS,
      });
    }),
    http.get('*/api/enterprise/e_1/credits', async ({ request }) => {
      await record(request);
      return HttpResponse.json({
        enterpriseId: 'e_1',
        balance: 1200,
        reserved: 0,
        byMember: [{ userId: MEMBER._id, firstName: MEMBER.firstName, lastName: MEMBER.lastName, spentThisMonth: 40, spentInRange: 40 }],
        entries: [
          {
            _id: '1',
            kind: 'reserve',
            amount: -5,
            balanceAfter: 1200,
            reason: 'Listing description',
            member: MEMBER,
            reservationId: 'r_1',
            createdAt: '2026-11-20T00:00:00.000Z',
          },
        ],
        pagination: makePagination(1, 1, 20),
      });
    }),
    http.post('*/api/enterprise/invite', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ _id: 'i_2' }, { status: 201 });
    }),
    http.delete('*/api/enterprise/sub-account/remove/:id', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ok: true });
    }),
    http.delete('*/api/enterprise/invite/:id', async ({ request }) => {
      await record(request);
      team = { ...team, seatsUsed: team.seatsUsed - 1, invites: [] };
      return HttpResponse.json({ ok: true });
    }),
    http.put('*/api/enterprise/sub-account/update', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ok: true });
    }),
    http.post('*/api/enterprise/create', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ...TEAM, _id: 'e_2' }, { status: 201 });
    }),
  );
  return calls;
}

describe('team page', () => {
  it('a member in no team reads what teams are and is sent to the plans without the Enterprise plan', async () => {
    signIn(MEMBER);
    serveTeam(null);
    renderApp('/team');
    expect(await screen.findByText('Teams on Tahanan', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans');
    expect(screen.getByRole('link', { name: 'Contact sales' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Create your team' })).not.toBeInTheDocument();
  });

  it('with the Enterprise plan the member creates their team (the name is required)', async () => {
    signIn(OWNER, 'enterprise');
    const calls = serveTeam(null);
    const { user } = renderApp('/team');
    const form = await screen.findByRole('form', { name: 'Create your team' }, SLOW);
    await user.click(within(form).getByRole('button', { name: 'Create team' }));
    expect(await within(form).findByText('Enter the team name (at least 2 characters)')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/create'))).toHaveLength(0);
    await user.type(within(form).getByLabelText('Team name'), 'Loyola Realty');
    await user.click(within(form).getByRole('button', { name: 'Create team' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/create'))?.body).toEqual({
        name: 'Loyola Realty',
      }),
    );
  });

  it('a plain member sees the team, their cap and use, the pool and only their own spend; no management', async () => {
    signIn(MEMBER);
    const calls = serveTeam('member');
    renderApp('/team');
    expect(await screen.findByTestId('team-name', undefined, SLOW)).toHaveTextContent('Loyola Realty');
    expect(screen.getByTestId('team-role')).toHaveTextContent('Member');
    expect(screen.getByTestId('pool-balance')).toHaveTextContent('1,200');
    expect(screen.getByTestId('my-cap')).toHaveTextContent('100 a month');
    expect(screen.getByTestId('my-used')).toHaveTextContent('40');
    expect(await screen.findByRole('heading', { name: 'My spend from the pool' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url.includes('/credits') && c.url.includes('memberId=u_member'))).toBe(true));
    expect(screen.queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Team members' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/dashboard'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Leave team' })).toBeInTheDocument();
  });

  it('a member leaves the team after confirming', async () => {
    signIn(MEMBER);
    const calls = serveTeam('member');
    const { user } = renderApp('/team');
    await user.click(await screen.findByRole('button', { name: 'Leave team' }, SLOW));
    const dialog = await screen.findByRole('dialog', {
      name: 'Leave Loyola Realty?',
    });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Leave team' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toMatch(/\/sub-account\/remove\/u_member\??$/));
  });

  it('the owner manages everyone but themselves; an admin manages members, not the owner', async () => {
    signIn(OWNER);
    serveTeam('owner');
    const first = renderApp('/team');
    const table = await screen.findByRole('table', { name: 'Team members' }, SLOW);
    expect(await within(table).findByText('Mila Reyes')).toBeInTheDocument();
    expect(within(table).getAllByText('1 h 35 min')).toHaveLength(4);
    expect(within(table).queryByRole('button', { name: 'Actions for Olga Santos' })).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Actions for Adan Cruz' })).toBeInTheDocument();
    await first.user.click(within(table).getByRole('button', { name: 'Actions for Mila Reyes' }));
    expect(await screen.findByRole('menuitem', { name: 'Change role' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave team' })).not.toBeInTheDocument();
    first.unmount();

    signIn(ADMIN);
    serveTeam('admin');
    const second = renderApp('/team');
    const t2 = await screen.findByRole('table', { name: 'Team members' }, SLOW);
    await within(t2).findByText('Mila Reyes');
    expect(within(t2).queryByRole('button', { name: 'Actions for Olga Santos' })).not.toBeInTheDocument();
    expect(within(t2).queryByRole('button', { name: 'Actions for Adan Cruz (you)' })).not.toBeInTheDocument();
    await second.user.click(within(t2).getByRole('button', { name: 'Actions for Mila Reyes' }));
    expect(await screen.findByRole('menuitem', { name: 'Pause' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Set monthly cap' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Remove from team' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Change role' })).toBeInTheDocument();
  });

  it('an admin pauses and caps another admin but neither changes their role nor removes them', () => {
    expect(powersOver('admin', 'u_admin', { userId: 'u_admin2', role: 'admin' })).toEqual({ role: false, pause: true, cap: true, remove: false });
    expect(powersOver('owner', 'u_owner', { userId: 'u_admin2', role: 'admin' })).toEqual({ role: true, pause: true, cap: true, remove: true });
    expect(powersOver('admin', 'u_admin', { userId: 'u_owner', role: 'owner' })).toBeNull();
    expect(powersOver('member', 'u_member', { userId: 'u_other', role: 'member' })).toBeNull();
  });

  it('the invite dialog shows the seats left and checks the e-mail and the cap before sending', async () => {
    signIn(OWNER);
    const calls = serveTeam('owner');
    const { user } = renderApp('/team');
    // 5 seats, 4 used, 1 invited: none left
    await waitFor(() => expect(screen.getByTestId('seats')).toHaveTextContent('5 of 5 seats taken (1 by open invitations)'), SLOW);
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    let dialog = await screen.findByRole('dialog', {
      name: 'Invite to the team',
    });
    expect(within(dialog).getByTestId('seats-left')).toHaveTextContent('No seats left');
    expect(within(dialog).getByRole('button', { name: 'Send invitation' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // with a seat free (the invitation revoked)
    await user.click(
      screen.getByRole('button', {
        name: 'Revoke the invitation of new@example.ph',
      }),
    );
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toMatch(/\/enterprise\/invite\/i_1$/));
    await waitFor(() => expect(screen.getByTestId('seats')).toHaveTextContent('4 of 5 seats taken'));
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    dialog = await screen.findByRole('dialog', { name: 'Invite to the team' });
    expect(within(dialog).getByTestId('seats-left')).toHaveTextContent('1 seat left');
    await user.type(within(dialog).getByLabelText('E-mail'), 'not-an-address');
    await user.type(within(dialog).getByLabelText('Monthly credit cap (optional)'), '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a whole number of credits (0 or more)')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/enterprise/invite'))).toBe(false);
    await user.clear(within(dialog).getByLabelText('E-mail'));
    await user.type(within(dialog).getByLabelText('E-mail'), 'joy@example.ph');
    await user.clear(within(dialog).getByLabelText('Monthly credit cap (optional)'));
    await user.type(within(dialog).getByLabelText('Monthly credit cap (optional)'), '250');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/enterprise/invite'))?.body).toEqual({
        email: 'joy@example.ph',
        role: 'member',
        monthlyCreditCap: 250,
      }),
    );
  });

  it('removing a member with team listings requires a choice: hand them over to someone, or archive', async () => {
    signIn(OWNER);
    const calls = serveTeam('owner');
    const { user } = renderApp('/team');
    const table = await screen.findByRole('table', { name: 'Team members' }, SLOW);
    await user.click(
      await within(table).findByRole('button', {
        name: 'Actions for Mila Reyes',
      }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from team' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Remove Mila Reyes?',
    });
    expect(within(dialog).getByText(/open message threads about these listings move with them/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Choose what happens to their listings')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Hand them over to another member'));
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Choose the member who takes them over')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('combobox', { name: 'Takes over the listings' }));
    await user.click(await screen.findByRole('option', { name: 'Nico Lim' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toMatch(/\/sub-account\/remove\/u_member\?reassignTo=u_other$/));
  });

  it('removing a member without listings asks nothing more; a refusal is shown as the server wrote it', async () => {
    signIn(OWNER);
    serveTeam('owner');
    server.use(http.delete('*/api/enterprise/sub-account/remove/:id', () => apiError(409, 'Nico Lim has work in progress')));
    const { user } = renderApp('/team');
    const table = await screen.findByRole('table', { name: 'Team members' }, SLOW);
    await user.click(
      await within(table).findByRole('button', {
        name: 'Actions for Nico Lim',
      }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from team' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Remove Nico Lim?',
    });
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Nico Lim has work in progress')).toBeInTheDocument();
  });

  it('the period picker asks the dashboard for the chosen days', async () => {
    signIn(OWNER);
    const calls = serveTeam('owner');
    const { user } = renderApp('/team');
    await screen.findByRole('table', { name: 'Team members' }, SLOW);
    const month = periodRange('month', { from: '', to: '' });
    await waitFor(() => expect(calls.some((c) => c.url.includes('/dashboard') && c.url.includes(`from=${month.from}`))).toBe(true));
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Last 30 days' }));
    const last30 = periodRange('30d', { from: '', to: '' });
    await waitFor(() => expect(calls.some((c) => c.url.includes('/dashboard') && c.url.includes(`from=${last30.from}`))).toBe(true));
  });

  it('the account menu has Team for a team member and for the Enterprise plan, not for others', async () => {
    signIn(MEMBER);
    serveTeam('member');
    const first = renderApp('/team');
    await first.user.click(await screen.findByRole('button', { name: 'Account menu' }, SLOW));
    expect(await screen.findByRole('menuitem', { name: 'Team' })).toHaveAttribute('href', '/team');
    first.unmount();

    signIn(OTHER);
    serveTeam(null);
    const second = renderApp('/team');
    await screen.findByText('Teams on Tahanan', undefined, SLOW);
    await second.user.click(screen.getByRole('button', { name: 'Account menu' }));
    await screen.findByRole('menuitem', { name: 'AI credits' });
    expect(screen.queryByRole('menuitem', { name: 'Team' })).not.toBeInTheDocument();
    second.unmount();

    signIn(OWNER, 'enterprise');
    serveTeam(null);
    const third = renderApp('/team');
    await third.user.click(await screen.findByRole('button', { name: 'Account menu' }, SLOW));
    expect(await screen.findByRole('menuitem', { name: 'Team' })).toBeInTheDocument();
  });

  it('response times read in minutes, hours and days', () => {
    expect(responseTimeText(null)).toBe('—');
    expect(responseTimeText(30)).toBe('under a minute');
    expect(responseTimeText(12 * 60)).toBe('12 min');
    expect(responseTimeText(185 * 60)).toBe('3 h 5 min');
    expect(responseTimeText(52 * 3600)).toBe('2 d 4 h');
  });
});
