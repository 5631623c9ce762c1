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
}

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
 */
export const OSM_CATEGORY_RULES: Readonly<Record<NearbyCategory, CategoryRule>> = {
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
};

/** Every tag key any rule looks at; a feature with none of them can be skipped without further work. */
export const OSM_CATEGORY_KEYS: ReadonlySet<string> = new Set(
  Object.values(OSM_CATEGORY_RULES).flatMap((r) => [...r.tags.map((t) => t.key), ...(r.named ?? []).map((n) => n.key)]),
);

const valuesOf = (raw: string | undefined): string[] =>
  raw ? raw.split(';').map((v) => v.trim().toLowerCase()).filter(Boolean) : [];

const hasValue = (tags: OsmTags, key: string, values: readonly string[]) =>
  valuesOf(tags[key]).some((v) => values.includes(v));

/** The nearby categories an OSM feature belongs to, in the spec's order; empty when none. */
export function categoriesOf(tags: OsmTags | null | undefined): NearbyCategory[] {
  if (!tags) return [];
  if (tags.disused === 'yes' || tags.abandoned === 'yes') return [];
  return NEARBY_CATEGORIES.filter((category) => {
    const rule = OSM_CATEGORY_RULES[category];
    if (rule.tags.some((t) => hasValue(tags, t.key, t.values))) return true;
    const name = tags.name ?? '';
    return (rule.named ?? []).some((n) => hasValue(tags, n.key, n.values) && n.name.test(name));
  });
}
