import fc from 'fast-check';
import { places } from '@app/db';
import { eq } from 'drizzle-orm';
import type { Test } from 'supertest';
import { auth, createUser, PASSWORD, startTestApp, type TestApp } from '../../test/test-app';

/**
 * Sends generated extreme and malformed input to every operation of the OpenAPI document the app
 * serves, as a guest (no token, or a broken one), as a member and as a super admin, and fails on any
 * 5xx (or a dropped connection), naming the route and the exact input. Bad input must be a 4xx.
 *
 * Seeded: the seed is printed, and FUZZ_SEED=<seed> replays a run; FUZZ_RUNS sets the inputs per
 * operation and identity (default 3: about 550 requests).
 *
 * Not sent, on purpose: image bytes to the upload routes (their broken-image handling is another
 * change); the files sent there are text that is not an image. GET /api/user/logout as a signed-in
 * identity uses a throwaway session each time, so the fuzzing session stays signed in.
 */

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

type Identity = 'guest' | 'member' | 'super_admin';
type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; text: string }
  | { kind: 'multipart'; fields: Record<string, string>; file?: { field: string; name: string; type: string; text: string } };
interface Input {
  path: string;
  query: [string, string][];
  body: Body;
  authorization?: string;
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const MALFORMED_ESCAPES = ['%', '%E0%A4%A', '%ZZ', '%00', '%2e%2e%2f%2e%2e%2f'];

/** Counts as text: past every limit, exponents, non-finite, negative, fractional. */
const numericText = fc.constantFrom('99999999999999999999', '1e300', '-1e300', '1000001', '9007199254740993', '-1', '0', '1.5', 'NaN', 'Infinity', '0x10', '1e3', ' 2', '2');

/** Strings that have broken servers: numbers past every limit, injections, control characters, huge and odd text. */
const extremeText = fc.oneof(
  { arbitrary: numericText, weight: 2 },
  {
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'null',
      'undefined',
      'true',
      '[]',
      '{}',
      '[object Object]',
      NIL_UUID,
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '../../../../etc/passwd',
      "'; drop table users; --",
      '$where',
      '__proto__',
      'constructor',
      '\u0000',
      '\u202e\ufeff',
      '<script>alert(1)</script>',
      '😀'.repeat(3000),
      'a'.repeat(20_000),
      '1'.repeat(400),
    ),
    weight: 4,
  },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
);

/** JSON values of every kind, extreme ones weighted in. */
const extremeJson: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: extremeText, weight: 3 },
  { arbitrary: fc.constantFrom(1e300, -1e300, 2 ** 53 + 2, -(2 ** 63), 1000001, 0, -1, 1.5, 5e-324, null, true, false, [], {}), weight: 4 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 4 }), weight: 1 },
  {
    arbitrary: fc.constantFrom<unknown>(
      Array.from({ length: 5000 }, (_, i) => i),
      Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i])),
      JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'),
      JSON.parse('['.repeat(31) + '1' + ']'.repeat(31)),
    ),
    weight: 1,
  },
);

/** Whole bodies that are wrong as a whole: broken, deep, huge, of another type. */
const rawBodies = fc.constantFrom<Body>(
  { kind: 'raw', contentType: 'application/json', text: '{"a":' },
  { kind: 'raw', contentType: 'application/json', text: 'null' },
  { kind: 'raw', contentType: 'application/json', text: '"just a string"' },
  { kind: 'raw', contentType: 'application/json', text: `{"query":${'['.repeat(100_000)}${']'.repeat(100_000)}}` },
  { kind: 'raw', contentType: 'application/json', text: `{"query":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}` },
  { kind: 'raw', contentType: 'application/json', text: `{"x":"${'y'.repeat(1_100_000)}"}` },
  { kind: 'raw', contentType: 'application/json', text: '{"a":1,"a":2,"__proto__":{"polluted":true}}' },
  { kind: 'raw', contentType: 'application/json; charset=latin1', text: '{}' },
  { kind: 'raw', contentType: 'application/x-www-form-urlencoded', text: 'a=1&b[c]=2' },
  { kind: 'raw', contentType: 'application/x-www-form-urlencoded', text: `a=${'x'.repeat(300_000)}` },
  { kind: 'raw', contentType: 'text/plain', text: 'hello' },
);

