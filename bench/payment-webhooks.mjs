#!/usr/bin/env node
// Payment webhooks under load (issue 13): 500 deliveries/s sustained, p99 under 100 ms, exactly-once effects.
// Starts the built API (ROLE=api) and a worker (ROLE=worker, the events that follow: audit, activity) on a
// scratch database, opens --payments credit-pack payments at the sandbox provider, then posts signed
// "paid" webhooks to POST /api/payment/webhook/sandbox at --rate per second (open loop: a delivery is sent
// on time whether or not earlier ones were answered) for as long as the deliveries last, as a provider
// does after an outage: each payment's news arrives once (55 %), twice with the same event id (25 %),
// three times under different event ids (12 %), or a stale "failed" first and then the "paid" (8 %);
// deliveries are shuffled so duplicates of one payment are in flight together.
// Prints the answers' latency percentiles (a signed notice is answered once recorded and queued), waits
// for the events worker to apply what was queued (and says how long after the last answer that took),
// then checks the effects: every payment paid once, one purchase row per payment in the credits ledger,
// each member's balance exactly one pack.
//
//   npm run build:api
//   node bench/payment-webhooks.mjs [--database postgres://postgres@127.0.0.1:5432/tahanan_bench_webhooks]
//     [--payments 5000] [--rate 500] [--port 3360] [--connections 64] [--api-processes 1] [--keep]
//     [--socket /var/run/postgresql]  (the API and worker reach PostgreSQL through its Unix socket, not TCP)
//     [--worker-after]  (the worker starts once the load is over: the API's own capacity, as with workers elsewhere)
//     [--profile]  (CPU profile of the API over the load: /tmp/api-<pid>-<time>.cpuprofile, bench/cpuprofile-top.mjs reads it)
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import http from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { elapsedLog, scratchDatabase } from './scratch-database.mjs';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/tahanan_bench_webhooks' },
    payments: { type: 'string', default: '5000' },
    rate: { type: 'string', default: '500' },
    port: { type: 'string', default: '3360' },
    // connections the "provider" delivers over (a provider's delivery workers); more wait in line, and
    // their wait counts in their latency (measured from when each was due)
    connections: { type: 'string', default: '64' },
    keep: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    'api-processes': { type: 'string', default: '1' },
    // the servers reach PostgreSQL through its Unix socket in this folder instead of TCP (the usual setup on one machine)
    socket: { type: 'string' },
    // start the worker only after the last delivery was answered: the API alone, as when workers run on
    // other machines (this one has 2 cores for the client, the API, the worker and PostgreSQL)
    'worker-after': { type: 'boolean', default: false },
  },
});
const PAYMENTS = Number(args.payments);
const RATE = Number(args.rate);
const PORT = Number(args.port);
const CONNECTIONS = Number(args.connections);
const PACK_CREDITS = 50;
const log = elapsedLog();
const scratch = scratchDatabase(args.database);
const JWT_SECRET = randomUUID() + randomUUID();
// the sandbox's webhook secret, as every process derives it (apps/api/src/common/config/config.ts)
const SANDBOX_SECRET = createHmac('sha256', JWT_SECRET).update('tahanan-payment-sandbox-webhook').digest('hex');

