import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PLANS, formatCentavos } from '@app/domain';
import { formatDay } from '@/lib/billing-text';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
import { freeCurrent, paidCurrent, serveCurrent } from './test/fixtures';

const SLOW = { timeout: 10_000 };

function signIn(overrides = {}) {
  const user = makeUser({ _id: 'u_1', ...overrides });
  storeSession('tok', user);
  serveSession('tok', user);
  return user;
}

const card = (id: string) => screen.getByTestId(`plan-${id}`);

describe('plans page', { timeout: 30_000 }, () => {
  it('shows the four plans with the prices of the plan table; the period switch shows the annual prices (two months free)', async () => {
    const { user, router } = renderApp('/plans');
    expect(await screen.findByRole('heading', { level: 1, name: 'Plans' }, SLOW)).toBeInTheDocument();
    for (const id of ['free', 'basic', 'premium', 'enterprise']) {
      expect(within(card(id)).getByRole('heading', { name: PLANS[id as 'free'].name })).toBeInTheDocument();
    }
    expect(screen.getByTestId('plan-basic-price')).toHaveTextContent(formatCentavos(PLANS.basic.monthlyCentavos!));
    expect(screen.getByTestId('plan-premium-price')).toHaveTextContent(formatCentavos(PLANS.premium.monthlyCentavos!));
    expect(screen.getByTestId('plan-enterprise-price')).toHaveTextContent('Contact sales');
    expect(within(card('basic')).getByText('/month')).toBeInTheDocument();
    // what each includes: the monthly AI credits, listing limits and report tiers of the table
    expect(within(card('basic')).getByText('300')).toBeInTheDocument();
    expect(within(card('basic')).getByText('Up to 25')).toBeInTheDocument();
    expect(within(card('basic')).getByText('Tiers 1 and 2')).toBeInTheDocument();
    expect(within(card('premium')).getByText('Tiers 1, 2 and 3')).toBeInTheDocument();
    expect(within(card('enterprise')).getAllByText('Unlimited', { selector: 'dd' })).toHaveLength(2); // listings and ARIA

    // a visitor is asked to log in first, then comes back to the checkout
    expect(within(card('basic')).getByRole('link', { name: 'Choose Basic' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/checkout?plan=basic&period=monthly')}`,
    );
    expect(within(card('enterprise')).getByRole('link', { name: 'Contact sales' })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));

    await user.click(screen.getByRole('button', { name: 'Annually' }));
    expect(screen.getByTestId('plan-basic-price')).toHaveTextContent(formatCentavos(PLANS.basic.annualCentavos!));
    expect(screen.getByTestId('plan-premium-price')).toHaveTextContent(formatCentavos(PLANS.premium.annualCentavos!));
    expect(within(card('basic')).getByText('/year')).toBeInTheDocument();
    expect(screen.getByTestId('plan-basic-per-month')).toHaveTextContent(`${formatCentavos(PLANS.basic.annualCentavos! / 12)} a month · 2 months free`);
    expect(router.state.location.search).toBe('?period=annually');
    expect(within(card('basic')).getByRole('link', { name: 'Choose Basic' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/checkout?plan=basic&period=annually')}`,
    );
  });

  it("marks a member's plan and says what each choice does: upgrade, extend, contact sales", async () => {
    signIn({ subscription: { plan: 'basic', status: 'active', billingPeriod: 'monthly' } });
    serveCurrent(paidCurrent());
    renderApp('/plans');
    const basic = await screen.findByTestId('plan-basic', {}, SLOW);
    expect(await within(basic).findByTestId('your-plan')).toHaveTextContent('Your plan');
    expect(within(card('free')).queryByTestId('your-plan')).not.toBeInTheDocument();
    expect(within(basic).getByRole('link', { name: 'Extend Basic' })).toHaveAttribute('href', '/checkout?plan=basic&period=monthly');
    expect(within(card('premium')).getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/checkout?plan=premium&period=monthly');
    expect(screen.getByTestId('current-plan-notice')).toHaveTextContent(`You are on the Basic plan (monthly), paid until ${formatDay('2099-04-01T02:00:00.000Z')}`);
  });

  it('a member on Free sees Free as the current plan and upgrades go to the checkout', async () => {
    signIn();
    serveCurrent(freeCurrent());
    renderApp('/plans?period=annually');
    const free = await screen.findByTestId('plan-free', {}, SLOW);
    expect(await within(free).findByRole('button', { name: 'Your current plan' })).toBeDisabled();
    expect(within(card('basic')).getByRole('link', { name: 'Upgrade to Basic' })).toHaveAttribute('href', '/checkout?plan=basic&period=annually');
  });

  it('switching to Free asks first ("your plan ends on …"), then calls the upgrade with plan free', async () => {
    signIn();
    let current = paidCurrent();
    serveCurrent(() => current);
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/subscription/upgrade', async ({ request }) => {
        bodies.push(await request.json());
        current = paidCurrent({ cancelAtPeriodEnd: true, graceEndsAt: null });
        return HttpResponse.json({ payment: null, subscription: current });
      }),
    );
    const { user } = renderApp('/plans');
    const free = await screen.findByTestId('plan-free', {}, SLOW);
    await user.click(await within(free).findByRole('button', { name: 'Switch to Free' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Switch to the Free plan?' });
    expect(confirm).toHaveTextContent(`Your Basic plan ends on ${formatDay('2099-04-01T02:00:00.000Z')}`);
    await user.click(within(confirm).getByRole('button', { name: 'Switch to Free' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ plan: 'free' }]);
    // the plan now ends with its period: the member may keep it
    expect(await screen.findByRole('button', { name: 'Keep my plan' })).toBeInTheDocument();
    expect(within(free).getByRole('button', { name: `Free from ${formatDay('2099-04-01T02:00:00.000Z')}` })).toBeDisabled();
  });

  it('a plan set to end offers "Keep my plan" (POST /subscription/cancel with cancel false)', async () => {
    signIn();
    let current = paidCurrent({ cancelAtPeriodEnd: true, graceEndsAt: null });
    serveCurrent(() => current);
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/subscription/cancel', async ({ request }) => {
        bodies.push(await request.json());
        current = paidCurrent();
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderApp('/plans');
    await user.click(await screen.findByRole('button', { name: 'Keep my plan' }, SLOW));
    await waitFor(() => expect(bodies).toEqual([{ cancel: false }]));
    expect(await screen.findByText('You keep the Basic plan')).toBeInTheDocument();
    expect(await screen.findByTestId('current-plan-notice')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keep my plan' })).not.toBeInTheDocument();
  });

  it('?for=<feature> says which plan unlocks it', async () => {
    renderApp('/plans?for=research.comparison');
    expect(await screen.findByTestId('plans-for', {}, SLOW)).toHaveTextContent('Research and comparison is part of the Basic plan and above');
  });
});
