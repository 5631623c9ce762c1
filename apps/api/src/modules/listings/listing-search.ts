import { BadRequestException } from '@nestjs/common';
import { FURNISHINGS, LISTING_KINDS, LISTING_OFFERS, LISTING_TAGS, LISTING_TYPES } from '@app/domain';
import { LISTING_STATUSES } from './dto/listing-input.dto';
import { isUuid } from '../../common/http/ids';

export interface Range {
  min?: number;
  max?: number;
}

/** A listing search after validation: only whitelisted fields, typed. */
export interface ListingFilters {
  text?: string;
  /**
   * The full-text query to run instead of the text's own words (set by the service when no listing has
   * them: each unknown word becomes its prefix or the known words it resembles, see listing_words).
   */
  wordsQuery?: string;
  /** With wordsQuery: the known words it searches for (to tell the member what was searched). */
  searchedWords?: string[];
  ownerId?: string;
  code?: string;
  verified?: boolean;
  price?: Range;
  lotSize?: Range;
  floorSize?: Range;
  /** "At least N" is {min: N}. */
  bedrooms?: Range;
  bathrooms?: Range;
  parkingSlots?: Range;
  type?: string[];
  offer?: string[];
  kind?: string[];
  furnishing?: string[];
  tags?: string[];
  status?: string[];
  city?: string[];
  barangay?: string[];
  minRating?: number;
  bounds?: { north: number; south: number; east: number; west: number };
  /** Staff only (STAFF_QUERY_FIELDS): has ownership documents. */
  hasDocuments?: boolean;
  /** Staff only: has open reports (listing_reports not resolved). */
  reported?: boolean;
  /** The listing's isVisible flag. */
  visible?: boolean;
}

const RANGE_FIELDS = ['price', 'lotSize', 'floorSize', 'bedrooms', 'bathrooms', 'parkingSlots'] as const;
const SET_FIELDS: Record<'type' | 'offer' | 'kind' | 'furnishing' | 'tags' | 'status' | 'city' | 'barangay', RegExp | readonly string[]> = {
  type: LISTING_TYPES,
  offer: LISTING_OFFERS,
  kind: LISTING_KINDS,
  furnishing: FURNISHINGS,
  tags: LISTING_TAGS,
  status: LISTING_STATUSES,
  city: /^\d{10}$/,
  barangay: /^\d{10}$/,
};
const MATCH_FIELDS = [...RANGE_FIELDS, ...Object.keys(SET_FIELDS), 'rating', 'verified'];
const QUERY_FIELDS = ['owner', 'code', 'status', 'verified', 'type', 'hasDocuments', 'reported', 'visible'];
/** Query fields only staff may search by (a member must not learn which listings are reported): ListingsService refuses them with 400. */
export const STAFF_QUERY_FIELDS = ['hasDocuments', 'reported'] as const;
const BOOLEAN_QUERY_FIELDS = { verified: 'verified', hasDocuments: 'hasDocuments', reported: 'reported', visible: 'visible' } as const;

const bad = (message: string): never => {
  throw new BadRequestException(message);
};

function parseRange(field: string, value: unknown): Range {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) bad(`match.${field} must be an object {min, max}`);
  const { min, max, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length) bad(`match.${field} takes only min and max`);
  for (const [k, v] of Object.entries({ min, max })) {
    if (v !== undefined && v !== null && (typeof v !== 'number' || !Number.isFinite(v) || v < 0)) {
      bad(`match.${field}.${k} must be a number of at least 0`);
    }
  }
  const range: Range = { min: (min as number | null) ?? undefined, max: (max as number | null) ?? undefined };
  if (range.min !== undefined && range.max !== undefined && range.min > range.max) bad(`match.${field}.min must not exceed max`);
  return range;
}

function parseSet(field: keyof typeof SET_FIELDS, value: unknown): string[] {
  const list = Array.isArray(value) ? value : (value as { in?: unknown })?.in ?? [value];
  if (!Array.isArray(list) || list.length > 100) bad(`match.${field} must be a list of at most 100 values`);
  const allowed = SET_FIELDS[field];
  for (const v of list as unknown[]) {
    const ok = typeof v === 'string' && (allowed instanceof RegExp ? allowed.test(v) : allowed.includes(v));
    if (!ok) {
      bad(
        allowed instanceof RegExp
          ? `match.${field} values must be 10-digit PSGC codes`
          : `match.${field} values must be among: ${(allowed as readonly string[]).join(', ')}`,
      );
    }
  }
  return list as string[];
}

/**
 * The full-text query for a search text: every word, exactly (GIN can then skip through the posting
 * lists; prefixes cannot). A partial or misspelt word finds nothing here and falls back to similar words.
 */
export function toWordsTsQuery(text: string): string | null {
  const words = wordsOf(text);
  return words.length ? words.join(' & ') : null;
}

/** The words of a search text as the full-text search splits them (at most 10), lower-cased. */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 10);
}

/**
 * The full-text query for words some of which no listing has: a known word stays; an unknown one
 * becomes its prefix (from four letters: "poblac" finds Poblacion) or any of the known words it
 * resembles ("houe" finds house).
 */
export function correctedTsQuery(words: string[], known: Set<string>, similar: Map<string, string[]>): string {
  return words
    .map((w) => {
      if (known.has(w)) return w;
      const options = [...(w.length >= 4 ? [`${w}:*`] : []), ...(similar.get(w) ?? [])];
      return options.length ? `(${options.join(' | ')})` : w;
    })
    .join(' & ');
}

/** Whether a search has no filter and no words, but perhaps a map box (a field left empty counts as none). */
export function hasOnlyBounds(f: ListingFilters): boolean {
  return Object.entries(f).every(([key, v]) => key === 'bounds' || v === undefined || (Array.isArray(v) && v.length === 0));
}

