import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { eventually } from './realtime';

const MAIN = path.resolve(__dirname, '..', 'dist', 'main.js');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** The real built process (`npm run build` first): start-up checks, the PGlite default, graceful shutdown. */
describe('the built server process', () => {
  beforeAll(() => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run "npm run build" first`);
  });

  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, [MAIN], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 20000 });

  it('stops with one line naming the variable when the configuration is bad', () => {
    const r = run({ PORT: 'eighty' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^Invalid configuration: PORT:/);
  });

  it('stops with one line saying how to start Redis when it is unreachable', () => {
    const r = run({ REDIS_URL: 'redis://127.0.0.1:1' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('Redis is not reachable at redis://127.0.0.1:1: start one with "redis-server --daemonize yes"');
  });

  describe('smoke: boots on PGlite with no DATABASE_URL', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-pglite-'));
    const prefix = `pglite_${randomBytes(4).toString('hex')}`;
    let child: ChildProcess;
    let out = '';
    let base = '';

    beforeAll(async () => {
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      child = spawn(process.execPath, [MAIN], {
        env: {
          PATH: process.env.PATH ?? '',
          PORT: String(port),
          HOST: '127.0.0.1',
          PGLITE_DIR: path.join(dir, 'pglite'),
          REDIS_URL,
          REDIS_PREFIX: prefix,
          LOG_LEVEL: 'warn',
          STORAGE_DIR: path.join(dir, 'uploads'),
          MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
          WEB_DIST: dir,
        },
      });
      child.stdout!.on('data', (d) => (out += d));
      child.stderr!.on('data', (d) => (out += d));
      for (let i = 0; i < 900; i++) {
        if (out.includes('Tahanan is running')) return;
        if (child.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`server did not start:\n${out}`);
    }, 100000);

    afterAll(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      rmSync(dir, { recursive: true, force: true });
    });

    it('prints the URL and one demo login per role and type', () => {
      expect(out).toContain('PGlite');
      expect(out).toMatch(/App: +http:\/\/localhost:\d+\//);
      for (const email of ['superadmin@', 'admin@', 'viewer@', 'customer@', 'broker@', 'salesperson@', 'owner@']) {
        expect(out).toContain(email);
      }
    });

    it('answers health, logs in a demo account and signs up a new one', async () => {
      const health = await fetch(`${base}/api/health`);
      // search: from memory once the public listings are loaded (in the background: PostgreSQL answers meanwhile)
      expect(await health.json()).toEqual({ status: 'ok', database: 'up', redis: 'up', search: expect.stringMatching(/^(memory|loading)$/), process: 1 });
      const login = await fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'broker@demo.tahanan.ph', password: 'Demo1234!' }),
      });
      expect(login.status).toBe(200);
      const broker = (await login.json()) as { token: string; user: { _id: string; type: string } };
      expect(broker.user.type).toBe('broker');
      const created = await fetch(`${base}/api/user/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Pg', lastName: 'Lite', email: 'pglite@example.ph', password: 'embedded-1' }),
      });
      expect(created.status).toBe(201);

      // a message on PGlite too (the send statement is prepared through drizzle's session, whichever the driver)
      const as = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
      const { token } = (await created.json()) as { token: string };
      const thread = await fetch(`${base}/api/threads`, { method: 'POST', headers: as(token), body: JSON.stringify({ participantId: broker.user._id }) });
      expect(thread.status).toBe(201);
      const threadId = ((await thread.json()) as { _id: string })._id;
      const sent = await fetch(`${base}/api/threads/${threadId}/messages`, { method: 'POST', headers: as(token), body: JSON.stringify({ content: 'Hello from PGlite' }) });
      expect(sent.status).toBe(201);
      expect(await sent.json()).toMatchObject({ threadId, content: 'Hello from PGlite', sender: { firstName: 'Pg', lastName: 'Lite' } });
      // the notification comes from the message.sent event, handled by this process's events worker after the commit
      let notifications: unknown[] = [];
      await eventually(async () => {
        const notes = await fetch(`${base}/api/notification/get/all`, { headers: as(broker.token) });
        notifications = ((await notes.json()) as { notifications: unknown[] }).notifications;
        return notifications.length > 0;
      }, 'the broker has a notification of the message', 15_000);
      expect(notifications[0]).toMatchObject({
        title: 'New message from Pg Lite',
        body: 'Hello from PGlite',
        data: { threadId, senderId: expect.any(String), listingId: null },
      });
    });

    it('loads the shipped Legazpi City points of interest: a demo listing there has named places nearby', async () => {
      expect(out).toMatch(/Loaded \d+ points of interest \(© OpenStreetMap contributors, ODbL\) from legazpi-city-2025-08-14\.poi\.ndjson/);
      const found = await fetch(`${base}/api/listing/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: { code: 'DEMO-LGP-0002' }, limit: 1 }),
      });
      const [listing] = ((await found.json()) as { listings: { _id: string }[] }).listings;
      expect(listing).toBeDefined();
      const nearby = await fetch(`${base}/api/listing/search/nearby`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ listingId: listing._id }),
      });
      const answer = (await nearby.json()) as { poiCoverage: string; areasNearby: { items: { name: string | null }[] }[] };
      expect(answer.poiCoverage).toBe('imported');
      expect(answer.areasNearby.flatMap((a) => a.items).filter((i) => i.name).length).toBeGreaterThan(5);
    });

    it('shuts down gracefully on SIGTERM', async () => {
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal })),
      );
      child.kill('SIGTERM');
      // Nest runs the shutdown hooks (HTTP server, queues, database, Redis) and then re-raises the signal.
      const { code, signal } = await exited;
      expect(code === 0 || signal === 'SIGTERM').toBe(true);
      expect(out).not.toMatch(/error/i);
    }, 20000);
  });
});
