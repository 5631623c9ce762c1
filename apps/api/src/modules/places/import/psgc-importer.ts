import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { places, type Database } from '@app/db';
import {
  cityBlockOf,
  provinceBlockOf,
  regionCodeOf,
  rowsOf,
  WRITE_BATCH,
  writePlaces,
  type PlaceLevel,
  type PlaceRecord,
} from '../psgc';
import { polygonCentroid } from './geometry';

type Cell = string | number | boolean | Date | null;

// read-excel-file publishes its Node build as a subpath export, which this project's "node" module
// resolution cannot type; its CommonJS build is loaded as is.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readSheet } = require('read-excel-file/node') as { readSheet(input: string, sheet: string): Promise<Cell[][]> };

/** Bad input: the message names the file and what is wrong with it. */
export class PlacesImportError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'PlacesImportError';
  }
}

/* ---------------------------------------------------------------------------------------------
 * PSA PSGC publication datafile (xlsx, sheet PSGC)
 * ------------------------------------------------------------------------------------------- */

export const PSGC_SHEET = 'PSGC';

const PSGC_LEVELS: Record<string, PlaceLevel> = {
  Reg: 'region',
  Prov: 'province',
  City: 'city',
  Mun: 'municipality',
  SubMun: 'submunicipality',
  Bgy: 'barangay',
};
/** Rows that group places without being one: districts, the City of Isabela's and the BARMM special area's blocks. */
const CONTAINER_LEVELS = new Set(['', 'Dist']);

const COLUMNS = {
  code: /^10-digit psgc|^psgc( code)?$/i,
  name: /^name$/i,
  correspondence: /correspondence code/i,
  level: /geographic level/i,
  cityClass: /city class/i,
  incomeClass: /^income/i,
  urbanRural: /urban/i,
  population: /population/i,
} as const;
type Column = keyof typeof COLUMNS;
const REQUIRED: Column[] = ['code', 'name', 'level', 'population'];
const HEADER_TEXT: Record<Column, string> = {
  code: '10-digit PSGC',
  name: 'Name',
  correspondence: 'Correspondence Code',
  level: 'Geographic Level',
  cityClass: 'City Class',
  incomeClass: 'Income Classification',
  urbanRural: 'Urban / Rural',
  population: 'Population',
};

export interface PsgcWorkbook {
  file: string;
  records: PlaceRecord[];
  /** Grouping rows that are not places (districts, special blocks). */
  skippedRows: number;
}

export interface PsgcImportResult {
  file: string;
  upserted: number;
  inserted: number;
  updated: number;
  byLevel: Record<PlaceLevel, number>;
  skippedRows: number;
  /** Places in the database that the file no longer has (merged or recoded); left as they are. */
  notInFile: number;
  ms: number;
}

const text = (c: Cell): string => (c === null || c === undefined ? '' : String(c).replace(/\s+/g, ' ').trim());
const orNull = (s: string): string | null => (s === '' || s === '-' ? null : s);

function codeOf(c: Cell, digits: number): string | null {
  if (typeof c === 'number') return Number.isInteger(c) && c >= 0 && c < 10 ** digits ? String(c).padStart(digits, '0') : null;
  const s = text(c);
  return new RegExp(`^\\d{${digits}}$`).test(s) ? s : null;
}

function populationOf(c: Cell): number | null | undefined {
  if (typeof c === 'number') return Number.isInteger(c) && c >= 0 ? c : undefined;
  const s = text(c).replace(/,/g, '');
  if (s === '' || s === '-') return null;
  return /^\d+$/.test(s) ? Number(s) : undefined;
}

async function readPsgcSheet(file: string): Promise<Cell[][]> {
  try {
    return await readSheet(file, PSGC_SHEET);
  } catch (err) {
    const e = err as { name?: string; code?: string; message?: string; sheets?: string[] };
    if (e.code === 'ENOENT') throw new PlacesImportError(file, 'no such file');
    if (e.name === 'SheetNotFoundError') {
      throw new PlacesImportError(
        file,
        `no sheet named '${PSGC_SHEET}' (sheets: ${(e.sheets ?? []).join(', ') || 'none'}); is this the PSA PSGC publication datafile?`,
      );
    }
    if (e.name === 'InvalidInputError' || e.name === 'InvalidSpreadsheetError') {
      throw new PlacesImportError(file, `not a readable .xlsx workbook (${e.message}); download the PSGC publication datafile as .xlsx`);
    }
    throw new PlacesImportError(file, `cannot be read: ${e.message ?? String(err)}`);
  }
}

