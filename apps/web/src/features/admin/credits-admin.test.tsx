import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CreditBalance } from '@/lib/api/billing';
import type { UserRole } from '@/lib/api/types';
import { makePagination, makeUser } from '@/test/fixtures';
import { apiError, server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';

const SLOW = { timeout: 10_000 };

function signIn(role: UserRole) {
  const user = makeUser({ _id: 'u_staff', role });
  storeSession('t_staff', user);
  serveSession('t_staff', user);
}

const ANA: CreditBalance = { _id: 'u_ana', email: 'ana@example.ph', firstName: 'Ana', lastName: 'Reyes', plan: 'basic', remaining: 300 };
const BEN: CreditBalance = { _id: 'u_ben', email: 'ben@example.ph', firstName: 'Ben', lastName: 'Santos', plan: 'free', remaining: 0 };

function serveBalances() {
  let rows = [ANA, BEN];
  const asked: string[] = [];
  const adjustments: unknown[] = [];
  server.use(
    http.get('*/api/user/ai/credits/get/all', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      const text = url.searchParams.get('text');
      const found = text ? rows.filter((r) => r.email.includes(text)) : rows;
      return HttpResponse.json({ balances: found, pagination: makePagination(found.length, found.length, 20) });
    }),
    http.put('*/api/user/ai/credits/:id', async ({ params, request }) => {
      const body = (await request.json()) as { change?: number; remaining?: number; reason: string };
      adjustments.push({ id: params.id, ...body });
      const row = rows.find((r) => r._id === params.id)!;
      const remaining = body.remaining ?? row.remaining + (body.change ?? 0);
      if (remaining < 0) return apiError(400, 'The balance cannot go below zero', 'Bad Request');
      rows = rows.map((r) => (r._id === params.id ? { ...r, remaining } : r));
      return HttpResponse.json({ _id: params.id, entries: [], monthlyAllowance: 0, pagination: makePagination(0, 0), plan: row.plan, remaining, reserved: 0 });
    }),
  );
  return { asked, adjustments };
}

describe('admin: member credits', { timeout: 30_000 }, () => {
  it('lists balances, searches by name or e-mail, and adjusts a balance with a change or a new balance and a required reason', async () => {
    signIn('admin');
    const calls = serveBalances();
    const { user, router } = renderApp('/admin/credits');
    const table = await screen.findByRole('table', { name: 'Credit balances' }, SLOW);
    expect(within(table).getByTestId('balance-u_ana')).toHaveTextContent('Ana Reyes');
    expect(within(table).getByTestId('balance-u_ana')).toHaveTextContent('300');
    expect(calls.asked[0]).toBe('?page=1&limit=20');

    await user.click(within(table).getByRole('button', { name: 'Adjust credits of ana@example.ph' }));
    const dialog = await screen.findByRole('dialog', { name: "Adjust Ana Reyes's credits" });
    await user.type(within(dialog).getByLabelText(/Credits to add/), '-50');
    expect(within(dialog).getByText('Balance after: 250')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Say why, in at least 3 characters')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Refund of a failed report');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.adjustments).toEqual([{ id: 'u_ana', change: -50, reason: 'Refund of a failed report' }]);
    await waitFor(() => expect(screen.getByTestId('balance-u_ana')).toHaveTextContent('250'));

    await user.click(screen.getByRole('button', { name: 'Adjust credits of ben@example.ph' }));
    const set = await screen.findByRole('dialog', { name: "Adjust Ben Santos's credits" });
    await user.click(within(set).getByRole('combobox', { name: 'Adjustment' }));
    await user.click(await screen.findByRole('option', { name: 'Set the balance' }));
    await user.type(within(set).getByLabelText(/New balance/), '1,000');
    await user.type(within(set).getByLabelText(/Reason/), 'Goodwill after an outage');
    await user.click(within(set).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.adjustments).toHaveLength(2));
    expect(calls.adjustments[1]).toEqual({ id: 'u_ben', remaining: 1000, reason: 'Goodwill after an outage' });

    await user.type(screen.getByLabelText('Member name or e-mail'), 'ben{Enter}');
    expect(router.state.location.search).toBe('?q=ben');
    await waitFor(() => expect(calls.asked).toContain('?page=1&limit=20&text=ben'));
    await waitFor(() => expect(screen.queryByTestId('balance-u_ana')).not.toBeInTheDocument());
  });

  it('taking more than the balance is refused before it is sent', async () => {
    signIn('admin');
    const calls = serveBalances();
    const { user } = renderApp('/admin/credits');
    await user.click(await screen.findByRole('button', { name: 'Adjust credits of ben@example.ph' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Credits to add/), '-5');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Oops');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The balance is 0: at most that many can be taken')).toBeInTheDocument();
    expect(calls.adjustments).toEqual([]);
  });

  it('a viewer reads the balances without actions', async () => {
    signIn('viewer');
    serveBalances();
    renderApp('/admin/credits');
    await screen.findByTestId('balance-u_ana', {}, SLOW);
    expect(screen.queryByRole('button', { name: /Adjust credits/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Give a plan/ })).not.toBeInTheDocument();
  });
});
