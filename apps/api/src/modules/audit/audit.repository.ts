import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { auditLog, type AuditLogRow } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';

export type NewAuditRow = typeof auditLog.$inferInsert;

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

/** Counting stops here; past it the total is the planner's estimate. */
export const AUDIT_EXACT_TOTAL_UP_TO = 10_000;

/** The words of the audit search: the description and the actor's name and e-mail (one GIN index, migration 0019). */
const searchable = sql`to_tsvector('simple', ${auditLog.description} || ' ' || coalesce(${auditLog.actorName}, '') || ' ' || coalesce(${auditLog.actorEmail}, ''))`;

@Injectable()
export class AuditRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** Writes an entry; nothing when the event already has one. */
  async insert(row: NewAuditRow): Promise<void> {
    await this.db.insert(auditLog).values(row).onConflictDoNothing({ target: auditLog.eventId });
  }

  private whereOf(q: AuditQuery): SQL | undefined {
    return and(
      q.tsquery ? sql`${searchable} @@ to_tsquery('simple', ${q.tsquery})` : undefined,
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
      .select()
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
    const [row] = await this.db.select().from(auditLog).where(eq(auditLog.id, id)).limit(1);
    return row ?? null;
  }

  async remove(id: string): Promise<AuditLogRow | null> {
    const [row] = await this.db.delete(auditLog).where(eq(auditLog.id, id)).returning();
    return row ?? null;
  }

  /** Counts per type, per severity, and per day (UTC; the newest `days` days that have entries). */
  async facets(q: AuditQuery, days: number) {
    const where = this.whereOf(q);
    const [types, severities, byDay, [{ total }]] = await Promise.all([
      this.db
        .select({ value: auditLog.type, count: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(where)
        .groupBy(auditLog.type)
        .orderBy(desc(sql`count(*)`), asc(auditLog.type)),
      this.db
        .select({ value: auditLog.severity, count: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(where)
        .groupBy(auditLog.severity),
      this.db
        .select({ value: sql<string>`to_char(${auditLog.occurredAt} at time zone 'UTC', 'YYYY-MM-DD')`, count: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(where)
        .groupBy(sql`1`)
        .orderBy(desc(sql`1`))
        .limit(days),
      this.db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where),
    ]);
    return { types, severities, byDay, total };
  }

  /** Deletes entries older than `before`, `batch` at a time; answers how many went. */
  async pruneBefore(before: Date, batch = 10_000): Promise<number> {
    let removed = 0;
    for (;;) {
      const result = await this.db.execute(
        sql`delete from ${auditLog} where ctid = any(array(select ctid from ${auditLog} where ${auditLog.occurredAt} < ${before} limit ${batch}))`,
      );
      const n = (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
      removed += n;
      if (n < batch) return removed;
    }
  }
}
