import path from 'node:path';
import { openDatabase } from '@app/db';
import { ConfigError, loadConfig } from './common/config/config';
import { importPoiFile, PoiImportError, type PoiImportProgress } from './modules/nearby/osm-poi-importer';
import { POI_CATEGORIES } from './modules/nearby/osm-categories';

const USAGE = `Usage: npm run import:poi -- <file.osm.pbf | overpass.json | file.poi.ndjson>

Imports the points of interest for the listing page's "areas nearby" (restaurants, malls, schools, …)
from an OpenStreetMap PBF extract, an Overpass API [out:json] answer or a compact .poi.ndjson file
(written by npm run export:poi, e.g. apps/api/data/poi/) into the database named by
DATABASE_URL (or the PGlite folder PGLITE_DIR). Running it again with newer data updates the rows.
See docs/nearby-data.md.`;

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Prints at most one progress line every 5 seconds, to stderr. */
function progressPrinter(): (p: PoiImportProgress) => void {
  let last = 0;
  return (p) => {
    const now = Date.now();
    if (now - last < 5000) return;
    last = now;
    console.error(`  ${p.stage}: ${mb(p.bytesRead)} of ${mb(p.totalBytes)} MB`);
  };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') {
    console.error(USAGE);
    return args.length === 1 ? 0 : 2;
  }
  const file = path.resolve(args[0]);
  const config = loadConfig();
  const handle = await openDatabase({ url: config.database.url, pgliteDir: config.database.pgliteDir, poolSize: 1 });
  try {
    if (config.database.migrate) await handle.migrate();
    console.error(`Importing ${file} into ${handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.database.pgliteDir}`} …`);
    const result = await importPoiFile(handle.db, file, { onProgress: progressPrinter() });
    const width = Math.max(...POI_CATEGORIES.map((c) => c.length));
    console.log(`Imported ${result.features} places (${result.rows} rows: ${result.inserted} new, ${result.updated} updated) from ${result.format} in ${(result.millis / 1000).toFixed(1)} s${result.format === 'osm-pbf' ? `, ${result.passes} passes over the file` : ''}.`);
    for (const category of POI_CATEGORIES) console.log(`  ${category.padEnd(width)}  ${result.byCategory[category]}`);
    if (result.skippedWithoutLocation) {
      console.log(`Skipped ${result.skippedWithoutLocation} ${result.skippedWithoutLocation === 1 ? 'place' : 'places'} without a location (Overpass: query with "out center"; PBF: their nodes are outside the extract).`);
    }
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof PoiImportError || err instanceof ConfigError ? `Import failed, nothing was written: ${err.message}` : err);
    process.exit(1);
  },
);
