import { randomUUID } from 'node:crypto';
import { BadRequestException, NotFoundException } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import {
  REPORT_GROUP_IDS,
  acquisitionCosts,
  affordability,
  feasibility,
  planUnlocksReport,
  type AriaListingCard,
} from '@app/domain';
import { eventsSettled } from '../../../../test/events';
import { auth, createUser, startTestApp, verifiedIdentity, type TestApp } from '../../../../test/test-app';
import type { AuthUser } from '../../../common/auth/auth-user';
import { MarketListingsService } from '../../market/listing-figures/market-listings.service';
import { PlacesService } from '../../places/places.service';
import { ARIA_RUN_COMPUTER, ARIA_TOOLS, type AriaRunComputer, type AriaTool, type CompareListingsData, type MarketReportData, type SearchListingsData } from '../aria-contracts';

type Member = Awaited<ReturnType<typeof createUser>>;
const asCaller = (m: Member): AuthUser => ({ id: m.user._id, sessionId: randomUUID(), role: m.user.role as AuthUser['role'], type: 'customer', email: m.user.email });

/**
 * ARIA's tools against the real database, all listings made through the HTTP API (so their events
 * flow and their embeddings are computed). Barangays A and B of one city with a name no other place has:
 *
 *   A sale: s1 condo ₱5,000,000 / 50 m² / 2 br (city skyline) · s2 house and lot ₱9,000,000 / 120 m² / 4 br (beachfront, pool)
 *   B sale: s3 condo ₱3,000,000 / 25 m² / 1 br
 *   A rent: r1 condo ₱25,000 / 30 m²
 *   Never shown to the buyer: hidden (A, sale, made invisible), draft (another owner's draft in A), removed (deleted);
 *   all three describe a beach house with a pool, so neither a filter nor the semantic text may find them.
 */
