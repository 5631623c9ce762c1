import { BadRequestException, Injectable } from '@nestjs/common';
import { buildPagination, type DevelopmentKind, type DevelopmentStatus, type Pagination } from '@app/domain';
import type { MarketDevelopmentRow } from '@app/db';
import { pageWindow } from '../../../common/http/page-query.dto';
import { PlacesService } from '../../places/places.service';
import { boxAround, haversineKm, round } from './geo';
import { MarketDevelopmentsRepository, type DevelopmentFilters } from './market-developments.repository';

/** A development project as the reports, the map and the console show it. */
export interface DevelopmentView {
  id: string;
  name: string;
  kind: DevelopmentKind;
  status: DevelopmentStatus;
  /** YYYY-MM-DD, or null when not announced. */
  expectedCompletion: string | null;
  lat: number;
  lng: number;
  barangayCode: string;
  cityCode: string;
  regionCode: string;
  /** From the barangay asked about (`near`); null in lists. */
  distanceKm: number | null;
  description: string;
  /** Where staff learned of it. */
  sourceNote: string;
  updatedAt: string;
}

export interface DevelopmentListQuery extends DevelopmentFilters {
  page?: number;
  limit?: number;
}

/** At most this many projects answer `near` (the nearest). */
export const NEAR_CAP = 200;
export const MAX_NEAR_RADIUS_KM = 50;

export function toDevelopmentView(row: MarketDevelopmentRow, distanceKm: number | null = null): DevelopmentView {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as DevelopmentKind,
    status: row.status as DevelopmentStatus,
    expectedCompletion: row.expectedCompletion ?? null,
    lat: row.lat,
    lng: row.lng,
    barangayCode: row.barangayCode,
    cityCode: row.cityCode,
    regionCode: row.regionCode,
    distanceKm,
    description: row.description,
    sourceNote: row.sourceNote,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Development projects staff record in the console (no dataset is shipped): read by the
 * "ongoing development" report and the map, written by admins (each write an event).
 */
@Injectable()
export class MarketDevelopmentsService {
  constructor(
    private readonly developments: MarketDevelopmentsRepository,
    private readonly places: PlacesService,
  ) {}

  /**
   * Projects within `radiusKm` of the barangay's centroid (else its city's), nearest first, each with
   * its distance in km. A 400 for a code that is not a known barangay.
   */
  async near(barangayCode: string, radiusKm = 5): Promise<DevelopmentView[]> {
    if (!Number.isFinite(radiusKm) || radiusKm <= 0 || radiusKm > MAX_NEAR_RADIUS_KM) {
      throw new BadRequestException(`radiusKm must be a number above 0 and at most ${MAX_NEAR_RADIUS_KM}`);
    }
    const place = await this.places.resolveAddress({ barangayCode });
    if (place.lat === null || place.lng === null) return [];
    const centre = { lat: place.lat, lng: place.lng };
    const rows = await this.developments.inBox({ ...centre, ...boxAround(centre.lat, radiusKm) }, NEAR_CAP);
    return rows
      .map((row) => ({ row, d: haversineKm(centre, row) }))
      .filter(({ d }) => d <= radiusKm)
      .sort((a, b) => a.d - b.d || a.row.id.localeCompare(b.row.id))
      .map(({ row, d }) => toDevelopmentView(row, round(d, 2)));
  }

  /** A page of projects (the most recently updated first), filtered by area and status. */
  async list(q: DevelopmentListQuery): Promise<{ items: DevelopmentView[]; pagination: Pagination }> {
    const window = pageWindow(q);
    const { rows, total } = await this.developments.list(
      { cityCode: q.cityCode, barangayCode: q.barangayCode, regionCode: q.regionCode, status: q.status },
      window,
    );
    return { items: rows.map((r) => toDevelopmentView(r)), pagination: buildPagination(total, rows.length, window.limit, window.skip) };
  }
}
