import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '@app/db';
import { DB } from '../../common/db/database.module';
import type { StatDatasetId } from '../market/market-contracts';
import { countStatDatasets, saveStatDataset, upsertStatValues } from './market-data.repository';
import type { ParsedDataset, StatRow } from './stat-parsers';

/**
 * The statistics `npm start` loads into an empty database (apps/api/data/, the same path from src/ and
 * dist/): every value of the shipped PSA, BIS and PNP files as the importers parse them, area codes
 * resolved, made by `npm run market:compact-statistics -- ../shared/data/bi` (see
 * apps/api/data/README-market-statistics.md for the sources and terms).
 */
export const BUNDLED_STATISTICS_FILE = path.resolve(__dirname, '..', '..', '..', 'data', 'market-statistics.ndjson.gz');

const FORMAT = 'tahanan-market-statistics/1';
type CompactRow = [areaCode: string, areaLevel: StatRow['areaLevel'], areaName: string, indicator: string, breakdown: string, period: string, variant: string, value: number | null, unit: string];
interface CompactHeader {
  format: string;
  dataset: StatDatasetId;
  title: string;
  source: string;
  fileName: string;
  sha256: string;
  fileRows: number;
  skipped: ParsedDataset['skipped'];
  values: number;
}

/** Writes parsed datasets as gzipped NDJSON: per dataset a header line, then one array per value. Deterministic for the same input. */
export async function writeCompactStatistics(datasets: readonly ParsedDataset[], file = BUNDLED_STATISTICS_FILE): Promise<{ bytes: number; values: number }> {
  const lines: string[] = [];
  let values = 0;
  for (const d of datasets) {
    const header: CompactHeader = { format: FORMAT, dataset: d.dataset, title: d.title, source: d.source, fileName: d.fileName, sha256: d.sha256, fileRows: d.fileRows, skipped: d.skipped, values: d.values.length };
    lines.push(JSON.stringify(header));
    for (const v of d.values) {
      const row: CompactRow = [v.areaCode, v.areaLevel, v.areaName, v.indicator, v.breakdown, v.period, v.variant, v.value, v.unit];
      lines.push(JSON.stringify(row));
    }
    values += d.values.length;
  }
  const gz = gzipSync(Buffer.from(lines.join('\n') + '\n', 'utf8'), { level: 9 });
  await writeFile(file, gz);
  return { bytes: gz.length, values };
}

/** Reads the compact file back into datasets (the importers' shape). */
export async function readCompactStatistics(file = BUNDLED_STATISTICS_FILE): Promise<ParsedDataset[]> {
  const lines = gunzipSync(await readFile(file)).toString('utf8').split('\n').filter(Boolean);
  const out: ParsedDataset[] = [];
  let current: ParsedDataset | null = null;
  for (const line of lines) {
    const parsed = JSON.parse(line) as CompactHeader | CompactRow;
    if (!Array.isArray(parsed)) {
      if (parsed.format !== FORMAT) throw new Error(`${path.basename(file)}: unknown format '${parsed.format}' (expected ${FORMAT})`);
      current = { dataset: parsed.dataset, title: parsed.title, source: parsed.source, fileName: parsed.fileName, sha256: parsed.sha256, fileRows: parsed.fileRows, values: [], skipped: parsed.skipped, unmatched: [] };
      out.push(current);
      continue;
    }
    if (!current) throw new Error(`${path.basename(file)}: a value before any dataset header`);
    const [areaCode, areaLevel, areaName, indicator, breakdown, period, variant, value, unit] = parsed;
    current.values.push({ areaCode, areaLevel, areaName, indicator, breakdown, period, variant, value, unit });
  }
  return out;
}

/** Serialises concurrent first starts (an api and a worker process on one fresh database). */
const LOAD_LOCK = sql`select pg_advisory_xact_lock(7406153203)`;

/** A Nest application (or context) or the database itself. */
type Target = Database | { get(token: unknown): unknown };
const dbOf = (target: Target): Database =>
  typeof (target as Database).execute === 'function' ? (target as Database) : ((target as { get(token: unknown): unknown }).get(DB) as Database);

/**
 * Loads the bundled statistics when `stat_datasets` is empty (a fresh database: `npm start`, tests), in
 * one transaction; does nothing once any dataset was imported or loaded. Answers what was loaded, or null.
 * No events are published (like the reference places): it is reference data, not an operator's import.
 * Integration tests call it in `beforeAll` with the test app: `await loadBundledStatistics(app)`.
 */
export async function loadBundledStatistics(target: Target, file = BUNDLED_STATISTICS_FILE): Promise<{ datasets: number; values: number } | null> {
  const db = dbOf(target);
  if ((await countStatDatasets(db)) > 0) return null;
  const datasets = await readCompactStatistics(file);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.execute(LOAD_LOCK);
    if ((await countStatDatasets(t)) > 0) return null;
    let values = 0;
    for (const d of datasets) {
      const counts = await upsertStatValues(t, d.dataset, d.values);
      await saveStatDataset(t, d, counts);
      values += d.values.length;
    }
    return { datasets: datasets.length, values };
  });
}
