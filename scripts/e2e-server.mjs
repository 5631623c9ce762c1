#!/usr/bin/env node
// The server Playwright tests against: the built app on E2E_PORT (3100) with a fresh PostgreSQL database
// (E2E_DATABASE, tahanan_e2e: dropped and created again), its own Redis key prefix, and a local OpenID
// provider standing in for Google on E2E_OAUTH_PORT (3101, see e2e-oauth-provider.mjs). E-mail goes to
// the outbox E2E_OUTBOX_DIR (default <tmp>/tahanan-e2e-<E2E_PORT>/outbox, emptied at start), where the
// specs read it. Needs `npm run build` first.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_OAUTH_CLIENT, startE2eOAuthProvider } from './e2e-oauth-provider.mjs';
import { ROOT } from './lib.mjs';

const main = path.join(ROOT, 'apps/api/dist/main.js');
if (!existsSync(main) || !existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
  console.error('The app is not built: run "npm run build" first.');
  process.exit(1);
}
const port = process.env.E2E_PORT ?? '3100';
const oauthPort = process.env.E2E_OAUTH_PORT ?? '3101';
const database = process.env.E2E_DATABASE ?? 'tahanan_e2e';
for (const [name, value] of [['E2E_PORT', port], ['E2E_OAUTH_PORT', oauthPort]]) {
  if (!/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > 65535) {
    console.error(`${name} must be a port number (1-65535), not "${value}".`);
    process.exit(1);
  }
}
if (port === oauthPort) {
  console.error('E2E_PORT and E2E_OAUTH_PORT must differ.');
  process.exit(1);
}
// the name goes into SQL below: a plain lower-case identifier only
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(database)) {
  console.error(`E2E_DATABASE must be a lower-case PostgreSQL name (letters, digits, _), not "${database}".`);
  process.exit(1);
}

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const psql = (sql) => spawnSync('psql', [adminUrl, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { stdio: 'inherit' });
if (psql(`drop database if exists ${database} with (force)`).status !== 0 || psql(`create database ${database}`).status !== 0) {
  console.error('Could not create the e2e database; is PostgreSQL running?');
  process.exit(1);
}
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${database}`;
const dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-e2e-'));
// the specs compute the same default from the port they test (apps/web/e2e/social-sign-in.spec.ts)
const outboxDir = process.env.E2E_OUTBOX_DIR ?? path.join(os.tmpdir(), `tahanan-e2e-${port}`, 'outbox');
rmSync(outboxDir, { recursive: true, force: true });
mkdirSync(outboxDir, { recursive: true });

let provider;
try {
  provider = await startE2eOAuthProvider({ port: Number(oauthPort), host: '127.0.0.1' });
} catch (error) {
  console.error(`Could not start the e2e OAuth provider on 127.0.0.1:${oauthPort}: ${error.message}`);
  process.exit(1);
}

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
    MAIL_OUTBOX_DIR: outboxDir,
    SEED_DEMO: 'true',
    // every browser of the run connects from 127.0.0.1
    SOCKET_HANDSHAKES_PER_MINUTE: '600',
    // ...and signs up from there: specs sign up members of their own rather than share demo accounts
    // (a run with retries or --repeat-each passes the default 20 an hour)
    SIGNUP_PER_IP_PER_HOUR: '500',
    // instant saved-search alerts go out a few seconds after a match, not at the end of the minute
    SAVED_SEARCH_ALERT_BATCH_MS: process.env.SAVED_SEARCH_ALERT_BATCH_MS ?? '3000',
    // "Continue with Google" goes to the local provider
    GOOGLE_CLIENT_ID: E2E_OAUTH_CLIENT.id,
    GOOGLE_CLIENT_SECRET: E2E_OAUTH_CLIENT.secret,
    GOOGLE_AUTH_URL: `${provider.url}/authorize`,
    GOOGLE_TOKEN_URL: `${provider.url}/token`,
    GOOGLE_PROFILE_URL: `${provider.url}/userinfo`,
    FACEBOOK_CLIENT_ID: '',
    FACEBOOK_CLIENT_SECRET: '',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  void provider.close().then(() => process.exit(code ?? 0));
});
