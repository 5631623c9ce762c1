import { describe, expect, it } from 'vitest';
import { formatAxis, formatValue, NO_VALUE, provenanceText, sampleText } from './format';
import { makeReport } from './test/fixtures';

const NBSP = '\u00a0';

describe('market figures: formatting by unit', () => {
  it('writes each unit as people read it', () => {
    expect(formatValue(4_610_000, 'php')).toBe('₱4,610,000');
    expect(formatValue(182_450.4, 'php_per_sqm')).toBe('₱182,450/m²');
    expect(formatValue(5.234, 'pct')).toBe('5.2%');
    expect(formatValue(1234, 'count')).toBe('1,234');
    expect(formatValue(47, 'days')).toBe(`47${NBSP}days`);
    expect(formatValue(1, 'days')).toBe(`1${NBSP}day`);
    expect(formatValue(1.3456, 'ratio')).toBe('1.35');
    expect(formatValue(312.44, 'per_100k')).toBe('312.4 per 100,000');
    expect(formatValue(123.45, 'index')).toBe('123.5');
    expect(formatValue(12_345, 'families')).toBe('12,345 families');
    expect(formatValue(21_310.2, 'per_km2')).toBe('21,310/km²');
    expect(formatValue(2_913_000, 'persons')).toBe('2,913,000');
    expect(formatValue(1520.5, 'thousand_persons')).toBe('1,520.5 thousand');
  });

  it('says "No figure" instead of a number it does not have', () => {
    expect(formatValue(null, 'php')).toBe(NO_VALUE);
    expect(formatValue(undefined, 'pct')).toBe(NO_VALUE);
    expect(formatValue(Number.NaN, 'count')).toBe(NO_VALUE);
  });

  it('shortens axis values', () => {
    expect(formatAxis(4_600_000, 'php')).toBe('₱4.6M');
    expect(formatAxis(180_000, 'php_per_sqm')).toBe('₱180K/m²');
    expect(formatAxis(null, 'php')).toBe('');
  });

  it('tells every figure’s source, period, granularity and sample', () => {
    const [figure] = makeReport().figures;
    expect(provenanceText(figure)).toBe('Tahanan listings · listings as of 2026-11-27 · City or municipality (City of Makati) · n = 41 listings');
    expect(sampleText({ sampleSize: null, source: 'PSA, Labor Force Survey' })).toBe('Sample not stated by the source');
    expect(sampleText({ sampleSize: 1, source: 'Tahanan listings' })).toBe('n = 1 listing');
  });
});
