/**
 * The listing search state and its two projections: the URL query string (so a search can be shared,
 * saved and reloaded) and the POST /listing/search body. Pure functions only.
 */
import { FURNISHINGS, LISTING_KINDS, LISTING_OFFERS, LISTING_TAGS, LISTING_TYPES, PAGINATION, PRICE_BANDS, type ListingOffer } from '@app/domain';
import type { ListingSearchBody } from '@/lib/api/listings';

export const SORT_OPTIONS = [
  { value: '-createdAt', label: 'Latest' },
  { value: 'createdAt', label: 'Oldest' },
  { value: 'name', label: 'A-Z' },
  { value: '-name', label: 'Z-A' },
  { value: 'price', label: 'Price: low to high' },
  { value: '-price', label: 'Price: high to low' },
] as const;
export type SortValue = (typeof SORT_OPTIONS)[number]['value'];
export const DEFAULT_SORT: SortValue = '-createdAt';

/** Statuses a visitor can filter on (drafts and archived listings are the owner's business). */
export const SEARCH_STATUSES = ['active', 'sold', 'rented'] as const;
export const PAGE_SIZES = PAGINATION.pageSizeChoices as readonly number[];

export interface Range {
  min: number | null;
  max: number | null;
}

export interface Bounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

/** The "at least N" choices for bedrooms, bathrooms and parking slots. */
export const AT_LEAST_CHOICES = [1, 2, 3, 4, 5] as const;

export interface SearchState {
  /** Buy (sale) or rent; null is both. */
  offer: ListingOffer | null;
  /** Free text (fuzzy search over name, code, address and description). */
  text: string;
  /** Exact listing code. */
  code: string;
  types: string[];
  /** Property kinds (condominium, house_and_lot...). */
  kinds: string[];
  tags: string[];
  statuses: string[];
  /** At least this many (null: any). */
  bedrooms: number | null;
  bathrooms: number | null;
  parkingSlots: number | null;
  furnishings: string[];
  price: Range;
  lotSize: Range;
  floorSize: Range;
  /** City or municipality codes (PSGC). */
  cities: string[];
  /** Barangay codes (PSGC). */
  barangays: string[];
  minRating: number | null;
  verifiedOnly: boolean;
  /** The map's view, when results follow the map. */
  bounds: Bounds | null;
  /** "Search as I move the map". */
  followMap: boolean;
  sort: SortValue;
  page: number;
  limit: number;
}

const EMPTY_RANGE: Range = { min: null, max: null };

export const DEFAULT_SEARCH: SearchState = {
  offer: null,
  text: '',
  code: '',
  types: [],
  kinds: [],
  tags: [],
  statuses: [],
  bedrooms: null,
  bathrooms: null,
  parkingSlots: null,
  furnishings: [],
  price: EMPTY_RANGE,
  lotSize: EMPTY_RANGE,
  floorSize: EMPTY_RANGE,
  cities: [],
  barangays: [],
  minRating: null,
  verifiedOnly: false,
  bounds: null,
  followMap: true,
  sort: DEFAULT_SORT,
  page: PAGINATION.defaultPage,
  limit: PAGINATION.defaultLimit,
};

/** URL parameter names. */
const P = {
  offer: 'offer',
  kind: 'kind',
  beds: 'beds',
  baths: 'baths',
  parking: 'parking',
  furnishing: 'furnishing',
  text: 'q',
  code: 'code',
  type: 'type',
  tag: 'tag',
  status: 'status',
  priceMin: 'minPrice',
  priceMax: 'maxPrice',
  lotMin: 'minLot',
  lotMax: 'maxLot',
  floorMin: 'minFloor',
  floorMax: 'maxFloor',
  city: 'city',
  barangay: 'barangay',
  rating: 'minRating',
  verified: 'verified',
  bounds: 'bounds',
  follow: 'follow',
  sort: 'sort',
  page: 'page',
  limit: 'limit',
} as const;

