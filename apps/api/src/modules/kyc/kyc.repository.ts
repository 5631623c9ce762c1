import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { kycFiles, kycReviews, kycSubmissions, type KycFileRow, type KycReviewRow, type KycSubmissionRow } from '@app/db';
import type { KycStatus } from '@app/domain';
import { InjectDb, type Database } from '../../common/db/database.module';

export type NewKycSubmission = typeof kycSubmissions.$inferInsert;
export type KycSubmissionPatch = Partial<Omit<NewKycSubmission, 'id' | 'userId' | 'createdAt'>>;
export type NewKycFile = typeof kycFiles.$inferInsert;
export type NewKycReview = typeof kycReviews.$inferInsert;

export interface KycListFilters {
  statuses: KycStatus[];
  assignedToId?: string | null;
  text?: { words: string; userIds: string[] };
}

/** kyc_submissions, kyc_files, kyc_reviews (the kyc module's tables). */
@Injectable()
export class KycRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async insert(values: NewKycSubmission): Promise<KycSubmissionRow> {
    const [row] = await this.db.insert(kycSubmissions).values(values).returning();
    return row;
  }

  async update(id: string, patch: KycSubmissionPatch): Promise<KycSubmissionRow> {
    const [row] = await this.db
      .update(kycSubmissions)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(kycSubmissions.id, id))
      .returning();
    return row;
  }

  async findById(id: string): Promise<KycSubmissionRow | null> {
    const [row] = await this.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id));
    return row ?? null;
  }

  /** The submission, locked until the transaction ends (status changes are decided on it). */
  async lockById(id: string): Promise<KycSubmissionRow | null> {
    const [row] = await this.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id)).for('update');
    return row ?? null;
  }

  /** The member's open submission (at most one: kyc_submissions_open_key), locked. */
  async lockOpenOf(userId: string): Promise<KycSubmissionRow | null> {
    const [row] = await this.db
      .select()
      .from(kycSubmissions)
      .where(and(eq(kycSubmissions.userId, userId), inArray(kycSubmissions.status, ['draft', 'submitted', 'in_review', 'resubmission_requested'])))
      .for('update');
    return row ?? null;
  }

  /** The member's submissions, newest first. */
  async listOfUser(userId: string): Promise<KycSubmissionRow[]> {
    return this.db
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, userId))
      .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id));
  }

  /** Approved submissions of the member other than `exceptId`, locked (a new approval supersedes them). */
  async lockApprovedOf(userId: string, exceptId: string): Promise<KycSubmissionRow[]> {
    return this.db
      .select()
      .from(kycSubmissions)
      .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.status, 'approved'), sql`${kycSubmissions.id} <> ${exceptId}`))
      .for('update');
  }

  /**
   * The submission the member's summary (users.kyc) shows: an approved one while there is one (the
   * standing verification), else the newest.
   */
  async summaryRowOf(userId: string): Promise<KycSubmissionRow | null> {
    const [row] = await this.db
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.userId, userId))
      .orderBy(sql`(${kycSubmissions.status} = 'approved') desc`, desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
      .limit(1);
    return row ?? null;
  }

  private whereOf(f: KycListFilters): SQL | undefined {
    const parts: (SQL | undefined)[] = [inArray(kycSubmissions.status, f.statuses)];
    if (f.assignedToId === null) parts.push(isNull(kycSubmissions.assignedToId));
    else if (f.assignedToId) parts.push(eq(kycSubmissions.assignedToId, f.assignedToId));
    if (f.text) {
      const like = `%${f.text.words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      parts.push(
        or(
          sql`${kycSubmissions.fullName} ilike ${like}`,
          eq(kycSubmissions.idNumberLast4, f.text.words),
          ...(f.text.userIds.length ? [inArray(kycSubmissions.userId, f.text.userIds)] : []),
        ),
      );
    }
    return and(...parts);
  }

  /** A page of submissions in queue order: the oldest submittedAt first (never-submitted drafts last). */
  async page(f: KycListFilters, limit: number, skip: number): Promise<{ rows: KycSubmissionRow[]; total: number }> {
    const where = this.whereOf(f);
    const [rows, [totals]] = await Promise.all([
      this.db
        .select()
        .from(kycSubmissions)
        .where(where)
        .orderBy(sql`${kycSubmissions.submittedAt} asc nulls last`, asc(kycSubmissions.createdAt), asc(kycSubmissions.id))
        .limit(limit)
        .offset(skip),
      this.db.select({ n: count() }).from(kycSubmissions).where(where),
    ]);
    return { rows, total: Number(totals.n) };
  }

  async filesOf(submissionIds: string[]): Promise<KycFileRow[]> {
    if (!submissionIds.length) return [];
    return this.db.select().from(kycFiles).where(inArray(kycFiles.submissionId, submissionIds)).orderBy(asc(kycFiles.createdAt));
  }

  async findFile(fileId: string): Promise<{ file: KycFileRow; submission: KycSubmissionRow } | null> {
    const [row] = await this.db
      .select({ file: kycFiles, submission: kycSubmissions })
      .from(kycFiles)
      .innerJoin(kycSubmissions, eq(kycSubmissions.id, kycFiles.submissionId))
      .where(eq(kycFiles.id, fileId));
    return row ?? null;
  }

  /** Adds a file, or replaces the submission's file of that kind; answers the replaced row's storage key, if any. */
  async upsertFile(values: NewKycFile): Promise<{ file: KycFileRow; replacedKey: string | null }> {
    const [old] = await this.db
      .select({ storageKey: kycFiles.storageKey })
      .from(kycFiles)
      .where(and(eq(kycFiles.submissionId, values.submissionId), eq(kycFiles.kind, values.kind)));
    const [file] = await this.db
      .insert(kycFiles)
      .values(values)
      .onConflictDoUpdate({
        target: [kycFiles.submissionId, kycFiles.kind],
        set: {
          id: sql`gen_random_uuid()`,
          storageKey: values.storageKey,
          mimeType: values.mimeType,
          size: values.size,
          keyId: values.keyId,
          wrappedKey: values.wrappedKey,
          createdAt: new Date(),
        },
      })
      .returning();
    return { file, replacedKey: old?.storageKey ?? null };
  }

  async deleteFilesOf(submissionId: string): Promise<KycFileRow[]> {
    return this.db.delete(kycFiles).where(eq(kycFiles.submissionId, submissionId)).returning();
  }

  async insertReview(values: NewKycReview): Promise<void> {
    await this.db.insert(kycReviews).values(values);
  }

  async reviewsOf(submissionId: string): Promise<KycReviewRow[]> {
    return this.db.select().from(kycReviews).where(eq(kycReviews.submissionId, submissionId)).orderBy(asc(kycReviews.id));
  }

  /** Approved submissions whose approval ran out (expiresAt) or whose ID expired by `today` (YYYY-MM-DD), at most `limit`. */
  async dueToExpire(now: Date, today: string, limit: number): Promise<KycSubmissionRow[]> {
    return this.db
      .select()
      .from(kycSubmissions)
      .where(
        and(
          eq(kycSubmissions.status, 'approved'),
          or(lte(kycSubmissions.expiresAt, now), and(isNotNull(kycSubmissions.idExpiresOn), lte(kycSubmissions.idExpiresOn, today))),
        ),
      )
      .orderBy(asc(kycSubmissions.expiresAt))
      .limit(limit);
  }

  /** Drafts and resubmission requests the member has not touched since `before`. */
  async abandoned(before: Date, limit: number): Promise<KycSubmissionRow[]> {
    return this.db
      .select()
      .from(kycSubmissions)
      .where(and(inArray(kycSubmissions.status, ['draft', 'resubmission_requested']), lt(kycSubmissions.updatedAt, before)))
      .orderBy(asc(kycSubmissions.updatedAt))
      .limit(limit);
  }

  /** Rejected, withdrawn and expired submissions closed before `before` whose files are still kept. */
  async dueForPurge(before: Date, limit: number): Promise<KycSubmissionRow[]> {
    return this.db
      .select()
      .from(kycSubmissions)
      .where(
        and(
          inArray(kycSubmissions.status, ['rejected', 'withdrawn', 'expired']),
          isNull(kycSubmissions.filesPurgedAt),
          lt(kycSubmissions.closedAt, before),
        ),
      )
      .orderBy(asc(kycSubmissions.closedAt))
      .limit(limit);
  }
}
