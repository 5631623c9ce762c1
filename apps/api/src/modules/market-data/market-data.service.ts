import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { NewDomainEvent } from '@app/domain';
import { Transactions } from '../../common/db/transactions';
import { EventsService } from '../../common/events/events.service';
import type { DatasetInfo, MarketDataReader, StatDatasetId, StatPoint, ZonalValueView } from '../market/market-contracts';
import { PlacesService } from '../places/places.service';
import { PSGC_CODE } from '../places/psgc';
import { AreaMatcher } from './area-matcher';
import { MarketDataRepository, type NewZonalValueRow, type StatValueRow, type UpsertCounts } from './market-data.repository';
import { readStatisticsFile } from './stat-files';
import type { ParsedDataset } from './stat-parsers';
import { barangayMatcher, readZonalWorkbook, type ZonalWorkbook } from './zonal-workbook';

export interface DatasetImportResult extends UpsertCounts {
  dataset: StatDatasetId;
  fileName: string;
  /** Values read from the file. */
  values: number;
  skipped: ParsedDataset['skipped'];
  unmatched: ParsedDataset['unmatched'];
}

export interface ZonalImportResult {
  fileName: string;
  sourceKey: string;
  rdo: string;
  departmentOrder: string;
  effectiveDate: string | null;
  cityCode: string;
  rows: number;
  /** Rows whose barangay heading matched a barangay of the city. */
  matched: number;
  /** Headings that matched no barangay of the city (their rows are kept with no barangay code). */
  unmatchedBarangays: string[];
  inserted: number;
  removed: number;
  unchanged: number;
}

/** The CPI series on the Negros Island Region boundaries, preferred for the five areas that have two. */
const NEWEST_VARIANT = 'with_NIR';
/** How long a process keeps statistics it has read (see MarketDataService.valueCache). */
export const STAT_CACHE_MS = 5 * 60 * 1000;

const toPoint = (r: StatValueRow): StatPoint => ({
  dataset: r.dataset as StatDatasetId,
  areaCode: r.areaCode,
  areaLevel: r.areaLevel,
  areaName: r.areaName,
  indicator: r.indicator,
  breakdown: r.breakdown,
  period: r.period,
  variant: r.variant,
  value: r.value,
  unit: r.unit,
});

/**
 * Public statistics (PSA FIES, LFS, CPI, CPI weights; BIS/BSP property prices; PNP crime) and BIR zonal
 * values: the importers' writes (one transaction per run, an event per dataset) and the reads the market
 * reports make (MarketDataReader).
 */
@Injectable()
export class MarketDataService implements MarketDataReader {
  /**
   * Statistics rows read per (dataset, areas, options), kept per process for STAT_CACHE_MS: they
   * change only when an operator imports a file (an import in this process clears the cache; other
   * processes see it within five minutes). Reports read the same few areas' statistics over and over.
   */
  private readonly valueCache = new LRUCache<string, StatValueRow[]>({ max: 20_000, ttl: STAT_CACHE_MS });

  constructor(
    private readonly repo: MarketDataRepository,
    private readonly places: PlacesService,
    private readonly transactions: Transactions,
    private readonly events: EventsService,
  ) {}

  /** The area-name matcher over the regions, provinces, cities and municipalities in `places`. */
  async areaMatcher(): Promise<AreaMatcher> {
    return new AreaMatcher(await this.places.placesWithin({ levels: ['region', 'province', 'city', 'municipality'] }));
  }

  /** Reads and checks statistics files (nothing written). */
  async readStatistics(files: readonly { file: string; dataset?: StatDatasetId }[]): Promise<ParsedDataset[]> {
    const matcher = await this.areaMatcher();
    const out: ParsedDataset[] = [];
    for (const f of files) out.push(...(await readStatisticsFile(f.file, matcher, f.dataset)));
    return out;
  }

