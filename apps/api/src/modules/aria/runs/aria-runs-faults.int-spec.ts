import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { ARIA_RUN_CREDITS } from '@app/domain';
import { builtServerEnv, clearRedisPrefix, createTestDatabase, startApiProcess, type ApiProcess } from '../../../../test/api-process';
import { eventually } from '../../../../test/realtime';
import { loadConfig } from '../../../common/config/config';

const JWT_SECRET = 'aria-run-fault-test-secret-of-at-least-32-chars';
/** The lock both workers hold a run with: a dead worker's run is taken over after about this. */
const LOCK_MS = 1500;
const CREDITS = 20;

async function http(base: string, route: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${base}${route}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const json = (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(await res.text()) : null;
  return { status: res.status, body: json };
}

describe('ARIA_RUN_LOCK_MS (config)', () => {
  it('defaults to 30 s and refuses less than 1 s', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).aria.runLockMs).toBe(30_000);
    expect(loadConfig({ NODE_ENV: 'test', ARIA_RUN_LOCK_MS: '2000' }).aria.runLockMs).toBe(2000);
    expect(() => loadConfig({ NODE_ENV: 'test', ARIA_RUN_LOCK_MS: '500' })).toThrow(/ARIA_RUN_LOCK_MS/);
  });
});

/**
 * A worker killed with SIGKILL in the middle of a feasibility run (issue 17 follow-up): BullMQ hands
 * the stalled job to another worker after ARIA_RUN_LOCK_MS, which runs it from the start; the run
 * succeeds once, its credits are committed once and nothing is refunded or charged twice.
 *
 * To catch the first worker mid-run, the test holds an exclusive lock on `zonal_values` (a table the
 * feasibility computation reads after it has started and reported progress, and nothing else reads
 * meanwhile): the worker's query waits, as a slow query would, until the worker is killed.
 */
