import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { appState, listings, places, users, type NewListingRow } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';
import { addressColumns } from '../listings/listing.mapper';
import { ListingCountCache } from '../listings/listing-count-cache';
import { ListingMediaService, type PreparedImage } from '../listings/listing-media.service';
import { MarketListingsService, type MarketHistoryEntry } from '../market/listing-figures/market-listings.service';
import { PlacesService } from '../places/places.service';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { demoPhoto } from './demo-photos';

const SEED_KEY = 'demo-market-history';
/** Barangays per demo city (the most populous ones, by the PSGC population) and listings per barangay. */
const BARANGAYS_PER_CITY = 5;
const LISTINGS_PER_BARANGAY = 24;
const HISTORY_DAYS = 730;
const DAY = 86_400_000;

/** The demo cities (as the demo listings name them). */
const CITIES: { match: string; label: string }[] = [
  { match: 'Makati', label: 'Makati' },
  { match: 'Taguig', label: 'Taguig' },
  { match: 'Quezon City', label: 'Quezon City' },
  { match: 'Pasig', label: 'Pasig' },
  { match: 'Mandaluyong', label: 'Mandaluyong' },
  { match: 'Parañaque', label: 'Parañaque' },
  { match: 'Cebu', label: 'Cebu City' },
  { match: 'Mandaue', label: 'Mandaue' },
  { match: 'Lapu-Lapu', label: 'Lapu-Lapu' },
  { match: 'Davao', label: 'Davao City' },
];

/** The demo's ranges (as in demo-listings), as a price per m² so that price and size agree. */
const KINDS = [
  { type: 'residential', kind: 'condominium', name: 'condo unit', photo: 'tower', addressType: 'condominium', sqm: [90_000, 260_000], rentSqm: [550, 1_300], floor: [24, 120], lot: null, rent: 0.5 },
  { type: 'residential', kind: 'house_and_lot', name: 'house and lot', photo: 'house', addressType: 'house and lot', sqm: [60_000, 170_000], rentSqm: [300, 700], floor: [70, 350], lot: [90, 500], rent: 0.3 },
  { type: 'residential', kind: 'townhouse', name: 'townhouse', photo: 'house', addressType: 'townhouse', sqm: [55_000, 120_000], rentSqm: [300, 550], floor: [90, 200], lot: [50, 120], rent: 0.35 },
  { type: 'residential', kind: 'apartment', name: 'apartment', photo: 'house', addressType: 'apartment', sqm: [45_000, 110_000], rentSqm: [280, 650], floor: [25, 90], lot: null, rent: 0.8 },
  { type: 'commercial', kind: 'office', name: 'office space', photo: 'tower', addressType: 'office', sqm: [110_000, 280_000], rentSqm: [700, 1_600], floor: [50, 600], lot: null, rent: 0.6 },
  { type: 'commercial', kind: 'commercial_space', name: 'retail space', photo: 'tower', addressType: 'commercial space', sqm: [90_000, 220_000], rentSqm: [600, 1_500], floor: [30, 300], lot: null, rent: 0.6 },
  { type: 'land', kind: 'lot', name: 'residential lot', photo: 'lot', addressType: 'lot', sqm: [15_000, 150_000], rentSqm: null, floor: null, lot: [100, 1_500], rent: 0 },
  { type: 'industrial', kind: 'warehouse', name: 'warehouse', photo: 'lot', addressType: 'warehouse', sqm: [25_000, 60_000], rentSqm: [180, 420], floor: [400, 4_000], lot: [600, 6_000], rent: 0.6 },
] as const;

/** A small deterministic random generator (the same as the other demo seeds'), so every demo install looks the same. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Demo listings with a market history, so the market reports have something to show in the demo
 * cities: 24 listings in each of the 5 most populous barangays of each demo city (sale and rent, every
 * kind), listed over the last 24 months, a share of them sold, rented or archived after some weeks or
 * months, some with price cuts. Their past cannot come from events, so it is written through
 * `MarketListingsService.recordHistory`, then the figures are computed. All of it is demo data (the
 * reports say so while SEED_DEMO is on): drawn from ranges, not observed.
 */