  /**
   * Writes datasets read by `readStatistics`, all in one transaction with a `market.dataset_imported`
   * event each: upserts every value (a re-import of the same file inserts and updates nothing) and
   * records the import in stat_datasets.
   */
  async importStatistics(parsed: readonly ParsedDataset[], actorId: string | null = null): Promise<DatasetImportResult[]> {
    const imported = await this.transactions.run(async () => {
      const results: DatasetImportResult[] = [];
      for (const p of parsed) {
        const counts = await this.repo.upsertValues(p.dataset, p.values);
        await this.repo.saveDataset(p, counts);
        await this.events.publish({
          type: 'market.dataset_imported',
          actorId,
          entity: { kind: 'dataset', id: p.dataset },
          data: { dataset: p.dataset, fileName: p.fileName, rows: p.values.length, ...counts },
        } as NewDomainEvent);
        results.push({ dataset: p.dataset, fileName: p.fileName, values: p.values.length, ...counts, skipped: p.skipped, unmatched: p.unmatched });
      }
      return results;
    });
    this.valueCache.clear();
    return imported;
  }

  async datasets(): Promise<DatasetInfo[]> {
    return (await this.repo.datasets()).map((d) => ({
      dataset: d.dataset as StatDatasetId,
      title: d.title,
      source: d.source,
      fileName: d.fileName,
      rows: d.rows,
      periodFrom: d.periodFrom,
      periodTo: d.periodTo,
      importedAt: d.importedAt.toISOString(),
    }));
  }

  async valuesFor(
    dataset: StatDatasetId,
    areaCodes: readonly string[],
    opts: { indicators?: readonly string[]; breakdowns?: readonly string[]; latest?: boolean; variant?: string } = {},
  ): Promise<StatPoint[]> {
    const rows = await this.cachedValues(dataset, areaCodes, opts);
    const code = areaCodes.find((c) => rows.some((r) => r.areaCode === c));
    if (!code) return [];
    return seriesOf(rows.filter((r) => r.areaCode === code), opts).map(toPoint);
  }

  private async cachedValues(
    dataset: StatDatasetId,
    areaCodes: readonly string[],
    opts: { indicators?: readonly string[]; breakdowns?: readonly string[]; variant?: string },
  ): Promise<StatValueRow[]> {
    const codes = [...new Set(areaCodes)].sort();
    const key = JSON.stringify([dataset, codes, opts.indicators ?? null, opts.breakdowns ?? null, opts.variant ?? null]);
    const hit = this.valueCache.get(key);
    if (hit) return hit;
    const rows = await this.repo.values(dataset, codes, { indicators: opts.indicators, breakdowns: opts.breakdowns, variant: opts.variant });
    this.valueCache.set(key, rows);
    return rows;
  }

  /**
   * For each chain of area codes (most specific first, as `valuesFor` takes them), the values of the
   * first code that has any — every chain answered by one query (a report over many barangays asks
   * once, not once per city).
   */
  async valuesForEach(
    dataset: StatDatasetId,
    chains: ReadonlyArray<readonly string[]>,
    opts: { indicators?: readonly string[]; breakdowns?: readonly string[]; latest?: boolean; variant?: string } = {},
  ): Promise<StatPoint[][]> {
    const rows = await this.cachedValues(dataset, chains.flat(), opts);
    const byArea = new Map<string, typeof rows>();
    for (const r of rows) byArea.set(r.areaCode, [...(byArea.get(r.areaCode) ?? []), r]);
    return chains.map((chain) => {
      const code = chain.find((c) => byArea.has(c));
      return code ? seriesOf(byArea.get(code)!, opts).map(toPoint) : [];
    });
  }

  async zonalValues(barangayCode: string): Promise<ZonalValueView[]> {
    return (await this.repo.zonalOf(barangayCode)).map((z) => ({
      barangayCode: z.barangayCode,
      barangayName: z.barangayName,
      street: z.street,
      vicinity: z.vicinity,
      classification: z.classification,
      valuePerSqm: z.valuePerSqm,
      rdo: z.rdo,
      departmentOrder: z.departmentOrder,
      effectiveDate: z.effectiveDate,
    }));
  }

  /** Reads a BIR zonal-value workbook (nothing written). */
  readZonalWorkbook(file: string): Promise<ZonalWorkbook> {
    return readZonalWorkbook(file);
  }

