import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { exportJobs, type ExportJobRow } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';

export type NewExportJob = typeof exportJobs.$inferInsert;

/** The export jobs (table export_jobs): one row per export, its progress and its file. */
@Injectable()
export class ExportsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async insert(row: NewExportJob): Promise<ExportJobRow> {
    const [created] = await this.db.insert(exportJobs).values(row).returning();
    return created;
  }

  async findById(id: string): Promise<ExportJobRow | null> {
    const [row] = await this.db.select().from(exportJobs).where(eq(exportJobs.id, id));
    return row ?? null;
  }

  async pageOfUser(userId: string, limit: number, skip: number): Promise<{ rows: ExportJobRow[]; total: number }> {
    const where = eq(exportJobs.userId, userId);
    const [rows, [{ total }]] = await Promise.all([
      this.db.select().from(exportJobs).where(where).orderBy(desc(exportJobs.createdAt), desc(exportJobs.id)).limit(limit).offset(skip),
      this.db.select({ total: count() }).from(exportJobs).where(where),
    ]);
    return { rows, total: Number(total) };
  }

  /** How many of a member's exports asked for since `since` are still queued or running. */
  async openCountOf(userId: string, since: Date): Promise<number> {
    const [{ open }] = await this.db
      .select({ open: count() })
      .from(exportJobs)
      .where(and(eq(exportJobs.userId, userId), inArray(exportJobs.status, ['queued', 'running']), sql`${exportJobs.createdAt} > ${since}`));
    return Number(open);
  }

  /** Starts (or starts over) an attempt: running, nothing written, no file. Null when the export is ready, expired or gone. */
  async start(id: string, totalRows: number): Promise<ExportJobRow | null> {
    const [row] = await this.db
      .update(exportJobs)
      .set({
        status: 'running',
        rowsWritten: 0,
        totalRows,
        startedAt: new Date(),
        attempts: sql`${exportJobs.attempts} + 1`,
        error: null,
        fileKey: null,
        fileSize: null,
      })
      .where(and(eq(exportJobs.id, id), inArray(exportJobs.status, ['queued', 'running', 'failed'])))
      .returning();
    return row ?? null;
  }

  async progress(id: string, rowsWritten: number): Promise<void> {
    await this.db.update(exportJobs).set({ rowsWritten }).where(and(eq(exportJobs.id, id), eq(exportJobs.status, 'running')));
  }

  /** The file is whole and stored: ready until `expiresAt`. False when the row is not running any more. */
  async ready(id: string, values: { fileKey: string; fileSize: number; rowsWritten: number; expiresAt: Date }): Promise<boolean> {
    const rows = await this.db
      .update(exportJobs)
      .set({ ...values, totalRows: values.rowsWritten, status: 'ready', finishedAt: new Date(), error: null })
      .where(and(eq(exportJobs.id, id), eq(exportJobs.status, 'running')))
      .returning({ id: exportJobs.id });
    return rows.length > 0;
  }

  /** Failed for good (after the retries). False when it was ready or expired already. */
  async fail(id: string, error: string): Promise<ExportJobRow | null> {
    const [row] = await this.db
      .update(exportJobs)
      .set({ status: 'failed', error, finishedAt: new Date(), fileKey: null })
      .where(and(eq(exportJobs.id, id), inArray(exportJobs.status, ['queued', 'running'])))
      .returning();
    return row ?? null;
  }

  /** Ready exports whose time is up (oldest first), to remove their files. */
  async expiredFiles(now: Date, limit: number): Promise<Array<Pick<ExportJobRow, 'id' | 'fileKey'>>> {
    return this.db
      .select({ id: exportJobs.id, fileKey: exportJobs.fileKey })
      .from(exportJobs)
      .where(and(isNotNull(exportJobs.fileKey), lte(exportJobs.expiresAt, now)))
      .orderBy(exportJobs.expiresAt)
      .limit(limit);
  }

  async markExpired(id: string): Promise<void> {
    await this.db.update(exportJobs).set({ status: 'expired', fileKey: null }).where(eq(exportJobs.id, id));
  }
}
