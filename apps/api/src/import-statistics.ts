import 'reflect-metadata';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { BadRequestException, Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigError, loadConfig, type AppConfig } from './common/config/config';
import { ConfigModule } from './common/config/config.module';
import { DatabaseModule, DB, type Database } from './common/db/database.module';
import { EventsModule } from './common/events/events.module';
import { QueueModule } from './common/queue/queue.module';
import { canReachRedis, RedisModule } from './common/redis/redis.module';
import { STAT_DATASET_IDS, type StatDatasetId } from './modules/market/market-contracts';
import { AreaMatcher } from './modules/market-data/area-matcher';
import { BUNDLED_STATISTICS_FILE, loadBundledStatistics, writeCompactStatistics } from './modules/market-data/bundled-statistics';
import { MarketDataModule } from './modules/market-data/market-data.module';
import { MarketDataService, type DatasetImportResult } from './modules/market-data/market-data.service';
import { isStatDatasetId, readStatisticsFile } from './modules/market-data/stat-files';
import { datasetOfFile, NOT_A_DATASET, StatImportError, type ParsedDataset } from './modules/market-data/stat-parsers';
import { loadReferencePlaces, referencePlaceRecords } from './modules/places/reference-places';

const USAGE = `Usage:
  npm run import:statistics -- <folder or file>... [--dataset <id>]
  npm run import:zonal -- <BIR zonal workbook.xlsx> --city <PSGC city code>
  npm run market:compact-statistics -- <folder or file>... [--out <file.ndjson.gz>]

import:statistics  reads the public statistics files (the tidy CSVs of ../shared/data/bi/, or the PSA's
                   annual LFS Table 1 workbook .xlsx) and upserts their values: each file's dataset is
                   recognised by its name (or --dataset, for one file: ${STAT_DATASET_IDS.join(', ')}).
                   Every file is read and checked first; then all are written in one transaction, so a
                   bad file leaves the database as it was. Importing the same file again changes nothing.
import:zonal       reads a BIR zonal-value workbook of one RDO (.xlsx) and stores its rows for the city
                   (barangay headings matched by name among the city's barangays); a newer import of the
                   same RDO and Department Order replaces its rows.
market:compact-statistics
                   writes the compact file \`npm start\` loads into an empty database
                   (default ${path.relative(process.cwd(), BUNDLED_STATISTICS_FILE)}), matching area names
                   against the bundled PSGC places; no database needed.

Reads DATABASE_URL (or PGLITE_DIR) and REDIS_URL like the server does.`;

class UsageError extends Error {}

export interface CliArgs {
  mode: 'statistics' | 'zonal' | 'compact';
  paths: string[];
  dataset?: StatDatasetId;
  city?: string;
  out?: string;
}

export function parseArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { mode: 'statistics', paths: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') throw new UsageError('');
    if (a === '--zonal' || a === '--compact') {
      args.mode = a === '--zonal' ? 'zonal' : 'compact';
      continue;
    }
    if (a === '--dataset' || a === '--city' || a === '--out') {
      const value = argv[i + 1];
      if (!value || value.startsWith('--')) throw new UsageError(`${a} needs a value.`);
      i++;
      if (a === '--dataset') {
        if (!isStatDatasetId(value)) throw new UsageError(`--dataset '${value}' is not one of ${STAT_DATASET_IDS.join(', ')}.`);
        args.dataset = value;
      } else if (a === '--city') args.city = value;
      else args.out = path.resolve(value);
      continue;
    }
    if (a.startsWith('--')) throw new UsageError(`Unknown argument '${a}'.`);
    args.paths.push(a);
  }
  if (!args.paths.length) throw new UsageError(args.mode === 'zonal' ? 'Give the zonal workbook (.xlsx).' : 'Give a folder or a file.');
  if (args.mode === 'zonal') {
    if (args.paths.length > 1) throw new UsageError('Give one zonal workbook at a time.');
    if (!args.city) throw new UsageError('Give --city <PSGC code of the city or municipality the workbook covers>.');
  } else if (args.city) throw new UsageError('--city is for import:zonal.');
  if (args.dataset && args.paths.length > 1) throw new UsageError('--dataset names the dataset of one file: give one file with it.');
  return args;
}

/** The statistics files named: files as given, folders' .csv/.xlsx files whose names say their dataset. */
export function statisticsFiles(paths: readonly string[], dataset?: StatDatasetId): { file: string; dataset?: StatDatasetId }[] {
  const out: { file: string; dataset?: StatDatasetId }[] = [];
  for (const p of paths) {
    let isDir = false;
    try {
      isDir = statSync(p).isDirectory();
    } catch {
      throw new StatImportError(p, 'no such file or folder');
    }
    if (!isDir) {
      out.push({ file: p, dataset });
      continue;
    }
    for (const name of readdirSync(p).sort()) {
      if (!/\.csv$/i.test(name) || NOT_A_DATASET.test(name)) continue; // workbooks only when named one by one
      if (datasetOfFile(name)) out.push({ file: path.join(p, name) });
      else console.log(`Skipped ${name}: not one of the statistics files (give it with --dataset to import it).`);
    }
  }
  if (!out.length) throw new StatImportError(paths.join(', '), 'no statistics files found');
  return out;
}

