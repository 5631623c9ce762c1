import { Injectable } from '@nestjs/common';
import { and, asc, inArray, lte, sql } from 'drizzle-orm';
import { pointsOfInterest } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';
import type { PoiCategory } from './osm-categories';

/** Mean Earth radius (IUGG), in metres. */
export const EARTH_RADIUS_M = 6_371_008.8;

export interface NearbyBoxQuery {
  lat: number;
  lng: number;
  halfWidthDeg: number;
  categories: readonly PoiCategory[];
  limitPerCategory: number;
}

export interface NearbyPoiRow {
  id: string;
  category: string;
  name: string | null;
  lat: number;
  lng: number;
  distanceMeters: number;
  /** How many places of this category lie in the box (all of them, not only the ones returned). */
  total: number;
}

@Injectable()
export class NearbyRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /**
   * The nearest points of interest of each category inside the box `lat ± h`, `lng ± h`, at most
   * `limitPerCategory` per category, ordered by category and then distance (great-circle, haversine).
   * The box test is written as `point(lng, lat) <@ box(…)` so that it uses the GiST index `poi_point_idx`.
   */
  async findInBox(q: NearbyBoxQuery): Promise<NearbyPoiRow[]> {
    if (!q.categories.length) return [];
    return this.inBoxQuery(q);
  }

  /** Whether any point of interest (of any category, map layers too) lies inside the box `lat ± h`, `lng ± h` (uses `poi_point_idx`). */
  async anyInBox(lat: number, lng: number, h: number): Promise<boolean> {
    const p = pointsOfInterest;
    const [row] = await this.db
      .select({ one: sql<number>`1` })
      .from(p)
      .where(sql`point(${p.lng}, ${p.lat}) <@ box(point(${lng - h}::float8, ${lat - h}::float8), point(${lng + h}::float8, ${lat + h}::float8))`)
      .limit(1);
    return !!row;
  }

  /** The statement behind `findInBox`, unexecuted (the tests EXPLAIN it to see the index used). */
  inBoxQuery(q: NearbyBoxQuery) {
    const p = pointsOfInterest;
    const h = q.halfWidthDeg;
    const distance = sql<number>`(2 * ${EARTH_RADIUS_M}::float8 * asin(least(1, sqrt(
      power(sin(radians(${p.lat} - ${q.lat}::float8) / 2), 2)
      + cos(radians(${q.lat}::float8)) * cos(radians(${p.lat})) * power(sin(radians(${p.lng} - ${q.lng}::float8) / 2), 2)
    ))))`;
    const inBox = sql`point(${p.lng}, ${p.lat}) <@ box(point(${q.lng - h}::float8, ${q.lat - h}::float8), point(${q.lng + h}::float8, ${q.lat + h}::float8))`;
    const ranked = this.db.$with('ranked').as(
      this.db
        .select({
          id: p.id,
          category: p.category,
          name: p.name,
          lat: p.lat,
          lng: p.lng,
          distanceMeters: distance.as('distance_meters'),
          rank: sql<number>`(row_number() over (partition by ${p.category} order by ${distance}, ${p.id}))::int`.as('rank'),
          total: sql<number>`(count(*) over (partition by ${p.category}))::int`.as('total'),
        })
        .from(p)
        .where(and(inBox, inArray(p.category, [...q.categories]))),
    );
    return this.db
      .with(ranked)
      .select({
        id: ranked.id,
        category: ranked.category,
        name: ranked.name,
        lat: ranked.lat,
        lng: ranked.lng,
        distanceMeters: ranked.distanceMeters,
        total: ranked.total,
      })
      .from(ranked)
      .where(lte(ranked.rank, q.limitPerCategory))
      .orderBy(asc(ranked.category), asc(ranked.distanceMeters), asc(ranked.id));
  }
}
