#!/usr/bin/env node
// The JavaScript a first visit must load before the app can start: the entry script of the built
// index.html and every chunk it modulepreloads (its static imports), raw and gzip-compressed.
//   node bench/initial-js.mjs [apps/web/dist]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export function initialScripts(dist) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const urls = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1]);
  return [...new Set(urls)].map((url) => {
    const code = readFileSync(path.join(dist, url.replace(/^\//, '')));
    return { url, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
  const files = initialScripts(dist);
  for (const f of files) console.log(`${(f.gzip / 1000).toFixed(1).padStart(7)} kB gzip ${(f.raw / 1000).toFixed(1).padStart(7)} kB raw  ${f.url}`);
  const sum = (k) => files.reduce((s, f) => s + f[k], 0);
  console.log(`${(sum("gzip") / 1000).toFixed(1).padStart(7)} kB gzip ${(sum("raw") / 1000).toFixed(1).padStart(7)} kB raw  initial JS (${files.length} files)`);
}
