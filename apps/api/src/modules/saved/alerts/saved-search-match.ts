import { BadRequestException } from '@nestjs/common';
import { searchQueryFilterBody } from '@app/domain';
import { parseListingFilters, PRICE_TOKEN_BOUNDS, wordsOf, type ListingFilters, type Range } from '../../listings/listing-search';
import type { ListingForAlerts } from '../../listings/listings.service';

/**
 * Saved-search alerts, the pure part: a saved search's filters read from its query string, the keys
 * that index it, the keys a new listing looks it up by, and the test of a listing against it. No I/O.
 *
 * Matching a new listing against 100,000 saved searches must not run 100,000 searches. Each search is
 * indexed by its most selective facets (`alertKeysOf`: one key per value of its place — a listing code,
 * a barangay, a city, the map cells of its box, else its kind or type — crossed with its offer and its
 * price bands; or, with no place, the rarest word of its text); a listing looks up the few keys it could
 * share with a search that matches it
 * (`probeKeysOf`), and only the searches found (the candidates) are tested, in memory, with
 * `matchesSavedSearch`. Every key is a necessary condition of the search's filters, so no match is
 * missed; the test then decides exactly.
 */

/** A saved search's filters as alerts match them. */
export interface SavedSearchAlertFilters {
  /** The search's filters (parseListingFilters of the page's body), without the text. */
  filters: Omit<ListingFilters, 'text' | 'wordsQuery' | 'searchedWords'>;
  /**
   * The words of its text as PostgreSQL parses them (`plainto_tsquery('simple', …)`): a listing matches
   * when it has every one, as the search's full-text condition says. Absent: the search has no text.
   */
  words?: string[];
  /** The word of `words` the search is indexed by (the rarest among the listings when alerts were turned on). */
  keyWord?: string;
}

/** The filters of a saved search's query string, as the search page sends them (400 when the API would refuse them). */
export function filtersOfSavedQuery(query: string): ListingFilters {
  try {
    return parseListingFilters(searchQueryFilterBody(query));
  } catch (err) {
    if (err instanceof BadRequestException) {
      throw new BadRequestException(`This saved search cannot have alerts: its filters are not valid (${err.message})`);
    }
    throw err;
  }
}

/**
 * Whether a search text has words to search for: the search adds its full-text condition only then
 * (`toWordsTsQuery`); "!!!" filters nothing.
 */
export const hasSearchWords = (text: string | undefined): text is string => !!text && wordsOf(text).length > 0;

/**
 * The alert form of parsed filters, with the text's words (from PostgreSQL's parser, see
 * ListingsService.lexemesOf) and the one to index it by (`keyWord`, one of them).
 */
export function alertFiltersOf(f: ListingFilters, words: string[] | null, keyWord?: string): SavedSearchAlertFilters {
  const { text: _text, wordsQuery: _q, searchedWords: _s, ...filters } = f;
  // drop empty lists and ranges: JSON without undefined, and keys only for what filters
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    if (isRange(key) && (value as Range).min === undefined && (value as Range).max === undefined) continue;
    clean[key] = isRange(key) ? JSON.parse(JSON.stringify(value)) : value;
  }
  const key = words?.length ? (keyWord !== undefined && words.includes(keyWord) ? keyWord : words[0]) : undefined;
  return { filters: clean as SavedSearchAlertFilters['filters'], ...(words !== null && { words }), ...(key !== undefined && { keyWord: key }) };
}

const RANGE_KEYS = ['price', 'lotSize', 'floorSize', 'bedrooms', 'bathrooms', 'parkingSlots'] as const;
const isRange = (key: string) => (RANGE_KEYS as readonly string[]).includes(key);

/** A listing's lexemes as a set, made once per listing however many searches test it. */
const lexemeSets = new WeakMap<ListingForAlerts, Set<string>>();
function lexemeSetOf(l: ListingForAlerts): Set<string> {
  let set = lexemeSets.get(l);
  if (!set) lexemeSets.set(l, (set = new Set(l.lexemes)));
  return set;
}

/**
 * A saved search's filters in one fixed shape, as matching tests them: every field present, null when
 * it does not filter, ranges as two numbers. Filters read back from JSON have as many shapes as there
 * are combinations of filters, and reading the same fields of thousands of differently shaped objects
 * is several times slower in V8 than reading them of one shape (docs/benchmarks.md).
 */
export interface PreparedAlert {
  code: string | null;
  ownerId: string | null;
  verified: boolean | null;
  type: string[] | null;
  offer: string[] | null;
  kind: string[] | null;
  furnishing: string[] | null;
  status: string[] | null;
  city: string[] | null;
  barangay: string[] | null;
  tags: string[] | null;
  /** Each range's bounds (null: none). */
  priceMin: number | null;
  priceMax: number | null;
  lotMin: number | null;
  lotMax: number | null;
  floorMin: number | null;
  floorMax: number | null;
  bedroomsMin: number | null;
  bedroomsMax: number | null;
  bathroomsMin: number | null;
  bathroomsMax: number | null;
  parkingMin: number | null;
  parkingMax: number | null;
  minRating: number | null;
  south: number | null;
  north: number | null;
  west: number | null;
  east: number | null;
  /** The text's words (all needed); null: the search has no text. */
  words: string[] | null;
}

