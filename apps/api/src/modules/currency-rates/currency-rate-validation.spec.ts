import { asOfProblem, phpPerUnitProblem, sourceProblem } from './currency-rate-validation';

describe('currency rate validation', () => {
  it('takes today from the calendar in Manila (UTC+8), not the server clock', () => {
    // 16:30 UTC on 22 November is 00:30 on 23 November in Manila
    const lateUtc = new Date('2026-11-22T16:30:00Z');
    expect(asOfProblem('2026-11-23', lateUtc)).toBeNull();
    expect(asOfProblem('2026-11-24', lateUtc)).toBe('asOf cannot be after today (2026-11-23 in Asia/Manila)');
    // 15:59 UTC is still 22 November in Manila
    const earlyUtc = new Date('2026-11-22T15:59:00Z');
    expect(asOfProblem('2026-11-22', earlyUtc)).toBeNull();
    expect(asOfProblem('2026-11-23', earlyUtc)).toBe('asOf cannot be after today (2026-11-22 in Asia/Manila)');
  });

  it('knows real calendar dates, leap years included', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    expect(asOfProblem('2024-02-29', now)).toBeNull();
    expect(asOfProblem('2025-02-29', now)).toBe('asOf 2025-02-29 is not a real calendar date');
    expect(asOfProblem('2026-04-31', now)).toBe('asOf 2026-04-31 is not a real calendar date');
    expect(asOfProblem('2026-00-10', now)).toBe('asOf 2026-00-10 is not a real calendar date');
    expect(asOfProblem('2000-01-01', now)).toBeNull();
    expect(asOfProblem('0099-01-01', now)).toBe('asOf cannot be before 2000-01-01');
    expect(asOfProblem(' 2026-11-20', now)).toBe('asOf must be a date written YYYY-MM-DD, e.g. 2026-11-20');
  });

  it('bounds phpPerUnit and its decimals, and source', () => {
    expect(phpPerUnitProblem(0.000001)).toBeNull();
    expect(phpPerUnitProblem(1_000_000)).toBeNull();
    expect(phpPerUnitProblem(0.1 + 0.2)).toBe('phpPerUnit must have at most 6 decimals');
    expect(phpPerUnitProblem(Number.NaN)).toBe('phpPerUnit must be a number: the pesos for one unit of the currency, e.g. 58.9');
    expect(phpPerUnitProblem(Number.POSITIVE_INFINITY)).toBe('phpPerUnit must be a number: the pesos for one unit of the currency, e.g. 58.9');
    expect(sourceProblem(undefined)).toBeNull();
    expect(sourceProblem('ñ'.repeat(200))).toBeNull();
    expect(sourceProblem(['BSP'])).toBe('source must be text');
  });
});
