#!/usr/bin/env node
// Page load on a slow phone connection: loads pages of a RUNNING Tahanan server (it starts nothing)
// in headless Chromium with DevTools network throttling (default 1.6 Mbps down, 750 kbps up,
// 150 ms round trip), a cold cache (a new browser context per load) and optionally a slowed CPU,
// and prints first contentful paint, largest contentful paint, the time the first search result
// appears and the bytes that came over the network.
//
//   node bench/phone-load.mjs --url http://127.0.0.1:3450 --runs 5 [--cpu 4] [--pages /,/listings]
//
// Options: --url (default http://127.0.0.1:3000), --runs (5), --cpu (CPU slow-down factor, 1 = none),
// --down / --up (kbit/s, 1600 / 750), --rtt (ms, 150), --pages (comma list; default "/,/listings"),
// --chromium (default /usr/bin/chromium or CHROMIUM_PATH), --json (print the raw runs as JSON too).
// A page counts as "results" when an element matching --results (default [data-testid="listing-card"])
// appears; that is measured on every page that shows one (the home page has none).
/* global window, document, requestAnimationFrame, MutationObserver -- the probe and checks run in the page */
import { chromium } from 'playwright-core';
import { parseArgs } from 'node:util';

const { values: opts } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    runs: { type: 'string', default: '5' },
    cpu: { type: 'string', default: '1' },
    down: { type: 'string', default: '1600' },
    up: { type: 'string', default: '750' },
    rtt: { type: 'string', default: '150' },
    pages: { type: 'string', default: '/,/listings' },
    results: { type: 'string', default: '[data-testid="listing-card"]' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    timeout: { type: 'string', default: '30000' },
    json: { type: 'boolean', default: false },
  },
});

const runs = Number(opts.runs);
const cpu = Number(opts.cpu);
const kbit = (v) => (Number(v) * 1000) / 8; // bytes per second
const network = { offline: false, latency: Number(opts.rtt), downloadThroughput: kbit(opts.down), uploadThroughput: kbit(opts.up) };
const timeout = Number(opts.timeout);
const pages = opts.pages.split(',').map((p) => p.trim()).filter(Boolean);

// Runs in the page before any of its scripts: records paints and when the first result shows up.
const PROBE = (selector) => {
  const m = (window.__bench = { fcp: null, lcp: null, results: null });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') m.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    m.lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const check = () => {
    if (m.results === null && document.querySelector(selector)) {
      // the element is in the DOM; count it once it has been painted
      requestAnimationFrame(() => { m.results = performance.now(); });
      return true;
    }
    return m.results !== null;
  };
  const start = () => {
    if (check()) return;
    const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
    observer.observe(document.documentElement, { childList: true, subtree: true });
  };
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start);
};

async function loadOnce(browser, pagePath) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  await context.addInitScript(PROBE, opts.results);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', network);
  if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  let bytes = 0;
  let requests = 0;
  let jsBytes = 0;
  const types = new Map();
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    requests += 1;
    if (types.get(e.requestId) === 'Script') jsBytes += e.encodedDataLength;
  });
  const url = new URL(pagePath, opts.url).href;
  await page.goto(url, { waitUntil: 'load', timeout });
  const wantsResults = pagePath.startsWith('/listings');
  if (wantsResults) await page.waitForFunction(() => window.__bench.results !== null, null, { timeout, polling: 50 });
  // let the page settle (lazy chunks, the search answer, images) before counting the bytes
  await page.waitForLoadState('networkidle', { timeout }).catch(() => {});
  const m = await page.evaluate(() => window.__bench);
  await context.close();
  return { page: pagePath, fcp: m.fcp, lcp: m.lcp, results: wantsResults ? m.results : null, bytes, jsBytes, requests };
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null && x !== undefined).sort((a, b) => a - b);
  if (!s.length) return null;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const ms = (v) => (v === null ? '—' : `${Math.round(v)}`);
const kb = (v) => (v === null ? '—' : `${(v / 1024).toFixed(0)}`);

const browser = await chromium.launch({ executablePath: opts.chromium, headless: true, args: ['--no-sandbox'] });
const all = [];
try {
  for (const pagePath of pages) {
    await loadOnce(browser, pagePath); // warm the server (its own caches), not the browser
    for (let i = 0; i < runs; i++) all.push(await loadOnce(browser, pagePath));
  }
} finally {
  await browser.close();
}

console.log(`${opts.url}: ${opts.down} kbit/s down, ${opts.up} kbit/s up, ${opts.rtt} ms RTT, CPU ×${cpu}, cold cache, ${runs} runs per page (median; min–max)`);
console.log('| Page | FCP ms | LCP ms | First results ms | KiB transferred | of it JS KiB | Requests |');
console.log('|---|---|---|---|---|---|---|');
for (const pagePath of pages) {
  const rs = all.filter((r) => r.page === pagePath);
  const col = (key, fmt) => {
    const xs = rs.map((r) => r[key]).filter((x) => x !== null);
    if (!xs.length) return '—';
    return `${fmt(median(xs))} (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`;
  };
  console.log(`| \`${pagePath}\` | ${col('fcp', ms)} | ${col('lcp', ms)} | ${col('results', ms)} | ${col('bytes', kb)} | ${col('jsBytes', kb)} | ${col('requests', String)} |`);
}
if (opts.json) console.log(JSON.stringify(all, null, 2));
