import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_GRACE_DAYS } from '@app/domain';
import { formatDay } from '@/lib/billing-text';
import { makePagination, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
import { freeCurrent, makePayment, makeSubscription, paidCurrent, serveCurrent } from './test/fixtures';

const SLOW = { timeout: 10_000 };

function signIn() {
  const user = makeUser({ _id: 'u_1' });
  storeSession('tok', user);
  serveSession('tok', user);
}

const PAYMENTS = [
  makePayment({ _id: 'p_paid', reference: 'TH-PAID0-00001', status: 'paid', paidAt: '2026-03-01T02:05:00.000Z', receiptNumber: 'OR-2026-000001', checkoutUrl: null }),
  makePayment({ _id: 'p_failed', reference: 'TH-FAIL0-00002', status: 'failed', failureReason: 'Declined in the sandbox', method: 'card', checkoutUrl: null }),
  makePayment({ _id: 'p_open', reference: 'TH-OPEN0-00003', status: 'awaiting_action', purpose: 'credit_pack', creditPack: 'starter', plan: null, billingPeriod: null, description: '50 AI credits', amountCentavos: 25_000 }),
];

function servePayments(total = PAYMENTS.length) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/payment/history', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      const page = Number(url.searchParams.get('page') ?? 1);
      return HttpResponse.json({ payments: page === 1 ? PAYMENTS : [], pagination: makePagination(total, page === 1 ? PAYMENTS.length : 0, 10, page) });
    }),
  );
  return asked;
}

function serveHistory(subscriptions = [makeSubscription()]) {
  server.use(
    http.get('*/api/user/subscription/history', () =>
      HttpResponse.json({ subscriptions, pagination: makePagination(subscriptions.length, subscriptions.length) }),
    ),
  );
}

describe('billing page', { timeout: 30_000 }, () => {
  it('shows the current plan, the payments with status, amount, method and reference (receipts for paid ones), and the plan history', async () => {
    signIn();
    serveCurrent(paidCurrent({}, [makeSubscription({ _id: 's_next', status: 'scheduled', startedAt: '2099-04-01T02:00:00.000Z', expiresAt: '2099-05-01T02:00:00.000Z' })]));
    const asked = servePayments();
    serveHistory();
    renderApp('/billing');
    const plan = await screen.findByTestId('current-plan', {}, SLOW);
    expect(within(plan).getByRole('heading', { name: 'Basic plan' })).toBeInTheDocument();
    expect(within(plan).getByText('Active')).toBeInTheDocument();
    expect(within(plan).getByTestId('plan-period')).toHaveTextContent(`Paid until ${formatDay('2099-04-01T02:00:00.000Z')}`);
    expect(within(plan).getByRole('link', { name: 'Pay for another period' })).toHaveAttribute('href', '/checkout?plan=basic&period=monthly');
    expect(screen.getByRole('heading', { name: 'Paid periods to come' })).toBeInTheDocument();
    expect(screen.getByText(`Basic, monthly: ${formatDay('2099-04-01T02:00:00.000Z')} to ${formatDay('2099-05-01T02:00:00.000Z')}`)).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(asked[0]).toBe('?page=1&limit=10');
    const paid = within(table).getByTestId('payment-TH-PAID0-00001');
    expect(paid).toHaveTextContent('Basic plan, 1 month');
    expect(paid).toHaveTextContent('₱1,500.00');
    expect(paid).toHaveTextContent('GCash');
    expect(paid).toHaveTextContent('Paid');
    expect(within(paid).getByRole('button', { name: 'Receipt of TH-PAID0-00001' })).toBeInTheDocument();
    const failed = within(table).getByTestId('payment-TH-FAIL0-00002');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('Credit or debit card');
    expect(within(failed).queryByRole('button', { name: /Receipt/ })).not.toBeInTheDocument();
    const open = within(table).getByTestId('payment-TH-OPEN0-00003');
    expect(open).toHaveTextContent('Waiting for payment');
    expect(open).toHaveTextContent('₱250.00');
    expect(within(open).getByRole('link', { name: 'Continue TH-OPEN0-00003' })).toHaveAttribute('href', '/billing/result?payment=p_open');

    const history = await screen.findByRole('table', { name: 'Plan history' });
    expect(within(history).getAllByRole('row')).toHaveLength(2);
    expect(history).toHaveTextContent('Basic');
  });

  it('pages through the payments with the page in the address', async () => {
    signIn();
    serveCurrent(freeCurrent());
    const asked = servePayments(25);
    serveHistory([]);
    const { user, router } = renderApp('/billing');
    const pages = await screen.findByRole('navigation', { name: 'Payment pages' }, SLOW);
    await user.click(within(pages).getByRole('button', { name: 'Go to page 3' }));
    expect(router.state.location.search).toBe('?page=3');
    await screen.findByText('No payments yet');
    expect(asked).toContain('?page=3&limit=10');
    expect(screen.getByText('You have always been on the Free plan.')).toBeInTheDocument();
    expect(within(screen.getByTestId('current-plan')).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans');
  });

  it('past the end of the paid period: the grace notice says until when the plan stays', async () => {
    signIn();
    const day = 24 * 3600_000;
    const expiresAt = new Date(Date.now() - day).toISOString();
    const graceEndsAt = new Date(Date.now() + (SUBSCRIPTION_GRACE_DAYS - 1) * day).toISOString();
    serveCurrent(paidCurrent({ expiresAt, graceEndsAt }));
    servePayments();
    serveHistory();
    renderApp('/billing');
    const notice = await screen.findByTestId('grace-notice', {}, SLOW);
    expect(notice).toHaveTextContent(`Your paid period ended on ${formatDay(expiresAt)}. You keep the plan until ${formatDay(graceEndsAt)} (3 days' grace)`);
  });

  it('a plan set to end says so and can be kept', async () => {
    signIn();
    serveCurrent(paidCurrent({ cancelAtPeriodEnd: true, graceEndsAt: null }));
    servePayments();
    serveHistory();
    renderApp('/billing');
    const plan = await screen.findByTestId('current-plan', {}, SLOW);
    expect(await within(plan).findByText(`Ends on ${formatDay('2099-04-01T02:00:00.000Z')}; then you are on the Free plan`)).toBeInTheDocument();
    expect(within(plan).getByRole('button', { name: 'Keep my plan' })).toBeInTheDocument();
    expect(within(plan).queryByRole('button', { name: 'Switch to Free' })).not.toBeInTheDocument();
  });

  it('the account menu leads to plans, billing and AI credits', async () => {
    signIn();
    serveCurrent(freeCurrent());
    servePayments();
    serveHistory();
    const { user } = renderApp('/billing');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }, SLOW));
    expect(await screen.findByRole('menuitem', { name: 'Plans' })).toHaveAttribute('href', '/plans');
    expect(screen.getByRole('menuitem', { name: 'Billing' })).toHaveAttribute('href', '/billing');
    expect(screen.getByRole('menuitem', { name: 'AI credits' })).toHaveAttribute('href', '/credits');
    // a member is not staff
    expect(screen.queryByRole('menuitem', { name: 'Subscriptions' })).not.toBeInTheDocument();
  });
});
