import { Injectable } from '@nestjs/common';
import { count, desc, eq, sql } from 'drizzle-orm';
import { listingImports } from '@app/db';
import { InjectDb, type Database } from '../../../common/db/database.module';

export type ListingImportRow = typeof listingImports.$inferSelect;
export type ImportRejection = ListingImportRow['rejections'][number];

/** What a batch adds to an import's report (written with the batch's listings, in its transaction). */
export interface ImportProgress {
  rowsDone: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** Rejections to append (the caller keeps the stored list at IMPORT_REJECTIONS_KEPT). */
  newRejections: ImportRejection[];
}

/** The `listing_imports` table (owned by the listings module). */
@Injectable()
export class ListingImportRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async insert(values: typeof listingImports.$inferInsert): Promise<ListingImportRow> {
    const [row] = await this.db.insert(listingImports).values(values).returning();
    return row;
  }

  async find(id: string): Promise<ListingImportRow | null> {
    const [row] = await this.db.select().from(listingImports).where(eq(listingImports.id, id)).limit(1);
    return row ?? null;
  }

  /** Newest first (created_at, then id). */
  async page(limit: number, skip: number): Promise<{ rows: ListingImportRow[]; total: number }> {
    const [rows, [{ total }]] = await Promise.all([
      this.db.select().from(listingImports).orderBy(desc(listingImports.createdAt), desc(listingImports.id)).limit(limit).offset(skip),
      this.db.select({ total: count() }).from(listingImports),
    ]);
    return { rows, total: Number(total) };
  }

  async markRunning(id: string): Promise<void> {
    await this.db
      .update(listingImports)
      .set({
        status: 'running',
        startedAt: sql`coalesce(${listingImports.startedAt}, now())`,
      })
      .where(eq(listingImports.id, id));
  }

  async saveProgress(id: string, p: ImportProgress): Promise<void> {
    await this.db
      .update(listingImports)
      .set({
        rowsDone: p.rowsDone,
        created: p.created,
        updated: p.updated,
        unchanged: p.unchanged,
        rejected: p.rejected,
        ...(p.newRejections.length
          ? {
              rejections: sql`${listingImports.rejections} || ${JSON.stringify(p.newRejections)}::jsonb`,
            }
          : {}),
      })
      .where(eq(listingImports.id, id));
  }

  async finish(
    id: string,
    values: {
      status: 'done' | 'failed';
      totalRows: number | null;
      error: string | null;
    },
  ): Promise<ListingImportRow> {
    const [row] = await this.db
      .update(listingImports)
      .set({ ...values, finishedAt: new Date() })
      .where(eq(listingImports.id, id))
      .returning();
    return row;
  }
}
