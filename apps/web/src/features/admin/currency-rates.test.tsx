import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { todayIn } from '@app/domain';
import { RATES, serveRates } from '@/test/currency';
import { makeUser } from '@/test/fixtures';
import { apiError, server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';

const admin = makeUser({ _id: 'u_admin', role: 'admin', firstName: 'Amihan', lastName: 'Reyes' });

function serveHistory() {
  const asked: string[] = [];
  server.use(
    http.get('*/api/currency/rates/:currency/history', ({ params, request }) => {
      asked.push(`${params.currency as string}?${new URL(request.url).searchParams.toString()}`);
      return HttpResponse.json({
        rates: [
          {
            ...RATES.rates[0],
            currency: params.currency,
            updatedBy: null,
          },
        ],
        pagination: { currentPage: 1, itemsOnPage: 1, itemsPerPage: 10, totalItems: 1, totalPages: 1 },
      });
    }),
  );
  return asked;
}

function signIn(user = admin) {
  storeSession('t_admin', user);
  serveSession('t_admin', user);
}

describe('admin: currency rates', { timeout: 30_000 }, () => {
  it('lists every currency with its rate and date, and the history of the one picked', async () => {
    signIn();
    serveRates();
    const asked = serveHistory();
    const { user } = renderApp('/admin/currency-rates');
    expect(await screen.findByRole('heading', { name: 'Currency rates' }, { timeout: 10000 })).toBeInTheDocument();
    expect(await screen.findByTestId('rate-USD-value')).toHaveTextContent('₱58.90');
    expect(screen.getByTestId('rate-USD-date')).toHaveTextContent('Nov 20, 2026');
    expect(screen.getByTestId('rate-KRW-value')).toHaveTextContent('₱0.0405');
    expect(within(screen.getByRole('table', { name: 'Current rates' })).getAllByRole('row')).toHaveLength(9);
    const history = await screen.findByRole('table', { name: 'USD rate history' });
    expect(history).toHaveTextContent('Shipped with Tahanan');

    await user.click(screen.getByRole('button', { name: 'History of EUR' }));
    expect(await screen.findByRole('table', { name: 'EUR rate history' })).toBeInTheDocument();
    expect(asked).toEqual(['USD?page=1&limit=10', 'EUR?page=1&limit=10']);

    // the account menu of an admin leads here
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Currency rates' })).toHaveAttribute('href', '/admin/currency-rates');
  });

  it('saves a new rate with PUT /api/currency/rates/:currency and shows the server message when it is refused', async () => {
    signIn();
    serveRates();
    serveHistory();
    const bodies: unknown[] = [];
    let refuse = true;
    server.use(
      http.put('*/api/currency/rates/:currency', async ({ params, request }) => {
        const body = (await request.json()) as { phpPerUnit: number; asOf: string; source?: string };
        bodies.push({ currency: params.currency, ...body });
        if (refuse) return apiError(400, ['asOf must not be after today in Manila (2026-11-22)'], 'Bad Request');
        return HttpResponse.json({ ...RATES.rates[0], ...body, source: body.source ?? 'Entered by staff', current: true });
      }),
    );
    const { user } = renderApp('/admin/currency-rates');
    await user.click(await screen.findByRole('button', { name: 'New USD rate' }, { timeout: 10000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New USD rate' });
    const amount = within(dialog).getByLabelText(/Pesos for 1 USD/);
    expect(amount).toHaveValue('58.9');
    await user.clear(amount);
    await user.type(amount, '1234.567891');
    expect(amount).toHaveValue('1,234.567891');
    expect(within(dialog).getByLabelText(/Rate of/)).toHaveValue(todayIn('Asia/Manila'));
    await user.type(within(dialog).getByLabelText('Source'), 'BSP reference rate');
    await user.click(within(dialog).getByRole('button', { name: 'Save rate' }));

    expect(await within(dialog).findByText('asOf must not be after today in Manila (2026-11-22)')).toBeInTheDocument();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('USD rate saved')).toBeInTheDocument();
    expect(bodies).toEqual([
      { currency: 'USD', phpPerUnit: 1234.567891, asOf: todayIn('Asia/Manila'), source: 'BSP reference rate' },
      { currency: 'USD', phpPerUnit: 1234.567891, asOf: todayIn('Asia/Manila'), source: 'BSP reference rate' },
    ]);
  });

  it('is for admins only: a member is sent to the 403 page', async () => {
    const member = makeUser({ _id: 'u_member', role: 'user' });
    signIn(member);
    const rates = serveRates();
    const { router } = renderApp('/admin/currency-rates');
    expect(await screen.findByTestId('forbidden-page', {}, { timeout: 10000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/403');
    expect(rates.count).toBe(0);
  });

  it("the rate form's today is the calendar day in Manila (UTC+8)", () => {
    expect(todayIn('Asia/Manila', new Date('2026-11-21T16:30:00Z'))).toBe('2026-11-22');
    expect(todayIn('Asia/Manila', new Date('2026-11-21T15:30:00Z'))).toBe('2026-11-21');
  });
});
