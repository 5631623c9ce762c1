import { http, HttpResponse } from 'msw';
import { server } from './msw-server';

/** The rate table as the API seeds it (GET /api/currency/rates). */
export const RATES = {
  base: 'PHP',
  rates: [
    ['USD', 58.9],
    ['EUR', 68.2],
    ['GBP', 77.5],
    ['INR', 0.665],
    ['CNY', 8.25],
    ['JPY', 0.385],
    ['KRW', 0.0405],
    ['BRL', 10.9],
  ].map(([currency, phpPerUnit]) => ({
    currency,
    phpPerUnit,
    asOf: '2026-11-20',
    source: 'Approximate starting rates shipped with Tahanan',
    updatedAt: '2026-11-20T00:00:00.000Z',
  })),
};

/** Serves the rate table; returns how many times it was asked for. */
export function serveRates(body = RATES) {
  const calls = { count: 0 };
  server.use(
    http.get('*/api/currency/rates', () => {
      calls.count++;
      return HttpResponse.json(body);
    }),
  );
  return calls;
}
