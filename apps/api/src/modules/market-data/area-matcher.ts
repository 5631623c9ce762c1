/**
 * Joins the area names of the public statistics files to PSGC codes. The tables name the same place in
 * different ways: "NATIONAL CAPITAL REGION", "National Capital Region (NCR)", "REGION I - ILOCOS REGION",
 * "Region I (Ilocos Region)", "NIR - NEGROS ISLAND REGION", "CARAGA"; "City of Manila", "Pasay City",
 * "City of Bacolod (Capital)", "BENGUET (Excluding City of Baguio)", "REGION XII - SOCCSKSARGEN2/"
 * (a PSA footnote mark), "  Pateros" (a municipality). Names are compared as letters and digits only,
 * without accents or case; cities as their name without "City of" / "City".
 */

/** A place as the matcher needs it (PlacesService.listAreas). */
export interface MatchPlace {
  code: string;
  name: string;
  level: string;
  regionCode: string | null;
}

export type StatAreaLevel = 'national' | 'region' | 'province' | 'city';

export type AreaMatch =
  | { ok: true; code: string; level: StatAreaLevel }
  /** `known`: a name the files carry on purpose that is not a PSGC place (counted as skipped, with the reason). */
  | { ok: false; known: boolean; reason: string };

/** Names in the files that are not PSGC places, skipped with a counted reason. */
export const NOT_PSGC_AREAS: readonly { pattern: RegExp; reason: string }[] = [
  { pattern: /^(areas outside (the )?(national capital region|ncr)|aoncr)\b/i, reason: 'Areas Outside NCR (AONCR) is a grouping of regions, not a place' },
  {
    pattern: /^maguindanao$/i,
    reason: 'Maguindanao was divided in 2022 into Maguindanao del Norte and Maguindanao del Sur; the PSGC has no such province now',
  },
];

const NATIONAL = /^philippines\b|^ph$/i;

/** The name as shown: spaces collapsed, PSA footnote marks ("2/", "1/") dropped. */
export function cleanAreaName(raw: string): string {
  return raw
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(\d\/)+$/, '')
    .trim();
}

/** Letters and digits only, lower case, without accents (Parañaque → paranaque). */
export const nameKey = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Without any parenthesis ("(Capital)", "(Excluding City of …)", also one left open). */
const withoutParens = (s: string) => s.replace(/\([^)]*\)?/g, ' ').replace(/\s+/g, ' ').trim();
const insideParens = (s: string) => [...s.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]);
const stripRegionWord = (k: string) => (k.endsWith('region') && k.length > 6 ? k.slice(0, -6) : k);

/** A city's key: its name without "City of" / "City" (Makati City, City of Makati → makati). */
const cityKey = (name: string) =>
  nameKey(
    withoutParens(name)
      .replace(/^city of\s+/i, '')
      .replace(/\s+city$/i, ''),
  );

function regionKeys(name: string): string[] {
  const clean = cleanAreaName(name);
  const parts = [clean, withoutParens(clean), ...insideParens(clean), ...clean.split(/\s+-\s+/)];
  const keys = new Set<string>();
  for (const p of parts) {
    const k = nameKey(p);
    if (!k) continue;
    keys.add(k);
    keys.add(stripRegionWord(k));
  }
  return [...keys];
}

function addTo<K>(map: Map<K, MatchPlace[]>, key: K, place: MatchPlace): void {
  const list = map.get(key);
  if (!list) map.set(key, [place]);
  else if (!list.some((p) => p.code === place.code)) list.push(place);
}

export class AreaMatcher {
  private readonly regions = new Map<string, MatchPlace[]>();
  private readonly provinces = new Map<string, MatchPlace[]>();
  private readonly cities = new Map<string, MatchPlace[]>();
  private readonly municipalities = new Map<string, MatchPlace[]>();

  constructor(places: readonly MatchPlace[]) {
    for (const p of places) {
      if (p.level === 'region') for (const k of regionKeys(p.name)) addTo(this.regions, k, p);
      else if (p.level === 'province') addTo(this.provinces, nameKey(withoutParens(p.name)), p);
      else if (p.level === 'city') addTo(this.cities, cityKey(p.name), p);
      else if (p.level === 'municipality') addTo(this.municipalities, nameKey(p.name), p);
    }
    if (!this.regions.size) throw new Error('No places to match area names against: load the PSGC places first (npm run import:places, or start the server once).');
  }

  /**
   * The PSGC code of a named area. `kind` narrows what the name may be (the file's level column);
   * `regionCode` (the region the row sits in) settles names several regions share.
   */
  match(raw: string, opts: { kind?: 'national' | 'region' | 'local'; regionCode?: string | null } = {}): AreaMatch {
    const name = cleanAreaName(raw);
    if (!name) return { ok: false, known: false, reason: 'empty area name' };
    for (const s of NOT_PSGC_AREAS) if (s.pattern.test(withoutParens(name)) || s.pattern.test(name)) return { ok: false, known: true, reason: s.reason };
    if (opts.kind !== 'region' && opts.kind !== 'local' && NATIONAL.test(name)) return { ok: true, code: 'PH', level: 'national' };
    if (opts.kind === 'national') return { ok: false, known: false, reason: `'${name}' is not the Philippines` };
    if (opts.kind !== 'local') {
      for (const k of regionKeys(name)) {
        const hit = this.pick(this.regions.get(k), null);
        if (hit) return { ok: true, code: hit.code, level: 'region' };
      }
      if (opts.kind === 'region') return { ok: false, known: false, reason: `no PSGC region is named like '${name}'` };
    }
    const local = withoutParens(name);
    const looksLikeCity = /\bcity\b/i.test(local);
    const asCity = () => this.pick(this.cities.get(cityKey(local)), opts.regionCode);
    const asProvince = () => this.pick(this.provinces.get(nameKey(local)), opts.regionCode);
    const asMunicipality = () => this.pick(this.municipalities.get(nameKey(local)), opts.regionCode);
    const order = looksLikeCity ? [asCity, asProvince, asMunicipality] : [asProvince, asCity, asMunicipality];
    for (const attempt of order) {
      const hit = attempt();
      if (hit) return { ok: true, code: hit.code, level: hit.level === 'province' ? 'province' : 'city' };
    }
    return { ok: false, known: false, reason: `no PSGC region, province, city or municipality is named like '${name}'` };
  }

  /** One place: the only candidate, or the only one in the given region. */
  private pick(list: MatchPlace[] | undefined, regionCode: string | null | undefined): MatchPlace | null {
    if (!list?.length) return null;
    if (list.length === 1) return list[0];
    if (!regionCode) return null;
    const inRegion = list.filter((p) => p.regionCode === regionCode);
    return inRegion.length === 1 ? inRegion[0] : null;
  }
}
