import { sql } from 'drizzle-orm';
import type { PLACE_LEVELS, Database } from '@app/db';

/**
 * PSGC codes are 10 digits, RR PPP MM BBB: region, province, city/municipality, barangay. A code with
 * zeros in the lower parts names the higher level (1300000000 is Metro Manila, 1380300000 Makati).
 */
export const PSGC_CODE = /^\d{10}$/;
export const psgcCodeMessage = (field: string) => `${field} must be a 10-digit PSGC code, e.g. 1380300000`;

export type PlaceLevel = (typeof PLACE_LEVELS)[number];

/** The levels a barangay's `cityCode` may point to. */
export const CITY_LEVELS: readonly PlaceLevel[] = ['city', 'municipality', 'submunicipality'];

export const regionCodeOf = (code: string) => `${code.slice(0, 2)}00000000`;
/** The province-sized code block a place sits in (a real province, or an independent city's own block). */
export const provinceBlockOf = (code: string) => `${code.slice(0, 5)}00000`;
/** The city, municipality or sub-municipality a barangay belongs to. */
export const cityBlockOf = (code: string) => `${code.slice(0, 7)}000`;

/** One place as the loaders write it; coordinates are written separately by the centroid importer. */
export interface PlaceRecord {
  code: string;
  name: string;
  level: PlaceLevel;
  regionCode: string | null;
  provinceCode: string | null;
  cityCode: string | null;
  population: number | null;
  incomeClass: string | null;
  urbanRural: string | null;
  cityClass: string | null;
}

/** Rows per INSERT statement. One statement carries its rows as one JSON parameter. */
export const WRITE_BATCH = 5000;

/**
 * Writes places in batches. `insert` skips codes already present; `upsert` replaces the name, level,
 * hierarchy and statistics of existing codes and keeps their coordinates. Run it inside a transaction.
 */
export async function writePlaces(db: Database, records: readonly PlaceRecord[], mode: 'insert' | 'upsert'): Promise<void> {
  for (let i = 0; i < records.length; i += WRITE_BATCH) {
    const batch = records.slice(i, i + WRITE_BATCH).map((r) => ({
      code: r.code,
      name: r.name,
      level: r.level,
      region_code: r.regionCode,
      province_code: r.provinceCode,
      city_code: r.cityCode,
      population: r.population,
      income_class: r.incomeClass,
      urban_rural: r.urbanRural,
      city_class: r.cityClass,
    }));
    const conflict =
      mode === 'insert'
        ? sql`on conflict (code) do nothing`
        : sql`on conflict (code) do update set
            name = excluded.name, level = excluded.level, region_code = excluded.region_code,
            province_code = excluded.province_code, city_code = excluded.city_code, population = excluded.population,
            income_class = excluded.income_class, urban_rural = excluded.urban_rural, city_class = excluded.city_class,
            updated_at = now()`;
    await db.execute(sql`
      insert into places (code, name, level, region_code, province_code, city_code, population, income_class, urban_rural, city_class)
      select code, name, level, region_code, province_code, city_code, population, income_class, urban_rural, city_class
      from json_to_recordset(${JSON.stringify(batch)}::json) as r(
        code text, name text, level text, region_code text, province_code text, city_code text,
        population integer, income_class text, urban_rural text, city_class text)
      ${conflict}`);
  }
}

/** The rows of a raw `db.execute` answer (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
