import type { NearbyCategory } from '@app/domain';

/** The map legend's categories (the spec's map: barangays, malls, residential areas, schools, transport hubs, restaurants). */
export const AMENITY_CATEGORIES = ['barangay', 'mall', 'residential', 'school', 'transport', 'restaurant'] as const;
export type AmenityCategory = (typeof AMENITY_CATEGORIES)[number];

export interface AmenityCategoryRule {
  label: string;
  /** Where its points come from: the PSGC places (barangay centroids) or these imported OSM categories (modules/nearby). */
  from: 'places' | 'osm';
  osmCategories: readonly NearbyCategory[];
  /** Why a legend category has no data at all (not one of the imported OSM categories). */
  unavailable?: string;
}

/**
 * Legend category → data. The points of interest are OpenStreetMap features the nearby module imported
 * into its ten categories (osm-categories.ts); three of them are legend categories. OSM's residential
 * areas (landuse=residential) and transport hubs (public_transport=station, amenity=bus_station,
 * railway=station) are not among the imported categories, so those two legend entries have no points:
 * the answer says so rather than showing an empty map as "none here".
 *
 * | Legend | Source | OSM tags (through the nearby categories) |
 * |---|---|---|
 * | barangays | PSGC places: centroids of the barangays of the same city near the barangay | — |
 * | malls | nearby "malls" | shop=mall, shop=department_store, a retail/commercial building named "… Mall" |
 * | residential areas | none imported | (landuse=residential is not imported) |
 * | schools | nearby "schools" | amenity=school, college, university, kindergarten |
 * | transport hubs | none imported | (public_transport=station, amenity=bus_station, railway=station are not imported) |
 * | restaurants | nearby "restaurants" | amenity=restaurant, fast_food, cafe, food_court |
 */
export const AMENITY_CATEGORY_RULES: Readonly<Record<AmenityCategory, AmenityCategoryRule>> = {
  barangay: { label: 'Barangays', from: 'places', osmCategories: [] },
  mall: { label: 'Malls', from: 'osm', osmCategories: ['malls'] },
  residential: {
    label: 'Residential areas',
    from: 'osm',
    osmCategories: [],
    unavailable: 'Residential areas (OpenStreetMap landuse=residential) are not among the imported points of interest.',
  },
  school: { label: 'Schools', from: 'osm', osmCategories: ['schools'] },
  transport: {
    label: 'Transport hubs',
    from: 'osm',
    osmCategories: [],
    unavailable: 'Transport hubs (bus and jeepney terminals, rail stations) are not among the imported points of interest.',
  },
  restaurant: { label: 'Restaurants', from: 'osm', osmCategories: ['restaurants'] },
};

/** The OSM categories to ask the nearby module for. */
export const OSM_CATEGORIES_USED: NearbyCategory[] = [...new Set(Object.values(AMENITY_CATEGORY_RULES).flatMap((r) => r.osmCategories))];
