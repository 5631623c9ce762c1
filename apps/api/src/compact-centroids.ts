import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@app/db';
import { loadReferencePlaces } from './modules/places/reference-places';
import { COMPACT_CENTROIDS_FILE, writeCompactCentroids } from './modules/places/reference-centroids';
import { applyCentroids, describeImport, PlacesImportError, readCentroidsFile } from './modules/places/import/psgc-importer';

const USAGE = `Usage: npm run places:compact-centroids -- <barangay-centroids.json|boundaries.geojson>... [--out <file.csv.gz>]

Regenerates the compact barangay centroid table that \`npm start\` loads (code,lat,lng,area_km2; gzip), in the
PSGC codes of the bundled places: loads those places into a throwaway PGlite database, imports the given
centroid files with the PSGC importer (which follows barangays recoded since the file was made) and writes
every barangay's centroid, rounded to 5 decimals. Default output: ${path.relative(process.cwd(), COMPACT_CENTROIDS_FILE)}.
Example: npm run places:compact-centroids -- ../shared/data/geo/barangay-centroids-2023.json`;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (!argv.length || argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    process.exit(argv.length ? 0 : 2);
  }
  let out = COMPACT_CENTROIDS_FILE;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') {
      if (!argv[i + 1]) throw new PlacesImportError('--out', 'needs a file path');
      out = path.resolve(argv[++i]);
    } else files.push(argv[i]);
  }
  const inputs = [];
  for (const file of files) inputs.push(await readCentroidsFile(file));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'compact-centroids-'));
  const handle = await openDatabase({ pgliteDir: dir }); // a throwaway PGlite database
  try {
    await handle.migrate();
    await loadReferencePlaces(handle.db);
    for (const input of inputs) console.log(describeImport(await applyCentroids(handle.db, input)));
    const n = await writeCompactCentroids(handle.db, out);
    console.log(`Wrote ${n} barangay centroids to ${out}.`);
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err instanceof PlacesImportError ? `Failed: ${err.message}` : err);
    process.exit(1);
  });
}