/** Validates the `fuzzySearch`, `query`, `match` and `bounds` of a listing search. Unknown fields are 400. */
export function parseListingFilters(input: {
  fuzzySearch?: string;
  query?: Record<string, unknown>;
  match?: Record<string, unknown>;
  bounds?: ListingFilters['bounds'];
}): ListingFilters {
  const f: ListingFilters = {};
  const text = input.fuzzySearch?.trim();
  if (text) f.text = text.toLowerCase();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (!QUERY_FIELDS.includes(key)) bad(`Unknown query field '${key}'; allowed: ${QUERY_FIELDS.join(', ')}`);
    if (value === undefined || value === null || value === '') continue;
    if (key === 'owner') {
      if (!isUuid(value)) bad('query.owner must be a user id');
      f.ownerId = value as string;
    } else if (key === 'code') {
      if (typeof value !== 'string') bad('query.code must be a string');
      f.code = (value as string).trim().toUpperCase();
    } else if (key in BOOLEAN_QUERY_FIELDS) {
      if (typeof value !== 'boolean') bad(`query.${key} must be true or false`);
      f[BOOLEAN_QUERY_FIELDS[key as keyof typeof BOOLEAN_QUERY_FIELDS]] = value as boolean;
    } else {
      f[key as 'status' | 'type'] = parseSet(key as 'status' | 'type', value);
    }
  }
  for (const [key, value] of Object.entries(input.match ?? {})) {
    if (!MATCH_FIELDS.includes(key)) bad(`Unknown match field '${key}'; allowed: ${MATCH_FIELDS.join(', ')}`);
    if (value === undefined || value === null) continue;
    if ((RANGE_FIELDS as readonly string[]).includes(key)) f[key as (typeof RANGE_FIELDS)[number]] = parseRange(key, value);
    else if (key === 'rating') {
      const min = typeof value === 'number' ? value : (value as { min?: unknown }).min;
      if (typeof min !== 'number' || min < 0 || min > 5) bad('match.rating.min must be a number from 0 to 5');
      f.minRating = min as number;
    } else if (key === 'verified') {
      if (typeof value !== 'boolean') bad('match.verified must be true or false');
      f.verified = value as boolean;
    } else f[key as keyof typeof SET_FIELDS] = parseSet(key as keyof typeof SET_FIELDS, value);
  }
  if (input.bounds) {
    const b = input.bounds;
    if (b.south > b.north) bad('bounds.south must not exceed bounds.north');
    if (b.west > b.east) bad('bounds.west must not exceed bounds.east');
    f.bounds = b;
  }
  return f;
}

/**
 * The boundaries a listing's price tokens say it is above or below (listing_facet_tokens, migration
 * 0014; keep the two in step): PRICE_BANDS' inner bounds and finer ones, so a price-ordered page
 * gathered band by band (ListingsRepository.priceBandedIds) never gathers a whole "₱5M and up".
 */
export const PRICE_TOKEN_BOUNDS = [
  10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000, 5_000_000, 10_000_000, 20_000_000, 50_000_000,
] as const;
/** "At least N" tokens go up to this N (the web's choices); a larger minimum is checked by its column. */
const MAX_AT_LEAST_TOKEN = 5;

/**
 * The facet tokens a public listing must all carry to match these filters (SQL `listing_facet_tokens`,
 * migration 0015, indexed by GIN): one per single-valued type, offer, kind or furnishing; a cumulative
 * "at least" token for bedrooms (r), bathrooms (w) and parking (g); the band boundaries a price range
 * lies above (p>i) and below (p<i); one per tag (x). Filters they cannot say exactly (several values,
 * a minimum above 5, a price between boundaries) narrow the set and are checked by their columns too.
 */
export function facetTokensOf(f: ListingFilters): string[] {
  const tokens: string[] = [];
  const one = (prefix: string, values?: string[]) => {
    if (values?.length === 1) tokens.push(`${prefix}${values[0]}`);
  };
  one('o', f.offer);
  one('t', f.type);
  one('k', f.kind);
  one('f', f.furnishing);
  for (const [prefix, range] of [
    ['r', f.bedrooms],
    ['w', f.bathrooms],
    ['g', f.parkingSlots],
  ] as const) {
    const min = range?.min;
    if (min !== undefined && min >= 1) tokens.push(`${prefix}${Math.min(Math.floor(min), MAX_AT_LEAST_TOKEN)}`);
  }
  if (f.price?.min !== undefined) {
    // the highest boundary at or below the minimum: the price is at least that
    const below = PRICE_TOKEN_BOUNDS.filter((b) => b <= f.price!.min!).length;
    if (below > 0) tokens.push(`p>${below}`);
  }
  if (f.price?.max !== undefined) {
    // the lowest boundary above the maximum: the price is below that
    const i = PRICE_TOKEN_BOUNDS.findIndex((b) => b > f.price!.max!);
    if (i >= 0) tokens.push(`p<${i + 1}`);
  }
  for (const tag of f.tags ?? []) tokens.push(`x${tag}`);
  return tokens;
}

/** The filters facetTokensOf says exactly (their plain conditions need not be checked again). */
export function coveredByTokens(f: ListingFilters): Set<string> {
  const covered = new Set<string>();
  for (const key of ['offer', 'type', 'kind', 'furnishing'] as const) if (f[key]?.length === 1) covered.add(key);
  for (const key of ['bedrooms', 'bathrooms', 'parkingSlots'] as const) {
    const r = f[key];
    if (r && r.max === undefined && r.min !== undefined && Number.isInteger(r.min) && r.min >= 1 && r.min <= MAX_AT_LEAST_TOKEN) covered.add(key);
  }
  if (f.tags?.length) covered.add('tags');
  return covered;
}
