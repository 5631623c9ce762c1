#!/usr/bin/env node
// Compares the answer times of POST /api/user/request/reset-password for an e-mail that has an
// account and one that has none (an enumeration oracle if they differ). Not a test: run it against
// a running API that trusts X-Forwarded-For (TRUST_PROXY=true), so the per-address limits do not trip.
//
//   node bench/reset-request-timing.mjs --url http://localhost:3000 --known a@example.ph,b@example.ph
//
// Each request comes from its own made-up client address; an e-mail address may be asked 5 times an
// hour, so each known account is asked 5 times (pass several for more samples) and gets 5 reset
// mails: use a throwaway database (e.g. the demo seed's accounts).
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    known: { type: 'string' },
  },
});
if (!args.known) {
  console.error('--known <e-mail of an existing account> is required');
  process.exit(2);
}
const knownEmails = args.known.split(',').map((e) => e.trim()).filter(Boolean);

async function timeOne(email, i) {
  const started = process.hrtime.bigint();
  const res = await fetch(`${args.url}/api/user/request/reset-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${Math.floor(i / 250)}.${i % 250}` },
    body: JSON.stringify({ email }),
  });
  await res.text();
  if (res.status !== 200) throw new Error(`${email}: ${res.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const known = [];
const unknown = [];
let n = 0;
for (let round = 0; round < 5; round++) {
  for (const email of knownEmails) {
    // alternate, so drift in the server's load hits both alike
    known.push(await timeOne(email, n++));
    unknown.push(await timeOne(`nobody.${Date.now().toString(36)}.${n}@example.ph`, n++));
  }
}
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(2);
  return `median ${q(0.5)} ms, p90 ${q(0.9)} ms (n=${s.length})`;
};
console.log(`known   ${stats(known)}`);
console.log(`unknown ${stats(unknown)}`);
