import { BadRequestException, Injectable } from '@nestjs/common';
import { NEARBY_CATEGORIES, type NearbyCategory } from '@app/domain';
import { NearbyRepository } from './nearby.repository';
import type { PoiCategory } from './osm-categories';

/**
 * Default half-width of the box searched for the areas nearby one listing, in degrees.
 * The spec's 0.005° box (about 550 m each way) is for finding other listings near a point; for the
 * "areas nearby" of a listing that is too tight: outside city centres it would often show no
 * hospital, fire station or mall at all. 0.02° is about 2.2 km north–south and, at Philippine
 * latitudes (5°–21° N), 2.1–2.2 km east–west: walking or a short drive. Callers may pass another width.
 */
export const AREAS_NEARBY_HALF_WIDTH_DEG = 0.02;
/** Wider boxes would scan many thousands of points per request. */
export const MAX_HALF_WIDTH_DEG = 0.2;
export const DEFAULT_LIMIT_PER_CATEGORY = 10;
/**
 * Half-width of the box that decides whether points of interest were imported for an area at all:
 * 0.1° is about 11 km each way, a city and its surroundings. A point with no place of any category
 * that close has no OSM data imported (`poiCoverage: 'none'`), rather than "no restaurant within 2 km".
 */
export const POI_COVERAGE_HALF_WIDTH_DEG = 0.1;

/** 'imported': points of interest exist around the point (a category may still have none nearby); 'none': nothing was imported for the area. */
export type PoiCoverage = 'imported' | 'none';
/** OpenStreetMap's ODbL attribution, to show wherever the places are displayed. */
export const POI_ATTRIBUTION = '© OpenStreetMap contributors';
export const MAX_LIMIT_PER_CATEGORY = 50;

export interface NearbyPlacesQuery {
  lat: number;
  lng: number;
  /** Half-width of the search box in degrees, applied to latitude and longitude alike. */
  halfWidthDeg?: number;
  /** Only these categories (any order, duplicates ignored); all ten when absent or empty. */
  categories?: readonly NearbyCategory[];
  limitPerCategory?: number;
}

export interface NearbyPlaceItem {
  _id: string;
  name: string | null;
  lat: number;
  lng: number;
  distanceMeters: number;
}

export interface NearbyPlacesGroup<C extends PoiCategory = NearbyCategory> {
  category: C;
  /** Places of the category in the box, all of them (`items` holds the nearest `limitPerCategory`). */
  total: number;
  items: NearbyPlaceItem[];
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The points of interest around a place, grouped by the spec's nearby-area categories. */
@Injectable()
export class NearbyService {
  constructor(private readonly repository: NearbyRepository) {}

  /**
   * One group per requested category, in the spec's order (restaurants, malls, … warehouses), each
   * with its nearest places first; a category with nothing in the box has an empty `items` list.
   */
  async nearbyPlaces(query: NearbyPlacesQuery): Promise<NearbyPlacesGroup[]> {
    return this.grouped(query, this.categoriesOf(query.categories));
  }

  /**
   * The same answer for any categories the importer writes, the map layers (transport hubs,
   * residential areas) included: for the market map, whose legend has them. Not for public input:
   * the categories are the caller's constants, unchecked.
   */
  async placesOf<C extends PoiCategory>(query: Omit<NearbyPlacesQuery, 'categories'>, categories: readonly C[]): Promise<NearbyPlacesGroup<C>[]> {
    return this.grouped(query, [...new Set(categories)]);
  }

  private async grouped<C extends PoiCategory>(query: Omit<NearbyPlacesQuery, 'categories'>, categories: C[]): Promise<NearbyPlacesGroup<C>[]> {
    const { lat, lng } = query;
    const halfWidthDeg = query.halfWidthDeg ?? AREAS_NEARBY_HALF_WIDTH_DEG;
    const limitPerCategory = query.limitPerCategory ?? DEFAULT_LIMIT_PER_CATEGORY;
    if (!finite(lat) || lat < -90 || lat > 90) throw new BadRequestException('lat must be a number from -90 to 90');
    if (!finite(lng) || lng < -180 || lng > 180) throw new BadRequestException('lng must be a number from -180 to 180');
    if (!finite(halfWidthDeg) || halfWidthDeg <= 0 || halfWidthDeg > MAX_HALF_WIDTH_DEG) {
      throw new BadRequestException(`halfWidthDeg must be a number above 0 and at most ${MAX_HALF_WIDTH_DEG} (degrees)`);
    }
    if (!Number.isInteger(limitPerCategory) || limitPerCategory < 1 || limitPerCategory > MAX_LIMIT_PER_CATEGORY) {
      throw new BadRequestException(`limitPerCategory must be a whole number from 1 to ${MAX_LIMIT_PER_CATEGORY}`);
    }
    const rows = await this.repository.findInBox({ lat, lng, halfWidthDeg, categories, limitPerCategory });
    const groups = new Map<string, NearbyPlaceItem[]>(categories.map((c) => [c, []]));
    const totals = new Map<string, number>();
    for (const row of rows) {
      totals.set(row.category, Number(row.total));
      groups.get(row.category)?.push({
        _id: row.id,
        name: row.name,
        lat: row.lat,
        lng: row.lng,
        distanceMeters: Math.round(row.distanceMeters),
      });
    }
    return categories.map((category) => ({ category, total: totals.get(category) ?? 0, items: groups.get(category)! }));
  }

  /** Whether points of interest were imported for the area around a point (see POI_COVERAGE_HALF_WIDTH_DEG). */
  async coverage(lat: number, lng: number): Promise<PoiCoverage> {
    if (!finite(lat) || lat < -90 || lat > 90) throw new BadRequestException('lat must be a number from -90 to 90');
    if (!finite(lng) || lng < -180 || lng > 180) throw new BadRequestException('lng must be a number from -180 to 180');
    return (await this.repository.anyInBox(lat, lng, POI_COVERAGE_HALF_WIDTH_DEG)) ? 'imported' : 'none';
  }

  private categoriesOf(requested: readonly unknown[] | undefined): NearbyCategory[] {
    if (requested !== undefined && !Array.isArray(requested)) {
      throw new BadRequestException(`categories must be a list of: ${NEARBY_CATEGORIES.join(', ')}`);
    }
    if (!requested?.length) return [...NEARBY_CATEGORIES];
    const unknown = requested.filter((c) => !(NEARBY_CATEGORIES as readonly unknown[]).includes(c));
    if (unknown.length) {
      throw new BadRequestException(
        `Unknown nearby ${unknown.length === 1 ? 'category' : 'categories'} ${unknown.map((c) => JSON.stringify(c)).join(', ')}; ` +
          `use any of: ${NEARBY_CATEGORIES.join(', ')}`,
      );
    }
    return NEARBY_CATEGORIES.filter((c) => requested.includes(c));
  }
}
