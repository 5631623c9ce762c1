import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import Redis from 'ioredis';
import { templateDb, testDbPrefix, urlFor, withAdmin } from './db-admin';

export const MAIN = path.resolve(__dirname, '..', 'dist', 'main.js');
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** A database of its own cloned from the migrated template, for processes started by a test. */
export async function createTestDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${testDbPrefix()}${randomBytes(4).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database "${name}" template "${templateDb()}"`));
  return {
    name,
    url: urlFor(name),
    drop: () => withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}

export async function clearRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}

/**
 * The environment every built server a test starts shares: its own database (already migrated: no
 * migration, no demo seed), its own Redis prefix, a JWT secret (the same for every process of a
 * test, so a token from one is valid on the others) and its files under `dir`. `extra` adds or
 * overrides (ROLE, NODE_ENV, the fault tests' lock times ...).
 */
export function builtServerEnv(
  q: { databaseUrl: string; redisPrefix: string; dir: string; jwtSecret: string },
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    DATABASE_URL: q.databaseUrl,
    REDIS_PREFIX: q.redisPrefix,
    JWT_SECRET: q.jwtSecret,
    SEED_DEMO: 'false',
    DB_MIGRATE: 'false',
    STORAGE_DIR: path.join(q.dir, 'uploads'),
    MAIL_OUTBOX_DIR: path.join(q.dir, 'outbox'),
    ...extra,
  };
}

export interface ApiProcess {
  base: string;
  port: number;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts the built server (`npm run build:api` first) and waits until it says it is running (or `readyLine`, e.g. a worker's). */
export async function startApiProcess(env: Record<string, string>, timeoutMs = 30000, readyLine = 'Tahanan is running'): Promise<ApiProcess> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run "npm run build:api" first`);
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', REDIS_URL, LOG_LEVEL: 'warn', ...env },
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const until = Date.now() + timeoutMs;
  while (!out.includes(readyLine)) {
    if (child.exitCode !== null || Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
      await exited;
      clearTimeout(timer);
    },
  };
}
