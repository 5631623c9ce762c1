import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { marketCostAssumptions } from '@app/db';
import { InjectDb, type Database } from '../../../common/db/database.module';

export type CostAssumptionsRow = typeof marketCostAssumptions.$inferSelect;

/** Staff's cost assumptions per property kind (table market_cost_assumptions); a kind without a row uses the documented default. */
@Injectable()
export class MarketCostAssumptionsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async all(): Promise<CostAssumptionsRow[]> {
    return this.db.select().from(marketCostAssumptions);
  }

  async find(kind: string): Promise<CostAssumptionsRow | null> {
    const [row] = await this.db.select().from(marketCostAssumptions).where(eq(marketCostAssumptions.kind, kind)).limit(1);
    return row ?? null;
  }

  async upsert(values: { kind: string; values: Record<string, number>; note: string; updatedById: string | null }): Promise<CostAssumptionsRow> {
    const now = new Date();
    const [row] = await this.db
      .insert(marketCostAssumptions)
      .values({ ...values, updatedAt: now })
      .onConflictDoUpdate({
        target: marketCostAssumptions.kind,
        set: { values: values.values, note: values.note, updatedById: values.updatedById, updatedAt: now },
      })
      .returning();
    return row;
  }

  async remove(kind: string): Promise<CostAssumptionsRow | null> {
    const [row] = await this.db.delete(marketCostAssumptions).where(eq(marketCostAssumptions.kind, kind)).returning();
    return row ?? null;
  }
}
