import { templateDb, testDbPrefix, withAdmin } from './db-admin';

/** Drops this run's template and any database of this run a crashed test file left behind. */
export default async function globalTeardown(): Promise<void> {
  await withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname = $1 or datname like $2', [
      templateDb(),
      `${testDbPrefix()}%`,
    ]);
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  });
}
