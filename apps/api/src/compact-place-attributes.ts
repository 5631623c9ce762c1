import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@app/db';
import { rowsOf } from './modules/places/psgc';
import { loadReferencePlaces } from './modules/places/reference-places';
import { COMPACT_ATTRIBUTES_FILE, writeCompactAttributes } from './modules/places/reference-attributes';
import { describeImport, importPsgcWorkbook, PlacesImportError } from './modules/places/import/psgc-importer';

const USAGE = `Usage: npm run places:compact-attributes -- <PSGC-publication-datafile.xlsx> [--out <file.csv.gz>]

Regenerates the compact table of place statistics that \`npm start\` loads (code, 2024 population, income
class, urban/rural, city class; gzip): loads the bundled places into a throwaway PGlite database, imports
the PSA PSGC publication datafile with the PSGC importer and writes every place's statistics.
Default output: ${path.relative(process.cwd(), COMPACT_ATTRIBUTES_FILE)}.
Example: npm run places:compact-attributes -- ../shared/data/psgc/PSGC-4Q-2025-Publication-Datafile.xlsx`;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (!argv.length || argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    process.exit(argv.length ? 0 : 2);
  }
  let out = COMPACT_ATTRIBUTES_FILE;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') {
      if (!argv[i + 1]) throw new PlacesImportError('--out', 'needs a file path');
      out = path.resolve(argv[++i]);
    } else files.push(argv[i]);
  }
  if (files.length !== 1) throw new PlacesImportError(files.join(', ') || '(none)', 'give exactly one PSGC datafile');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'compact-attributes-'));
  const handle = await openDatabase({ pgliteDir: dir }); // a throwaway PGlite database
  try {
    await handle.migrate();
    await loadReferencePlaces(handle.db);
    const bundled = new Set(rowsOf<{ code: string }>(await handle.db.execute(sql`select code from places`)).map((r) => r.code));
    console.log(describeImport(await importPsgcWorkbook(handle.db, files[0])));
    const n = await writeCompactAttributes(handle.db, out, bundled);
    console.log(`Wrote the statistics of ${n} places to ${out}.`);
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
