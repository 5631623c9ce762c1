import { NEARBY_CATEGORIES, type NearbyCategory } from '@app/domain';

export type OsmTags = Readonly<Record<string, string | undefined>>;

interface TagRule {
  key: string;
  values: readonly string[];
}

interface CategoryRule {
  tags: readonly TagRule[];
  /** Matches when the key has one of the values AND the name matches. */
  named?: readonly { key: string; values: readonly string[]; name: RegExp }[];
  /** Never matches when any of these holds (a purok is not a subdivision). */
  unless?: readonly TagRule[];
}

/**
 * Two more categories, imported for the market map's legend only (spec: "barangays, malls, residential
 * areas, schools, transport hubs, restaurants"): they are not nearby-area categories, so the public
 * nearby answers (which ask for the ten by name) never include them and the ten stay the spec's ten.
 */
export const MAP_LAYER_CATEGORIES = ['transport hubs', 'residential areas'] as const;
export type MapLayerCategory = (typeof MAP_LAYER_CATEGORIES)[number];
/** Every category a point of interest row can have: the spec's ten nearby categories, then the map layers. */
export type PoiCategory = NearbyCategory | MapLayerCategory;
export const POI_CATEGORIES: readonly PoiCategory[] = [...NEARBY_CATEGORIES, ...MAP_LAYER_CATEGORIES];

/**
 * Which OpenStreetMap tags make a feature one of the ten nearby-area categories.
 * `tag` rules match any of the listed values of a key; OSM's `;`-separated multi-values
 * (`amenity=restaurant;cafe`) count value by value.
 *
 * Choices worth knowing:
 * - restaurants include cafés, fast food and food courts (what a buyer means by "places to eat"), not bars or pubs.
 * - malls: `shop=mall|department_store`, or a retail/commercial building whose name says "Mall" — many
 *   Philippine malls are mapped only as `building=retail` or `building=commercial` ("SM City … Mall").
 * - hospitals include clinics (`amenity` or `healthcare` = hospital|clinic), not pharmacies or dentists.
 * - banks are branches only: `amenity=atm` is left out, an ATM is not a bank branch and there are many.
 * - government buildings: town/city halls, courthouses, police stations, `office=government`, `building=government`.
 * - warehouses: `building=warehouse`, `industrial=warehouse`, or an industrial area named "… Warehouse(s)".
 * - a feature tagged `disused=yes` or `abandoned=yes` is in no category.
 *
 * The two map layers (not nearby categories, see MAP_LAYER_CATEGORIES):
 * - transport hubs: stations and terminals, not stops: `public_transport=station`, `amenity=bus_station`,
 *   `railway=station|halt`, `amenity=ferry_terminal`. Philippine jeepney, UV Express and provincial bus
 *   terminals are mapped as `amenity=bus_station` (often with `public_transport=station`), or only as a
 *   building named "… Terminal" (`building=transportation|yes|roof|shed`); both count. Stops and platforms
 *   (`highway=bus_stop`, `public_transport=stop_position|platform`), roads named "Terminal Road" and
 *   industrial "terminals" (oil depots) do not. Airports (`aeroway=*`) are left out: few, far from homes,
 *   and the one in the Legazpi extract (Legazpi Airport) closed to flights in 2021 without OSM saying so.
 * - residential areas: what a buyer means by it on a map is a named subdivision or village, so a
 *   `landuse=residential` area counts only when it has a name (the unnamed ones are blocks of houses traced
 *   from imagery: ~85% of them in Legazpi, a point for each says nothing), and so does a named
 *   `place=neighbourhood` (how some subdivisions are mapped in Metro Manila). Puroks and sitios
 *   (`admin_type:PH=purok|sitio`, names "Purok 3") are parts of a barangay, not residential areas.
 *   Barangays (`admin_type:PH=barangay`) are the map's barangay layer, from the PSGC.
 *   A way or multipolygon is imported as one point: the mean of its nodes (see the importer).
 */
