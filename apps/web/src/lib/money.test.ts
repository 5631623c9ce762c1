import { describe, expect, it } from 'vitest';
import { convertMoney, formatMoney, formatPeso, formatRateDate, pricePerSquareMetre, priceReadings, type CurrencyRate } from './money';

const NB = '\u00a0';
const rates: CurrencyRate[] = [
  { currency: 'USD', phpPerUnit: 58.9, asOf: '2026-11-20', source: 'test' },
  { currency: 'JPY', phpPerUnit: 0.385, asOf: '2026-11-20', source: 'test' },
  { currency: 'KRW', phpPerUnit: 0.0405, asOf: '2026-11-19', source: 'test' },
];

describe('formatMoney', () => {
  it('writes whole pesos with the ₱ sign and thousands separators, never centavos', () => {
    expect(formatPeso(4_610_000)).toBe('₱4,610,000');
    expect(formatPeso(1500)).toBe('₱1,500');
    expect(formatPeso(18_500.75)).toBe('₱18,501');
    expect(formatPeso(0)).toBe('₱0');
  });

  it('writes other currencies by their code, whole above 100 units, with cents below', () => {
    expect(formatMoney(78_268.4, 'USD')).toBe(`USD${NB}78,268`);
    expect(formatMoney(6.523, 'USD')).toBe(`USD${NB}6.52`);
    // the yen and the won have no minor unit
    expect(formatMoney(11_974_026, 'JPY')).toBe(`JPY${NB}11,974,026`);
    expect(formatMoney(42.4, 'KRW')).toBe(`KRW${NB}42`);
  });
});

describe('conversion with the staff rate table', () => {
  it('converts from pesos, to pesos and between two other currencies through pesos', () => {
    expect(convertMoney(5890, 'PHP', 'USD', rates)).toBeCloseTo(100, 6);
    expect(convertMoney(100, 'USD', 'PHP', rates)).toBeCloseTo(5890, 6);
    expect(convertMoney(1, 'USD', 'JPY', rates)).toBeCloseTo(58.9 / 0.385, 6);
    expect(convertMoney(10, 'PHP', 'PHP', undefined)).toBe(10);
  });

  it('gives null when a rate is missing (no table yet, or a currency staff never priced)', () => {
    expect(convertMoney(100, 'PHP', 'USD', undefined)).toBeNull();
    expect(convertMoney(100, 'PHP', 'EUR', rates)).toBeNull();
  });

  it('reads a price in the chosen currency first, pesos always beside, then as the owner entered it', () => {
    expect(priceReadings(4_610_000, 'PHP', 'USD', rates)).toEqual([
      { amount: 4_610_000 / 58.9, currency: 'USD', converted: true },
      { amount: 4_610_000, currency: 'PHP', converted: false },
    ]);
    expect(priceReadings(4_610_000, 'PHP', 'PHP', rates)).toEqual([{ amount: 4_610_000, currency: 'PHP', converted: false }]);
    // a listing priced in dollars, seen by a visitor who reads yen
    expect(priceReadings(100_000, 'USD', 'JPY', rates).map((r) => [r.currency, r.converted])).toEqual([
      ['JPY', true],
      ['PHP', true],
      ['USD', false],
    ]);
    // without rates the price still shows, as entered
    expect(priceReadings(4_610_000, 'PHP', 'USD', undefined)).toEqual([{ amount: 4_610_000, currency: 'PHP', converted: false }]);
  });
});

describe('pricePerSquareMetre and formatRateDate', () => {
  it('divides by the floor area, else by the lot, else gives nothing', () => {
    expect(pricePerSquareMetre({ price: 4_610_000, floorSize: 120, lotSize: 200 })).toBeCloseTo(38_416.67, 2);
    expect(pricePerSquareMetre({ price: 3_000_000, floorSize: null, lotSize: 300 })).toBe(10_000);
    expect(pricePerSquareMetre({ price: 3_000_000, floorSize: 0, lotSize: null })).toBeNull();
  });

  it('writes a rate date as a calendar day, whatever the time zone', () => {
    expect(formatRateDate('2026-11-20')).toBe('Nov 20, 2026');
    expect(formatRateDate('2027-01-01')).toBe('Jan 1, 2027');
  });
});
