#!/usr/bin/env node
// Load test of the search API against a running server: 10 concurrent keep-alive clients per shape,
// for a fixed time each; reports requests/s and latency percentiles (p50, p95, p99) per shape.
//
//   node bench/search-load.mjs --url http://127.0.0.1:3000 --seconds 20 --concurrency 10
//
// Shapes: /api/health; a text + city + type + price range + newest-first search; a map bounding-box
// search. Cities and boxes are drawn from the busiest cities of the database behind the server.
import http from 'node:http';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    seconds: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '10' },
    shapes: { type: 'string', default: 'health,text,box' },
    select: { type: 'string' },
  },
});
const base = new URL(args.url);
const seconds = Number(args.seconds);
const concurrency = Number(args.concurrency);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function request(method, path, body) {
  return new Promise((resolve, reject) => {
    const payload = body ? Buffer.from(JSON.stringify(body)) : undefined;
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {},
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function run(name, next) {
  const latencies = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const { method, path, body } = next();
        const t = process.hrtime.bigint();
        const res = await request(method, path, body);
        latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
        if (res.status !== 200) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const result = {
    shape: name,
    requests: latencies.length,
    rps: Math.round(latencies.length / seconds),
    p50: +pct(latencies, 50).toFixed(1),
    p95: +pct(latencies, 95).toFixed(1),
    p99: +pct(latencies, 99).toFixed(1),
    errors,
  };
  console.log(JSON.stringify(result));
  return result;
}

// What to ask for: the busiest cities and their centres, from the server's own data.
const facets = JSON.parse((await request('POST', '/api/listing/filter', {})).body);
const cities = facets.cities.slice(0, 10);
if (!cities.length) throw new Error('The server has no listings: run bench/generate-listings.mjs first');
const centres = [];
for (const c of cities) {
  const res = JSON.parse((await request('POST', '/api/listing/search', { match: { city: [c.code] }, limit: 1, select: 'location' })).body);
  if (res.listings[0]) centres.push(res.listings[0].location);
}
const words = ['condo', 'house', 'lot', 'townhouse', 'office', 'retail'];
const pick = (list) => list[Math.floor(Math.random() * list.length)];

const shapes = new Set(args.shapes.split(','));
const results = [];
if (shapes.has('health')) results.push(await run('health', () => ({ method: 'GET', path: '/api/health' })));
if (shapes.has('text')) results.push(
  await run('text+city+type+price, newest', () => ({
    method: 'POST',
    path: '/api/listing/search',
    body: {
      fuzzySearch: pick(words),
      match: { city: [pick(cities).code], type: [pick(['residential', 'commercial', 'land'])], price: { min: 20000, max: 20000000 } },
      sort: '-createdAt',
      limit: 10,
      ...(args.select ? { select: args.select } : {}),
    },
  })),
);
if (shapes.has('box')) results.push(
  await run('map bounding box', () => {
    const c = pick(centres);
    const h = 0.01 + Math.random() * 0.02;
    return {
      method: 'POST',
      path: '/api/listing/search',
      body: { bounds: { north: c.lat + h, south: c.lat - h, east: c.lng + h, west: c.lng - h }, limit: 10, ...(args.select ? { select: args.select } : {}) },
    };
  }),
);
const health = results.find((r) => r.shape === 'health')?.rps;
for (const r of health ? results.filter((r) => r.shape !== 'health') : []) {
  console.log(`${r.shape}: ${r.rps} req/s (${((r.rps / health) * 100).toFixed(0)}% of health), p95 ${r.p95} ms, p99 ${r.p99} ms`);
}
agent.destroy();
