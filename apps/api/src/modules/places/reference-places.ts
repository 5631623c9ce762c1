import { count, sql } from 'drizzle-orm';
import {
  getAllRegions,
  getBarangaysByMunicipality,
  getMunicipalitiesByProvince,
  getProvincesByRegion,
} from '@aivangogh/ph-address';
import { places, type Database } from '@app/db';
import { regionCodeOf, writePlaces, type PlaceLevel, type PlaceRecord } from './psgc';

/**
 * The PSGC codes independent cities (highly urbanised cities outside Metro Manila) carry a province
 * block of their own; address pickers show them under the province they sit in, as people write
 * them ("Lahug, Cebu City, Cebu"). The PSGC importer derives the same from the PSA correspondence codes.
 */
export const INDEPENDENT_CITY_PROVINCES: Readonly<Record<string, string>> = {
  '0330100000': '0305400000', // City of Angeles, Pampanga
  '0331400000': '0307100000', // City of Olongapo, Zambales
  '0431200000': '0405600000', // City of Lucena, Quezon
  '0631000000': '0603000000', // City of Iloilo, Iloilo
  '0730600000': '0702200000', // City of Cebu, Cebu
  '0731100000': '0702200000', // City of Lapu-Lapu, Cebu
  '0731300000': '0702200000', // City of Mandaue, Cebu
  '0831600000': '0803700000', // City of Tacloban, Leyte
  '0931700000': '0907300000', // City of Zamboanga, Zamboanga del Sur
  '1030500000': '1004300000', // City of Cagayan de Oro, Misamis Oriental
  '1030900000': '1003500000', // City of Iligan, Lanao del Norte
  '1130700000': '1102400000', // City of Davao, Davao del Sur
  '1230800000': '1206300000', // City of General Santos, South Cotabato
  '1430300000': '1401100000', // City of Baguio, Benguet
  '1630400000': '1600200000', // City of Butuan, Agusan del Norte
  '1731500000': '1705300000', // City of Puerto Princesa, Palawan
  '1830200000': '1804500000', // City of Bacolod, Negros Occidental
};

const record = (code: string, name: string, level: PlaceLevel, parents: Partial<PlaceRecord> = {}): PlaceRecord => ({
  code,
  name,
  level,
  regionCode: null,
  provinceCode: null,
  cityCode: null,
  population: null,
  incomeClass: null,
  urbanRural: null,
  cityClass: null,
  ...parents,
});

/** The package names cities "Makati City"; every name with the word City is a city ("Science City of Muñoz"). */
const isCityName = (name: string) => /\bCity\b/.test(name);

/**
 * Every region, province, city, municipality, sub-municipality and barangay of the PSGC (4th quarter
 * 2025) from `@aivangogh/ph-address`, with the hierarchy columns filled:
 * - Metro Manila cities and Pateros, the City of Isabela and the BARMM Special Geographic Area sit
 *   directly under their region (provinceCode null);
 * - independent cities elsewhere sit under the province they are in (INDEPENDENT_CITY_PROVINCES);
 * - the City of Manila's 14 sub-municipalities have cityCode = Manila, and their barangays point to the
 *   sub-municipality.
 */
export function referencePlaceRecords(): PlaceRecord[] {
  const out: PlaceRecord[] = [];
  const provinceCodes = new Set<string>();
  // Municipality lists are keyed by a province-sized code block RRPPP00000: a province, the region itself
  // (Metro Manila), an independent city's own block, Manila (its sub-municipalities) or a special area.
  const byKey = new Map<string, { name: string; psgcCode: string }[]>();
  for (const region of getAllRegions()) {
    const name = region.designation ? `${region.name} (${region.designation})` : region.name;
    out.push(record(region.psgcCode, name, 'region'));
    for (const p of getProvincesByRegion(region.psgcCode)) {
      provinceCodes.add(p.psgcCode);
      out.push(record(p.psgcCode, p.name, 'province', { regionCode: region.psgcCode }));
    }
    const rr = region.psgcCode.slice(0, 2);
    for (let ppp = 0; ppp < 1000; ppp++) {
      const key = `${rr}${String(ppp).padStart(3, '0')}00000`;
      const list = getMunicipalitiesByProvince(key);
      if (list.length) byKey.set(key, [...list]);
    }
  }
  const all = new Map<string, { name: string; psgcCode: string; key: string }>();
  for (const [key, list] of byKey) for (const m of list) all.set(m.psgcCode, { ...m, key });
  // A city whose own code keys a list of other places: the City of Manila and its sub-municipalities.
  const hasSubs = (code: string) => !provinceCodes.has(code) && all.has(code) && (byKey.get(code) ?? []).some((m) => m.psgcCode !== code);
  const cities: PlaceRecord[] = [];
  for (const m of all.values()) {
    if (hasSubs(m.key)) continue; // a sub-municipality, added with its city
    const regionCode = regionCodeOf(m.psgcCode);
    const provinceCode = provinceCodes.has(m.key) ? m.key : (INDEPENDENT_CITY_PROVINCES[m.psgcCode] ?? null);
    const level: PlaceLevel = isCityName(m.name) || m.key === m.psgcCode || hasSubs(m.psgcCode) ? 'city' : 'municipality';
    cities.push(record(m.psgcCode, m.name, level, { regionCode, provinceCode }));
    if (!hasSubs(m.psgcCode)) continue;
    for (const s of byKey.get(m.psgcCode) ?? []) {
      if (s.psgcCode === m.psgcCode) continue;
      cities.push(record(s.psgcCode, s.name, 'submunicipality', { regionCode, provinceCode, cityCode: m.psgcCode }));
    }
  }
  for (const city of cities) {
    out.push(city);
    for (const b of getBarangaysByMunicipality(city.code)) {
      out.push(record(b.psgcCode, b.name, 'barangay', { regionCode: city.regionCode, provinceCode: city.provinceCode, cityCode: city.code }));
    }
  }
  return out;
}

/** Serialises concurrent first starts (an api and a worker process on one fresh database). */
const LOAD_LOCK = sql`select pg_advisory_xact_lock(7406153201)`;

/**
 * Fills `places` from the bundled PSGC reference data when the table is empty, in one transaction.
 * Answers the number of rows inserted (0 when places were already there, e.g. from the PSGC importer).
 */
export async function loadReferencePlaces(db: Database): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(places);
  if (Number(n) > 0) return 0;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.execute(LOAD_LOCK);
    const [{ n: again }] = await t.select({ n: count() }).from(places);
    if (Number(again) > 0) return 0;
    const records = referencePlaceRecords();
    await writePlaces(t, records, 'insert');
    return records.length;
  });
}
