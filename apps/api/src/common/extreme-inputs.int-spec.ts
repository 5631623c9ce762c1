import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { places } from '@app/db';
import { eq } from 'drizzle-orm';
import { auth, createUser, startTestApp, type TestApp } from '../../test/test-app';

type Member = Awaited<ReturnType<typeof createUser>>;

/** `depth` nested arrays (or objects) around a 1, as JSON text. */
const nested = (depth: number, kind: 'array' | 'object' = 'array') =>
  kind === 'array' ? '['.repeat(depth) + '1' + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('extreme and malformed inputs are 4xx that say what to fix (real PostgreSQL and Redis)', () => {
  let t: TestApp;
  let alice: Member;
  let admin: Member;
  let threadId: string;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await createUser(t, { firstName: 'Alice' });
    admin = await createUser(t, { firstName: 'Ada', role: 'admin' });
    const bob = await createUser(t, { firstName: 'Bob' });
    threadId = (await t.http.post('/api/threads').set(auth(alice.token)).send({ participantId: bob.user._id }).expect(201)).body._id;
  });
  afterAll(() => t.close());

  describe('page, limit and skip', () => {
    const routes = () => ['/api/notification/get/all', '/api/threads', `/api/threads/${threadId}/messages`];

    it.each(['99999999999999999999', '1e300', '1000001', 'Infinity', '-1', '0', '1.5', 'abc'])(
      'page=%s on the notification, thread and message lists is a 400 naming the range',
      async (page) => {
        for (const route of routes()) {
          const res = await t.http.get(route).query({ page }).set(auth(alice.token));
          expect({ route, status: res.status, body: res.body }).toEqual({
            route,
            status: 400,
            body: { statusCode: 400, message: ['page must be a whole number from 1 to 1,000,000'], error: 'Bad Request' },
          });
        }
      },
    );

    it('limit=1e300 on those lists is a 400 naming the range; page 1,000,000 is still an (empty) page', async () => {
      for (const route of routes()) {
        const res = await t.http.get(route).query({ limit: '1e300' }).set(auth(alice.token));
        expect({ route, status: res.status, message: res.body.message }).toEqual({
          route,
          status: 400,
          message: ['limit must be a whole number from 1 to 1,000,000'],
        });
        await t.http.get(route).query({ page: '1000000' }).set(auth(alice.token)).expect(200);
      }
    });

    it('the list-query routes (query string) refuse huge, exponent and non-integer page, limit and skip with the range', async () => {
      const cases: [string, string, string][] = [
        ['page', '99999999999999999999', 'page must be a whole number from 1 to 1,000,000'],
        ['page', '9007199254740991', 'page must be a whole number from 1 to 1,000,000'],
        ['page', '1e300', 'page must be a whole number from 1 to 1,000,000'],
        ['limit', '1e300', 'limit must be a whole number from 1 to 1,000,000'],
        ['skip', '99999999999999999999', 'skip must be a whole number from 0 to 100,000,000'],
        ['skip', '-1', 'skip must be a whole number from 0 to 100,000,000'],
      ];
      for (const [name, value, message] of cases) {
        const res = await t.http.get('/api/listing/get/all').query({ [name]: value });
        expect({ name, value, status: res.status, message: res.body.message }).toEqual({ name, value, status: 400, message });
      }
    });

    it('the search bodies refuse 1e300 and huge whole numbers as page, limit or skip', async () => {
      const searches: [string, Record<string, unknown>][] = [
        ['/api/listing/search', { page: 1e300 }],
        ['/api/listing/search', { skip: 1e20 }],
        ['/api/listing/search', { page: 1000001, limit: 100 }],
        ['/api/user/search', { page: 1e300 }],
        ['/api/user/search', { limit: 1e300 }],
      ];
      for (const [route, body] of searches) {
        const res = await t.http.post(route).set(auth(admin.token)).send(body);
        expect({ route, body, status: res.status }).toEqual({ route, body, status: 400 });
        expect(String(res.body.message)).toMatch(/(page|limit|skip) must be a whole number from [01] to (1,000,000|100,000,000)/);
      }
    });
  });

  describe('request bodies', () => {
    it.each(['/api/listing/search', '/api/user/search', '/api/user/save/search'])(
      'a 100,000-deep JSON body on %s is a 400 before validation',
      async (route) => {
        for (const kind of ['array', 'object'] as const) {
          const res = await t.http.post(route).set(auth(admin.token)).set('Content-Type', 'application/json').send(`{"query":${nested(100_000, kind)}}`);
          expect({ route, kind, status: res.status, body: res.body }).toEqual({
            route,
            kind,
            status: 400,
            body: { statusCode: 400, message: 'The request body is nested too deeply (at most 32 levels)', error: 'Bad Request' },
          });
        }
      },
    );

    it('text holding the NUL character (which PostgreSQL text cannot hold) is a 400 naming it, in a body or an address', async () => {
      for (const [route, body] of [
        ['/api/user/login', '{"email":"\\u0000","password":"correct-horse-9"}'],
        ['/api/listing/search', '{"fuzzySearch":"condo\\u0000"}'],
      ] as const) {
        const res = await t.http.post(route).set('Content-Type', 'application/json').send(body);
        expect({ route, status: res.status, body: res.body }).toEqual({
          route,
          status: 400,
          body: { statusCode: 400, message: 'Text in the request body must not contain the NUL character (\\u0000)', error: 'Bad Request' },
        });
      }
      // an escaped backslash before "u0000" is not the escape of NUL: read as usual
      const literal = await t.http.post('/api/listing/search').set('Content-Type', 'application/json').send('{"fuzzySearch":"a\\\\u0000"}');
      expect(literal.status).toBe(200);
      for (const path of ['/api/listing/get/all?search=%00', '/api/places/search?q=ma%00nila']) {
        const res = await t.http.get(path);
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 400,
          body: { statusCode: 400, message: 'The address must not contain the NUL character (%00)', error: 'Bad Request' },
        });
      }
    });

    it('JSON nested within the limit, with brackets inside strings, is still read', async () => {
      const body = `{"fuzzySearch":"[[[[{{{{\\"]]]","query":${nested(20, 'object')}}`;
      const res = await t.http.post('/api/listing/search').set('Content-Type', 'application/json').send(body);
      expect(res.status).not.toBe(500);
      expect(res.status).toBeLessThan(500);
      expect(res.body.message).not.toMatch(/nested too deeply|not valid JSON/);
    });

    it('an oversize url-encoded body is refused with 415 (the API reads JSON), not a 500', async () => {
      const res = await t.http
        .post('/api/user/login')
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send(`email=a%40b.ph&password=${'x'.repeat(300_000)}`);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 415,
        body: {
          statusCode: 415,
          message: 'Send the request body as JSON (Content-Type: application/json), or as multipart/form-data where the route takes files',
          error: 'Unsupported Media Type',
        },
      });
    });

    it('small url-encoded and plain-text bodies are 415 too, and a bodiless POST still works', async () => {
      await t.http.post('/api/user/login').type('form').send('email=a%40b.ph&password=x').expect(415);
      await t.http.post('/api/user/login').set('Content-Type', 'text/plain').send('{"email":"a@b.ph"}').expect(415);
      await t.http.post(`/api/threads/${threadId}/read`).set(auth(alice.token)).expect(200);
    });

    it('an oversize JSON body is 413, an unknown charset or content encoding is 415', async () => {
      const big = await t.http.post('/api/user/login').set('Content-Type', 'application/json').send(`{"email":"${'x'.repeat(1_100_000)}"}`);
      expect({ status: big.status, message: big.body.message }).toEqual({ status: 413, message: 'The request body must be at most 1 MB' });
      const charset = await t.http.post('/api/user/login').set('Content-Type', 'application/json; charset=klingon').send('{}');
      expect({ status: charset.status, message: charset.body.message }).toEqual({
        status: 415,
        message: 'Unsupported charset "KLINGON": send the request body in UTF-8',
      });
      const encoding = await t.http.post('/api/user/login').set('Content-Type', 'application/json').set('Content-Encoding', 'zip-bomb').send('{}');
      expect({ status: encoding.status, message: encoding.body.message }).toEqual({
        status: 415,
        message: 'Unsupported content encoding "zip-bomb": send the body uncompressed, or gzip, deflate or br',
      });
    });
  });

  describe('numbers in exponent form', () => {
    it('a listing price of 5e-324 or 1e-7 is a 400 about its decimals (class-validator threw on them: a 500)', async () => {
      const [barangay] = await t.db.select().from(places).where(eq(places.level, 'barangay')).limit(1);
      const listing = {
        name: 'Tiny price',
        type: 'land',
        location: { lat: 14.5, lng: 121 },
        address: { type: 'lot', street: 'Somewhere', barangayCode: barangay.code },
      };
      for (const price of [5e-324, 1e-7, 0.1 + 0.2]) {
        const res = await t.http.post('/api/listing/create').set(auth(alice.token)).send({ ...listing, price });
        expect({ price, status: res.status, message: res.body.message }).toEqual({ price, status: 400, message: ['price must be a number with at most 2 decimals'] });
      }
      const created = await t.http.post('/api/listing/create').set(auth(alice.token)).send({ ...listing, price: 1250.5 }).expect(201);
      const update = await t.http
        .put('/api/listing/update')
        .set(auth(alice.token))
        .send({ _id: created.body._id, owner: alice.user._id, price: 1e-7 });
      expect({ status: update.status, message: update.body.message }).toEqual({ status: 400, message: ['price must be a number with at most 2 decimals'] });
    });
  });

  describe('X-Request-Id', () => {
    it('echoes a short safe token from the client', async () => {
      const res = await t.http.get('/api/health').set('X-Request-Id', 'req-42.abc:DEF_9').expect(200);
      expect(res.headers['x-request-id']).toBe('req-42.abc:DEF_9');
    });

    it.each([
      ['too long', 'a'.repeat(65)],
      ['markup', '<script>alert(1)</script>'],
      ['spaces and quotes', 'a b "c"'],
      ['a forged log field', 'x","level":60,"msg":"admin logged in'],
      ['non-ASCII', 'ñandú'],
    ])('replaces a client id that is %s with a fresh UUID', async (_what, id) => {
      const res = await t.http.get('/api/health').set('X-Request-Id', Buffer.from(id, 'utf8').toString('latin1')).expect(200);
      expect(res.headers['x-request-id']).toMatch(UUID);
    });

    it('generates a UUID when none is sent', async () => {
      const res = await t.http.get('/api/health').expect(200);
      expect(res.headers['x-request-id']).toMatch(UUID);
    });
  });

  describe('the web app files', () => {
    beforeAll(() => {
      mkdirSync(path.join(t.dir, 'assets'), { recursive: true });
      writeFileSync(path.join(t.dir, 'assets', 'app.js'), 'console.log("app");\n');
      writeFileSync(path.join(t.dir, 'assets', 'app.js.map'), '{"version":3,"sources":["secret.ts"],"mappings":""}');
    });

    it('serves the built JS but never a source map', async () => {
      const js = await t.http.get('/assets/app.js').expect(200);
      expect(js.text).toContain('console.log');
      for (const url of ['/assets/app.js.map', '/assets/app.js%2Emap', '/assets/app.js.map?v=1', '/assets/APP.JS.MAP']) {
        const res = await t.http.get(url);
        expect({ url, status: res.status, leaked: res.text.includes('secret.ts') }).toEqual({ url, status: 404, leaked: false });
      }
    });
  });
});
