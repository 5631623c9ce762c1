import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCurrencyRates } from '@/lib/api/currency';
import { useDisplayCurrency } from '@/lib/display-currency';
import { BASE_CURRENCY, formatMoney, formatPhpRate, formatRateDate, phpPerUnit, priceReadings, type MoneyReading } from '@/lib/money';

export interface PriceProps {
  amount: number;
  /** The currency the owner entered the price in (PHP for nearly every listing). */
  currency: string;
  /** A rental's monthly rent: "/month" follows every amount. */
  perMonth?: boolean;
  size?: 'card' | 'detail' | 'compact';
  /** The test id of the first (main) amount. */
  testId?: string;
}

const SIZES = {
  card: { main: 'h6', other: 'body2' },
  detail: { main: 'h4', other: 'h6' },
  compact: { main: 'body2', other: 'caption' },
} as const;

function text(reading: MoneyReading): string {
  return `${reading.converted ? '≈ ' : ''}${formatMoney(reading.amount, reading.currency)}`;
}

/** Whether a price in `currency` needs the rate table for a visitor who shows prices in `display`. */
export function needsRates(currency: string, display: string): boolean {
  return currency !== BASE_CURRENCY || display !== BASE_CURRENCY;
}

/**
 * A price in the visitor's currency, with pesos always beside it (and the owner's currency, when it is
 * neither): "≈ USD 78,268/month  ₱4,610,000/month". Converted amounts start with "≈".
 */
export function Price({ amount, currency, perMonth = false, size = 'card', testId = 'listing-price' }: PriceProps) {
  const display = useDisplayCurrency();
  const { rates } = useCurrencyRates(needsRates(currency, display));
  const [main, ...others] = priceReadings(amount, currency, display, rates);
  const variants = SIZES[size];
  const period = perMonth ? '/month' : '';
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'baseline', columnGap: 1, flexWrap: 'wrap' }}>
      <Typography
        variant={variants.main}
        component="span"
        color="primary"
        sx={{ fontWeight: size === 'detail' ? 800 : 700, lineHeight: 1.2 }}
        data-testid={testId}
      >
        {text(main)}
        {period && (
          <Typography component="span" variant={variants.other} color="text.secondary">
            {period}
          </Typography>
        )}
      </Typography>
      {others.map((reading) => (
        <Typography
          key={reading.currency}
          component="span"
          variant={variants.other}
          color="text.secondary"
          data-testid={`${testId}-${reading.currency.toLowerCase()}`}
        >
          {text(reading)}
          {period}
        </Typography>
      ))}
    </Box>
  );
}

/** "₱38,417/m²" in the visitor's currency (converted with "≈"), or nothing without an area. */
export function PricePerArea({ amount, currency, perMonth = false }: { amount: number | null; currency: string; perMonth?: boolean }) {
  const display = useDisplayCurrency();
  const { rates } = useCurrencyRates(amount !== null && needsRates(currency, display));
  if (amount === null) return null;
  const [main] = priceReadings(amount, currency, display, rates);
  return (
    <Typography component="span" variant="body2" color="text.secondary" data-testid="listing-price-per-sqm">
      {text(main)}/m²{perMonth ? '/month' : ''}
    </Typography>
  );
}

/**
 * Which rates the converted prices on screen used, and their date: "USD 1 = ₱58.90 (rate of
 * 20 Nov 2026, set by Tahanan staff)". Nothing when every price shows as entered in pesos.
 */
export function RatesUsed({ currencies }: { currencies: string[] }) {
  const display = useDisplayCurrency();
  const foreign = [...new Set([display, ...currencies])].filter((c) => c !== BASE_CURRENCY);
  const { rates, failed } = useCurrencyRates(foreign.length > 0);
  if (foreign.length === 0) return null;
  const parts = foreign.map((code) => {
    const rate = rates?.find((r) => r.currency === code);
    const perUnit = phpPerUnit(code, rates);
    if (!rate || perUnit === null) return `no ${code} rate ${failed ? 'could be loaded' : 'yet'}: prices show in ₱`;
    return `${code} 1 = ${formatPhpRate(perUnit)} (rate of ${formatRateDate(rate.asOf)}, set by Tahanan staff)`;
  });
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="rates-used">
      {parts.join('; ')}
    </Typography>
  );
}
