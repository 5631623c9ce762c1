import { BadRequestException, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import {
  LISTING_KINDS,
  MARKET_MIN_SAMPLE,
  REPORT_GROUP_IDS,
  REPORT_GROUPS,
  type AreaLevel,
} from '@app/domain';
import { PlacesService, type PlaceDetail } from '../../places/places.service';
import { MarketListingsService } from '../listing-figures/market-listings.service';
import type {
  AreaStatsView,
  MarketKind,
  MarketOffer,
  MarketReport,
  ReportAreaRef,
} from '../market-contracts';
export const MARKET_KINDS = ['all', ...LISTING_KINDS] as const;
export const MARKET_OFFERS = ['sale', 'rent'] as const;

export interface ReportOptions {
  offer?: MarketOffer;
  kind?: MarketKind;
}

/** An area as the reports use it: its place row, reference, parents and the codes public statistics are looked up by. */
export interface AreaContext {
  detail: PlaceDetail;
  ref: ReportAreaRef;
  /** Nearest first: city (not the sub-municipality), province, region. */
  parents: ReportAreaRef[];
  city: ReportAreaRef | null;
  region: ReportAreaRef | null;
  /** Most specific first, ending with 'PH'. */
  statCodes: string[];
}

/** A listing scope: the area's figures, or its city's when the barangay has too few listings. */
export interface ListingScope {
  stats: AreaStatsView | null;
  area: ReportAreaRef;
  fallback: MarketReport['fallback'];
  note: string | null;
}

export const levelOfPlace = (level: string): AreaLevel =>
  level === 'barangay' ? 'barangay' : level === 'province' ? 'province' : level === 'region' ? 'region' : 'city';

const PSGC = /^\d{10}$/;
/** How long a process keeps the places it has read (see MarketAreasService.placeCache). */
export const PLACE_CACHE_MS = 10 * 60 * 1000;

/**
 * The areas the reports are of: PSGC places with their parents (cached per process), the codes public
 * statistics are looked up by, the listing scope with its city fallback, and the picker's values.
 */
@Injectable()
export class MarketAreasService {
  constructor(
    private readonly listings: MarketListingsService,
    private readonly places: PlacesService,
  ) {}

  /**
   * Places read by the reports, kept per process for PLACE_CACHE_MS: PSGC places change only when an
   * operator re-imports the PSGC file. A report reads its area and parents on every request.
   */
  private readonly placeCache = new LRUCache<string, PlaceDetail>({ max: 50_000, ttl: PLACE_CACHE_MS });

  /** A place with its parents (cached). */
  async placeDetail(code: string, field = 'area'): Promise<PlaceDetail> {
    const hit = this.placeCache.get(code);
    if (hit) return hit;
    const detail = await this.places.placeDetail(code, field);
    this.placeCache.set(code, detail);
    return detail;
  }

  /** Places by code (cached), in the order asked; unknown codes left out. */
  async placeDetailsByCodes(codes: readonly string[]): Promise<PlaceDetail[]> {
    const missing = [...new Set(codes)].filter((c) => !this.placeCache.has(c));
    if (missing.length) for (const d of await this.places.placeDetailsByCodes(missing)) this.placeCache.set(d.code, d);
    return codes.map((c) => this.placeCache.get(c)).filter((d): d is PlaceDetail => !!d);
  }

  /** The area (barangay, city or municipality, province or region) with its parents; 400 for a malformed code, 404 for an unknown one. */
  async area(code: string, field = 'area', levels?: readonly AreaLevel[]): Promise<AreaContext> {
    if (!PSGC.test(code ?? '')) throw new BadRequestException(`${field} must be a 10-digit PSGC code, e.g. 1380300000`);
    const detail = await this.placeDetail(code, field);
    if (detail.level === 'submunicipality') {
      throw new BadRequestException(`${field} '${code}' is a sub-municipality of ${detail.cityName ?? 'a city'}: give the city or one of its barangays`);
    }
    const ctx = this.contextOf(detail);
    if (levels && !levels.includes(ctx.ref.level)) {
      throw new BadRequestException(`${field} '${code}' is ${ctx.ref.level === 'city' ? 'a city or municipality' : `a ${ctx.ref.level}`} (${detail.name}); give ${levels.map((l) => `a ${l}`).join(' or ')}`);
    }
    return ctx;
  }

  contextOf(detail: PlaceDetail): AreaContext {
    const ref: ReportAreaRef = { code: detail.code, name: detail.name, level: levelOfPlace(detail.level) };
    const parents = detail.parents.filter((p) => p.level !== 'submunicipality').map((p) => ({ code: p.code, name: p.name, level: levelOfPlace(p.level) }));
    const city = ref.level === 'city' ? ref : (parents.find((p) => p.level === 'city') ?? null);
    const region = ref.level === 'region' ? ref : (parents.find((p) => p.level === 'region') ?? null);
    const statCodes = [...new Set([ref.level === 'barangay' ? null : ref.code, ...parents.map((p) => p.code), 'PH'].filter((c): c is string => !!c))];
    return { detail, ref, parents, city, region, statCodes };
  }

  options(o: ReportOptions): { offer: MarketOffer; kind: MarketKind } {
    const offer = o.offer ?? 'sale';
    const kind = o.kind ?? 'all';
    if (!(MARKET_OFFERS as readonly string[]).includes(offer)) throw new BadRequestException(`offer must be one of: ${MARKET_OFFERS.join(', ')}`);
    if (!(MARKET_KINDS as readonly string[]).includes(kind)) throw new BadRequestException(`kind must be one of: ${MARKET_KINDS.join(', ')}`);
    return { offer, kind };
  }

  /** The area's listing figures, or (a barangay below the minimum sample) its city's, with the fallback said. */
  async scope(ctx: AreaContext, offer: MarketOffer, kind: MarketKind): Promise<ListingScope> {
    const stats = await this.listings.areaStats(ctx.ref.code, offer, kind);
    const n = stats?.activeCount ?? 0;
    if (n >= MARKET_MIN_SAMPLE || ctx.ref.level !== 'barangay' || !ctx.city) {
      const note = n < MARKET_MIN_SAMPLE ? `Only ${n} active listing${n === 1 ? '' : 's'} in ${ctx.ref.name}: figures from fewer than ${MARKET_MIN_SAMPLE} listings are shown with their sample and are not reliable` : null;
      return { stats, area: ctx.ref, fallback: null, note };
    }
    const cityStats = await this.listings.areaStats(ctx.city.code, offer, kind);
    return {
      stats: cityStats,
      area: ctx.city,
      fallback: { reason: 'not_enough_listings', area: ctx.city, sampleSize: n },
      note: `Not enough listings in this barangay: showing ${ctx.city.name} (${n} active listing${n === 1 ? '' : 's'} here, ${MARKET_MIN_SAMPLE} needed)`,
    };
  }

  /** Places with data for the picker, by name. */
  async searchPlaces(text: string, levels: readonly ('barangay' | 'city' | 'province' | 'region')[], offer: MarketOffer, limit: number, skip: number) {
    const placeLevels = levels.flatMap((l) => (l === 'city' ? (['city', 'municipality'] as const) : ([l] as const)));
    const found = await this.places.searchPlaces(text, placeLevels, Math.min(skip + limit + 1, 500));
    const page = found.slice(skip, skip + limit);
    const stats = await this.listings.areaStatsMany(page.map((p) => p.code), offer, 'all');
    const by = new Map(stats.map((s) => [s.areaCode, s]));
    return {
      items: page.map((p) => ({
        code: p.code,
        name: p.name,
        level: levelOfPlace(p.level),
        cityName: p.cityName,
        provinceName: p.provinceName,
        regionName: p.regionName,
        activeListings: by.get(p.code)?.activeCount ?? 0,
        enoughListings: (by.get(p.code)?.activeCount ?? 0) >= MARKET_MIN_SAMPLE,
      })),
      total: Math.min(found.length, 500),
      more: found.length > skip + limit,
    };
  }

  /** The picker's values. */
  async dropdown(q: { region?: string; city?: string; offer?: MarketOffer }) {
    const offer = q.offer ?? 'sale';
    const regions = await this.places.listRegions();
    let cities: Array<{ code: string; name: string; activeListings: number }> = [];
    let barangays: Array<{ code: string; name: string; activeListings: number; enoughListings: boolean }> = [];
    if (q.region) {
      await this.area(q.region, 'region', ['region']);
      const rows = await this.places.placesWithin({ levels: ['city', 'municipality'], regionCode: q.region });
      const stats = new Map((await this.listings.areaStatsMany(rows.map((r) => r.code), offer, 'all')).map((s) => [s.areaCode, s.activeCount]));
      cities = rows.map((r) => ({ code: r.code, name: r.name, activeListings: stats.get(r.code) ?? 0 })).sort((a, b) => a.name.localeCompare(b.name));
    }
    if (q.city) {
      await this.area(q.city, 'city', ['city']);
      const rows = await this.places.listBarangays(q.city);
      const stats = new Map((await this.listings.areaStatsMany(rows.map((r) => r.code), offer, 'all')).map((s) => [s.areaCode, s.activeCount]));
      barangays = rows.map((r) => ({ code: r.code, name: r.name, activeListings: stats.get(r.code) ?? 0, enoughListings: (stats.get(r.code) ?? 0) >= MARKET_MIN_SAMPLE }));
    }
    const national = await this.listings.monthly('PH', offer, 'all', 24);
    return {
      regions: regions.map((r) => ({ code: r.code, name: r.name })),
      cities,
      barangays,
      kinds: [...MARKET_KINDS],
      offers: [...MARKET_OFFERS],
      months: national.filter((m) => m.activeCount > 0 || m.newCount > 0).map((m) => m.month),
      groups: REPORT_GROUP_IDS.map((id) => ({ id, title: REPORT_GROUPS[id].title, tier: REPORT_GROUPS[id].tier })),
      minSample: MARKET_MIN_SAMPLE,
    };
  }
}
