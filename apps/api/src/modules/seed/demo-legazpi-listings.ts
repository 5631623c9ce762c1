import { Injectable, Logger } from '@nestjs/common';
import { eq, inArray } from 'drizzle-orm';
import { appState, listings, users, type ListingImage } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';
import { addressColumns } from '../listings/listing.mapper';
import { ListingMediaService } from '../listings/listing-media.service';
import { ListingCountCache } from '../listings/listing-count-cache';
import { PlacesService } from '../places/places.service';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { demoPhoto } from './demo-photos';
import { LISTING_KINDS, type ListingKind } from '@app/domain';
import { furnishingFromTags } from '../listings/listing-kinds';

/*
 * Demo listings in Legazpi City, Albay: the one city whose OpenStreetMap points of interest ship with the
 * project (apps/api/data/poi/), so these listings show real places under "Areas nearby". Kept apart from
 * the Metro Manila / Cebu / Davao demo listings (demo-listings.ts), with a seed marker of its own, so a
 * database seeded before these existed gets them on its next start.
 */

const SEED_KEY = 'demo-listings-legazpi';

interface LegazpiDemoListing {
  code: string;
  /** PSGC code of the barangay (Legazpi City is 0500506000). */
  barangayCode: string;
  /**
   * A point in the barangay: its polygon centroid (2023 PSA/NAMRIA boundaries as published in
   * faeldon/philippines-json-maps, MIT), nudged by a few metres so two listings never share a pin.
   */
  lat: number;
  lng: number;
  name: string;
  description: string;
  type: 'residential' | 'commercial' | 'land' | 'industrial';
  addressType: string;
  forRent: boolean;
  price: number;
  floorSize: number | null;
  lotSize: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  tags: string[];
  amenities: string[];
  photo: 'house' | 'tower' | 'lot';
}

/** The listing kind its address type names ('house and lot' → house_and_lot), if any. */
function kindOf(addressType: string): ListingKind | null {
  const kind = addressType.replace(/ /g, '_');
  return (LISTING_KINDS as readonly string[]).includes(kind) ? (kind as ListingKind) : null;
}

/** Prices as asked in Albay in 2025: well below Metro Manila's. */
export const LEGAZPI_DEMO_LISTINGS: readonly LegazpiDemoListing[] = [
  {
    code: 'DEMO-LGP-0001',
    barangayCode: '0500506035', // Bgy. 37 - Bitano
    lat: 13.1482,
    lng: 123.7466,
    name: '3BR house and lot in Bitano, Legazpi City',
    description: 'Two-storey house on a quiet street in Bitano, a short ride to Pacific Mall and the city hall. Mayon view from the balcony.',
    type: 'residential',
    addressType: 'house and lot',
    forRent: false,
    price: 6_800_000,
    floorSize: 140,
    lotSize: 160,
    bedrooms: 3,
    bathrooms: 2,
    tags: ['for sale', 'clean title', 'unfurnished'],
    amenities: ['parking', 'garden'],
    photo: 'house',
  },
  {
    code: 'DEMO-LGP-0002',
    barangayCode: '0500506051', // Bgy. 40 - Cruzada
    lat: 13.1519,
    lng: 123.7356,
    name: '2BR townhouse in Cruzada, Legazpi City',
    description: 'End-unit townhouse in a gated row near Bicol University and the Cruzada market. Move-in ready.',
    type: 'residential',
    addressType: 'townhouse',
    forRent: false,
    price: 4_200_000,
    floorSize: 85,
    lotSize: 60,
    bedrooms: 2,
    bathrooms: 1,
    tags: ['for sale', 'new', 'unfurnished'],
    amenities: ['24/7 security', 'parking'],
    photo: 'house',
  },
  {
    code: 'DEMO-LGP-0003',
    barangayCode: '0500506030', // Bgy. 31 - Centro-Baybay
    lat: 13.1493,
    lng: 123.7551,
    name: 'Retail space in Centro-Baybay, Legazpi City',
    description: 'Ground-floor shop space on the main road near the port and the Embarcadero, with heavy foot traffic.',
    type: 'commercial',
    addressType: 'commercial space',
    forRent: true,
    price: 35_000,
    floorSize: 60,
    lotSize: null,
    bedrooms: null,
    bathrooms: 1,
    tags: ['for rent', 'company owned'],
    amenities: ['backup generator'],
    photo: 'tower',
  },
  {
    code: 'DEMO-LGP-0004',
    barangayCode: '0500506032', // Bgy. 33 - PNR-Peñaranda St.-Iraya
    lat: 13.1526,
    lng: 123.7522,
    name: 'Office space in Peñaranda St., Legazpi City',
    description: 'Second-floor office in the Legazpi business district, walking distance to banks and government offices.',
    type: 'commercial',
    addressType: 'office',
    forRent: true,
    price: 28_000,
    floorSize: 75,
    lotSize: null,
    bedrooms: null,
    bathrooms: 1,
    tags: ['for rent', 'individual owner'],
    amenities: ['fiber internet', 'backup generator'],
    photo: 'tower',
  },
  {
    code: 'DEMO-LGP-0005',
    barangayCode: '0500506037', // Bgy. 39 - Bonot
    lat: 13.1574,
    lng: 123.7530,
    name: '3BR house for rent in Bonot, Legazpi City',
    description: 'Furnished bungalow in Bonot with a carport, near schools and the Albay Provincial Capitol.',
    type: 'residential',
    addressType: 'house and lot',
    forRent: true,
    price: 22_000,
    floorSize: 110,
    lotSize: 180,
    bedrooms: 3,
    bathrooms: 2,
    tags: ['for rent', 'individual owner', 'furnished'],
    amenities: ['parking', 'garden'],
    photo: 'house',
  },
  {
    code: 'DEMO-LGP-0006',
    barangayCode: '0500506062', // Bgy. 44 - Pawa
    lat: 13.1695,
    lng: 123.7338,
    name: 'Residential lot in Pawa, Legazpi City',
    description: 'Titled residential lot on a concrete road in Pawa, above the flood line, with water and power at the boundary.',
    type: 'land',
    addressType: 'lot',
    forRent: false,
    price: 2_400_000,
    floorSize: null,
    lotSize: 300,
    bedrooms: null,
    bathrooms: null,
    tags: ['for sale', 'clean title'],
    amenities: [],
    photo: 'lot',
  },
  {
    code: 'DEMO-LGP-0007',
    barangayCode: '0500506064', // Bgy. 42 - Rawis
    lat: 13.1683,
    lng: 123.7507,
    name: 'Warehouse in Rawis, Legazpi City',
    description: 'Steel-frame warehouse with a loading bay along the national road in Rawis, close to the old airport.',
    type: 'industrial',
    addressType: 'warehouse',
    forRent: false,
    price: 18_500_000,
    floorSize: 600,
    lotSize: 1_200,
    bedrooms: null,
    bathrooms: 1,
    tags: ['for sale', 'company owned'],
    amenities: ['24/7 security'],
    photo: 'lot',
  },
];

