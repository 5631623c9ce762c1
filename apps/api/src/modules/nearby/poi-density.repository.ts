import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { NEARBY_CATEGORIES } from '@app/domain';
import { InjectDb, type Database } from '../../common/db/database.module';
import { EARTH_RADIUS_M } from './nearby.repository';

export interface PoiDensityCentre {
  code: string;
  lat: number;
  lng: number;
}

export interface PoiDensityRow {
  code: string;
  /** Distinct places (OSM features) of the ten nearby categories within the radius. */
  count: number;
  /** Whether any point of interest (any category) lies in the coverage box around the centre. */
  covered: boolean;
}

/**
 * Points of interest counted around many centres in one statement: each centre's box (the circle's
 * bounding box) is matched against `poi_point_idx` (GiST on `point(lng, lat)`), then the great-circle
 * distance (haversine) keeps those within the radius. A place tagged in two categories (one row per
 * category) is counted once.
 */
@Injectable()
export class PoiDensityRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async countAround(centres: readonly PoiDensityCentre[], radiusM: number, coverageHalfWidthDeg: number): Promise<PoiDensityRow[]> {
    if (!centres.length) return [];
    // degrees of latitude per metre; the box's longitude half-width grows with 1 / cos(latitude)
    const dLat = radiusM / ((EARTH_RADIUS_M * Math.PI) / 180);
    const categories = `{${NEARBY_CATEGORIES.map((c) => `"${c}"`).join(',')}}`;
    const result = await this.db.execute(sql`
      with c as (
        select code, lat, lng, ${dLat}::float8 / greatest(cos(radians(lat)), 0.01) as dlng
        from jsonb_to_recordset(${JSON.stringify(centres)}::jsonb) as r (code text, lat float8, lng float8)
      )
      select c.code,
        (select count(distinct (p.osm_type, p.osm_id))::int from points_of_interest p
          where point(p.lng, p.lat) <@ box(point(c.lng - c.dlng, c.lat - ${dLat}::float8), point(c.lng + c.dlng, c.lat + ${dLat}::float8))
            and p.category = any(${categories}::text[])
            and 2 * ${EARTH_RADIUS_M}::float8 * asin(least(1, sqrt(
              power(sin(radians(p.lat - c.lat) / 2), 2) + cos(radians(c.lat)) * cos(radians(p.lat)) * power(sin(radians(p.lng - c.lng) / 2), 2)
            ))) <= ${radiusM}::float8) as count,
        exists (select 1 from points_of_interest p
          where point(p.lng, p.lat) <@ box(point(c.lng - ${coverageHalfWidthDeg}::float8, c.lat - ${coverageHalfWidthDeg}::float8),
                                           point(c.lng + ${coverageHalfWidthDeg}::float8, c.lat + ${coverageHalfWidthDeg}::float8))) as covered
      from c`);
    return (result as unknown as { rows: PoiDensityRow[] }).rows.map((r) => ({ code: r.code, count: Number(r.count), covered: r.covered === true }));
  }
}
