#!/usr/bin/env node
// ARIA eval (issue 17): the built-in default provider on the questions of bench/aria-eval-questions.json,
// each with the expected tool call(s), the expected arguments (a subset of the first call's) and the facts
// its answer must state (the finance figures computed here with the libs/domain formulas the tools use,
// the guardrail sentences). Reports the share of structured questions answered correctly (tool + arguments
// + facts; target ≥ 90 %), the share overall, and p50/p95 answer time.
//
//   npm run build:api
//   node bench/aria-eval.mjs --first-turn        # the provider alone, no database: reads the question (intent, slots,
//                                                # places against the PSGC reference names) and, for the finance and
//                                                # guardrail questions, composes the answer from the formula's result
//   node bench/aria-eval.mjs --database postgres://postgres@127.0.0.1:5432/tahanan_bench_aria [--seed] [--keep]
//                                                # end to end: starts the built API (ARIA_PROVIDER=builtin) on a database
//                                                # seeded with the demo data (--seed makes it anew and seeds it; without
//                                                # --keep a seeded database is dropped at the end) and asks POST /api/ai/chat
//   node bench/aria-eval.mjs --url http://127.0.0.1:3000 --token <JWT>   # an already running server
//   [--only search-01,loan-01] [--verbose] [--json out.json]
//
// Follow-ups ("compare these two", "what about in Taguig?") carry a `history` for --first-turn and a `chain` of
// earlier questions the end-to-end mode asks first in the same conversation (`argsFromPrevious` takes the expected
// listing codes from that real answer's cards); one with a history but no chain is skipped end to end (said so).
// Questions marked heldOut were written after the rules were tuned on the others; they are reported apart.
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    'first-turn': { type: 'boolean', default: false },
    database: { type: 'string' },
    seed: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    port: { type: 'string', default: '3493' },
    url: { type: 'string' },
    token: { type: 'string' },
    only: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    json: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').filter((l) => l.startsWith('//')).map((l) => l.slice(3)).join('\n'));
  process.exit(0);
}
const endToEnd = !!(args.database || args.url);
if (!endToEnd) args['first-turn'] = true;

const dist = (p) => path.join(root, 'apps/api/dist', p);
let domain;
try {
  domain = require(path.join(root, 'libs/domain/dist/index.js'));
  require.resolve(dist('modules/aria/builtin/builtin.provider.js'));
} catch {
  console.error('The compiled API is missing: run `npm run build:api` first.');
  process.exit(2);
}

const { questions } = JSON.parse(readFileSync(path.join(root, 'bench/aria-eval-questions.json'), 'utf8'));
const only = args.only ? new Set(args.only.split(',')) : null;
const selected = questions.filter((q) => !only || only.has(q.id));

/* ---------------------------------------------------------------------------------------------
 * Expected facts from the domain formulas (the same functions the finance tools call)
 * ------------------------------------------------------------------------------------------- */

/** ₱1,234,567 or ₱29,570.53, as the built-in assistant writes pesos. */
const peso = (v) => {
  const cents = Math.round(v * 100) % 100 !== 0;
  return `₱${v.toLocaleString('en-US', { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 })}`;
};

/** The tool data a formula question's tools return, by tool name (what the finance tools compute). */
function formulaData(q) {
  const data = {};
  if (q.formula?.affordability) data.affordability = { ...domain.affordability(q.formula.affordability), disclaimer: domain.FINANCE_DISCLAIMER };
  if (q.formula?.acquisitionCosts) data.acquisition_costs = { ...domain.acquisitionCosts(q.formula.acquisitionCosts), disclaimer: domain.FINANCE_DISCLAIMER };
  return data;
}

/** The facts a question's answer must state: its own, and the formula's headline figures. */
function expectedFacts(q) {
  const facts = [...(q.facts ?? [])];
  const data = formulaData(q);
  if (data.affordability) facts.push(peso(data.affordability.monthly), peso(data.affordability.loanAmount));
  if (data.acquisition_costs) facts.push(peso(data.acquisition_costs.buyerTotal));
  if (data.affordability || data.acquisition_costs) facts.push(domain.ARIA_VERIFY_NOTE);
  return facts;
}

/* ---------------------------------------------------------------------------------------------
 * Checking
 * ------------------------------------------------------------------------------------------- */