/** Seeds the Legazpi City demo listings once per database (after the demo accounts exist). */
@Injectable()
export class DemoLegazpiListingsSeeder {
  private readonly logger = new Logger(DemoLegazpiListingsSeeder.name);

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
      .where(inArray(users.email, DEMO_ACCOUNTS.filter((a) => a.role === 'user' && a.type !== 'customer').map((a) => a.email)))
      .orderBy(users.email);
    if (owners.length === 0) return 0;
    const now = Date.now();
    let created = 0;
    for (const [i, d] of LEGAZPI_DEMO_LISTINGS.entries()) {
      let address;
      try {
        address = await this.places.resolveAddress({ barangayCode: d.barangayCode });
      } catch {
        continue; // a places table without Legazpi (e.g. an older PSGC import): skip that listing
      }
      const [row] = await this.db
        .insert(listings)
        .values({
          code: d.code,
          name: d.name,
          description: d.description,
          descriptionHtml: `<p>${d.description}</p>`,
          type: d.type,
          status: 'active',
          tags: d.tags,
          offer: d.forRent ? 'rent' : 'sale',
          kind: kindOf(d.addressType),
          furnishing: furnishingFromTags(d.tags) ?? null,
          parkingSlots: d.amenities.includes('parking') ? 1 : null,
          price: d.price,
          floorSize: d.floorSize,
          lotSize: d.lotSize,
          bedrooms: d.bedrooms,
          bathrooms: d.bathrooms,
          ...addressColumns(address, { type: d.addressType }),
          lat: d.lat,
          lng: d.lng,
          amenities: d.amenities,
          ownerId: owners[i % owners.length].id,
          uploadedById: null,
          views: 20 + ((i * 37) % 150),
          createdAt: new Date(now - (i + 1) * 36 * 3600 * 1000),
        })
        .onConflictDoNothing()
        .returning({ id: listings.id });
      if (!row) continue;
      const images: ListingImage[] = [];
      for (let p = 0; p < 2; p++) {
        images.push(await this.media.putPrepared(row.id, await this.media.prepareImage(await demoPhoto(i + p, d.photo))));
      }
      await this.db.update(listings).set({ images }).where(eq(listings.id, row.id));
      created++;
    }
    await this.db.insert(appState).values({ key: SEED_KEY, value: { at: new Date().toISOString(), count: created } });
    await this.counts.invalidate();
    this.logger.log(`Demo listings in Legazpi City seeded (${created})`);
    return created;
  }
}
