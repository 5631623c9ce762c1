import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import { appState, listings, openDatabase, pointsOfInterest, users, type Database } from '@app/db';
import { DEMO_ACCOUNTS } from '../src/modules/seed/demo-accounts';
import { clearRedisPrefix, createTestDatabase, REDIS_URL } from './api-process';

/*
 * The command-line entry points beside main.ts, as the root scripts run them: the built files in
 * apps/api/dist (`npm run build:api` first), each in a process of its own with only the environment given.
 */

const DIST = path.resolve(__dirname, '..', 'dist');
const SHIPPED_POI = path.resolve(__dirname, '..', 'data', 'poi', 'legazpi-city-2025-08-14.poi.ndjson');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(entry: string, args: string[], env: Record<string, string> = {}, timeout = 120_000): Promise<Run> {
  const file = path.join(DIST, entry);
  if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build:api" first`);
  return new Promise((resolve) => {
    execFile(process.execPath, [file, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, timeout, encoding: 'utf8' }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

describe('the command-line entry points beside main.ts (built)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dir: string;
  const prefix = `entry_points_${process.pid}`;

  const env = () => ({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    STORAGE_DIR: path.join(dir, 'uploads'),
    MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
    LOG_LEVEL: 'warn',
  });

  const withDb = async <T>(fn: (db: Database) => Promise<T>): Promise<T> => {
    const handle = await openDatabase({ url: database.url, poolSize: 1 });
    try {
      return await fn(handle.db);
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-entry-points-'));
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
    await clearRedisPrefix(prefix);
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['import-places.js', 'compact-centroids.js', 'compact-place-attributes.js', 'import-poi.js', 'export-poi.js', 'seed-demo.js'])(
    '%s loads and answers --help with its usage',
    async (entry) => {
      const r = await run(entry, ['--help']);
      expect(r.code).toBe(0);
      expect(r.stdout + r.stderr).toContain('Usage: npm run ');
    },
  );

  it('seed-demo.js (npm run seed) seeds the demo accounts and listings once, without the server', async () => {
    const first = await run('seed-demo.js', [], env());
    expect(first).toEqual(expect.objectContaining({ code: 0, stderr: '' }));
    const seeded = /Seeded the demo data into PostgreSQL: 7 accounts, (\d+) listings \((\d+) in Legazpi City, (\d+) with two years of market history\)\./.exec(first.stdout);
    expect(seeded).not.toBeNull();
    const [listingCount, legazpi, history] = [Number(seeded![1]), Number(seeded![2]), Number(seeded![3])];
    expect(listingCount).toBeGreaterThan(100 + history);
    expect(legazpi).toBeGreaterThan(0);
    expect(history).toBe(1_200);
    for (const a of DEMO_ACCOUNTS) expect(first.stdout).toContain(a.email);

    const counts = () =>
      withDb(async (db) => ({
        accounts: Number((await db.select({ n: count() }).from(users).where(inArray(users.email, DEMO_ACCOUNTS.map((a) => a.email))))[0].n),
        listings: Number((await db.select({ n: count() }).from(listings))[0].n),
        markers: (await db.select({ key: appState.key }).from(appState).where(inArray(appState.key, ['demo-seed', 'demo-listings']))).length,
      }));
    expect(await counts()).toEqual({ accounts: DEMO_ACCOUNTS.length, listings: listingCount, markers: 2 });
    // the photos were stored where the server reads them
    expect(readdirSync(path.join(dir, 'uploads'), { recursive: true }).length).toBeGreaterThan(0);

    // once per database: a second run adds nothing
    const second = await run('seed-demo.js', [], env());
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('The demo data is there already (PostgreSQL): nothing added.');
    expect(await counts()).toEqual({ accounts: DEMO_ACCOUNTS.length, listings: listingCount, markers: 2 });
  }, 180_000);

  it('seed-demo.js stops with one line when Redis is not reachable', async () => {
    const r = await run('seed-demo.js', [], { ...env(), REDIS_URL: 'redis://127.0.0.1:1' });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('Redis is not reachable at redis://127.0.0.1:1: start one with "redis-server --daemonize yes", or set REDIS_URL.');
  });

  it('import-poi.js (npm run import:poi) imports the shipped Legazpi City extract', async () => {
    const r = await run('import-poi.js', [SHIPPED_POI], env());
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Imported 509 places \(\d+ rows: \d+ new, \d+ updated\) from poi-ndjson/);
    const rows = await withDb(async (db) => Number((await db.select({ n: count() }).from(pointsOfInterest).where(eq(pointsOfInterest.category, 'restaurants')))[0].n));
    expect(rows).toBe(117);
    const usage = await run('import-poi.js', [], env());
    expect(usage.code).toBe(2);
  });

  it('export-poi.js (npm run export:poi) writes the compact file, naming itself as the generator', async () => {
    const input = path.join(dir, 'overpass.json');
    writeFileSync(input, JSON.stringify({ elements: [{ type: 'node', id: 42, lat: 13.14, lon: 123.74, tags: { amenity: 'restaurant', name: 'Small Café' } }] }));
    const out = path.join(dir, 'out.poi.ndjson');
    const r = await run('export-poi.js', [input, out, '--date', '2026-01-02', '--source', 'a test'], {});
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Wrote 1 places to ${out}.`);
    const [header, line] = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(header).toEqual(expect.objectContaining({ source: 'a test', dataDate: '2026-01-02', features: 1, generatedBy: expect.stringMatching(/^apps\/api\/src\/export-poi\.ts /) }));
    expect(line).toEqual(expect.objectContaining({ type: 'node', id: 42, categories: ['restaurants'], name: 'Small Café' }));
  });
});
