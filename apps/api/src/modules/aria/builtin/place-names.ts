/**
 * Place names for the built-in assistant: the PSGC regions, provinces, cities and municipalities (and
 * barangays, for the words after "in", "near", "sa", "at") matched against a question, with the
 * aliases people use (Makati, QC, Metro Manila, BGC, Cebu IT Park). Pure: the rows come from the caller.
 */

/** A place as the index needs it (a subset of the places table's row). */
export interface PlaceNameRow {
  code: string;
  name: string;
  level: string;
  cityCode: string | null;
  provinceCode?: string | null;
  regionCode?: string | null;
}

/** A place found in a question. `confident`: one place has this name (pass placeCode); else pass placeName. */
export interface PlaceMatch {
  code: string;
  name: string;
  level: string;
  /** The words of the question that named it, as written. */
  phrase: string;
  confident: boolean;
  /** A landmark alias (IT Park, BGC): its words also go to the semantic text. */
  landmark?: string;
  /** Character span of the phrase in the question. */
  start: number;
  end: number;
}

/** Lower case, no accents (Parañaque → paranaque), letters and digits only, single spaces. */
export function normalizePlace(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The keys a PSGC name is known by: as written, without "City of"/"City", the words in brackets. */
export function placeKeys(name: string): Array<{ key: string; exact: boolean }> {
  const keys: Array<{ key: string; exact: boolean }> = [{ key: normalizePlace(name), exact: true }];
  const bracket = /\(([^)]+)\)/.exec(name);
  const bare = name.replace(/\([^)]*\)/g, ' ');
  const add = (k: string, exact = false) => {
    const n = normalizePlace(k);
    if (n && !keys.some((x) => x.key === n)) keys.push({ key: n, exact });
  };
  add(bare, true);
  if (bracket) add(bracket[1], true);
  const n = normalizePlace(bare);
  if (n.startsWith('city of ')) add(n.slice(8));
  if (n.endsWith(' city')) add(n.slice(0, -5));
  if (/^island garden city of /.test(n)) add(n.replace(/^island garden city of /, ''));
  if (/^science city of /.test(n)) add(n.replace(/^science city of /, ''));
  return keys;
}

/** Aliases: the words people use → the PSGC name (and level, and the city it is in for a barangay). */
const ALIASES: Array<{ alias: string[]; name: string; level: string; inCity?: string; landmark?: string }> = [
  { alias: ['metro manila', 'ncr', 'national capital region', 'kamaynilaan'], name: 'ncr', level: 'region' },
  { alias: ['qc', 'quezon city', 'kyusi'], name: 'quezon', level: 'city' },
  { alias: ['bgc', 'bonifacio global city', 'fort bonifacio', 'the fort', 'global city'], name: 'fort bonifacio', level: 'barangay', inCity: 'taguig', landmark: 'BGC' },
  { alias: ['cebu it park', 'it park', 'cebu i t park', 'asiatown it park'], name: 'apas', level: 'barangay', inCity: 'cebu', landmark: 'IT Park' },
  { alias: ['cebu business park'], name: 'luz', level: 'barangay', inCity: 'cebu', landmark: 'Cebu Business Park' },
  { alias: ['makati cbd', 'makati central business district', 'ayala avenue'], name: 'makati', level: 'city' },
  { alias: ['ortigas', 'ortigas center'], name: 'pasig', level: 'city', landmark: 'Ortigas' },
  { alias: ['alabang', 'filinvest city'], name: 'alabang', level: 'barangay', inCity: 'muntinlupa', landmark: 'Alabang' },
  { alias: ['eastwood', 'eastwood city'], name: 'bagumbayan', level: 'barangay', inCity: 'quezon', landmark: 'Eastwood' },
  { alias: ['salcedo village'], name: 'bel air', level: 'barangay', inCity: 'makati', landmark: 'Salcedo Village' },
  { alias: ['legaspi village', 'legazpi village'], name: 'san lorenzo', level: 'barangay', inCity: 'makati', landmark: 'Legaspi Village' },
  { alias: ['rockwell', 'rockwell center'], name: 'poblacion', level: 'barangay', inCity: 'makati', landmark: 'Rockwell' },
  { alias: ['cdo'], name: 'cagayan de oro', level: 'city' },
  { alias: ['gensan'], name: 'general santos', level: 'city' },
  { alias: ['lapu lapu', 'lapulapu', 'mactan'], name: 'lapu lapu', level: 'city' },
  { alias: ['davao'], name: 'davao', level: 'city' },
  { alias: ['manila'], name: 'manila', level: 'city' },
];

