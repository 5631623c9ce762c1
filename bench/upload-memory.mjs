#!/usr/bin/env node
// Memory of the API process while it receives large uploads (not a timed test): samples the resident
// set size (VmRSS in /proc/<pid>/status) every 10 ms and reports it before and at its peak during
//   1. `--parallel` uploads of `--files` × `--mb` MB by a member to someone else's listing (refused), and
//   2. the same by the listing's owner, with bytes that are not images (read, then refused with 400).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/tahanan_bench ROLE=api PORT=3400 HOST=127.0.0.1 \
//     LOG_LEVEL=warn JWT_SECRET=<32+ characters> node apps/api/dist/main.js &
//   JWT_SECRET=<the same> node bench/upload-memory.mjs --url http://127.0.0.1:3400 --pid $! \
//     --database postgres://postgres@127.0.0.1:5432/tahanan_bench
//
// The database needs one listing (the demo seed makes some). The two members' sessions are written
// straight to the database and their tokens signed with the server's secret.
import { createRequire } from 'node:module';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';

const require = createRequire(import.meta.url);
const jwt = require('jsonwebtoken');

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3400' },
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/tahanan_bench' },
    pid: { type: 'string' },
    parallel: { type: 'string', default: '8' },
    files: { type: 'string', default: '5' },
    mb: { type: 'string', default: '10' },
  },
});
const secret = process.env.JWT_SECRET;
if (!secret) throw new Error('Set JWT_SECRET to the secret of the API process under test');
if (!args.pid) throw new Error('Set --pid to the process id of the API under test');
const MB = 1024 * 1024;
const fileBytes = Number(args.mb) * MB - 4096; // just under the per-file limit
const rssMb = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${args.pid}/status`, 'utf8'))[1]) / 1024;

const db = new pg.Client({ connectionString: args.database });
await db.connect();
const listing = (await db.query('select id, owner_id from listings order by created_at limit 1')).rows[0];
if (!listing) throw new Error('The database has no listing: start the API once with SEED_DEMO=true');
const intruder = (
  await db.query(`insert into users (email, first_name, last_name, type) values ($1, 'Bench', 'Intruder', 'customer') returning id`, [
    `bench.upload.${randomUUID().slice(0, 8)}@example.ph`,
  ])
).rows[0].id;
const tokenOf = async (userId) => {
  const sid = (await db.query(`insert into sessions (user_id, expires_at, user_agent) values ($1, now() + interval '1 hour', 'bench') returning id`, [userId])).rows[0].id;
  return jwt.sign({ sub: userId, sid }, secret, { algorithm: 'HS256', expiresIn: '1h' });
};
const tokens = { intruder: await tokenOf(intruder), owner: await tokenOf(listing.owner_id) };
await db.end();

const blob = new Blob([randomBytes(fileBytes)], { type: 'image/png' });
async function upload(token) {
  const form = new FormData();
  for (let i = 0; i < Number(args.files); i++) form.append('image', blob, `photo${i}.png`);
  try {
    const res = await fetch(`${args.url}/api/listing/upload-image/${listing.id}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    await res.arrayBuffer();
    return res.status;
  } catch (err) {
    return `error: ${err.cause?.code ?? err.message}`;
  }
}

async function phase(name, token) {
  if (global.gc) global.gc();
  await new Promise((r) => setTimeout(r, 1000));
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 10);
  const started = Date.now();
  const statuses = await Promise.all(Array.from({ length: Number(args.parallel) }, () => upload(token)));
  clearInterval(sampler);
  peak = Math.max(peak, rssMb());
  const counts = statuses.reduce((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {});
  console.log(
    `${name}: ${args.parallel} × ${args.files} × ${args.mb} MB in ${Date.now() - started} ms, answers ${JSON.stringify(counts)}; ` +
      `RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at peak (+${(peak - before).toFixed(0)} MB)`,
  );
}

await phase("someone else's listing", tokens.intruder);
await phase('own listing, bytes that are not images', tokens.owner);
