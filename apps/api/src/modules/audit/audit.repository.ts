import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
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

export interface AuditPage {
  rows: AuditLogRow[];
  total: number;
  estimate: boolean;
}

export interface AuditFacetCounts {
  types: AuditFacetCount[];
  severities: AuditFacetCount[];
  byDay: AuditFacetCount[];
  total: number;
  /** Null: the counts cover every match; else the newest this many entries the query's other filters select (and, with words, those that have them). */
  limitedToNewest: number | null;
}

/** Counting stops here; past it the total is the planner's estimate. */
export const AUDIT_EXACT_TOTAL_UP_TO = 10_000;
/** Facets of a query by words, actor or entity count at most this many of the newest entries its other filters select. */
export const AUDIT_FACETS_NEWEST = 20_000;
/** A search by words first tests this many of the newest entries the other filters select. */
export const AUDIT_WORDS_SAMPLE = 4_000;
/** Matches in that sample from which the words count as common: walk the newest entries rather than ask the word index. */
const COMMON_IN_SAMPLE = 10;
/** A walk for a page of common words expected to read more entries than this asks the word index instead. */
const WALK_BUDGET = 200_000;

/** Every column but the stored search words, which no answer shows. */
const { searchVector: _searchVector, ...AUDIT_COLUMNS } = getTableColumns(auditLog);
const DAY_MS = 24 * 3600 * 1000;
const utcDay = (d: Date) => new Date(Math.floor(d.getTime() / DAY_MS) * DAY_MS);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** The log's order by time (then id), for raw statements over audit_log or a subquery of its id and occurred_at. */
const timeOrder = (oldestFirst: boolean) => (oldestFirst ? sql`occurred_at asc, id asc` : sql`occurred_at desc, id desc`);

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

  /** A page of matches and their number (exact up to AUDIT_EXACT_TOTAL_UP_TO, else estimated). */
  async search(q: AuditQuery, oldestFirst: boolean, limit: number, skip: number): Promise<AuditPage> {
    if (q.tsquery) return this.searchWords(q, oldestFirst, limit, skip);
    if (this.countedDaily(q)) {
      // exact from the daily counts; a page only when there is one (a type and a severity that never go
      // together would otherwise walk every entry of the type)
      const counted = await this.dailyCountsByKind(q);
      const total = counted.reduce((sum, c) => sum + c.n, 0);
      if (total <= skip) return { rows: [], total, estimate: false };
      // of the types or severities listed, only those with entries in the range: a listed type whose
      // entries never have a listed severity would be walked to its end for nothing
      const present = (values: string[] | undefined, key: 'type' | 'severity') => values && values.filter((v) => counted.some((c) => c[key] === v));
      const narrowed = { ...q, types: present(q.types, 'type'), severities: present(q.severities, 'severity') };
      return { rows: await this.page(narrowed, oldestFirst, limit, skip), total, estimate: false };
    }
    const [rows, { total, estimate }] = await Promise.all([this.page(q, oldestFirst, limit, skip), this.total(q)]);
    return { rows, total, estimate };
  }

  /** Whether the daily counts answer the query's counts: it selects by type, severity and time alone. */
  private countedDaily(q: AuditQuery): boolean {
    return !q.tsquery && !q.actorId && !q.entityKind && !q.entityId;
  }

  private async totalFromDailyCounts(q: AuditQuery): Promise<number> {
    return (await this.dailyCountsByKind(q)).reduce((sum, c) => sum + c.n, 0);
  }

  /** The query's entries per type and severity that have any, from the daily counts. */
  private async dailyCountsByKind(q: AuditQuery): Promise<Array<{ type: string; severity: string; n: number }>> {
    const result = await this.db.execute(
      sql`select type, severity, sum(n)::int as n from (${this.partsFromDailyCounts(q).parts}) parts group by 1, 2 having sum(n) > 0`,
    );
    return (result as unknown as { rows: Array<{ type: string; severity: string; n: number }> }).rows.map((r) => ({ ...r, n: Number(r.n) }));
  }

  private page(q: AuditQuery, oldestFirst: boolean, limit: number, skip: number, where = this.whereOf(q)): Promise<AuditLogRow[]> {
    const order = oldestFirst ? [asc(auditLog.occurredAt), asc(auditLog.id)] : [desc(auditLog.occurredAt), desc(auditLog.id)];
    const branches = this.branchesOf(q, where);
    if (branches) return this.pageOfBranches(branches, oldestFirst, limit, skip);
    return this.db.select(AUDIT_COLUMNS).from(auditLog).where(where).orderBy(...order).limit(limit).offset(skip);
  }

  /**
   * Several types or severities (and no actor or entity, whose indexes are narrower): one condition per
   * value, each of which its index (type or severity, then time) reads in order. An index cannot read
   * "any of these values" in time order, so PostgreSQL would gather every entry of them and sort them
   * all (27,000 for high and critical at 5,000,000 entries) to serve one page.
   */
  private branchesOf(q: AuditQuery, where: SQL | undefined): SQL[] | null {
    if (q.actorId || q.entityKind || q.entityId) return null;
    const [column, values] =
      (q.types?.length ?? 0) > 1
        ? ([auditLog.type, q.types!] as const)
        : !q.types?.length && (q.severities?.length ?? 0) > 1
          ? ([auditLog.severity, q.severities!] as const)
          : [null, null];
    if (!column) return null;
    // each branch keeps the whole condition (the list, the rest, a walk's words) and adds its one value
    return values.map((v) => and(eq(column, v as never), where) as SQL);
  }

  private async pageOfBranches(branches: SQL[], oldestFirst: boolean, limit: number, skip: number): Promise<AuditLogRow[]> {
    const order = timeOrder(oldestFirst);
    const union = sql.join(
      branches.map((w) => sql`(select id, occurred_at from ${auditLog} where ${w} order by ${order} limit ${skip + limit})`),
      sql` union all `,
    );
    const result = await this.db.execute(sql`select id::text as ref from (${union}) b order by ${order} limit ${limit} offset ${skip}`);
    return this.byIds((result as unknown as { rows: Array<{ ref: string }> }).rows.map((r) => r.ref));
  }

  /**
   * A search with words. PostgreSQL's guess of how many entries hold some words is poor (it multiplies
   * the words' frequencies, and words of one entry come together: "bel-air" is three words), and each
   * wrong guess costs seconds at millions of entries: walking the newest entries for words that are
   * rare, or gathering and sorting every entry of words that are common. So the words are first tested
   * on the newest AUDIT_WORDS_SAMPLE entries the other filters select, in the page's order: a page
   * inside the sample is answered from it (all of them when the filters select fewer); common words
   * are walked further through the same order; rare ones are looked up in the word index. A total
   * past the sample is estimated from the share of the sample that matched.
   */
  private async searchWords(q: AuditQuery, oldestFirst: boolean, limit: number, skip: number): Promise<AuditPage> {
    const rest: AuditQuery = { ...q, tsquery: undefined };
    const sample = await this.sampleWords(q, oldestFirst, limit, skip);
    if (sample.walked < AUDIT_WORDS_SAMPLE) return { rows: await this.byIds(sample.ids), total: sample.matched, estimate: false };
    const estimated = async (): Promise<number> => {
      const selected = this.countedDaily(rest) ? await this.totalFromDailyCounts(rest) : (await this.total(rest)).total;
      return Math.max(sample.matched, Math.round((sample.matched / sample.walked) * selected));
    };
    const common = sample.matched >= COMMON_IN_SAMPLE;
    if (sample.matched >= skip + limit) {
      // a few matches in the sample say little of the rest: count those through the word index
      if (!common) return { rows: await this.byIds(sample.ids), total: (await this.fromWordIndex(q, oldestFirst, 0, 0)).total, estimate: false };
      return { rows: await this.byIds(sample.ids), total: await estimated(), estimate: true };
    }
    if (common && (skip + limit) / (sample.matched / sample.walked) <= WALK_BUDGET) {
      const [rows, total] = await Promise.all([this.page(q, oldestFirst, limit, skip, and(this.whereOf(rest), this.walkedWords(q.tsquery!))), estimated()]);
      return { rows, total, estimate: true };
    }
    const { total, ids } = await this.fromWordIndex(q, oldestFirst, limit, skip);
    return { rows: await this.byIds(ids), total, estimate: false };
  }

  /** Every match through the word index (a fence keeps the planner from walking the order instead): their number and a page's ids. */
  private async fromWordIndex(q: AuditQuery, oldestFirst: boolean, limit: number, skip: number): Promise<{ total: number; ids: string[] }> {
    const order = timeOrder(oldestFirst);
    const result = await this.db.execute(sql`
      with m as materialized (select id, occurred_at from ${auditLog} where ${this.whereOf(q)})
      select (select count(*) from m)::int as total,
             coalesce((select array_agg(id::text order by ${order}) from (select id, occurred_at from m order by ${order} limit ${limit} offset ${skip}) p), '{}') as ids`);
    const [row] = (result as unknown as { rows: Array<{ total: number; ids: string[] }> }).rows;
    return { total: Number(row.total), ids: row.ids };
  }

  /** The words as a test of each entry walked, which no index answers (ts_match_vq is what @@ calls). */
  private walkedWords(tsquery: string): SQL {
    return sql`ts_match_vq(${auditLog.searchVector}, to_tsquery('simple', ${tsquery}))`;
  }

  /** Tests the words on the newest AUDIT_WORDS_SAMPLE entries the other filters select: how many were read, how many matched, and the page's ids among them. */
  private async sampleWords(q: AuditQuery, oldestFirst: boolean, limit: number, skip: number) {
    const order = timeOrder(oldestFirst);
    const result = await this.db.execute(sql`
      with s as (
        select id, occurred_at, ${this.walkedWords(q.tsquery!)} as hit from ${auditLog}
        where ${this.whereOf({ ...q, tsquery: undefined }) ?? sql`true`}
        order by ${order} limit ${AUDIT_WORDS_SAMPLE}
      )
      select count(*)::int as walked, (count(*) filter (where hit))::int as matched,
             coalesce((select array_agg(id::text order by ${order}) from (select id, occurred_at from s where hit order by ${order} limit ${limit} offset ${skip}) p), '{}') as ids
      from s`);
    const [row] = (result as unknown as { rows: Array<{ walked: number; matched: number; ids: string[] }> }).rows;
    return { walked: Number(row.walked), matched: Number(row.matched), ids: row.ids };
  }

  /** Entries by id, in the order of the ids. */
  private async byIds(ids: string[]): Promise<AuditLogRow[]> {
    if (!ids.length) return [];
    const rows = await this.db.select(AUDIT_COLUMNS).from(auditLog).where(inArray(auditLog.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is AuditLogRow => r !== undefined);
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
   * first and last days); one by actor, entity or common words counts among the newest
   * AUDIT_FACETS_NEWEST entries its other filters select; one by rare words asks the word index.
   */
  async facets(q: AuditQuery, days: number): Promise<AuditFacetCounts> {
    const byCounts = this.countedDaily(q);
    let grouped: { parts: SQL; limited: boolean };
    if (byCounts) grouped = this.partsFromDailyCounts(q);
    else if (!q.tsquery) grouped = this.partsFromNewest(q);
    else {
      // common words (or few entries to test): the newest entries, tested one by one; rare words: the word index
      const sample = await this.sampleWords(q, false, 1, 0);
      grouped = sample.walked < AUDIT_WORDS_SAMPLE || sample.matched >= COMMON_IN_SAMPLE ? this.partsFromNewest(q) : this.partsOfRareWords(q);
    }
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
    const kinds = (typeCol: AnyColumn, severityCol: AnyColumn) =>
      and(q.types?.length ? inArray(typeCol, q.types) : undefined, q.severities?.length ? inArray(severityCol, q.severities) : undefined);
    const logDay = sql`(${auditLog.occurredAt} at time zone 'UTC')::date`;
    const fromLog = (from: Date | undefined, to: Date | undefined) =>
      sql`select ${logDay} as day, ${auditLog.type} as type, ${auditLog.severity} as severity, 1 as n from ${auditLog}
          where ${and(kinds(auditLog.type, auditLog.severity), from ? gte(auditLog.occurredAt, from) : undefined, to ? lt(auditLog.occurredAt, to) : undefined) ?? sql`true`}`;
    if (firstWholeDay && endWholeDay && firstWholeDay >= endWholeDay) return { parts: fromLog(q.from, q.to), limited: false };
    const c = auditDailyCounts;
    const whole = sql`select ${c.day} as day, ${c.type} as type, ${c.severity} as severity, ${c.count} as n from ${c}
      where ${and(kinds(c.type, c.severity), firstWholeDay ? sql`${c.day} >= ${isoDay(firstWholeDay)}::date` : undefined, endWholeDay ? sql`${c.day} < ${isoDay(endWholeDay)}::date` : undefined) ?? sql`true`}`;
    const parts = [whole];
    if (q.from && firstWholeDay && q.from < firstWholeDay) parts.push(fromLog(q.from, firstWholeDay));
    if (q.to && endWholeDay && endWholeDay < q.to) parts.push(fromLog(endWholeDay, q.to));
    return { parts: sql.join(parts, sql` union all `), limited: false };
  }

  /**
   * Rows (day, type, severity, n, rn) of the newest AUDIT_FACETS_NEWEST + 1 entries the query's filters
   * other than words select, n 1 when it has the words (the caller counts those with rn up to
   * AUDIT_FACETS_NEWEST).
   */
  private partsFromNewest(q: AuditQuery): { parts: SQL; limited: true } {
    const hit = q.tsquery ? sql`case when ${this.walkedWords(q.tsquery)} then 1 else 0 end` : sql`1`;
    return {
      parts: sql`select (${auditLog.occurredAt} at time zone 'UTC')::date as day, ${auditLog.type} as type, ${auditLog.severity} as severity, ${hit} as n,
          row_number() over (order by ${auditLog.occurredAt} desc, ${auditLog.id} desc) as rn
        from ${auditLog} where ${this.whereOf({ ...q, tsquery: undefined }) ?? sql`true`}
        order by ${auditLog.occurredAt} desc, ${auditLog.id} desc limit ${AUDIT_FACETS_NEWEST + 1}`,
      limited: true,
    };
  }

  /** Rows (day, type, severity, 1) of every match of rare words, found through the word index. */
  private partsOfRareWords(q: AuditQuery): { parts: SQL; limited: false } {
    return {
      parts: sql`with m as materialized (select occurred_at, type, severity from ${auditLog} where ${this.whereOf(q)})
        select (occurred_at at time zone 'UTC')::date as day, type, severity, 1 as n from m`,
      limited: false,
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

  /**
   * A batch of an audit export (exports module): the entries the query selects in time order (then id,
   * the same direction), after the `after` entry (keyset through the time as text, exact to the
   * microsecond); the first batch may skip some. Each row carries its `sortKey` for the next batch.
   */
  async exportBatch(
    q: AuditQuery,
    oldestFirst: boolean,
    after: { key: string; id: string } | null,
    limit: number,
    skip = 0,
  ): Promise<Array<AuditLogRow & { sortKey: string }>> {
    const keyset = after
      ? sql`(${auditLog.occurredAt}, ${auditLog.id}) ${sql.raw(oldestFirst ? '>' : '<')} (cast(${after.key} as timestamptz), cast(${after.id} as uuid))`
      : undefined;
    const rows = await this.db
      .select({ ...AUDIT_COLUMNS, sortKey: sql<string>`${auditLog.occurredAt}::text` })
      .from(auditLog)
      .where(and(this.whereOf(q), keyset))
      .orderBy(...(oldestFirst ? [asc(auditLog.occurredAt), asc(auditLog.id)] : [desc(auditLog.occurredAt), desc(auditLog.id)]))
      .limit(limit)
      .offset(after ? 0 : skip);
    return rows as Array<AuditLogRow & { sortKey: string }>;
  }

  /** How many entries an export selects, counted exactly up to `cap` (its skip + limit). */
  async exportCount(q: AuditQuery, cap: number): Promise<number> {
    const capped = this.db.select({ one: sql`1` }).from(auditLog).where(this.whereOf(q)).limit(cap).as('capped');
    const [{ n }] = await this.db.select({ n: sql<string>`count(*)` }).from(capped);
    return Number(n);
  }
}
