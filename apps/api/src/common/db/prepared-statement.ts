import type { SQL } from 'drizzle-orm';
import type { Database } from '@app/db';

/** What drizzle keeps of a database that a prepared statement needs (internal in its typings). */
interface DrizzleInternals {
  dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      isResponseInArrayMode: boolean,
    ): { execute(values: Record<string, unknown>): Promise<{ rows: Record<string, unknown>[] }> };
  };
}

/**
 * A statement of a hot path, turned into SQL text once: `query` is built with drizzle's `sql` and
 * `sql.placeholder('name')` for its values, and the function answers its rows (column names, as
 * PostgreSQL returns them) for the values given. Building a query with drizzle costs more CPU than
 * PostgreSQL takes to run a small one; this builds it once per process. On PostgreSQL the statement
 * is also prepared once per connection (`name`, unique per text), so it is parsed and planned once.
 */
export function preparedStatement<V extends Record<string, unknown>>(db: Database, name: string, query: SQL) {
  const internals = db as unknown as DrizzleInternals;
  const prepared = internals.session.prepareQuery(internals.dialect.sqlToQuery(query), undefined, name, false);
  return async (values: V): Promise<Record<string, unknown>[]> => (await prepared.execute(values)).rows;
}
