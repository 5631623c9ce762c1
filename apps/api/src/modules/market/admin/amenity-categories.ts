import type { PoiCategory } from '../../nearby/osm-categories';

/** The map legend's categories (the spec's map: barangays, malls, residential areas, schools, transport hubs, restaurants). */
export const AMENITY_CATEGORIES = ['barangay', 'mall', 'residential', 'school', 'transport', 'restaurant'] as const;
export type AmenityCategory = (typeof AMENITY_CATEGORIES)[number];

export interface AmenityCategoryRule {
  label: string;
  /** Where its points come from: the PSGC places (barangay centroids) or these imported OSM categories (modules/nearby). */
  from: 'places' | 'osm';
  osmCategories: readonly PoiCategory[];
  /** What a point stands for, when it is not a place itself (an area drawn at one point). */
  pointNote?: string;
}

/**
 * Legend category → data. The points of interest are OpenStreetMap features the nearby module imported:
 * three legend categories are nearby categories, two (residential areas, transport hubs) are the importer's
 * map layers, which the public nearby answers never include (osm-categories.ts has the tag rules and why).
 *
 * | Legend | Source | OSM tags |
 * |---|---|---|
 * | barangays | PSGC places: centroids of the barangays of the same city near the barangay | — |
 * | malls | nearby "malls" | shop=mall, shop=department_store, a retail/commercial building named "… Mall" |
 * | residential areas | map layer "residential areas" | named landuse=residential (subdivisions, villages), named place=neighbourhood; not puroks or sitios; one point per area (the mean of its nodes) |
 * | schools | nearby "schools" | amenity=school, college, university, kindergarten |
 * | transport hubs | map layer "transport hubs" | public_transport=station, amenity=bus_station (jeepney, UV Express, bus terminals), railway=station/halt, amenity=ferry_terminal, a building named "… Terminal" |
 * | restaurants | nearby "restaurants" | amenity=restaurant, fast_food, cafe, food_court |
 */
export const AMENITY_CATEGORY_RULES: Readonly<Record<AmenityCategory, AmenityCategoryRule>> = {
  barangay: { label: 'Barangays', from: 'places', osmCategories: [] },
  mall: { label: 'Malls', from: 'osm', osmCategories: ['malls'] },
  residential: {
    label: 'Residential areas',
    from: 'osm',
    osmCategories: ['residential areas'],
    pointNote: 'Named subdivisions and villages (OpenStreetMap landuse=residential with a name), each drawn at the middle of its mapped area; unnamed housing areas are not shown.',
  },
  school: { label: 'Schools', from: 'osm', osmCategories: ['schools'] },
  transport: {
    label: 'Transport hubs',
    from: 'osm',
    osmCategories: ['transport hubs'],
    pointNote: 'Bus, jeepney and UV Express terminals, rail stations and ferry terminals as mapped in OpenStreetMap (stops are not shown).',
  },
  restaurant: { label: 'Restaurants', from: 'osm', osmCategories: ['restaurants'] },
};

/** The OSM categories to ask the nearby module for. */
export const OSM_CATEGORIES_USED: PoiCategory[] = [...new Set(Object.values(AMENITY_CATEGORY_RULES).flatMap((r) => r.osmCategories))];
