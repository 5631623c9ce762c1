#!/usr/bin/env node
// Fails when openapi/openapi.json or the RTK Query hooks differ from what the code generates.
// Run after `npm run build` (the export reads the compiled API).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, run } from './lib.mjs';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tahanan-gen-'));
const spec = path.join(tmp, 'openapi.json');
// Written beside the real files (generated.check.ts, generated-shell.check.ts): the generator writes
// import paths relative to its output.
const API_DIR = 'apps/web/src/lib/api';
const HOOK_FILES = ['generated.ts', 'generated-shell.ts'];
const checkFile = (name) => path.join(ROOT, API_DIR, name.replace(/\.ts$/, '.check.ts'));

if ((await run(process.execPath, ['apps/api/dist/openapi/export-openapi.js', spec], { stdio: 'ignore' })) !== 0) {
  console.error('OpenAPI export failed');
  process.exit(1);
}
const codegen = await run('npx', ['rtk-query-codegen-openapi', 'openapi-config.cjs'], {
  cwd: path.join(ROOT, 'apps/web'),
  stdio: 'ignore',
  env: { ...process.env, RTK_CODEGEN_SCHEMA: spec, RTK_CODEGEN_SUFFIX: '.check' },
});
if (codegen !== 0) {
  console.error('RTK Query codegen failed');
  process.exit(1);
}
let stale = 0;
for (const [fresh, committed] of [
  [spec, 'openapi/openapi.json'],
  ...HOOK_FILES.map((name) => [checkFile(name), `${API_DIR}/${name}`]),
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
for (const name of HOOK_FILES) rmSync(checkFile(name), { force: true });
rmSync(tmp, { recursive: true, force: true });
if (stale) process.exit(1);
console.log('openapi/openapi.json, generated.ts and generated-shell.ts match the code.');
