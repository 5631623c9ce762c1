import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '@app/db';
import { fillDerivedCentroids, type CentroidRecord } from './import/psgc-importer';
import { rowsOf, WRITE_BATCH } from './psgc';

/**
 * The compact barangay centroid table shipped with the API (`code,lat,lng,area_km2` per line, gzip), in
 * the codes of the bundled PSGC places. Regenerate it with `npm run places:compact-centroids` (see
 * `apps/api/src/compact-centroids.ts`), which runs the PSGC importer's centroid import (recoding included)
 * over the shared 2023 centroid file. Resolves the same from `src/` (tests) and `dist/` (the server).
 */
export const COMPACT_CENTROIDS_FILE = path.resolve(__dirname, '../../../data/barangay-centroids.csv.gz');

const HEADER = 'code,lat,lng,area_km2';

/**
 * Places the centroid file cannot give a centre: the City of Manila's barangays are not in the 2023
 * boundary set, so its 14 sub-municipalities (districts) and the city get approximate district centres
 * (hand-entered, good to about a kilometre); their barangays fall back to these.
 */
export const FALLBACK_CENTROIDS: readonly { code: string; name: string; lat: number; lng: number }[] = [
  { code: '1380600000', name: 'City of Manila', lat: 14.5995, lng: 120.9842 },
  { code: '1380601000', name: 'Tondo I/II', lat: 14.6171, lng: 120.9678 },
  { code: '1380602000', name: 'Binondo', lat: 14.5997, lng: 120.9746 },
  { code: '1380603000', name: 'Quiapo', lat: 14.5987, lng: 120.9839 },
  { code: '1380604000', name: 'San Nicolas', lat: 14.6003, lng: 120.9692 },
  { code: '1380605000', name: 'Santa Cruz', lat: 14.6173, lng: 120.9857 },
  { code: '1380606000', name: 'Sampaloc', lat: 14.6115, lng: 120.9964 },
  { code: '1380607000', name: 'San Miguel', lat: 14.5935, lng: 120.9925 },
  { code: '1380608000', name: 'Ermita', lat: 14.5826, lng: 120.9837 },
  { code: '1380609000', name: 'Intramuros', lat: 14.5906, lng: 120.9752 },
  { code: '1380610000', name: 'Malate', lat: 14.5717, lng: 120.9907 },
  { code: '1380611000', name: 'Paco', lat: 14.5803, lng: 120.9996 },
  { code: '1380612000', name: 'Pandacan', lat: 14.5906, lng: 121.0046 },
  { code: '1380613000', name: 'Port Area', lat: 14.5853, lng: 120.9672 },
  { code: '1380614000', name: 'Santa Ana', lat: 14.5802, lng: 121.0134 },
];

/** Reads the compact table; an absent or empty file answers no records. */
export function readCompactCentroids(file = COMPACT_CENTROIDS_FILE): CentroidRecord[] {
  if (!existsSync(file)) return [];
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  const out: CentroidRecord[] = [];
  for (const line of lines) {
    if (!line || line === HEADER) continue;
    const [code, lat, lng, area] = line.split(',');
    const areaKm2 = area ? Number(area) : null;
    out.push({ code, name: null, lat: Number(lat), lng: Number(lng), areaKm2: areaKm2 && areaKm2 > 0 ? areaKm2 : null });
  }
  return out;
}

/** Writes every barangay centroid of the database to the compact table (5 decimals ≈ 1 m); answers the count. */
export async function writeCompactCentroids(db: Database, file = COMPACT_CENTROIDS_FILE): Promise<number> {
  const rows = rowsOf<{ code: string; lat: number; lng: number; area_km2: number | null }>(
    await db.execute(sql`select code, lat, lng, area_km2 from places
      where level = 'barangay' and lat is not null and lng is not null order by code`),
  );
  const body = [HEADER, ...rows.map((r) => `${r.code},${r.lat.toFixed(5)},${r.lng.toFixed(5)},${r.area_km2 ? Number(r.area_km2.toFixed(2)) : ''}`)];
  writeFileSync(file, gzipSync(`${body.join('\n')}\n`, { level: 9 }));
  return rows.length;
}

