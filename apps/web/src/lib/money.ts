import { BASE_CURRENCY, isCurrency } from './display-currency';

export { BASE_CURRENCY, isCurrency };

/** A staff-entered rate: how many pesos one unit of `currency` costs, as of `asOf` (YYYY-MM-DD). */
export interface CurrencyRate {
  currency: string;
  phpPerUnit: number;
  asOf: string;
  source: string;
}

const NBSP = '\u00a0';
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-PH', {
      style: 'currency',
      currency,
      // ₱ for pesos; other currencies by their code ("USD 78,268"): "$" or "¥" alone would be ambiguous
      currencyDisplay: currency === BASE_CURRENCY ? 'symbol' : 'code',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, f);
  }
  return f;
}

const minorDigits = new Map<string, number>();

/** The currency's decimals (2 for USD, 0 for JPY and KRW), read once per currency. */
function minorDigitsOf(currency: string): number {
  let digits = minorDigits.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 0;
    minorDigits.set(currency, digits);
  }
  return digits;
}

/**
 * A price as people read it: whole units with thousands separators, "₱4,610,000" or "USD 78,268"
 * (the code and the number joined by a no-break space). Pesos are always whole; another currency
 * keeps its cents below 100 units (a converted price per m² of USD 6.52 would otherwise read USD 7).
 */
export function formatMoney(amount: number, currency: string = BASE_CURRENCY): string {
  const code = isCurrency(currency) ? currency : BASE_CURRENCY;
  const digits = code !== BASE_CURRENCY && Math.abs(amount) < 100 ? minorDigitsOf(code) : 0;
  return formatter(code, digits).format(amount).replace(/\s/g, NBSP);
}

/** A rate in pesos with every digit staff entered (at least two): ₱58.90, ₱50.125, ₱0.0405. */
export function formatPhpRate(perUnit: number): string {
  return `₱${perUnit.toLocaleString('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`;
}

/** Whole pesos: formatPeso(4610000) === "₱4,610,000". */
export function formatPeso(amount: number): string {
  return formatMoney(amount, BASE_CURRENCY);
}

/** The currency's English name: "US Dollar", "Philippine Peso". */
export function currencyName(currency: string): string {
  try {
    return new Intl.DisplayNames('en', { type: 'currency' }).of(currency) ?? currency;
  } catch {
    return currency;
  }
}

/** How many pesos one unit of `currency` costs (1 for PHP), or null when the table has no rate for it. */
export function phpPerUnit(currency: string, rates: readonly CurrencyRate[] | undefined): number | null {
  if (currency === BASE_CURRENCY) return 1;
  const rate = rates?.find((r) => r.currency === currency);
  return rate && rate.phpPerUnit > 0 ? rate.phpPerUnit : null;
}

/** Converts through pesos with the rate table; null when a rate is missing. */
export function convertMoney(amount: number, from: string, to: string, rates: readonly CurrencyRate[] | undefined): number | null {
  if (from === to) return amount;
  const fromRate = phpPerUnit(from, rates);
  const toRate = phpPerUnit(to, rates);
  if (fromRate === null || toRate === null) return null;
  return (amount * fromRate) / toRate;
}

/** "Nov 20, 2026" from "2026-11-20" (the date of a rate, read as a calendar day, not a moment). */
export function formatRateDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  if (!y || !m || !d) return isoDate;
  return new Intl.DateTimeFormat('en-PH', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}

/** One way to read a price: the amount, its currency, and whether it came through a rate. */
export interface MoneyReading {
  amount: number;
  currency: string;
  converted: boolean;
}

/**
 * The readings of a price for a visitor who chose `display`: first in that currency, then in pesos
 * (always shown), then as the owner entered it; each currency once. A reading that needs a missing
 * rate is left out, so without rates the price still shows as entered.
 */
export function priceReadings(
  amount: number,
  currency: string,
  display: string,
  rates: readonly CurrencyRate[] | undefined,
): MoneyReading[] {
  const readings: MoneyReading[] = [];
  for (const target of [display, BASE_CURRENCY, currency]) {
    if (readings.some((r) => r.currency === target)) continue;
    const value = convertMoney(amount, currency, target, rates);
    if (value !== null) readings.push({ amount: value, currency: target, converted: target !== currency });
  }
  return readings;
}

/** The price per square metre of floor area (or of the lot, when there is no floor area), or null. */
export function pricePerSquareMetre(listing: { price: number; floorSize?: number | null; lotSize?: number | null }): number | null {
  const area = listing.floorSize && listing.floorSize > 0 ? listing.floorSize : listing.lotSize && listing.lotSize > 0 ? listing.lotSize : null;
  return area === null ? null : listing.price / area;
}
