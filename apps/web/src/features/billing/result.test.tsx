import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLANS } from '@app/domain';
import type { Payment } from '@/lib/api/billing';
import { formatDay } from '@/lib/billing-text';
import { makeUser } from '@/test/fixtures';
import { apiError, server } from '@/test/msw-server';
import { readStoredSession, renderApp, storeSession } from '@/test/render';
import { freeCurrent, makePayment, paidCurrent, serveCurrent } from './test/fixtures';

const SLOW = { timeout: 10_000 };
const PAID_AT = '2026-03-01T02:05:00.000Z';

/** The member's session; GET /current/user answers with `credits` once `paid()` says the payment went through. */
function signIn() {
  const state = { paid: false, userCalls: 0 };
  const user = makeUser({ _id: 'u_1', credits: { remaining: 0 } });
  storeSession('tok', user);
  server.use(
    http.get('*/api/current/user', () => {
      state.userCalls++;
      return HttpResponse.json(
        state.paid ? { ...user, credits: { remaining: PLANS.basic.monthlyCredits }, subscription: { plan: 'basic', status: 'active', billingPeriod: 'monthly' } } : user,
      );
    }),
  );
  return state;
}

/** GET /payment/status answers each of `states` in turn (the last one stays). */
function serveStatus(states: Payment[]) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/payment/status', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(states[Math.min(asked.length - 1, states.length - 1)]);
    }),
  );
  return asked;
}

// jsdom has no object URLs: the receipt download's are stubbed per test
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
afterEach(() => {
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
});

describe('payment result page', { timeout: 30_000 }, () => {
  it('paid: says what it bought, refreshes the session (the header shows the new credits) and downloads the receipt', async () => {
    const state = signIn();
    const open = makePayment();
    const paid = makePayment({ status: 'paid', paidAt: PAID_AT, receiptNumber: 'OR-2026-000001', checkoutUrl: null });
    serveCurrent(() => (state.paid ? paidCurrent({ paymentId: paid._id }) : freeCurrent()));
    // open on the first ask, paid on the next (the webhook arrived meanwhile)
    let asks = 0;
    server.use(
      http.get('*/api/payment/status', () => {
        state.paid = ++asks > 1;
        return HttpResponse.json(state.paid ? paid : open);
      }),
    );
    const receiptAuth: string[] = [];
    server.use(
      http.get('*/api/payment/:id/receipt', ({ params, request }) => {
        receiptAuth.push(`${params.id as string} ${request.headers.get('authorization')}`);
        return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="tahanan-receipt-OR-2026-000001.pdf"' },
        });
      }),
    );
    const created: Blob[] = [];
    URL.createObjectURL = (b: Blob) => {
      created.push(b);
      return 'blob:receipt';
    };
    URL.revokeObjectURL = () => undefined;
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.download} ${this.href}`);
    });

    const { user } = renderApp(`/billing/result?payment=${paid._id}`);
    expect(await screen.findByRole('heading', { name: 'Payment received' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByTestId('paid-outcome')).toHaveTextContent(`You are on the Basic plan until ${formatDay('2099-04-01T02:00:00.000Z')}.`);
    // the session's user was fetched again: the header and the stored session have the plan's credits
    await waitFor(() => expect(screen.getByTestId('header-credits')).toHaveTextContent(String(PLANS.basic.monthlyCredits)));
    expect((readStoredSession() as { user: { credits: { remaining: number } } }).user.credits.remaining).toBe(PLANS.basic.monthlyCredits);
    expect(screen.getByText('OR-2026-000001')).toBeInTheDocument();
    expect(screen.getByText('TH-ABCDE-12345')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download receipt' }));
    await waitFor(() => expect(clicks).toEqual(['tahanan-receipt-OR-2026-000001.pdf blob:receipt']));
    expect(receiptAuth).toEqual([`${paid._id} Bearer tok`]);
    expect(created[0].type).toBe('application/pdf');
    expect(screen.getByRole('link', { name: 'Go to billing' })).toHaveAttribute('href', '/billing');
  });

  it('polls while the payment is open, then shows a failure with Try again', async () => {
    signIn();
    const open = makePayment();
    const failed = makePayment({ status: 'failed', failureReason: 'Declined in the sandbox', checkoutUrl: null });
    const asked = serveStatus([open, failed]);
    renderApp(`/billing/result?payment=${open._id}`);
    expect(await screen.findByRole('heading', { name: 'Waiting for the payment' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'The payment failed' }, { timeout: 6000 })).toBeInTheDocument();
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText(/Declined in the sandbox\. Nothing was charged/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/checkout?plan=basic&period=monthly');
    // closed: no more asking
    const count = asked.length;
    await new Promise((r) => setTimeout(r, 2500));
    expect(asked.length).toBe(count);
  });

  it('expired and cancelled payments say so; a credit pack tries the pack again', async () => {
    signIn();
    serveStatus([makePayment({ status: 'expired', purpose: 'credit_pack', creditPack: 'bulk', plan: null, billingPeriod: null, description: '1,000 AI credits' })]);
    renderApp('/billing/result?payment=p_1');
    expect(await screen.findByRole('heading', { name: 'The payment expired' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/checkout?pack=bulk');
  });

  it('back from the checkout without paying (cancelled=1): offers to cancel the payment', async () => {
    signIn();
    let status: Payment['status'] = 'awaiting_action';
    server.use(
      http.get('*/api/payment/status', () => HttpResponse.json(makePayment({ status, failureReason: status === 'cancelled' ? 'Cancelled by the member' : null }))),
      http.post('*/api/payment/:id/cancel', ({ params }) => {
        expect(params.id).toBe(makePayment()._id);
        status = 'cancelled';
        return HttpResponse.json(makePayment({ status, failureReason: 'Cancelled by the member' }));
      }),
    );
    const { user } = renderApp(`/billing/result?payment=${makePayment()._id}&cancelled=1`);
    expect(await screen.findByRole('heading', { name: 'You left the checkout' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to the checkout' })).toHaveAttribute('href', makePayment().checkoutUrl);
    await user.click(screen.getByRole('button', { name: 'Cancel payment' }));
    expect(await screen.findByRole('heading', { name: 'The payment was cancelled' })).toBeInTheDocument();
    expect(screen.getByText(/Cancelled by the member/)).toBeInTheDocument();
  });

  it("someone else's payment (or none) is not found", async () => {
    signIn();
    server.use(http.get('*/api/payment/status', () => apiError(404, 'Payment not found', 'Not Found')));
    renderApp('/billing/result?payment=nope');
    expect(await screen.findByText('We found no payment of yours with this link.', {}, SLOW)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
