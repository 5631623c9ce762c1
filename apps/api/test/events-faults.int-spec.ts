import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createTestDatabase, freePort, startApiProcess, type ApiProcess } from './api-process';
import { eventually } from './realtime';

/** A redis-server of the test's own on `port` (no persistence: a restart starts empty, as after losing it). */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  await eventually(() => out.includes('Ready to accept connections'), `redis-server on ${port}`, 10000);
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function http(base: string, route: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${base}${route}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

const PASSWORD = 'at-least-8';

async function signUp(base: string, firstName: string): Promise<{ token: string; id: string }> {
  const email = `${firstName.toLowerCase()}.${randomBytes(4).toString('hex')}@example.ph`;
  const res = await http(base, '/api/user/create', { method: 'POST', body: { firstName, lastName: 'Santos', email, password: PASSWORD, type: 'broker' } });
  expect(res.status).toBe(201);
  return { token: res.body.token, id: res.body.user._id };
}

function listingBody(barangayCode: string, i: number) {
  return {
    name: `Fault test house ${i}`,
    type: 'residential',
    price: 5_000_000 + i,
    floorSize: 80,
    tags: ['for sale'],
    location: { lat: 14.55 + i / 1000, lng: 121.02 },
    address: { type: 'house', street: 'Paseo de Roxas', barangayCode },
  };
}

/**
 * Nothing is lost when Redis or a worker is down (issue 12): the events of changes made meanwhile wait
 * in PostgreSQL's outbox and flow when it is back, and each subscriber applies each event once.
 */
describe('domain events survive a Redis outage and a killed worker (built server, real PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pg: Client;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-events-faults-'));
  const processes: ApiProcess[] = [];
  const redises: ChildProcess[] = [];

  const env = (redisPort: number, prefix: string, extra: Record<string, string> = {}) => ({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    REDIS_PREFIX: prefix,
    JWT_SECRET: 'events-fault-test-secret-of-at-least-32-chars',
    SEED_DEMO: 'false',
    STORAGE_DIR: path.join(dir, 'uploads'),
    MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
    EVENTS_RELAY_INTERVAL_MS: '200',
    EVENTS_JOB_LOCK_MS: '2000',
    // one owner makes dozens of listings here; the plan limits and the identity rule have their own tests
    PLAN_LISTING_LIMITS: 'false',
    KYC_UNVERIFIED_ACTIVE_LISTINGS: '1000',
    ...extra,
  });

  const count = async (sql: string, params: unknown[] = []) => Number((await pg.query(sql, params)).rows[0].n);

  beforeAll(async () => {
    db = await createTestDatabase();
    pg = new Client({ connectionString: db.url });
    await pg.connect();
  });

  afterAll(async () => {
    for (const p of processes) await p.stop().catch(() => undefined);
    for (const r of redises) await stopRedis(r);
    await pg?.end();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes changes while Redis is down; once it is back every audit entry and notification appears exactly once', async () => {
    const port = await freePort();
    redises.push(await startRedis(port));
    const api = await startApiProcess(env(port, 'outage'), 60000);
    processes.push(api);
    const owner = await signUp(api.base, 'Owner');
    const reviewer = await signUp(api.base, 'Reviewer');
    const barangayCode = (await pg.query(`select code from places where level = 'barangay' order by code limit 1`)).rows[0].code as string;

    await stopRedis(redises[0]);
    const listingIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const created = await http(api.base, '/api/listing/create', { method: 'POST', token: owner.token, body: listingBody(barangayCode, i) });
      expect(created.status).toBe(201);
      listingIds.push(created.body._id);
      const review = await http(api.base, `/api/listing/review/${created.body._id}`, { method: 'POST', token: reviewer.token, body: { rating: 4, comment: 'Bright rooms' } });
      expect(review.status).toBe(201);
    }
    // the events wait in PostgreSQL
    expect(await count(`select count(*) as n from outbox where relayed_at is null and type in ('listing.created', 'review.created')`)).toBe(8);
    expect(await count(`select count(*) as n from audit_log where type in ('listing.created', 'review.created')`)).toBe(0);

    redises.push(await startRedis(port));
    const events = `select id from outbox where type in ('listing.created', 'review.created')`;
    // done: each of the 8 events handled by audit, and the 4 reviews by notifications
    await eventually(
      async () =>
        (await count(`select count(*) as n from event_handled where handler = 'audit' and event_id in (${events})`)) === 8 &&
        (await count(`select count(*) as n from event_handled where handler = 'notifications' and event_id in (${events})`)) === 4,
      'the waiting events to be handled',
      60000,
    );
    expect(await count(`select count(*) as n from outbox where relayed_at is null`)).toBe(0);
    const audit = await pg.query(`select type, entity_id from audit_log where type in ('listing.created', 'review.created') order by type, entity_id`);
    expect(audit.rows.filter((r) => r.type === 'listing.created').map((r) => r.entity_id).sort()).toEqual([...listingIds].sort());
    expect(audit.rows.filter((r) => r.type === 'review.created')).toHaveLength(4);
    const notes = await pg.query(`select data->>'listingId' as listing_id from notifications where user_id = $1 and type = 'review'`, [owner.id]);
    expect(notes.rows.map((r) => r.listing_id).sort()).toEqual([...listingIds].sort());
    // (its relay would take the next test's events from the shared database)
    await api.stop();
  }, 180000);

  it('a worker killed with SIGKILL mid-batch: another takes its events over; none is lost or applied twice', async () => {
    const port = await freePort();
    redises.push(await startRedis(port));
    const api = await startApiProcess(env(port, 'killed', { ROLE: 'api' }), 60000);
    processes.push(api);
    const owner = await signUp(api.base, 'Batch');
    const barangayCode = (await pg.query(`select code from places where level = 'barangay' order by code limit 1`)).rows[0].code as string;
    const total = 60;
    const created: string[] = [];
    for (let i = 0; i < total; i++) {
      const res = await http(api.base, '/api/listing/create', { method: 'POST', token: owner.token, body: listingBody(barangayCode, 100 + i) });
      expect(res.status).toBe(201);
      created.push(res.body._id);
    }
    const ofThese = `(select id from outbox where type = 'listing.created' and actor_id = '${owner.id}')`;
    const handled = () => count(`select count(*) as n from event_handled where handler = 'activity' and event_id in ${ofThese}`);
    // the events are queued (relayed by the API process) and nothing handles them yet
    await eventually(async () => (await count(`select count(*) as n from outbox where relayed_at is null`)) === 0, 'the relay', 20000);
    expect(await handled()).toBe(0);

    // a slow worker (one event at a time), killed once it has handled some
    const workerEnv = env(port, 'killed', { ROLE: 'worker', EVENTS_WORKER_CONCURRENCY: '1' });
    const first = await startApiProcess(workerEnv, 60000, 'Tahanan worker started');
    processes.push(first);
    await eventually(async () => (await handled()) >= 3, 'the first worker to handle some events', 30000);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const afterKill = await handled();
    expect(afterKill).toBeLessThan(total);

    const second = await startApiProcess(workerEnv, 60000, 'Tahanan worker started');
    processes.push(second);
    await eventually(async () => (await handled()) === total, 'the second worker to finish', 60000);
    // exactly one activity entry and one audit entry per listing: nothing lost, nothing twice
    const activity = await pg.query(`select entity_id, count(*)::int as n from activities where kind = 'created_listing' and user_id = $1 group by entity_id`, [owner.id]);
    expect(activity.rows.map((r) => r.entity_id).sort()).toEqual([...created].sort());
    expect(activity.rows.every((r) => r.n === 1)).toBe(true);
    await eventually(async () => (await count(`select count(*) as n from event_handled where handler = 'audit' and event_id in ${ofThese}`)) === total, 'audit', 30000);
    const audit = await pg.query(`select entity_id, count(*)::int as n from audit_log where type = 'listing.created' and actor_id = $1 group by entity_id`, [owner.id]);
    expect(audit.rows).toHaveLength(total);
    expect(audit.rows.every((r) => r.n === 1)).toBe(true);
  }, 240000);
});