/** Single words that are place names but mostly mean something else in a question. */
const COMMON_WORDS = new Set([
  'real', 'bay', 'buy', 'sale', 'rent', 'lot', 'house', 'condo', 'market', 'good', 'fair', 'price', 'best', 'new', 'old', 'home',
  'union', 'progress', 'liberty', 'victory', 'may', 'san', 'santa', 'bago', 'of', 'the', 'city', 'region', 'province', 'town',
  'central', 'north', 'south', 'east', 'west', 'poblacion', 'proper', 'centro', 'bagong', 'pag', 'ibig', 'bank', 'lupa', 'bahay',
  'mabuhay', 'paradise', 'pinagsama', 'malinis', 'masagana', 'maligaya', 'magsaysay', 'rizal', 'luna', 'mabini', 'bonifacio', 'aurora',
  'plaridel', 'president', 'quezon', 'general', 'tabuk', 'oras', 'buenavista', 'pura', 'rosario', 'it', 'park', 'business', 'loan',
]);
/** Levels ranked when one name has places at several levels (Quezon the province before Quezon the town). */
const LEVEL_RANK: Record<string, number> = { region: 0, province: 1, city: 2, submunicipality: 3, municipality: 4, barangay: 5 };
const PREPOSITION = /(?:^|\s)(?:in|near|sa|at|around|within|inside|from|of|taga|malapit sa|nasa)\s*$/i;

interface Entry {
  row: PlaceNameRow;
  exact: boolean;
  landmark?: string;
}

/** The names of regions, provinces, cities and municipalities (and, given, barangays) by their keys. */
export class PlaceNameIndex {
  private readonly areas = new Map<string, Entry[]>();
  private readonly barangays = new Map<string, Entry[]>();
  private readonly maxWords = 6;
  /** The level of each region … municipality by code (to prefer a city's barangay over a town's). */
  private readonly areaLevel = new Map<string, string>();

  constructor(areaRows: readonly PlaceNameRow[], barangayRows: readonly PlaceNameRow[] = []) {
    for (const row of areaRows) {
      this.areaLevel.set(row.code, row.level);
      for (const k of placeKeys(row.name)) push(this.areas, k.key, { row, exact: k.exact });
    }
    for (const row of barangayRows) push(this.barangays, normalizePlace(row.name), { row, exact: true });
    // aliases point at the rows they name (so the codes are the database's)
    const cities = (key: string) => (this.areas.get(key) ?? []).filter((e) => e.row.level === 'city' || e.row.level === 'municipality');
    for (const a of ALIASES) {
      let targets: PlaceNameRow[];
      if (a.level === 'barangay') {
        const cityCodes = new Set(cities(a.inCity ?? '').map((e) => e.row.code));
        targets = (this.barangays.get(a.name) ?? []).map((e) => e.row).filter((r) => r.cityCode && cityCodes.has(r.cityCode));
      } else {
        targets = (this.areas.get(a.name) ?? []).map((e) => e.row).filter((r) => r.level === a.level);
      }
      if (targets.length !== 1) continue;
      for (const alias of a.alias) {
        const list = a.level === 'barangay' ? this.barangays : this.areas;
        const key = normalizePlace(alias);
        const others = (list.get(key) ?? []).filter((e) => e.row.code !== targets[0].code);
        list.set(key, [{ row: targets[0], exact: true, landmark: a.landmark }, ...others.map((e) => ({ ...e, exact: false }))]);
        // barangay landmarks are also found in the area pass (they name a place people know)
        if (a.level === 'barangay') this.areas.set(key, [{ row: targets[0], exact: true, landmark: a.landmark }]);
      }
    }
  }

  get hasBarangays(): boolean {
    return this.barangays.size > 0;
  }

  /** The place a question names, or null. */
  match(question: string): PlaceMatch | null {
    const tokens = tokenize(question);
    const found = this.scan(question, tokens, this.areas, (entries, from, to) => this.acceptArea(question, tokens, entries, from, to));
    if (found) {
      // a barangay named next to its city ("Lahug, Cebu City") is more precise
      if ((found.level === 'city' || found.level === 'municipality' || found.level === 'submunicipality') && this.barangays.size) {
        const inCity = this.scan(question, tokens, this.barangays, (entries, from, to) => {
          const here = entries.filter((e) => e.row.cityCode === found.code);
          if (here.length !== 1 || COMMON_WORDS.has(normalizePlace(spanText(question, tokens, from, to)))) return null;
          return here;
        });
        if (inCity && !overlaps(inCity, found)) return inCity;
      }
      return found;
    }
    if (!this.barangays.size) return null;
    // no region, province or city: a barangay named right after "in", "near", "sa", "at"
    return this.scan(question, tokens, this.barangays, (entries, from) => {
      if (!PREPOSITION.test(question.slice(0, tokens[from].start))) return null;
      return entries;
    });
  }

