import { BadRequestException, Injectable } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { LRUCache } from 'lru-cache';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { LISTING_KINDS, LISTINGS_SOURCE, MARKET_MIN_SAMPLE, OSM_SOURCE, PSA_PSGC_SOURCE } from '@app/domain';
import type { PlaceRow } from '@app/db';
import { NearbyService, POI_ATTRIBUTION } from '../../nearby/nearby.service';
import type { PlaceDto } from '../../places/dto/place.dto';
import { PlacesService, type ResolvedAddress } from '../../places/places.service';
import { MarketListingsService } from '../listing-figures/market-listings.service';
import type { AreaStatsView, MarketOffer } from '../market-contracts';
import { AMENITY_CATEGORIES, AMENITY_CATEGORY_RULES, OSM_CATEGORIES_USED, type AmenityCategory } from './amenity-categories';
import { boxAround, haversineKm, round } from './geo';

/** apps/api/data/ (the same path from src/ and dist/). */
export const NCR_BOUNDARIES_FILE = path.resolve(__dirname, '..', '..', '..', '..', 'data', 'ncr-barangay-boundaries.json.gz');
export const BOUNDARIES_SOURCE = 'Barangay boundaries 2023: PSA/NAMRIA via faeldon/philippines-json-maps (MIT)';
export const NCR_REGION_CODE = '1300000000';
export const DEFAULT_AMENITY_RADIUS_KM = 2;
/** The nearby module searches boxes at most 0.2° wide each way (about 22 km). */
export const MAX_AMENITY_RADIUS_KM = 20;
/** Nearest points answered per category. */
export const AMENITY_NEAREST = 10;
/** How long a process keeps the barangays and cities the map has read (PSGC places change only on a re-import; as the reports' place cache). */
export const MAP_PLACE_CACHE_MS = 10 * 60 * 1000;
export const CHOROPLETH_METRICS = ['median_price_per_sqm', 'active_count'] as const;
export type ChoroplethMetric = (typeof CHOROPLETH_METRICS)[number];

const gunzipAsync = promisify(gunzip);

interface BoundaryFeature {
  type: 'Feature';
  properties: { adm4_psgc: string; name: string };
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown };
}
let boundaries: Promise<BoundaryFeature[]> | null = null;
/** The boundary file, read and parsed once, on the first map request (about 30 kB gzipped). */
export function ncrBoundaries(file = NCR_BOUNDARIES_FILE): Promise<BoundaryFeature[]> {
  if (!boundaries) {
    boundaries = readFile(file)
      .then((buf) => gunzipAsync(buf))
      .then((json) => (JSON.parse(json.toString('utf8')) as { features: BoundaryFeature[] }).features);
    boundaries.catch(() => (boundaries = null));
  }
  return boundaries;
}

export interface AmenityPoint {
  id: string;
  name: string | null;
  lat: number;
  lng: number;
  distanceKm: number;
}

export interface AmenityGroup {
  category: AmenityCategory;
  label: string;
  /** False when this legend category has no data source at all (see `note`). */
  available: boolean;
  /** Points in the search square (barangays: within the radius). */
  total: number;
  nearest: AmenityPoint[];
  source: string | null;
  note: string | null;
}

export interface AmenitiesView {
  barangay: { code: string; name: string; cityCode: string; cityName: string; lat: number; lng: number };
  radiusKm: number;
  /** 'imported': OSM points of interest exist around the barangay; 'none': none were imported for this area. */
  poiCoverage: 'imported' | 'none';
  poiAttribution: string;
  categories: AmenityGroup[];
  notes: string[];
}

export interface ChoroplethFeature {
  type: 'Feature';
  properties: {
    /** The 2023 PSGC code of the boundary. */
    code: string;
    name: string;
    /** The barangay's code in the app's places (4Q 2025 PSGC), or null when the 2023 code is not a current barangay. */
    currentCode: string | null;
    cityCode: string | null;
    value: number | null;
    /** The listings behind the value (price-per-m² sample, or the active count). */
    sample: number;
    computedAt: string | null;
  };
  geometry: BoundaryFeature['geometry'];
}

export interface ChoroplethView {
  type: 'FeatureCollection';
  features: ChoroplethFeature[];
  metric: ChoroplethMetric;
  offer: MarketOffer;
  kind: string;
  unit: 'php_per_sqm' | 'count';
  cityCode: string | null;
  source: string;
  boundarySource: string;
  granularity: 'barangay';
  period: string;
  minSample: number;
  min: number | null;
  max: number | null;
  notes: string[];
}

/** The market map's data: amenities near a barangay (points of interest, neighbouring barangays) and the Metro Manila choropleth. */
@Injectable()
export class MarketMapService {
  constructor(
    private readonly places: PlacesService,
    private readonly nearby: NearbyService,
    private readonly figures: MarketListingsService,
  ) {}

