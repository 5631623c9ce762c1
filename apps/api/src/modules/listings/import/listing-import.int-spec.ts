import { and, eq, inArray, isNotNull, like, ne, sql } from 'drizzle-orm';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { listingImports, listings, outbox, places, type PlaceRow } from '@app/db';
import { auth, createUser, startTestApp, type TestApp } from '../../../../test/test-app';
import { eventsSettled } from '../../../../test/events';
import { QUEUES } from '../../../common/queue/queues';

type Member = Awaited<ReturnType<typeof createUser>>;

describe('listing import from JSON (POST /listing/import/json)', () => {
  let t: TestApp;
  let admin: Member;
  let superAdmin: Member;
  let viewer: Member;
  let member: Member;
  let barangay: PlaceRow;
  let otherBarangay: PlaceRow;
  let port: number;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    admin = await createUser(t, { role: 'admin' });
    superAdmin = await createUser(t, { role: 'super_admin' });
    viewer = await createUser(t, { role: 'viewer' });
    member = await createUser(t, { type: 'broker' });
    [barangay] = await t.db
      .select()
      .from(places)
      .where(and(eq(places.level, 'barangay'), eq(places.name, 'Bel-Air')))
      .limit(1);
    if (!barangay) [barangay] = await t.db.select().from(places).where(eq(places.level, 'barangay')).limit(1);
    [otherBarangay] = await t.db
      .select()
      .from(places)
      .where(and(eq(places.level, 'barangay'), isNotNull(places.cityCode), ne(places.cityCode, barangay.cityCode!)))
      .limit(1);
  });
  afterAll(() => t.close());

  const row = (code: string, over: Record<string, unknown> = {}) => ({
    code,
    name: `Imported condo ${code}`,
    type: 'residential',
    kind: 'condominium',
    price: 12_500_000,
    floorSize: 64,
    bedrooms: 2,
    bathrooms: 1,
    tags: ['for sale', 'furnished'],
    amenities: ['swimming pool'],
    descriptionHtml: '<p>Near the <strong>park</strong>.</p><script>alert(1)</script>',
    location: { lat: 14.5565, lng: 121.0233 },
    address: {
      type: 'condominium',
      street: 'Jupiter Street',
      barangayCode: barangay.code,
    },
    ...over,
  });
  const upload = (token: string, content: string | Buffer, name = 'listings.json') =>
    t.http.post('/api/listing/import/json').set(auth(token)).attach('file', Buffer.from(content), name);
  const listingEvents = async () =>
    Number(
      (
        await t.db
          .select({ n: sql<number>`count(*)` })
          .from(outbox)
          .where(and(like(outbox.type, 'listing.%'), sql`${outbox.type} not like 'listing.import%'`))
      )[0].n,
    );

  /** Sends only the start of a multipart body announced as 50 MB: an answer proves the body was not waited for. */
  const refusedBeforeBody = (token?: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/listing/import/json',
        headers: {
          'content-type': 'multipart/form-data; boundary=xyz',
          'content-length': String(50 * 1024 * 1024),
          ...(token ? auth(token) : {}),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', (err) => (err.message.includes('socket hang up') ? undefined : reject(err)));
      req.write('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n[');
    });

  it('refuses guests (401), members and viewers (403) before reading the upload, and records nothing', async () => {
    expect(await refusedBeforeBody()).toBe(401);
    expect(await refusedBeforeBody(member.token)).toBe(403);
    expect(await refusedBeforeBody(viewer.token)).toBe(403);
    await upload(member.token, JSON.stringify([row('MEM-1')])).expect(403);
    await upload(viewer.token, JSON.stringify([row('VIE-1')])).expect(403);
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)` }).from(listingImports);
    expect(Number(n)).toBe(0);
  });

  it('refuses a file that is not a JSON array, and says where a file stops being JSON', async () => {
    const notArray = await upload(admin.token, '  \n{"code": "X-1"}').expect(400);
    expect(notArray.body.message).toBe('The file must be a JSON array of listings');
    await upload(admin.token, '').expect(400);
    const text = `[${JSON.stringify(row('BRK-1'))},\n{"code": "BRK-2" "name": "x"}]`;
    const broken = await upload(admin.token, text).expect(400);
    expect(broken.body.message).toBe(
      `The file is not valid JSON: Parser cannot parse input: expected ',' at line 2, column 18 (byte ${text.lastIndexOf('"name"')})`,
    );
    const [failed] = await t.db.select().from(listingImports).where(eq(listingImports.status, 'failed'));
    expect(failed.error).toBe(broken.body.message);
    // nothing of a broken file is written past the rows before the error (here the first batch never completed)
    expect(await t.db.select().from(listings).where(eq(listings.code, 'BRK-1'))).toHaveLength(0);
  });

  it('creates good rows, rejects bad ones with the create rules’ reasons, and re-imports idempotently', async () => {
    const rows = [
      row('IMP-1'),
      row('IMP-2', {
        type: 'land',
        kind: 'lot',
        price: 3_000_000,
        tags: ['for sale'],
        floorSize: null,
        bedrooms: null,
        bathrooms: null,
        address: { barangayCode: otherBarangay.code },
        owner: member.user.email,
      }),
      row('IMP-3', { address: { barangayCode: '9999999999' } }),
      row('IMP-4', { type: 'land' }),
      row('IMP-5', { price: -5 }),
      row('IMP-6', { colour: 'blue' }),
      { ...row('ignored'), code: undefined },
      row('IMP-1', { name: 'twice' }),
      'not a listing',
      row('IMP-7', { owner: 'nobody@example.ph' }),
    ];
    const res = await upload(admin.token, JSON.stringify(rows)).expect(200);
    expect(res.body.message).toBe('Imported 2 listings: 2 created, 0 updated, 0 unchanged, 8 rejected');
    const report = res.body.import;
    expect(report).toMatchObject({
      status: 'done',
      totalRows: 10,
      rowsDone: 10,
      progress: 100,
      created: 2,
      updated: 0,
      unchanged: 0,
      rejected: 8,
      error: null,
    });
    expect(report.rejections).toEqual([
      { row: 3, code: 'IMP-3', reason: "Unknown barangayCode '9999999999'" },
      {
        row: 4,
        code: 'IMP-4',
        reason: expect.stringMatching(/^kind condominium belongs to type residential, not land/),
      },
      { row: 5, code: 'IMP-5', reason: 'price must not be less than 0' },
      { row: 6, code: 'IMP-6', reason: 'property colour should not exist' },
      {
        row: 7,
        code: null,
        reason: 'code is required for import (it identifies the listing on re-import)',
      },
      {
        row: 8,
        code: 'IMP-1',
        reason: 'code IMP-1 is also row 1 of this file; a listing may appear once',
      },
      { row: 9, code: null, reason: 'a row must be a listing object' },
      {
        row: 10,
        code: 'IMP-7',
        reason: 'owner nobody@example.ph is not a member',
      },
    ]);

    const created = await t.db
      .select()
      .from(listings)
      .where(inArray(listings.code, ['IMP-1', 'IMP-2']));
    const one = created.find((l) => l.code === 'IMP-1')!;
    const two = created.find((l) => l.code === 'IMP-2')!;
    expect(one).toMatchObject({
      ownerId: admin.user._id,
      uploadedById: admin.user._id,
      cityCode: barangay.cityCode,
      offer: 'sale',
      furnishing: 'furnished',
    });
    expect(one.descriptionHtml).not.toMatch(/script/);
    expect(one.description).toBe('Near the park.');
    expect(two).toMatchObject({
      ownerId: member.user._id,
      type: 'land',
      kind: 'lot',
      barangayCode: otherBarangay.code,
    });

    // the admin is told when it is done
    await eventsSettled(t.app);
    const notes = await t.http.get('/api/notification/get/all').set(auth(admin.token)).expect(200);
    expect(JSON.stringify(notes.body)).toMatch(/Your listing import is done/);

    // the same file again: everything unchanged, nothing written
    const eventsBefore = await listingEvents();
    const again = await upload(admin.token, JSON.stringify(rows)).expect(200);
    expect(again.body.message).toBe('Imported 2 listings: 0 created, 0 updated, 2 unchanged, 8 rejected');
    const after = await t.db
      .select()
      .from(listings)
      .where(inArray(listings.code, ['IMP-1', 'IMP-2']));
    expect(after.map((l) => [l.code, l.updatedAt.toISOString()]).sort()).toEqual(
      created.map((l) => [l.code, l.updatedAt.toISOString()]).sort(),
    );
    expect(await listingEvents()).toBe(eventsBefore);

    // what the API answers imports as it is (its read-only fields ignored): unchanged too
    const got = await t.http.get(`/api/listing/get/${one.id}`).set(auth(admin.token)).expect(200);
    const asApi = await upload(superAdmin.token, JSON.stringify([got.body])).expect(200);
    expect(asApi.body.message).toBe('Imported 1 listing: 0 created, 0 updated, 1 unchanged, 0 rejected');

    // an edited row updates that listing only, with a listing.updated naming the fields
    const edited = await upload(admin.token, JSON.stringify([row('IMP-1', { price: 11_900_000 }), rows[1]])).expect(200);
    expect(edited.body.message).toBe('Imported 2 listings: 0 created, 1 updated, 1 unchanged, 0 rejected');
    const [updated] = await t.db.select().from(listings).where(eq(listings.code, 'IMP-1'));
    expect(updated.price).toBe(11_900_000);
    expect(updated.ownerId).toBe(admin.user._id);
    const [event] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.type, 'listing.updated'), eq(outbox.entityId, one.id)));
    expect(event.data).toMatchObject({ fields: ['price'], code: 'IMP-1' });
    expect(await listingEvents()).toBe(eventsBefore + 1);

    // searchable like any listing
    const until = Date.now() + 10_000;
    let found: string[] = [];
    while (Date.now() < until) {
      const search = await t.http
        .post('/api/listing/search')
        .send({ query: { code: 'IMP-2' } })
        .expect(200);
      found = search.body.listings.map((l: { code: string }) => l.code);
      if (found.length) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(found).toEqual(['IMP-2']);

    // the report route, for the importer and any staff; the list, newest first, without the rejected rows
    const byId = await t.http.get(`/api/listing/import/${report.id}`).set(auth(viewer.token)).expect(200);
    expect(byId.body).toEqual({
      ...report,
      createdAt: expect.any(String),
      finishedAt: expect.any(String),
    });
    await t.http.get(`/api/listing/import/${report.id}`).set(auth(member.token)).expect(403);
    await t.http.get('/api/listing/import/00000000-0000-4000-8000-000000000000').set(auth(admin.token)).expect(404);
    const list = await t.http.get('/api/listing/import/get/all?limit=2').set(auth(viewer.token)).expect(200);
    expect(list.body.pagination).toMatchObject({
      currentPage: 1,
      itemsOnPage: 2,
      itemsPerPage: 2,
    });
    expect(list.body.imports[0].id).toBe(edited.body.import.id);
    expect(list.body.imports[0].rejections).toBeUndefined();
    await t.http.get('/api/listing/import/get/all').set(auth(member.token)).expect(403);
  });

  it('moves the code sequence past imported codes, so create never takes one', async () => {
    await upload(admin.token, JSON.stringify([row('RES-950000')])).expect(200);
    const made = await t.http
      .post('/api/listing/create')
      .set(auth(admin.token))
      .send({ ...row('x'), code: undefined })
      .expect(201);
    expect(Number(made.body.code.split('-')[1])).toBeGreaterThan(950000);
  });

  it('resumes a retried job after the last batch written (a worker killed mid-import)', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => row(`RSM-${i + 1}`, { name: `Resumed listing ${i + 1}` }));
    const res = await upload(admin.token, JSON.stringify(rows)).expect(200);
    expect(res.body.import).toMatchObject({ created: 1000, rowsDone: 1000 });
    const eventsBefore = await listingEvents();
    // as if the worker died after writing the first batch's report (and, unrecorded, the second batch)
    await t.db
      .update(listingImports)
      .set({
        status: 'running',
        rowsDone: 500,
        created: 500,
        finishedAt: null,
        totalRows: null,
      })
      .where(eq(listingImports.id, res.body.import.id));
    const queue = t.app.get<Queue>(getQueueToken(QUEUES.imports));
    await queue.add('import', { importId: res.body.import.id }, { jobId: `${res.body.import.id}-retry` });
    let state = res.body.import;
    const until = Date.now() + 20_000;
    do {
      await new Promise((r) => setTimeout(r, 100));
      state = (await t.http.get(`/api/listing/import/${res.body.import.id}`).set(auth(admin.token)).expect(200)).body;
    } while (state.status !== 'done' && Date.now() < until);
    expect(state).toMatchObject({
      status: 'done',
      totalRows: 1000,
      rowsDone: 1000,
      created: 500,
      updated: 0,
      unchanged: 500,
      rejected: 0,
    });
    expect(await listingEvents()).toBe(eventsBefore);
  });

  it('answers 202 for a larger file, whose job reports progress and finishes', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) =>
      row(`BIG-${i + 1}`, {
        name: `Bulk listing ${i + 1}`,
        price: 1_000_000 + i,
      }),
    );
    const res = await upload(superAdmin.token, JSON.stringify(rows)).expect(202);
    expect(res.body.message).toBe('Import started: the report will be in Imports when it finishes');
    expect(['queued', 'running']).toContain(res.body.import.status);
    const until = Date.now() + 60_000;
    let state = res.body.import;
    while (state.status !== 'done' && state.status !== 'failed' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      state = (await t.http.get(`/api/listing/import/${res.body.import.id}`).set(auth(superAdmin.token)).expect(200)).body;
    }
    expect(state).toMatchObject({
      status: 'done',
      totalRows: 3000,
      rowsDone: 3000,
      created: 3000,
      rejected: 0,
      progress: 100,
    });
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)` })
      .from(listings)
      .where(like(listings.code, 'BIG-%'));
    expect(Number(n)).toBe(3000);
  }, 90_000);
});
