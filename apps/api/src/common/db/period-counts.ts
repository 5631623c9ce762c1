import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './database.module';

/** How the admin dashboard's series are bucketed: Philippine (Asia/Manila) days, ISO weeks from Monday, or calendar months. */
export type PeriodInterval = 'day' | 'week' | 'month';

/** A time window, `from` inclusive and `to` exclusive, and its buckets. */
export interface PeriodWindow {
  from: Date;
  to: Date;
  interval: PeriodInterval;
}

/** One bucket: its first day (YYYY-MM-DD, Asia/Manila), the rows in it and the sum of the amount column (0 without one). */
export interface PeriodCount {
  date: string;
  count: number;
  amount: number;
}

/**
 * Rows of a table per Manila day (or week, month) of a timestamp column, in one GROUP BY over the
 * window's range of that column (an index on it serves the range). Only buckets with rows come back;
 * the caller fills the others with 0. Each module calls it on its own table.
 */
export async function countsByPeriod(
  db: Database,
  table: PgTable,
  at: AnyColumn,
  window: PeriodWindow,
  options: { where?: SQL; amount?: AnyColumn } = {},
): Promise<PeriodCount[]> {
  const bucket = sql`to_char(date_trunc(${window.interval}, ${at} at time zone 'Asia/Manila'), 'YYYY-MM-DD')`;
  const amount = options.amount ? sql`coalesce(sum(${options.amount}), 0)` : sql`0`;
  const rows = await db
    .select({ date: sql<string>`${bucket}`, count: sql<string>`count(*)`, amount: sql<string>`${amount}` })
    .from(table)
    .where(sql`${at} >= ${window.from.toISOString()} and ${at} < ${window.to.toISOString()}${options.where ? sql` and ${options.where}` : sql``}`)
    .groupBy(sql`1`);
  return rows.map((r) => ({ date: r.date, count: Number(r.count), amount: Number(r.amount) }));
}

/** Rows of a table whose timestamp column lies in the window (no buckets). */
export async function countInWindow(
  db: Database,
  table: PgTable,
  at: AnyColumn,
  window: { from: Date; to: Date },
  options: { where?: SQL; amount?: AnyColumn } = {},
): Promise<{ count: number; amount: number }> {
  const amount = options.amount ? sql`coalesce(sum(${options.amount}), 0)` : sql`0`;
  const [row] = await db
    .select({ count: sql<string>`count(*)`, amount: sql<string>`${amount}` })
    .from(table)
    .where(sql`${at} >= ${window.from.toISOString()} and ${at} < ${window.to.toISOString()}${options.where ? sql` and ${options.where}` : sql``}`);
  return { count: Number(row.count), amount: Number(row.amount) };
}
