import { BadRequestException } from '@nestjs/common';
import { bucketOf, bucketsOf, dashboardWindow, fillSeries, manilaDay, parseDay } from './dashboard-window';

describe('the admin dashboard window (Philippine days)', () => {
  it('defaults to the last 30 Manila days, today included, as instants at Manila midnight', () => {
    // 2026-11-26 17:30 UTC is 2026-11-27 01:30 in Manila
    const w = dashboardWindow({}, new Date('2026-11-26T17:30:00Z'));
    expect(w).toMatchObject({ fromDay: '2026-10-29', toDay: '2026-11-27', interval: 'day' });
    expect(w.from.toISOString()).toBe('2026-10-28T16:00:00.000Z');
    expect(w.to.toISOString()).toBe('2026-11-27T16:00:00.000Z');
    expect(bucketsOf(w)).toHaveLength(30);
    expect(dashboardWindow(null, new Date('2026-11-26T17:30:00Z'))).toEqual(w);
    expect(dashboardWindow(undefined, new Date('2026-11-26T17:30:00Z'))).toEqual(w);
  });

  it('reads dates and date-times as Manila days', () => {
    expect(parseDay('2026-02-28')).toBe('2026-02-28');
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('yesterday')).toBeNull();
    expect(parseDay('2026-03-01T20:00:00Z')).toBe('2026-03-02');
    expect(manilaDay(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
  });

  it('refuses bad dates, an inverted range and a daily range over 366 days, saying what to fix', () => {
    const msg = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        expect(err).toBeInstanceOf(BadRequestException);
        return (err as BadRequestException).message;
      }
      throw new Error('no error');
    };
    expect(msg(() => dashboardWindow({ from: '2026-13-01', to: '2026-12-01' }))).toMatch(/^filter.from must be a date/);
    expect(msg(() => dashboardWindow({ from: '2026-01-01', to: 'soon' }))).toMatch(/^filter.to must be a date/);
    expect(msg(() => dashboardWindow({ from: '2026-03-02', to: '2026-03-01' }))).toBe('filter.to (2026-03-01) must not be before filter.from (2026-03-02)');
    expect(msg(() => dashboardWindow({ from: '2025-01-01', to: '2026-01-02' }))).toMatch(/at most 366 days .* is 367: choose a shorter range, or interval 'week' or 'month'/);
    expect(dashboardWindow({ from: '2025-01-01', to: '2026-01-01' }).fromDay).toBe('2025-01-01');
    expect(dashboardWindow({ from: '2020-01-01', to: '2026-01-01', interval: 'month' }).interval).toBe('month');
  });

  it('buckets by Monday weeks and calendar months, filling gaps with 0', () => {
    expect(bucketOf('2026-11-27', 'week')).toBe('2026-11-23');
    expect(bucketOf('2026-11-23', 'week')).toBe('2026-11-23');
    expect(bucketOf('2026-11-22', 'week')).toBe('2026-11-16');
    const months = dashboardWindow({ from: '2026-11-15', to: '2027-02-03', interval: 'month' });
    expect(bucketsOf(months)).toEqual(['2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01']);
    const days = dashboardWindow({ from: '2026-03-01', to: '2026-03-03' });
    expect(fillSeries(days, [{ date: '2026-03-02', count: 4, amount: 900 }], true)).toEqual([
      { date: '2026-03-01', count: 0, amountCentavos: 0 },
      { date: '2026-03-02', count: 4, amountCentavos: 900 },
      { date: '2026-03-03', count: 0, amountCentavos: 0 },
    ]);
    expect(fillSeries(days, [])[0]).toEqual({ date: '2026-03-01', count: 0 });
  });
});
