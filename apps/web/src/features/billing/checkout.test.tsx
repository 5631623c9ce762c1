import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { CREDIT_PACKS, PLANS, formatCentavos } from '@app/domain';
import { browserNavigation } from '@/lib/navigation';
import { makeUser } from '@/test/fixtures';
import { apiError, server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
import { freeCurrent, makePayment, paidCurrent, serveCurrent, serveMethods } from './test/fixtures';

const SLOW = { timeout: 10_000 };
const QR_IMAGE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function signIn() {
  const user = makeUser({ _id: 'u_1' });
  storeSession('tok', user);
  serveSession('tok', user);
  return user;
}

/** Serves POST /payment/{route}; records the bodies. */
function servePay(route: string, answer: (body: Record<string, unknown>, n: number) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(`*/api/payment/${route}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer(body, bodies.length);
    }),
  );
  return bodies;
}

describe('checkout', { timeout: 30_000 }, () => {
  it('Maya QR: creates the payment with a fresh key, shows the QR code and polls the status until paid, then the result page', async () => {
    signIn();
    serveMethods();
    serveCurrent(freeCurrent());
    const payment = makePayment({
      method: 'maya_qr',
      qr: { image: QR_IMAGE, payload: 'http://localhost/sandbox-checkout/sbx_cs_1' },
      checkoutUrl: 'http://localhost/sandbox-checkout/sbx_cs_1',
    });
    const bodies = servePay('qr/maya', () => HttpResponse.json(payment));
    let polls = 0;
    server.use(
      http.get('*/api/payment/status', ({ request }) => {
        expect(new URL(request.url).searchParams.get('id')).toBe(payment._id);
        polls++;
        return HttpResponse.json(polls < 2 ? payment : { ...payment, status: 'paid', qr: null, paidAt: '2026-03-01T02:05:00.000Z', receiptNumber: 'OR-2026-000001' });
      }),
    );
    const { user, router } = renderApp('/checkout?plan=basic&period=monthly');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' }, SLOW)).toBeInTheDocument();
    // the summary: the plan table's price
    expect(await screen.findByTestId('summary-price')).toHaveTextContent(formatCentavos(PLANS.basic.monthlyCentavos!));
    expect(screen.getByTestId('summary-total')).toHaveTextContent(formatCentavos(PLANS.basic.monthlyCentavos!));
    expect(screen.queryByTestId('summary-proration')).not.toBeInTheDocument();
    // the sandbox is marked
    expect(screen.getByTestId('test-mode')).toHaveTextContent('Test mode: no money moves');
    const methods = screen.getByRole('radiogroup', { name: 'Payment method' });
    expect(within(methods).getAllByRole('radio')).toHaveLength(4);
    expect(within(methods).getAllByText('Test mode')).toHaveLength(4);

    await user.click(within(methods).getByRole('radio', { name: /Maya QR/ }));
    await user.click(screen.getByRole('button', { name: `Pay ${formatCentavos(150_000)} with Maya QR` }));
    expect(await screen.findByRole('img', { name: `QR code to pay ₱1,500.00 (${payment.reference})` })).toHaveAttribute('src', QR_IMAGE);
    expect(screen.getByRole('link', { name: 'Open checkout' })).toHaveAttribute('href', payment.checkoutUrl);
    expect(bodies).toEqual([{ purpose: 'subscription', plan: 'basic', billingPeriod: 'monthly', idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_.:-]{8,100}$/) }]);

    // polled every 2 s until it is paid, then the result page
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing/result'), { timeout: 8000 });
    expect(router.state.location.search).toBe(`?payment=${payment._id}`);
    expect(polls).toBeGreaterThanOrEqual(2);
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
  });

  it('GCash: goes to the checkout page of the provider (the sandbox page here)', async () => {
    signIn();
    serveMethods();
    serveCurrent(freeCurrent());
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const payment = makePayment({ method: 'gcash' });
    const bodies = servePay('e-wallet/gcash', () => HttpResponse.json(payment));
    const { user } = renderApp('/checkout?plan=premium&period=annually');
    const methods = await screen.findByRole('radiogroup', { name: 'Payment method' }, SLOW);
    await user.click(within(methods).getByRole('radio', { name: /GCash/ }));
    await user.click(screen.getByRole('button', { name: `Pay ${formatCentavos(PLANS.premium.annualCentavos!)} with GCash` }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(payment.checkoutUrl));
    expect(bodies).toEqual([{ purpose: 'subscription', plan: 'premium', billingPeriod: 'annually', idempotencyKey: expect.any(String) }]);
  });

  it('a failed attempt shows the server message; trying again sends a new idempotency key', async () => {
    signIn();
    serveMethods();
    serveCurrent(freeCurrent());
    vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const bodies = servePay('card/web', (_b, n) =>
      n === 1 ? apiError(429, 'You have 10 checkouts open from the last hour: finish or cancel one first', 'Too Many Requests') : HttpResponse.json(makePayment({ method: 'card' })),
    );
    const { user } = renderApp('/checkout?plan=basic&period=monthly');
    const methods = await screen.findByRole('radiogroup', { name: 'Payment method' }, SLOW);
    await user.click(within(methods).getByRole('radio', { name: /Credit or debit card/ }));
    const pay = screen.getByRole('button', { name: /^Pay ₱1,500.00 with Credit or debit card$/ });
    await user.click(pay);
    expect(await screen.findByText('You have 10 checkouts open from the last hour: finish or cancel one first')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Pay ₱1,500.00/ }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[0].idempotencyKey).not.toEqual(bodies[1].idempotencyKey);
  });

  it('an upgrade from a paid plan takes off the unused part of the current period', async () => {
    signIn();
    serveMethods();
    const day = 24 * 3600_000;
    serveCurrent(
      paidCurrent({
        plan: 'basic',
        paidCentavos: 150_000,
        startedAt: new Date(Date.now() - 15 * day).toISOString(),
        expiresAt: new Date(Date.now() + 15 * day).toISOString(),
      }),
    );
    renderApp('/checkout?plan=premium&period=monthly');
    const proration = await screen.findByTestId('summary-proration', {}, SLOW);
    expect(within(proration.parentElement!).getByText('Credit for the unused part of your Basic plan')).toBeInTheDocument();
    // about half of ₱1,500.00 is taken off the ₱6,500.00
    const credit = Number(proration.textContent!.replace(/[^\d.]/g, ''));
    expect(credit).toBeGreaterThan(740);
    expect(credit).toBeLessThanOrEqual(750);
    expect(screen.getByTestId('summary-total')).toHaveTextContent(formatCentavos(650_000 - Math.round(credit * 100)));
    expect(screen.getByText(/Starts as soon as it is paid/)).toBeInTheDocument();
  });

  it('a credit pack: the pack price, paid by the method chosen', async () => {
    signIn();
    serveMethods({ methods: [{ method: 'gcash', provider: 'paymongo' }, { method: 'card', provider: 'paymongo' }] });
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const payment = makePayment({ purpose: 'credit_pack', creditPack: 'standard', plan: null, billingPeriod: null, credits: 200, method: 'card', checkoutUrl: 'https://checkout.paymongo.com/cs_1' });
    const bodies = servePay('card/web', () => HttpResponse.json(payment));
    const { user } = renderApp('/checkout?pack=standard');
    expect(await screen.findByTestId('summary-price', {}, SLOW)).toHaveTextContent(formatCentavos(CREDIT_PACKS.standard.priceCentavos));
    const methods = await screen.findByRole('radiogroup', { name: 'Payment method' });
    // real providers: no test-mode notice
    expect(screen.queryByTestId('test-mode')).not.toBeInTheDocument();
    await user.click(within(methods).getByRole('radio', { name: /Credit or debit card/ }));
    await user.click(screen.getByRole('button', { name: `Pay ${formatCentavos(CREDIT_PACKS.standard.priceCentavos)} with Credit or debit card` }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.paymongo.com/cs_1'));
    expect(bodies).toEqual([{ purpose: 'credit_pack', creditPack: 'standard', idempotencyKey: expect.any(String) }]);
  });

  it('an address without a plan or pack sold online says so', async () => {
    signIn();
    renderApp('/checkout?plan=enterprise');
    expect(await screen.findByText('This checkout does not name a plan or an AI credit pack sold online.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans');
  });
});
