#!/usr/bin/env node
// The audit log's search at 5,000,000 entries (issue 12): POST /api/audit/search p95 under 50 ms.
// Fills a scratch database with entries that look like two years of the platform's own log, starts the
// built API on it, signs in as the demo admin and sends the searches an admin console sends, from
// --concurrency keep-alive clients for --seconds per shape; prints p50/p95/p99 per shape and for the mix.
//
//   npm run build:api
//   node bench/audit-search.mjs [--database postgres://postgres@127.0.0.1:5432/tahanan_bench_audit]
//     [--entries 5000000] [--members 200000] [--listings 300000] [--seconds 15] [--concurrency 4]
//     [--shapes mix,latest,...] [--warmup S] [--port 3350] [--seed N] [--reuse] [--keep]
//   --warmup: seconds of other mix draws before measuring (default --seconds; 0 for a cold run)
//
// 1. Fill (skipped with --reuse when the database already holds --entries entries): a fresh database,
//    migrated; the audit log's indexes dropped, the entries bulk-inserted, the indexes made again from
//    the migration's own definitions, the daily counts per type and severity (audit_daily_counts) made
//    as the repository keeps them, then VACUUM ANALYZE (what a long-lived log looks like to the planner). Entries are drawn from the event types the platform audits, with the descriptions the
//    API writes (libs/domain describeEvent) and severities from its table (auditSeverityOf):
//    sign-ins 33 %, sign-outs 10 %, listing edits 10 %, new listings 8 %, failed logins 8 %, profile
//    updates 6 %, ... down to role changes, admin creations and audit removals at a few in 100,000.
//    --members members (Filipino first and last names, e-mails of the usual providers) act with a
//    heavy tail (a few are very busy: actor = members × u³); 12 staff do the staff actions; failed logins
//    have no actor. --listings listing names and codes ("Condo unit in Poblacion, Makati City",
//    RES-0012345). Times over two years, growing (density ∝ age from the start, so the last months hold
//    the most), inserted in time order as a live log is; ip, user agent and request id as a request gives them.
// 2. The server: apps/api/dist/main.js, ROLE=api, PORT=--port, the demo accounts seeded (it signs in as
//    admin@demo.tahanan.ph), a fresh REDIS_PREFIX, LISTING_SEARCH_INDEX=false, LOG_LEVEL=warn.
// 3. Shapes (each body drawn anew per request from --seed; pages 1-3 unless said):
//      latest    no filter (what the console opens on)
//      severity  high and critical, or critical alone, or medium
//      type      one to three event types: common (logged_in), rare (role_changed, user.removed)
//      actor     one member's entries (drawn with the same heavy tail: busy and quiet members)
//      entity    one listing's or one user's entries
//      text      an e-mail, a last name, a first and last name, a listing code, a word of a listing
//                name, an e-mail's beginning (prefix match), a word of the descriptions ("verified")
//      range     a day, a week or a month within the two years, alone or with a severity
//      combo     text or type or actor with a range and a severity
//      deep      pages 20-100 of latest or of a severity
//      oldest    sort "timestamp" (oldest first) with or without a range
//      mix       all of the above in the proportions an audit console sees (latest 20 %, severity 10 %,
//                type 10 %, actor 12 %, entity 8 %, text 15 %, range 10 %, combo 8 %, deep 4 %, oldest 3 %)
//      facets    POST /api/audit/filter with the mix's query (counts per type, severity and day): reported
//                apart, as the console asks for it once per filter change, not per page
// 4. The database is dropped at the end unless --keep.
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createRng } from './search-draw.mjs';
import { elapsedLog, scratchDatabase } from './scratch-database.mjs';

const require = createRequire(import.meta.url);
const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/tahanan_bench_audit' },
    entries: { type: 'string', default: '5000000' },
    members: { type: 'string', default: '200000' },
    listings: { type: 'string', default: '300000' },
    seconds: { type: 'string', default: '15' },
    // seconds of other mix draws before measuring (0: none, for a cold run)
    warmup: { type: 'string' },
    concurrency: { type: 'string', default: '4' },
    shapes: { type: 'string', default: 'latest,severity,type,actor,entity,text,range,combo,deep,oldest,mix,facets' },
    port: { type: 'string', default: '3350' },
    seed: { type: 'string' },
    reuse: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const ENTRIES = Number(args.entries);