function nonNegative(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

function range(params: URLSearchParams, minKey: string, maxKey: string): Range {
  const min = nonNegative(params.get(minKey));
  const max = nonNegative(params.get(maxKey));
  if (min !== null && max !== null && min > max) return { min: max, max: min };
  return { min, max };
}

function unique(values: string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}

/** A whole "at least" count from 1 to 20, else null. */
function atLeast(raw: string | null): number | null {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n >= 1 && n <= 20 ? n : null;
}

function parseBounds(raw: string | null): Bounds | null {
  if (!raw) return null;
  const parts = raw.split(',').map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  const [north, south, east, west] = parts;
  if (north < south || north > 90 || south < -90 || east > 180 || west < -180 || east < west) return null;
  return { north, south, east, west };
}

/** Reads a search from a query string; anything unknown or malformed falls back to the default. */
export function parseSearch(input: URLSearchParams | string): SearchState {
  const params = typeof input === 'string' ? new URLSearchParams(input) : input;
  const sortRaw = params.get(P.sort);
  const sort = SORT_OPTIONS.some((o) => o.value === sortRaw) ? (sortRaw as SortValue) : DEFAULT_SORT;
  const limitRaw = Number(params.get(P.limit));
  const limit = PAGE_SIZES.includes(limitRaw) ? limitRaw : DEFAULT_SEARCH.limit;
  const pageRaw = Number(params.get(P.page));
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 ? pageRaw : DEFAULT_SEARCH.page;
  const ratingRaw = Number(params.get(P.rating));
  const minRating = params.has(P.rating) && ratingRaw >= 1 && ratingRaw <= 5 ? ratingRaw : null;
  const offerRaw = params.get(P.offer);
  return {
    offer: (LISTING_OFFERS as readonly string[]).includes(offerRaw ?? '') ? (offerRaw as ListingOffer) : null,
    kinds: unique(params.getAll(P.kind)).filter((k) => (LISTING_KINDS as readonly string[]).includes(k)),
    bedrooms: atLeast(params.get(P.beds)),
    bathrooms: atLeast(params.get(P.baths)),
    parkingSlots: atLeast(params.get(P.parking)),
    furnishings: unique(params.getAll(P.furnishing)).filter((f) => (FURNISHINGS as readonly string[]).includes(f)),
    text: (params.get(P.text) ?? '').trim(),
    code: (params.get(P.code) ?? '').trim(),
    types: unique(params.getAll(P.type)).filter((t) => (LISTING_TYPES as readonly string[]).includes(t)),
    tags: unique(params.getAll(P.tag)).filter((t) => (LISTING_TAGS as readonly string[]).includes(t)),
    statuses: unique(params.getAll(P.status)).filter((s) => (SEARCH_STATUSES as readonly string[]).includes(s)),
    price: range(params, P.priceMin, P.priceMax),
    lotSize: range(params, P.lotMin, P.lotMax),
    floorSize: range(params, P.floorMin, P.floorMax),
    cities: unique(params.getAll(P.city)),
    barangays: unique(params.getAll(P.barangay)),
    minRating,
    verifiedOnly: params.get(P.verified) === '1',
    bounds: parseBounds(params.get(P.bounds)),
    followMap: params.get(P.follow) !== '0',
    sort,
    page,
    limit,
  };
}

/** Writes a search as a query string, leaving out everything that has its default value. */
export function toSearchParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  const num = (key: string, value: number | null) => {
    if (value !== null) params.set(key, String(value));
  };
  if (state.offer) params.set(P.offer, state.offer);
  if (state.text.trim()) params.set(P.text, state.text.trim());
  if (state.code.trim()) params.set(P.code, state.code.trim());
  state.types.forEach((t) => params.append(P.type, t));
  state.kinds.forEach((k) => params.append(P.kind, k));
  num(P.beds, state.bedrooms);
  num(P.baths, state.bathrooms);
  num(P.parking, state.parkingSlots);
  state.furnishings.forEach((f) => params.append(P.furnishing, f));
  state.tags.forEach((t) => params.append(P.tag, t));
  state.statuses.forEach((s) => params.append(P.status, s));
  num(P.priceMin, state.price.min);
  num(P.priceMax, state.price.max);
  num(P.lotMin, state.lotSize.min);
  num(P.lotMax, state.lotSize.max);
  num(P.floorMin, state.floorSize.min);
  num(P.floorMax, state.floorSize.max);
  state.cities.forEach((c) => params.append(P.city, c));
  state.barangays.forEach((b) => params.append(P.barangay, b));
  num(P.rating, state.minRating);
  if (state.verifiedOnly) params.set(P.verified, '1');
  if (state.bounds) {
    const { north, south, east, west } = state.bounds;
    params.set(P.bounds, [north, south, east, west].join(','));
  }
  if (!state.followMap) params.set(P.follow, '0');
  if (state.sort !== DEFAULT_SORT) params.set(P.sort, state.sort);
  if (state.page !== DEFAULT_SEARCH.page) params.set(P.page, String(state.page));
  if (state.limit !== DEFAULT_SEARCH.limit) params.set(P.limit, String(state.limit));
  return params;
}

