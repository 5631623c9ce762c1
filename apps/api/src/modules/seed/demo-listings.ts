import { Injectable, Logger } from '@nestjs/common';
import { and, eq, ilike, inArray, or } from 'drizzle-orm';
import { appState, listings, places, users, type ListingImage } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';
import { addressColumns } from '../listings/listing.mapper';
import { ListingMediaService, type PreparedImage } from '../listings/listing-media.service';
import { PlacesService } from '../places/places.service';
import { ListingCountCache } from '../listings/listing-count-cache';
import { demoPhoto } from './demo-photos';
import { DEMO_ACCOUNTS } from './demo-accounts';

const SEED_KEY = 'demo-listings';
const LISTING_COUNT = 300;

/** City centres for the demo (PSGC names vary, so they are matched by name). */
const DEMO_CITIES: { match: string; label: string; lat: number; lng: number; weight: number }[] = [
  { match: 'Makati', label: 'Makati', lat: 14.5547, lng: 121.0244, weight: 5 },
  { match: 'Taguig', label: 'Taguig', lat: 14.5176, lng: 121.0509, weight: 5 },
  { match: 'Quezon City', label: 'Quezon City', lat: 14.676, lng: 121.0437, weight: 6 },
  { match: 'Pasig', label: 'Pasig', lat: 14.5764, lng: 121.0851, weight: 4 },
  { match: 'Mandaluyong', label: 'Mandaluyong', lat: 14.5794, lng: 121.0359, weight: 3 },
  { match: 'Parañaque', label: 'Parañaque', lat: 14.4793, lng: 121.0198, weight: 2 },
  { match: 'Cebu', label: 'Cebu City', lat: 10.3157, lng: 123.8854, weight: 5 },
  { match: 'Mandaue', label: 'Mandaue', lat: 10.3236, lng: 123.9223, weight: 2 },
  { match: 'Lapu-Lapu', label: 'Lapu-Lapu', lat: 10.3103, lng: 123.9494, weight: 2 },
  { match: 'Davao', label: 'Davao City', lat: 7.1907, lng: 125.4553, weight: 5 },
];

const KINDS = [
  { type: 'residential', name: 'condo unit', photo: 'tower', addressType: 'condominium', kind: 'condominium', price: [3_500_000, 35_000_000], rent: [18_000, 180_000], floor: [24, 160], lot: null },
  { type: 'residential', name: 'house and lot', photo: 'house', addressType: 'house and lot', kind: 'house_and_lot', price: [4_500_000, 60_000_000], rent: [25_000, 250_000], floor: [60, 450], lot: [80, 600] },
  { type: 'residential', name: 'townhouse', photo: 'house', addressType: 'townhouse', kind: 'townhouse', price: [5_000_000, 22_000_000], rent: [30_000, 90_000], floor: [90, 220], lot: [50, 140] },
  { type: 'commercial', name: 'office space', photo: 'tower', addressType: 'office', kind: 'office', price: [8_000_000, 90_000_000], rent: [60_000, 600_000], floor: [50, 900], lot: null },
  { type: 'commercial', name: 'retail space', photo: 'tower', addressType: 'commercial space', kind: 'commercial_space', price: [6_000_000, 40_000_000], rent: [35_000, 300_000], floor: [30, 400], lot: null },
  { type: 'land', name: 'residential lot', photo: 'lot', addressType: 'lot', kind: 'lot', price: [1_200_000, 45_000_000], rent: null, floor: null, lot: [100, 2_000] },
  { type: 'industrial', name: 'warehouse', photo: 'lot', addressType: 'warehouse', kind: 'warehouse', price: [20_000_000, 150_000_000], rent: [120_000, 900_000], floor: [400, 5_000], lot: [600, 8_000] },
] as const;

/** Parking slots by kind (from the listing's number, so the seed's random draws stay as they were). */
const PARKING: Record<(typeof KINDS)[number]['kind'], (i: number, bedrooms: number | null) => number | null> = {
  condominium: (i, bedrooms) => ((bedrooms ?? 1) >= 2 ? 1 + (i % 2) : i % 2),
  house_and_lot: (i) => 1 + (i % 3),
  townhouse: (i) => 1 + (i % 2),
  office: (i) => 2 + (i % 9),
  commercial_space: (i) => i % 4,
  lot: () => null,
  warehouse: (i) => 2 + (i % 7),
};

const AMENITIES = ['swimming pool', 'gym', '24/7 security', 'parking', 'playground', 'function room', 'backup generator', 'fiber internet', 'garden', 'elevator'];

/** A small deterministic random generator, so every demo install looks the same. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Seeds a few hundred listings across Metro Manila, Cebu and Davao barangays, with locally drawn photos. */
@Injectable()
export class DemoListingsSeeder {
  private readonly logger = new Logger(DemoListingsSeeder.name);

  constructor(
    @InjectDb() private readonly db: Database,
    private readonly media: ListingMediaService,
    private readonly places: PlacesService,
    private readonly counts: ListingCountCache,
  ) {}

