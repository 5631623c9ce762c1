import { and, asc, eq, like } from 'drizzle-orm';
import { outbox, places, statDatasets, subscriptions } from '@app/db';
import { COST_ASSUMPTION_FIELDS, DEFAULT_COST_ASSUMPTIONS, DEVELOPMENTS_SOURCE } from '@app/domain';
import { auth, createUser, startTestApp, type TestApp } from '../../../../test/test-app';
import { haversineKm } from './geo';
import { MarketCostAssumptionsService } from './market-cost-assumptions.service';
import { MarketDevelopmentsService } from './market-developments.service';

type Member = Awaited<ReturnType<typeof createUser>>;
const LEGAZPI_CITY = '0500506000';

describe('market reports, staff data: development projects and cost assumptions (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let admin: Member;
  let superAdmin: Member;
  let viewer: Member;
  let member: Member;
  let basic: Member;
  /** Two Legazpi barangays with centroids, and one far away (another region). */
  let brgy: { code: string; name: string; lat: number; lng: number; regionCode: string };
  let brgy2: { code: string; lat: number; lng: number };
  let farBrgy: { code: string };

  const body = (over: Record<string, unknown> = {}) => ({
    name: 'Legazpi port expansion',
    kind: 'transport',
    status: 'under_construction',
    expectedCompletion: '2027-06-30',
    barangayCode: brgy.code,
    description: 'New passenger terminal.\nTwo berths.',
    sourceNote: 'Philippine Ports Authority notice, 2026',
    ...over,
  });
  const create = (who: Member | null, b: Record<string, unknown>) => {
    const req = t.http.post('/api/bi/developments');
    return (who ? req.set(auth(who.token)) : req).send(b);
  };
  const eventsOf = (type: string, entityId: string) =>
    t.db.select().from(outbox).where(and(eq(outbox.type, type), eq(outbox.entityId, entityId))).orderBy(asc(outbox.occurredAt));

  beforeAll(async () => {
    t = await startTestApp();
    [admin, superAdmin, viewer, member, basic] = await Promise.all([
      createUser(t, { role: 'admin' }),
      createUser(t, { role: 'super_admin' }),
      createUser(t, { role: 'viewer' }),
      createUser(t),
      createUser(t),
    ]);
    await t.db.insert(subscriptions).values({
      userId: basic.user._id,
      plan: 'basic',
      billingPeriod: 'lifetime',
      status: 'active',
      startedAt: new Date(),
      source: 'staff',
    });
    const rows = await t.db
      .select()
      .from(places)
      .where(and(eq(places.level, 'barangay'), like(places.code, '0500506%')))
      .orderBy(asc(places.code));
    const located = rows.filter((r) => r.lat !== null && r.lng !== null);
    expect(located.length).toBeGreaterThan(2);
    brgy = { code: located[0].code, name: located[0].name, lat: located[0].lat!, lng: located[0].lng!, regionCode: located[0].regionCode! };
    // a second one 1-5 km away
    const second = located.find((r) => {
      const d = haversineKm(brgy, { lat: r.lat!, lng: r.lng! });
      return d > 1 && d < 4;
    })!;
    brgy2 = { code: second.code, lat: second.lat!, lng: second.lng! };
    const [far] = await t.db.select().from(places).where(and(eq(places.level, 'barangay'), like(places.code, '1380300%'))).limit(1);
    farBrgy = { code: far.code };
  });
  afterAll(() => t?.close());

  describe('development projects', () => {
    it('an admin records one: city and region from the barangay, the centroid as its point, an event', async () => {
      const res = await create(admin, body()).expect(201);
      expect(res.body).toMatchObject({
        name: 'Legazpi port expansion',
        kind: 'transport',
        status: 'under_construction',
        expectedCompletion: '2027-06-30',
        barangayCode: brgy.code,
        cityCode: LEGAZPI_CITY,
        regionCode: brgy.regionCode,
        lat: brgy.lat,
        lng: brgy.lng,
        description: 'New passenger terminal.\nTwo berths.',
        sourceNote: 'Philippine Ports Authority notice, 2026',
        distanceKm: null,
        barangayName: brgy.name,
      });
      const [city] = await t.db.select().from(places).where(eq(places.code, LEGAZPI_CITY));
      expect(res.body.cityName).toBe(city.name);
      const events = await eventsOf('market.development_saved', res.body.id);
      expect(events).toHaveLength(1);
      expect(events[0].actorId).toBe(admin.user._id);
      expect(events[0].data).toEqual({ developmentId: res.body.id, name: 'Legazpi port expansion', barangayCode: brgy.code, created: true });
    });

    it('a super admin too, with a given point inside the Philippines', async () => {
      const res = await create(superAdmin, body({ name: 'Given point', barangayCode: brgy2.code, lat: 13.15, lng: 123.75, expectedCompletion: null }))
        .expect(201);
      expect(res.body).toMatchObject({ lat: 13.15, lng: 123.75, expectedCompletion: null, barangayCode: brgy2.code });
    });

    it('members, viewers and guests may not write (403, 403, 401)', async () => {
      await create(member, body()).expect(403);
      await create(viewer, body()).expect(403);
      await create(null, body()).expect(401);
      const id = (await create(admin, body({ name: 'Untouchable' })).expect(201)).body.id;
      await t.http.put(`/api/bi/developments/${id}`).set(auth(viewer.token)).send(body()).expect(403);
      await t.http.delete(`/api/bi/developments/${id}`).set(auth(member.token)).expect(403);
      await t.http.delete(`/api/bi/developments/${id}`).set(auth(viewer.token)).expect(403);
    });

    it.each([
      ['name must not be empty', { name: '' }],
      ['name must be at most 160 characters', { name: 'x'.repeat(161) }],
      ['kind must be one of: residential', { kind: 'castle' }],
      ['status must be one of: planned', { status: 'rumoured' }],
      ['expectedCompletion must be a date (YYYY-MM-DD)', { expectedCompletion: '2027-02-30' }],
      ['barangayCode must be a 10-digit PSGC code', { barangayCode: '12' }],
      ['is a city', { barangayCode: '0500506000' }],
      ["Unknown barangayCode '9999999999'", { barangayCode: '9999999999' }],
      ['Give lat and lng together', { lat: 13.1 }],
      ['outside the Philippines', { lat: 35.6, lng: 139.7 }],
      ['sourceNote must not be empty', { sourceNote: '   ' }],
      ['sourceNote is required', { sourceNote: undefined }],
      ['description must be at most 2000 characters', { description: 'd'.repeat(2001) }],
    ])('refuses with a 400 saying "%s"', async (message, over) => {
      const res = await create(admin, body(over)).expect(400);
      expect(JSON.stringify(res.body.message)).toContain(message);
    });

    it('an admin replaces the details (event created: false) and removes it (event), then it is gone (404)', async () => {
      const id = (await create(admin, body({ name: 'To change' })).expect(201)).body.id;
      const put = await t.http
        .put(`/api/bi/developments/${id}`)
        .set(auth(admin.token))
        .send(body({ name: 'Changed', status: 'completed', barangayCode: brgy2.code, description: ' a\u0007b\r\nc ' }))
        .expect(200);
      // plain text: control characters dropped, line ends normalised
      expect(put.body).toMatchObject({ id, name: 'Changed', status: 'completed', barangayCode: brgy2.code, lat: brgy2.lat, lng: brgy2.lng, description: 'ab\nc' });
      const saved = await eventsOf('market.development_saved', id);
      expect(saved.map((e) => (e.data as { created: boolean }).created)).toEqual([true, false]);
      await t.http.delete(`/api/bi/developments/${id}`).set(auth(admin.token)).expect(204);
      const removed = await eventsOf('market.development_removed', id);
      expect(removed.map((e) => e.data)).toEqual([{ developmentId: id, name: 'Changed' }]);
      await t.http.delete(`/api/bi/developments/${id}`).set(auth(admin.token)).expect(404);
      await t.http.put(`/api/bi/developments/${id}`).set(auth(admin.token)).send(body()).expect(404);
      await t.http.put('/api/bi/developments/not-a-uuid').set(auth(admin.token)).send(body()).expect(404);
    });

    it('the list is tier 2: guests and Free members get 402 with what to buy; Basic members and staff read it, paged and filtered', async () => {
      const guest = await t.http.get('/api/bi/data/developments').expect(402);
      expect(guest.body.upgrade).toMatchObject({ requiredPlan: 'basic', entitlement: 'reports.tier2' });
      await t.http.get('/api/bi/data/developments').set(auth(member.token)).expect(402);
      const all = await t.http.get('/api/bi/data/developments?limit=2').set(auth(basic.token)).expect(200);
      expect(all.body.source).toBe(DEVELOPMENTS_SOURCE);
      expect(all.body.items).toHaveLength(2);
      expect(all.body.pagination).toMatchObject({ currentPage: 1, itemsOnPage: 2, itemsPerPage: 2 });
      const total = all.body.pagination.totalItems as number;
      expect(total).toBeGreaterThanOrEqual(3);
      const byViewer = await t.http.get(`/api/bi/data/developments?barangay=${brgy2.code}`).set(auth(viewer.token)).expect(200);
      expect(byViewer.body.items.length).toBeGreaterThan(0);
      expect(byViewer.body.items.every((d: { barangayCode: string }) => d.barangayCode === brgy2.code)).toBe(true);
      const byCity = await t.http.get(`/api/bi/data/developments?city=${LEGAZPI_CITY}&status=completed`).set(auth(admin.token)).expect(200);
      expect(byCity.body.items.every((d: { status: string; cityCode: string }) => d.status === 'completed' && d.cityCode === LEGAZPI_CITY)).toBe(true);
      const none = await t.http.get(`/api/bi/data/developments?city=${farBrgy.code.slice(0, 7)}000`).set(auth(admin.token)).expect(200);
      expect(none.body.items).toEqual([]);
      const bad = await t.http.get('/api/bi/data/developments?status=rumoured&city=12').set(auth(admin.token)).expect(400);
      expect(JSON.stringify(bad.body.message)).toMatch(/city must be a 10-digit PSGC code|status must be one of/);
    });

    it('near(): the projects within the radius of a barangay, nearest first, with their distance', async () => {
      const service = t.app.get(MarketDevelopmentsService);
      const near = await service.near(brgy.code, 10);
      expect(near.length).toBeGreaterThan(0);
      for (const d of near) expect(d.distanceKm).toBeCloseTo(haversineKm(brgy, d), 1);
      const distances = near.map((d) => d.distanceKm!);
      expect([...distances].sort((a, b) => a - b)).toEqual(distances);
      expect(distances.every((d) => d <= 10)).toBe(true);
      expect(await service.near(farBrgy.code, 5)).toEqual([]);
      const tight = await service.near(brgy.code, 0.01);
      expect(tight.every((d) => d.barangayCode === brgy.code)).toBe(true);
      await expect(service.near(brgy.code, 500)).rejects.toThrow('radiusKm must be a number above 0 and at most 50');
      // the ongoing development report (from the barangay's centroid it already holds) lists the same, within 5 km
      const report = await t.http.get('/api/bi/get/ongoing_development').query({ area: brgy.code }).set(auth(admin.token)).expect(200);
      const within5 = await service.near(brgy.code, 5);
      expect(within5.length).toBeGreaterThan(0);
      const table = report.body.tables.find((x: { id: string }) => x.id === 'developments');
      expect(table.rows.map((r: { name: string; distanceKm: number }) => [r.name, r.distanceKm])).toEqual(within5.map((d) => [d.name, d.distanceKm]));
      expect(report.body.figures[0]).toMatchObject({ label: 'Projects within 5 km', value: within5.length });
    });
  });

  describe('cost assumptions', () => {
    it('everyone reads the documented defaults with the accepted ranges', async () => {
      const res = await t.http.get('/api/bi/cost-assumptions').expect(200);
      const condo = res.body.items.find((i: { kind: string }) => i.kind === 'condominium');
      expect(condo).toMatchObject({ isDefault: true, updatedAt: null, values: DEFAULT_COST_ASSUMPTIONS.condominium, defaults: DEFAULT_COST_ASSUMPTIONS.condominium });
      expect(res.body.items.map((i: { kind: string }) => i.kind).sort()).toEqual(Object.keys(DEFAULT_COST_ASSUMPTIONS).sort());
      expect(res.body.fields.map((f: { field: string }) => f.field)).toEqual([...COST_ASSUMPTION_FIELDS]);
    });

    it('an admin changes some fields (the rest keep theirs), with an event; reset goes back to the default', async () => {
      const put = await t.http
        .put('/api/bi/cost-assumptions/condominium')
        .set(auth(admin.token))
        .send({ values: { vacancyPct: 10, associationDuesPerSqmMonth: 110.5 }, note: 'Colliers Q3 2026 Metro Manila condominium report' })
        .expect(200);
      expect(put.body).toMatchObject({
        kind: 'condominium',
        isDefault: false,
        note: 'Colliers Q3 2026 Metro Manila condominium report',
        values: { ...DEFAULT_COST_ASSUMPTIONS.condominium, vacancyPct: 10, associationDuesPerSqmMonth: 110.5 },
      });
      expect(put.body.updatedAt).toEqual(expect.any(String));
      const service = t.app.get(MarketCostAssumptionsService);
      expect((await service.forKind('condominium'))!.values.vacancyPct).toBe(10);
      expect((await service.all()).house_and_lot.isDefault).toBe(true);
      expect(await service.forKind('castle')).toBeNull();
      const updated = await eventsOf('market.assumptions_updated', 'cost-assumptions:condominium');
      expect(updated.map((e) => e.data)).toEqual([{ kind: 'condominium', fields: ['vacancyPct', 'associationDuesPerSqmMonth'] }]);

      await t.http.delete('/api/bi/cost-assumptions/condominium').set(auth(viewer.token)).expect(403);
      const reset = await t.http.delete('/api/bi/cost-assumptions/condominium').set(auth(superAdmin.token)).expect(200);
      expect(reset.body).toMatchObject({ isDefault: true, values: DEFAULT_COST_ASSUMPTIONS.condominium, updatedAt: null });
      const after = await eventsOf('market.assumptions_updated', 'cost-assumptions:condominium');
      expect(after.map((e) => e.data)).toEqual([
        { kind: 'condominium', fields: ['vacancyPct', 'associationDuesPerSqmMonth'] },
        { kind: 'condominium', fields: ['vacancyPct', 'associationDuesPerSqmMonth'] },
      ]);
      // resetting a default again changes nothing and records nothing
      await t.http.delete('/api/bi/cost-assumptions/condominium').set(auth(admin.token)).expect(200);
      expect(await eventsOf('market.assumptions_updated', 'cost-assumptions:condominium')).toHaveLength(2);
    });

    it('members and viewers may not change them; guests are asked to log in', async () => {
      const send = { values: { vacancyPct: 5 }, note: 'x' };
      await t.http.put('/api/bi/cost-assumptions/lot').set(auth(member.token)).send(send).expect(403);
      await t.http.put('/api/bi/cost-assumptions/lot').set(auth(viewer.token)).send(send).expect(403);
      await t.http.put('/api/bi/cost-assumptions/lot').send(send).expect(401);
    });

    it.each([
      ['condominium', { values: { vacancyPct: 101 }, note: 'n' }, 'values.vacancyPct must be a number from 0 to 100'],
      ['condominium', { values: { managementPctOfRent: '8' }, note: 'n' }, 'values.managementPctOfRent must be a number from 0 to 30'],
      ['condominium', { values: { insurancePctOfValue: -1 }, note: 'n' }, 'values.insurancePctOfValue must be a number from 0 to 5'],
      ['condominium', { values: { vacancyPct: 1.234 }, note: 'n' }, 'at most 2 decimals'],
      ['condominium', { values: { roofPct: 1 }, note: 'n' }, 'values.roofPct is not a cost assumption'],
      ['condominium', { values: {}, note: 'n' }, 'values must change at least one of'],
      ['condominium', { values: [1], note: 'n' }, 'values must be an object'],
      ['condominium', { values: { vacancyPct: 5 } }, 'note is required'],
      ['condominium', { values: { vacancyPct: 5 }, note: ' ' }, 'note must not be empty'],
      ['castle', { values: { vacancyPct: 5 }, note: 'n' }, 'kind must be one of: condominium'],
    ])('PUT %s %j is a 400 naming the field', async (kind, send, message) => {
      const res = await t.http.put(`/api/bi/cost-assumptions/${kind}`).set(auth(admin.token)).send(send).expect(400);
      expect(JSON.stringify(res.body.message)).toContain(message);
    });
  });

  describe('datasets loaded (for the console)', () => {
    it('staff read what is loaded; members and guests may not', async () => {
      const importedAt = new Date('2026-11-20T03:00:00Z');
      await t.db.insert(statDatasets).values({
        dataset: 'rppi',
        title: 'Residential property prices',
        source: 'BIS (Bank for International Settlements), selected residential property prices (BSP)',
        fileName: 'bis_residential_property_prices_philippines.csv',
        sha256: 'x'.repeat(64),
        rows: 72,
        periodFrom: '2008-Q1',
        periodTo: '2025-Q4',
        importedAt,
      });
      const res = await t.http.get('/api/bi/datasets').set(auth(viewer.token)).expect(200);
      expect(res.body.items).toContainEqual(
        expect.objectContaining({ dataset: 'rppi', fileName: 'bis_residential_property_prices_philippines.csv', rows: 72, periodFrom: '2008-Q1', periodTo: '2025-Q4', importedAt: importedAt.toISOString() }),
      );
      await t.http.get('/api/bi/datasets').set(auth(member.token)).expect(403);
      await t.http.get('/api/bi/datasets').expect(401);
    });
  });
});