  /** Barangays resolved (code → address with centroid) and the barangays of a city, per process (see MAP_PLACE_CACHE_MS); failures are not kept. */
  private readonly addresses = new LRUCache<string, ResolvedAddress>({ max: 50_000, ttl: MAP_PLACE_CACHE_MS });
  private readonly barangaysOfCity = new LRUCache<string, PlaceDto[]>({ max: 2_000, ttl: MAP_PLACE_CACHE_MS });

  private async address(barangayCode: string): Promise<ResolvedAddress> {
    const hit = this.addresses.get(barangayCode);
    if (hit) return hit;
    const place = await this.places.resolveAddress({ barangayCode });
    this.addresses.set(barangayCode, place);
    return place;
  }

  private async cityBarangays(cityCode: string): Promise<PlaceDto[]> {
    const hit = this.barangaysOfCity.get(cityCode);
    if (hit) return hit;
    const rows = await this.places.listBarangays(cityCode);
    this.barangaysOfCity.set(cityCode, rows);
    return rows;
  }

  async amenities(barangayCode: string, radiusKm = DEFAULT_AMENITY_RADIUS_KM): Promise<AmenitiesView> {
    if (!Number.isFinite(radiusKm) || radiusKm <= 0 || radiusKm > MAX_AMENITY_RADIUS_KM) {
      throw new BadRequestException(`radiusKm must be a number above 0 and at most ${MAX_AMENITY_RADIUS_KM}`);
    }
    const place = await this.address(barangayCode);
    if (place.lat === null || place.lng === null) {
      throw new BadRequestException(`No centroid is on record for barangay '${barangayCode}' (${place.barangayName}): its map cannot be drawn`);
    }
    const centre = { lat: place.lat, lng: place.lng };
    const halfWidthDeg = Math.min(0.2, boxAround(centre.lat, radiusKm).dLat);
    const [groups, coverage, neighbours] = await Promise.all([
      this.nearby.placesOf({ ...centre, halfWidthDeg, limitPerCategory: AMENITY_NEAREST }, OSM_CATEGORIES_USED),
      this.nearby.coverage(centre.lat, centre.lng),
      this.cityBarangays(place.submunicipalityCode ?? place.cityCode),
    ]);
    const byOsm = new Map(groups.map((g) => [g.category, g]));
    const km = (m: number) => round(m / 1000, 2);
    const categories = AMENITY_CATEGORIES.map((category): AmenityGroup => {
      const rule = AMENITY_CATEGORY_RULES[category];
      if (rule.from === 'places') {
        const near = neighbours
          .filter((b) => b.code !== place.barangayCode && b.lat !== null && b.lng !== null)
          .map((b) => ({ id: b.code, name: b.name, lat: b.lat!, lng: b.lng!, distanceKm: round(haversineKm(centre, { lat: b.lat!, lng: b.lng! }), 2) }))
          .filter((b) => b.distanceKm <= radiusKm)
          .sort((a, b) => a.distanceKm - b.distanceKm || a.id.localeCompare(b.id));
        return {
          category,
          label: rule.label,
          available: true,
          total: near.length,
          nearest: near.slice(0, AMENITY_NEAREST),
          source: PSA_PSGC_SOURCE,
          note: `Centroids of the barangays of ${place.submunicipalityName ?? place.cityName} within ${radiusKm} km (barangays across the city line are not listed).`,
        };
      }
      const items = rule.osmCategories.flatMap((c) => byOsm.get(c)?.items ?? []);
      const total = rule.osmCategories.reduce((n, c) => n + (byOsm.get(c)?.total ?? 0), 0);
      return {
        category,
        label: rule.label,
        available: true,
        total,
        nearest: items
          .map((i) => ({ id: i._id, name: i.name, lat: i.lat, lng: i.lng, distanceKm: km(i.distanceMeters) }))
          .sort((a, b) => a.distanceKm - b.distanceKm)
          .slice(0, AMENITY_NEAREST),
        source: OSM_SOURCE,
        note: coverage === 'none' ? 'No points of interest were imported for this area.' : (rule.pointNote ?? null),
      };
    });
    const notes = [
      `Points of interest within a square of ±${radiusKm} km around the barangay's centroid (distances from the centroid), from OpenStreetMap as imported (${POI_ATTRIBUTION}).`,
      coverage === 'none'
        ? `No points of interest were imported around ${place.barangayName}, ${place.cityName}: the shipped OpenStreetMap data covers Legazpi City (Albay) only, so malls, schools, restaurants, transport hubs and residential areas are not shown here. That is missing data, not an absence of places.`
        : 'OpenStreetMap is mapped by volunteers: places may be missing or out of date.',
    ];
    return {
      barangay: { code: place.barangayCode, name: place.barangayName, cityCode: place.cityCode, cityName: place.cityName, ...centre },
      radiusKm,
      poiCoverage: coverage,
      poiAttribution: POI_ATTRIBUTION,
      categories,
      notes,
    };
  }