const MEMBERS = Number(args.members);
const LISTINGS = Number(args.listings);
const SECONDS = Number(args.seconds);
const CONCURRENCY = Number(args.concurrency);
const PORT = Number(args.port);
const seed = args.seed !== undefined ? Number(args.seed) : Math.floor(Math.random() * 2 ** 31);
const scratch = scratchDatabase(args.database);
const dbUrl = new URL(scratch.url);
const dbName = scratch.name;

const domain = require('../libs/domain/dist/index.js');
const { openDatabase } = require('../libs/db/dist/index.js');

const log = elapsedLog();
async function withClient(url, fn) {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => undefined);
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

// ---- the world the entries are about --------------------------------------------------------------
const FIRST = ['Juan', 'Maria', 'Jose', 'Ana', 'Mark', 'Angel', 'John', 'Kristine', 'Michael', 'Jennifer', 'Ramon', 'Liza', 'Paolo', 'Camille', 'Miguel', 'Patricia', 'Carlo', 'Nicole', 'Rafael', 'Andrea', 'Jerome', 'Joy', 'Christian', 'Grace', 'Ronald', 'Mary', 'Antonio', 'Rosario', 'Eduardo', 'Teresa', 'Francis', 'Marites', 'Arnel', 'Divina', 'Rodel', 'Lorna', 'Noel', 'Cherry', 'Dennis', 'Rowena'];
const LAST = ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Torres', 'Villanueva', 'Ramos', 'Aquino', 'Castillo', 'Flores', 'Gonzales', 'Dela Cruz', 'Del Rosario', 'Rivera', 'Fernandez', 'Lopez', 'Navarro', 'Pascual', 'Salazar', 'Domingo', 'Manalo', 'Mercado', 'Aguilar', 'Soriano', 'Tolentino', 'Valdez', 'Lim', 'Tan', 'Sy', 'Co', 'Ong', 'Gatchalian', 'Macaraeg', 'Dimaculangan', 'Pangilinan', 'Magbanua', 'Evangelista', 'Santiago'];
const MAIL = [['gmail.com', 70], ['yahoo.com', 14], ['outlook.com', 8], ['icloud.com', 4], ['ayalaland.com.ph', 2], ['smdc.com.ph', 2]];
const PLACES = ['Poblacion, Makati City', 'Bel-Air, Makati City', 'San Antonio, Pasig City', 'Kapitolyo, Pasig City', 'Fort Bonifacio, Taguig City', 'Lahug, Cebu City', 'Apas, Cebu City', 'Banilad, Mandaue City', 'Diliman, Quezon City', 'Cubao, Quezon City', 'Malate, Manila', 'Ermita, Manila', 'Alabang, Muntinlupa City', 'BF Homes, Parañaque City', 'Talamban, Cebu City', 'Buhangin, Davao City', 'Matina, Davao City', 'Mandurriao, Iloilo City', 'Legazpi Port, Legazpi City', 'Balibago, Angeles City', 'Dasmariñas, Cavite', 'Sto. Tomas, Batangas', 'Baguio City', 'Tagaytay City', 'Lapu-Lapu City'];
const KINDS = [['Condo unit', 'RES'], ['House and lot', 'RES'], ['Townhouse', 'RES'], ['Apartment', 'RES'], ['Office space', 'COM'], ['Retail space', 'COM'], ['Residential lot', 'LND'], ['Warehouse', 'IND'], ['Farm lot', 'AGR']];
const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (Linux; Android 13; 2201117TG) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36',
];
const PROVIDERS = [['password', 85], ['google', 12], ['facebook', 3]];
const TYPES = [['customer', 60], ['broker', 12], ['real_estate_salesperson', 14], ['property_owner', 14]];
const PROFILE_FIELDS = ['firstName', 'lastName', 'phoneNumber', 'username', 'preferences'];
const LISTING_FIELDS = ['price', 'description', 'name', 'tags', 'amenities', 'address', 'floorSize'];

