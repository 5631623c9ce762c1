import { BadRequestException } from '@nestjs/common';
import type { PeriodCount, PeriodInterval } from '../../common/db/period-counts';

export const DASHBOARD_METRICS = ['users', 'listings', 'messages', 'payments'] as const;
export type DashboardMetric = (typeof DASHBOARD_METRICS)[number];
export const DASHBOARD_INTERVALS: readonly PeriodInterval[] = ['day', 'week', 'month'];
/** The default window: the last 30 Philippine days, today included. */
export const DEFAULT_DAYS = 30;
/** A daily series covers at most this many days. */
export const MAX_DAILY_DAYS = 366;
/** A weekly or monthly series covers at most this many days (ten years). */
export const MAX_SERIES_DAYS = 3660;

const DAY_MS = 24 * 3600_000;
const MANILA_OFFSET_MS = 8 * 3600_000;

/** The dashboard's window: Philippine days `fromDay`..`toDay` (both whole), as instants `from` (inclusive) and `to` (exclusive). */
export interface DashboardWindow {
  fromDay: string;
  toDay: string;
  from: Date;
  to: Date;
  interval: PeriodInterval;
}

/** The Philippine (Asia/Manila, UTC+8, no daylight saving) day of an instant, YYYY-MM-DD. */
export const manilaDay = (at: Date): string => new Date(at.getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 10);

/** A day YYYY-MM-DD as the UTC midnight of that date (day arithmetic only). */
const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** A filter date: YYYY-MM-DD (a Philippine day), or an ISO date-time (its Philippine day); null when it is neither. */
export function parseDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const n = dayNumber(value);
    return Number.isFinite(n) && dayOf(n) === value ? value : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : manilaDay(at);
}

/** The window of a dashboard filter; 400 saying what to fix for a bad date, `to` before `from`, or a range too long for the interval. */
export function dashboardWindow(given: { from?: string; to?: string; interval?: PeriodInterval } | null | undefined, now = new Date()): DashboardWindow {
  const filter = given ?? {};
  const interval = filter.interval ?? 'day';
  const toDay = filter.to === undefined ? manilaDay(now) : parseDay(filter.to);
  if (!toDay) throw new BadRequestException('filter.to must be a date (YYYY-MM-DD) or an ISO date-time');
  const fromDay = filter.from === undefined ? dayOf(dayNumber(toDay) - (DEFAULT_DAYS - 1)) : parseDay(filter.from);
  if (!fromDay) throw new BadRequestException('filter.from must be a date (YYYY-MM-DD) or an ISO date-time');
  const days = dayNumber(toDay) - dayNumber(fromDay) + 1;
  if (days < 1) throw new BadRequestException(`filter.to (${toDay}) must not be before filter.from (${fromDay})`);
  if (interval === 'day' && days > MAX_DAILY_DAYS) {
    throw new BadRequestException(
      `A daily series covers at most ${MAX_DAILY_DAYS} days and ${fromDay} to ${toDay} is ${days}: choose a shorter range, or interval 'week' or 'month'`,
    );
  }
  if (days > MAX_SERIES_DAYS) throw new BadRequestException(`A series covers at most ${MAX_SERIES_DAYS} days (ten years) and ${fromDay} to ${toDay} is ${days}: choose a shorter range`);
  return {
    fromDay,
    toDay,
    from: new Date(dayNumber(fromDay) * DAY_MS - MANILA_OFFSET_MS),
    to: new Date((dayNumber(toDay) + 1) * DAY_MS - MANILA_OFFSET_MS),
    interval,
  };
}

/** The first day of the bucket a day falls in (PostgreSQL's date_trunc: weeks from Monday, calendar months). */
export function bucketOf(day: string, interval: PeriodInterval): string {
  if (interval === 'day') return day;
  if (interval === 'month') return `${day.slice(0, 7)}-01`;
  const n = dayNumber(day);
  const weekday = new Date(n * DAY_MS).getUTCDay(); // 0 Sunday
  return dayOf(n - ((weekday + 6) % 7));
}

/** Every bucket of the window, in order (the first may begin before `fromDay`: it counts only the window's days). */
export function bucketsOf(w: DashboardWindow): string[] {
  const out: string[] = [];
  let day = bucketOf(w.fromDay, w.interval);
  while (day <= w.toDay) {
    out.push(day);
    if (w.interval === 'day') day = dayOf(dayNumber(day) + 1);
    else if (w.interval === 'week') day = dayOf(dayNumber(day) + 7);
    else {
      const [y, m] = day.split('-').map(Number);
      day = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    }
  }
  return out;
}

/** A series over every bucket of the window, 0 where no row fell; `withAmount` adds each bucket's amount (centavos). */
export function fillSeries(w: DashboardWindow, counts: PeriodCount[], withAmount = false): Array<{ date: string; count: number; amountCentavos?: number }> {
  const byDate = new Map(counts.map((c) => [c.date, c]));
  return bucketsOf(w).map((date) => {
    const c = byDate.get(date);
    return withAmount ? { date, count: c?.count ?? 0, amountCentavos: c?.amount ?? 0 } : { date, count: c?.count ?? 0 };
  });
}
