import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { listingReports } from '@app/db';
import { InjectDb, type Database } from '../../../common/db/database.module';
import type { ReportReason } from './listing-reports.dto';

/** listing_reports (the listings module's table): members' reports of listings and their resolution. */
@Injectable()
export class ListingReportsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** Throws a unique violation when the member already has an open report of the listing (listing_reports_open_reporter_key). */
  async insert(listingId: string, reporterId: string, reason: ReportReason, note: string) {
    const [row] = await this.db.insert(listingReports).values({ listingId, reporterId, reason, note }).returning();
    return row;
  }

  /** How many reports the member made since the time (listing_reports_reporter_idx). */
  async countBySince(reporterId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(listingReports)
      .where(and(eq(listingReports.reporterId, reporterId), gte(listingReports.createdAt, since)));
    return Number(row.n);
  }

  /** A page of a listing's reports, open first, then the newest; with the listing's total and open counts. */
  async page(listingId: string, limit: number, skip: number) {
    const where = eq(listingReports.listingId, listingId);
    const [rows, [totals]] = await Promise.all([
      this.db
        .select()
        .from(listingReports)
        .where(where)
        .orderBy(sql`${listingReports.resolvedAt} is null desc`, desc(listingReports.createdAt), asc(listingReports.id))
        .limit(limit)
        .offset(skip),
      this.db
        .select({ total: count(), open: sql<string>`count(*) filter (where ${listingReports.resolvedAt} is null)` })
        .from(listingReports)
        .where(where),
    ]);
    return { rows, total: Number(totals.total), open: Number(totals.open) };
  }

  /** Closes every open report of the listing; answers how many. */
  async resolveAll(listingId: string, resolvedById: string, resolution: string): Promise<number> {
    const rows = await this.db
      .update(listingReports)
      .set({ resolvedAt: new Date(), resolvedById, resolution })
      .where(and(eq(listingReports.listingId, listingId), isNull(listingReports.resolvedAt)))
      .returning({ id: listingReports.id });
    return rows.length;
  }
}
