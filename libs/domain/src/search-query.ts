/**
 * Saved searches: a search is saved as the query string of the search page's URL (the web's
 * `toSearchParams`), and its alerts read the filters back from it here, on the server, as the web's
 * `parseSearch` + `toFilterBody` would (apps/web/src/features/listings/search-state.ts; a web test
 * checks that the two agree on many drawn searches). Pure: no framework imports.
 */
import { FURNISHINGS, LISTING_KINDS, LISTING_OFFERS, LISTING_TAGS, LISTING_TYPES } from './index';

/** How a saved search alerts its member: not at all, soon after a match (batched), or in a daily digest. */
export const SAVED_SEARCH_ALERTS = ['off', 'instant', 'daily'] as const;
export type SavedSearchAlert = (typeof SAVED_SEARCH_ALERTS)[number];
export const SAVED_SEARCH_ALERT_LABELS: Record<SavedSearchAlert, string> = { off: 'Off', instant: 'Instant', daily: 'Daily' };

/** The statuses a visitor can filter on (the search page's SEARCH_STATUSES). */
const SEARCH_STATUSES = ['active', 'sold', 'rented'] as const;

/** The filters of a search as POST /listing/search takes them (no paging or sort). */
export interface SearchFilterBody {
  fuzzySearch?: string;
  query?: { code?: string; verified?: boolean };
  match?: Record<string, unknown>;
  bounds?: { north: number; south: number; east: number; west: number };
}

const nonNegative = (raw: string | null): number | null => {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/** A whole "at least" count from 1 to 20, else null. */
const atLeast = (raw: string | null): number | null => {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n >= 1 && n <= 20 ? n : null;
};

function range(params: URLSearchParams, minKey: string, maxKey: string): { min?: number; max?: number } | undefined {
  let min = nonNegative(params.get(minKey));
  let max = nonNegative(params.get(maxKey));
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  if (min === null && max === null) return undefined;
  return { ...(min !== null && { min }), ...(max !== null && { max }) };
}

function bounds(raw: string | null): SearchFilterBody['bounds'] | undefined {
  if (!raw) return undefined;
  const parts = raw.split(',').map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return undefined;
  const [north, south, east, west] = parts;
  if (north < south || north > 90 || south < -90 || east > 180 || west < -180 || east < west) return undefined;
  return { north, south, east, west };
}

const among = (values: string[], allowed: readonly string[]) => values.filter((v) => allowed.includes(v));

/**
 * The filters a search page URL's query string stands for: what the page sends to POST /listing/search
 * for it, without the page and the sort. Anything unknown or malformed is left out, as the page does.
 */
export function searchQueryFilterBody(input: string | URLSearchParams): SearchFilterBody {
  const params = typeof input === 'string' ? new URLSearchParams(input.replace(/^\?/, '')) : input;
  const match: Record<string, unknown> = {};
  const set = (key: string, values: string[]) => {
    if (values.length) match[key] = values;
  };
  const price = range(params, 'minPrice', 'maxPrice');
  const lotSize = range(params, 'minLot', 'maxLot');
  const floorSize = range(params, 'minFloor', 'maxFloor');
  if (price) match.price = price;
  if (lotSize) match.lotSize = lotSize;
  if (floorSize) match.floorSize = floorSize;
  const offer = params.get('offer');
  if (offer && (LISTING_OFFERS as readonly string[]).includes(offer)) match.offer = [offer];
  set('type', among(unique(params.getAll('type')), LISTING_TYPES));
  set('kind', among(unique(params.getAll('kind')), LISTING_KINDS));
  for (const [param, key] of [
    ['beds', 'bedrooms'],
    ['baths', 'bathrooms'],
    ['parking', 'parkingSlots'],
  ] as const) {
    const min = atLeast(params.get(param));
    if (min !== null) match[key] = { min };
  }
  set('furnishing', among(unique(params.getAll('furnishing')), FURNISHINGS));
  set('tags', among(unique(params.getAll('tag')), LISTING_TAGS));
  set('status', among(unique(params.getAll('status')), SEARCH_STATUSES));
  set('city', unique(params.getAll('city')));
  set('barangay', unique(params.getAll('barangay')));
  const rating = Number(params.get('minRating'));
  if (params.has('minRating') && rating >= 1 && rating <= 5) match.rating = { min: rating };

  const body: SearchFilterBody = {};
  const text = (params.get('q') ?? '').trim();
  if (text) body.fuzzySearch = text;
  const query: NonNullable<SearchFilterBody['query']> = {};
  const code = (params.get('code') ?? '').trim();
  if (code) query.code = code;
  if (params.get('verified') === '1') query.verified = true;
  if (Object.keys(query).length) body.query = query;
  if (Object.keys(match).length) body.match = match;
  const box = bounds(params.get('bounds'));
  if (box) body.bounds = box;
  return body;
}