function serverEnv(role) {
  return {
    ...process.env,
    DATABASE_URL: args.socket ? `${scratch.url}?host=${encodeURIComponent(args.socket)}` : scratch.url,
    DATABASE_POOL_SIZE: '20',
    ROLE: role,
    ...(role === 'api' ? { API_PROCESSES: args['api-processes'] } : {}),
    PORT: String(role === 'api' ? PORT : PORT + 1),
    HOST: '127.0.0.1',
    REDIS_PREFIX: `bench-webhooks-${process.pid}`,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DB_MIGRATE: role === 'api' ? 'true' : 'false',
    LISTING_SEARCH_INDEX: 'false',
    POI_LOAD_BUNDLED: 'false',
    NODE_ENV: 'production',
    PAYMENTS_SANDBOX: 'true',
    JWT_SECRET,
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
function post(path, body, headers) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: PORT, method: 'POST', path, agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function waitForHealth(child) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    const ok = await new Promise((resolve) => {
      http.get({ host: '127.0.0.1', port: PORT, path: '/api/health' }, (res) => { res.resume(); resolve(res.statusCode === 200); }).on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error('the API did not answer /api/health within 3 minutes');
    await new Promise((r) => setTimeout(r, 300));
  }
}

function eventBody(p, kind, eventId) {
  const payment = { id: `sbx_pay_${p.n}`, type: 'payment', attributes: { status: kind, amount: 25000, currency: 'PHP', failed_message: kind === 'failed' ? 'Declined' : null, metadata: { reference: p.reference, checkout_id: p.checkoutId } } };
  const session = { id: p.checkoutId, type: 'checkout_session', attributes: { reference_number: p.reference, status: 'active', payments: [payment] } };
  return JSON.stringify({
    data: { id: eventId, type: 'event', attributes: { type: kind === 'paid' ? 'checkout_session.payment.paid' : 'payment.failed', livemode: false, data: kind === 'paid' ? session : payment } },
  });
}
const sign = (body) => {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},te=${createHmac('sha256', SANDBOX_SECRET).update(`${t}.`).update(body).digest('hex')},li=`;
};

function shuffle(a) {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  await scratch.recreate();
  log(`scratch database ${scratch.name}`);
  const api = spawn(process.execPath, [...(args.profile ? ['-r', './bench/cpu-profile.cjs'] : []), 'apps/api/dist/main.js'], {
    env: { ...serverEnv('api'), CPU_PROFILE_DIR: '/tmp' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let worker;
  try {
    await waitForHealth(api);
    const startWorker = () => spawn(process.execPath, ['apps/api/dist/main.js'], { env: serverEnv('worker'), stdio: ['ignore', 'inherit', 'inherit'] });
    if (!args['worker-after']) worker = startWorker();
    log(`API up (migrated); worker ${args['worker-after'] ? 'starts after the load' : 'started'}`);

    const db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    await db.query(`insert into users (email, first_name, last_name) select 'payer' || g || '@bench.tahanan.ph', 'Payer', 'No. ' || g from generate_series(1, $1) g`, [PAYMENTS]);
    const payments = (
      await db.query(
        `insert into payments (reference, user_id, payer_name, payer_email, purpose, credit_pack, credits, description, method, provider,
                               provider_checkout_id, checkout_url, amount_centavos, status, expires_at)
         select 'TH-' || upper(substr(md5(u.id::text), 1, 5)) || '-' || upper(substr(md5(u.id::text), 6, 5)), u.id, u.first_name || ' ' || u.last_name, u.email,
                'credit_pack', 'starter', $1, '50 AI credits', 'gcash', 'sandbox', 'sbx_cs_' || substr(md5(u.email), 1, 24),
                'http://localhost/sandbox-checkout', 25000, 'awaiting_action', now() + interval '4 hours'
         from users u where u.email like 'payer%@bench.tahanan.ph'
         returning id, reference, provider_checkout_id as "checkoutId"`,
        [PACK_CREDITS],
      )
    ).rows.map((r, n) => ({ ...r, n }));
    log(`${payments.length} open payments`);

    const deliveries = [];
    for (const p of payments) {
      const r = Math.random();
      const paid = () => ({ p, body: eventBody(p, 'paid', `evt_${randomBytes(12).toString('hex')}`) });
      if (r < 0.55) deliveries.push(paid());
      else if (r < 0.8) {
        const d = paid();
        deliveries.push(d, { ...d });
      } else if (r < 0.92) deliveries.push(paid(), paid(), paid());
      else deliveries.push({ p, body: eventBody(p, 'failed', `evt_${randomBytes(12).toString('hex')}`) }, paid());
    }
    shuffle(deliveries);
    // a stale "failed" goes before its "paid" for the 8 % (out of order arrival is the shuffled rest)
    log(`${deliveries.length} deliveries at ${RATE}/s (about ${(deliveries.length / RATE).toFixed(0)} s)`);

    // warm the route and open the connections: 10 rounds of deliveries about unknown checkouts over all of them
    for (let round = 0; round < 10; round++) {
      await Promise.all(
        Array.from({ length: CONNECTIONS }, (_, i) => {
          const body = eventBody({ n: i, reference: 'TH-XXXXX-XXXXX', checkoutId: `sbx_cs_warm${round}_${i}` }, 'paid', `evt_warm_${round}_${i}`);
          return post('/api/payment/webhook/sandbox', body, { 'sandbox-signature': sign(body) });
        }),
      );
    }

    if (args.profile) api.kill('SIGWINCH');
    const latencies = [];
    const statuses = new Map();
    let queued = 0;
    let inFlight = 0;
    let maxInFlight = 0;
    let lateStarts = 0;
    const t0 = performance.now();
    const interval = 1000 / RATE;
    const perSecond = Array.from({ length: Math.ceil(deliveries.length / RATE) + 1 }, () => []);
    await new Promise((resolve, reject) => {
      let i = 0;
      let done = 0;
      const tick = () => {
        const now = performance.now();
        while (i < deliveries.length && t0 + i * interval <= now) {
          if (now - (t0 + i * interval) > 50) lateStarts++;
          const started = t0 + i * interval; // when it was due: time waiting for a connection counts
          const d = deliveries[i++];
          inFlight++;
          maxInFlight = Math.max(maxInFlight, inFlight);
          post('/api/payment/webhook/sandbox', d.body, { 'sandbox-signature': sign(d.body) }).then(
            (res) => {
              inFlight--;
              latencies.push(performance.now() - started);
              perSecond[Math.floor((started - t0) / 1000)]?.push(performance.now() - started);
              statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
              if (res.status === 200 && JSON.parse(res.text).queued) queued++;
              if (++done === deliveries.length) resolve();
            },
            reject,
          );
        }
        if (i < deliveries.length) setTimeout(tick, 1);
      };
      tick();
    });
    const seconds = (performance.now() - t0) / 1000;
    if (args.profile) api.kill('SIGWINCH');
    latencies.sort((a, b) => a - b);
    log(
      `sent ${deliveries.length} in ${seconds.toFixed(1)} s = ${(deliveries.length / seconds).toFixed(0)}/s; statuses ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        `max in flight ${maxInFlight}; sends more than 50 ms late ${lateStarts}`,
    );
    console.log(
      `p99 by second sent: ${perSecond.filter((a) => a.length).map((a) => pct(a.sort((x, y) => x - y), 99).toFixed(0)).join(' ')}`,
    );
    console.log(
      `latency ms: p50 ${pct(latencies, 50).toFixed(1)}  p95 ${pct(latencies, 95).toFixed(1)}  p99 ${pct(latencies, 99).toFixed(1)}  max ${latencies.at(-1).toFixed(1)}`,
    );

    // the signed notices are acknowledged when recorded and applied by the events worker: wait for it
    if (args['worker-after']) worker = startWorker();
    const drainStart = performance.now();
    for (;;) {
      const { rows } = await db.query(`select count(*)::int as n from payments where status = 'paid'`);
      if (rows[0].n === PAYMENTS || performance.now() - drainStart > 300_000) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    log(`all effects applied ${((performance.now() - drainStart) / 1000).toFixed(1)} s after the last answer (${queued} notices queued)`);
    const check = (await db.query(`
      select (select count(*) from payments where status = 'paid')::int as paid,
             (select count(*) from payments where status <> 'paid')::int as not_paid,
             (select count(*) from credit_ledger where kind = 'purchase')::int as purchases,
             (select count(distinct payment_id) from credit_ledger where kind = 'purchase')::int as purchase_payments,
             (select count(*) from users where email like 'payer%@bench.tahanan.ph' and credits_remaining <> $1)::int as wrong_balances,
             (select count(*) from payment_webhook_events)::int as events_seen`, [PACK_CREDITS])).rows[0];
    console.log(`effects: ${JSON.stringify(check)}`);
    const exactlyOnce = check.paid === PAYMENTS && check.not_paid === 0 && check.purchases === PAYMENTS && check.purchase_payments === PAYMENTS && check.wrong_balances === 0;
    console.log(exactlyOnce ? 'EXACTLY ONCE: every payment paid once, one grant each' : 'NOT EXACTLY ONCE');
    await db.end();
    if (!exactlyOnce) process.exitCode = 1;
  } finally {
    api.kill('SIGTERM');
    worker?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    if (!args.keep) await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
