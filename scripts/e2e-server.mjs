#!/usr/bin/env node
// The server Playwright tests against: the built app on port 3100 with a fresh PostgreSQL database
// and its own Redis key prefix. Needs `npm run build` first.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const main = path.join(ROOT, 'apps/api/dist/main.js');
if (!existsSync(main) || !existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
  console.error('The app is not built: run "npm run build" first.');
  process.exit(1);
}
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = 'tahanan_e2e';
const psql = (sql) => spawnSync('psql', [adminUrl, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { stdio: 'inherit' });
if (psql(`drop database if exists ${database} with (force)`).status !== 0 || psql(`create database ${database}`).status !== 0) {
  console.error('Could not create the e2e database; is PostgreSQL running?');
  process.exit(1);
}
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${database}`;
const port = process.env.E2E_PORT ?? '3100';
const dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-e2e-'));

const child = spawn(process.execPath, [main], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    ROLE: 'all',
    PORT: port,
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: dbUrl.toString(),
    REDIS_PREFIX: `e2e_${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'warn',
    STORAGE_DIR: path.join(dir, 'uploads'),
    MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
    SEED_DEMO: 'true',
    // every browser of the run connects from 127.0.0.1
    SOCKET_HANDSHAKES_PER_MINUTE: '600',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
