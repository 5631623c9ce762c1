import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { auditDailyCounts, auditLog, type AuditLogRow } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';

export type NewAuditRow = Omit<typeof auditLog.$inferInsert, 'searchVector'>;

export interface AuditQuery {
  /** A to_tsquery('simple', ...) text (see auditTextQuery), or undefined. */
  tsquery?: string;
  types?: string[];
  severities?: string[];
  actorId?: string;
  entityKind?: string;
  entityId?: string;
  from?: Date;
  to?: Date;
}

export interface AuditFacetCount {
  value: string;
  count: number;
}

export interface AuditFacetCounts {
  types: AuditFacetCount[];
  severities: AuditFacetCount[];
  byDay: AuditFacetCount[];
  total: number;
  /** Null: the counts cover every match; else they cover the newest this many (the query matched more). */
  limitedToNewest: number | null;
}

/** Counting stops here; past it the total is the planner's estimate. */
export const AUDIT_EXACT_TOTAL_UP_TO = 10_000;
/** Facets of a query by words, actor or entity count at most this many of its newest matches. */
export const AUDIT_FACETS_NEWEST = 50_000;

/** Every column but the stored search words, which no answer shows. */
const { searchVector: _searchVector, ...AUDIT_COLUMNS } = getTableColumns(auditLog);
const DAY_MS = 24 * 3600 * 1000;
const utcDay = (d: Date) => new Date(Math.floor(d.getTime() / DAY_MS) * DAY_MS);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The audit log and its daily counts (audit_daily_counts, per UTC day, type and severity), which every
 * insert and removal here keeps in the same statement.
 */
