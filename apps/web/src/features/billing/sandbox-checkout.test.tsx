import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { SandboxCheckout } from '@/lib/api/billing';
import { browserNavigation } from '@/lib/navigation';
import { apiError, server } from '@/test/msw-server';
import { renderApp } from '@/test/render';

const SLOW = { timeout: 10_000 };
const ID = 'sbx_cs_0123456789abcdef01234567';
const RESULT = 'http://localhost:3000/billing/result?payment=p_1';

function makeCheckout(overrides: Partial<SandboxCheckout> = {}): SandboxCheckout {
  return {
    checkoutId: ID,
    reference: 'TH-ABCDE-12345',
    amountCentavos: 150_000,
    description: 'Basic plan, 1 month',
    method: 'gcash',
    payerEmail: 'ana@example.ph',
    status: 'awaiting_action',
    expiresAt: '2099-03-01T06:00:00.000Z',
    cancelUrl: `${RESULT}&cancelled=1`,
    ...overrides,
  };
}

function serveSandbox(checkout: SandboxCheckout) {
  const decisions: unknown[] = [];
  server.use(
    http.get(`*/api/payment/sandbox/${ID}`, () => HttpResponse.json(checkout)),
    http.post(`*/api/payment/sandbox/${ID}/decide`, async ({ request }) => {
      const body = (await request.json()) as { decision: string };
      decisions.push(body);
      return HttpResponse.json({ redirectUrl: RESULT, status: body.decision === 'approve' ? 'paid' : body.decision === 'decline' ? 'failed' : 'expired' });
    }),
  );
  return decisions;
}

describe('sandbox checkout page', { timeout: 30_000 }, () => {
  it('is public and clearly a sandbox: amount, description, reference and method, and three decisions', async () => {
    serveSandbox(makeCheckout());
    renderApp(`/sandbox-checkout/${ID}`);
    expect(await screen.findByTestId('sandbox-banner', {}, SLOW)).toHaveTextContent('SANDBOX — no real money');
    expect(await screen.findByTestId('sandbox-amount')).toHaveTextContent('₱1,500.00');
    expect(screen.getByText('Basic plan, 1 month')).toBeInTheDocument();
    expect(screen.getByText('TH-ABCDE-12345')).toBeInTheDocument();
    expect(screen.getByText('GCash')).toBeInTheDocument();
    for (const name of ['Approve payment', 'Decline', 'Let it expire']) expect(screen.getByRole('button', { name })).toBeEnabled();
    // not the app's own page: no header
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it.each([
    ['Approve payment', 'approve'],
    ['Decline', 'decline'],
    ['Let it expire', 'expire'],
  ])('%s posts the decision, then goes where the answer says', async (button, decision) => {
    const decisions = serveSandbox(makeCheckout());
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = renderApp(`/sandbox-checkout/${ID}`);
    await user.click(await screen.findByRole('button', { name: button }, SLOW));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(RESULT));
    expect(decisions).toEqual([{ decision }]);
  });

  it('a decided checkout shows what was decided and a link back', async () => {
    serveSandbox(makeCheckout({ status: 'failed' }));
    renderApp(`/sandbox-checkout/${ID}`);
    expect(await screen.findByTestId('sandbox-decided', {}, SLOW)).toHaveTextContent('This test payment was declined.');
    expect(screen.getByRole('link', { name: 'Back to Tahanan' })).toHaveAttribute('href', `${RESULT}&cancelled=1`);
    expect(screen.queryByRole('button', { name: 'Approve payment' })).not.toBeInTheDocument();
  });

  it('an approved checkout can be refunded (a refund or chargeback arriving later)', async () => {
    const decisions = serveSandbox(makeCheckout({ status: 'paid' }));
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = renderApp(`/sandbox-checkout/${ID}`);
    expect(await screen.findByTestId('sandbox-decided', {}, SLOW)).toHaveTextContent('This test payment was approved.');
    await user.click(screen.getByRole('button', { name: 'Refund this payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(RESULT));
    expect(decisions).toEqual([{ decision: 'refund' }]);
  });

  it('an unknown checkout says so', async () => {
    server.use(http.get(`*/api/payment/sandbox/${ID}`, () => apiError(404, 'No such sandbox checkout (it may have been a week ago)', 'Not Found')));
    renderApp(`/sandbox-checkout/${ID}`);
    expect(await screen.findByText('No such sandbox checkout (it may have been a week ago)', {}, SLOW)).toBeInTheDocument();
  });
});
