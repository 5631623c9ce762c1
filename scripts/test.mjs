#!/usr/bin/env node
// `npm test`: every check of the repository, in order: lint, type check, build, generated-code drift,
// API unit + integration tests (real PostgreSQL and Redis), the ARIA eval (the built-in assistant end to
// end on a demo-seeded scratch database; fails below 90 % of the structured questions), web unit tests,
// Playwright end to end.
// Runs every step even after a failure, prints a summary, and exits non-zero if anything failed.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run } from './lib.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const out = mkdtempSync(path.join(os.tmpdir(), 'tahanan-test-'));
const results = [];
const counts = { passed: 0, failed: 0, skipped: 0 };

function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  } catch {
    return null;
  }
}

async function step(name, args, collect, command = npm) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const code = await run(command, args);
  const tally = collect?.();
  if (tally) {
    counts.passed += tally.passed;
    counts.failed += tally.failed;
    counts.skipped += tally.skipped;
  }
  // A runner that exits 0 but ran nothing (or reported failures) is a failure too.
  const ok = code === 0 && (!collect || (tally && tally.failed === 0 && tally.passed > 0));
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000), tally });
}

const jestJson = path.join(out, 'api.json');
const vitestJson = path.join(out, 'web.json');
const playwrightJson = path.join(out, 'e2e.json');
const fromJest = (file) => () => {
  const r = readJson(file);
  return r && { passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0), skipped: r.numPendingTests };
};

await step('lint', ['run', 'lint']);
await step('type check', ['run', 'typecheck']);
await step('build', ['run', 'build']);
await step('generated OpenAPI and RTK Query hooks are current', ['run', 'check:generated']);
await step('API unit and integration tests (Jest)', ['test', '-w', 'apps/api', '--', '--json', `--outputFile=${jestJson}`], fromJest(jestJson));
const evalDatabase = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
evalDatabase.pathname = `/tahanan_aria_eval_${process.pid}`;
await step('ARIA eval (built-in assistant, end to end on the demo data)', ['bench/aria-eval.mjs', '--database', evalDatabase.toString(), '--seed'], undefined, process.execPath);
await step(
  'web unit tests (Vitest)',
  ['test', '-w', 'apps/web', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  fromJest(vitestJson),
);
process.env.PLAYWRIGHT_JSON_OUTPUT_FILE = playwrightJson;
process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = playwrightJson;
await step('end-to-end tests (Playwright, Chromium)', ['run', 'e2e', '-w', 'apps/web', '--', '--reporter=list,json'], () => {
  const r = readJson(playwrightJson);
  return r && { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped };
});

console.log('\n=== summary ===');
for (const r of results) {
  const tally = r.tally ? ` (${r.tally.passed} passed, ${r.tally.failed} failed, ${r.tally.skipped} skipped)` : '';
  console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}${tally}  ${r.seconds}s`);
}
const failedSteps = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failedSteps} of ${results.length} passed`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedSteps ? 1 : 0);