  /**
   * Writes a zonal workbook for a city: barangay headings matched by name among the city's barangays;
   * the rows of the same RDO and Department Order are replaced in one transaction, and left alone when
   * the file holds exactly what is stored (a re-import changes nothing).
   */
  async importZonal(workbook: ZonalWorkbook, cityCode: string, actorId: string | null = null): Promise<ZonalImportResult> {
    if (!PSGC_CODE.test(cityCode)) throw new BadRequestException(`--city must be a 10-digit PSGC city or municipality code, e.g. 1380300000 (Makati); got '${cityCode}'`);
    let barangays;
    try {
      barangays = await this.places.listBarangays(cityCode);
    } catch (err) {
      if (err instanceof NotFoundException || err instanceof BadRequestException) {
        throw new BadRequestException(`--city ${cityCode} is not a city or municipality in the places table (${err.message})`);
      }
      throw err;
    }
    const match = barangayMatcher(barangays);
    const sourceKey = `RDO ${workbook.rdo} / DO ${workbook.departmentOrder}`;
    const unmatched = new Set<string>();
    const rows: NewZonalValueRow[] = workbook.rows.map((r) => {
      const barangayCode = match(r.barangayName);
      if (!barangayCode) unmatched.add(r.barangayName);
      return {
        sourceKey,
        rdo: workbook.rdo,
        departmentOrder: workbook.departmentOrder,
        effectiveDate: workbook.effectiveDate,
        cityCode,
        barangayCode,
        barangayName: r.barangayName,
        street: r.street,
        vicinity: r.vicinity,
        classification: r.classification,
        valuePerSqm: r.valuePerSqm,
      };
    });
    const keyOf = (r: Pick<NewZonalValueRow, 'effectiveDate' | 'cityCode' | 'barangayCode' | 'barangayName' | 'street' | 'vicinity' | 'classification' | 'valuePerSqm'>) =>
      JSON.stringify([r.effectiveDate ?? null, r.cityCode ?? null, r.barangayCode ?? null, r.barangayName, r.street ?? '', r.vicinity ?? '', r.classification ?? '', Number(r.valuePerSqm)]);
    return this.transactions.run(async () => {
      const existing = await this.repo.zonalBySource(sourceKey);
      const before = new Map<string, number>();
      for (const e of existing) before.set(keyOf(e), (before.get(keyOf(e)) ?? 0) + 1);
      let unchanged = 0;
      for (const r of rows) {
        const n = before.get(keyOf(r)) ?? 0;
        if (n > 0) {
          unchanged++;
          before.set(keyOf(r), n - 1);
        }
      }
      const same = unchanged === rows.length && existing.length === rows.length;
      const removed = same ? 0 : await this.repo.replaceZonal(sourceKey, rows);
      const inserted = same ? 0 : rows.length;
      await this.events.publish({
        type: 'market.dataset_imported',
        actorId,
        entity: { kind: 'dataset', id: 'zonal_values' },
        data: { dataset: 'zonal_values', fileName: workbook.fileName, rows: rows.length, inserted: same ? 0 : rows.length - unchanged, updated: 0, unchanged: same ? rows.length : unchanged },
      } as NewDomainEvent);
      return {
        fileName: workbook.fileName,
        sourceKey,
        rdo: workbook.rdo,
        departmentOrder: workbook.departmentOrder,
        effectiveDate: workbook.effectiveDate,
        cityCode,
        rows: rows.length,
        matched: rows.filter((r) => r.barangayCode).length,
        unmatchedBarangays: [...unmatched],
        inserted,
        removed,
        unchanged: same ? rows.length : 0,
      };
    });
  }
}

/**
 * One area's rows as one series: the newest boundaries when the area has two (the CPI files, NIR)
 * unless a variant is named, and with `latest` the newest period only.
 */
function seriesOf<R extends { variant: string; period: string }>(rows: R[], opts: { latest?: boolean; variant?: string }): R[] {
  let list = rows;
  if (opts.variant === undefined) {
    const variants = new Set(list.map((r) => r.variant));
    const pick = variants.has(NEWEST_VARIANT) ? NEWEST_VARIANT : variants.has('') ? '' : [...variants].sort()[0];
    list = list.filter((r) => r.variant === pick);
  }
  if (opts.latest) {
    const newest = list.reduce((m, r) => (r.period > m ? r.period : m), '');
    list = list.filter((r) => r.period === newest);
  }
  return list;
}
