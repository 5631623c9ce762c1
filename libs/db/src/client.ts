import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Extension } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
  /** Applies the committed SQL migrations. */
  migrate(): Promise<void>;
}

const defaultIdleError = (err: Error) => console.error(`PostgreSQL closed an idle connection: ${err.message}`);

export const MIGRATIONS_FOLDER = path.resolve(__dirname, '..', 'migrations');

/**
 * Opens PostgreSQL when a URL is given, otherwise an embedded PGlite database stored in `pgliteDir`.
 */
export async function openDatabase(options: {
  url?: string;
  pgliteDir?: string;
  poolSize?: number;
  onIdleError?: (err: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // JIT compiling off: it is for long analytic queries, and it added ~20 ms to a search whose plan cost
    // crossed jit_above_cost (measured at 1,000,000 listings, docs/benchmarks.md)
    const pool = new Pool({ connectionString: options.url, max: options.poolSize ?? 10, options: '-c jit=off' });
    // An idle connection the server ends (restart, failover, a dropped database) emits 'error' on the
    // pool; unhandled, that would end the process. The pool replaces the connection on next use.
    pool.on('error', (err) => (options.onIdleError ?? defaultIdleError)(err));
    const db = drizzle(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      migrate: () => migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // a subpath export, which this package's "node" module resolution cannot type; loaded at run time
  const { pg_trgm } = (await import('@electric-sql/pglite/contrib/pg_trgm' as string)) as { pg_trgm: Extension };
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = options.pgliteDir ? path.resolve(options.pgliteDir) : undefined;
  if (dir) mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, { extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    migrate: () => migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
  };
}
