#!/usr/bin/env node
// `npm start`: installs what is missing, builds what is stale, then runs the whole app (role `all`):
// the API, the workers and the web app on one port. Migrations, the reference places (PSGC), the shipped
// points of interest (Legazpi City, OpenStreetMap; apps/api/data/poi/) and the one-time demo seed run at boot.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, mtime, newestMtime, run } from './lib.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

async function step(label, command, args) {
  console.log(`> ${label}`);
  const code = await run(command, args);
  if (code !== 0) {
    console.error(`${label} failed (exit ${code}).`);
    process.exit(code);
  }
}

if (!existsSync(path.join(ROOT, 'node_modules', '.package-lock.json')) || mtime('package-lock.json') > mtime('node_modules/.package-lock.json')) {
  await step('Installing dependencies (npm ci)', npm, ['ci', '--no-audit', '--no-fund']);
}

const apiSources = newestMtime(['libs/domain/src', 'libs/db/src', 'libs/db/migrations', 'apps/api/src', 'apps/api/tsconfig.build.json']);
if (apiSources > mtime('apps/api/dist/main.js')) {
  await step('Building the API', npm, ['run', 'build:api']);
}
const webSources = newestMtime(['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'libs/domain/src']);
if (webSources > mtime('apps/web/dist/index.html')) {
  await step('Building the web app', npm, ['run', 'build', '-w', 'apps/web']);
}

const child = spawn(process.execPath, ['apps/api/dist/main.js'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ROLE: 'all', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
