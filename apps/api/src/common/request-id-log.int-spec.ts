import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { builtServerEnv, clearRedisPrefix, createTestDatabase, startApiProcess, type ApiProcess } from '../../test/api-process';

/** The built server with its real logger: the request id in the log line is the one the response names. */
describe('X-Request-Id in the logs (built server, real PostgreSQL and Redis)', () => {
  const prefix = `reqid_${randomBytes(4).toString('hex')}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-reqid-'));
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ApiProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    api = await startApiProcess(
      builtServerEnv(
        { databaseUrl: database.url, redisPrefix: prefix, dir, jwtSecret: randomBytes(32).toString('hex') },
        { ROLE: 'api', DATABASE_POOL_SIZE: '2', WEB_DIST: dir, LOG_LEVEL: 'info' },
      ),
    );
  }, 60000);
  afterAll(async () => {
    await api?.stop();
    await database?.drop();
    await clearRedisPrefix(prefix);
    rmSync(dir, { recursive: true, force: true });
  });

  /** The parsed access-log line of the request with this response id (waits for it to be written). */
  const logLine = async (id: string): Promise<{ req: { id: string; headers: Record<string, string> } }> => {
    const until = Date.now() + 5000;
    for (;;) {
      const line = api
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { req?: { id: string; headers: Record<string, string> } })
        .find((l) => l.req?.id === id);
      if (line) return line as { req: { id: string; headers: Record<string, string> } };
      if (Date.now() > until) throw new Error(`no log line with req.id ${id}:\n${api.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('logs a safe client id as the request id, and a forged one never: a fresh UUID instead', async () => {
    const safe = await fetch(`${api.base}/api/auth/providers`, { headers: { 'X-Request-Id': 'trace-123.a:b_c' } });
    expect(safe.headers.get('x-request-id')).toBe('trace-123.a:b_c');
    expect((await logLine('trace-123.a:b_c')).req.id).toBe('trace-123.a:b_c');

    const forged = 'x","level":60,"msg":"admin logged in';
    const res = await fetch(`${api.base}/api/auth/providers`, { headers: { 'X-Request-Id': forged } });
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const line = await logLine(id);
    expect(line.req.headers['x-request-id']).toBe('[Redacted]');
    expect(api.output()).not.toContain('admin logged in');
  });
});
