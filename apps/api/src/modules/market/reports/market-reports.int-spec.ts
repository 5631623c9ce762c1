import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, ilike, sql } from 'drizzle-orm';
import { outbox, places } from '@app/db';
import { eventsSettled } from '../../../../test/events';
import { auth, createUser, startTestApp, verifiedIdentity, type TestApp } from '../../../../test/test-app';
import { MarketDataService } from '../../market-data/market-data.service';
import { datasetOfFile } from '../../market-data/stat-parsers';
import { SubscriptionsService } from '../../subscriptions/subscriptions.service';
import { MarketListingsService } from '../listing-figures/market-listings.service';
import { SULU_PROVINCE_CODE, suluCaveat } from './statistics-report-groups';

type Member = Awaited<ReturnType<typeof createUser>>;

const INSPECT = path.resolve(__dirname, '../../../../test/pdf-inspect.mjs');
const BI_DIR = path.resolve(__dirname, '../../../../../../../shared/data/bi');
const CRIME_CSV = path.join(BI_DIR, 'pnp_crime_statistics_by_region_monthly_2022-2023.csv');

/** RFC 4180 CSV (quoted cells with commas, doubled quotes), rows on CRLF or LF. */
function parse(text: string | Buffer, opts: { columns?: boolean; relax_column_count?: boolean } = {}): unknown[] {
  const src = String(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  const kept = rows.filter((r) => !(r.length === 1 && r[0] === '') || opts.relax_column_count);
  if (!opts.columns) return kept;
  const [head, ...body] = kept;
  return body.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i] ?? ''])));
}

function inspectPdf(pdf: Buffer): { numPages: number; pages: Array<{ width: number; height: number; lines: string[] }> } {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'tahanan-report-pdf-')), 'report.pdf');
  writeFileSync(file, pdf);
  return JSON.parse(execFileSync(process.execPath, [INSPECT, file], { cwd: path.dirname(INSPECT), maxBuffer: 64 * 1024 * 1024 }).toString());
}

const binary = (res: { on: (e: string, f: (c?: Buffer) => void) => void }, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c?: Buffer) => chunks.push(c!));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/**
 * The fixture, through the HTTP API, in two barangays of the City of Makati:
 *
 *   A sale (condominiums): 3,000,000/30 m² · 4,000,000/40 · 5,000,000/25 · 5,500,000/55 · 6,000,000/60 · 8,000,000/50
 *     → 6 active; median price (5.0M + 5.5M) ÷ 2 = 5,250,000; per m² 100k 100k 200k 100k 100k 160k → median 100,000
 *   A rent (condominiums): 20,000 · 22,000 · 25,000 · 28,000 · 30,000 → median 25,000
 *   B sale (condominiums): 2,000,000/20 · 2,500,000/25 → 2 active: below the minimum sample of 5
 *   City (A + B, sale): 2.0 2.5 3.0 4.0 5.0 5.5 6.0 8.0 M → median (4.0M + 5.0M) ÷ 2 = 4,500,000
 */
