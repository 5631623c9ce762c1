import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, like, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { professionalLicences, type ProfessionalLicenceRow } from '@app/db';
import type { LicenceKind, LicenceStatus } from '@app/domain';
import { InjectDb, type Database } from '../../common/db/database.module';

export type NewLicenceRow = typeof professionalLicences.$inferInsert;

/** Statuses of a member's current licence (one at most: professional_licences_current_key). */
export const CURRENT_LICENCE_STATUSES = ['pending_broker', 'submitted', 'approved'] as const satisfies readonly LicenceStatus[];

export interface LicenceFilters {
  status?: LicenceStatus;
  kind?: LicenceKind;
  /** Members whose name or e-mail matched the text (asked of the users module). */
  userIds?: string[];
  /** The start of the licence number (digits). */
  numberPrefix?: string;
}

/** PRC licences and accreditations (table professional_licences). */
@Injectable()
export class LicencesRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async insert(values: NewLicenceRow): Promise<ProfessionalLicenceRow> {
    const [row] = await this.db.insert(professionalLicences).values(values).returning();
    return row;
  }

  async update(id: string, patch: Partial<NewLicenceRow>): Promise<ProfessionalLicenceRow> {
    const [row] = await this.db
      .update(professionalLicences)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(professionalLicences.id, id))
      .returning();
    return row;
  }

  async findById(id: string): Promise<ProfessionalLicenceRow | null> {
    const [row] = await this.db.select().from(professionalLicences).where(eq(professionalLicences.id, id)).limit(1);
    return row ?? null;
  }

  /** The licence, locked until the transaction ends (two answers to one licence queue here). */
  async lock(id: string): Promise<ProfessionalLicenceRow | null> {
    const [row] = await this.db.select().from(professionalLicences).where(eq(professionalLicences.id, id)).limit(1).for('update');
    return row ?? null;
  }

  /** Every licence of a member, newest first. */
  async ofUser(userId: string): Promise<ProfessionalLicenceRow[]> {
    return this.db
      .select()
      .from(professionalLicences)
      .where(eq(professionalLicences.userId, userId))
      .orderBy(desc(professionalLicences.createdAt), desc(professionalLicences.id));
  }

  async currentOf(userId: string): Promise<ProfessionalLicenceRow | null> {
    const [row] = await this.db
      .select()
      .from(professionalLicences)
      .where(and(eq(professionalLicences.userId, userId), inArray(professionalLicences.status, CURRENT_LICENCE_STATUSES)))
      .limit(1);
    return row ?? null;
  }

  /** Current licences naming this broker: waiting for their answer first, then the newest. */
  async supervisedBy(brokerId: string): Promise<ProfessionalLicenceRow[]> {
    return this.db
      .select()
      .from(professionalLicences)
      .where(and(eq(professionalLicences.supervisingBrokerId, brokerId), inArray(professionalLicences.status, CURRENT_LICENCE_STATUSES)))
      .orderBy(
        sql`case when ${professionalLicences.status} = 'pending_broker' and ${professionalLicences.brokerDeclinedAt} is null then 0 else 1 end`,
        desc(professionalLicences.createdAt),
      )
      .limit(500);
  }

  /** The latest broker licence of each of these members (any status), for a salesperson's "supervising broker". */
  async latestBrokerLicences(userIds: string[]): Promise<Map<string, ProfessionalLicenceRow>> {
    if (!userIds.length) return new Map();
    const rows = await this.db
      .selectDistinctOn([professionalLicences.userId])
      .from(professionalLicences)
      .where(and(inArray(professionalLicences.userId, [...new Set(userIds)]), eq(professionalLicences.kind, 'broker')))
      .orderBy(professionalLicences.userId, desc(professionalLicences.createdAt));
    return new Map(rows.map((r) => [r.userId, r]));
  }

  /** The member's approved broker licence, or null. */
  async approvedBrokerLicenceOf(userId: string): Promise<ProfessionalLicenceRow | null> {
    const [row] = await this.db
      .select()
      .from(professionalLicences)
      .where(and(eq(professionalLicences.userId, userId), eq(professionalLicences.kind, 'broker'), eq(professionalLicences.status, 'approved')))
      .limit(1);
    return row ?? null;
  }

  /** Whether this number of this kind is approved for someone other than the member. */
  async approvedNumberHolder(kind: LicenceKind, number: string, exceptUserId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ userId: professionalLicences.userId })
      .from(professionalLicences)
      .where(
        and(
          eq(professionalLicences.kind, kind),
          eq(professionalLicences.number, number),
          eq(professionalLicences.status, 'approved'),
          ne(professionalLicences.userId, exceptUserId),
        ),
      )
      .limit(1);
    return row?.userId ?? null;
  }

  /** A page for staff, the oldest submission first, and the total. */
  async page(f: LicenceFilters, limit: number, skip: number): Promise<{ rows: ProfessionalLicenceRow[]; total: number }> {
    const where = this.whereOf(f);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(professionalLicences)
        .where(where)
        .orderBy(asc(professionalLicences.submittedAt), asc(professionalLicences.id))
        .limit(limit)
        .offset(skip),
      this.db.select({ total: count() }).from(professionalLicences).where(where),
    ]);
    return { rows, total: Number(total) };
  }

  /** Approved broker licences matching the members or the number's start (at most `limit`), the newest approval first. */
  async approvedBrokers(match: { userIds?: string[]; numberPrefix?: string } | null, exceptUserId: string, limit: number): Promise<ProfessionalLicenceRow[]> {
    const parts: Array<SQL | undefined> = [];
    if (match?.userIds?.length) parts.push(inArray(professionalLicences.userId, match.userIds));
    if (match?.numberPrefix) parts.push(like(professionalLicences.number, `${match.numberPrefix}%`));
    if (match && parts.length === 0) return [];
    return this.db
      .select()
      .from(professionalLicences)
      .where(
        and(
          eq(professionalLicences.kind, 'broker'),
          eq(professionalLicences.status, 'approved'),
          ne(professionalLicences.userId, exceptUserId),
          match ? or(...parts) : undefined,
        ),
      )
      .orderBy(desc(professionalLicences.approvedAt), desc(professionalLicences.id))
      .limit(limit);
  }

  /** Approved licences whose validity ended before `today` (YYYY-MM-DD): the expiry task's work. */
  async approvedEndedBefore(today: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: professionalLicences.id })
      .from(professionalLicences)
      .where(and(eq(professionalLicences.status, 'approved'), lt(professionalLicences.validUntil, today)))
      .orderBy(asc(professionalLicences.validUntil))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  private whereOf(f: LicenceFilters): SQL | undefined {
    const parts: Array<SQL | undefined> = [];
    if (f.status) parts.push(eq(professionalLicences.status, f.status));
    if (f.kind) parts.push(eq(professionalLicences.kind, f.kind));
    if (f.userIds !== undefined || f.numberPrefix !== undefined) {
      const text: SQL[] = [];
      if (f.userIds?.length) text.push(inArray(professionalLicences.userId, f.userIds));
      if (f.numberPrefix) text.push(like(professionalLicences.number, `${f.numberPrefix}%`));
      parts.push(text.length ? or(...text) : sql`false`);
    }
    return and(...parts);
  }
}