export const OSM_CATEGORY_RULES: Readonly<Record<PoiCategory, CategoryRule>> = {
  restaurants: { tags: [{ key: 'amenity', values: ['restaurant', 'fast_food', 'cafe', 'food_court'] }] },
  malls: {
    tags: [{ key: 'shop', values: ['mall', 'department_store'] }],
    named: [{ key: 'building', values: ['retail', 'commercial'], name: /\bmall\b/i }],
  },
  schools: { tags: [{ key: 'amenity', values: ['school', 'college', 'university', 'kindergarten'] }] },
  hospitals: {
    tags: [
      { key: 'amenity', values: ['hospital', 'clinic'] },
      { key: 'healthcare', values: ['hospital', 'clinic'] },
    ],
  },
  'gas stations': { tags: [{ key: 'amenity', values: ['fuel'] }] },
  hotels: { tags: [{ key: 'tourism', values: ['hotel', 'motel', 'guest_house', 'hostel'] }] },
  'government buildings': {
    tags: [
      { key: 'amenity', values: ['townhall', 'courthouse', 'police'] },
      { key: 'office', values: ['government'] },
      { key: 'building', values: ['government'] },
    ],
  },
  firestations: { tags: [{ key: 'amenity', values: ['fire_station'] }] },
  banks: { tags: [{ key: 'amenity', values: ['bank'] }] },
  warehouses: {
    tags: [
      { key: 'building', values: ['warehouse'] },
      { key: 'industrial', values: ['warehouse'] },
    ],
    named: [{ key: 'landuse', values: ['industrial'], name: /\bwarehouses?\b/i }],
  },
  'transport hubs': {
    tags: [
      { key: 'public_transport', values: ['station'] },
      { key: 'amenity', values: ['bus_station', 'ferry_terminal'] },
      { key: 'railway', values: ['station', 'halt'] },
    ],
    named: [{ key: 'building', values: ['transportation', 'yes', 'roof', 'shed'], name: /\bterminal\b/i }],
    unless: [{ key: 'aeroway', values: ['terminal', 'aerodrome'] }],
  },
  'residential areas': {
    tags: [],
    named: [
      { key: 'landuse', values: ['residential'], name: /\S/ },
      { key: 'place', values: ['neighbourhood'], name: /\S/ },
    ],
    unless: [{ key: 'admin_type:PH', values: ['purok', 'sitio', 'barangay'] }],
  },
};

/** Names of the parts of a barangay (Purok 3, Sitio Maligaya, Zone 5): not residential areas. */
const BARANGAY_PART = /^\s*(purok|sitio|zone)\b/i;

/** Every tag key any rule looks at; a feature with none of them can be skipped without further work. */
export const OSM_CATEGORY_KEYS: ReadonlySet<string> = new Set(
  Object.values(OSM_CATEGORY_RULES).flatMap((r) => [...r.tags.map((t) => t.key), ...(r.named ?? []).map((n) => n.key), ...(r.unless ?? []).map((t) => t.key)]),
);

const valuesOf = (raw: string | undefined): string[] =>
  raw ? raw.split(';').map((v) => v.trim().toLowerCase()).filter(Boolean) : [];

const hasValue = (tags: OsmTags, key: string, values: readonly string[]) =>
  valuesOf(tags[key]).some((v) => values.includes(v));

/**
 * The categories an OSM feature belongs to: the nearby categories in the spec's order, then the map
 * layers (transport hubs, residential areas); empty when none.
 */
export function categoriesOf(tags: OsmTags | null | undefined): PoiCategory[] {
  if (!tags) return [];
  if (tags.disused === 'yes' || tags.abandoned === 'yes') return [];
  return POI_CATEGORIES.filter((category) => {
    const rule = OSM_CATEGORY_RULES[category];
    if ((rule.unless ?? []).some((t) => hasValue(tags, t.key, t.values))) return false;
    if (rule.tags.some((t) => hasValue(tags, t.key, t.values))) return true;
    const name = tags.name ?? '';
    if (category === 'residential areas' && BARANGAY_PART.test(name)) return false;
    return (rule.named ?? []).some((n) => hasValue(tags, n.key, n.values) && n.name.test(name));
  });
}

/** Whether a category is one of the spec's ten nearby categories (not a map layer). */
export const isNearbyCategory = (c: string): c is NearbyCategory => (NEARBY_CATEGORIES as readonly string[]).includes(c);
