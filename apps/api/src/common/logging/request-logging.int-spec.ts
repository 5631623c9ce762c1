import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { builtServerEnv, clearRedisPrefix, createTestDatabase, startApiProcess, type ApiProcess } from '../../../test/api-process';

interface LogLine {
  level: number;
  req?: { id: string; url: string };
}

/**
 * The built server's access log (static files and pages are served before it, never logged): pages, scripts, photos and health checks are not worth a line at
 * info (they buried the start-up banner); API calls are. At debug they are all there.
 */
describe('request log lines (built server, real PostgreSQL and Redis)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-reqlog-'));
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    mkdirSync(path.join(dir, 'web', 'assets'), { recursive: true });
    writeFileSync(path.join(dir, 'web', 'index.html'), '<!doctype html><title>Tahanan</title><div id="root"></div>');
    writeFileSync(path.join(dir, 'web', 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'web', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  }, 60000);
  afterAll(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function withServer(level: string, body: (api: ApiProcess) => Promise<void>): Promise<void> {
    const prefix = `reqlog_${randomBytes(4).toString('hex')}`;
    const api = await startApiProcess(
      builtServerEnv(
        { databaseUrl: database.url, redisPrefix: prefix, dir, jwtSecret: randomBytes(32).toString('hex') },
        { ROLE: 'api', DATABASE_POOL_SIZE: '2', WEB_DIST: path.join(dir, 'web'), LOG_LEVEL: level },
      ),
    );
    try {
      await body(api);
    } finally {
      await api.stop();
      await clearRedisPrefix(prefix);
    }
  }

  const lines = (api: ApiProcess): LogLine[] =>
    api
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine);

  /** Asks for every quiet path, then for an API route whose line is awaited: the log is written in order. */
  async function requestAll(api: ApiProcess): Promise<void> {
    const quiet = ['/api/media/listings/missing.webp', '/assets/index-abc.js', '/favicon.svg', '/messages', '/api/health'];
    for (const p of quiet) await (await fetch(`${api.base}${p}`)).arrayBuffer();
    const marker = `marker-${randomBytes(4).toString('hex')}`;
    await (await fetch(`${api.base}/api/auth/providers`, { headers: { 'X-Request-Id': marker } })).arrayBuffer();
    const until = Date.now() + 5000;
    while (!lines(api).some((l) => l.req?.id === marker)) {
      if (Date.now() > until) throw new Error(`no log line for the API call:\n${api.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const QUIET = /^\/(api\/media\/|assets\/|favicon\.svg|messages|api\/health)/;

  it('at info: an API call writes a line; photos, scripts, pages and health checks write none', async () => {
    await withServer('info', async (api) => {
      await requestAll(api);
      const logged = lines(api).filter((l) => l.req);
      expect(logged.filter((l) => l.req!.url === '/api/auth/providers')).toHaveLength(1);
      expect(logged.filter((l) => QUIET.test(l.req!.url)).map((l) => l.req!.url)).toEqual([]);
    });
  }, 60000);

  it('at debug: photos and health checks are logged at debug, a signed link without its signature', async () => {
    await withServer('debug', async (api) => {
      const signed = '/api/threads/7d1f0e4e-1c1a-4c47-9e52-0f3bb2b0c001/attachments/7d1f0e4e-1c1a-4c47-9e52-0f3bb2b0c002';
      const secret = 'ab'.repeat(32);
      await (await fetch(`${api.base}${signed}?expires=4102444800&signature=${secret}`)).arrayBuffer();
      await requestAll(api);
      const quiet = lines(api).filter((l) => l.req && /^\/api\/(media|health|threads)/.test(l.req.url));
      expect(quiet.map((l) => l.req!.url).sort()).toEqual([
        '/api/health',
        '/api/media/listings/missing.webp',
        `${signed}?expires=4102444800&signature=[Redacted]`,
      ]);
      expect(new Set(quiet.map((l) => l.level))).toEqual(new Set([20]));
      expect(api.output()).not.toContain(secret);
    });
  }, 60000);
});
