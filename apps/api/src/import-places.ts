import { openDatabase } from '@app/db';
import { ConfigError, loadConfig } from './common/config/config';
import {
  describeImport,
  PlacesImportError,
  readCentroidsFile,
  readPsgcWorkbook,
  writePlacesImport,
  type CentroidFile,
  type PsgcWorkbook,
} from './modules/places/import/psgc-importer';

const USAGE = `Usage: npm run import:places -- [--psgc <PSGC datafile.xlsx>] [--centroids <file.json|file.geojson>]...

  --psgc       the PSA PSGC publication datafile (sheet PSGC): upserts every place with its population,
               income class, urban/rural and city class
  --centroids  barangay centroids (JSON [{psgc, lat, lng, area_km2}]) or boundaries (GeoJSON FeatureCollection
               with properties.adm4_psgc); may be given more than once, later files win

Reads DATABASE_URL (or PGLITE_DIR) like the server does. Every file is read and checked first; then all of
them are written in one transaction, so a bad file leaves the database as it was.`;

class UsageError extends Error {}

export interface CliArgs {
  psgc?: string;
  centroids: string[];
}

export function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = { centroids: [] };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--help' || flag === '-h') throw new UsageError('');
    const value = argv[i + 1];
    if (flag !== '--psgc' && flag !== '--centroids') throw new UsageError(`Unknown argument '${flag}'.`);
    if (!value || value.startsWith('--')) throw new UsageError(`${flag} needs a file path.`);
    if (flag === '--psgc') {
      if (args.psgc) throw new UsageError('--psgc may be given only once.');
      args.psgc = value;
    } else args.centroids.push(value);
    i++;
  }
  if (!args.psgc && !args.centroids.length) throw new UsageError('Give --psgc and/or --centroids.');
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  // Read and check every file before touching the database.
  const started = Date.now();
  const workbook: PsgcWorkbook | undefined = args.psgc ? await readPsgcWorkbook(args.psgc) : undefined;
  const centroidFiles: CentroidFile[] = [];
  for (const file of args.centroids) centroidFiles.push(await readCentroidsFile(file));
  console.log(`Files read and checked in ${Date.now() - started} ms.`);

  const handle = await openDatabase({ url: config.database.url, pgliteDir: config.database.pgliteDir, poolSize: 1 });
  try {
    if (config.database.migrate) await handle.migrate();
    for (const result of await writePlacesImport(handle.db, workbook, centroidFiles)) console.log(describeImport(result));
    console.log(`Done in ${Date.now() - started} ms (${handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.database.pgliteDir}`}).`);
  } finally {
    await handle.close();
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
    if (err instanceof PlacesImportError || err instanceof ConfigError) console.error(`Import failed, nothing written: ${err.message}`);
    else console.error('Import failed, nothing written:', err);
    process.exit(1);
  });
}
