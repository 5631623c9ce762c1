import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { statDatasets, statValues, zonalValues, type Database } from '@app/db';
import { InjectDb } from '../../common/db/database.module';
import { rowsOf } from '../places/psgc';
import type { StatDatasetId } from '../market/market-contracts';
import type { StatRow } from './stat-parsers';

/** Values per INSERT statement (one JSON parameter each). */
export const STAT_WRITE_BATCH = 4000;

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface DatasetMeta {
  dataset: StatDatasetId;
  title: string;
  source: string;
  fileName: string;
  sha256: string;
}

export type StatValueRow = typeof statValues.$inferSelect;
export type StatDatasetRow = typeof statDatasets.$inferSelect;
export type ZonalValueRow = typeof zonalValues.$inferSelect;
export type NewZonalValueRow = typeof zonalValues.$inferInsert;

/**
 * Upserts a dataset's values on the primary key (dataset, area, indicator, breakdown, period, variant):
 * a value already there with the same area name, level, value and unit is left alone (unchanged), so a
 * re-import of the same file writes nothing. Run it inside a transaction. Values the file no longer
 * carries stay (a newer release with a shorter window keeps the older months).
 */
export async function upsertStatValues(db: Database, dataset: StatDatasetId, values: readonly StatRow[]): Promise<UpsertCounts> {
  const counts: UpsertCounts = { inserted: 0, updated: 0, unchanged: 0 };
  for (let i = 0; i < values.length; i += STAT_WRITE_BATCH) {
    const batch = values.slice(i, i + STAT_WRITE_BATCH).map((v) => ({
      area_code: v.areaCode,
      area_level: v.areaLevel,
      area_name: v.areaName,
      indicator: v.indicator,
      breakdown: v.breakdown,
      period: v.period,
      variant: v.variant,
      value: v.value,
      unit: v.unit,
    }));
    const written = rowsOf<{ inserted: boolean }>(
      await db.execute(sql`
        insert into stat_values (dataset, area_code, area_level, area_name, indicator, breakdown, period, variant, value, unit)
        select ${dataset}, area_code, area_level, area_name, indicator, breakdown, period, variant, value, unit
        from json_to_recordset(${JSON.stringify(batch)}::json) as r(
          area_code text, area_level text, area_name text, indicator text, breakdown text, period text, variant text,
          value double precision, unit text)
        on conflict (dataset, area_code, indicator, breakdown, period, variant) do update set
          area_level = excluded.area_level, area_name = excluded.area_name, value = excluded.value, unit = excluded.unit
        where (stat_values.area_level, stat_values.area_name, stat_values.value, stat_values.unit)
          is distinct from (excluded.area_level, excluded.area_name, excluded.value, excluded.unit)
        returning (xmax = 0) as inserted`),
    );
    const inserted = written.filter((r) => r.inserted).length;
    counts.inserted += inserted;
    counts.updated += written.length - inserted;
    counts.unchanged += batch.length - written.length;
  }
  return counts;
}

/**
 * Records the import of a dataset: the file, its checksum, and the number and period range of the
 * dataset's stored values. Left as it is when the same file changed nothing (a true no-op re-import).
 */
export async function saveStatDataset(db: Database, meta: DatasetMeta, counts: UpsertCounts): Promise<void> {
  const [current] = await db.select().from(statDatasets).where(eq(statDatasets.dataset, meta.dataset)).limit(1);
  if (current && current.sha256 === meta.sha256 && current.fileName === meta.fileName && !counts.inserted && !counts.updated) return;
  const [stats] = rowsOf<{ n: number | string; from: string | null; to: string | null }>(
    await db.execute(sql`select count(*) as n, min(period) as "from", max(period) as "to" from stat_values where dataset = ${meta.dataset}`),
  );
  const row = {
    dataset: meta.dataset,
    title: meta.title,
    source: meta.source,
    fileName: meta.fileName,
    sha256: meta.sha256,
    rows: Number(stats.n),
    periodFrom: stats.from,
    periodTo: stats.to,
    importedAt: new Date(),
  };
  await db.insert(statDatasets).values(row).onConflictDoUpdate({ target: statDatasets.dataset, set: row });
}

export async function countStatDatasets(db: Database): Promise<number> {
  const [{ n }] = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*) as n from stat_datasets`));
  return Number(n);
}

@Injectable()
export class MarketDataRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  upsertValues(dataset: StatDatasetId, values: readonly StatRow[]): Promise<UpsertCounts> {
    return upsertStatValues(this.db, dataset, values);
  }

  saveDataset(meta: DatasetMeta, counts: UpsertCounts): Promise<void> {
    return saveStatDataset(this.db, meta, counts);
  }

  async datasets(): Promise<StatDatasetRow[]> {
    return this.db.select().from(statDatasets).orderBy(asc(statDatasets.dataset));
  }

  /** A dataset's values for any of the areas, oldest period first. */
  async values(
    dataset: StatDatasetId,
    areaCodes: readonly string[],
    opts: { indicators?: readonly string[]; breakdowns?: readonly string[]; variant?: string },
  ): Promise<StatValueRow[]> {
    if (!areaCodes.length) return [];
    const where: SQL[] = [eq(statValues.dataset, dataset), inArray(statValues.areaCode, [...new Set(areaCodes)])];
    if (opts.indicators?.length) where.push(inArray(statValues.indicator, [...opts.indicators]));
    if (opts.breakdowns?.length) where.push(inArray(statValues.breakdown, [...opts.breakdowns]));
    if (opts.variant !== undefined) where.push(eq(statValues.variant, opts.variant));
    return this.db
      .select()
      .from(statValues)
      .where(and(...where))
      .orderBy(asc(statValues.period), asc(statValues.indicator), asc(statValues.breakdown));
  }

  /** Replaces the zonal values of one workbook (RDO + department order). Answers the number of rows removed. */
  async replaceZonal(sourceKey: string, rows: readonly NewZonalValueRow[]): Promise<number> {
    const removed = await this.db.delete(zonalValues).where(eq(zonalValues.sourceKey, sourceKey)).returning({ id: zonalValues.id });
    for (let i = 0; i < rows.length; i += 1000) await this.db.insert(zonalValues).values(rows.slice(i, i + 1000));
    return removed.length;
  }

  async zonalBySource(sourceKey: string): Promise<ZonalValueRow[]> {
    return this.db.select().from(zonalValues).where(eq(zonalValues.sourceKey, sourceKey));
  }

  async zonalOf(barangayCode: string): Promise<ZonalValueRow[]> {
    return this.db
      .select()
      .from(zonalValues)
      .where(eq(zonalValues.barangayCode, barangayCode))
      .orderBy(asc(zonalValues.street), asc(zonalValues.vicinity), asc(zonalValues.classification));
  }
}