  /**
   * The barangays of a Metro Manila city (or all of Metro Manila) from the 2023 boundary file, each
   * with its listing figure: the median asking price per m² (null below MARKET_MIN_SAMPLE listings with
   * a size) or the number of active listings.
   */
  async barangayChoropleth(q: { cityCode?: string; metric?: ChoroplethMetric; offer?: MarketOffer; kind?: string }): Promise<ChoroplethView> {
    const metric = q.metric ?? 'median_price_per_sqm';
    const offer = q.offer ?? 'sale';
    const kind = q.kind ?? 'all';
    if (kind !== 'all' && !(LISTING_KINDS as readonly string[]).includes(kind)) {
      throw new BadRequestException(`kind must be all or one of: ${LISTING_KINDS.join(', ')}`);
    }
    let cityName: string | null = null;
    if (q.cityCode) {
      const city = await this.places.getPlace(q.cityCode).catch(() => null);
      if (!city || !['city', 'municipality'].includes(city.level) || city.regionCode !== NCR_REGION_CODE) {
        throw new BadRequestException(`city '${q.cityCode}' is not a city or municipality of Metro Manila (NCR): the map has Metro Manila's barangays only`);
      }
      cityName = city.name;
    }
    const all = await ncrBoundaries();
    const lookup = await this.places.preloadPlaces(all.map((f) => f.properties.adm4_psgc));
    const rows = new Map<string, PlaceRow>((await lookup.findByCodes(all.map((f) => f.properties.adm4_psgc))).map((r) => [r.code, r]));
    const current = (code: string) => {
      const row = rows.get(code);
      return row && row.level === 'barangay' ? row : null;
    };
    const cityOf = async (row: PlaceRow | null) => {
      if (!row?.cityCode) return null;
      const parent = (await lookup.findByCode(row.cityCode)) ?? null;
      return parent?.level === 'submunicipality' ? parent.cityCode : row.cityCode;
    };
    const chosen: { f: BoundaryFeature; row: PlaceRow | null; cityCode: string | null }[] = [];
    for (const f of all) {
      const row = current(f.properties.adm4_psgc);
      const cityCode = row ? await cityOf(row) : null;
      // a 2023 code no longer current: placed by its 2023 city block
      const inCity = !q.cityCode || (cityCode ? cityCode === q.cityCode : f.properties.adm4_psgc.slice(0, 7) === q.cityCode.slice(0, 7));
      if (inCity) chosen.push({ f, row, cityCode });
    }
    const stats = new Map<string, AreaStatsView>(
      (await this.figures.areaStatsMany(chosen.flatMap((c) => (c.row ? [c.row.code] : [])), offer, kind)).map((s) => [s.areaCode, s]),
    );
    let latest: string | null = null;
    const features: ChoroplethFeature[] = chosen.map(({ f, row, cityCode }) => {
      const s = row ? stats.get(row.code) : undefined;
      if (s && (!latest || s.computedAt > latest)) latest = s.computedAt;
      const { value, sample } = figureOf(metric, s);
      return {
        type: 'Feature',
        properties: { code: f.properties.adm4_psgc, name: f.properties.name, currentCode: row?.code ?? null, cityCode, value, sample, computedAt: s?.computedAt ?? null },
        geometry: f.geometry,
      };
    });
    const values = features.map((f) => f.properties.value).filter((v): v is number => v !== null);
    const notes = [
      metric === 'median_price_per_sqm'
        ? `Median asking ${offer === 'rent' ? 'monthly rent' : 'price'} per m² of the active listings; a barangay with fewer than ${MARKET_MIN_SAMPLE} listings with a size shows no figure.`
        : 'Listings on the market now.',
      "The City of Manila's barangays are not in the boundary file: the map has no polygons for Manila.",
      'Boundaries carry 2023 PSGC codes; a barangay recoded or moved since (e.g. the EMBO barangays, now in Taguig) has no current code and no figure.',
    ];
    if (!features.length) notes.push(`No barangay boundaries are on file for ${cityName ?? 'this city'}.`);
    return {
      type: 'FeatureCollection',
      features,
      metric,
      offer,
      kind,
      unit: metric === 'active_count' ? 'count' : 'php_per_sqm',
      cityCode: q.cityCode ?? null,
      source: LISTINGS_SOURCE,
      boundarySource: BOUNDARIES_SOURCE,
      granularity: 'barangay',
      period: latest ? `listings as of ${(latest as string).slice(0, 10)}` : 'no listing figures computed yet',
      minSample: MARKET_MIN_SAMPLE,
      min: values.length ? Math.min(...values) : null,
      max: values.length ? Math.max(...values) : null,
      notes,
    };
  }
}

/** The figure a barangay is shaded by, and the listings behind it; null below the minimum sample. */
export function figureOf(metric: ChoroplethMetric, s: AreaStatsView | undefined): { value: number | null; sample: number } {
  if (metric === 'active_count') return { value: s?.activeCount ?? 0, sample: s?.activeCount ?? 0 };
  const sample = s?.sqmSample ?? 0;
  return { value: sample >= MARKET_MIN_SAMPLE ? (s?.medianPricePerSqm ?? null) : null, sample };
}