  private acceptArea(question: string, tokens: Token[], entries: Entry[], from: number, to: number): Entry[] | null {
    const words = to - from;
    const phrase = spanText(question, tokens, from, to);
    const key = normalizePlace(phrase);
    if (entries.some((e) => e.landmark)) return entries.filter((e) => e.landmark);
    if (words === 1 && COMMON_WORDS.has(key)) {
      // "Quezon", "Rizal": only after a preposition and capitalised
      if (!(PREPOSITION.test(question.slice(0, tokens[from].start)) && /^[A-Z]/.test(phrase))) return null;
    }
    if (words === 1 && key.length < 3) return entries.some((e) => e.exact && e.row.level !== 'municipality') ? entries : null;
    const capitalised = /^[A-Z]/.test(phrase) || phrase === phrase.toUpperCase();
    const afterPreposition = PREPOSITION.test(question.slice(0, tokens[from].start));
    // a town's name is a common word more often than a province's or city's: ask for a capital or a preposition
    const kept = entries.filter((e) => (e.row.level !== 'municipality' && e.row.level !== 'barangay') || capitalised || afterPreposition);
    return kept.length ? kept : null;
  }

  /** Every place name in the question (longest at each position, not overlapping), in order. */
  private scanAll(
    tokens: Token[],
    map: Map<string, Entry[]>,
    accept: (entries: Entry[], from: number, to: number) => Entry[] | null,
  ): Array<{ entries: Entry[]; from: number; to: number }> {
    const found: Array<{ entries: Entry[]; from: number; to: number }> = [];
    for (let from = 0; from < tokens.length; from++) {
      for (let to = Math.min(tokens.length, from + this.maxWords); to > from; to--) {
        const entries = map.get(tokens.slice(from, to).map((t) => t.norm).join(' '));
        if (!entries?.length) continue;
        const kept = accept(entries, from, to);
        if (!kept?.length) continue;
        found.push({ entries: kept, from, to });
        from = to - 1;
        break;
      }
    }
    return found;
  }

  private scan(
    question: string,
    tokens: Token[],
    map: Map<string, Entry[]>,
    accept: (entries: Entry[], from: number, to: number) => Entry[] | null,
  ): PlaceMatch | null {
    const all = this.scanAll(tokens, map, accept);
    if (!all.length) return null;
    // two names where one is inside the other ("San Jose, Batangas", "Quezon, Bukidnon"): the inner place
    for (const a of all) {
      for (const b of all) {
        if (a === b) continue;
        const outer = new Set(b.entries.map((e) => e.row.code));
        const inside = a.entries.filter((e) => (e.row.provinceCode && outer.has(e.row.provinceCode)) || (e.row.cityCode && outer.has(e.row.cityCode)));
        if (inside.length === 1) return this.toMatch(question, tokens, { entries: inside, from: a.from, to: a.to });
      }
    }
    const matches = all.map((m) => this.toMatch(question, tokens, m));
    // the longest name; among equals, a name only one place has
    return matches.reduce((best, m) => {
      const len = (x: PlaceMatch) => x.end - x.start;
      if (best.confident !== m.confident) return best.confident ? best : m;
      return len(m) > len(best) ? m : best;
    });
  }

  private toMatch(question: string, tokens: Token[], best: { entries: Entry[]; from: number; to: number }): PlaceMatch {
    // exact names before derived ones ("Cebu" the province before "Cebu City" read as "Cebu"), then by level
    const exact = best.entries.some((e) => e.exact) ? best.entries.filter((e) => e.exact) : best.entries;
    const topRank = Math.min(...exact.map((e) => LEVEL_RANK[e.row.level] ?? 9));
    let top = exact.filter((e) => (LEVEL_RANK[e.row.level] ?? 9) === topRank);
    // a barangay name found in several places: the one in a city, when only one is (Lahug of Cebu City, not of a town)
    if (top.length > 1 && topRank === LEVEL_RANK.barangay) {
      const inCity = top.filter((e) => e.row.cityCode && this.areaLevel.get(e.row.cityCode) === 'city');
      if (inCity.length === 1) top = inCity;
    }
    const chosen = top[0];
    const start = tokens[best.from].start;
    const end = tokens[best.to - 1].end;
    return {
      code: chosen.row.code,
      name: chosen.row.name,
      level: chosen.row.level,
      phrase: question.slice(start, end),
      confident: new Set(top.map((e) => e.row.code)).size === 1,
      landmark: chosen.landmark,
      start,
      end,
    };
  }
}

interface Token {
  norm: string;
  start: number;
  end: number;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const norm = normalizePlace(m[0]);
    if (norm) tokens.push({ norm, start: m.index!, end: m.index! + m[0].length });
  }
  return tokens;
}

function spanText(text: string, tokens: Token[], from: number, to: number): string {
  return text.slice(tokens[from].start, tokens[to - 1].end);
}

function overlaps(a: PlaceMatch, b: PlaceMatch): boolean {
  return a.start < b.end && b.start < a.end;
}

function push(map: Map<string, Entry[]>, key: string, entry: Entry) {
  const list = map.get(key);
  if (!list) map.set(key, [entry]);
  else if (!list.some((e) => e.row.code === entry.row.code)) list.push(entry);
}