/** Applies a change; any change other than the page itself goes back to page 1. */
export function updateSearch(state: SearchState, patch: Partial<SearchState>): SearchState {
  return { ...state, ...patch, page: patch.page ?? 1 };
}

/**
 * A change made on screen, applied to the search as it is now. `next` was computed from `seen` (the
 * search the control was rendered with); only what differs between the two is the change, and it is
 * laid over `latest` (the search last applied). Two quick changes, the second made before the page
 * re-rendered with the first (Rent, then a filter in the drawer), then both stay.
 */
export function rebaseSearch(seen: SearchState, next: SearchState, latest: SearchState): SearchState {
  const out: SearchState = { ...latest };
  let changed = false;
  for (const key of Object.keys(next) as (keyof SearchState)[]) {
    if (key === 'page') continue;
    if (JSON.stringify(next[key]) !== JSON.stringify(seen[key])) {
      (out as unknown as Record<string, unknown>)[key] = next[key];
      changed = true;
    }
  }
  // a new filter starts at page 1; turning a page changes only the page
  out.page = next.page !== seen.page || changed ? next.page : latest.page;
  return out;
}

function rangeBody(r: Range): { min?: number; max?: number } | undefined {
  if (r.min === null && r.max === null) return undefined;
  return { ...(r.min !== null && { min: r.min }), ...(r.max !== null && { max: r.max }) };
}

type Match = NonNullable<ListingSearchBody['match']>;
type Query = NonNullable<ListingSearchBody['query']>;

/** The filters of a search (no paging or sort): the body of POST /listing/filter. */
export function toFilterBody(state: SearchState): ListingSearchBody {
  const match: Match = {};
  const price = rangeBody(state.price);
  const lotSize = rangeBody(state.lotSize);
  const floorSize = rangeBody(state.floorSize);
  if (price) match.price = price;
  if (lotSize) match.lotSize = lotSize;
  if (floorSize) match.floorSize = floorSize;
  if (state.offer) match.offer = [state.offer];
  if (state.types.length) match.type = [...state.types];
  if (state.kinds.length) match.kind = [...state.kinds];
  if (state.bedrooms !== null) match.bedrooms = { min: state.bedrooms };
  if (state.bathrooms !== null) match.bathrooms = { min: state.bathrooms };
  if (state.parkingSlots !== null) match.parkingSlots = { min: state.parkingSlots };
  if (state.furnishings.length) match.furnishing = [...state.furnishings];
  if (state.tags.length) match.tags = [...state.tags];
  if (state.statuses.length) match.status = [...state.statuses];
  if (state.cities.length) match.city = [...state.cities];
  if (state.barangays.length) match.barangay = [...state.barangays];
  if (state.minRating !== null) match.rating = { min: state.minRating };

  const query: Query = {};
  if (state.code.trim()) query.code = state.code.trim();
  if (state.verifiedOnly) query.verified = true;

  const body: ListingSearchBody = {};
  if (state.text.trim()) body.fuzzySearch = state.text.trim();
  if (Object.keys(query).length) body.query = query;
  if (Object.keys(match).length) body.match = match;
  if (state.bounds) body.bounds = { ...state.bounds };
  return body;
}

/** The body of POST /listing/search: the filters plus sort, limit and skip = (page - 1) * limit. */
export function toSearchBody(state: SearchState): ListingSearchBody {
  return { ...toFilterBody(state), sort: state.sort, limit: state.limit, skip: (state.page - 1) * state.limit };
}