const list = (v: string[] | undefined) => (v?.length ? v : null);
const bound = (v: number | undefined) => (v === undefined ? null : v);

export function prepareAlert(a: SavedSearchAlertFilters): PreparedAlert {
  const f = a.filters;
  return {
    code: f.code ?? null,
    ownerId: f.ownerId ?? null,
    verified: f.verified ?? null,
    type: list(f.type),
    offer: list(f.offer),
    kind: list(f.kind),
    furnishing: list(f.furnishing),
    status: list(f.status),
    city: list(f.city),
    barangay: list(f.barangay),
    tags: list(f.tags),
    priceMin: bound(f.price?.min),
    priceMax: bound(f.price?.max),
    lotMin: bound(f.lotSize?.min),
    lotMax: bound(f.lotSize?.max),
    floorMin: bound(f.floorSize?.min),
    floorMax: bound(f.floorSize?.max),
    bedroomsMin: bound(f.bedrooms?.min),
    bedroomsMax: bound(f.bedrooms?.max),
    bathroomsMin: bound(f.bathrooms?.min),
    bathroomsMax: bound(f.bathrooms?.max),
    parkingMin: bound(f.parkingSlots?.min),
    parkingMax: bound(f.parkingSlots?.max),
    minRating: bound(f.minRating),
    south: f.bounds?.south ?? null,
    north: f.bounds?.north ?? null,
    west: f.bounds?.west ?? null,
    east: f.bounds?.east ?? null,
    words: a.words ?? null,
  };
}

/** A value within a range; a null value is within no range (SQL: a comparison with null is not true). */
const inRange = (value: number | null, min: number | null, max: number | null) =>
  (min === null && max === null) || (value !== null && (min === null || value >= min) && (max === null || value <= max));
const inSet = (value: string | null, set: string[] | null) => set === null || (value !== null && set.includes(value));

/**
 * Whether a listing matches a prepared saved search: the search's SQL filters (ListingsRepository.whereOf)
 * as a predicate over the listing's columns. Whether the member may see it is the caller's business.
 */
export function matchesPrepared(l: ListingForAlerts, p: PreparedAlert): boolean {
  if (p.code !== null && l.code !== p.code) return false;
  if (p.ownerId !== null && l.ownerId !== p.ownerId) return false;
  if (p.verified !== null && l.verified !== p.verified) return false;
  if (!inSet(l.type, p.type) || !inSet(l.offer, p.offer) || !inSet(l.kind, p.kind) || !inSet(l.furnishing, p.furnishing)) return false;
  if (!inSet(l.status, p.status) || !inSet(l.cityCode, p.city) || !inSet(l.barangayCode, p.barangay)) return false;
  if (
    !inRange(l.price, p.priceMin, p.priceMax) ||
    !inRange(l.lotSize, p.lotMin, p.lotMax) ||
    !inRange(l.floorSize, p.floorMin, p.floorMax) ||
    !inRange(l.bedrooms, p.bedroomsMin, p.bedroomsMax) ||
    !inRange(l.bathrooms, p.bathroomsMin, p.bathroomsMax) ||
    !inRange(l.parkingSlots, p.parkingMin, p.parkingMax)
  ) {
    return false;
  }
  if (p.tags !== null && !p.tags.every((t) => l.tags.includes(t))) return false;
  if (p.minRating !== null && !(l.rating >= p.minRating)) return false;
  if (p.south !== null && (l.lat < p.south || l.lat > p.north! || l.lng < p.west! || l.lng > p.east!)) return false;
  if (p.words !== null) {
    // plainto_tsquery of a text with no lexemes matches nothing (the search only adds it when the text has words)
    if (p.words.length === 0) return false;
    const lexemes = lexemeSetOf(l);
    if (!p.words.every((w) => lexemes.has(w))) return false;
  }
  return true;
}

/** Whether a listing matches a saved search (matchesPrepared of its prepared form). */
export function matchesSavedSearch(l: ListingForAlerts, a: SavedSearchAlertFilters): boolean {
  return matchesPrepared(l, prepareAlert(a));
}

/**
 * The word a search with words is indexed by: the one fewest public listings have (`counts`, from
 * listing_words; a word no listing has yet counts 0, the rarest of all), then the longest.
 */
export function keyWordOf(words: string[] | null, counts: Map<string, number>): string | undefined {
  return [...(words ?? [])].sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0) || b.length - a.length || a.localeCompare(b))[0];
}

/* ----------------------------------------------------------------------------------------------
 * Keys
 * -------------------------------------------------------------------------------------------- */

/** Map cells of a box's keys: 0.1° (a district), then 1° (a region); a box of more cells than this falls back to the next facet. */
const CELL_LEVELS = [
  { prefix: 'g', perDegree: 10 },
  { prefix: 'G', perDegree: 1 },
] as const;
const MAX_BOX_CELLS = 36;
/** A price range spanning more bands than this is keyed as "any price" (fewer keys; the test still checks the price). */
const MAX_PRICE_BANDS = 6;

