import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { makeStore } from '@/app/store';
import { server } from '@/test/msw-server';
import { FeasibilityDialog } from './FeasibilityDialog';
import { CompareDialog } from './CompareDialog';

const SLOW = { timeout: 10_000 };

const run = (kind: 'feasibility' | 'compare') => ({
  id: 'r_1',
  conversationId: 'c_run',
  kind,
  status: 'queued',
  progress: 0,
  credits: kind === 'feasibility' ? 10 : 5,
  input: {},
  result: null,
  narrative: null,
  error: null,
  createdAt: '2026-11-27T02:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  pdfUrl: null,
});

function show(element: React.ReactElement) {
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '/aria/:conversationId', element: <p>Run page</p> },
    ],
    { initialEntries: ['/'] },
  );
  const user = userEvent.setup();
  render(
    <AppProviders store={makeStore()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user, router };
}

describe('Run feasibility', () => {
  it('shows what the run costs and what the member has, and sends the assumptions as entered (blank ones left to the server)', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/ai/run/quote/feasibility', () => HttpResponse.json({ kind: 'feasibility', credits: 10, balance: 42, pool: null, enough: true, locked: null })),
      http.post('*/api/ai/run/feasibility', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(run('feasibility'), { status: 202 });
      }),
    );
    const { user, router } = show(<FeasibilityDialog open onClose={() => undefined} listing={{ id: 'l_9', name: '2BR condo in Makati' }} />);
    const dialog = await screen.findByRole('dialog', { name: 'Run feasibility' }, SLOW);
    expect(await within(dialog).findByTestId('aria-quote', {}, SLOW)).toHaveTextContent('This run uses 10 AI credits; you have 42.');
    // the defaults of the contract
    expect(within(dialog).getByLabelText('Down payment (%)')).toHaveValue('20');
    expect(within(dialog).getByLabelText('Loan term (years)')).toHaveValue('20');
    expect(within(dialog).getByLabelText('Pag-IBIG')).toBeChecked();
    expect(within(dialog).getByLabelText('Rent it out')).toBeChecked();
    expect(within(dialog).getByLabelText('Vacancy (%)')).toHaveValue('5');

    await user.clear(within(dialog).getByLabelText('Down payment (%)'));
    await user.type(within(dialog).getByLabelText('Down payment (%)'), '30');
    await user.clear(within(dialog).getByLabelText('Loan term (years)'));
    await user.type(within(dialog).getByLabelText('Loan term (years)'), '15');
    await user.click(within(dialog).getByLabelText('Bank'));
    await user.type(within(dialog).getByLabelText('Interest rate a year (%)'), '7.5');
    await user.type(within(dialog).getByLabelText('Rent a month (₱)'), '35000');
    await user.clear(within(dialog).getByLabelText('Association dues a month (₱)'));
    await user.type(within(dialog).getByLabelText('Association dues a month (₱)'), '3500');
    expect(within(dialog).getByLabelText('Rent a month (₱)')).toHaveValue('35,000');
    await user.click(within(dialog).getByRole('button', { name: 'Run for 10 credits' }));

    await waitFor(() =>
      expect(sent).toEqual([
        {
          listingId: 'l_9',
          assumptions: { downPaymentPct: 30, years: 15, lender: 'bank', use: 'rent', vacancyPct: 5, monthlyDues: 3500, annualRatePct: 7.5, monthlyRent: 35000 },
        },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/aria/c_run'));
  });

  it('refuses a term over 30 years before sending anything', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/ai/run/quote/feasibility', () => HttpResponse.json({ kind: 'feasibility', credits: 10, balance: 42, pool: null, enough: true, locked: null })),
      http.post('*/api/ai/run/feasibility', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(run('feasibility'), { status: 202 });
      }),
    );
    const { user } = show(<FeasibilityDialog open onClose={() => undefined} listing={{ id: 'l_9', name: '2BR condo in Makati' }} />);
    const dialog = await screen.findByRole('dialog', { name: 'Run feasibility' }, SLOW);
    await within(dialog).findByTestId('aria-quote', {}, SLOW);
    await user.clear(within(dialog).getByLabelText('Loan term (years)'));
    await user.type(within(dialog).getByLabelText('Loan term (years)'), '35');
    await user.click(within(dialog).getByRole('button', { name: 'Run for 10 credits' }));
    expect(await within(dialog).findByText('The loan term must be between 1 and 30')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('with too few credits (own and pool) shows the buy-credits prompt and does not offer the run', async () => {
    server.use(
      http.get('*/api/ai/run/quote/feasibility', () => HttpResponse.json({ kind: 'feasibility', credits: 10, balance: 4, pool: null, enough: false, locked: null })),
    );
    show(<FeasibilityDialog open onClose={() => undefined} listing={{ id: 'l_9', name: '2BR condo in Makati' }} />);
    const dialog = await screen.findByRole('dialog', { name: 'Run feasibility' }, SLOW);
    const prompt = await within(dialog).findByTestId('upgrade-prompt', {}, SLOW);
    expect(prompt).toHaveTextContent('This needs 10 AI credits; you have 4.');
    expect(within(prompt).getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/credits#packs');
    expect(within(dialog).getByRole('button', { name: 'Run for 10 credits' })).toBeDisabled();
  });

  it("a team member with no credits of their own runs on the team's pool, and the quote says so", async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/ai/run/quote/feasibility', () => HttpResponse.json({ kind: 'feasibility', credits: 10, balance: 0, pool: 50, enough: true, locked: null })),
      http.post('*/api/ai/run/feasibility', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { statusCode: 402, error: 'Payment Required', message: 'Not enough AI credits: the team pool is paused', upgrade: { reason: 'credits', needed: 10, remaining: 0 } },
          { status: 402 },
        );
      }),
    );
    const { user } = show(<FeasibilityDialog open onClose={() => undefined} listing={{ id: 'l_9', name: '2BR condo in Makati' }} />);
    const dialog = await screen.findByRole('dialog', { name: 'Run feasibility' }, SLOW);
    expect(await within(dialog).findByTestId('aria-quote', {}, SLOW)).toHaveTextContent("This run uses 10 AI credits, paid from your team's pool (50 available to you this month).");
    await user.click(within(dialog).getByRole('button', { name: 'Run for 10 credits' }));
    // the server still decides: its refusal is shown
    expect(await within(dialog).findByTestId('upgrade-prompt', {}, SLOW)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });
});