export interface ReferenceCentroidsResult {
  /** Barangays that got their own centroid from the compact table. */
  barangays: number;
  /** Places that got a centre from their barangays, their districts or a fixed table. */
  derived: number;
  /** Places (mostly barangays) that got their parent's centre because none of their own is known. */
  fallback: number;
}

/** Serialises concurrent first starts (an api and a worker process on one fresh database). */
const LOAD_LOCK = sql`select pg_advisory_xact_lock(7406153202)`;

const hasPlaceWithoutCentre = async (db: Database) =>
  rowsOf(await db.execute(sql`select 1 from places where lat is null or lng is null limit 1`)).length > 0;

/**
 * Gives every place a location, without touching coordinates already there (an importer run wins):
 * 1. barangays from the compact centroid table;
 * 2. the City of Manila and its districts from FALLBACK_CENTROIDS;
 * 3. cities, provinces and regions from their barangays (the importer's population-weighted mean);
 * 4. whatever still has none from its parent: a city from its province or region, a district from its
 *    city, a barangay from its district or city (so every barangay of the City of Manila has one).
 * Idempotent and cheap once done (one indexed query); answers null when nothing was missing.
 */
export async function loadReferenceCentroids(db: Database, records = readCompactCentroids()): Promise<ReferenceCentroidsResult | null> {
  if (!(await hasPlaceWithoutCentre(db))) return null;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.execute(LOAD_LOCK);
    if (!(await hasPlaceWithoutCentre(t))) return null;
    // Just after the first load the planner has no statistics and would scan places once per row.
    await t.execute(sql`analyze places`);
    let barangays = 0;
    for (let i = 0; i < records.length; i += WRITE_BATCH) {
      const batch = records.slice(i, i + WRITE_BATCH).map((r) => ({ code: r.code, lat: r.lat, lng: r.lng, area_km2: r.areaKm2 }));
      const result = await t.execute(sql`
        update places p set lat = v.lat, lng = v.lng, area_km2 = coalesce(p.area_km2, v.area_km2), updated_at = now()
        from json_to_recordset(${JSON.stringify(batch)}::json) as v(code text, lat double precision, lng double precision, area_km2 double precision)
        where p.code = v.code and p.level = 'barangay' and (p.lat is null or p.lng is null)
        returning p.code`);
      barangays += rowsOf(result).length;
    }
    const fixed = rowsOf(
      await t.execute(sql`
        update places p set lat = v.lat, lng = v.lng, updated_at = now()
        from json_to_recordset(${JSON.stringify(FALLBACK_CENTROIDS)}::json) as v(code text, lat double precision, lng double precision)
        where p.code = v.code and (p.lat is null or p.lng is null)
        returning p.code`),
    ).length;
    const derived = Object.values(await fillDerivedCentroids(t)).reduce((a, b) => a + (b ?? 0), 0);
    let fallback = 0;
    // Top-down, so that a city filled from its province can in turn fill its barangays.
    for (const levels of [['province'], ['city', 'municipality'], ['submunicipality'], ['barangay']]) {
      const result = await t.execute(sql`
        update places p set lat = src.lat, lng = src.lng, updated_at = now()
        from (
          select c.code, coalesce(par.lat, gp.lat, pr.lat, rg.lat) as lat, coalesce(par.lng, gp.lng, pr.lng, rg.lng) as lng
          from places c
          left join places par on par.code = c.city_code
          left join places gp on gp.code = par.city_code
          left join places pr on pr.code = c.province_code
          left join places rg on rg.code = c.region_code
          where c.level in (select json_array_elements_text(${JSON.stringify(levels)}::json)) and (c.lat is null or c.lng is null)
        ) src
        where p.code = src.code and src.lat is not null and src.lng is not null
        returning p.code`);
      fallback += rowsOf(result).length;
    }
    return { barangays, derived: derived + fixed, fallback };
  });
}