const cellKey = (prefix: string, row: number, col: number) => `${prefix}${row}.${col}`;
const cellRow = (lat: number, perDegree: number) => Math.floor((lat + 90) * perDegree);
const cellCol = (lng: number, perDegree: number) => Math.floor((lng + 180) * perDegree);

/** The price band a price lies in: how many of PRICE_TOKEN_BOUNDS are at or below it (0-12). */
export function priceBandOf(price: number): number {
  let band = 0;
  while (band < PRICE_TOKEN_BOUNDS.length && PRICE_TOKEN_BOUNDS[band] <= price) band++;
  return band;
}

/** The map cells of a box at the finest level that keeps it to MAX_BOX_CELLS; null when even the coarsest has more. */
function boxCellKeys(b: NonNullable<ListingFilters['bounds']>): string[] | null {
  for (const { prefix, perDegree } of CELL_LEVELS) {
    const [r0, r1] = [cellRow(b.south, perDegree), cellRow(b.north, perDegree)];
    const [c0, c1] = [cellCol(b.west, perDegree), cellCol(b.east, perDegree)];
    if ((r1 - r0 + 1) * (c1 - c0 + 1) > MAX_BOX_CELLS) continue;
    const keys: string[] = [];
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) keys.push(cellKey(prefix, r, c));
    return keys;
  }
  return null;
}

/**
 * The first part of a search's keys: its most selective facet that must hold (each value a key), '*'
 * when none. A word stands alone (`w<word>`: not crossed with the offer and price band, so a listing
 * looks up each of its words once).
 */
function placeParts(a: SavedSearchAlertFilters): { parts: string[]; alone: boolean } {
  const f = a.filters;
  const crossed = (parts: string[]) => ({ parts, alone: false });
  if (f.code !== undefined) return crossed([`#${f.code}`]);
  if (f.barangay?.length) return crossed(f.barangay.map((b) => `b${b}`));
  if (f.city?.length) return crossed(f.city.map((c) => `c${c}`));
  const cells = f.bounds ? boxCellKeys(f.bounds) : null;
  if (cells?.[0].startsWith(CELL_LEVELS[0].prefix)) return crossed(cells);
  if (a.keyWord !== undefined) return { parts: [`w${a.keyWord}`], alone: true };
  if (cells) return crossed(cells);
  if (f.kind?.length) return crossed(f.kind.map((k) => `k${k}`));
  if (f.type?.length) return crossed(f.type.map((t) => `t${t}`));
  return crossed(['*']);
}

function bandParts(price: Range | undefined): string[] {
  if (!price || (price.min === undefined && price.max === undefined)) return ['*'];
  const lo = price.min === undefined ? 0 : priceBandOf(price.min);
  const hi = price.max === undefined ? PRICE_TOKEN_BOUNDS.length : priceBandOf(price.max);
  if (hi - lo + 1 > MAX_PRICE_BANDS) return ['*'];
  const out: string[] = [];
  for (let b = lo; b <= hi; b++) out.push(`p${b}`);
  return out;
}

/**
 * The keys a saved search is indexed by: place × offer × price band, or its key word alone. A listing
 * the search matches has the search's place value (its code, barangay, city, map cell, kind or type),
 * offer (or the search takes any: '*') and price band (or '*'), or its key word, so it shares at
 * least one key with it.
 */
export function alertKeysOf(a: SavedSearchAlertFilters): string[] {
  const f = a.filters;
  const { parts, alone } = placeParts(a);
  if (alone) return parts;
  const offers = f.offer?.length ? f.offer : ['*'];
  const bands = bandParts(f.price);
  const keys: string[] = [];
  for (const place of parts) for (const offer of offers) for (const band of bands) keys.push(`${place}|${offer}|${band}`);
  return keys;
}

/**
 * The keys a listing looks its candidate searches up by: every place, offer and band part a search
 * matching it can have, and each of its words.
 */
export function probeKeysOf(
  l: Pick<ListingForAlerts, 'code' | 'barangayCode' | 'cityCode' | 'lat' | 'lng' | 'kind' | 'type' | 'offer' | 'price' | 'lexemes'>,
): string[] {
  const places = [
    `#${l.code}`,
    `b${l.barangayCode}`,
    `c${l.cityCode}`,
    ...CELL_LEVELS.map(({ prefix, perDegree }) => cellKey(prefix, cellRow(l.lat, perDegree), cellCol(l.lng, perDegree))),
    ...(l.kind ? [`k${l.kind}`] : []),
    `t${l.type}`,
    '*',
  ];
  const keys: string[] = [];
  for (const place of places) for (const offer of [l.offer, '*']) for (const band of [`p${priceBandOf(l.price)}`, '*']) keys.push(`${place}|${offer}|${band}`);
  for (const word of new Set(l.lexemes)) keys.push(`w${word}`);
  return keys;
}