  async seedOnce(): Promise<number> {
    const [done] = await this.db.select().from(appState).where(eq(appState.key, SEED_KEY)).limit(1);
    if (done) return 0;
    const owners = await this.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, DEMO_ACCOUNTS.filter((a) => a.role === 'user' && a.type !== 'customer').map((a) => a.email)));
    if (owners.length === 0) return 0;
    const cities = [];
    for (const c of DEMO_CITIES) {
      const [city] = await this.db
        .select()
        .from(places)
        .where(and(inArray(places.level, ['city', 'municipality']), or(ilike(places.name, `${c.match}%`), ilike(places.name, `City of ${c.match}%`))))
        .limit(1);
      if (!city) continue;
      const barangays = await this.db.select().from(places).where(and(eq(places.level, 'barangay'), eq(places.cityCode, city.code)));
      if (barangays.length) cities.push({ ...c, city, barangays });
    }
    if (cities.length === 0) {
      this.logger.warn('No demo cities found in the places table; demo listings skipped');
      return 0;
    }
    const photos = new Map<string, PreparedImage>();
    for (const kind of ['house', 'tower', 'lot'] as const) {
      for (let v = 0; v < 4; v++) photos.set(`${kind}${v}`, await this.media.prepareImage(await demoPhoto(v + kind.length, kind)));
    }
    const random = rng(20261121);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
    const between = (min: number, max: number) => min + random() * (max - min);
    const weighted = cities.flatMap((c) => Array.from({ length: c.weight }, () => c));
    const now = Date.now();
    let created = 0;
    for (let i = 0; i < LISTING_COUNT; i++) {
      const c = pick(weighted);
      const barangay = pick(c.barangays);
      const kind = pick(KINDS);
      const forRent = kind.rent !== null && random() < 0.4;
      const [lo, hi] = forRent ? kind.rent! : kind.price;
      const price = Math.round(between(lo, hi) / 1000) * 1000;
      const lat = (barangay.lat ?? c.lat) + (barangay.lat ? between(-0.003, 0.003) : between(-0.03, 0.03));
      const lng = (barangay.lng ?? c.lng) + (barangay.lng ? between(-0.003, 0.003) : between(-0.03, 0.03));
      const tags = [forRent ? 'for rent' : 'for sale', pick(['clean title', 'individual owner', 'company owned', 'new', 'renovated'])];
      if (kind.type === 'residential') tags.push(pick(['furnished', 'unfurnished', 'pet friendly']));
      const bedrooms = kind.type === 'residential' ? 1 + Math.floor(random() * 4) : null;
      const address = await this.places.resolveAddress({ barangayCode: barangay.code });
      const name = `${bedrooms ? `${bedrooms}BR ` : ''}${kind.name} in ${barangay.name}, ${c.label}`;
      const [row] = await this.db
        .insert(listings)
        .values({
          code: `DEMO-${String(i + 1).padStart(6, '0')}`,
          name,
          description: `${name}. ${forRent ? 'Available for lease' : 'For sale'}; near schools, malls and transport.`,
          descriptionHtml: `<p>${name}.</p><p>${forRent ? 'Available for lease' : 'For sale'}; near schools, malls and transport.</p>`,
          type: kind.type,
          kind: kind.kind,
          offer: forRent ? 'rent' : 'sale',
          status: 'active',
          tags,
          // the furnishing tag when drawn; otherwise every third home is semi-furnished
          furnishing: tags.includes('furnished')
            ? 'furnished'
            : tags.includes('unfurnished')
              ? 'unfurnished'
              : kind.type === 'residential' && i % 3 === 0
                ? 'semi_furnished'
                : null,
          price,
          floorSize: kind.floor ? Math.round(between(kind.floor[0], kind.floor[1])) : null,
          lotSize: kind.lot ? Math.round(between(kind.lot[0], kind.lot[1])) : null,
          bedrooms,
          bathrooms: bedrooms ? Math.max(1, bedrooms - Math.floor(random() * 2)) : null,
          parkingSlots: PARKING[kind.kind](i, bedrooms),
          ...addressColumns(address, { type: kind.addressType }),
          lat,
          lng,
          amenities: AMENITIES.filter(() => random() < 0.3),
          ownerId: pick(owners).id,
          uploadedById: null,
          views: Math.floor(random() * 400),
          createdAt: new Date(now - Math.floor(random() * 90 * 24 * 3600 * 1000)),
        })
        .returning({ id: listings.id });
      const images: ListingImage[] = [];
      for (let p = 0; p < 1 + Math.floor(random() * 3); p++) {
        images.push(await this.media.putPrepared(row.id, photos.get(`${kind.photo}${Math.floor(random() * 4)}`)!));
      }
      await this.db.update(listings).set({ images }).where(eq(listings.id, row.id));
      created++;
    }
    await this.db.insert(appState).values({ key: SEED_KEY, value: { at: new Date().toISOString(), count: created } });
    await this.counts.invalidate();
    this.logger.log(`Demo listings seeded (${created})`);
    return created;
  }
}