export interface PriceBandChoice {
  key: string;
  min: number;
  max: number | null;
  /** Listings in the band for the current filters; null until the facet counts arrive. */
  count: number | null;
  selected: boolean;
}

/** The spec's price bands as quick choices, with the facet counts of POST /listing/filter. */
export function priceBandChoices(
  state: Pick<SearchState, 'price'>,
  facets?: ReadonlyArray<{ min: number; max: number | null; count: number }>,
): PriceBandChoice[] {
  return PRICE_BANDS.map((band) => {
    const facet = facets?.find((f) => f.min === band.min && (f.max ?? null) === band.max);
    return {
      key: `${band.min}-${band.max ?? ''}`,
      min: band.min,
      max: band.max,
      count: facets ? (facet?.count ?? 0) : null,
      selected: state.price.min === band.min && state.price.max === band.max,
    };
  });
}

/** Picks a band (or clears the price range when the band was already picked). */
export function togglePriceBand(state: SearchState, band: { min: number; max: number | null }): SearchState {
  const selected = state.price.min === band.min && state.price.max === band.max;
  return updateSearch(state, { price: selected ? { min: null, max: null } : { min: band.min, max: band.max } });
}

/** Rounds the map's view so the URL stays short (5 decimals is about a metre). */
export function roundBounds(bounds: Bounds): Bounds {
  const r = (n: number) => Math.round(n * 1e5) / 1e5;
  return { north: r(bounds.north), south: r(bounds.south), east: r(bounds.east), west: r(bounds.west) };
}

/** How many filters are set (the text, the buy/rent switch, map area, sort and paging aside). */
export function activeFilterCount(state: SearchState): number {
  const ranges = [state.price, state.lotSize, state.floorSize].filter((r) => r.min !== null || r.max !== null).length;
  return (
    ranges +
    state.types.length +
    state.kinds.length +
    [state.bedrooms, state.bathrooms, state.parkingSlots].filter((n) => n !== null).length +
    state.furnishings.length +
    state.tags.length +
    state.statuses.length +
    state.cities.length +
    state.barangays.length +
    (state.code ? 1 : 0) +
    (state.minRating !== null ? 1 : 0) +
    (state.verifiedOnly ? 1 : 0)
  );
}

/**
 * The results line: "1,234 listings found", or "about 130,000 listings found" when the API estimated
 * the total (more than 2,000 matches are not counted one by one).
 */
export function resultCountText(pagination: { totalItems: number; totalIsEstimate?: boolean }): string {
  const n = pagination.totalItems;
  const noun = n === 1 && !pagination.totalIsEstimate ? 'listing' : 'listings';
  return `${pagination.totalIsEstimate ? 'about ' : ''}${n.toLocaleString('en-PH')} ${noun} found`;
}

/** What a search with a misspelt or partial word looked for instead ("houe" → house). */
export function searchedWordsText(text: string, words: string[]): string {
  if (!words.length) return `No listing has “${text}”.`;
  const quoted = words.map((w) => `“${w}”`);
  const list = quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}` : quoted[0];
  return `No listing has “${text}”: showing listings with ${list} instead.`;
}

/**
 * Whether a map view shows a search area: it holds the area (to rounding) and is not more than a few
 * times its size (a view of the whole country "holds" a street too).
 */
export function showsArea(view: Bounds, area: Bounds): boolean {
  const slack = 1e-4;
  const holds = view.south <= area.south + slack && view.north >= area.north - slack && view.west <= area.west + slack && view.east >= area.east - slack;
  const tall = (view.north - view.south) / Math.max(area.north - area.south, 1e-6);
  const wide = (view.east - view.west) / Math.max(area.east - area.west, 1e-6);
  return holds && Math.min(tall, wide) <= 2.5;
}

/** Whether two areas are the same but for rounding: every edge within 2 % of the area's size (or 0.0001°). */
export function sameArea(a: Bounds, b: Bounds): boolean {
  const lat = Math.max(1e-4, (b.north - b.south) * 0.02);
  const lng = Math.max(1e-4, (b.east - b.west) * 0.02);
  return Math.abs(a.north - b.north) <= lat && Math.abs(a.south - b.south) <= lat && Math.abs(a.east - b.east) <= lng && Math.abs(a.west - b.west) <= lng;
}