/**
 * Reads and checks the PSGC sheet, and derives each place's region, province and city:
 * - a city or municipality sits in the province of its code block; an independent city that has a
 *   block of its own sits in the province its correspondence (old) code names, when that province is
 *   in the same region; Metro Manila cities, the City of Isabela and the BARMM special area's
 *   municipalities sit directly under their region;
 * - a sub-municipality belongs to the city of its code block (the City of Manila);
 * - a barangay belongs to the city, municipality or sub-municipality of its first seven digits.
 * Throws a PlacesImportError naming the row for anything it cannot place.
 */
export async function readPsgcWorkbook(file: string): Promise<PsgcWorkbook> {
  const rows = await readPsgcSheet(file);
  const headerIndex = rows.slice(0, 20).findIndex((r) => REQUIRED.every((c) => r.some((cell) => COLUMNS[c].test(text(cell)))));
  if (headerIndex < 0) {
    throw new PlacesImportError(
      file,
      `sheet '${PSGC_SHEET}' has no header row with the columns ${REQUIRED.map((c) => `'${HEADER_TEXT[c]}'`).join(', ')}`,
    );
  }
  const header = rows[headerIndex].map(text);
  const col = {} as Record<Column, number>;
  for (const c of Object.keys(COLUMNS) as Column[]) col[c] = header.findIndex((h) => COLUMNS[c].test(h));
  const at = (r: Cell[], c: Column): Cell => (col[c] >= 0 ? (r[col[c]] ?? null) : null);

  interface Parsed {
    row: number;
    record: PlaceRecord;
    oldCode: string | null;
  }
  const parsed: Parsed[] = [];
  const seen = new Set<string>();
  let skippedRows = 0;
  for (let i = headerIndex + 1; i < rows.length; i++) {
    const r = rows[i];
    const rowNo = i + 1;
    const fail = (problem: string): never => {
      throw new PlacesImportError(file, `sheet '${PSGC_SHEET}', row ${rowNo}: ${problem}`);
    };
    if (r.every((c) => text(c) === '')) continue;
    const rawCode = at(r, 'code');
    const code = codeOf(rawCode, 10);
    if (!code) fail(`'${text(rawCode)}' in column '${header[col.code]}' is not a 10-digit PSGC code`);
    const levelText = text(at(r, 'level'));
    if (CONTAINER_LEVELS.has(levelText)) {
      skippedRows++;
      continue;
    }
    const level = PSGC_LEVELS[levelText];
    if (!level) fail(`unknown geographic level '${levelText}' (expected one of ${Object.keys(PSGC_LEVELS).join(', ')})`);
    const name = text(at(r, 'name'));
    if (!name) fail(`place ${code} has no name`);
    if (seen.has(code!)) fail(`code ${code} appears twice`);
    seen.add(code!);
    const population = populationOf(at(r, 'population'));
    if (population === undefined) fail(`population '${text(at(r, 'population'))}' of ${name} is not a whole number`);
    const urbanRural = text(at(r, 'urbanRural')).toUpperCase();
    parsed.push({
      row: rowNo,
      oldCode: codeOf(at(r, 'correspondence'), 9),
      record: {
        code: code!,
        name,
        level: level!,
        regionCode: null,
        provinceCode: null,
        cityCode: null,
        population: population ?? null,
        incomeClass: orNull(text(at(r, 'incomeClass'))),
        urbanRural: urbanRural === 'U' ? 'urban' : urbanRural === 'R' ? 'rural' : null,
        cityClass: orNull(text(at(r, 'cityClass'))),
      },
    });
  }

  const byCode = new Map(parsed.map((p) => [p.record.code, p]));
  const levelOf = (code: string) => byCode.get(code)?.record.level;
  const provinceByOldCode = new Map(
    parsed.filter((p) => p.record.level === 'province' && p.oldCode).map((p) => [p.oldCode!, p.record.code]),
  );
  const failAt = (p: Parsed, problem: string): never => {
    throw new PlacesImportError(file, `sheet '${PSGC_SHEET}', row ${p.row}: ${p.record.name} (${p.record.code}) ${problem}`);
  };
  const order: PlaceLevel[] = ['region', 'province', 'city', 'municipality', 'submunicipality', 'barangay'];
  const sortedParsed = [...parsed].sort((a, b) => order.indexOf(a.record.level) - order.indexOf(b.record.level));
  for (const p of sortedParsed) {
    const r = p.record;
    if (r.level === 'region') continue;
    r.regionCode = regionCodeOf(r.code);
    if (levelOf(r.regionCode) !== 'region') failAt(p, `is in region ${r.regionCode}, which the file does not have`);
    if (r.level === 'city' || r.level === 'municipality') {
      const block = provinceBlockOf(r.code);
      if (levelOf(block) === 'province') r.provinceCode = block;
      else {
        // An independent city: the province its correspondence code was filed under, if in the same region.
        const province = p.oldCode ? provinceByOldCode.get(`${p.oldCode.slice(0, 4)}00000`) : undefined;
        r.provinceCode = province && regionCodeOf(province) === r.regionCode ? province : null;
      }
    } else if (r.level === 'submunicipality') {
      const city = byCode.get(provinceBlockOf(r.code));
      if (city?.record.level !== 'city') failAt(p, `is a sub-municipality, but its city ${provinceBlockOf(r.code)} is not in the file`);
      r.cityCode = city!.record.code;
      r.provinceCode = city!.record.provinceCode;
    } else if (r.level === 'barangay') {
      const city = byCode.get(cityBlockOf(r.code));
      if (!city || !['city', 'municipality', 'submunicipality'].includes(city.record.level)) {
        failAt(p, `is a barangay, but its city or municipality ${cityBlockOf(r.code)} is not in the file`);
      }
      r.cityCode = city!.record.code;
      r.provinceCode = city!.record.provinceCode;
    }
  }
  const records = sortedParsed.map((p) => p.record);
  if (!records.some((r) => r.level === 'barangay')) {
    throw new PlacesImportError(file, `sheet '${PSGC_SHEET}' lists no barangays; is this the PSA PSGC publication datafile?`);
  }
  return { file, records, skippedRows };
}

