import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '@app/db';
import { rowsOf, WRITE_BATCH } from './psgc';

/**
 * The compact table of PSGC place statistics shipped with the API (`code,population,income_class,
 * urban_rural,city_class` per line, gzip): the 2024 population, income class, urban/rural (2020
 * census) and city class of every place in the PSA's 4Q-2025 publication datafile whose code is one of
 * the bundled places. The demographics report needs them on a machine where nobody ran
 * `npm run import:places -- --psgc …`. Regenerate it with `npm run places:compact-attributes --
 * <PSGC datafile.xlsx>` (`apps/api/src/compact-place-attributes.ts`). Source: Philippine Statistics
 * Authority (PSGC); resolves the same from `src/` (tests) and `dist/` (the server).
 */
export const COMPACT_ATTRIBUTES_FILE = path.resolve(__dirname, '../../../data/psgc-place-attributes.csv.gz');

const HEADER = 'code,population,income_class,urban_rural,city_class';

export interface PlaceAttributesRecord {
  code: string;
  population: number | null;
  incomeClass: string | null;
  urbanRural: string | null;
  cityClass: string | null;
}

/** A field of the table: commas and line breaks never occur in PSA's class labels; refuse them anyway. */
const field = (v: string | null) => {
  if (v == null) return '';
  if (/[,\n\r]/.test(v)) throw new Error(`A place attribute holds a comma or a line break: ${JSON.stringify(v)}`);
  return v;
};

/** Reads the compact table; an absent file answers no records. */
export function readCompactAttributes(file = COMPACT_ATTRIBUTES_FILE): PlaceAttributesRecord[] {
  if (!existsSync(file)) return [];
  const out: PlaceAttributesRecord[] = [];
  for (const line of gunzipSync(readFileSync(file)).toString('utf8').split('\n')) {
    if (!line || line === HEADER) continue;
    const [code, population, incomeClass, urbanRural, cityClass] = line.split(',');
    out.push({
      code,
      population: population ? Number(population) : null,
      incomeClass: incomeClass || null,
      urbanRural: urbanRural || null,
      cityClass: cityClass || null,
    });
  }
  return out;
}

/**
 * Writes the statistics of every place that has any (of `onlyCodes` when given: the bundled places'
 * codes, since rows only the datafile has would never match at load) to the compact table.
 */
export async function writeCompactAttributes(db: Database, file = COMPACT_ATTRIBUTES_FILE, onlyCodes?: ReadonlySet<string>): Promise<number> {
  const rows = rowsOf<{ code: string; population: number | null; income_class: string | null; urban_rural: string | null; city_class: string | null }>(
    await db.execute(sql`select code, population, income_class, urban_rural, city_class from places
      where population is not null or income_class is not null or urban_rural is not null or city_class is not null
      order by code`),
  );
  const kept = onlyCodes ? rows.filter((r) => onlyCodes.has(r.code)) : rows;
  const body = [HEADER, ...kept.map((r) => [r.code, r.population ?? '', field(r.income_class), field(r.urban_rural), field(r.city_class)].join(','))];
  writeFileSync(file, gzipSync(`${body.join('\n')}\n`, { level: 9 }));
  return kept.length;
}

/** Serialises concurrent first starts (an api and a worker process on one fresh database). */
const LOAD_LOCK = sql`select pg_advisory_xact_lock(7406153203)`;

const hasStatistics = async (db: Database) => rowsOf(await db.execute(sql`select 1 from places where population is not null limit 1`)).length > 0;

/**
 * Gives the bundled places their PSA statistics from the compact table when no place has any yet (an
 * import of the PSGC datafile wins and is never overwritten). Idempotent and cheap once done (one
 * query); answers the number of places updated, 0 when nothing was done.
 */
export async function loadReferenceAttributes(db: Database, records = readCompactAttributes()): Promise<number> {
  if (!records.length || (await hasStatistics(db))) return 0;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.execute(LOAD_LOCK);
    if (await hasStatistics(t)) return 0;
    let updated = 0;
    for (let i = 0; i < records.length; i += WRITE_BATCH) {
      const batch = records.slice(i, i + WRITE_BATCH).map((r) => ({
        code: r.code,
        population: r.population,
        income_class: r.incomeClass,
        urban_rural: r.urbanRural,
        city_class: r.cityClass,
      }));
      const result = await t.execute(sql`
        update places p set population = v.population, income_class = v.income_class, urban_rural = v.urban_rural,
          city_class = v.city_class, updated_at = now()
        from json_to_recordset(${JSON.stringify(batch)}::json)
          as v(code text, population integer, income_class text, urban_rural text, city_class text)
        where p.code = v.code
        returning p.code`);
      updated += rowsOf(result).length;
    }
    return updated;
  });
}