describe('Compare with ARIA', () => {
  it('on the Free plan shows the Upgrade prompt for research and comparison', async () => {
    server.use(
      http.get('*/api/ai/run/quote/compare', () =>
        HttpResponse.json({ kind: 'compare', credits: 5, balance: 10, pool: null, enough: true, locked: { reason: 'research.comparison', plan: 'basic' } }),
      ),
    );
    show(<CompareDialog open onClose={() => undefined} listings={[{ id: 'a', name: 'Condo A' }, { id: 'b', name: 'Condo B' }]} />);
    const dialog = await screen.findByRole('dialog', { name: 'Compare with ARIA' }, SLOW);
    const prompt = await within(dialog).findByTestId('upgrade-prompt', {}, SLOW);
    expect(prompt).toHaveTextContent('Research and comparison is part of the Basic plan and above');
    expect(within(dialog).getByRole('button', { name: 'Compare for 5 credits' })).toBeDisabled();
  });

  it('sends the chosen listings and opens the run', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/ai/run/quote/compare', () => HttpResponse.json({ kind: 'compare', credits: 5, balance: 300, pool: null, enough: true, locked: null })),
      http.post('*/api/ai/run/compare', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(run('compare'), { status: 202 });
      }),
    );
    const { user, router } = show(<CompareDialog open onClose={() => undefined} listings={[{ id: 'a', name: 'Condo A' }, { id: 'b', name: 'Condo B' }]} />);
    const dialog = await screen.findByRole('dialog', { name: 'Compare with ARIA' }, SLOW);
    expect(await within(dialog).findByTestId('aria-quote', {}, SLOW)).toHaveTextContent('This comparison uses 5 AI credits; you have 300.');
    await user.click(within(dialog).getByRole('button', { name: 'Compare for 5 credits' }));
    await waitFor(() => expect(sent).toEqual([{ listingIds: ['a', 'b'] }]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/aria/c_run'));
  });
});
