import { Injectable } from '@nestjs/common';
import { and, asc, eq, ilike, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { places, type PlaceRow } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';
import type { PlaceLevel } from './psgc';

export interface PlaceFilters {
  levels: readonly PlaceLevel[];
  regionCode?: string;
  provinceCode?: string;
  cityCodes?: readonly string[];
}

@Injectable()
export class PlacesRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async findByCode(code: string): Promise<PlaceRow | null> {
    const [row] = await this.db.select().from(places).where(eq(places.code, code)).limit(1);
    return row ?? null;
  }

  async findByCodes(codes: readonly string[]): Promise<PlaceRow[]> {
    if (!codes.length) return [];
    return this.db.select().from(places).where(inArray(places.code, [...new Set(codes)]));
  }

  /** Places of the given levels under the given parents, in no particular order. */
  async list(filters: PlaceFilters): Promise<PlaceRow[]> {
    const parts: SQL[] = [inArray(places.level, [...filters.levels])];
    if (filters.regionCode) parts.push(eq(places.regionCode, filters.regionCode));
    if (filters.provinceCode) parts.push(eq(places.provinceCode, filters.provinceCode));
    if (filters.cityCodes) parts.push(inArray(places.cityCode, [...filters.cityCodes]));
    return this.db.select().from(places).where(and(...parts));
  }

  /* Market reports (issue 16): place search and nearest barangay. */

  /** Places of these levels whose name contains `text` (case-insensitive), names starting with it first. */
  async searchByName(text: string, levels: readonly PlaceLevel[], limit: number): Promise<PlaceRow[]> {
    const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
    return this.db
      .select()
      .from(places)
      .where(and(inArray(places.level, [...levels]), ilike(places.name, `%${escaped}%`)))
      .orderBy(sql`(lower(${places.name}) like lower(${`${escaped}%`})) desc`, sql`length(${places.name})`, asc(places.name), asc(places.code))
      .limit(limit);
  }

  /** The barangay whose centroid is nearest the point (equirectangular distance; barangays without a centroid skipped). */
  async nearestBarangay(lat: number, lng: number): Promise<PlaceRow | null> {
    const k = Math.cos((lat * Math.PI) / 180);
    const nearest = async (box: number | null) => {
      const [row] = await this.db
        .select()
        .from(places)
        .where(
          and(
            eq(places.level, 'barangay'),
            isNotNull(places.lat),
            isNotNull(places.lng),
            box === null ? undefined : sql`${places.lat} between ${lat - box} and ${lat + box} and ${places.lng} between ${lng - box} and ${lng + box}`,
          ),
        )
        .orderBy(sql`power(${places.lat} - ${lat}, 2) + power((${places.lng} - ${lng}) * ${k}, 2)`)
        .limit(1);
      return row ?? null;
    };
    // within about 11 km first (a barangay centroid is nearly always that close); a hit farther than the
    // box's nearest edge could have a nearer one outside it, so then (or with none) search everywhere
    const boxed = await nearest(0.1);
    if (boxed && Math.hypot(boxed.lat! - lat, (boxed.lng! - lng) * k) <= 0.1 * k) return boxed;
    return nearest(null);
  }
}
