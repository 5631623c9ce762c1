import { Injectable } from '@nestjs/common';
import { BIR_ZONAL_SOURCE, LISTINGS_SOURCE, MARKET_MIN_SAMPLE, median, type AriaCitation, type AriaListingCard } from '@app/domain';
import type { ListingFilters } from '../../listings/listing-search';
import type { ListingCard } from '../../listings/listing.mapper';
import { ListingsService } from '../../listings/listings.service';
import { MarketListingsService } from '../../market/listing-figures/market-listings.service';
import { MarketDataService } from '../../market-data/market-data.service';
import { PlacesService, type PlaceDetail } from '../../places/places.service';
import type { AuthUser } from '../../../common/auth/auth-user';

/** A place a member named, as ARIA's tools use it. */
export interface AriaPlace {
  code: string;
  name: string;
  /** barangay, city, municipality, submunicipality, province or region. */
  level: string;
  detail: PlaceDetail;
}

/** A median per m² of an area's active listings, with its sample. */
export interface AreaMedian {
  value: number;
  sampleSize: number;
  /** The area the figure is of (the barangay, or its city when the barangay has too few listings). */
  area: string;
  areaCode: string;
  period: string;
  source: string;
}

/** The kinds whose price per m² is of the lot (as the market figures compute it). */
const LOT_PRICED_KINDS = new Set(['lot', 'farm']);
/** Levels in the order a place name is taken when several places share it. */
const LEVEL_ORDER = ['city', 'municipality', 'province', 'region', 'submunicipality', 'barangay'];

/** The web path of a listing and of a market report. */
export const listingUrl = (id: string) => `/listings/${id}`;
export const reportUrl = (areaCode: string, group: string) => `/market/${areaCode}/${group}`;

/** A listing's price per m²: of its floor area (of the lot for lots and farms), as the market figures compute it; null without a size. */
export function pricePerSqmOf(l: Pick<ListingCard, 'price' | 'floorSize' | 'lotSize' | 'kind'>): number | null {
  const size = l.kind && LOT_PRICED_KINDS.has(l.kind) ? l.lotSize : (l.floorSize ?? (l.kind === null ? l.lotSize : null));
  return size && size > 0 ? Math.round(Number(l.price) / Number(size)) : null;
}

/** A listing as ARIA shows it (a chat card, a comparison row). */
export function toAriaCard(l: ListingCard, score?: number): AriaListingCard {
  return {
    id: l.id,
    code: l.code,
    name: l.name,
    offer: l.offer,
    kind: l.kind,
    type: l.type,
    price: Number(l.price),
    currency: l.currency,
    floorArea: l.floorSize === null ? null : Number(l.floorSize),
    lotArea: l.lotSize === null ? null : Number(l.lotSize),
    bedrooms: l.bedrooms,
    bathrooms: l.bathrooms,
    pricePerSqm: pricePerSqmOf(l),
    barangayCode: l.barangayCode,
    barangayName: l.barangayName,
    cityName: l.cityName,
    imageUrl: l.images[0]?.thumbnailUrl ?? l.images[0]?.url ?? null,
    verified: l.verified,
    url: listingUrl(l.id),
    ...(score !== undefined && { score: Math.round(score * 1000) / 1000 }),
  };
}

export const listingCitation = (l: { id: string; name: string; code: string }): AriaCitation => ({
  kind: 'listing',
  label: `${l.name} (${l.code})`,
  url: listingUrl(l.id),
});

const normalName = (s: string) =>
  s
    .toLowerCase()
    .replace(/^(city|municipality) of /, '')
    .replace(/ city$/, '')
    .replace(/[^\p{L}\p{N} ]/gu, '')
    .trim();

/**
 * What ARIA's tools share: listings the caller may see as cards, places by code or name, an area's
 * median price per m² and its BIR zonal value. Reads only through the owning modules' services.
 */
@Injectable()
export class AriaFactsService {
  constructor(
    readonly listings: ListingsService,
    private readonly places: PlacesService,
    private readonly market: MarketListingsService,
    private readonly marketData: MarketDataService,
  ) {}

  /** The listings (by id or code) the caller may see, in the order asked; unknown and unseen ones left out. */
  async visibleListings(caller: AuthUser, refs: string[]): Promise<ListingCard[]> {
    const rows = await this.listings.ariaListings(caller, refs);
    const byRef = new Map<string, ListingCard>();
    for (const r of rows) {
      byRef.set(r.id, r);
      byRef.set(r.code.toUpperCase(), r);
    }
    const out: ListingCard[] = [];
    for (const ref of refs) {
      const row = byRef.get(ref) ?? byRef.get(ref.trim().toUpperCase());
      if (row && !out.includes(row)) out.push(row);
    }
    return out;
  }