/** Upserts the workbook's places in one transaction; coordinates already loaded are kept. */
export async function upsertPsgcPlaces(db: Database, workbook: PsgcWorkbook): Promise<PsgcImportResult> {
  const started = Date.now();
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const total = async () => Number((await t.select({ n: count() }).from(places))[0].n);
    const before = await total();
    await writePlaces(t, workbook.records, 'upsert');
    const after = await total();
    const byLevel = { region: 0, province: 0, city: 0, municipality: 0, submunicipality: 0, barangay: 0 };
    for (const r of workbook.records) byLevel[r.level]++;
    const upserted = workbook.records.length;
    return {
      file: workbook.file,
      upserted,
      inserted: after - before,
      updated: upserted - (after - before),
      byLevel,
      skippedRows: workbook.skippedRows,
      notInFile: after - upserted,
      ms: Date.now() - started,
    };
  });
}

/** Reads the PSA PSGC publication datafile and upserts every place with its statistics. */
export async function importPsgcWorkbook(db: Database, file: string): Promise<PsgcImportResult> {
  return upsertPsgcPlaces(db, await readPsgcWorkbook(file));
}

/* ---------------------------------------------------------------------------------------------
 * Barangay centroids: JSON [{psgc, lat, lng, area_km2}] or a GeoJSON FeatureCollection of boundaries
 * ------------------------------------------------------------------------------------------- */

export interface CentroidRecord {
  code: string;
  /** The barangay's name in the file, used to follow recoded barangays. */
  name: string | null;
  lat: number;
  lng: number;
  areaKm2: number | null;
}

export interface CentroidFile {
  file: string;
  format: 'json' | 'geojson';
  records: CentroidRecord[];
  /** GeoJSON features without a geometry. */
  withoutGeometry: number;
}

