import { randomUUID } from 'node:crypto';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import argon2 from 'argon2';
import Redis from 'ioredis';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { users, type NewUserRow } from '@app/db';
import { AppModule } from '../src/app.module';
import { loadConfig, type AppConfig } from '../src/common/config/config';
import { DB, type Database } from '../src/common/db/database.module';
import { configureHttpApp, NEST_HTTP_OPTIONS } from '../src/http-app';
import { ListingSearchIndexService } from '../src/modules/listings/search-index/listing-search-index.service';
import { templateDb, testDbPrefix, urlFor, withAdmin } from './db-admin';

export interface TestApp {
  app: INestApplication;
  http: TestAgent;
  config: AppConfig;
  db: Database;
  dir: string;
  close(): Promise<void>;
}

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Boots the whole app (role `all`, workers included) on a fresh database cloned from the migrated
 * template, with its own Redis key prefix and its own file folders.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const name = `${testDbPrefix()}${randomBytes(4).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database "${name}" template "${templateDb()}"`));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-test-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Tahanan</title><div id="root"></div>');
  const config = loadConfig({
    NODE_ENV: 'test',
    ROLE: 'all',
    DATABASE_URL: urlFor(name),
    DATABASE_POOL_SIZE: '5',
    DB_MIGRATE: 'false',
    SEED_DEMO: 'false',
    REDIS_URL,
    REDIS_PREFIX: name,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    STORAGE_DIR: path.join(dir, 'uploads'),
    MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
    WEB_DIST: dir,
    APP_URL: 'http://localhost:5173',
    // other features' suites make many listings per member; the plan limits have their own tests
    PLAN_LISTING_LIMITS: 'false',
    // listing embeddings cost CPU on every listing a suite creates; ARIA's suites turn them on
    ARIA_EMBEDDINGS: 'off',
    ...env,
  });
  const app = await NestFactory.create(AppModule.forRole(config), { ...NEST_HTTP_OPTIONS, logger: false });
  configureHttpApp(app, config, { docs: true });
  await app.init();
  // searches answer from the listings held in memory once loaded: wait, so a test knows which answers
  await app.get(ListingSearchIndexService).whenLoaded();
  return {
    app,
    http: request(app.getHttpServer()),
    config,
    db: app.get<Database>(DB),
    dir,
    async close() {
      await app.close();
      await withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`));
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${name}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
export const uniqueEmail = (tag = 'user') => `${tag}.${Date.now().toString(36)}.${++counter}@example.ph`;
export const PASSWORD = 'correct-horse-9';

/** Inserts a member directly (any role), then logs in through the API. */
export async function createUser(
  t: TestApp,
  values: Partial<NewUserRow> = {},
): Promise<{ token: string; user: { _id: string; email: string; role: string } }> {
  const email = values.email ?? uniqueEmail(values.role ?? 'user');
  await t.db.insert(users).values({
    firstName: 'Test',
    lastName: 'User',
    passwordHash: await argon2.hash(PASSWORD, { type: argon2.argon2id }),
    ...values,
    email,
  });
  const res = await t.http.post('/api/user/login').send({ email, password: PASSWORD }).expect(200);
  return res.body;
}

/**
 * A member's columns for a verified identity (an approved KYC summary, as the kyc module writes it),
 * for tests that need one without going through the review: `createUser(t, { ...verifiedIdentity() })`.
 */
export function verifiedIdentity(): Pick<NewUserRow, 'kyc'> {
  const now = new Date();
  return {
    kyc: {
      submissionId: randomUUID(),
      status: 'approved',
      idType: 'philsys_card',
      approvedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 730 * 86_400_000).toISOString(),
      updatedAt: now.toISOString(),
    },
  };
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The environment a test app was started with, to start another role (a worker) on the same database and Redis prefix. */
export function envOf(t: TestApp): Record<string, string> {
  const c = t.config;
  return {
    NODE_ENV: 'test',
    DATABASE_URL: c.database.url!,
    DB_MIGRATE: 'false',
    SEED_DEMO: 'false',
    REDIS_URL: c.redis.url,
    REDIS_PREFIX: c.redis.prefix,
    JWT_SECRET: c.auth.jwtSecret,
    LOG_LEVEL: 'silent',
    STORAGE_DIR: c.storageDir,
    MAIL_OUTBOX_DIR: c.mail.outboxDir,
    APP_URL: c.appUrl,
    PLAN_LISTING_LIMITS: String(c.planListingLimits),
  };
}

/** A worker-role context (the queue processors, no HTTP) on a test app's database and Redis prefix. */
export function startTestWorker(t: TestApp): Promise<INestApplicationContext> {
  return NestFactory.createApplicationContext(AppModule.forRole(loadConfig({ ...envOf(t), ROLE: 'worker' })), { logger: false });
}
