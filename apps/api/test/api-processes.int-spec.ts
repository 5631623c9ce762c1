import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { clearRedisPrefix, createTestDatabase, MAIN, startApiProcess, type ApiProcess } from './api-process';
import { eventually } from './realtime';
import { Client } from 'pg';

async function firstBarangay(url: string): Promise<string> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`select code from places where level = 'barangay' order by code limit 1`);
    return rows[0].code;
  } finally {
    await client.end();
  }
}

/** The fields of the answers these tests read. */
interface Answer {
  process?: number;
  search?: string;
  token?: string;
  email?: string;
  _id?: string;
  listings?: { _id: string }[];
}

/** What the process answering a new connection says; every call opens a connection of its own (no agent). */
function call(base: string, path: string, init: { method?: 'GET' | 'POST'; token?: string; body?: unknown } = {}) {
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise<{ status: number; body: Answer }>((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      {
        method: init.method ?? 'GET',
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Answer) : {} }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const childPids = (pid: number) =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((s) => Number(s.trim()))
    .filter(Boolean);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Which processes answered `rounds` calls on new connections, each one's health. */
async function healthOfEach(base: string, rounds = 8) {
  const seen = new Map<number, string>();
  for (let i = 0; i < rounds; i++) {
    const { body } = await call(base, '/api/health');
    seen.set(body.process!, body.search!);
  }
  return seen;
}

/** API_PROCESSES: several built server processes sharing one port (node:cluster). */
describe('API_PROCESSES (the built server, real PostgreSQL and Redis)', () => {
  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, [MAIN], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 20000 });

  it('refuses more than one process on the embedded database, and for the worker role, in one line', () => {
    const pglite = run({ API_PROCESSES: '2' });
    expect(pglite.status).toBe(1);
    expect(pglite.stderr.trim()).toBe(
      'Invalid configuration: API_PROCESSES: more than one API process needs PostgreSQL (set DATABASE_URL); the embedded PGlite database belongs to one process',
    );
    const worker = run({ API_PROCESSES: '2', ROLE: 'worker', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' });
    expect(worker.status).toBe(1);
    expect(worker.stderr.trim()).toBe(
      'Invalid configuration: API_PROCESSES: applies to the api and all roles; start more worker processes to scale the worker role',
    );
  });

  describe('two processes on one port', () => {
    const prefix = `cluster_${randomBytes(4).toString('hex')}`;
    let db: Awaited<ReturnType<typeof createTestDatabase>>;
    let api: ApiProcess;

    const dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-cluster-'));

    beforeAll(async () => {
      db = await createTestDatabase();
      // No JWT_SECRET: the primary generates one and hands it to both processes.
      api = await startApiProcess(
        { NODE_ENV: 'test', API_PROCESSES: '2', DATABASE_URL: db.url, REDIS_PREFIX: prefix, SEED_DEMO: 'false', STORAGE_DIR: path.join(dir, 'uploads'), MAIL_OUTBOX_DIR: path.join(dir, 'outbox') },
        60000,
      );
      await eventually(() => api.output().includes('API process 2 of 2 is listening.'), 'the second process', 60000);
      await eventually(
        async () => {
          const seen = await healthOfEach(api.base);
          return seen.get(1) === 'memory' && seen.get(2) === 'memory';
        },
        'both search indexes loaded',
        30000,
      );
    }, 90000);

    afterAll(async () => {
      await api?.stop();
      await db?.drop();
      await clearRedisPrefix(prefix);
      rmSync(dir, { recursive: true, force: true });
    });

    it('hands new connections to both processes in turn', async () => {
      const seen = await healthOfEach(api.base, 6);
      expect([...seen.keys()].sort()).toEqual([1, 2]);
      expect(api.output()).toContain('Tahanan is running (all role, 2 API processes, database: PostgreSQL)');
    });

    it('keeps a session made on one process valid on the other, and both see a listing the other wrote', async () => {
      const email = `cluster.${randomBytes(4).toString('hex')}@example.ph`;
      const signUp = await call(api.base, '/api/user/create', {
        method: 'POST',
        body: { firstName: 'Maria', lastName: 'Santos', email, password: 'at-least-8', type: 'broker' },
      });
      expect(signUp.status).toBe(201);
      const token = signUp.body.token as string;
      for (let i = 0; i < 4; i++) {
        const me = await call(api.base, '/api/current/user', { token });
        expect(me).toMatchObject({ status: 200, body: { email } });
      }

      const barangayCode = await firstBarangay(db.url);
      const word = `kalamansi${randomBytes(3).toString('hex')}`;
      const created = await call(api.base, '/api/listing/create', {
        method: 'POST',
        token,
        body: {
          name: `Townhouse with a ${word} tree`,
          type: 'residential',
          price: 7_500_000,
          floorSize: 90,
          bedrooms: 3,
          bathrooms: 2,
          tags: ['for sale'],
          location: { lat: 14.5565, lng: 121.0233 },
          address: { type: 'townhouse', street: 'Paseo de Roxas', barangayCode },
        },
      });
      expect(created.status).toBe(201);
      // Whichever process wrote it, each new connection's search (both processes, in turn) finds it.
      await eventually(
        async () => {
          const answers = await Promise.all([0, 1, 2, 3].map(() => call(api.base, '/api/listing/search', { method: 'POST', body: { fuzzySearch: word } })));
          return answers.every((a) => a.status === 200 && a.body.listings?.[0]?._id === created.body._id);
        },
        'both indexes to have the new listing',
        30000,
      );
      const processes = await healthOfEach(api.base, 4);
      expect([...processes.values()]).toEqual(['memory', 'memory']);
    });

    it('starts a process that dies again, and stops them all on SIGTERM', async () => {
      const before = childPids(api.child.pid!);
      expect(before).toHaveLength(2);
      process.kill(before[1], 'SIGKILL');
      await eventually(
        () => {
          const now = childPids(api.child.pid!);
          return now.length === 2 && !now.includes(before[1]);
        },
        'the killed process to be replaced',
        30000,
      );
      // the primary's line reaches this test through a pipe, maybe after the new process shows in ps
      await eventually(() => /API process [12] stopped \(SIGKILL\): starting it again\./.test(api.output()), 'the restart to be logged', 30000);
      await eventually(async () => (await healthOfEach(api.base)).size === 2, 'both processes to answer again', 30000);

      const running = childPids(api.child.pid!);
      await api.stop();
      expect(api.child.exitCode).toBe(0);
      expect(running.filter(alive)).toEqual([]);
    }, 60000);
  });
});
