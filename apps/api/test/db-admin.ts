import { Client } from 'pg';

/** The PostgreSQL server the integration tests use; each test file gets its own database. */
export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/**
 * Names carry the id of the test run (set by the global setup), so runs that overlap on one server
 * (two terminals, a CI job beside a developer) never touch each other's databases.
 */
export const runId = () => {
  if (!process.env.TAHANAN_TEST_RUN) throw new Error('TAHANAN_TEST_RUN is not set: run the tests through Jest (its global setup sets it)');
  return process.env.TAHANAN_TEST_RUN;
};
export const templateDb = () => `tahanan_tpl_${runId()}`;
export const testDbPrefix = () => `tahanan_t_${runId()}_`;

export function urlFor(database: string): string {
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