const norm = (s) => String(s).normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/** Differences between the expected argument subset and the arguments given (empty: all match). */
function argDiffs(expected, actual) {
  const diffs = [];
  for (const [k, want] of Object.entries(expected ?? {})) {
    const got = actual?.[k];
    const ok =
      Array.isArray(want)
        ? Array.isArray(got) && want.length === got.length && want.every((w, i) => String(w).toUpperCase() === String(got[i]).toUpperCase())
        : k === 'placeName' || k === 'text'
          ? typeof got === 'string' && norm(got).includes(norm(want))
          : got === want;
    if (!ok) diffs.push(`${k}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  }
  return diffs;
}

function check(q, { calls, answer }) {
  const problems = [];
  if (q.noTool) {
    if (calls.length) problems.push(`expected no tool, got ${calls.map((c) => c.name).join(', ')}`);
  } else {
    const names = calls.map((c) => c.name);
    if (JSON.stringify(names) !== JSON.stringify(q.tools)) problems.push(`tools: expected ${q.tools.join(', ')}, got ${names.join(', ') || 'none'}`);
    else problems.push(...argDiffs(q.args, calls[0]?.arguments));
  }
  if (answer !== null) {
    for (const f of expectedFacts(q)) if (!answer.includes(f)) problems.push(`answer lacks "${f}"`);
  }
  return problems;
}

/* ---------------------------------------------------------------------------------------------
 * First-turn mode: the compiled provider with the PSGC reference names, no database
 * ------------------------------------------------------------------------------------------- */

async function runFirstTurn() {
  const { BuiltinLlmProvider } = require(dist('modules/aria/builtin/builtin.provider.js'));
  const { referencePlaceRecords } = require(dist('modules/places/reference-places.js'));
  const t0 = performance.now();
  const places = referencePlaceRecords();
  const provider = new BuiltinLlmProvider();
  provider.usePlaces(places.filter((p) => p.level !== 'barangay'), places.filter((p) => p.level === 'barangay'));
  await provider.understand('warm up');
  console.log(`provider ready with ${places.length.toLocaleString('en-US')} PSGC names in ${(performance.now() - t0).toFixed(0)} ms`);

  const results = [];
  for (const q of selected) {
    const messages = [{ role: 'system', content: domain.ARIA_SYSTEM_PROMPT ?? 'system' }, ...(q.history ?? []), { role: 'user', content: q.question }];
    const started = performance.now();
    const turn = await provider.turn(messages);
    let calls = [];
    let answer = null;
    if ('calls' in turn) {
      calls = turn.calls.map((c) => ({ name: c.name, arguments: c.arguments }));
      // finance questions: hand back what the finance tools compute and read the composed answer
      const data = formulaData(q);
      if (Object.keys(data).length && calls.every((c) => data[c.name])) {
        const toolCalls = calls.map((c, i) => ({ id: `call_${i}`, name: c.name, arguments: JSON.stringify(c.arguments) }));
        const second = await provider.turn([
          ...messages,
          { role: 'assistant', content: '', toolCalls },
          ...toolCalls.map((c) => ({ role: 'tool', toolCallId: c.id, name: c.name, content: JSON.stringify({ untrusted: true, data: data[c.name] }) })),
        ]);
        answer = 'sentences' in second ? second.sentences.join(' ') : '';
      }
    } else {
      answer = turn.sentences.join(' ');
    }
    const ms = performance.now() - started;
    // facts of tool answers are checked only where this mode composes the answer
    const checked = answer === null ? { ...q, facts: [], formula: undefined } : q;
    results.push({ q, ms, calls, answer, problems: check(checked, { calls, answer }), factsChecked: answer !== null });
  }
  return results;
}

/* ---------------------------------------------------------------------------------------------
 * End-to-end mode: the built API, POST /api/ai/chat
 * ------------------------------------------------------------------------------------------- */

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** The first (cold) answer's time in the end-to-end mode. */
let coldMs = null;

async function runEndToEnd() {
  const pg = require(require.resolve('pg', { paths: [root] }));
  let server = null;
  let dir = null;
  let scratch = null;
  const base = new URL(args.url ?? `http://127.0.0.1:${args.port}`);
  let token = args.token;
  try {
    if (!args.url) {
      dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-aria-eval-'));
      const env = {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: args.database,
        REDIS_URL: args.redis,
        REDIS_PREFIX: `aria_eval_${randomBytes(3).toString('hex')}`,
        JWT_SECRET: randomBytes(32).toString('hex'),
        KYC_MASTER_KEY: randomBytes(32).toString('base64'),
        // info: the search index says when it has loaded the listings
        LOG_LEVEL: 'info',
        STORAGE_DIR: path.join(dir, 'uploads'),
        MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
        ARIA_PROVIDER: 'builtin',
        // 60+ questions in a minute or two: above the per-member chat limit (ARIA_CHAT_PER_MINUTE)
        ARIA_CHAT_PER_MINUTE: '100000',
      };
      if (args.seed) {
        const { scratchDatabase } = await import('./scratch-database.mjs');
        scratch = scratchDatabase(args.database);
        await scratch.recreate();
        console.log(`seeding the demo data into ${scratch.name} ...`);
        execFileSync(process.execPath, [dist('seed-demo.js')], { env: { ...env, DB_MIGRATE: 'true' }, stdio: ['ignore', 'ignore', 'inherit'] });
      }
      server = spawn(process.execPath, [dist('main.js')], {
        env: { ...env, ROLE: 'all', PORT: args.port, HOST: '127.0.0.1', DB_MIGRATE: 'false', SEED_DEMO: 'false' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      server.stdout.on('data', (d) => (out = (out + d).slice(-20000)));
      const until = Date.now() + 900_000;
      // ready when it serves and its search index holds the listings (members' searches read it)
      while (!out.includes('Tahanan is running') || !/Loaded \d+ public listings for search/.test(out)) {
        if (server.exitCode !== null || Date.now() > until) throw new Error(`the server did not start:\n${out}`);
        await sleep(100);
      }
    }
    if (!token) {
      // a staff member: no daily message limit of the Free plan in the way of 60+ questions
      const client = new pg.Client({ connectionString: args.database });
      await client.connect();
      const argon2 = require(require.resolve('argon2', { paths: [path.join(root, 'apps/api')] }));
      const email = `aria.eval.${randomBytes(3).toString('hex')}@example.ph`;
      const password = 'aria-eval-password-1';
      // a member on Premium (unlimited chat), not staff: staff searches read PostgreSQL, members' the in-memory index
      const { rows } = await client.query(
        `insert into users (email, first_name, last_name, role, type, password_hash, is_verified) values ($1, 'ARIA', 'Eval', 'user', 'customer', $2, true) returning id`,
        [email, await argon2.hash(password, { type: argon2.argon2id })],
      );
      await client.query(
        `insert into subscriptions (user_id, plan, billing_period, status, started_at, source, note) values ($1, 'premium', 'lifetime', 'active', now(), 'staff', 'ARIA eval')`,
        [rows[0].id],
      );
      await client.end();
      const res = await fetch(new URL('/api/user/login', base), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
      token = (await res.json()).token;
    }
    // the first answer loads the place names and the sentence-embedding model: timed apart, not in p50/p95
    const coldStarted = performance.now();
    const cold = await fetch(new URL('/api/ai/chat', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ message: 'condo for rent in Makati with a balcony' }),
    });
    await cold.text();
    coldMs = performance.now() - coldStarted;
    const results = [];
    const chat = (message, conversationId) =>
      fetch(new URL('/api/ai/chat', base), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(conversationId ? { message, conversationId } : { message }),
      });
    for (const q of selected) {
      if (q.history?.length && !q.chain?.length) {
        results.push({ q, skipped: 'needs an earlier answer in the conversation' });
        continue;
      }
      // a follow-up: its earlier questions first, in the same conversation (not timed)
      let conversationId;
      let previousCards = [];
      for (const earlier of q.chain ?? []) {
        const r = await chat(earlier, conversationId);
        const b = await r.json();
        conversationId = b.conversationId;
        previousCards = (b.answer?.toolCalls ?? []).flatMap((t) => t.cards ?? []).map((c) => c.code);
      }
      if (q.argsFromPrevious) {
        q.args = { ...q.args };
        for (const [k, n] of Object.entries(q.argsFromPrevious)) q.args[k] = k === 'listings' ? previousCards.slice(0, n) : previousCards[n - 1];
      }
      const started = performance.now();
      const res = await chat(q.question, conversationId);
      const ms = performance.now() - started;
      if (res.status !== 200 && res.status !== 201) {
        results.push({ q, ms, calls: [], answer: '', problems: [`POST /api/ai/chat answered ${res.status}: ${(await res.text()).slice(0, 200)}`], factsChecked: true });
        continue;
      }
      const body = await res.json();
      const calls = (body.answer?.toolCalls ?? []).map((t) => ({ name: t.name, arguments: t.arguments }));
      const answer = body.answer?.content ?? '';
      // the first round's calls only: a widened search or a follow-up call after get_listing comes later
      const firstRound = q.tools ? calls.slice(0, q.tools.length) : calls;
      const problems = check(q, { calls: firstRound, answer });
      // the answer cites every listing its tools showed as cards (the codes are the product's own data)
      const codes = [...new Set((body.answer?.toolCalls ?? []).flatMap((t) => (t.cards ?? []).map((c) => c.code)))];
      for (const code of codes) if (!answer.includes(code)) problems.push(`answer does not cite listing ${code} of its tool results`);
      results.push({ q, ms, calls: firstRound, answer, problems, factsChecked: true, citedCodes: codes.length });
    }
    return results;
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await Promise.race([new Promise((r) => server.once('exit', r)), sleep(5000)]);
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (scratch && !args.keep) await scratch.drop();
  }
}

/* ---------------------------------------------------------------------------------------------
 * Report
 * ------------------------------------------------------------------------------------------- */

const results = endToEnd ? await runEndToEnd() : await runFirstTurn();
const ran = results.filter((r) => !r.skipped);
const structured = ran.filter((r) => !r.q.noTool);
const ok = (r) => r.problems.length === 0;
const share = (list) => (list.length ? `${list.filter(ok).length}/${list.length} (${((100 * list.filter(ok).length) / list.length).toFixed(1)} %)` : 'n/a');
const times = ran.map((r) => r.ms).sort((a, b) => a - b);
const pct = (p) => (times.length ? times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] : NaN);

for (const r of ran) {
  if (!ok(r) || args.verbose) {
    console.log(`${ok(r) ? 'ok  ' : 'FAIL'} ${r.q.id.padEnd(11)} ${r.q.question}`);
    for (const p of r.problems) console.log(`       ${p}`);
    if (args.verbose) console.log(`       calls: ${JSON.stringify(r.calls)}${r.answer ? `\n       answer: ${r.answer.slice(0, 400)}` : ''}`);
  }
}
const mode = endToEnd ? 'end to end (POST /api/ai/chat, built-in provider)' : 'first turn (provider alone: intent, slots, places; finance and guardrail answers composed)';
console.log(`\nARIA eval, ${mode}`);
console.log(`  structured questions correct (tool + arguments${endToEnd ? ' + facts' : ' + facts where composed'}): ${share(structured)}  (target ≥ 90 %)`);
console.log(`  all questions correct:                       ${share(ran)}`);
const heldOut = ran.filter((r) => r.q.heldOut);
if (heldOut.length) console.log(`  heldOut (written after the first tuning):   ${share(heldOut)}`);
if (endToEnd) console.log(`  listing codes of the tool cards cited in the answers: ${ran.reduce((n, r) => n + (r.citedCodes ?? 0), 0)} checked`);
console.log(`  facts checked on ${ran.filter((r) => r.factsChecked).length} answers; ${results.length - ran.length} skipped${results.length - ran.length ? ' (they need an earlier answer in the conversation)' : ''}`);
console.log(`  answer time: p50 ${pct(50).toFixed(2)} ms, p95 ${pct(95).toFixed(2)} ms (${ran.length} questions)${coldMs !== null ? `; the first answer after start (cold): ${coldMs.toFixed(0)} ms` : ''}`);
if (args.json) {
  writeFileSync(args.json, JSON.stringify({ mode: endToEnd ? 'end-to-end' : 'first-turn', structured: share(structured), all: share(ran), p50: pct(50), p95: pct(95), coldMs, results: results.map((r) => ({ id: r.q.id, ms: r.ms, ok: r.skipped ? null : ok(r), problems: r.problems ?? [], skipped: r.skipped, calls: r.calls, answer: r.answer })) }, null, 2));
}
process.exit(structured.length && structured.filter(ok).length / structured.length >= 0.9 ? 0 : 1);
