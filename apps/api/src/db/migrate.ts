import { openDatabase } from '@app/db';
import { ConfigError, loadConfig } from '../common/config/config';

/** `npm run migrate`: applies the committed migrations to DATABASE_URL (or the PGlite folder) and exits. */
async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase({ url: config.database.url, pgliteDir: config.database.pgliteDir, poolSize: 1 });
  await handle.migrate();
  await handle.close();
  console.log(`Migrations applied to ${handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.database.pgliteDir}`}.`);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
