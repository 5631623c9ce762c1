import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Subscription } from '@/lib/api/billing';
import type { SearchSubscriptionsDto } from '@/lib/api/generated';
import type { UserRole } from '@/lib/api/types';
import { makePagination, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';

const SLOW = { timeout: 10_000 };

function sub(overrides: Partial<Subscription>): Subscription {
  return {
    _id: '5d1c0a8e-0000-4000-8000-000000000001',
    billingPeriod: 'monthly',
    cancelAtPeriodEnd: false,
    createdAt: '2026-03-01T02:00:00.000Z',
    endReason: null,
    endedAt: null,
    expiresAt: '2099-04-01T02:00:00.000Z',
    graceEndsAt: '2099-04-04T02:00:00.000Z',
    member: { firstName: 'Ana', lastName: 'Reyes', email: 'ana@example.ph' },
    note: null,
    paidCentavos: 150_000,
    paymentId: 'p_1',
    plan: 'basic',
    source: 'payment',
    startedAt: '2026-03-01T02:00:00.000Z',
    status: 'active',
    userId: 'u_ana',
    ...overrides,
  };
}

function signIn(role: UserRole) {
  const user = makeUser({ _id: 'u_staff', role, firstName: 'Amihan', lastName: 'Cruz' });
  storeSession('t_staff', user);
  serveSession('t_staff', user);
}

/** POST /subscription/search over a list that PUT /subscription/update changes; records the bodies. */
function serveSubscriptions(initial: Subscription[]) {
  let rows = [...initial];
  const searches: SearchSubscriptionsDto[] = [];
  const updates: unknown[] = [];
  const creates: unknown[] = [];
  const removes: string[] = [];
  server.use(
    http.post('*/api/subscription/search', async ({ request }) => {
      const body = (await request.json()) as SearchSubscriptionsDto;
      searches.push(body);
      const q = body.query ?? {};
      const found = rows.filter((r) => (!q.plan || q.plan.includes(r.plan)) && (!q.status || q.status.includes(r.status)));
      return HttpResponse.json({ subscriptions: found, pagination: makePagination(found.length, found.length, body.limit ?? 10) });
    }),
    http.put('*/api/subscription/update', async ({ request }) => {
      const body = (await request.json()) as { _id: string; status?: 'active' | 'suspended'; expiresAt?: string; note: string };
      updates.push(body);
      rows = rows.map((r) => (r._id === body._id ? { ...r, ...(body.status && { status: body.status }), ...(body.expiresAt && { expiresAt: body.expiresAt }), note: body.note } : r));
      return HttpResponse.json(rows.find((r) => r._id === body._id));
    }),
    http.post('*/api/subscription/create', async ({ request }) => {
      const body = (await request.json()) as { userId: string; plan: Subscription['plan']; billingPeriod: Subscription['billingPeriod']; note: string };
      creates.push(body);
      const made = sub({ _id: 'new', userId: body.userId, plan: body.plan, billingPeriod: body.billingPeriod, source: 'staff', note: body.note, paymentId: null, ...(body.billingPeriod === 'lifetime' && { expiresAt: null, graceEndsAt: null }) });
      rows = [made, ...rows.map((r) => (r.userId === body.userId && r.status === 'active' ? { ...r, status: 'expired' as const } : r))];
      return HttpResponse.json(made);
    }),
    http.delete('*/api/subscription/remove/:id', ({ params }) => {
      removes.push(params.id as string);
      rows = rows.filter((r) => r._id !== params.id);
      return HttpResponse.json({ message: 'Subscription removed' });
    }),
  );
  return { searches, updates, creates, removes };
}

const ANA = sub({});
const BEN = sub({ _id: '5d1c0a8e-0000-4000-8000-000000000002', userId: 'u_ben', plan: 'premium', billingPeriod: 'annually', member: { firstName: 'Ben', lastName: 'Santos', email: 'ben@example.ph' } });

describe('admin: subscriptions', { timeout: 30_000 }, () => {
  it('lists subscriptions with member, plan, status and dates; filters and the search go to POST /subscription/search and the address', async () => {
    signIn('admin');
    const calls = serveSubscriptions([ANA, BEN]);
    const { user, router } = renderApp('/admin/subscriptions');
    const table = await screen.findByRole('table', { name: 'Subscriptions' }, SLOW);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const ana = within(table).getByTestId(`subscription-${ANA._id}`);
    expect(ana).toHaveTextContent('Ana Reyes');
    expect(ana).toHaveTextContent('ana@example.ph');
    expect(ana).toHaveTextContent('Basic');
    expect(ana).toHaveTextContent('Active');
    expect(ana).toHaveTextContent('Monthly');
    expect(calls.searches[0]).toEqual({ page: 1, limit: 20, query: {} });

    await user.click(screen.getByRole('combobox', { name: 'Plan' }));
    await user.click(await screen.findByRole('option', { name: 'Premium' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Subscriptions' })).getAllByRole('row')).toHaveLength(2));
    expect(router.state.location.search).toBe('?plan=premium');
    expect(calls.searches.at(-1)).toEqual({ page: 1, limit: 20, query: { plan: ['premium'] } });

    await user.type(screen.getByLabelText('Member name or e-mail'), 'ben{Enter}');
    await waitFor(() => expect(calls.searches.at(-1)).toEqual({ page: 1, limit: 20, query: { text: 'ben', plan: ['premium'] } }));
    expect(router.state.location.search).toBe('?q=ben&plan=premium');
  });

  it('suspends a subscription with a required note, and reinstates it', async () => {
    signIn('admin');
    const calls = serveSubscriptions([ANA]);
    const { user } = renderApp('/admin/subscriptions');
    await user.click(await screen.findByRole('button', { name: 'Actions for ana@example.ph' }, SLOW));
    await user.click(await screen.findByRole('menuitem', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: "Suspend Ana Reyes's Basic plan" });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    // the note is required
    expect(await within(dialog).findByText('Say why, in at least 3 characters')).toBeInTheDocument();
    expect(calls.updates).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Note/), 'Chargeback from the bank');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.updates).toEqual([{ _id: ANA._id, status: 'suspended', note: 'Chargeback from the bank' }]);
    expect(await screen.findByText("Ana Reyes's plan is suspended")).toBeInTheDocument();
    const row = screen.getByTestId(`subscription-${ANA._id}`);
    await waitFor(() => expect(within(row).getByText('Suspended')).toBeInTheDocument());
    expect(row).toHaveTextContent('Note: Chargeback from the bank');

    await user.click(within(row).getByRole('button', { name: 'Actions for ana@example.ph' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reinstate' }));
    const again = await screen.findByRole('dialog', { name: "Reinstate Ana Reyes's Basic plan" });
    await user.type(within(again).getByLabelText(/Note/), 'Bank reversed the chargeback');
    await user.click(within(again).getByRole('button', { name: 'Reinstate' }));
    await waitFor(() => expect(calls.updates).toHaveLength(2));
    expect(calls.updates[1]).toEqual({ _id: ANA._id, status: 'active', note: 'Bank reversed the chargeback' });
  });

  it('changes the end date (end of the day picked, Manila time) and gives a plan to the row’s member', async () => {
    signIn('admin');
    const calls = serveSubscriptions([ANA]);
    const { user } = renderApp('/admin/subscriptions');
    await user.click(await screen.findByRole('button', { name: 'Actions for ana@example.ph' }, SLOW));
    await user.click(await screen.findByRole('menuitem', { name: 'Change end date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the end date' });
    const day = within(dialog).getByLabelText(/Last day/);
    expect(day).toHaveValue('2099-04-01');
    await user.clear(day);
    await user.type(day, '2099-04-15');
    await user.type(within(dialog).getByLabelText(/Note/), 'Two weeks of goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Save end date' }));
    await waitFor(() => expect(calls.updates).toEqual([{ _id: ANA._id, expiresAt: '2099-04-15T15:59:59.000Z', note: 'Two weeks of goodwill' }]));

    await user.click(await screen.findByRole('button', { name: 'Actions for ana@example.ph' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Give a plan' }));
    const give = await screen.findByRole('dialog', { name: 'Give a plan' });
    expect(give).toHaveTextContent('Ana Reyes (ana@example.ph) goes on this plan now');
    await user.click(within(give).getByRole('combobox', { name: /Plan/ }));
    await user.click(await screen.findByRole('option', { name: 'Premium' }));
    await user.click(within(give).getByRole('combobox', { name: /Billing period/ }));
    await user.click(await screen.findByRole('option', { name: 'Lifetime' }));
    await user.type(within(give).getByLabelText(/Note/), 'Sold by the sales team');
    await user.click(within(give).getByRole('button', { name: 'Give plan' }));
    await waitFor(() => expect(calls.creates).toEqual([{ userId: 'u_ana', plan: 'premium', billingPeriod: 'lifetime', note: 'Sold by the sales team' }]));
    expect(await screen.findByText('Ana Reyes is on the Premium plan')).toBeInTheDocument();
    expect(await screen.findByTestId('subscription-new')).toHaveTextContent('Lifetime');
  });

  it('a viewer reads only', async () => {
    signIn('viewer');
    serveSubscriptions([ANA]);
    renderApp('/admin/subscriptions');
    await screen.findByTestId(`subscription-${ANA._id}`, {}, SLOW);
    expect(screen.queryByRole('button', { name: 'Actions for ana@example.ph' })).not.toBeInTheDocument();
    expect(screen.getByText(/You can look; changes are for admins/)).toBeInTheDocument();
  });

  it('a super admin removes a record after confirming', async () => {
    signIn('super_admin');
    const calls = serveSubscriptions([ANA, BEN]);
    const { user } = renderApp('/admin/subscriptions');
    await user.click(await screen.findByRole('button', { name: 'Actions for ben@example.ph' }, SLOW));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: "Remove Ben Santos's Premium subscription?" });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.removes).toEqual([BEN._id]));
    await waitFor(() => expect(screen.queryByTestId(`subscription-${BEN._id}`)).not.toBeInTheDocument());
  });

  it('an admin has no Remove (super admins only); the account menu of staff leads here', async () => {
    signIn('admin');
    serveSubscriptions([ANA]);
    const { user } = renderApp('/admin/subscriptions');
    await user.click(await screen.findByRole('button', { name: 'Actions for ana@example.ph' }, SLOW));
    expect(await screen.findByRole('menuitem', { name: 'Suspend' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Remove' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Subscriptions' })).toHaveAttribute('href', '/admin/subscriptions');
    expect(screen.getByRole('menuitem', { name: 'Member credits' })).toHaveAttribute('href', '/admin/credits');
  });

  it('is for staff only', async () => {
    signIn('user');
    const calls = serveSubscriptions([ANA]);
    const { router } = renderApp('/admin/subscriptions');
    expect(await screen.findByTestId('forbidden-page', {}, SLOW)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/403');
    expect(calls.searches).toEqual([]);
  });
});