@Injectable()
export class AuditRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** Writes an entry and counts it in its day; nothing when the event already has one. */
  async insert(row: NewAuditRow): Promise<void> {
    await this.db.execute(sql`
      with added as (
        insert into ${auditLog} (event_id, actor_id, actor_name, actor_email, type, severity, entity_kind, entity_id,
                                 description, ip, user_agent, request_id, occurred_at)
        values (${row.eventId}, ${row.actorId ?? null}, ${row.actorName ?? null}, ${row.actorEmail ?? null}, ${row.type},
                ${row.severity}, ${row.entityKind ?? null}, ${row.entityId ?? null}, ${row.description}, ${row.ip ?? null},
                ${row.userAgent ?? null}, ${row.requestId ?? null}, ${row.occurredAt.toISOString()}::timestamptz)
        on conflict (event_id) do nothing
        returning occurred_at, type, severity
      )
      insert into ${auditDailyCounts} (day, type, severity, count)
      select (occurred_at at time zone 'UTC')::date, type, severity, 1 from added
      on conflict (day, type, severity) do update set count = ${auditDailyCounts.count} + 1`);
  }

  private whereOf(q: AuditQuery): SQL | undefined {
    return and(
      q.tsquery ? sql`${auditLog.searchVector} @@ to_tsquery('simple', ${q.tsquery})` : undefined,
      q.types?.length ? inArray(auditLog.type, q.types) : undefined,
      q.severities?.length ? inArray(auditLog.severity, q.severities as AuditLogRow['severity'][]) : undefined,
      q.actorId ? eq(auditLog.actorId, q.actorId) : undefined,
      q.entityKind ? eq(auditLog.entityKind, q.entityKind) : undefined,
      q.entityId ? eq(auditLog.entityId, q.entityId) : undefined,
      q.from ? gte(auditLog.occurredAt, q.from) : undefined,
      q.to ? lt(auditLog.occurredAt, q.to) : undefined,
    );
  }

  async page(q: AuditQuery, oldestFirst: boolean, limit: number, skip: number): Promise<AuditLogRow[]> {
    const order = oldestFirst ? [asc(auditLog.occurredAt), asc(auditLog.id)] : [desc(auditLog.occurredAt), desc(auditLog.id)];
    return this.db
      .select(AUDIT_COLUMNS)
      .from(auditLog)
      .where(this.whereOf(q))
      .orderBy(...order)
      .limit(limit)
      .offset(skip);
  }

  /** The number of matches, exact up to AUDIT_EXACT_TOTAL_UP_TO; past it the planner's estimate. */
  async total(q: AuditQuery): Promise<{ total: number; estimate: boolean }> {
    const where = this.whereOf(q);
    const capped = this.db
      .select({ one: sql`1` })
      .from(auditLog)
      .where(where)
      .limit(AUDIT_EXACT_TOTAL_UP_TO + 1)
      .as('capped');
    const [{ n }] = await this.db.select({ n: sql<number>`count(*)::int` }).from(capped);
    if (n <= AUDIT_EXACT_TOTAL_UP_TO) return { total: n, estimate: false };
    const plan = await this.db.execute(sql`explain (format json) select 1 from ${auditLog} ${where ? sql`where ${where}` : sql``}`);
    const rows = (plan as unknown as { rows: Array<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }> }).rows;
    const estimated = Math.round(rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
    return { total: Math.max(estimated, n), estimate: true };
  }

  async findById(id: string): Promise<AuditLogRow | null> {
    const [row] = await this.db.select(AUDIT_COLUMNS).from(auditLog).where(eq(auditLog.id, id)).limit(1);
    return row ?? null;
  }

  /** Removes an entry and uncounts it from its day; answers what it was. */
  async remove(id: string): Promise<Pick<AuditLogRow, 'id' | 'type' | 'severity' | 'description'> | null> {
    const result = await this.db.execute(sql`
      with gone as (delete from ${auditLog} where id = ${id} returning id, type, severity, description, occurred_at),
      uncounted as (
        update ${auditDailyCounts} c set count = c.count - 1 from gone
        where c.day = (gone.occurred_at at time zone 'UTC')::date and c.type = gone.type and c.severity = gone.severity
      )
      select id, type, severity, description from gone`);
    const [row] = (result as unknown as { rows: Array<Pick<AuditLogRow, 'id' | 'type' | 'severity' | 'description'>> }).rows;
    return row ?? null;
  }

  /**
   * Counts per type, per severity, and per day (UTC; the newest `days` days that have entries). A query
   * by type, severity and time alone reads the daily counts (plus the entries of the range's partial
   * first and last days); one by words, actor or entity counts its newest AUDIT_FACETS_NEWEST matches.
   */
  async facets(q: AuditQuery, days: number): Promise<AuditFacetCounts> {
    const byCounts = !q.tsquery && !q.actorId && !q.entityKind && !q.entityId;
    const grouped = byCounts ? this.partsFromDailyCounts(q) : this.partsFromNewest(q);
    const result = await this.db.execute(sql`
      with parts as (${grouped.parts}),
      counted as (select * from parts ${grouped.limited ? sql`where rn <= ${AUDIT_FACETS_NEWEST}` : sql``})
      (select 'type' as facet, type as value, sum(n)::int as count from counted group by type having sum(n) > 0)
      union all
      (select 'severity', severity, sum(n)::int from counted group by severity having sum(n) > 0)
      union all
      (select 'day', day::text, sum(n)::int from counted group by day having sum(n) > 0 order by day desc limit ${days})
      union all
      (select 'total', '', coalesce(sum(n), 0)::int from counted)
      ${grouped.limited ? sql`union all (select 'more', '', count(*)::int from parts)` : sql``}`);
    const rows = (result as unknown as { rows: Array<{ facet: string; value: string; count: number }> }).rows;
    const of = (facet: string) => rows.filter((r) => r.facet === facet).map((r) => ({ value: r.value, count: Number(r.count) }));
    const types = of('type').sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    const severities = of('severity');
    const byDay = of('day').sort((a, b) => b.value.localeCompare(a.value));
    const total = Number(rows.find((r) => r.facet === 'total')?.count ?? 0);
    const more = Number(rows.find((r) => r.facet === 'more')?.count ?? 0);
    return { types, severities, byDay, total, limitedToNewest: more > AUDIT_FACETS_NEWEST ? AUDIT_FACETS_NEWEST : null };
  }

  /** Rows (day, type, severity, n): whole days from the daily counts, the range's partial days from the log. */
  private partsFromDailyCounts(q: AuditQuery): { parts: SQL; limited: false } {
    const firstWholeDay = q.from ? new Date(Math.ceil(q.from.getTime() / DAY_MS) * DAY_MS) : undefined;
    const endWholeDay = q.to ? utcDay(q.to) : undefined;
    const kinds = (typeCol: SQL | typeof auditLog.type, severityCol: SQL | typeof auditLog.severity) =>
      and(
        q.types?.length ? sql`${typeCol} in (${sql.join(q.types.map((t) => sql`${t}`), sql`, `)})` : undefined,
        q.severities?.length ? sql`${severityCol} in (${sql.join(q.severities.map((s) => sql`${s}`), sql`, `)})` : undefined,
      );
    const logDay = sql`(${auditLog.occurredAt} at time zone 'UTC')::date`;
    const fromLog = (from: Date | undefined, to: Date | undefined) =>
      sql`select ${logDay} as day, ${auditLog.type} as type, ${auditLog.severity} as severity, 1 as n from ${auditLog}
          where ${and(kinds(sql`${auditLog.type}`, sql`${auditLog.severity}`), from ? gte(auditLog.occurredAt, from) : undefined, to ? lt(auditLog.occurredAt, to) : undefined) ?? sql`true`}`;
    if (firstWholeDay && endWholeDay && firstWholeDay >= endWholeDay) return { parts: fromLog(q.from, q.to), limited: false };
    const c = auditDailyCounts;
    const whole = sql`select ${c.day} as day, ${c.type} as type, ${c.severity} as severity, ${c.count} as n from ${c}
      where ${and(kinds(sql`${c.type}`, sql`${c.severity}`), firstWholeDay ? sql`${c.day} >= ${isoDay(firstWholeDay)}::date` : undefined, endWholeDay ? sql`${c.day} < ${isoDay(endWholeDay)}::date` : undefined) ?? sql`true`}`;
    const parts = [whole];
    if (q.from && firstWholeDay && q.from < firstWholeDay) parts.push(fromLog(q.from, firstWholeDay));
    if (q.to && endWholeDay && endWholeDay < q.to) parts.push(fromLog(endWholeDay, q.to));
    return { parts: sql.join(parts, sql` union all `), limited: false };
  }

  /** Rows (day, type, severity, 1, rn) of the query's newest AUDIT_FACETS_NEWEST + 1 matches (the caller counts those with rn up to AUDIT_FACETS_NEWEST). */
  private partsFromNewest(q: AuditQuery): { parts: SQL; limited: true } {
    return {
      parts: sql`select (${auditLog.occurredAt} at time zone 'UTC')::date as day, ${auditLog.type} as type, ${auditLog.severity} as severity, 1 as n,
          row_number() over (order by ${auditLog.occurredAt} desc, ${auditLog.id} desc) as rn
        from ${auditLog} where ${this.whereOf(q) ?? sql`true`}
        order by ${auditLog.occurredAt} desc, ${auditLog.id} desc limit ${AUDIT_FACETS_NEWEST + 1}`,
      limited: true,
    };
  }

  /** Deletes entries older than `before`, `batch` at a time, and uncounts them; answers how many went. */
  async pruneBefore(before: Date, batch = 10_000): Promise<number> {
    let removed = 0;
    for (;;) {
      const result = await this.db.execute(sql`
        with gone as (
          delete from ${auditLog}
          where ctid = any(array(select ctid from ${auditLog} where ${auditLog.occurredAt} < ${before.toISOString()}::timestamptz limit ${batch}))
          returning occurred_at, type, severity
        ),
        per_day as (
          select (occurred_at at time zone 'UTC')::date as day, type, severity, count(*)::int as n from gone group by 1, 2, 3
        ),
        uncounted as (
          update ${auditDailyCounts} c set count = c.count - per_day.n from per_day
          where c.day = per_day.day and c.type = per_day.type and c.severity = per_day.severity
        )
        select coalesce(sum(n), 0)::int as n from per_day`);
      const n = Number((result as unknown as { rows: Array<{ n: number }> }).rows[0].n);
      removed += n;
      if (n < batch) break;
    }
    await this.db.delete(auditDailyCounts).where(sql`${auditDailyCounts.count} <= 0`);
    return removed;
  }
}