export function describeStatImport(r: DatasetImportResult): string {
  const parts = [`${r.dataset} from ${r.fileName}: ${r.values} values (${r.inserted} new, ${r.updated} changed, ${r.unchanged} unchanged)`];
  for (const s of r.skipped) parts.push(`  skipped ${s.rows} row${s.rows === 1 ? '' : 's'}: ${s.reason}`);
  for (const u of r.unmatched) parts.push(`  line ${u.line} left out: ${u.reason}`);
  return parts.join('\n');
}

@Module({})
class ImportContext {
  static forConfig(config: AppConfig): DynamicModule {
    return {
      module: ImportContext,
      // the service publishes an event per dataset; the relay queues them for the server's workers
      imports: [ConfigModule.forRoot(config), DatabaseModule, RedisModule, QueueModule, EventsModule.forRole(false), MarketDataModule],
    };
  }
}

async function compact(args: CliArgs): Promise<void> {
  const matcher = new AreaMatcher(referencePlaceRecords().filter((p) => p.level !== 'barangay'));
  const parsed: ParsedDataset[] = [];
  for (const f of statisticsFiles(args.paths, args.dataset)) parsed.push(...(await readStatisticsFile(f.file, matcher, f.dataset)));
  const unmatched = parsed.flatMap((p) => p.unmatched.map((u) => `${p.fileName} line ${u.line}: ${u.reason}`));
  if (unmatched.length) throw new StatImportError(args.paths.join(', '), `area names matched no PSGC place:\n  ${unmatched.join('\n  ')}`);
  const seen = new Set<string>();
  for (const p of parsed) {
    if (seen.has(p.dataset)) throw new StatImportError(p.fileName, `a second file of dataset ${p.dataset}`);
    seen.add(p.dataset);
  }
  const missing = STAT_DATASET_IDS.filter((id) => !seen.has(id));
  if (missing.length) throw new StatImportError(args.paths.join(', '), `the bundled file holds every dataset: no file for ${missing.join(', ')}`);
  const out = args.out ?? BUNDLED_STATISTICS_FILE;
  const { bytes, values } = await writeCompactStatistics(parsed, out);
  for (const p of parsed) console.log(`${p.dataset}: ${p.values.length} values from ${p.fileName}`);
  console.log(`Wrote ${values} values of ${parsed.length} datasets to ${out} (${Math.round(bytes / 1024)} kB).`);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.mode === 'compact') return compact(args);
  const config = loadConfig();
  if (!(await canReachRedis(config.redis.url))) {
    throw new ConfigError(`Redis is not reachable at ${config.redis.url}: start one with "redis-server --daemonize yes", or set REDIS_URL.`);
  }
  const started = Date.now();
  const ctx = await NestFactory.createApplicationContext(ImportContext.forConfig(config), {
    logger: config.logLevel === 'silent' ? false : ['fatal', 'error', 'warn'],
    abortOnError: false,
  });
  try {
    if (config.database.migrate) {
      const loaded = await loadReferencePlaces(ctx.get<Database>(DB));
      if (loaded) console.log(`Loaded ${loaded} Philippine places (PSGC) into the reference tables.`);
      // as the server would at start, so a newer file updates the bundled statistics instead of standing alone
      const stats = args.mode === 'statistics' ? await loadBundledStatistics(ctx.get<Database>(DB)) : null;
      if (stats) console.log(`Loaded the bundled statistics first (${stats.values} values of ${stats.datasets} datasets).`);
    }
    const service = ctx.get(MarketDataService);
    if (args.mode === 'zonal') {
      const workbook = await service.readZonalWorkbook(args.paths[0]);
      const r = await service.importZonal(workbook, args.city!);
      console.log(
        `${r.fileName} (${r.sourceKey}${r.effectiveDate ? `, effective ${r.effectiveDate}` : ''}) for city ${r.cityCode}: ${r.rows} zonal values, ` +
          `${r.matched} matched to a barangay; ${r.unchanged === r.rows ? 'unchanged' : `${r.removed} replaced by ${r.inserted}`}.`,
      );
      for (const b of r.unmatchedBarangays) console.log(`  no barangay of the city is named like '${b}': its rows are kept without a barangay code`);
    } else {
      // Read and check every file before touching the database.
      const reading = Date.now();
      const parsed = await service.readStatistics(statisticsFiles(args.paths, args.dataset));
      console.log(`Files read and checked in ${Date.now() - reading} ms.`);
      for (const r of await service.importStatistics(parsed)) console.log(describeStatImport(r));
    }
    console.log(`Done in ${Date.now() - started} ms.`);
  } finally {
    await ctx.close();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    if (err instanceof UsageError) {
      if (!err.message) {
        console.log(USAGE);
        process.exit(0);
      }
      console.error(`${err.message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (err instanceof StatImportError || err instanceof ConfigError || err instanceof BadRequestException) {
      console.error(`Import failed, nothing written: ${err.message}`);
    } else console.error('Import failed, nothing written:', err);
    process.exit(1);
  });
}