/**
 * A value as URL text, at most 1,000 characters: longer URLs are refused by Node's HTTP parser (431)
 * before the app sees them, which tests nothing of ours.
 */
const urlText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined')).slice(0, 1000);

describe('fuzzing every documented route: extreme and malformed input is never a 5xx (real PostgreSQL and Redis)', () => {
  let t: TestApp;
  let doc: OpenApi;
  const tokens: Partial<Record<Identity, string>> = {};
  const emails: Partial<Record<Identity, string>> = {};
  /** Real ids, so generated requests also reach the code behind the "not found" checks. */
  const realIds: Record<string, string[]> = {};

  beforeAll(async () => {
    t = await startTestApp({ MESSAGE_SEND_PER_MINUTE: '100000', MESSAGE_FETCH_PER_MINUTE: '100000' });
    doc = (await t.http.get('/api/docs-json').expect(200)).body as OpenApi;
    const member = await createUser(t, { firstName: 'Fuzz', type: 'broker' });
    const admin = await createUser(t, { firstName: 'Root', role: 'super_admin' });
    const other = await createUser(t, { firstName: 'Other' });
    tokens.member = member.token;
    tokens.super_admin = admin.token;
    emails.member = member.user.email;
    emails.super_admin = admin.user.email;
    const [barangay] = await t.db.select().from(places).where(eq(places.level, 'barangay')).limit(1);
    const listing = (
      await t.http
        .post('/api/listing/create')
        .set(auth(member.token))
        .send({
          name: 'Fuzzed condo',
          type: 'residential',
          price: 1_000_000,
          location: { lat: 14.5565, lng: 121.0233 },
          address: { type: 'condominium', street: 'Paseo de Roxas', barangayCode: barangay.code },
        })
        .expect(201)
    ).body as { _id: string };
    const thread = (await t.http.post('/api/threads').set(auth(member.token)).send({ participantId: other.user._id }).expect(201)).body as { _id: string };
    realIds.id = [listing._id, other.user._id];
    realIds.threadId = [thread._id];
    realIds.code = [barangay.code, barangay.cityCode ?? barangay.code];
    realIds.userId = [member.user._id, other.user._id];
  });
  afterAll(() => t.close());

  const resolve = (schema: Schema | undefined): Schema => {
    let s = schema ?? {};
    for (let i = 0; s.$ref && i < 10; i++) s = doc.components.schemas[s.$ref.split('/').pop()!] ?? {};
    return s;
  };

  /** A value for one schema: a plausible one (an enum value, a real id) or an extreme one. */
  const valueFor = (schema: Schema | undefined, name: string, depth = 0): fc.Arbitrary<unknown> => {
    const s = resolve(schema);
    const plausible: fc.Arbitrary<unknown>[] = [];
    if (/^(page|limit|skip)$/.test(name)) plausible.push(numericText, fc.constantFrom(1e300, 1000001, 1e20, -1, 1.5));
    if (s.enum?.length) plausible.push(fc.constantFrom(...s.enum));
    if (realIds[name]) plausible.push(fc.constantFrom(...realIds[name]));
    if (s.format === 'uuid') plausible.push(fc.uuid());
    if (s.type === 'array' && depth < 3) plausible.push(fc.array(valueFor(s.items, name, depth + 1), { maxLength: 4 }));
    if (s.properties && depth < 3) plausible.push(objectFor(s, depth + 1));
    if (s.type === 'number' || s.type === 'integer') plausible.push(fc.integer({ min: -5, max: 200 }));
    if (s.type === 'boolean') plausible.push(fc.boolean());
    return plausible.length ? fc.oneof(fc.oneof(...plausible), extremeJson) : extremeJson;
  };

  /** A value likely to pass validation: an enum value, a real id, the documented example, a small number, short text. */
  const plausibleFor = (schema: Schema | undefined, name: string, depth = 0): fc.Arbitrary<unknown> => {
    const s = resolve(schema);
    const example = (s as { example?: unknown }).example;
    if (s.enum?.length) return fc.constantFrom(...s.enum);
    if (realIds[name]) return fc.constantFrom(...realIds[name]);
    if (s.format === 'uuid') return fc.uuid();
    if (example !== undefined) return fc.constant(example);
    if (s.type === 'number' || s.type === 'integer') return fc.integer({ min: 0, max: 100 });
    if (s.type === 'boolean') return fc.boolean();
    if (s.type === 'array') return depth < 3 ? fc.array(plausibleFor(s.items, name, depth + 1), { maxLength: 3 }) : fc.constant([]);
    if (s.properties) return depth < 3 ? plausibleObject(s, depth + 1) : fc.constant({});
    if (/email/i.test(name)) return fc.constantFrom('someone@example.ph', emails.member!);
    if (/password/i.test(name)) return fc.constant(PASSWORD);
    return fc.constantFrom('abc', 'Makati', '1');
  };

  const plausibleObject = (schema: Schema, depth = 0): fc.Arbitrary<Record<string, unknown>> => {
    const props = Object.entries(resolve(schema).properties ?? {});
    return fc.record(Object.fromEntries(props.map(([name, s]) => [name, plausibleFor(s, name, depth)])), { requiredKeys: [] });
  };

  /** A plausible object with one field (perhaps inside a nested object) replaced by an extreme value. */
  const oneBadField = (schema: Schema, depth = 0): fc.Arbitrary<Record<string, unknown>> => {
    const props = Object.entries(resolve(schema).properties ?? {});
    if (props.length === 0) return extremeJson.map((v) => ({ unknownField: v }));
    return fc.integer({ min: 0, max: props.length - 1 }).chain((i) => {
      const [name, propSchema] = props[i];
      const nested = resolve(propSchema);
      const bad = nested.properties && depth < 2 ? fc.oneof(oneBadField(nested, depth + 1), extremeJson) : extremeJson;
      return fc.tuple(plausibleObject(schema, depth), bad).map(([o, v]) => ({ ...o, [name]: v }));
    });
  };

  const objectFor = (schema: Schema, depth = 0): fc.Arbitrary<Record<string, unknown>> => {
    const props = Object.entries(resolve(schema).properties ?? {});
    const known = fc.record(Object.fromEntries(props.map(([name, s]) => [name, valueFor(s, name, depth)])), { requiredKeys: [] });
    return fc.tuple(known, fc.dictionary(fc.constantFrom('unknownField', '__proto__', '$where', 'constructor', ''), extremeJson, { maxKeys: 2 })).map(([a, b]) => ({ ...b, ...a }));
  };

  const bodyFor = (op: Operation): fc.Arbitrary<Body> => {
    const content = op.requestBody?.content ?? {};
    const json = content['application/json']?.schema ?? content['multipart/form-data']?.schema;
    const choices: fc.WeightedArbitrary<Body>[] = [
      { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 1 },
      { arbitrary: extremeJson.map((value): Body => ({ kind: 'json', value })), weight: 2 },
      { arbitrary: rawBodies, weight: 3 },
    ];
    if (json) {
      const asJson = (value: unknown): Body => ({ kind: 'json', value });
      choices.push(
        { arbitrary: objectFor(json).map(asJson), weight: 3 },
        { arbitrary: oneBadField(json).map(asJson), weight: 4 },
        { arbitrary: plausibleObject(json).map(asJson), weight: 1 },
      );
    }
    if (content['multipart/form-data']) {
      choices.push({
        weight: 3,
        arbitrary: fc
          .record({ fields: fc.dictionary(fc.constantFrom('content', 'attachmentsJson', 'name', 'documentName', 'x'), extremeText, { maxKeys: 3 }), field: fc.constantFrom('files', 'file', 'avatar', 'attachments', 'image') })
          .map(({ fields, field }): Body => ({
            kind: 'multipart',
            fields,
            // text, not image bytes (see above)
            file: { field, name: 'not-an-image.png', type: 'image/png', text: 'this is not a picture' },
          })),
      });
    }
    return fc.oneof(...choices);
  };

  const pathParamFor = (p: Parameter): fc.Arbitrary<string> =>
    fc.oneof(
      valueFor(p.schema, p.name).map((v) => encodeURIComponent(urlText(v))),
      fc.constantFrom(...MALFORMED_ESCAPES),
    );

  const queryFor = (op: Operation): fc.Arbitrary<[string, string][]> => {
    const params = (op.parameters ?? []).filter((p) => p.in === 'query');
    const one = (p: Parameter) =>
      fc.oneof(
        valueFor(p.schema, p.name).map((v): [string, string][] => [[p.name, urlText(v)]]),
        fc.array(extremeText, { minLength: 2, maxLength: 3 }).map((vs): [string, string][] => vs.map((v) => [p.name, urlText(v)])),
        fc.constant<[string, string][]>([]),
      );
    const extras = fc.array(
      fc.tuple(fc.constantFrom('page[$gt]', 'limit[]', 'unknown', '__proto__', 'sort', 'a'.repeat(2000)), extremeText.map(urlText)),
      { maxLength: 2 },
    );
    return fc.tuple(fc.tuple(...params.map(one)), extras).map(([known, extra]) => [...known.flat(), ...extra]);
  };

  const inputFor = (route: string, op: Operation, identity: Identity): fc.Arbitrary<Input> => {
    const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
    const path = fc
      .tuple(...pathParams.map(pathParamFor))
      .map((values) => pathParams.reduce((url, p, i) => url.replace(`{${p.name}}`, values[i]), route));
    const authorization =
      identity === 'guest'
        ? fc.option(fc.constantFrom('Bearer', 'Bearer ', 'Bearer a.b.c', `Bearer ${'x'.repeat(5000)}`, 'Basic Zm9vOmJhcg==', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'), { nil: undefined })
        : fc.constant(`Bearer ${tokens[identity]}`);
    return fc.record({ path, query: queryFor(op), body: bodyFor(op), authorization });
  };

  const send = async (method: string, input: Input, identity: Identity, route: string): Promise<{ status: number; body: unknown }> => {
    // a lone surrogate cannot be percent-encoded (URIError): it goes as U+FFFD, as a browser would send it
    const enc = (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
    const url = input.path + (input.query.length ? '?' + input.query.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&') : '');
    let req = (t.http as unknown as Record<string, (u: string) => Test>)[method](url);
    let authorization = input.authorization;
    if (route === '/api/user/logout' && identity !== 'guest') {
      // a throwaway session, so logging out does not end the fuzzing session
      const login = await t.http.post('/api/user/login').send({ email: emails[identity], password: PASSWORD }).expect(200);
      authorization = `Bearer ${(login.body as { token: string }).token}`;
    }
    if (authorization) req = req.set('Authorization', authorization);
    const { body } = input;
    if (body.kind === 'json') req = req.set('Content-Type', 'application/json').send(JSON.stringify(body.value) ?? 'null');
    else if (body.kind === 'raw') req = req.set('Content-Type', body.contentType).send(body.text);
    else if (body.kind === 'multipart') {
      for (const [k, v] of Object.entries(body.fields)) req = req.field(k, v);
      if (body.file) req = req.attach(body.file.field, Buffer.from(body.file.text), { filename: body.file.name, contentType: body.file.type });
    }
    try {
      const res = await req;
      return { status: res.status, body: res.body };
    } catch (err) {
      return { status: 0, body: String(err) };
    }
  };

  it('answers every generated request with less than 500', async () => {
    const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const runs = Number(process.env.FUZZ_RUNS ?? 3);
    console.log(`fuzz-routes: seed ${seed} (replay with FUZZ_SEED=${seed}), ${runs} inputs per operation and identity`);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    const operations = Object.entries(doc.paths).flatMap(([route, ops]) => Object.entries(ops).map(([method, op]) => ({ route, method, op })));
    expect(operations.length).toBeGreaterThan(50);
    let n = 0;
    for (const { route, method, op } of operations) {
      for (const identity of ['guest', 'member', 'super_admin'] as const) {
        const inputs = fc.sample(inputFor(route, op, identity), { seed: seed + n++, numRuns: runs });
        for (const input of inputs) {
          const res = await send(method, input, identity, route);
          sent++;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 500 || res.status === 0) {
            const shown = JSON.stringify({ ...input, authorization: identity === 'guest' ? input.authorization : `<${identity} token>` }, (_k, v: unknown) =>
              typeof v === 'string' && v.length > 200 ? `${v.slice(0, 60)}…(${v.length} chars)` : v,
            );
            failures.push(`${res.status} ${method.toUpperCase()} ${route} as ${identity}: ${shown} -> ${JSON.stringify(res.body)}`);
          }
        }
      }
    }
    const tally = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
    console.log(`fuzz-routes: ${sent} requests (${tally.join(', ')}), ${failures.length} answered 5xx`);
    expect({ seed, failures }).toEqual({ seed, failures: [] });
  }, 300_000);
});