@Injectable()
export class DemoMarketHistorySeeder {
  private readonly logger = new Logger(DemoMarketHistorySeeder.name);

  constructor(
    @InjectDb() private readonly db: Database,
    private readonly media: ListingMediaService,
    private readonly places: PlacesService,
    private readonly market: MarketListingsService,
    private readonly counts: ListingCountCache,
  ) {}

  async seedOnce(): Promise<number> {
    const [done] = await this.db.select().from(appState).where(eq(appState.key, SEED_KEY)).limit(1);
    if (done) return 0;
    const started = Date.now();
    const owners = await this.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, DEMO_ACCOUNTS.filter((a) => a.role === 'user' && a.type !== 'customer').map((a) => a.email)));
    if (owners.length === 0) return 0;
    const areas: { label: string; barangay: typeof places.$inferSelect }[] = [];
    for (const c of CITIES) {
      const [city] = await this.db
        .select()
        .from(places)
        .where(and(inArray(places.level, ['city', 'municipality']), or(ilike(places.name, `${c.match}%`), ilike(places.name, `City of ${c.match}%`))))
        .limit(1);
      if (!city) continue;
      const top = await this.db
        .select()
        .from(places)
        .where(and(eq(places.level, 'barangay'), eq(places.cityCode, city.code)))
        .orderBy(sql`${places.population} desc nulls last`, places.code)
        .limit(BARANGAYS_PER_CITY);
      for (const barangay of top) areas.push({ label: c.label, barangay });
    }
    if (!areas.length) {
      this.logger.warn('No demo cities found in the places table; demo market history skipped');
      return 0;
    }
    const photos = new Map<string, PreparedImage>();
    for (const kind of ['house', 'tower', 'lot'] as const) photos.set(kind, await this.media.prepareImage(await demoPhoto(kind.length + 7, kind)));

    const random = rng(20261127);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
    const between = (min: number, max: number) => min + random() * (max - min);
    const now = Date.now();
    const rows: NewListingRow[] = [];
    const pasts: Omit<MarketHistoryEntry, 'listingId'>[] = [];
    const timing = { drawn: 0, photos: 0, inserted: 0, recorded: 0 };
    let n = 0;
    for (const { label, barangay } of areas) {
      const address = await this.places.resolveAddress({ barangayCode: barangay.code });
      // each barangay its own price level, so they differ as real ones do
      const level = between(0.8, 1.25);
      for (let i = 0; i < LISTINGS_PER_BARANGAY; i++) {
        n++;
        const k = KINDS[i % KINDS.length];
        const forRent = k.rentSqm !== null && random() < k.rent;
        const listedAt = new Date(now - Math.floor(random() * HISTORY_DAYS * DAY));
        const floorSize = k.floor ? Math.round(between(k.floor[0], k.floor[1])) : null;
        const lotSize = k.lot ? Math.round(between(k.lot[0], k.lot[1])) : null;
        const size = k.kind === 'lot' ? lotSize! : floorSize!;
        // asking prices drift up about 5 % a year over the two years
        const drift = 1 + 0.05 * ((listedAt.getTime() - (now - HISTORY_DAYS * DAY)) / (365 * DAY));
        const [lo, hi] = forRent ? k.rentSqm! : k.sqm;
        const firstPrice = Math.round((between(lo, hi) * level * drift * size) / (forRent ? 100 : 10_000)) * (forRent ? 100 : 10_000);
        // how long it stays: weeks for rents, months for sales; about half of those listed long enough have left
        const stay = Math.round(forRent ? between(10, 120) : between(30, 330));
        const leaves = random() < 0.6;
        const endedAt = leaves && listedAt.getTime() + stay * DAY < now ? new Date(listedAt.getTime() + stay * DAY) : null;
        const endReason = endedAt ? (random() < 0.8 ? (forRent ? 'rented' : 'sold') : 'archived') : null;
        const until = endedAt?.getTime() ?? now;
        const changes: MarketHistoryEntry['priceChanges'] = [];
        let price = firstPrice;
        const cuts = random() < 0.3 ? (random() < 0.3 ? 2 : 1) : 0;
        for (let c = 1; c <= cuts; c++) {
          const at = new Date(listedAt.getTime() + ((until - listedAt.getTime()) * c) / (cuts + 1));
          if (at.getTime() - listedAt.getTime() < 7 * DAY) break;
          const next = Math.round((price * (1 - between(0.03, 0.1))) / (forRent ? 100 : 10_000)) * (forRent ? 100 : 10_000);
          changes.push({ at, oldPricePhp: price, newPricePhp: next });
          price = next;
        }
        const bedrooms = k.type === 'residential' ? 1 + Math.floor(random() * 4) : null;
        const name = `${bedrooms ? `${bedrooms}BR ` : ''}${k.name} in ${barangay.name}, ${label}`;
        const lastChange = changes.at(-1)?.at ?? listedAt;
        // homes: furnished, semi-furnished or unfurnished in turn (not drawn: the other draws stay as they were)
        const furnishing = k.type === 'residential' ? (['furnished', 'semi_furnished', 'unfurnished'] as const)[n % 3] : null;
        const id = randomUUID();
        rows.push({
          id,
          code: `DEMO-MH-${String(n).padStart(5, '0')}`,
          name,
          description: `${name}. Demo listing with a market history (made-up data for the market reports demo).`,
          descriptionHtml: `<p>${name}.</p><p>Demo listing with a market history (made-up data for the market reports demo).</p>`,
          type: k.type,
          kind: k.kind,
          offer: forRent ? 'rent' : 'sale',
          status: endReason ?? 'active',
          tags: [forRent ? 'for rent' : 'for sale', ...(furnishing === 'furnished' || furnishing === 'unfurnished' ? [furnishing] : [])],
          furnishing,
          parkingSlots: k.type === 'land' ? null : 1 + (n % 3),
          price,
          floorSize,
          lotSize,
          bedrooms,
          bathrooms: bedrooms ? Math.max(1, bedrooms - Math.floor(random() * 2)) : null,
          ...addressColumns(address, { type: k.addressType }),
          lat: (barangay.lat ?? 12) + between(-0.003, 0.003),
          lng: (barangay.lng ?? 122) + between(-0.003, 0.003),
          ownerId: pick(owners).id,
          uploadedById: null,
          views: Math.floor(random() * 300),
          savedCount: Math.floor(random() * 6),
          createdAt: listedAt,
          updatedAt: endedAt && endedAt > lastChange ? endedAt : lastChange,
        });
        pasts.push({ listedAt, endedAt, endReason, firstPricePhp: firstPrice, priceChanges: changes, inquiries: Math.floor(random() * 5) });
      }
    }
    timing.drawn = Date.now() - started;
    // one photo each, written 25 at a time
    for (let i = 0; i < rows.length; i += 25) {
      await Promise.all(
        rows.slice(i, i + 25).map(async (r) => {
          r.images = [await this.media.putPrepared(r.id!, photos.get(KINDS.find((k) => k.kind === r.kind)!.photo)!)];
        }),
      );
    }
    timing.photos = Date.now() - started;
    const entries: MarketHistoryEntry[] = rows.map((r, i) => ({ listingId: r.id!, ...pasts[i] }));
    for (let i = 0; i < rows.length; i += 300) await this.db.insert(listings).values(rows.slice(i, i + 300));
    timing.inserted = Date.now() - started;
    await this.market.recordHistory(entries);
    timing.recorded = Date.now() - started;
    // the other demo listings (written without events) are recorded as they are now
    await this.market.backfill();
    await this.market.refreshNow();
    await this.db.insert(appState).values({ key: SEED_KEY, value: { at: new Date().toISOString(), count: entries.length } });
    await this.counts.invalidate();
    this.logger.log(`Demo market history seeded (${entries.length} listings in ${areas.length} barangays, ${Date.now() - started} ms: ${JSON.stringify(timing)})`);
    return entries.length;
  }
}