export interface CentroidImportResult {
  file: string;
  format: 'json' | 'geojson';
  records: number;
  /** Records whose code is a place. */
  matched: number;
  /**
   * Records whose code is gone but whose barangay was recoded to another region with the rest of the code
   * and the name unchanged (the Negros Island Region and Sulu moves): matched to the new code.
   */
  recoded: number;
  unmatched: number;
  withoutGeometry: number;
  /** Places above the barangays that got a centroid from their barangays' centroids. */
  derived: Partial<Record<PlaceLevel, number>>;
  ms: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function checkPoint(file: string, where: string, lat: number | null, lng: number | null): { lat: number; lng: number } {
  if (lat === null || lat < -90 || lat > 90) throw new PlacesImportError(file, `${where}: lat must be a number from -90 to 90`);
  if (lng === null || lng < -180 || lng > 180) throw new PlacesImportError(file, `${where}: lng must be a number from -180 to 180`);
  return { lat, lng };
}

function readJsonArray(file: string, items: unknown[]): CentroidRecord[] {
  return items.map((item, i) => {
    const where = `item ${i}`;
    if (!isObject(item)) throw new PlacesImportError(file, `${where} is not an object {psgc, lat, lng, area_km2}`);
    const code = codeOf(item.psgc as Cell, 10);
    if (!code) throw new PlacesImportError(file, `${where}: psgc '${String(item.psgc)}' is not a 10-digit PSGC code`);
    const { lat, lng } = checkPoint(file, `${where} (${code})`, finite(item.lat), finite(item.lng));
    const area = finite(item.area_km2);
    // Rounded files carry 0 for areas under half a km²; no area is better than a wrong one.
    return { code, name: typeof item.name === 'string' ? item.name : null, lat, lng, areaKm2: area !== null && area > 0 ? area : null };
  });
}

function readFeatureCollection(file: string, features: unknown[]): { records: CentroidRecord[]; withoutGeometry: number } {
  const records: CentroidRecord[] = [];
  let withoutGeometry = 0;
  features.forEach((feature, i) => {
    if (!isObject(feature)) throw new PlacesImportError(file, `feature ${i} is not a GeoJSON Feature`);
    const props = isObject(feature.properties) ? feature.properties : {};
    const rawCode = props.adm4_psgc ?? props.psgc ?? props.PSGC ?? feature.id;
    const code = codeOf(rawCode as Cell, 10);
    const where = `feature ${i}`;
    if (!code) throw new PlacesImportError(file, `${where}: properties.adm4_psgc '${String(rawCode)}' is not a 10-digit PSGC code`);
    const geometry = feature.geometry;
    if (geometry === null || geometry === undefined) {
      withoutGeometry++;
      return;
    }
    if (!isObject(geometry) || !Array.isArray(geometry.coordinates)) {
      throw new PlacesImportError(file, `${where} (${code}): geometry has no coordinates`);
    }
    let point: { lat: number; lng: number; areaKm2: number | null } | null;
    if (geometry.type === 'Point') {
      const [lng, lat] = geometry.coordinates as unknown[];
      point = { ...checkPoint(file, `${where} (${code})`, finite(lat), finite(lng)), areaKm2: null };
    } else if (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') {
      const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as number[][][][];
      const valid = polygons.every(
        (p) => Array.isArray(p) && p.every((ring) => Array.isArray(ring) && ring.every((v) => Array.isArray(v) && finite(v[0]) !== null && finite(v[1]) !== null)),
      );
      if (!valid) throw new PlacesImportError(file, `${where} (${code}): ${geometry.type} coordinates are not [lng, lat] number pairs`);
      point = polygonCentroid(polygons);
      if (point) checkPoint(file, `${where} (${code})`, point.lat, point.lng);
    } else {
      throw new PlacesImportError(file, `${where} (${code}): geometry type '${String(geometry.type)}' is not Polygon, MultiPolygon or Point`);
    }
    if (!point) {
      withoutGeometry++;
      return;
    }
    // Prefer the source's own area (area_crs in m², from the full-resolution shape) to the simplified polygon's.
    const areaCrs = finite(props.area_crs);
    const areaKm2 = finite(props.area_km2);
    const area = areaCrs !== null && areaCrs > 0 ? areaCrs / 1e6 : areaKm2 !== null && areaKm2 > 0 ? areaKm2 : point.areaKm2;
    const name = props.adm4_en ?? props.name;
    records.push({
      code,
      name: typeof name === 'string' ? name : null,
      lat: point.lat,
      lng: point.lng,
      areaKm2: area !== null && area > 0 ? area : null,
    });
  });
  return { records, withoutGeometry };
}

/** Reads and checks a centroid file; the last record of a code wins. */
export async function readCentroidsFile(file: string): Promise<CentroidFile> {
  let body: string;
  try {
    body = await readFile(file, 'utf8');
  } catch (err) {
    const e = err as { code?: string; message?: string };
    throw new PlacesImportError(file, e.code === 'ENOENT' ? 'no such file' : `cannot be read: ${e.message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (err) {
    throw new PlacesImportError(file, `not valid JSON (${(err as Error).message})`);
  }
  let format: CentroidFile['format'];
  let records: CentroidRecord[];
  let withoutGeometry = 0;
  if (Array.isArray(data)) {
    format = 'json';
    records = readJsonArray(file, data);
  } else if (isObject(data) && data.type === 'FeatureCollection' && Array.isArray(data.features)) {
    format = 'geojson';
    ({ records, withoutGeometry } = readFeatureCollection(file, data.features));
  } else {
    throw new PlacesImportError(
      file,
      'expected a JSON array of {psgc, lat, lng, area_km2} or a GeoJSON FeatureCollection of barangay boundaries',
    );
  }
  if (!records.length) throw new PlacesImportError(file, 'holds no centroids');
  const unique = [...new Map(records.map((r) => [r.code, r])).values()];
  return { file, format, records: unique, withoutGeometry };
}

/**
 * Writes the centroids of the places whose codes exist (and of barangays recoded since the file was made,
 * see findRecodedBarangays), then gives every region, province, city,
 * municipality and sub-municipality that has no coordinates the mean of its barangays' centroids,
 * weighted by population when every one of them has a population. One transaction; a file that
 * matches no place at all is refused (the places are not loaded, or it is the wrong file).
 */
export async function applyCentroids(db: Database, input: CentroidFile): Promise<CentroidImportResult> {
  const started = Date.now();
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const matchedCodes = await writeCentroids(t, input.records);
    const recodes = await findRecodedBarangays(
      t,
      input.records.filter((r) => !matchedCodes.has(r.code)),
      new Set(input.records.map((r) => r.code)),
    );
    const recoded = (await writeCentroids(t, recodes)).size;
    if (matchedCodes.size + recoded === 0) {
      throw new PlacesImportError(
        input.file,
        `none of its ${input.records.length} codes is a known place; load the places first (PSGC import or a fresh start) or check the file`,
      );
    }
    const derived = await fillDerivedCentroids(t);
    return {
      file: input.file,
      format: input.format,
      records: input.records.length,
      matched: matchedCodes.size,
      recoded,
      unmatched: input.records.length - matchedCodes.size - recoded,
      withoutGeometry: input.withoutGeometry,
      derived,
      ms: Date.now() - started,
    };
  });
}

/** Writes centroids by code; answers the codes that exist. */
async function writeCentroids(db: Database, records: readonly CentroidRecord[]): Promise<Set<string>> {
  const matched = new Set<string>();
  for (let i = 0; i < records.length; i += WRITE_BATCH) {
    const batch = records.slice(i, i + WRITE_BATCH).map((r) => ({ code: r.code, lat: r.lat, lng: r.lng, area_km2: r.areaKm2 }));
    const result = await db.execute(sql`
      update places p
      set lat = v.lat, lng = v.lng, area_km2 = coalesce(v.area_km2, p.area_km2), updated_at = now()
      from json_to_recordset(${JSON.stringify(batch)}::json) as v(code text, lat double precision, lng double precision, area_km2 double precision)
      where p.code = v.code
      returning p.code`);
    for (const { code } of rowsOf<{ code: string }>(result)) matched.add(code);
  }
  return matched;
}

const normalName = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * For records whose code is unknown: the one barangay with the same last eight digits and the same name
 * under another region code, unless the file names that code itself. Answers the records re-coded.
 */
async function findRecodedBarangays(
  db: Database,
  unmatched: readonly CentroidRecord[],
  fileCodes: ReadonlySet<string>,
): Promise<CentroidRecord[]> {
  const named = unmatched.filter((r) => r.name);
  if (!named.length) return [];
  const suffixes = [...new Set(named.map((r) => r.code.slice(2)))];
  const result = await db.execute(sql`
    select code, name from places
    where level = 'barangay' and substr(code, 3) in (select json_array_elements_text(${JSON.stringify(suffixes)}::json))`);
  const bySuffix = new Map<string, { code: string; name: string }[]>();
  for (const row of rowsOf<{ code: string; name: string }>(result)) {
    if (fileCodes.has(row.code)) continue;
    const list = bySuffix.get(row.code.slice(2)) ?? [];
    list.push(row);
    bySuffix.set(row.code.slice(2), list);
  }
  const out = new Map<string, CentroidRecord>();
  const taken = new Set<string>();
  for (const r of named) {
    const hits = (bySuffix.get(r.code.slice(2)) ?? []).filter((p) => normalName(p.name) === normalName(r.name!));
    if (hits.length !== 1) continue;
    const target = hits[0].code;
    if (taken.has(target)) out.delete(target);
    else out.set(target, { ...r, code: target });
    taken.add(target);
  }
  return [...out.values()];
}

/** Centroids of the places above the barangays that have none, from their barangays' centroids. */
export async function fillDerivedCentroids(db: Database): Promise<Partial<Record<PlaceLevel, number>>> {
  const mean = (col: 'lat' | 'lng') =>
    sql.raw(
      `case when count(*) = count(population) and sum(population) > 0 then sum(${col} * population) / sum(population) else avg(${col}) end`,
    );
  const result = await db.execute(sql`
    with b as (
      select b.lat, b.lng, b.population, b.region_code, b.province_code, b.city_code as parent,
        case when s.level = 'submunicipality' then s.city_code end as grandparent
      from places b left join places s on s.code = b.city_code
      where b.level = 'barangay' and b.lat is not null and b.lng is not null
    ), agg as (
      select parent as code, ${mean('lat')} as lat, ${mean('lng')} as lng from b where parent is not null group by parent
      union all
      select grandparent, ${mean('lat')}, ${mean('lng')} from b where grandparent is not null group by grandparent
      union all
      select province_code, ${mean('lat')}, ${mean('lng')} from b where province_code is not null group by province_code
      union all
      select region_code, ${mean('lat')}, ${mean('lng')} from b where region_code is not null group by region_code
    )
    update places p set lat = agg.lat, lng = agg.lng, updated_at = now()
    from agg
    where p.code = agg.code and p.level <> 'barangay' and (p.lat is null or p.lng is null)
    returning p.level`);
  const derived: Partial<Record<PlaceLevel, number>> = {};
  for (const { level } of rowsOf<{ level: PlaceLevel }>(result)) derived[level] = (derived[level] ?? 0) + 1;
  return derived;
}

/** Reads a centroid or boundary file and fills lat, lng and areaKm2 of the places it names. */
export async function importCentroids(db: Database, file: string): Promise<CentroidImportResult> {
  return applyCentroids(db, await readCentroidsFile(file));
}

/**
 * Writes files already read and checked in one transaction: the workbook's places first, then each
 * centroid file in order (a later file wins). A failure leaves the database as it was.
 */
export async function writePlacesImport(
  db: Database,
  workbook: PsgcWorkbook | undefined,
  centroidFiles: readonly CentroidFile[],
): Promise<(PsgcImportResult | CentroidImportResult)[]> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const results: (PsgcImportResult | CentroidImportResult)[] = [];
    if (workbook) results.push(await upsertPsgcPlaces(t, workbook));
    for (const file of centroidFiles) results.push(await applyCentroids(t, file));
    return results;
  });
}

/** A short, human-readable account of an import, for the CLI and the logs. */
export function describeImport(result: PsgcImportResult | CentroidImportResult): string {
  const name = path.basename(result.file);
  if ('upserted' in result) {
    const levels = Object.entries(result.byLevel)
      .map(([level, n]) => `${n} ${level}`)
      .join(', ');
    return (
      `${name}: ${result.upserted} places upserted (${result.inserted} new, ${result.updated} updated; ${levels}); ` +
      `${result.skippedRows} grouping rows skipped; ${result.notInFile} places in the database are not in the file; ${result.ms} ms`
    );
  }
  const derived = Object.entries(result.derived)
    .map(([level, n]) => `${n} ${level}`)
    .join(', ');
  return (
    `${name} (${result.format}): ${result.records} centroids, ${result.matched} matched, ` +
    `${result.recoded} matched to recoded barangays, ${result.unmatched} unmatched` +
    (result.withoutGeometry ? `, ${result.withoutGeometry} features without geometry` : '') +
    `; derived centroids: ${derived || 'none needed'}; ${result.ms} ms`
  );
}
