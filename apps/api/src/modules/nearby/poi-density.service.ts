import { Injectable } from '@nestjs/common';
import { POI_COVERAGE_HALF_WIDTH_DEG } from './nearby.service';
import { PoiDensityRepository } from './poi-density.repository';

/** The radius of the amenity count (a barangay's "amenities" feature in the similar-areas report). */
export const POI_DENSITY_RADIUS_M = 1000;
/** Centres counted per statement (the similar-areas table of a region has up to a few thousand barangays). */
const CHUNK = 2_000;

export interface PoiDensityCentreInput {
  code: string;
  lat: number | null;
  lng: number | null;
}

/**
 * How many points of interest lie around places, for rankings that compare areas (e.g. the similar
 * barangays of a region): the places of the ten nearby categories (restaurants, malls, schools,
 * hospitals, …; not the map layers) within POI_DENSITY_RADIUS_M of each centre, a place in two
 * categories counted once. Null where no points of interest were imported around the centre (the
 * same coverage rule as the nearby answers: nothing of any category within POI_COVERAGE_HALF_WIDTH_DEG)
 * or the centre is unknown: missing data, not "no amenities".
 */
@Injectable()
export class PoiDensityService {
  constructor(private readonly repo: PoiDensityRepository) {}

  async countsAround(centres: readonly PoiDensityCentreInput[], radiusM = POI_DENSITY_RADIUS_M): Promise<Map<string, number | null>> {
    const out = new Map<string, number | null>(centres.map((c) => [c.code, null]));
    const known = centres
      .filter((c): c is { code: string; lat: number; lng: number } => Number.isFinite(c.lat) && Number.isFinite(c.lng))
      .map(({ code, lat, lng }) => ({ code, lat, lng }));
    for (let i = 0; i < known.length; i += CHUNK) {
      for (const r of await this.repo.countAround(known.slice(i, i + CHUNK), radiusM, POI_COVERAGE_HALF_WIDTH_DEG)) out.set(r.code, r.covered ? r.count : null);
    }
    return out;
  }
}