  /** A place by PSGC code (null when unknown) or by name (the best match: exact names first, cities before provinces, regions and barangays). */
  async place(code?: string, name?: string): Promise<AriaPlace | null> {
    if (code) {
      const [detail] = await this.places.placeDetailsByCodes([code]);
      return detail ? { code: detail.code, name: detail.name, level: detail.level, detail } : null;
    }
    if (!name) return null;
    const found = await this.places.searchPlaces(name, ['region', 'province', 'city', 'municipality', 'submunicipality', 'barangay'], 40);
    if (!found.length) return null;
    const wanted = normalName(name);
    const rank = (p: PlaceDetail) => {
      const n = normalName(p.name);
      const match = n === wanted ? 0 : n.startsWith(wanted) ? 1 : 2;
      return match * 10 + LEVEL_ORDER.indexOf(p.level);
    };
    const best = [...found].sort((a, b) => rank(a) - rank(b) || (b.population ?? 0) - (a.population ?? 0))[0];
    return { code: best.code, name: best.name, level: best.level, detail: best };
  }

  /** The listing filters that say "in this place" (a province or region: its cities and municipalities; a sub-municipality: its barangays). */
  async placeFilter(place: AriaPlace): Promise<Pick<ListingFilters, 'city' | 'barangay'>> {
    switch (place.level) {
      case 'barangay':
        return { barangay: [place.code] };
      case 'city':
      case 'municipality':
        return { city: [place.code] };
      case 'submunicipality': {
        const rows = await this.places.placesWithin({ levels: ['barangay'], cityCodes: [place.code] });
        return { barangay: rows.length ? rows.map((r) => r.code) : [place.code] };
      }
      default: {
        const rows = await this.places.placesWithin({
          levels: ['city', 'municipality'],
          ...(place.level === 'province' ? { provinceCode: place.code } : { regionCode: place.code }),
        });
        // a place with no cities listed (should not happen): nothing matches rather than everything
        return { city: rows.length ? rows.map((r) => r.code) : ['0000000000'] };
      }
    }
  }

  /**
   * The median asking price (sale) or monthly rent (rent) per m² of the active listings of a
   * barangay with the same offer and kind; its city's when the barangay has fewer than
   * MARKET_MIN_SAMPLE listings with a size; null when neither has any.
   */
  async medianPerSqm(where: { barangayCode: string | null; barangayName?: string; cityCode?: string | null; cityName?: string }, offer: 'sale' | 'rent', kind: string | null): Promise<AreaMedian | null> {
    const k = kind ?? 'all';
    const candidates: Array<{ code: string; name: string }> = [];
    if (where.barangayCode) candidates.push({ code: where.barangayCode, name: where.barangayName ?? where.barangayCode });
    if (where.cityCode) candidates.push({ code: where.cityCode, name: where.cityName ?? where.cityCode });
    let thin: AreaMedian | null = null;
    for (const area of candidates) {
      const stats = await this.market.areaStats(area.code, offer, k);
      if (!stats?.medianPricePerSqm || !stats.sqmSample) continue;
      const m: AreaMedian = {
        value: Math.round(stats.medianPricePerSqm),
        sampleSize: stats.sqmSample,
        area: area.name,
        areaCode: area.code,
        period: `listings as of ${stats.computedAt.slice(0, 10)}`,
        source: LISTINGS_SOURCE,
      };
      if (stats.sqmSample >= MARKET_MIN_SAMPLE) return m;
      thin ??= m;
    }
    return thin;
  }

  /** The median BIR zonal value per m² of a barangay's imported entries, with how many there are; null when none are imported. */
  async zonalPerSqm(barangayCode: string | null): Promise<{ value: number; entries: number; period: string; source: string } | null> {
    if (!barangayCode) return null;
    const zv = await this.marketData.zonalValues(barangayCode);
    const value = median(zv.map((z) => z.valuePerSqm));
    if (!zv.length || value == null) return null;
    const effective = zv.map((z) => z.effectiveDate).filter((d): d is string => !!d).sort();
    return { value: Math.round(value), entries: zv.length, period: effective.length ? `effective ${effective[effective.length - 1]}` : 'as imported', source: BIR_ZONAL_SOURCE };
  }
}
