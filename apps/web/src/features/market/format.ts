import { AREA_LEVELS, type AreaLevel, type MarketFigure } from '@app/domain';
import { formatMoney } from '@/lib/money';
import type { MarketFigureUnit } from './types';

const NBSP = '\u00a0';
const number = (value: number, digits = 0) => value.toLocaleString('en-PH', { minimumFractionDigits: 0, maximumFractionDigits: digits });

/** The text of a figure with no value. */
export const NO_VALUE = 'No figure';

/**
 * A figure's value as people read it, by its unit: ₱4,610,000; ₱182,500/m²; 5.2%; 1,234; 48 days;
 * 1.35 (a ratio); 3,120 per 100,000; 123.4 (index); 12,345 families; 21,310/km². Null reads "No figure".
 */
export function formatValue(value: number | null | undefined, unit: MarketFigureUnit | 'text' | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return NO_VALUE;
  switch (unit) {
    case 'php':
      return formatMoney(value);
    case 'php_per_sqm':
      return `${formatMoney(value)}/m²`;
    case 'pct':
      return `${number(value, 1)}%`;
    case 'days':
      return `${number(value)}${NBSP}day${Math.round(value) === 1 ? '' : 's'}`;
    case 'ratio':
      return number(value, 2);
    case 'per_100k':
      return `${number(value, 1)} per 100,000`;
    case 'index':
      return number(value, 1);
    case 'families':
      return `${number(value)} families`;
    case 'per_km2':
      return `${number(value)}/km²`;
    case 'thousand_persons':
      return `${number(value, 1)} thousand`;
    case 'persons':
    case 'count':
      return number(value);
    default:
      return number(value, 2);
  }
}

/** A short value for a chart's axis: ₱4.6M, ₱180K/m², 5%, 1.2K. */
export function formatAxis(value: number | null, unit: MarketFigureUnit): string {
  if (value === null) return '';
  const compact = (v: number) => v.toLocaleString('en-PH', { notation: 'compact', maximumFractionDigits: 1 });
  switch (unit) {
    case 'php':
      return `₱${compact(value)}`;
    case 'php_per_sqm':
      return `₱${compact(value)}/m²`;
    case 'pct':
      return `${number(value, 1)}%`;
    case 'ratio':
      return number(value, 2);
    default:
      return compact(value);
  }
}

/** What a unit measures, for a chart's axis label and its description. */
export const UNIT_LABELS: Record<MarketFigureUnit, string> = {
  php: 'pesos',
  php_per_sqm: 'pesos per m²',
  pct: 'percent',
  count: 'count',
  days: 'days',
  ratio: 'ratio',
  persons: 'people',
  thousand_persons: 'thousand people',
  per_100k: 'per 100,000 people',
  index: 'index',
  families: 'families',
  per_km2: 'people per km²',
};

const LEVEL_LABELS: Record<AreaLevel, string> = {
  barangay: 'Barangay',
  city: 'City or municipality',
  province: 'Province',
  region: 'Region',
  national: 'National',
};

/** "Barangay", "City or municipality", "Province", "Region", "National". */
export const levelLabel = (level: string): string =>
  (AREA_LEVELS as readonly string[]).includes(level) ? LEVEL_LABELS[level as AreaLevel] : level;

/** "n = 23 listings", "sample not stated". */
export function sampleText(figure: Pick<MarketFigure, 'sampleSize' | 'source'>): string {
  if (figure.sampleSize === null || figure.sampleSize === undefined) return 'Sample not stated by the source';
  const listings = /listings/i.test(figure.source);
  return `n = ${number(figure.sampleSize)}${listings ? ` listing${figure.sampleSize === 1 ? '' : 's'}` : ''}`;
}

/** "Tahanan listings · listings as of 2026-11-27 · Barangay (Bel-Air) · n = 23 listings": every figure says where it comes from. */
export function provenanceText(figure: MarketFigure): string {
  const where = figure.areaName ? `${levelLabel(figure.granularity)} (${figure.areaName})` : levelLabel(figure.granularity);
  return [figure.source, figure.period, where, sampleText(figure)].join(' · ');
}
