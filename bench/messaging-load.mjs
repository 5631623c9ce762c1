#!/usr/bin/env node
// Load test of realtime messaging against one or more running API processes: N socket.io clients
// (websocket only) in N/2 two-member threads send messages at a fixed total rate for a fixed time;
// reports messages/s, delivery latency (send → `newMessage` at the other member) p50/p95/p99/max, and
// checks that every acknowledged message reached the other member exactly once and is stored in
// PostgreSQL.
//
//   JWT_SECRET=<the server's> node bench/messaging-load.mjs --url http://127.0.0.1:3400 \
//     --database postgres://postgres@127.0.0.1:5432/tahanan_bench --clients 1000 --rate 200 --seconds 60 \
//     [--pids <api pid>[,<api pid>]]
//
// --url takes several comma-separated API processes (sharing the database and the Redis adapter):
// the clients are split evenly between them so that half of the threads have their two members on
// different processes (their messages reach the other member through the Redis adapter). --pids
// adds the API processes' CPU time over the sending (and straggler) window to the report; the load
// generator's own CPU and, when PostgreSQL runs on this machine, its backends' for this database are
// always reported.
//
// The members and their sessions are written straight to the database (signing in 1,000 members
// through argon2 would only measure argon2), their tokens signed with the server's JWT_SECRET; the
// threads are opened through the API (POST /api/threads).
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io } from 'socket.io-client';

const require = createRequire(import.meta.url);
const jwt = require('jsonwebtoken');

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3400' },
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/tahanan_bench' },
    clients: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    pids: { type: 'string', default: '' },
  },
});
const secret = process.env.JWT_SECRET;
if (!secret) throw new Error('Set JWT_SECRET to the secret of the API process under test');
const clients = Number(args.clients) - (Number(args.clients) % 2);
const rate = Number(args.rate);
const seconds = Number(args.seconds);
const run = randomUUID().slice(0, 8);
const urls = args.url.split(',').map((u) => u.trim()).filter(Boolean);
const pids = args.pids.split(',').map((p) => p.trim()).filter(Boolean).map(Number);
// member 2k and 2k+1 share thread k; with two processes, thread k's members sit on k % 2 and
// floor(k / 2) % 2: half of the threads on one process, half across both
const urlOf = (index) => {
  const k = index >> 1;
  return urls[(index % 2 === 0 ? k : k >> 1) % urls.length];
};
/** User + system CPU seconds of a process so far (Linux /proc; clock ticks of 10 ms). */
const { readFileSync } = await import('node:fs');
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const log = (msg) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

// 1. members and sessions
const db = new pg.Client({ connectionString: args.database });
await db.connect();
const ids = [];
for (let i = 0; i < clients; i += 500) {
  const n = Math.min(500, clients - i);
  const res = await db.query(
    `insert into users (email, first_name, last_name, type)
     select 'bench.msg.' || $1 || '.' || g || '@example.ph', 'Bench', 'Member ' || g, 'customer'
     from generate_series($2::int, $3::int) g returning id`,
    [run, i, i + n - 1],
  );
  ids.push(...res.rows.map((r) => r.id));
}
const tokens = [];
for (let i = 0; i < ids.length; i += 500) {
  const batch = ids.slice(i, i + 500);
  const res = await db.query(
    `insert into sessions (user_id, expires_at, user_agent) select u, now() + interval '1 day', 'bench' from unnest($1::uuid[]) u returning id, user_id`,
    [batch],
  );
  for (const r of res.rows) tokens[ids.indexOf(r.user_id)] = jwt.sign({ sub: r.user_id, sid: r.id }, secret, { algorithm: 'HS256', expiresIn: '1d' });
}
log(`${ids.length} members with sessions`);

