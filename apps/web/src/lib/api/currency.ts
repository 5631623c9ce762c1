import { useGetCurrencyRatesQuery } from './generated';
import type { CurrencyRate } from '@/lib/money';

/**
 * The staff rate table (GET /api/currency/rates), fetched only when a price needs converting; the
 * answer is cached like every other query (5 minutes) and shared by all prices on the page.
 */
export function useCurrencyRates(needed: boolean): { rates: CurrencyRate[] | undefined; failed: boolean } {
  const { data, isError } = useGetCurrencyRatesQuery(undefined, { skip: !needed });
  return { rates: data?.rates, failed: isError };
}
