import { openDatabase } from '@app/db';
import { ConfigError, loadConfig } from '../common/config/config';
import { loadReferenceAttributes } from '../modules/places/reference-attributes';
import { loadReferenceCentroids } from '../modules/places/reference-centroids';
import { loadReferencePlaces } from '../modules/places/reference-places';

/** `npm run migrate`: applies the committed migrations to DATABASE_URL (or the PGlite folder) and exits. */
async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase({ url: config.database.url, pgliteDir: config.database.pgliteDir, poolSize: 1 });
  await handle.migrate();
  const loaded = await loadReferencePlaces(handle.db);
  const located = await loadReferenceCentroids(handle.db);
  const described = await loadReferenceAttributes(handle.db);
  await handle.close();
  if (loaded) console.log(`Loaded ${loaded} Philippine places (PSGC).`);
  if (located) console.log(`Located ${located.barangays} barangays from the bundled centroids (${located.fallback} places at their parent's centre).`);
  if (described) console.log(`Added the PSA population and classes of ${described} places.`);
  console.log(`Migrations applied to ${handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.database.pgliteDir}`}.`);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
