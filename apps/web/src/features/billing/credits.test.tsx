import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CREDIT_PACKS, formatCentavos } from '@app/domain';
import type { CreditEntry } from '@/lib/api/billing';
import { makePagination, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { readStoredSession, renderApp, serveSession, storeSession } from '@/test/render';
import { makeCreditsAccount } from './test/fixtures';

const SLOW = { timeout: 10_000 };

function entry(overrides: Partial<CreditEntry>): CreditEntry {
  return { _id: 'e_1', amount: 300, balanceAfter: 300, createdAt: '2026-03-01T02:05:00.000Z', kind: 'allowance', paymentId: null, reason: 'Basic plan, month 1', reservationId: null, ...overrides };
}

function signIn(remaining = 10) {
  const user = makeUser({ _id: 'u_1', credits: { remaining } });
  storeSession('tok', user);
  serveSession('tok', user);
}

function serveCredits(account: ReturnType<typeof makeCreditsAccount>) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/user/ai/credits/:id', ({ params, request }) => {
      asked.push(`${params.id as string}${new URL(request.url).search}`);
      return HttpResponse.json(account);
    }),
  );
  return asked;
}

describe('AI credits page', { timeout: 30_000 }, () => {
  it('shows the balance, what is held, the monthly allowance and the ledger; the header follows the balance', async () => {
    signIn(10);
    const entries = [
      entry({ _id: 'e_3', kind: 'commit', amount: 0, balanceAfter: 245, reason: 'ARIA chat', createdAt: '2026-03-03T02:00:00.000Z' }),
      entry({ _id: 'e_2', kind: 'reserve', amount: -5, balanceAfter: 245, reason: 'ARIA chat', createdAt: '2026-03-03T01:59:00.000Z' }),
      entry({ _id: 'e_1' }),
    ];
    const asked = serveCredits(makeCreditsAccount({ remaining: 245, reserved: 5, monthlyAllowance: 300, plan: 'basic', entries, pagination: makePagination(23, 3, 10, 1) }));
    const { user, router } = renderApp('/credits');
    expect(await screen.findByTestId('credits-remaining', {}, SLOW)).toHaveTextContent('245');
    expect(screen.getByTestId('credits-reserved')).toHaveTextContent('5');
    expect(screen.getByTestId('credits-allowance')).toHaveTextContent('300');
    expect(asked[0]).toBe('u_1?page=1&limit=10');
    const ledger = screen.getByRole('table', { name: 'Credit history' });
    const rows = within(ledger).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('Used');
    expect(rows[2]).toHaveTextContent('Held for work');
    expect(rows[2]).toHaveTextContent('-5');
    expect(rows[3]).toHaveTextContent('Monthly allowance');
    expect(rows[3]).toHaveTextContent('Basic plan, month 1');
    expect(rows[3]).toHaveTextContent('+300');
    // the session had 10: the balance read here is put in it (the header and the stored session)
    await waitFor(() => expect(screen.getByTestId('header-credits')).toHaveTextContent('245'));
    expect((readStoredSession() as { user: { credits: { remaining: number } } }).user.credits.remaining).toBe(245);
    expect(screen.getByTestId('header-credits')).toHaveAttribute('href', '/credits');
    expect(screen.queryByTestId('upgrade-prompt')).not.toBeInTheDocument();

    await user.click(within(screen.getByRole('navigation', { name: 'Credit history pages' })).getByRole('button', { name: 'Go to page 2' }));
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() => expect(asked).toContain('u_1?page=2&limit=10'));
  });

  it('offers the credit packs of the table, each to its checkout', async () => {
    signIn();
    serveCredits(makeCreditsAccount({ remaining: 10 }));
    renderApp('/credits');
    for (const pack of Object.values(CREDIT_PACKS)) {
      const card = await screen.findByRole('article', { name: pack.name }, SLOW);
      expect(card).toHaveTextContent(formatCentavos(pack.priceCentavos));
      expect(within(card).getByRole('link', { name: `Buy ${pack.name}` })).toHaveAttribute('href', `/checkout?pack=${pack.id}`);
    }
  });

  it('with no credits left: the Upgrade prompt (buy credits or see plans)', async () => {
    signIn(0);
    serveCredits(makeCreditsAccount({ remaining: 0 }));
    renderApp('/credits');
    const prompt = await screen.findByTestId('upgrade-prompt', {}, SLOW);
    expect(prompt).toHaveTextContent('Not enough AI credits');
    expect(prompt).toHaveTextContent('You have no AI credits left.');
    expect(within(prompt).getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/credits#packs');
    expect(within(prompt).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans');
    expect(screen.getByText('No credits have moved yet.')).toBeInTheDocument();
  });
});
