#!/usr/bin/env node
// Fails when openapi/openapi.json or the RTK Query hooks differ from what the code generates.
// Run after `npm run build` (the export reads the compiled API).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, run } from './lib.mjs';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tahanan-gen-'));
const spec = path.join(tmp, 'openapi.json');
// Written beside the real file: the generator writes import paths relative to its output.
const hooks = path.join(ROOT, 'apps/web/src/lib/api/generated.check.ts');

if ((await run(process.execPath, ['apps/api/dist/openapi/export-openapi.js', spec], { stdio: 'ignore' })) !== 0) {
  console.error('OpenAPI export failed');
  process.exit(1);
}
const codegen = await run('npx', ['rtk-query-codegen-openapi', 'openapi-config.cjs'], {
  cwd: path.join(ROOT, 'apps/web'),
  stdio: 'ignore',
  env: { ...process.env, RTK_CODEGEN_SCHEMA: spec, RTK_CODEGEN_OUT: hooks },
});
if (codegen !== 0) {
  console.error('RTK Query codegen failed');
  process.exit(1);
}
let stale = 0;
for (const [fresh, committed] of [
  [spec, 'openapi/openapi.json'],
  [hooks, 'apps/web/src/lib/api/generated.ts'],
]) {
  let current = '';
  try {
    current = readFileSync(path.join(ROOT, committed), 'utf8');
  } catch {
    // a missing file counts as out of date
  }
  if (readFileSync(fresh, 'utf8') !== current) {
    console.error(`${committed} is out of date: run "npm run generate" and commit the result.`);
    stale++;
  }
}
rmSync(hooks, { force: true });
rmSync(tmp, { recursive: true, force: true });
if (stale) process.exit(1);
console.log('openapi/openapi.json and generated.ts match the code.');
