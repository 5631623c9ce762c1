import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { appState, type Database } from '@app/db';
import { importPoiFile, type PoiImportResult } from './osm-poi-importer';

/** Where the shipped compact extracts live (apps/api/data/poi/, the same path from src/ and dist/). */
export const BUNDLED_POI_DIR = path.resolve(__dirname, '..', '..', '..', 'data', 'poi');

/**
 * The OpenStreetMap extracts shipped with the project, derived from a PBF with `npm run export:poi`
 * (see apps/api/data/poi/README.md). © OpenStreetMap contributors, ODbL.
 */
export const BUNDLED_POI_FILES: readonly string[] = ['legazpi-city-2025-08-14.poi.ndjson'];

/** Serialises concurrent first starts (an api and a worker process on one fresh database). */
const LOAD_LOCK = sql`select pg_advisory_xact_lock(7406153202)`;
/**
 * The `app_state` key that says a file was loaded: its name and the start of its content's SHA-256, so a
 * file derived again under the same name (e.g. with the map layers added) loads once more on the next
 * start and updates the rows in place.
 */
export async function bundledPoiMarker(file: string): Promise<string> {
  const digest = createHash('sha256').update(await readFile(path.join(BUNDLED_POI_DIR, file))).digest('hex');
  return `poi-extract:${file}@${digest.slice(0, 16)}`;
}

export interface BundledPoiLoad {
  file: string;
  result: PoiImportResult;
}

/**
 * Loads each shipped extract once per database, through the importer's own insert path (upsert keyed by
 * OSM type, id and category), together with an `app_state` marker in one transaction. Later starts see the
 * marker and skip; a newer extract (a new file name, or new content under the same name) loads on the next
 * start and updates the rows in place.
 * Answers what was loaded (empty when everything was there already).
 */
export async function loadBundledPoi(db: Database, files: readonly string[] = BUNDLED_POI_FILES): Promise<BundledPoiLoad[]> {
  const loaded: BundledPoiLoad[] = [];
  for (const file of files) {
    const key = await bundledPoiMarker(file);
    const [done] = await db.select({ key: appState.key }).from(appState).where(eq(appState.key, key)).limit(1);
    if (done) continue;
    const result = await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      await t.execute(LOAD_LOCK);
      const [again] = await t.select({ key: appState.key }).from(appState).where(eq(appState.key, key)).limit(1);
      if (again) return null;
      const imported = await importPoiFile(t, path.join(BUNDLED_POI_DIR, file));
      await t.insert(appState).values({ key, value: { at: new Date().toISOString(), features: imported.features, rows: imported.rows } });
      return imported;
    });
    if (result) loaded.push({ file, result });
  }
  return loaded;
}
