/**
 * What the search map asks POST /listing/clusters for, and how it draws the answer. Pure functions.
 * The map shows every match in its view: clusters with counts when zoomed out, pins when the view
 * holds few (the API decides: at most 200 matches come as pins).
 */
import type { GetListingClustersApiArg, GetListingClustersApiResponse } from '@/lib/api/generated';
import type { ListingSearchBody } from '@/lib/api/listings';
import { roundBounds, type Bounds } from './search-state';

export type ClustersAnswer = GetListingClustersApiResponse;
export type MapCluster = ClustersAnswer['clusters'][number];
export type MapPin = ClustersAnswer['pins'][number];

/** Where listings can be: the Philippines with a margin, Kalayaan (114° E) included (the API takes boxes up to 30° on a side). */
export const PHILIPPINES_BOX: Bounds = { south: 4, north: 22, west: 112, east: 127.5 };
/** The zoom of the first question for a search without a map area: the whole country, for its matches' extent. */
export const EXTENT_ZOOM = 5;
/** How long the map rests before its view is asked for (the search area waits longer: MAP_SEARCH_DEBOUNCE_MS). */
export const CLUSTER_DEBOUNCE_MS = 250;

export interface MapView {
  bounds: Bounds;
  zoom: number;
}

/** A view's box cut to where listings can be (a zoomed-out phone shows half the Pacific); null when it misses it. */
export function clipToPhilippines(b: Bounds): Bounds | null {
  const clipped = {
    south: Math.max(b.south, PHILIPPINES_BOX.south),
    north: Math.min(b.north, PHILIPPINES_BOX.north),
    west: Math.max(b.west, PHILIPPINES_BOX.west),
    east: Math.min(b.east, PHILIPPINES_BOX.east),
  };
  return clipped.south < clipped.north && clipped.west < clipped.east ? roundBounds(clipped) : null;
}

/**
 * The clusters question for the map: the whole country while a new search without a map area waits
 * to be fitted to its matches, else the map's view. Null: nothing to ask (no view yet, or a view off
 * the Philippines).
 */
export function clustersArg(filters: ListingSearchBody, view: MapView | null, fitting: boolean): GetListingClustersApiArg | null {
  // the search's filters only (its area, order and page are the list's business)
  const rest = {
    ...(filters.fuzzySearch ? { fuzzySearch: filters.fuzzySearch } : {}),
    ...(filters.query ? { query: filters.query } : {}),
    ...(filters.match ? { match: filters.match } : {}),
  };
  if (fitting) return { listingClustersQueryDto: { ...rest, bounds: PHILIPPINES_BOX, zoom: EXTENT_ZOOM } };
  const box = view && clipToPhilippines(view.bounds);
  if (!view || !box) return null;
  return { listingClustersQueryDto: { ...rest, bounds: box, zoom: Math.max(0, Math.min(22, Math.round(view.zoom))) } };
}

/** A cluster's badge width in px: 26 for a few listings, growing with the logarithm of the count, 46 at most (clusters are about 64 px apart). */
export function clusterSize(count: number): number {
  return Math.round(Math.min(46, 26 + 5 * Math.log10(Math.max(1, count))));
}

/** A count on a badge: 950, 1.2k, 12k, 1.3M. */
export function formatCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 10_000) return `${(Math.floor(n / 100) / 10).toFixed(1).replace(/\.0$/, '')}k`;
  if (n < 1_000_000) return `${Math.floor(n / 1000)}k`;
  return `${(Math.floor(n / 100_000) / 10).toFixed(1).replace(/\.0$/, '')}M`;
}

/** Where a click on a cluster takes the map: its listings' extent, or (all in one spot) a closer look at it. */
export function clusterTarget(c: MapCluster, zoom: number): { fit: [[number, number], [number, number]] } | { center: [number, number]; zoom: number } {
  const { south, north, west, east } = c.bounds;
  if (north - south < 1e-6 && east - west < 1e-6) return { center: [c.lat, c.lng], zoom: Math.min(19, zoom + 3) };
  return { fit: [[south, west], [north, east]] };
}

/** The extent to fit a new search to: the matches' extent, or null (no matches: the map stays). */
export function fitTarget(answer: ClustersAnswer | undefined): [[number, number], [number, number]] | null {
  const e = answer?.extent;
  return e ? [[e.south, e.west], [e.north, e.east]] : null;
}

/**
 * Clusters closer on screen than `distance` px merged into the larger one (counts added, centres
 * weighted by count, extents joined), largest first. The API's coarsest cells (1.28°) are about 30 px
 * apart on a phone showing the whole country; badges would overlap.
 */
export function mergeOverlapping(clusters: MapCluster[], project: (lat: number, lng: number) => [number, number], distance: number): MapCluster[] {
  const kept: { c: MapCluster; x: number; y: number }[] = [];
  for (const c of [...clusters].sort((a, b) => b.count - a.count)) {
    const [x, y] = project(c.lat, c.lng);
    const near = kept.find((k) => (k.x - x) ** 2 + (k.y - y) ** 2 < distance ** 2);
    if (!near) {
      kept.push({ c, x, y });
      continue;
    }
    const n = near.c.count + c.count;
    near.c = {
      count: n,
      lat: (near.c.lat * near.c.count + c.lat * c.count) / n,
      lng: (near.c.lng * near.c.count + c.lng * c.count) / n,
      bounds: {
        south: Math.min(near.c.bounds.south, c.bounds.south),
        north: Math.max(near.c.bounds.north, c.bounds.north),
        west: Math.min(near.c.bounds.west, c.bounds.west),
        east: Math.max(near.c.bounds.east, c.bounds.east),
      },
    };
  }
  return kept.map((k) => k.c);
}
