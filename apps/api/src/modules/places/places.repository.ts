import { Injectable } from '@nestjs/common';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
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
}