describe('an ARIA run survives its worker being killed (built server, real PostgreSQL and Redis)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pg: Client;
  let blocker: Client;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-aria-faults-'));
  const prefix = `aria_faults_${randomBytes(3).toString('hex')}`;
  const processes: ApiProcess[] = [];

  const env = (extra: Record<string, string>) =>
    builtServerEnv(
      { databaseUrl: db.url, redisPrefix: prefix, dir, jwtSecret: JWT_SECRET },
      { NODE_ENV: 'test', LISTING_SEARCH_INDEX: 'false', ARIA_EMBEDDINGS: 'off', ARIA_RUN_LOCK_MS: String(LOCK_MS), ...extra },
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    pg = new Client({ connectionString: db.url });
    blocker = new Client({ connectionString: db.url });
    await Promise.all([pg.connect(), blocker.connect()]);
  });

  afterAll(async () => {
    for (const p of processes) await p.stop().catch(() => undefined);
    await blocker?.query('rollback').catch(() => undefined);
    await blocker?.end();
    await pg?.end();
    await db?.drop();
    await clearRedisPrefix(prefix);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a worker killed with SIGKILL mid-run: another worker takes the run over after ARIA_RUN_LOCK_MS and finishes it once, credits committed once', async () => {
    const api = await startApiProcess(env({ ROLE: 'api' }), 60000);
    processes.push(api);
    const email = `aria.fault.${randomBytes(4).toString('hex')}@example.ph`;
    const signUp = await http(api.base, '/api/user/create', { method: 'POST', body: { firstName: 'Run', lastName: 'Fault', email, password: 'at-least-8', type: 'customer' } });
    expect(signUp.status).toBe(201);
    const token: string = signUp.body.token;
    const userId: string = signUp.body.user._id;
    await pg.query('update users set credits_remaining = $2 where id = $1', [userId, CREDITS]);
    const { rows: [barangay] } = await pg.query(`select code, name from places where level = 'barangay' order by code limit 1`);
    expect(barangay).toBeDefined();

    // the run is asked for before any worker runs: held credits, queued
    const asked = await http(api.base, '/api/ai/run/feasibility', {
      method: 'POST',
      token,
      body: { property: { price: 4_200_000, floorArea: 48, kind: 'condominium', barangayCode: barangay.code }, assumptions: { use: 'own', lender: 'pagibig' } },
    });
    expect(asked.status).toBe(202);
    const runId: string = asked.body.id;
    const run = async () => (await pg.query('select status, progress, attempts, result, pdf_key, reservation_id from aria_runs where id = $1', [runId])).rows[0];
    const balance = async () => (await pg.query('select credits_remaining from users where id = $1', [userId])).rows[0].credits_remaining as number;
    expect(await balance()).toBe(CREDITS - ARIA_RUN_CREDITS.feasibility);

    // the computation will wait on zonal_values until this transaction ends
    await blocker.query('begin');
    await blocker.query('lock table zonal_values in access exclusive mode');

    const first = await startApiProcess(env({ ROLE: 'worker' }), 60000, 'Tahanan worker started');
    processes.push(first);
    await eventually(async () => {
      const { rows } = await pg.query(
        `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%zonal_values%' and pid <> $1`,
        [(blocker as unknown as { processID: number }).processID],
      );
      return rows.length > 0;
    }, 'the first worker to be mid-run (waiting on zonal_values)', 60000);
    const midRun = await run();
    expect(midRun).toMatchObject({ status: 'running', attempts: 1, result: null, pdf_key: null });
    expect(midRun.progress).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    await blocker.query('rollback');

    // meanwhile: still running, credits held (not refunded, not committed)
    const { rows: [held] } = await pg.query('select status from credit_reservations where id = $1', [midRun.reservation_id]);
    expect(held.status).toBe('reserved');

    const second = await startApiProcess(env({ ROLE: 'worker' }), 60000, 'Tahanan worker started');
    processes.push(second);
    const takenOverFrom = Date.now();
    // with the old fixed 30 s lock the dead worker's lock would still stand well past this
    await eventually(async () => (await run()).status !== 'running', 'the second worker to finish the run', 20000);
    const tookMs = Date.now() - takenOverFrom;
    console.log(`run taken over and finished ${tookMs} ms after the second worker started (ARIA_RUN_LOCK_MS=${LOCK_MS})`);

    const done = await run();
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, attempts: 2 });
    expect(done.result.subject).toMatchObject({ price: 4_200_000, place: { code: barangay.code } });
    expect(done.pdf_key).toMatch(new RegExp(`^aria/runs/${runId}/`));
    const api200 = await http(api.base, `/api/ai/run/${runId}`, { token });
    expect(api200.body).toMatchObject({ status: 'succeeded', pdfUrl: `/api/ai/run/${runId}/pdf` });

    // charged once: one reservation, committed; the ledger has one hold and one commit, no refund
    expect(await balance()).toBe(CREDITS - ARIA_RUN_CREDITS.feasibility);
    const { rows: reservations } = await pg.query('select id, status, amount from credit_reservations where user_id = $1', [userId]);
    expect(reservations).toEqual([{ id: midRun.reservation_id, status: 'committed', amount: ARIA_RUN_CREDITS.feasibility }]);
    const { rows: ledger } = await pg.query(`select kind, amount from credit_ledger where user_id = $1 and kind in ('reserve', 'commit', 'refund') order by created_at, id`, [userId]);
    expect(ledger).toEqual([
      { kind: 'reserve', amount: -ARIA_RUN_CREDITS.feasibility },
      { kind: 'commit', amount: 0 },
    ]);
    // one result: one run in its conversation, one finish event, one PDF stored
    const { rows: runs } = await pg.query('select count(*)::int as n from aria_runs where user_id = $1', [userId]);
    expect(runs[0].n).toBe(1);
    const { rows: events } = await pg.query(
      `select type, count(*)::int as n from outbox where type in ('aria.run_finished', 'credits.committed', 'credits.refunded') and data->>'userId' = $1 group by type order by type`,
      [userId],
    );
    expect(events).toEqual([
      { type: 'aria.run_finished', n: 1 },
      { type: 'credits.committed', n: 1 },
    ]);
    expect(readdirSync(path.join(dir, 'uploads', 'private', 'aria', 'runs', runId))).toHaveLength(1);
  }, 240000);
});
