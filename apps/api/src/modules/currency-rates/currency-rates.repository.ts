import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { currencyRates, type CurrencyRateRow } from '@app/db';
import type { ForeignCurrency } from '@app/domain';
import { InjectDb, type Database } from '../../common/db/database.module';

export interface RateWrite {
  currency: ForeignCurrency;
  phpPerUnit: number;
  asOf: string;
  source: string;
  updatedBy: string;
}

@Injectable()
export class CurrencyRatesRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** Each currency's row with the latest as_of (one row per currency that has any). */
  current(): Promise<CurrencyRateRow[]> {
    return this.db
      .selectDistinctOn([currencyRates.currency])
      .from(currencyRates)
      .orderBy(currencyRates.currency, desc(currencyRates.asOf));
  }

  /**
   * Writes the rate of (currency, asOf): inserts it, or updates the row of that date. Writing the
   * same values again leaves the row (and its updated_at) as it was. Returns the row as stored.
   */
  async upsert(rate: RateWrite): Promise<CurrencyRateRow> {
    const [written] = await this.db
      .insert(currencyRates)
      .values(rate)
      .onConflictDoUpdate({
        target: [currencyRates.currency, currencyRates.asOf],
        set: {
          phpPerUnit: sql`excluded.php_per_unit`,
          source: sql`excluded.source`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`(${currencyRates.phpPerUnit}, ${currencyRates.source}, ${currencyRates.updatedBy}) is distinct from (excluded.php_per_unit, excluded.source, excluded.updated_by)`,
      })
      .returning();
    if (written) return written;
    const [unchanged] = await this.db
      .select()
      .from(currencyRates)
      .where(and(eq(currencyRates.currency, rate.currency), eq(currencyRates.asOf, rate.asOf)))
      .limit(1);
    return unchanged;
  }

  /** Whether the currency has a rate of a later date than asOf. */
  async hasLaterRate(currency: ForeignCurrency, asOf: string): Promise<boolean> {
    const [later] = await this.db
      .select({ id: currencyRates.id })
      .from(currencyRates)
      .where(and(eq(currencyRates.currency, currency), gt(currencyRates.asOf, asOf)))
      .limit(1);
    return later !== undefined;
  }

  /** A page of the currency's rates, newest as_of first, with their total. */
  async page(currency: ForeignCurrency, limit: number, skip: number): Promise<{ rows: CurrencyRateRow[]; total: number }> {
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(currencyRates)
        .where(eq(currencyRates.currency, currency))
        .orderBy(desc(currencyRates.asOf))
        .limit(limit)
        .offset(skip),
      this.db.select({ total: count() }).from(currencyRates).where(eq(currencyRates.currency, currency)),
    ]);
    return { rows, total };
  }
}
