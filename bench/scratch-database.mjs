// A scratch database for a benchmark: named by --database (a plain lower-case name, checked), made
// anew or dropped through the server's `postgres` database, and a log that says how long since start.
import pg from 'pg';

/** The scratch database of a URL such as postgres://postgres@127.0.0.1:5432/tahanan_bench_x. */
export function scratchDatabase(url) {
  const dbUrl = new URL(url);
  const name = dbUrl.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--database must name a plain lower-case database, not "${name}"`);
  const adminUrl = Object.assign(new URL(dbUrl), { pathname: '/postgres' }).toString();
  const admin = async (sql) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  return {
    url: dbUrl.toString(),
    name,
    /** Drops the database if it exists (ending its connections) and makes it empty. */
    async recreate() {
      await admin(`drop database if exists "${name}" with (force)`);
      await admin(`create database "${name}"`);
    },
    async drop() {
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}

/** console.log with the seconds since this was made: "[12.3s] message". */
export function elapsedLog() {
  const t0 = Date.now();
  return (msg) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${msg}`);
}