/** A UUID from the seed's draws (so --reuse redraws the same members and listings). */
function seededUuid(rng) {
  const hex = Array.from({ length: 4 }, () => Math.floor(rng.next() * 2 ** 32).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The members, listings and staff, drawn once from the seed (the fill and the searches see the same). */
function makeWorld(rng) {
  const members = new Array(MEMBERS);
  const mailPick = (r) => r.weighted(MAIL);
  for (let i = 0; i < MEMBERS; i++) {
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    const local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + (rng.chance(0.7) ? rng.int(1, 9999) : '');
    members[i] = { id: seededUuid(rng), name: `${first} ${last}`, email: `${local}@${mailPick(rng)}`, type: rng.weighted(TYPES), provider: rng.weighted(PROVIDERS) };
  }
  const staff = Array.from({ length: 12 }, (_, i) => ({
    id: seededUuid(rng),
    name: `${FIRST[i]} ${LAST[i + 10]}`,
    email: `${FIRST[i].toLowerCase()}.${LAST[i + 10].toLowerCase().replace(/[^a-z]/g, '')}@tahanan.ph`,
  }));
  const listings = new Array(LISTINGS);
  const seq = { RES: 0, COM: 0, LND: 0, IND: 0, AGR: 0 };
  for (let i = 0; i < LISTINGS; i++) {
    const [label, prefix] = rng.pick(KINDS);
    listings[i] = {
      listingId: seededUuid(rng),
      name: `${label} in ${rng.pick(PLACES)}`,
      code: `${prefix}-${String(++seq[prefix]).padStart(7, '0')}`,
      ownerIndex: Math.floor(MEMBERS * rng.next() ** 3),
    };
  }
  return { members, staff, listings };
}

/** Draws a member index with the heavy tail of real activity. */
const busyMember = (rng) => Math.floor(MEMBERS * rng.next() ** 3);

// [type, weight, (rng, world) => { actor, entity, data }]
const listingData = (l, world) => ({ listingId: l.listingId, name: l.name, code: l.code, ownerId: world.members[l.ownerIndex].id });
const EVENT_DRAWS = [
  ['user.logged_in', 3300, (r, w) => { const m = w.members[busyMember(r)]; return { actor: m, entity: ['user', m.id], data: { userId: m.id, email: m.email, provider: m.provider } }; }],
  ['user.logged_out', 1000, (r, w) => { const m = w.members[busyMember(r)]; return { actor: m, entity: ['user', m.id], data: { userId: m.id } }; }],
  ['listing.updated', 1000, (r, w) => { const l = r.pick(w.listings); const m = w.members[l.ownerIndex]; return { actor: m, entity: ['listing', l.listingId], data: { ...listingData(l, w), fields: [r.pick(LISTING_FIELDS), r.pick(LISTING_FIELDS)].filter((f, i, a) => a.indexOf(f) === i) } }; }],
  ['listing.created', 800, (r, w) => { const l = r.pick(w.listings); return { actor: w.members[l.ownerIndex], entity: ['listing', l.listingId], data: listingData(l, w) }; }],
  ['user.login_failed', 800, (r, w) => { const m = w.members[busyMember(r)]; const reason = r.weighted([['wrong_password', 80], ['unknown_email', 18], ['suspended', 2]]); return { actor: null, entity: reason === 'unknown_email' ? null : ['user', m.id], data: { email: reason === 'unknown_email' ? `${r.pick(FIRST).toLowerCase()}${r.int(1, 999)}@gmail.com` : m.email, reason } }; }],
  ['user.updated', 600, (r, w) => { const m = w.members[busyMember(r)]; return { actor: m, entity: ['user', m.id], data: { userId: m.id, fields: [r.pick(PROFILE_FIELDS)] } }; }],
  ['user.signed_up', 400, (r, w) => { const m = r.pick(w.members); return { actor: m, entity: ['user', m.id], data: { userId: m.id, email: m.email, type: m.type, provider: m.provider } }; }],
  ['user.email_verified', 300, (r, w) => { const m = r.pick(w.members); return { actor: m, entity: ['user', m.id], data: { userId: m.id } }; }],
  ['review.created', 300, (r, w) => { const l = r.pick(w.listings); const m = w.members[busyMember(r)]; return { actor: m, entity: ['review', randomUUID()], data: { ...listingData(l, w), reviewId: randomUUID(), rating: r.int(1, 5) } }; }],
  ['listing.visibility_changed', 200, (r, w) => { const l = r.pick(w.listings); return { actor: w.members[l.ownerIndex], entity: ['listing', l.listingId], data: { ...listingData(l, w), visible: r.chance(0.5) } }; }],
  ['listing.documents_uploaded', 200, (r, w) => { const l = r.pick(w.listings); return { actor: w.members[l.ownerIndex], entity: ['listing', l.listingId], data: { ...listingData(l, w), count: r.int(1, 5) } }; }],
  ['listing.document_opened', 200, (r, w) => { const l = r.pick(w.listings); const byStaff = r.chance(0.6); return { actor: byStaff ? r.pick(w.staff) : w.members[l.ownerIndex], entity: ['listing', l.listingId], data: { ...listingData(l, w), documentId: randomUUID(), byStaff } }; }],
  ['listing.removed', 150, (r, w) => { const l = r.pick(w.listings); const byStaff = r.chance(0.05); return { actor: byStaff ? r.pick(w.staff) : w.members[l.ownerIndex], entity: ['listing', l.listingId], data: { ...listingData(l, w), byStaff } }; }],
  ['listing.verified', 100, (r, w) => { const l = r.pick(w.listings); return { actor: r.pick(w.staff), entity: ['listing', l.listingId], data: { ...listingData(l, w), verified: r.chance(0.95) } }; }],
  ['user.password_changed', 100, (r, w) => { const m = w.members[busyMember(r)]; return { actor: m, entity: ['user', m.id], data: { userId: m.id } }; }],
  ['user.password_reset', 100, (r, w) => { const m = r.pick(w.members); return { actor: m, entity: ['user', m.id], data: { userId: m.id } }; }],
  ['user.visibility_changed', 100, (r, w) => { const m = r.pick(w.members); return { actor: m, entity: ['user', m.id], data: { userId: m.id, field: r.pick(['receive monthly product updates', 'show who viewed my profile']), visible: r.chance(0.5) } }; }],
  ['user.identity_connected', 50, (r, w) => { const m = r.pick(w.members); return { actor: m, entity: ['user', m.id], data: { userId: m.id, provider: r.pick(['google', 'facebook']) } }; }],
  ['user.identity_disconnected', 10, (r, w) => { const m = r.pick(w.members); return { actor: m, entity: ['user', m.id], data: { userId: m.id, provider: r.pick(['google', 'facebook']) } }; }],
  ['user.verified_changed', 30, (r, w) => { const m = r.pick(w.members); return { actor: r.pick(w.staff), entity: ['user', m.id], data: { userId: m.id, email: m.email, verified: r.chance(0.9) } }; }],
  ['user.status_changed', 20, (r, w) => { const m = r.pick(w.members); const to = r.pick(['suspended', 'active']); return { actor: r.pick(w.staff), entity: ['user', m.id], data: { userId: m.id, email: m.email, from: to === 'active' ? 'suspended' : 'active', to } }; }],
  ['user.credits_adjusted', 10, (r, w) => { const m = r.pick(w.members); const from = r.int(0, 50); return { actor: r.pick(w.staff), entity: ['user', m.id], data: { userId: m.id, email: m.email, from, to: from + r.int(5, 100) } }; }],
  ['user.removed', 10, (r, w) => { const m = r.pick(w.members); return { actor: r.chance(0.5) ? m : r.pick(w.staff), entity: ['user', m.id], data: { userId: m.id, email: m.email, role: 'user' } }; }],
  ['user.role_changed', 5, (r, w) => { const m = r.pick(w.members); return { actor: r.pick(w.staff), entity: ['user', m.id], data: { userId: m.id, email: m.email, from: 'user', to: r.pick(['viewer', 'admin']) } }; }],
  ['currency_rate.updated', 3, (r) => ({ actor: null, entity: ['currency_rate', r.pick(['USD', 'EUR', 'JPY'])], data: { currency: r.pick(['USD', 'EUR', 'JPY']), asOf: '2026-06-01', phpPerUnit: 58.1 } })],
  ['user.admin_created', 1, (r, w) => { const s = r.pick(w.staff); return { actor: w.staff[0], entity: ['user', s.id], data: { userId: s.id, email: s.email, role: 'admin' } }; }],
  ['audit.removed', 1, (r, w) => ({ actor: w.staff[0], entity: ['audit', randomUUID()], data: { auditId: randomUUID(), type: 'user.logged_in', severity: 'low', description: 'logged in' } })],
];
const TYPE_WEIGHTS = EVENT_DRAWS.map(([type, w, draw]) => [[type, draw], w]);
const SPAN_MS = 730 * 24 * 3600 * 1000;
const NOW = Date.now();
const START = NOW - SPAN_MS;
/** A time in the two years, denser as the platform grows (density ∝ time since the start). */
const drawTime = (rng) => START + SPAN_MS * Math.sqrt(rng.next());

function drawEntry(rng, world, time) {
  const [type, draw] = rng.weighted(TYPE_WEIGHTS);
  const { actor, entity, data } = draw(rng, world);
  const event = { id: randomUUID(), type, actorId: actor?.id ?? null, entity: entity ? { kind: entity[0], id: entity[1] } : null, data, occurredAt: new Date(time).toISOString(), context: {} };
  const severity = domain.auditSeverityOf(event);
  if (!severity) throw new Error(`${type} is not audited`);
  const octet = () => rng.int(1, 254);
  return [
    event.id,
    event.actorId,
    actor?.name ?? null,
    actor?.email ?? null,
    type,
    severity,
    event.entity?.kind ?? null,
    event.entity?.id ?? null,
    domain.describeEvent(event),
    rng.chance(0.1) ? `2001:4450:${octet().toString(16)}::${octet().toString(16)}` : `${rng.pick([112, 110, 49, 120, 136, 180, 203])}.${octet()}.${octet()}.${octet()}`,
    rng.pick(AGENTS),
    randomUUID(),
    event.occurredAt,
  ];
}

const COLUMNS = ['event_id', 'actor_id', 'actor_name', 'actor_email', 'type', 'severity', 'entity_kind', 'entity_id', 'description', 'ip', 'user_agent', 'request_id', 'occurred_at'];
const COLUMN_TYPES = ['uuid', 'uuid', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'timestamptz'];

async function fill(world, rng) {
  await scratch.recreate();
  const handle = await openDatabase({ url: dbUrl.toString(), poolSize: 2 });
  await handle.migrate();
  await handle.close();
  await withClient(dbUrl.toString(), async (c) => {
    const { rows: indexes } = await c.query(
      `select indexname, indexdef from pg_indexes where tablename = 'audit_log' and indexname <> 'audit_log_pkey' order by indexname`,
    );
    for (const { indexname } of indexes) await c.query(`drop index "${indexname}"`);
    log(`dropped ${indexes.length} indexes of audit_log for the load; inserting ${ENTRIES.toLocaleString('en')} entries`);
    const BATCH = 5000;
    // the log is written as things happen: entries reach the table in time order
    const times = new Float64Array(ENTRIES);
    for (let i = 0; i < ENTRIES; i++) times[i] = drawTime(rng);
    times.sort();
    const insert = `insert into audit_log (${COLUMNS.join(', ')}) select * from unnest(${COLUMN_TYPES.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`;
    for (let done = 0; done < ENTRIES; ) {
      const n = Math.min(BATCH, ENTRIES - done);
      const cols = COLUMNS.map(() => new Array(n));
      for (let i = 0; i < n; i++) {
        const row = drawEntry(rng, world, times[done + i]);
        for (let j = 0; j < row.length; j++) cols[j][i] = row[j];
      }
      await c.query(insert, cols);
      done += n;
      if (done % 500_000 === 0 || done === ENTRIES) log(`${done.toLocaleString('en')} entries`);
    }
    await c.query(`set maintenance_work_mem = '1GB'`);
    for (const { indexname, indexdef } of indexes) {
      const s = Date.now();
      await c.query(indexdef);
      log(`index ${indexname} made in ${((Date.now() - s) / 1000).toFixed(1)} s`);
    }
    // what the audit repository keeps as it writes each entry
    await c.query(`insert into audit_daily_counts (day, type, severity, count)
      select (occurred_at at time zone 'UTC')::date, type, severity, count(*)::int from audit_log group by 1, 2, 3`);
    await c.query('vacuum (analyze) audit_log');
    await c.query('vacuum (analyze) audit_daily_counts');
    const { rows } = await c.query(`select pg_size_pretty(pg_total_relation_size('audit_log')) as size, pg_size_pretty(pg_relation_size('audit_log')) as heap`);
    log(`audit_log: ${rows[0].size} with its indexes (${rows[0].heap} of rows)`);
  });
}

// ---- the server -----------------------------------------------------------------------------------
async function startServer() {
  const env = {
    ...process.env,
    DATABASE_URL: dbUrl.toString(),
    ROLE: 'api',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    REDIS_PREFIX: `bench-audit-${Date.now()}`,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    DB_MIGRATE: 'true',
    LISTING_SEARCH_INDEX: 'false',
    POI_LOAD_BUNDLED: 'false',
    NODE_ENV: 'production',
    JWT_SECRET: randomUUID() + randomUUID(),
  };
  const child = spawn(process.execPath, ['apps/api/dist/main.js'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    const ok = await request('GET', '/api/health').then((r) => r.status === 200, () => false);
    if (ok) return child;
    if (Date.now() > deadline) throw new Error('the API did not answer /api/health within 3 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function request(method, path, body, token) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        method,
        path,
        agent,
        headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

// ---- the searches ---------------------------------------------------------------------------------
function createSearchDraws(rng, world) {
  const page = (lo = 1, hi = 3) => ({ page: rng.int(lo, hi), limit: rng.chance(0.8) ? 10 : 5 });
  const day = 24 * 3600 * 1000;
  const range = () => {
    const len = rng.weighted([[day, 4], [7 * day, 3], [30 * day, 3]]);
    const from = drawTime(rng) - len / 2;
    return { from: new Date(from).toISOString(), to: new Date(from + len).toISOString() };
  };
  const severities = () => rng.weighted([[['high', 'critical'], 5], [['critical'], 3], [['medium'], 2]]);
  const types = () => {
    const common = ['user.logged_in', 'user.login_failed', 'listing.created', 'listing.updated', 'user.signed_up'];
    const rare = ['user.role_changed', 'user.removed', 'user.status_changed', 'listing.verified', 'user.credits_adjusted', 'listing.document_opened', 'audit.removed'];
    const n = rng.int(1, 3);
    return Array.from({ length: n }, () => (rng.chance(0.5) ? rng.pick(common) : rng.pick(rare))).filter((t, i, a) => a.indexOf(t) === i);
  };
  const member = () => (rng.chance(0.5) ? world.members[busyMember(rng)] : rng.pick(world.members));
  const text = () => {
    const m = member();
    const l = rng.pick(world.listings);
    return rng.weighted([
      [m.email, 4],
      [m.name.split(' ').slice(-1)[0], 2],
      [m.name, 2],
      [l.code, 3],
      [l.name.split(' in ')[1].split(',')[0], 1],
      [m.email.slice(0, rng.int(4, 8)), 2],
      [rng.pick(['verified', 'suspended', 'removed', 'role', 'password', 'failed login']), 2],
    ]);
  };
  const shapes = {
    latest: () => ({ ...page() }),
    severity: () => ({ ...page(), query: { severity: severities() } }),
    type: () => ({ ...page(), query: { type: types() } }),
    actor: () => ({ ...page(), query: { actor: member().id } }),
    entity: () =>
      rng.chance(0.6) ? { ...page(), query: { entity: { kind: 'listing', id: rng.pick(world.listings).listingId } } } : { ...page(), query: { entity: { kind: 'user', id: member().id } } },
    text: () => ({ ...page(), query: { text: text() } }),
    range: () => ({ ...page(), query: { ...range(), ...(rng.chance(0.5) ? { severity: severities() } : {}) } }),
    combo: () => {
      const what = rng.pick([{ text: text() }, { type: types() }, { actor: member().id }]);
      return { ...page(), query: { ...what, ...range(), ...(rng.chance(0.5) ? { severity: severities() } : {}) } };
    },
    deep: () => ({ ...page(20, 100), ...(rng.chance(0.5) ? { query: { severity: severities() } } : {}) }),
    oldest: () => ({ ...page(), sort: 'timestamp', ...(rng.chance(0.5) ? { query: range() } : {}) }),
  };
  const MIX = [['latest', 20], ['severity', 10], ['type', 10], ['actor', 12], ['entity', 8], ['text', 15], ['range', 10], ['combo', 8], ['deep', 4], ['oldest', 3]];
  shapes.mix = () => shapes[rng.weighted(MIX)]();
  return shapes;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function runShape(name, drawBody, path, token, seconds = SECONDS) {
  const times = [];
  const slow = [];
  let errors = 0;
  let firstError = null;
  let matched = 0;
  const end = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const body = drawBody();
        const s = process.hrtime.bigint();
        const res = await request('POST', path, body, token);
        const ms = Number(process.hrtime.bigint() - s) / 1e6;
        times.push(ms);
        if (res.status !== 200) {
          errors++;
          firstError ??= `${res.status} ${res.text.slice(0, 200)}`;
        } else if (path.endsWith('search')) {
          const answer = JSON.parse(res.text);
          if (answer.entries.length) matched++;
        }
        slow.push([ms, body]);
        if (slow.length > 50) slow.sort((a, b) => b[0] - a[0]).splice(5);
      }
    }),
  );
  const wall = (Date.now() - started) / 1000;
  times.sort((a, b) => a - b);
  slow.sort((a, b) => b[0] - a[0]);
  const f = (n) => n.toFixed(1).padStart(7);
  console.log(
    `${name.padEnd(9)} ${String(times.length).padStart(6)} req ${(times.length / wall).toFixed(0).padStart(5)} req/s  p50 ${f(pct(times, 50))}  p95 ${f(pct(times, 95))}  p99 ${f(pct(times, 99))}  max ${f(times[times.length - 1])} ms` +
      (path.endsWith('search') ? `  ${Math.round((matched / times.length) * 100)} % with entries` : '') +
      (errors ? `  ${errors} errors (${firstError})` : ''),
  );
  for (const [ms, body] of slow.slice(0, 2)) console.log(`          slowest ${ms.toFixed(0)} ms: ${JSON.stringify(body)}`);
  return { name, p95: pct(times, 95), errors };
}

// ---- main -----------------------------------------------------------------------------------------
console.log(`seed ${seed}; ${os.cpus().length} CPUs, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
const rng = createRng(seed);
const world = makeWorld(rng);
let have = 0;
if (args.reuse) {
  have = await withClient(dbUrl.toString(), (c) => c.query('select count(*)::int as n from audit_log').then((r) => r.rows[0].n)).catch(() => 0);
}
if (args.reuse && have >= ENTRIES) {
  log(`reusing ${have.toLocaleString('en')} entries in ${dbName} (the drawn members and listings are the seed's: use the fill's seed for matching searches)`);
} else {
  await fill(world, rng);
}
const server = await startServer();
let failed = false;
try {
  const login = await request('POST', '/api/user/login', { email: 'admin@demo.tahanan.ph', password: 'Demo1234!' });
  if (login.status !== 200 && login.status !== 201) throw new Error(`demo admin login: ${login.status} ${login.text}`);
  const { token } = JSON.parse(login.text);
  const draws = createSearchDraws(createRng(seed + 1), world);
  // warm the connection pool and the planner's caches a little (not the data: other draws)
  const warmup = Number(args.warmup ?? SECONDS);
  if (warmup > 0) await runShape('warm-up', draws.mix, '/api/audit/search', token, warmup);
  console.log(`\n${CONCURRENCY} clients, ${SECONDS} s a shape, POST /api/audit/search over ${ENTRIES.toLocaleString('en')} entries`);
  for (const shape of args.shapes.split(',')) {
    if (shape === 'facets') {
      const r = await runShape('facets', () => ({ query: draws.mix().query }), '/api/audit/filter', token);
      failed ||= r.errors > 0;
    } else {
      if (!draws[shape]) throw new Error(`unknown shape ${shape}`);
      const r = await runShape(shape, draws[shape], '/api/audit/search', token);
      failed ||= r.errors > 0;
    }
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  agent.destroy();
  if (!args.keep) {
    await scratch.drop();
    log(`dropped ${dbName}`);
  }
}
process.exit(failed ? 1 : 0);
