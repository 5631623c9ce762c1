import { BadRequestException, Injectable } from '@nestjs/common';
import { ARIA_SEARCH_RESULTS, LISTING_KINDS } from '@app/domain';
import type { ListingFilters } from '../../listings/listing-search';
import type { AriaTool, AriaToolContext, AriaToolResult, LlmToolSpec, SearchListingsArgs, SearchListingsData } from '../aria-contracts';
import { ListingEmbeddingsService } from '../embeddings/listing-embeddings.service';
import { AriaFactsService, listingCitation, toAriaCard } from './aria-facts.service';
import { onlyKnown, optBoolean, optEnum, optEnumList, optNumber, optPsgc, optString } from './tool-args';

/** The structured search's candidates ranked by meaning at most (newest first). */
export const ARIA_SEARCH_CANDIDATES = 1000;
const ARGS = ['text', 'offer', 'kinds', 'minPrice', 'maxPrice', 'minBedrooms', 'minFloorArea', 'placeCode', 'placeName', 'furnished', 'petFriendly', 'limit'] as const;
const MAX_PRICE = 10_000_000_000;

/** Reads search_listings' arguments (400 naming the bad field). */
export function parseSearchArgs(args: Record<string, unknown>): SearchListingsArgs {
  onlyKnown(args, ARGS);
  const a: SearchListingsArgs = {
    text: optString(args, 'text', 300),
    offer: optEnum(args, 'offer', ['sale', 'rent'] as const),
    kinds: optEnumList(args, 'kinds', LISTING_KINDS),
    minPrice: optNumber(args, 'minPrice', 0, MAX_PRICE),
    maxPrice: optNumber(args, 'maxPrice', 0, MAX_PRICE),
    minBedrooms: optNumber(args, 'minBedrooms', 0, 50, true),
    minFloorArea: optNumber(args, 'minFloorArea', 0, 1_000_000),
    placeCode: optPsgc(args, 'placeCode'),
    placeName: optString(args, 'placeName', 120),
    furnished: optBoolean(args, 'furnished'),
    petFriendly: optBoolean(args, 'petFriendly'),
    limit: optNumber(args, 'limit', 1, ARIA_SEARCH_RESULTS, true),
  };
  if (a.minPrice !== undefined && a.maxPrice !== undefined && a.minPrice > a.maxPrice) throw new BadRequestException('minPrice must not exceed maxPrice');
  return Object.fromEntries(Object.entries(a).filter(([, v]) => v !== undefined)) as SearchListingsArgs;
}

const peso = (n: number) => `₱${Math.round(n).toLocaleString('en-US')}`;

/**
 * search_listings: the listings the member's own search would show (same visibility rule: public
 * listings, or every one for staff), on the market (status active), with the structured filters; the
 * place resolved from its PSGC code or name. With `text`, up to ARIA_SEARCH_CANDIDATES candidates
 * (newest first) are ranked by the cosine of their embedding to the text's; without, newest first.
 */
@Injectable()
export class SearchListingsTool implements AriaTool {
  readonly spec: LlmToolSpec = {
    name: 'search_listings',
    description:
      'Search Tahanan listings on the market with structured filters (offer, kinds, price range in pesos, bedrooms, floor area, place, furnished, pets) and optional free text ranked by meaning. Returns listing cards with links.',
    parameters: {
      type: 'object',
      additionalProperties: false,
      properties: {
        text: { type: 'string', description: 'Free text ranked by meaning, e.g. "near IT Park, with balcony".' },
        offer: { type: 'string', enum: ['sale', 'rent'] },
        kinds: { type: 'array', items: { type: 'string', enum: [...LISTING_KINDS] } },
        minPrice: { type: 'number', minimum: 0, description: 'Pesos; a monthly rent when offer is rent.' },
        maxPrice: { type: 'number', minimum: 0, description: 'Pesos; a monthly rent when offer is rent.' },
        minBedrooms: { type: 'integer', minimum: 0 },
        minFloorArea: { type: 'number', minimum: 0, description: 'Square metres.' },
        placeCode: { type: 'string', pattern: '^\\d{10}$', description: 'PSGC code of a barangay, city/municipality, province or region.' },
        placeName: { type: 'string', description: 'A place name when the code is not known ("Makati", "Lahug").' },
        furnished: { type: 'boolean' },
        petFriendly: { type: 'boolean' },
        limit: { type: 'integer', minimum: 1, maximum: ARIA_SEARCH_RESULTS },
      },
    },
  };

