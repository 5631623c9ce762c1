import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { builtServerEnv, clearRedisPrefix, createTestDatabase, startApiProcess, type ApiProcess } from '../../../test/api-process';
import { eventually } from '../../../test/realtime';
import { LinkSigner } from '../../common/security/link-signer';

const ROWS = 60_000;
const JWT_SECRET = 'export-fault-test-secret-of-at-least-32-chars';

async function http(base: string, route: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${base}${route}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const buffer = Buffer.from(await res.arrayBuffer());
  const json = (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(buffer.toString()) : null;
  return { status: res.status, body: json, buffer, headers: res.headers };
}

/**
 * A worker killed with SIGKILL in the middle of an export (issue 14): BullMQ hands the stalled job to
 * another worker, which starts over; the export is offered only once its whole file is stored.
 */
describe('an export survives its worker being killed (built server, real PostgreSQL and Redis)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pg: Client;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-export-faults-'));
  const prefix = `export_faults_${randomBytes(3).toString('hex')}`;
  const processes: ApiProcess[] = [];

  const env = (extra: Record<string, string>) =>
    builtServerEnv(
      { databaseUrl: db.url, redisPrefix: prefix, dir, jwtSecret: JWT_SECRET },
      // a dead worker's export is taken over after 2 s
      { NODE_ENV: 'test', EXPORT_JOB_LOCK_MS: '2000', EXPORT_INLINE_MAX_ROWS: '0', LISTING_SEARCH_INDEX: 'false', ...extra },
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    pg = new Client({ connectionString: db.url });
    await pg.connect();
  });

  afterAll(async () => {
    for (const p of processes) await p.stop().catch(() => undefined);
    await pg?.end();
    await db?.drop();
    await clearRedisPrefix(prefix);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a worker killed with SIGKILL mid-export: the job is retried from the start and completes; no partial file is ever offered', async () => {
    const api = await startApiProcess(env({ ROLE: 'api' }), 60000);
    processes.push(api);
    const email = `exporter.${randomBytes(4).toString('hex')}@example.ph`;
    const signUp = await http(api.base, '/api/user/create', { method: 'POST', body: { firstName: 'Ex', lastName: 'Porter', email, password: 'at-least-8', type: 'broker' } });
    expect(signUp.status).toBe(201);
    const token: string = signUp.body.token;
    const adminId: string = signUp.body.user._id;
    await pg.query(`update users set role = 'admin' where id = $1`, [adminId]);
    await pg.query(
      `insert into listings (code, name, type, price, lat, lng, region_code, city_code, barangay_code, region_name, city_name, barangay_name, owner_id, created_at)
       select 'FLT-' || lpad(g::text, 6, '0'), 'Bahay sa Parañaque no. ' || g, 'residential', 1000000 + g, 14.5, 121.0,
              '1300000000', '1380300000', '1380300001', 'NCR', 'Parañaque', 'Baclaran', $1::uuid, now() - g * interval '1 second'
       from generate_series(1, ${ROWS}) g`,
      [adminId],
    );

    // the export is asked for before any worker runs: it waits in the queue
    const asked = await http(api.base, '/api/listing/export/csv', { method: 'POST', token, body: { sort: 'code' } });
    expect(asked.status).toBe(202);
    const id: string = asked.body.id;
    const storedDir = path.join(dir, 'uploads', 'private', 'exports', id);
    const links = new LinkSigner(JWT_SECRET, 'tahanan:export-download-links:v1');
    const seen: string[] = [];
    const status = async () => {
      const res = await http(api.base, `/api/export/${id}`, { token });
      expect(res.status).toBe(200);
      seen.push(res.body.status);
      if (res.body.status !== 'ready') {
        // never a link before the whole file is ready, and a link signed anyway gets no file
        expect(res.body.downloadUrl).toBeUndefined();
        const forged = await http(api.base, `/api/export/${id}/download?${links.query(`export/${id}`, 60)}`);
        if (forged.status !== 404) {
          // the job finished between the two requests (CI saw it once): then it is the whole file
          const after = await http(api.base, `/api/export/${id}`, { token });
          expect(after.body).toMatchObject({ status: 'ready', rowsWritten: ROWS });
          expect(forged.status).toBe(200);
          expect(forged.buffer.length).toBe(after.body.fileSize);
        }
      }
      return res.body;
    };

    // a slow first worker (batches of 1,000 rows, saved each), killed once it has written some
    const first = await startApiProcess(env({ ROLE: 'worker' }), 60000, 'Tahanan worker started');
    processes.push(first);
    await eventually(async () => {
      const job = await status();
      return job.status === 'running' && job.rowsWritten > 0;
    }, 'the first worker to write some rows', 60000);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const killedAt = (await status()).rowsWritten;
    expect(killedAt).toBeLessThan(ROWS);
    console.log(`worker killed after ${killedAt} of ${ROWS} rows`);

    // nothing goes on meanwhile, and nothing is offered
    const { rows: [halfway] } = await pg.query('select status, file_key, attempts from export_jobs where id = $1', [id]);
    expect(halfway).toMatchObject({ status: 'running', file_key: null, attempts: 1 });

    const second = await startApiProcess(env({ ROLE: 'worker' }), 60000, 'Tahanan worker started');
    processes.push(second);
    let done: { status: string; rowsWritten: number; totalRows: number; downloadUrl?: string; fileSize: number } | undefined;
    await eventually(async () => {
      done = await status();
      return done!.status === 'ready';
    }, 'the second worker to finish the export', 90000);
    expect(seen).not.toContain('failed');
    expect(done).toMatchObject({ status: 'ready', rowsWritten: ROWS, totalRows: ROWS });
    const { rows: [finished] } = await pg.query('select attempts, rows_written from export_jobs where id = $1', [id]);
    expect(finished.attempts).toBe(2);

    // the file is whole: every row once, in order
    const file = await http(api.base, done!.downloadUrl!);
    expect(file.status).toBe(200);
    expect(file.buffer.length).toBe(done!.fileSize);
    const lines = file.buffer.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[1].startsWith('FLT-000001,')).toBe(true);
    expect(lines[ROWS].startsWith(`FLT-${String(ROWS).padStart(6, '0')},`)).toBe(true);
    expect(new Set(lines).size).toBe(ROWS + 1);
    // the killed run's temporary file is gone (the new run removed it) and one file is stored
    expect(readdirSync(storedDir)).toHaveLength(1);
    expect(readdirSync(path.join(dir, 'uploads', 'tmp')).filter((n) => n.startsWith(`export-${id}`))).toEqual([]);
  }, 240000);
});
