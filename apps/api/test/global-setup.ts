import { openDatabase } from '@app/db';
import { loadReferencePlaces } from '../src/modules/places/reference-places';
import { TEMPLATE_DB, TEST_DB_PREFIX, urlFor, withAdmin } from './db-admin';

/** Builds the migrated template database (with the PSGC reference places) once per run; test files clone it. */
export default async function globalSetup(): Promise<void> {
  await withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname = $1 or datname like $2`,
      [TEMPLATE_DB, `${TEST_DB_PREFIX}%`],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.query(`create database "${TEMPLATE_DB}"`);
  });
  const handle = await openDatabase({ url: urlFor(TEMPLATE_DB), poolSize: 1 });
  await handle.migrate();
  await loadReferencePlaces(handle.db);
  await handle.close();
}