  constructor(
    private readonly facts: AriaFactsService,
    private readonly embeddings: ListingEmbeddingsService,
  ) {}

  async run(raw: Record<string, unknown>, ctx: AriaToolContext): Promise<AriaToolResult> {
    const args = parseSearchArgs(raw);
    const filters: ListingFilters = { status: ['active'] };
    if (args.offer) filters.offer = [args.offer];
    if (args.kinds?.length) filters.kind = args.kinds;
    if (args.minPrice !== undefined || args.maxPrice !== undefined) filters.price = { min: args.minPrice, max: args.maxPrice };
    if (args.minBedrooms) filters.bedrooms = { min: args.minBedrooms };
    if (args.minFloorArea) filters.floorSize = { min: args.minFloorArea };
    if (args.furnished !== undefined) filters.furnishing = args.furnished ? ['furnished', 'semi_furnished'] : ['unfurnished'];
    if (args.petFriendly) filters.tags = ['pet friendly'];

    const place = args.placeCode || args.placeName ? await this.facts.place(args.placeCode, args.placeName) : null;
    const unresolvedPlace = (args.placeCode || args.placeName) && !place ? (args.placeName ?? args.placeCode) : undefined;
    if (place) Object.assign(filters, await this.facts.placeFilter(place));

    const applied: SearchListingsData['applied'] = {
      offer: args.offer,
      kinds: args.kinds,
      minPrice: args.minPrice,
      maxPrice: args.maxPrice,
      minBedrooms: args.minBedrooms,
      minFloorArea: args.minFloorArea,
      place: place ? { code: place.code, name: place.name, level: place.level } : null,
      text: args.text,
    };
    const limit = args.limit ?? ARIA_SEARCH_RESULTS;
    let ids: string[] = [];
    let total = 0;
    let scores: Map<string, number> | null = null;
    // a place name that matched nothing: no listings rather than every listing in the country
    if (!unresolvedPlace) {
      ({ ids, total } = await this.facts.listings.ariaCandidates(ctx.caller, filters, ARIA_SEARCH_CANDIDATES));
      if (args.text && ids.length) scores = await this.embeddings.rank(await this.embeddings.embedQuery(args.text), ids);
    }
    const semantic = !!scores && scores.size > 0;
    const order = semantic
      ? ids.map((id, i) => ({ id, i, s: scores!.get(id) })).sort((a, b) => (b.s ?? -2) - (a.s ?? -2) || a.i - b.i).map((x) => x.id)
      : ids;
    const rows = await this.facts.visibleListings(ctx.caller, order.slice(0, limit));
    const cards = rows.map((r) => toAriaCard(r, semantic ? scores!.get(r.id) : undefined));
    const data: SearchListingsData = {
      total,
      listings: cards,
      applied: Object.fromEntries(Object.entries(applied).filter(([, v]) => v !== undefined)) as SearchListingsData['applied'],
      semantic,
      ...(unresolvedPlace && { unresolvedPlace }),
    };
    const where = place ? ` in ${place.name}` : '';
    const summary = unresolvedPlace
      ? `No place named "${unresolvedPlace}" was found; no listings searched`
      : total === 0
        ? `No listings match${where}`
        : `${total.toLocaleString('en-US')} listing${total === 1 ? '' : 's'} match${total === 1 ? 'es' : ''}${where}; ${cards.length} shown${semantic ? ', ranked by meaning' : ', newest first'}${cards.length ? ` (from ${peso(Math.min(...cards.map((c) => c.price)))})` : ''}`;
    return {
      data,
      trace: { name: 'search_listings', arguments: raw, cards, summary },
      citations: rows.map(listingCitation),
    };
  }
}
