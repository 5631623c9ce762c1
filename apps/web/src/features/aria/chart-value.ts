import { formatValue } from '@/features/market/format';
import type { MarketFigureUnit } from '@/features/market/types';
import { formatPeso } from '@/lib/money';

/** The market reports' units (₱, ₱/m², %, days, counts, ratios...): read as the market pages read them. */
const MARKET_UNITS = new Set(['php', 'php_per_sqm', 'pct', 'days', 'ratio', 'per_100k', 'index', 'families', 'per_km2', 'thousand_persons', 'persons', 'count']);

const compact = (v: number) => v.toLocaleString('en-PH', { notation: 'compact', maximumFractionDigits: 1 });

/** A value in the chart's unit: pesos (₱, ₱/m²), percent, or a plain number with the unit after it. */
export function chartValue(value: number, unit: string, short = false): string {
  if (!short && MARKET_UNITS.has(unit)) return formatValue(value, unit as MarketFigureUnit);
  if (unit === 'count' || unit === 'persons') return compact(value);
  if (unit === 'php' || unit === '₱' || unit === 'PHP') return short ? `₱${compact(value)}` : formatPeso(value);
  if (unit === 'php_per_sqm' || unit === '₱/m²') return `${short ? `₱${compact(value)}` : formatPeso(value)}/m²`;
  if (unit === 'pct' || unit === '%') return `${value.toLocaleString('en-PH', { maximumFractionDigits: 1 })}%`;
  return `${short ? compact(value) : value.toLocaleString('en-PH', { maximumFractionDigits: 2 })}${unit ? ` ${unit}` : ''}`;
}