describe('ARIA tools (search, get, market report, compare, finance, run computer)', () => {
  let t: TestApp;
  let owner: Member;
  let other: Member;
  let buyer: Member;
  let caller: AuthUser;
  let tools: Map<string, AriaTool>;
  let runs: AriaRunComputer;
  let A: string;
  let B: string;
  let city: { code: string; name: string };
  const ids: Record<string, string> = {};
  const codes: Record<string, string> = {};
  const BEACH = 'Beachfront house with an infinity swimming pool and a garden by the sea, quiet and breezy, steps from the white sand.';

  const create = async (as: Member, barangay: string, body: Record<string, unknown>) => {
    const res = await t.http
      .post('/api/listing/create')
      .set(auth(as.token))
      .send({ name: 'ARIA fixture', type: 'residential', location: { lat: 14.55, lng: 121.02 }, address: { barangayCode: barangay }, ...body })
      .expect(201);
    return { id: res.body._id as string, code: res.body.code as string };
  };
  const tool = (name: string) => tools.get(name)!;
  const search = async (args: Record<string, unknown>) => (await tool('search_listings').run(args, { caller })).data as SearchListingsData;
  const idsOf = (cards: AriaListingCard[]) => cards.map((c) => c.id).sort();

  beforeAll(async () => {
    t = await startTestApp({ ARIA_EMBEDDINGS: 'on' });
    tools = new Map(t.app.get<AriaTool[]>(ARIA_TOOLS, { strict: false }).map((x) => [x.spec.name, x]));
    runs = t.app.get<AriaRunComputer>(ARIA_RUN_COMPUTER, { strict: false });
    owner = await createUser(t, { type: 'broker', ...verifiedIdentity() });
    other = await createUser(t, { type: 'broker', ...verifiedIdentity() });
    buyer = await createUser(t, { type: 'customer' });
    caller = asCaller(buyer);
    // two barangays of a city whose name no other place has (so the name resolves to it alone)
    const pick = await t.db.execute(sql`
      select b.city_code as city, c.name as name, (array_agg(b.code order by b.code))[1:2] as codes
      from places b join places c on c.code = b.city_code and c.level in ('city', 'municipality')
      where b.level = 'barangay'
        and (select count(*) from places o where lower(o.name) = lower(c.name)) = 1
      group by b.city_code, c.name having count(*) >= 2 order by b.city_code limit 1`);
    const row = (pick as unknown as { rows: Array<{ city: string; name: string; codes: string[] | string }> }).rows[0];
    city = { code: row.city, name: row.name };
    [A, B] = Array.isArray(row.codes) ? row.codes : row.codes.replace(/[{}]/g, '').split(',');

    const made = {
      s1: await create(owner, A, { kind: 'condominium', price: 5_000_000, floorSize: 50, bedrooms: 2, description: 'Modern condominium with a balcony facing the city skyline, near the business district and offices.' }),
      s2: await create(owner, A, { kind: 'house_and_lot', price: 9_000_000, floorSize: 120, lotSize: 200, bedrooms: 4, description: BEACH }),
      s3: await create(owner, B, { kind: 'condominium', price: 3_000_000, floorSize: 25, bedrooms: 1, description: 'Studio-type condominium unit above a mall, good for a first home.' }),
      r1: await create(owner, A, { kind: 'condominium', offer: 'rent', price: 25_000, floorSize: 30, bedrooms: 1, description: 'One-bedroom condominium for rent, furnished.' }),
      hidden: await create(owner, A, { kind: 'house_and_lot', price: 8_000_000, floorSize: 110, bedrooms: 4, description: BEACH }),
      draft: await create(other, A, { kind: 'house_and_lot', price: 8_500_000, floorSize: 115, bedrooms: 4, status: 'draft', description: BEACH }),
      removed: await create(owner, A, { kind: 'house_and_lot', price: 8_800_000, floorSize: 118, bedrooms: 4, description: BEACH }),
    };
    for (const [k, v] of Object.entries(made)) {
      ids[k] = v.id;
      codes[k] = v.code;
    }
    await t.http.post('/api/listing/update/visibility').set(auth(owner.token)).send({ listingId: ids.hidden, visible: false }).expect(200);
    await t.http.delete(`/api/listing/remove/${ids.removed}`).set(auth(owner.token)).expect(200);
    // the embeddings subscriber embeds them as their events are handled
    await eventsSettled(t.app, 30_000);
  }, 120_000);

  afterAll(() => t?.close());

  it('offers the seven tools in ARIA_TOOL_NAMES order, each with a JSON schema of its arguments', () => {
    expect([...tools.keys()]).toEqual(['search_listings', 'get_listing', 'market_report', 'compare_listings', 'affordability', 'acquisition_costs', 'feasibility']);
    for (const x of tools.values()) expect(x.spec.parameters).toMatchObject({ type: 'object', properties: expect.any(Object) });
  });

  it('search_listings: the structured filters find exactly the public listings that match, never a hidden, removed or draft one', async () => {
    const inCity = await search({ offer: 'sale', placeCode: city.code });
    expect(idsOf(inCity.listings)).toEqual([ids.s1, ids.s2, ids.s3].sort());
    expect(inCity.total).toBe(3);
    expect(inCity.applied.place).toEqual({ code: city.code, name: city.name, level: expect.stringMatching(/city|municipality/) });

    const condosInA = await search({ offer: 'sale', kinds: ['condominium'], placeCode: A, maxPrice: 6_000_000 });
    expect(condosInA.listings.map((c) => c.id)).toEqual([ids.s1]);
    expect(condosInA.listings[0]).toMatchObject({ code: codes.s1, price: 5_000_000, floorArea: 50, pricePerSqm: 100_000, url: `/listings/${ids.s1}`, barangayCode: A });

    const big = await search({ placeCode: city.code, minBedrooms: 3 });
    expect(big.listings.map((c) => c.id)).toEqual([ids.s2]);

    const rentals = await search({ offer: 'rent', placeCode: city.code, maxPrice: 30_000 });
    expect(rentals.listings.map((c) => c.id)).toEqual([ids.r1]);

    const never = new Set([ids.hidden, ids.draft, ids.removed]);
    for (const args of [{ placeCode: A }, { text: BEACH, placeCode: A }, { text: 'beach house with a pool' }, { minBedrooms: 4 }]) {
      const found = await search(args);
      expect(found.listings.filter((c) => never.has(c.id))).toEqual([]);
    }
  });

  it('search_listings: free text ranks the candidates by meaning (the beach house first for a beach question)', async () => {
    const ranked = await search({ text: 'a house by the beach with a swimming pool', placeCode: city.code, offer: 'sale' });
    expect(ranked.semantic).toBe(true);
    expect(ranked.listings[0].id).toBe(ids.s2);
    expect(ranked.listings[0].score).toBeGreaterThan(ranked.listings[1].score!);
    const skyline = await search({ text: 'condo with a view of the city skyline near offices', placeCode: city.code, offer: 'sale' });
    expect(skyline.listings[0].id).toBe(ids.s1);
    // without text: newest first, not semantic
    const plain = await search({ placeCode: city.code, offer: 'sale' });
    expect(plain.semantic).toBe(false);
    expect(plain.listings.map((c) => c.id)).toEqual([ids.s3, ids.s2, ids.s1]);
  });

  it('search_listings: a place name resolves against the PSGC names; an unknown one searches nothing and says so', async () => {
    const byName = await search({ placeName: city.name, offer: 'sale' });
    expect(byName.applied.place?.code).toBe(city.code);
    expect(idsOf(byName.listings)).toEqual([ids.s1, ids.s2, ids.s3].sort());
    const unknown = await tool('search_listings').run({ placeName: 'Zzyzx Nowhereville' }, { caller });
    expect(unknown.data).toMatchObject({ total: 0, listings: [], unresolvedPlace: 'Zzyzx Nowhereville' });
    expect(unknown.trace.summary).toContain('Zzyzx Nowhereville');
  });

  it('tools refuse bad arguments with 400 naming the field', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['search_listings', { offer: 'lease' }, 'offer'],
      ['search_listings', { minPrice: 'cheap' }, 'minPrice'],
      ['search_listings', { kinds: ['castle'] }, 'kinds'],
      ['search_listings', { color: 'blue' }, 'color'],
      ['get_listing', {}, 'listing'],
      ['affordability', { price: -5 }, 'price'],
      ['affordability', { price: 5_000_000, years: 2.5 }, 'years'],
      ['market_report', { placeCode: '123' }, 'placeCode'],
      ['compare_listings', { listings: 'RES-1' }, 'listings'],
    ];
    for (const [name, args, field] of cases) {
      const err = await tool(name).run(args, { caller }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BadRequestException);
      expect((err as Error).message).toContain(field);
    }
  });

  it('get_listing: by code or id, only what the caller may see', async () => {
    const got = await tool('get_listing').run({ listing: codes.s2 }, { caller });
    expect(got.data).toMatchObject({ listing: { id: ids.s2, description: BEACH, bedrooms: 4, url: `/listings/${ids.s2}` } });
    expect(got.citations).toEqual([{ kind: 'listing', label: expect.stringContaining(codes.s2), url: `/listings/${ids.s2}` }]);
    for (const ref of [ids.hidden, codes.draft, ids.removed]) {
      await expect(tool('get_listing').run({ listing: ref }, { caller })).rejects.toBeInstanceOf(NotFoundException);
    }
    // the owner sees their hidden listing
    await expect(tool('get_listing').run({ listing: ids.hidden }, { caller: asCaller(owner) })).resolves.toMatchObject({ data: { listing: { id: ids.hidden } } });
  });

  it('market_report: figures with source, period and sample, linked to the report; a group locked on the plan answers locked instead of failing', async () => {
    // the figures as the refresh job computes them (it also runs on its own every 10 s)
    await t.app.get(MarketListingsService).refreshNow();
    const open = await tool('market_report').run({ placeCode: A, offer: 'sale' }, { caller });
    const data = open.data as MarketReportData;
    expect(data).toMatchObject({ area: { code: A }, group: 'historic_and_current', url: `/market/${A}/historic_and_current` });
    expect(data.locked).toBeUndefined();
    // two listings for sale in A, fewer than the minimum sample: the city's figures, said so
    expect(data.fallback).toEqual({ reason: 'not_enough_listings', area: { code: city.code, name: city.name }, sampleSize: 2 });
    expect(data.figures.length).toBeGreaterThan(0);
    for (const f of data.figures) {
      expect(Object.keys(f).sort()).toEqual(['granularity', 'label', 'period', 'sampleSize', 'source', 'unit', 'value']);
      expect(f.value === null || typeof f.value === 'number').toBe(true);
      expect(f.source).toEqual(expect.any(String));
      expect(f.period).toEqual(expect.any(String));
    }
    expect(data.figures.some((f) => f.value !== null && f.granularity === 'city')).toBe(true);
    expect(open.citations[0]).toMatchObject({ kind: 'report', url: `/market/${A}/historic_and_current` });

    const lockedGroup = REPORT_GROUP_IDS.find((g) => !planUnlocksReport('free', g))!;
    const locked = await tool('market_report').run({ placeCode: city.code, group: lockedGroup }, { caller });
    expect(locked.data).toMatchObject({ group: lockedGroup, figures: [], locked: { plan: 'free', upgradeTo: expect.any(String) } });
  });

  it('compare_listings: refuses one listing, six listings and a listing the caller cannot see; compares the rest with a recommendation', async () => {
    const compare = (refs: string[]) => runs.compare(caller, refs, async () => undefined);
    await expect(compare([ids.s1])).rejects.toThrow(/2 to 5 different listings; 1 was given/);
    await expect(compare([ids.s1, ids.s2, ids.s3, ids.r1, ids.hidden, ids.removed])).rejects.toThrow(/2 to 5 different listings; 6 were given/);
    const unseen = await compare([ids.s1, ids.hidden]).catch((e: unknown) => e);
    expect(unseen).toBeInstanceOf(BadRequestException);
    expect((unseen as Error).message).toContain(ids.hidden);
    expect((unseen as Error).message).not.toContain(ids.s1);
    await expect(compare([ids.s1, codes.draft])).rejects.toThrow(codes.draft);

    const sale = await compare([ids.s1, codes.s3]);
    expect(sale.result.rows.map((r) => r.id)).toEqual([ids.s1, ids.s3]);
    expect(sale.result.recommendation?.listingId).toMatch(new RegExp(`${ids.s1}|${ids.s3}`));
    expect(sale.result.recommendation!.reasons.length).toBeGreaterThan(0);
    for (const r of sale.result.rows) expect(r.riskNotes).toContain('Not verified: Tahanan has not reviewed ownership documents for this listing.');
    expect(sale.narrative.split('\n\n').length).toBeGreaterThanOrEqual(2);

    const mixed = (await tool('compare_listings').run({ listings: [ids.s1, ids.r1] }, { caller })).data as CompareListingsData;
    expect(mixed.recommendation).toBeNull();
    expect(mixed.notes[0]).toContain('mix sale and rent');
  });

  it('feasibility run on a fixture listing gives property-finance’s numbers for the same inputs', async () => {
    const progress: number[] = [];
    const assumptions = { downPaymentPct: 20, years: 15, lender: 'pagibig' as const, use: 'rent' as const, monthlyRent: 28_000, vacancyPct: 5, monthlyDues: 3_000 };
    const out = await runs.feasibility(caller, { listingId: ids.s1, assumptions }, async (p) => {
      progress.push(p);
    });
    expect(progress).toEqual([10, 40, 70, 100]);
    const detail = await t.app.get(PlacesService).placeDetail(A);
    const expected = feasibility({
      price: 5_000_000,
      floorAreaSqm: 50,
      zonalValue: null,
      regionCode: detail.regionCode,
      isCity: detail.cityRow ? detail.cityRow.level === 'city' : null,
      ...assumptions,
    });
    expect(out.result.finance).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(out.result.subject).toMatchObject({ price: 5_000_000, floorArea: 50, place: { code: A }, zonalValue: null, listing: { id: ids.s1 } });
    expect(out.result.assumptions).toMatchObject({ monthlyRent: 28_000, monthlyRentSource: 'given', annualRatePct: expected.loan.annualRatePct });
    expect(out.narrative).toContain(`₱${Math.round(expected.monthly.amortization).toLocaleString('en-US')}`);
    const paragraphs = out.narrative.split('\n\n');
    expect(paragraphs.length).toBeGreaterThanOrEqual(2);
    expect(paragraphs.length).toBeLessThanOrEqual(4);
    expect(out.citations).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'listing', url: `/listings/${ids.s1}` })]));
    // a listing the caller cannot see is not found
    await expect(runs.feasibility(caller, { listingId: ids.hidden, assumptions }, async () => undefined)).rejects.toBeInstanceOf(NotFoundException);
  });

  it('affordability and acquisition_costs answer property-finance’s figures with the disclaimer', async () => {
    const aff = await tool('affordability').run({ price: 6_000_000, downPaymentPct: 10, years: 30, lender: 'pagibig' }, { caller });
    expect(aff.data).toMatchObject({ ...affordability({ price: 6_000_000, downPaymentPct: 10, years: 30, lender: 'pagibig' }), disclaimer: expect.stringContaining('Estimates only') });
    expect(aff.trace.chart?.points).toHaveLength(30);

    const costs = await tool('acquisition_costs').run({ price: 6_000_000, placeCode: city.code }, { caller });
    const cityDetail = await t.app.get(PlacesService).placeDetail(city.code);
    expect(costs.data).toMatchObject({
      ...acquisitionCosts({ price: 6_000_000, regionCode: cityDetail.regionCode, isCity: cityDetail.level === 'city' }),
      place: { code: city.code },
    });
  });
});