describe('market reports (/bi, /properties/search)', () => {
  let t: TestApp;
  let owner: Member;
  let free: Member;
  let basic: Member;
  let admin: Member;
  let city: { code: string; name: string };
  let A: string;
  let B: string;

  const create = async (body: Record<string, unknown>, barangay: string) =>
    (
      await t.http
        .post('/api/listing/create')
        .set(auth(owner.token))
        .send({ name: 'Report fixture', type: 'residential', kind: 'condominium', location: { lat: 14.55, lng: 121.02 }, address: { barangayCode: barangay }, ...body })
        .expect(201)
    ).body._id as string;
  const figureOf = (body: { figures: Array<{ label: string }> }, label: string) => body.figures.find((f) => f.label === label) as Record<string, unknown> | undefined;

  beforeAll(async () => {
    t = await startTestApp();
    // the shipped statistics through the importers
    const data = t.app.get(MarketDataService);
    const files = readdirSync(BI_DIR).filter((f) => f.endsWith('.csv') && datasetOfFile(f)).map((f) => ({ file: path.join(BI_DIR, f) }));
    await data.importStatistics(await data.readStatistics(files));
    owner = await createUser(t, { type: 'broker', ...verifiedIdentity() });
    free = await createUser(t, { type: 'customer' });
    basic = await createUser(t, { type: 'customer' });
    admin = await createUser(t, { role: 'admin' });
    await t.app.get(SubscriptionsService).seedPlan(basic.user._id, 'basic', 'monthly', 'report tests');

    const [makati] = await t.db.select({ code: places.code, name: places.name }).from(places).where(and(eq(places.level, 'city'), ilike(places.name, '%Makati%'))).limit(1);
    city = makati;
    const brgys = await t.db.select({ code: places.code }).from(places).where(and(eq(places.level, 'barangay'), eq(places.cityCode, city.code))).orderBy(places.code).limit(2);
    [A, B] = brgys.map((b) => b.code);

    for (const [price, size] of [[3_000_000, 30], [4_000_000, 40], [5_000_000, 25], [5_500_000, 55], [6_000_000, 60], [8_000_000, 50]]) await create({ price, floorSize: size }, A);
    for (const [price, size] of [[20_000, 30], [22_000, 35], [25_000, 40], [28_000, 45], [30_000, 50]]) await create({ price, floorSize: size, offer: 'rent' }, A);
    for (const [price, size] of [[2_000_000, 20], [2_500_000, 25]]) await create({ price, floorSize: size }, B);
    await eventsSettled(t.app);
    await t.app.get(MarketListingsService).refreshNow();
  });
  afterAll(() => t.close());

  it('lists the 13 groups with their locks for the caller', async () => {
    const guest = await t.http.get('/api/bi/get/all').expect(200);
    expect(guest.body.currentPlan).toBe('free');
    expect(guest.body.groups).toHaveLength(13);
    const byId = (body: { groups: Array<{ id: string; locked: boolean; requiredPlan: string }> }, id: string) => body.groups.find((g) => g.id === id)!;
    expect(byId(guest.body, 'demographics')).toMatchObject({ locked: false, requiredPlan: 'free' });
    expect(byId(guest.body, 'economic_data')).toMatchObject({ locked: true, requiredPlan: 'basic' });
    expect(byId(guest.body, 'capitalization_rate')).toMatchObject({ locked: true, requiredPlan: 'premium' });
    const b = await t.http.get('/api/bi/get/all').set(auth(basic.token)).expect(200);
    expect(byId(b.body, 'economic_data').locked).toBe(false);
    expect(byId(b.body, 'capitalization_rate').locked).toBe(true);
    const staff = await t.http.get('/api/bi/get/all').set(auth(admin.token)).expect(200);
    expect(staff.body.groups.every((g: { locked: boolean }) => !g.locked)).toBe(true);
  });

  it('computes the barangay figures as by hand (historic and current, guest)', async () => {
    const r = await t.http.get('/api/bi/get/historic_and_current').query({ area: A }).expect(200);
    expect(r.body.fallback).toBeNull();
    expect(r.body.area).toMatchObject({ code: A, level: 'barangay' });
    expect(r.body.parents[0]).toMatchObject({ code: city.code, level: 'city' });
    expect(figureOf(r.body, 'Median asking price')).toMatchObject({ value: 5_250_000, unit: 'php', source: 'Tahanan listings', granularity: 'barangay', sampleSize: 6, areaCode: A });
    expect(figureOf(r.body, 'Median asking price per m²')).toMatchObject({ value: 100_000, sampleSize: 6 });
    expect(figureOf(r.body, 'Active listings')).toMatchObject({ value: 6 });
    expect(String(figureOf(r.body, 'Median asking price')!.period)).toMatch(/^listings as of \d{4}-\d{2}-\d{2}$/);
    expect(r.body.charts.map((c: { kind: string }) => c.kind)).toEqual(expect.arrayContaining(['line', 'bar']));
    expect(r.body.tables.length).toBeGreaterThan(0);
    expect(r.body.sources).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Tahanan listings', granularity: 'barangay' })]));
    const rent = await t.http.get('/api/bi/get/historic_and_current').query({ area: A, offer: 'rent' }).expect(200);
    expect(figureOf(rent.body, 'Median asking monthly rent')).toMatchObject({ value: 25_000, sampleSize: 5 });
  });

  it('falls back to the city below 5 listings in the barangay, and says so', async () => {
    const r = await t.http.get('/api/bi/get/historic_and_current').query({ area: B }).expect(200);
    expect(r.body.fallback).toMatchObject({ reason: 'not_enough_listings', sampleSize: 2, area: { code: city.code, level: 'city' } });
    expect(r.body.notes).toContain(`Not enough listings in this barangay: showing ${city.name} (2 active listings here, 5 needed)`);
    expect(figureOf(r.body, 'Median asking price')).toMatchObject({ value: 4_500_000, granularity: 'city', areaCode: city.code, sampleSize: 8 });
    const bands = await t.http.get('/api/bi/property/price-ranges').query({ area: B }).expect(200);
    // city: 1M-5M: 2.0 2.5 3.0 4.0 (5.0 starts the next band); 5M and up: 5.0 5.5 6.0 8.0
    expect(bands.body.bands.map((b: { count: number }) => b.count)).toEqual([0, 0, 0, 0, 0, 4, 4]);
    expect(bands.body.fallback.area.code).toBe(city.code);
  });

  it('shows a PSA figure of the barangay’s city, labelled with its level (demographics)', async () => {
    const r = await t.http.get('/api/bi/get/demographics').query({ area: A }).expect(200);
    // FIES 2023, City of Makati: 206.0 thousand families, average income 799.54 thousand pesos
    expect(figureOf(r.body, 'Families')).toMatchObject({ value: 206_000, unit: 'families', granularity: 'city', period: '2023', source: 'PSA, 2023 Family Income and Expenditure Survey' });
    expect(figureOf(r.body, 'Average annual family income')).toMatchObject({ value: 799_540, granularity: 'city' });
    expect(String(figureOf(r.body, 'Families')!.note)).toMatch(/^City figure: /);
    expect(figureOf(r.body, 'Population (2024 census)')).toMatchObject({ granularity: 'barangay', source: expect.stringContaining('PSA') });
  });

  it('states the regional crime figure as regional (safety, staff)', async () => {
    const rows = parse(readFileSync(CRIME_CSV), { columns: true }) as Array<Record<string, string>>;
    const ncr = rows.filter((x) => x.region_code === 'NCR').sort((a, b) => a.month.localeCompare(b.month));
    const last = ncr[ncr.length - 1];
    const r = await t.http.get('/api/bi/get/safety_and_crime').query({ area: A }).set(auth(admin.token)).expect(200);
    expect(figureOf(r.body, 'Crime rate per 100,000 people, latest month')).toMatchObject({ value: Number(last.avg_monthly_crime_rate), period: last.month, granularity: 'region', unit: 'per_100k' });
    expect(r.body.notes.join(' ')).toMatch(/Regional figure/);
  });

  it('composes the statistics reports from the shipped files (economic, job types, expenditures; Basic)', async () => {
    const infl = (parse(readFileSync(path.join(BI_DIR, 'psa_inflation_yoy_by_region_monthly.csv')), { columns: true }) as Array<Record<string, string>>)
      .filter((x) => x.area_code === 'NCR' && x.commodity_group === 'All Items')
      .sort((a, b) => a.month.localeCompare(b.month));
    const lastInfl = infl[infl.length - 1];
    const econ = await t.http.get('/api/bi/get/economic_data').query({ area: A }).set(auth(basic.token)).expect(200);
    expect(figureOf(econ.body, 'Inflation, all items (year on year)')).toMatchObject({ value: Number(lastInfl.yoy_inflation_pct), period: lastInfl.month, granularity: 'region' });
    expect(econ.body.charts.find((c: { id: string }) => c.id === 'inflation')).toMatchObject({ kind: 'line' });
    // NCR, April 2025: managers 5.714 + professionals 8.933 + technicians 6.672 + clerks 15.676 = 36.995 %
    const jobs = await t.http.get('/api/bi/get/job_types').query({ area: A }).set(auth(basic.token)).expect(200);
    expect(figureOf(jobs.body, 'White-collar share of the employed')).toMatchObject({ granularity: 'region', unit: 'pct' });
    expect(figureOf(jobs.body, 'White-collar share of the employed')!.value as number).toBeCloseTo(36.995, 1);
    expect(jobs.body.charts.every((c: { kind: string }) => c.kind === 'bar')).toBe(true);
    // FIES 2023, Makati: average expenditure 506.9 thousand a year → 506,900 ÷ 12 = 42,241.67 → ₱42,242 a month
    const exp = await t.http.get('/api/bi/get/monthly_expenditures').query({ area: A }).set(auth(basic.token)).expect(200);
    expect(figureOf(exp.body, 'Average family expenditure per month (annual ÷ 12)')).toMatchObject({ value: 42_242, granularity: 'city' });
    const spending = exp.body.tables.find((x: { id: string }) => x.id === 'spending');
    expect(spending.rows.length).toBeGreaterThanOrEqual(10);
    expect(spending.rows.map((r: { group: string }) => r.group)).toContain('Food and Non-Alcoholic Beverages');
  });

  it('says of a place in Sulu that the Region IX labour figures leave Sulu out (the LFS keeps it in BARMM); not elsewhere', async () => {
    const [sulu] = await t.db.select({ code: places.code, regionCode: places.regionCode }).from(places).where(and(eq(places.level, 'barangay'), eq(places.provinceCode, SULU_PROVINCE_CODE))).limit(1);
    expect(sulu.regionCode).toBe('0900000000');
    for (const group of ['job_types', 'economic_data']) {
      const res = await t.http.get(`/api/bi/get/${group}`).query({ area: sulu.code }).set(auth(basic.token)).expect(200);
      expect(res.body.notes).toContain(suluCaveat({ ref: { code: sulu.code }, parents: [{ code: SULU_PROVINCE_CODE }] } as never));
      expect(res.body.notes.join(' ')).toMatch(/still count it in BARMM/);
      const makati = await t.http.get(`/api/bi/get/${group}`).query({ area: A }).set(auth(basic.token)).expect(200);
      expect(makati.body.notes.join(' ')).not.toMatch(/Sulu/);
    }
  });

  it('computes the cap rate with the default condominium assumptions (staff)', async () => {
    const r = await t.http.get('/api/bi/get/capitalization_rate').query({ area: A, kind: 'condominium' }).set(auth(admin.token)).expect(200);
    // price 5,250,000; rent 25,000; size 5,250,000 ÷ 100,000 = 52.5 m²
    // gross 300,000; vacancy 24,900; effective 275,100; management 22,008; maintenance 8,253; capex 8,253;
    // insurance 5,250; tax 31,500; dues 90 × 52.5 × 12 = 56,700 → NOI 143,136 → 2.7264 %
    expect(figureOf(r.body, 'Cap rate (condominium)')).toMatchObject({ unit: 'pct', granularity: 'barangay', sampleSize: 5 });
    expect(figureOf(r.body, 'Cap rate (condominium)')!.value as number).toBeCloseTo(2.7264, 2);
    expect(figureOf(r.body, 'Net operating income a year')!.value).toBe(143_136);
    expect(figureOf(r.body, 'Gross yield (condominium)')!.value as number).toBeCloseTo((300_000 / 5_250_000) * 100, 2);
    // every kind: one row per kind with assumptions; only the condominium has listings here
    const all = await t.http.get('/api/bi/get/capitalization_rate').query({ area: A }).set(auth(admin.token)).expect(200);
    const table = all.body.tables.find((x: { id: string }) => x.id === 'cap_rates');
    expect(table.rows.length).toBeGreaterThan(1);
    expect(table.rows.find((x: { kind: string }) => x.kind === 'condominium')).toMatchObject({ price: 5_250_000, rent: 25_000, saleSample: 6, rentSample: 5, capRate: 2.73 });
    expect(table.rows.filter((x: { saleSample: number }) => x.saleSample > 0).map((x: { kind: string }) => x.kind)).toEqual(['condominium']);
    // B has 2 listings for sale and none for rent: the city's figures (A's and B's listings), said so
    const fallback = await t.http.get('/api/bi/get/capitalization_rate').query({ area: B, kind: 'condominium' }).set(auth(admin.token)).expect(200);
    expect(fallback.body.fallback).toMatchObject({ reason: 'not_enough_listings', area: { code: city.code }, sampleSize: 0 });
    expect(figureOf(fallback.body, 'Cap rate (condominium)')).toMatchObject({ granularity: 'city', areaCode: city.code, sampleSize: 5 });
    expect(fallback.body.tables[0].rows[0]).toMatchObject({ kind: 'condominium', saleSample: 8, rentSample: 5, rent: 25_000 });
  });

  it('locks tier 2 and 3 for Free members and guests with an Upgrade answer; Basic unlocks tier 2', async () => {
    const locked = await t.http.get('/api/bi/get/economic_data').query({ area: A }).set(auth(free.token)).expect(402);
    expect(locked.body.upgrade).toMatchObject({ reason: 'plan', entitlement: 'reports.tier2', requiredPlan: 'basic', currentPlan: 'free' });
    const guest = await t.http.get('/api/bi/get/capitalization_rate').query({ area: A }).expect(402);
    expect(guest.body.upgrade).toMatchObject({ entitlement: 'reports.tier3', requiredPlan: 'premium', currentPlan: 'free' });
    await t.http.get('/api/bi/get/demographics').query({ area: A }).expect(200);
    // fixed-tier routes: a guest gets 402, not 401
    const proj = await t.http.get(`/api/bi/market/projections/${A}`).expect(402);
    expect(proj.body.upgrade.requiredPlan).toBe('basic');
    await t.http.get(`/api/bi/risk/assessment/${A}`).set(auth(free.token)).expect(402);
    await t.http.get('/api/bi/investment/opportunities').query({ within: city.code }).set(auth(basic.token)).expect(402);
    // Basic unlocks tier 2
    const econ = await t.http.get('/api/bi/get/economic_data').query({ area: A }).set(auth(basic.token)).expect(200);
    expect(econ.body.figures.length).toBeGreaterThan(0);
    await t.http.get(`/api/bi/market/projections/${A}`).set(auth(basic.token)).expect(200);
    await t.http.get('/api/bi/get/capitalization_rate').query({ area: A }).set(auth(basic.token)).expect(402);
  });

  it('refuses a projection below 6 months with the reason and method, never a bare number', async () => {
    const r = await t.http.get(`/api/bi/market/projections/${A}`).set(auth(basic.token)).expect(200);
    expect(r.body.notes.join(' ')).toMatch(/Method: Ordinary least squares/);
    expect(r.body.notes.join(' ')).toMatch(/No projection: Only 1 month/);
    expect(r.body.figures).toEqual([]);
  });

  it('answers every route for a barangay (staff)', async () => {
    const routes = [
      ...['demographics', 'economic_data', 'historic_and_current', 'job_types', 'monthly_expenditures', 'cap_ex_rate_data', 'capitalization_rate', 'future_opportunities', 'ongoing_development', 'market_cycles', 'property_trends', 'safety_and_crime', 'zonal_values'].map((g) => `/api/bi/get/${g}?area=${A}`),
      `/api/bi/get/demographics?area=${city.code.slice(0, 2)}00000000`,
      `/api/bi/get/ongoing_development?area=${city.code}`,
      `/api/bi/get/market_cycles?area=${city.code}`,
      '/api/bi/dropdownvalue',
      `/api/bi/dropdownvalue?region=${city.code.slice(0, 2)}00000000&city=${city.code}`,
      `/api/bi/property/market?area=${A}`,
      `/api/bi/property/analysis/${A}`,
      `/api/bi/property/top-areas?level=barangay&within=${city.code}`,
      `/api/bi/property/price-ranges?area=${A}&offer=rent`,
      `/api/bi/property/historical/${A}`,
      `/api/bi/investment/opportunities?within=${A}`,
      `/api/bi/areas/compare?areas=${A},${B}`,
      '/api/bi/location/analysis?lat=14.55&lng=121.02',
      `/api/bi/areas/similar/${A}`,
      `/api/bi/area/demographics/${A}`,
      '/api/bi/market/overview',
      `/api/bi/market/projections/${A}`,
      `/api/bi/risk/assessment/${A}`,
      `/api/bi/data/property-trends?area=${A}`,
      `/api/bi/data/demographics?area=${A}`,
      `/api/bi/data/economic?area=${A}`,
      `/api/bi/data/safety-index?region=${city.code.slice(0, 2)}00000000`,
    ];
    for (const url of routes) {
      const res = await t.http.get(url).set(auth(admin.token));
      expect([url, res.status]).toEqual([url, 200]);
    }
    const top = await t.http.get('/api/bi/property/top-areas').query({ level: 'barangay', within: city.code }).set(auth(admin.token)).expect(200);
    // only A has 5 listings
    expect(top.body.items.map((i: { area: { code: string } }) => i.area.code)).toEqual([A]);
    const dd = await t.http.get('/api/bi/dropdownvalue').query({ city: city.code }).expect(200);
    expect(dd.body.barangays.find((b: { code: string }) => b.code === A)).toMatchObject({ activeListings: 6, enoughListings: true });
    expect(dd.body.barangays.find((b: { code: string }) => b.code === B)).toMatchObject({ activeListings: 2, enoughListings: false });
    const search = await t.http.post('/api/bi/search').send({ text: 'Makati', levels: ['city'] }).expect(200);
    expect(search.body.items[0]).toMatchObject({ code: city.code, level: 'city', activeListings: 8 });
    expect(search.body.pagination).toMatchObject({ currentPage: 1, totalItems: expect.any(Number) });
    const cmp = await t.http.get('/api/bi/areas/compare').query({ areas: `${A},${B}` }).set(auth(basic.token)).expect(200);
    expect(cmp.body.areas.map((a: { enoughListings: boolean }) => a.enoughListings)).toEqual([true, false]);
    const [centre] = await t.db.select({ lat: places.lat, lng: places.lng }).from(places).where(eq(places.code, A));
    // 0.0001° north of A's centroid: A, 11 m away
    const here = await t.http.get('/api/bi/location/analysis').query({ lat: centre.lat! + 0.0001, lng: centre.lng! }).expect(200);
    expect(here.body.barangay.code).toBe(A);
    expect(here.body.distanceKm).toBeCloseTo(0.011, 2);
    expect(figureOf(here.body.summary, 'Median asking price')).toMatchObject({ value: 5_250_000 });
    const props = await t.http.post('/api/properties/search').send({ area: A, match: { offer: ['sale'] }, limit: 10 }).expect(200);
    expect(props.body.listings).toHaveLength(6);
    const cheap = props.body.listings.find((l: { price: number }) => l.price === 5_000_000);
    // 5,000,000 / 25 m² = 200,000 per m², the barangay median 100,000 → +100 %
    expect(cheap.market).toMatchObject({ pricePerSqm: 200_000, barangayMedianPerSqm: 100_000, diffPct: 100, sampleSize: 6 });
  });

  it('refuses bad input with a clear 4xx', async () => {
    expect((await t.http.get('/api/bi/get/demographics').query({ area: '123' }).expect(400)).body.message).toEqual(expect.arrayContaining([expect.stringMatching(/area must be a 10-digit PSGC code/)]));
    expect((await t.http.get('/api/bi/get/demographics').query({ area: '9999999999' }).expect(404)).body.message).toMatch(/no place has this PSGC code/);
    expect((await t.http.get('/api/bi/get/nonsense').query({ area: A }).expect(404)).body.message).toMatch(/Unknown report 'nonsense'/);
    await t.http.get('/api/bi/get/demographics').query({ area: A, offer: 'lease' }).expect(400);
    const five = [A, B, city.code, `${city.code.slice(0, 2)}00000000`, '1380600000'].join(',');
    expect((await t.http.get('/api/bi/areas/compare').query({ areas: five }).set(auth(admin.token)).expect(400)).body.message).toMatch(/2 to 4/);
    await t.http.get(`/api/bi/area/demographics/${city.code}`).expect(400);
    await t.http.get('/api/bi/location/analysis').query({ lat: 200, lng: 121 }).expect(400);
    await t.http.post('/api/bi/search').send({ text: '' }).expect(400);
  });

  it('exports a report as CSV and PDF (same lock), recorded as market.report_exported', async () => {
    await t.http.post('/api/bi/export/csv').send({ group: 'demographics', area: A }).expect(401);
    await t.http.post('/api/bi/export/csv').set(auth(free.token)).send({ group: 'economic_data', area: A }).expect(402);
    await t.http.post('/api/bi/export/xls').set(auth(free.token)).send({ group: 'demographics', area: A }).expect(400);
    const csv = await t.http.post('/api/bi/export/csv').set(auth(free.token)).send({ group: 'historic_and_current', area: A }).buffer(true).parse(binary).expect(200);
    expect(csv.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="market_report_historic_and_current_${A}_\\d{8}T\\d{6}Z\\.csv"`));
    const text = (csv.body as Buffer).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parse(text.slice(1), { relax_column_count: true }) as string[][];
    expect(rows[0]).toEqual(['Historic and current data']);
    const header = rows.findIndex((r) => r[0] === 'Figure');
    expect(rows[header]).toEqual(['Figure', 'Value', 'Unit', 'Source', 'Period', 'Granularity', 'Area', 'Sample size', 'Note']);
    const median = rows.find((r) => r[0] === 'Median asking price')!;
    expect(median.slice(1, 4)).toEqual(['5250000', '₱', 'Tahanan listings']);
    expect(median[5]).toBe('barangay');
    expect(median[7]).toBe('6');
    expect(rows.some((r) => r[0] === 'Active listings by price band')).toBe(true);
    expect(rows.some((r) => r[0] === 'Sources')).toBe(true);

    const pdf = await t.http.post('/api/bi/export/pdf').set(auth(free.token)).send({ group: 'historic_and_current', area: A }).buffer(true).parse(binary).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const doc = inspectPdf(pdf.body as Buffer);
    // A4 landscape: 842 × 595 points
    expect(Math.round(doc.pages[0].width)).toBe(842);
    expect(Math.round(doc.pages[0].height)).toBe(595);
    const all = doc.pages.flatMap((p) => p.lines).join('\n');
    expect(all).toContain('Historic and current data');
    expect(all).toMatch(/Median asking price/);
    expect(all).toMatch(/5,250,000/);
    expect(all).toContain(`Page 1 of ${doc.numPages}`);
    expect(all).toMatch(/Sources/);

    await eventsSettled(t.app);
    const events = await t.db.select().from(outbox).where(sql`${outbox.type} = 'market.report_exported'`);
    expect(events).toHaveLength(2);
    expect(events.map((e) => (e.data as { format: string }).format).sort()).toEqual(['csv', 'pdf']);
  });
  it('projects a barangay with 6 months of history: the OLS line and its 80 % interval as by hand', async () => {
    // (last: it adds listings to the city) barangay C of the same city: one condominium listed in each of the last 6 months (Manila), 10 m² each,
    // at 100,000 · 104,000 · 101,000 · 107,000 · 108,000 · 110,000 per m² (oldest first)
    const [, , cRow] = await t.db.select({ code: places.code }).from(places).where(and(eq(places.level, 'barangay'), eq(places.cityCode, city.code))).orderBy(places.code).limit(3);
    const C = cRow.code;
    const perSqm = [100_000, 104_000, 101_000, 107_000, 108_000, 110_000];
    const now = new Date();
    const entries = [];
    for (let k = 0; k < 6; k++) {
      const id = await create({ price: perSqm[k] * 10, floorSize: 10 }, C);
      const listedAt = k === 5 ? now : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (5 - k), 15, 4));
      entries.push({ listingId: id, listedAt, endedAt: null, endReason: null, firstPricePhp: perSqm[k] * 10, priceChanges: [] });
    }
    await eventsSettled(t.app);
    const figures = t.app.get(MarketListingsService);
    await figures.recordHistory(entries);
    await figures.refreshNow();
    const r = await t.http.get(`/api/bi/market/projections/${C}`).query({ months: 1 }).set(auth(basic.token)).expect(200);
    // x̄ = 2.5, ȳ = 105,000, slope 34,000 ÷ 17.5 = 1,942.857 a month; next month 111,800;
    // s = √(13,942,857 ÷ 4) = 1,867.007; half width 1.533 × 1,867.007 × √(1 + 1/6 + 3.5²/17.5) = 3,910.41
    const projected = r.body.figures.find((f: { label: string }) => f.label.startsWith('Projected median per m²'));
    expect(projected).toMatchObject({ unit: 'php_per_sqm', sampleSize: 6, granularity: 'barangay', source: 'Tahanan listings' });
    expect(projected.value).toBe(111_800);
    expect(figureOf(r.body, 'Trend per month')!.value as number).toBe(1_943);
    const low = r.body.figures.find((f: { label: string }) => f.label.startsWith('Low end'));
    const high = r.body.figures.find((f: { label: string }) => f.label.startsWith('High end'));
    expect(low.value).toBe(Math.round(111_800 - 3_910.41));
    expect(high.value).toBe(Math.round(111_800 + 3_910.41));
    expect(r.body.notes.join(' ')).toMatch(/Method: Ordinary least squares/);
    expect(r.body.tables[0].rows).toHaveLength(1);
  });

  it('classifies the market cycle of a city from 12 months of recorded history, indicators as by hand', async () => {
    // another Metro Manila city, one barangay X; condominiums of 10 m²:
    //   L1-L4 listed 12 months ago at 1,000,000 (100,000/m²), active · L5 listed 13 months ago, sold 12 months ago
    //   L6 listed 12 months ago, sold last month · L7-L9 listed this month at 1,200,000 (120,000/m²)
    const [other] = await t.db
      .select({ code: places.code })
      .from(places)
      .where(and(eq(places.level, 'city'), eq(places.regionCode, `${city.code.slice(0, 2)}00000000`), sql`${places.code} <> ${city.code}`))
      .orderBy(places.code)
      .limit(1);
    const [x] = await t.db.select({ code: places.code }).from(places).where(and(eq(places.level, 'barangay'), eq(places.cityCode, other.code))).orderBy(places.code).limit(1);
    const now = new Date();
    const monthsAgo = (k: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - k, 15, 4));
    const id: string[] = [];
    for (let k = 0; k < 6; k++) id.push(await create({ price: 1_000_000, floorSize: 10 }, x.code));
    for (let k = 0; k < 3; k++) id.push(await create({ price: 1_200_000, floorSize: 10 }, x.code));
    for (const sold of [id[4], id[5]]) await t.http.put('/api/listing/update').set(auth(owner.token)).send({ _id: sold, owner: owner.user._id, status: 'sold' }).expect(200);
    await eventsSettled(t.app);
    const past = (i: number, listed: number, ended: number | null) => ({ listingId: id[i], listedAt: monthsAgo(listed), endedAt: ended === null ? null : monthsAgo(ended), endReason: ended === null ? null : ('sold' as const), firstPricePhp: 1_000_000, priceChanges: [] });
    const figures = t.app.get(MarketListingsService);
    await figures.recordHistory([past(0, 12, null), past(1, 12, null), past(2, 12, null), past(3, 12, null), past(4, 13, 12), past(5, 12, 1)]);
    await figures.refreshNow();
    const r = await t.http.get('/api/bi/get/market_cycles').query({ area: x.code }).set(auth(basic.token)).expect(200);
    // active 12 months ago: L1-L4, L6 (L5 ended that month) = 5; now: L1-L4, L7-L9 = 7 → supply +40 %
    expect(figureOf(r.body, 'Active listings, change over 12 months')).toMatchObject({ value: 40, granularity: 'city', areaCode: other.code });
    // median price/m² of the month's new listings: 100,000 then, 120,000 now → +20 %
    expect(figureOf(r.body, 'Median price per m², change over 12 months')!.value).toBe(20);
    // absorption (ended ÷ active): 14-12 months ago 1 ÷ (0 + 1 + 5) = 1/6; last 3 months 1 ÷ (5 + 4 + 7) = 1/16 → −62.5 %
    expect(figureOf(r.body, 'Demand, change over 12 months')!.value).toBe(-62.5);
    // excess supply 40 − (−62.5) = 102.5 with prices rising → hyper-supply
    expect(figureOf(r.body, 'Excess supply (supply change − demand change)')!.value).toBe(102.5);
    // days on market: ended in the last 3 months L6 (listed 12 months ago, sold last month); 14-12 months ago
    // L5 (listed 13 months ago, sold 12 months ago); each the only one of its window, so its own days
    const days = (listed: number, ended: number) => Math.round(((monthsAgo(ended).getTime() - monthsAgo(listed).getTime()) / 86_400_000) * 10) / 10;
    const domChange = ((days(12, 1) - days(13, 12)) / days(13, 12)) * 100;
    expect(figureOf(r.body, 'Days on market, change over 12 months')!.value).toBeCloseTo(domChange, 1);
    const history = r.body.tables.find((x: { id: string }) => x.id === 'cycle_history_table');
    expect(history.rows.at(-2)).toMatchObject({ endedCount: 1, medianDaysOnMarket: days(12, 1) });
    expect(r.body.tables[0].rows[0]).toEqual({ item: 'Phase', value: 'hyper-supply' });
  });
});

describe('market report exports: the hourly limit per member', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ MARKET_REPORT_EXPORTS_PER_HOUR: '2' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the export past the limit with 429 and Retry-After, counted per member', async () => {
    const [brgy] = await t.db.select({ code: places.code }).from(places).where(eq(places.level, 'barangay')).limit(1);
    const one = await createUser(t, { type: 'customer' });
    const other = await createUser(t, { type: 'customer' });
    const send = (who: Member) => t.http.post('/api/bi/export/csv').set(auth(who.token)).send({ group: 'demographics', area: brgy.code });
    await send(one).expect(200);
    await send(one).expect(200);
    const refused = await send(one).expect(429);
    expect(refused.body.message).toMatch(/^Too many report exports: try again in \d+ minutes? \(at most 2 an hour\)$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await send(other).expect(200);
  });
});
