import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { marketDevelopments, type MarketDevelopmentRow } from '@app/db';
import { InjectDb, type Database } from '../../../common/db/database.module';

export type NewDevelopmentRow = typeof marketDevelopments.$inferInsert;

export interface DevelopmentFilters {
  cityCode?: string;
  barangayCode?: string;
  regionCode?: string;
  status?: string;
}

/** Development projects staff record (table market_developments). */
@Injectable()
export class MarketDevelopmentsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async insert(values: NewDevelopmentRow): Promise<MarketDevelopmentRow> {
    const [row] = await this.db.insert(marketDevelopments).values(values).returning();
    return row;
  }

  async update(id: string, patch: Partial<NewDevelopmentRow>): Promise<MarketDevelopmentRow | null> {
    const [row] = await this.db
      .update(marketDevelopments)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(marketDevelopments.id, id))
      .returning();
    return row ?? null;
  }

  async remove(id: string): Promise<MarketDevelopmentRow | null> {
    const [row] = await this.db.delete(marketDevelopments).where(eq(marketDevelopments.id, id)).returning();
    return row ?? null;
  }

  async findById(id: string): Promise<MarketDevelopmentRow | null> {
    const [row] = await this.db.select().from(marketDevelopments).where(eq(marketDevelopments.id, id)).limit(1);
    return row ?? null;
  }

  /** A page of projects matching the filters, the most recently updated first, and how many match in all. */
  async list(filters: DevelopmentFilters, window: { limit: number; skip: number }): Promise<{ rows: MarketDevelopmentRow[]; total: number }> {
    const where = this.where(filters);
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(marketDevelopments)
        .where(where)
        .orderBy(desc(marketDevelopments.updatedAt), asc(marketDevelopments.id))
        .limit(window.limit)
        .offset(window.skip),
      this.db.select({ total: count() }).from(marketDevelopments).where(where),
    ]);
    return { rows, total: Number(total) };
  }

  /**
   * Projects inside the latitude/longitude box around a point (the caller keeps those within the
   * radius by great-circle distance); at most `cap` rows, nearest to the box's centre first.
   */
  async inBox(box: { lat: number; lng: number; dLat: number; dLng: number }, cap: number): Promise<MarketDevelopmentRow[]> {
    return this.db
      .select()
      .from(marketDevelopments)
      .where(
        and(
          gte(marketDevelopments.lat, box.lat - box.dLat),
          lte(marketDevelopments.lat, box.lat + box.dLat),
          gte(marketDevelopments.lng, box.lng - box.dLng),
          lte(marketDevelopments.lng, box.lng + box.dLng),
        ),
      )
      .orderBy(sql`(${marketDevelopments.lat} - ${box.lat})^2 + (${marketDevelopments.lng} - ${box.lng})^2`, asc(marketDevelopments.id))
      .limit(cap);
  }

  private where(f: DevelopmentFilters): SQL | undefined {
    const conds: SQL[] = [];
    if (f.cityCode) conds.push(eq(marketDevelopments.cityCode, f.cityCode));
    if (f.barangayCode) conds.push(eq(marketDevelopments.barangayCode, f.barangayCode));
    if (f.regionCode) conds.push(eq(marketDevelopments.regionCode, f.regionCode));
    if (f.status) conds.push(eq(marketDevelopments.status, f.status));
    return conds.length ? and(...conds) : undefined;
  }
}
