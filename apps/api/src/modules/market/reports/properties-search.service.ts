import { BadRequestException, Injectable } from '@nestjs/common';
import { LISTINGS_SOURCE, MARKET_MIN_SAMPLE } from '@app/domain';
import type { AuthUser } from '../../../common/auth/auth-user';
import type { ListingSearchDto } from '../../listings/dto/listing-input.dto';
import type { ListingDto, ListingListDto } from '../../listings/dto/listing-output.dto';
import { ListingsService } from '../../listings/listings.service';
import { MarketListingsService } from '../listing-figures/market-listings.service';
import type { AreaStatsView, MarketOffer } from '../market-contracts';
import { MarketAreasService } from './market-areas.service';
import { round } from './report-parts';

/** Lots and farms are priced per m² of land; the rest per m² of floor (as the listing figures). */
const LAND_KINDS = new Set(['lot', 'farm']);

export interface ListingVsMedian {
  pricePerSqm: number | null;
  barangayMedianPerSqm: number | null;
  diffPct: number | null;
  sampleSize: number;
  source: string;
}

/**
 * POST /properties/search: the listings of an area through ListingsService.search (same filters,
 * same visibility for the caller), each with its price per m² against its barangay's median (same
 * offer and kind; null below the minimum sample).
 */
@Injectable()
export class PropertiesSearchService {
  constructor(
    private readonly listingsService: ListingsService,
    private readonly figures: MarketListingsService,
    private readonly areas: MarketAreasService,
  ) {}

  async search(caller: AuthUser | undefined, body: ListingSearchDto & { area?: string }): Promise<ListingListDto & { listings: Array<ListingDto & { market: ListingVsMedian }> }> {
    const { area, ...search } = body;
    const match: Record<string, unknown> = { ...(search.match ?? {}) };
    if (area) {
      const ctx = await this.areas.area(area, 'area');
      if (ctx.ref.level === 'barangay') match.barangay = [ctx.ref.code];
      else if (ctx.ref.level === 'city') match.city = [ctx.ref.code];
      else throw new BadRequestException(`area '${area}' is a ${ctx.ref.level} (${ctx.ref.name}): give a barangay or a city`);
    }
    const result = await this.listingsService.search(caller, { ...search, match } as ListingSearchDto);
    // the barangay medians, one read per (offer, kind) pair on the page
    const pairs = new Map<string, { offer: MarketOffer; kind: string; codes: Set<string> }>();
    for (const l of result.listings) {
      const kind = l.kind ?? 'all';
      const key = `${l.offer}|${kind}`;
      if (!pairs.has(key)) pairs.set(key, { offer: l.offer as MarketOffer, kind, codes: new Set() });
      pairs.get(key)!.codes.add(l.address.barangayCode);
    }
    const stats = new Map<string, AreaStatsView>();
    for (const [key, p] of pairs) {
      for (const s of await this.figures.areaStatsMany([...p.codes], p.offer, p.kind)) stats.set(`${key}|${s.areaCode}`, s);
    }
    return {
      ...result,
      listings: result.listings.map((l) => {
        const size = LAND_KINDS.has(l.kind ?? '') ? l.lotSize : l.floorSize;
        const pricePerSqm = l.currency === 'PHP' && size && size > 0 ? l.price / size : null;
        const s = stats.get(`${l.offer}|${l.kind ?? 'all'}|${l.address.barangayCode}`);
        const median = s && s.sqmSample >= MARKET_MIN_SAMPLE ? s.medianPricePerSqm : null;
        return {
          ...l,
          market: {
            pricePerSqm: pricePerSqm === null ? null : round(pricePerSqm, 2),
            barangayMedianPerSqm: median,
            diffPct: pricePerSqm !== null && median ? round((pricePerSqm / median - 1) * 100, 2) : null,
            sampleSize: s?.sqmSample ?? 0,
            source: LISTINGS_SOURCE,
          },
        };
      }),
    };
  }
}