// 2. threads, opened through the API by the even member of each pair
async function api(method, path, token, body, base = urls[0]) {
  const res = await fetch(new URL(path, base), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}
const pairs = [];
for (let i = 0; i < ids.length; i += 2 * 25) {
  const chunk = [];
  for (let j = i; j < Math.min(i + 50, ids.length); j += 2) chunk.push(j);
  const threads = await Promise.all(chunk.map((j) => api('POST', '/api/threads', tokens[j], { participantId: ids[j + 1] }, urlOf(j))));
  threads.forEach((t, k) => pairs.push({ threadId: t._id, a: chunk[k], b: chunk[k] + 1 }));
}
log(`${pairs.length} threads`);

// 3. one websocket per member
const sent = new Map(); // content key -> { at, to, ackAt }
const deliveries = new Map(); // content key -> count at the other member
const latencies = [];
const timeline = []; // [sent at, latency] of each first delivery
let unexpected = 0;
const sockets = [];
async function connect(index) {
  const socket = io(urlOf(index), { transports: ['websocket'], auth: { token: tokens[index] }, reconnection: false, timeout: 20000 });
  socket.on('newMessage', (m) => {
    const entry = sent.get(m.content);
    if (!entry) return;
    if (entry.to !== index) {
      if (entry.from !== index) unexpected++;
      return;
    }
    deliveries.set(m.content, (deliveries.get(m.content) ?? 0) + 1);
    if (deliveries.get(m.content) === 1) {
      latencies.push(performance.now() - entry.at);
      timeline.push([entry.at, performance.now() - entry.at]);
    }
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  sockets[index] = socket;
}
for (let i = 0; i < ids.length; i += 100) await Promise.all(ids.slice(i, i + 100).map((_, k) => connect(i + k)));
const crossing = pairs.filter((p) => urlOf(p.a) !== urlOf(p.b)).length;
log(`${sockets.length} sockets connected to ${urls.length} process(es); ${crossing} threads with members on different processes`);

// 4. send at a fixed total rate, from a random member of a random thread
let acked = 0;
let failed = 0;
const xacts = async () => Number((await db.query('select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()')).rows[0].n);
const xactsBefore = await xacts();
const cpuBefore = pids.map(cpuSeconds);
const ownCpuBefore = process.cpuUsage();
// PostgreSQL's CPU for this database: its backends' (when PostgreSQL runs on this machine)
const backends = async () => (await db.query('select pid from pg_stat_activity where datname = current_database()')).rows.map((r) => r.pid);
const tryCpu = (pid) => {
  try {
    return cpuSeconds(pid);
  } catch {
    return null;
  }
};
const pgCpuBefore = new Map((await backends()).map((pid) => [pid, tryCpu(pid)]));
const failures = new Map();
const started = performance.now();
const until = started + seconds * 1000;
let due = started;
let seq = 0;
await new Promise((resolve) => {
  const tick = () => {
    const now = performance.now();
    while (due <= now && due < until) {
      const pair = pairs[Math.floor(Math.random() * pairs.length)];
      const fromA = Math.random() < 0.5;
      const from = fromA ? pair.a : pair.b;
      const to = fromA ? pair.b : pair.a;
      const key = `bench ${run} #${seq++}`;
      sent.set(key, { at: performance.now(), from, to });
      sockets[from].emit('sendMessage', { threadId: pair.threadId, content: key, attachments: [] }, (ack) => {
        if (ack?.success) acked++;
        else {
          failed++;
          sent.delete(key);
          failures.set(ack?.error ?? 'no ack', (failures.get(ack?.error ?? 'no ack') ?? 0) + 1);
        }
      });
      due += 1000 / rate;
    }
    if (now >= until) return resolve();
    setTimeout(tick, Math.max(0, Math.min(5, due - performance.now())));
  };
  tick();
});
const elapsed = (performance.now() - started) / 1000;
// stragglers: until every message has its ack and every acknowledged one its delivery (at most 30 s)
for (let waited = 0; waited < 30000; waited += 100) {
  if (acked + failed === seq && [...sent.keys()].every((k) => deliveries.has(k))) break;
  await new Promise((r) => setTimeout(r, 100));
}
await new Promise((r) => setTimeout(r, 1000)); // a duplicate would arrive about as late as the first
const ackedInTime = acked; // (an ack later than this counts as not acknowledged)
const cpu = pids.map((pid, i) => +(cpuSeconds(pid) - cpuBefore[i]).toFixed(2));
const ownCpu = process.cpuUsage(ownCpuBefore);
let pgCpu = 0;
for (const pid of await backends()) {
  const now = tryCpu(pid);
  if (now !== null) pgCpu += now - (pgCpuBefore.get(pid) ?? 0);
}
const xactsDuring = (await xacts()) - xactsBefore - 1;

// 5. exactly once, and stored
let lost = 0;
let duplicated = 0;
for (const key of sent.keys()) {
  const n = deliveries.get(key) ?? 0;
  if (n === 0) lost++;
  if (n > 1) duplicated++;
}
const stored = Number(
  (await db.query(`select count(*) from messages m join threads t on t.id = m.thread_id where t.id = any($1::uuid[]) and m.content like $2`, [
    pairs.map((p) => p.threadId),
    `bench ${run} #%`,
  ])).rows[0].count,
);
latencies.sort((a, b) => a - b);
const pct = (p) => +(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN).toFixed(1);
// p99 per 5 s of sending: a tail spread over the run (the machine is short of CPU) or one stall
const windows = [];
for (const [at, ms] of timeline) (windows[Math.floor((at - started) / 5000)] ??= []).push(ms);
const p99By5s = [...windows].map((w) => (w ? +w.sort((a, b) => a - b)[Math.floor(0.99 * (w.length - 1))].toFixed(0) : null));
const result = {
  processes: urls.length,
  clients: sockets.length,
  threads: pairs.length,
  threadsAcrossProcesses: crossing,
  seconds: +elapsed.toFixed(1),
  sent: seq,
  acknowledged: ackedInTime,
  failed,
  failures: Object.fromEntries(failures),
  messagesPerSecond: +(ackedInTime / elapsed).toFixed(1),
  latencyMs: { p50: pct(50), p95: pct(95), p99: pct(99), max: +(latencies.at(-1) ?? NaN).toFixed(1) },
  p99By5sMs: p99By5s,
  deliveredOnce: sent.size - lost - duplicated,
  lost,
  duplicated,
  deliveredToWrongMember: unexpected,
  stored,
  // statements outside a transaction count one each (the whole database, other clients included)
  databaseTransactionsPerMessage: +(xactsDuring / Math.max(1, ackedInTime)).toFixed(2),
  ...(pids.length
    ? { apiCpuSeconds: cpu, apiCpuMsPerMessage: +((1000 * cpu.reduce((a, b) => a + b, 0)) / Math.max(1, ackedInTime)).toFixed(2) }
    : {}),
  postgresCpuSeconds: +pgCpu.toFixed(2),
  loadGeneratorCpuSeconds: +((ownCpu.user + ownCpu.system) / 1e6).toFixed(2),
  exactlyOnceAndStored: lost === 0 && duplicated === 0 && unexpected === 0 && stored === ackedInTime && ackedInTime === sent.size,
};
console.log(JSON.stringify(result, null, 2));
for (const s of sockets) s.disconnect();
// clean up the bench members (their threads, messages and notifications go with them)
await db.query(`delete from users where id = any($1::uuid[])`, [ids]);
await db.end();
process.exit(result.exactlyOnceAndStored ? 0 : 1);
