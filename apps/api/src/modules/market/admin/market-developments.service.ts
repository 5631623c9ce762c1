import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { buildPagination, type DevelopmentKind, type DevelopmentStatus, type Pagination } from '@app/domain';
import type { MarketDevelopmentRow } from '@app/db';
import type { AuthUser } from '../../../common/auth/auth-user';
import { Transactions } from '../../../common/db/transactions';
import { EventsService } from '../../../common/events/events.service';
import { pageWindow } from '../../../common/http/page-query.dto';
import { PlacesService } from '../../places/places.service';
import type { SaveDevelopmentDto } from './dto/market-admin.dto';
import { boxAround, haversineKm, insidePhilippines, PH_BOUNDS, round } from './geo';
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
  /** Names of the barangay and city as the places know them (null when the code is not on record). */
  barangayName: string | null;
  cityName: string | null;
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

const NOT_FOUND = 'Development project not found';

/** A real calendar date written YYYY-MM-DD, between 1990 and 2100. */
function isoDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : null;
  if (!m || !d || d.getUTCMonth() !== +m[2] - 1 || d.getUTCDate() !== +m[3] || +m[1] < 1990 || +m[1] > 2100) {
    throw new BadRequestException('expectedCompletion must be a date (YYYY-MM-DD) between 1990 and 2100');
  }
  return value;
}

/** Plain text as stored: control characters other than line breaks and tabs dropped, line ends normalised. */
const plainText = (s: string) =>
  [...s.replace(/\r\n?/g, '\n')]
    .filter((ch) => {
      const c = ch.charCodeAt(0);
      return c === 9 || c === 10 || (c >= 32 && c !== 127);
    })
    .join('')
    .trim();

/** At most this many projects answer `near` (the nearest). */
export const NEAR_CAP = 200;
export const MAX_NEAR_RADIUS_KM = 50;

export function toDevelopmentView(row: MarketDevelopmentRow, distanceKm: number | null = null, names: ReadonlyMap<string, string> = new Map()): DevelopmentView {
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
    barangayName: names.get(row.barangayCode) ?? null,
    cityName: names.get(row.cityCode) ?? null,
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
    private readonly transactions: Transactions,
    private readonly events: EventsService,
  ) {}

  async get(id: string): Promise<DevelopmentView> {
    const row = await this.developments.findById(id);
    if (!row) throw new NotFoundException(NOT_FOUND);
    return toDevelopmentView(row, null, await this.namesOf([row]));
  }

  /** The names of the projects' barangays and cities, in one read of the places. */
  private async namesOf(rows: readonly MarketDevelopmentRow[]): Promise<Map<string, string>> {
    const codes = [...new Set(rows.flatMap((r) => [r.barangayCode, r.cityCode]))];
    if (!codes.length) return new Map();
    const lookup = await this.places.preloadPlaces(codes);
    return new Map((await lookup.findByCodes(codes)).map((p) => [p.code, p.name]));
  }

  /** Records a project (admins): its city and region from the barangay, its point the barangay's centroid unless given. */
  async create(caller: AuthUser, dto: SaveDevelopmentDto): Promise<DevelopmentView> {
    const values = await this.checked(dto);
    const row = await this.transactions.run(async () => {
      const row = await this.developments.insert({ ...values, createdById: caller.id });
      await this.saved(caller, row, true);
      return row;
    });
    return toDevelopmentView(row, null, await this.namesOf([row]));
  }

  /** Replaces a project's details. */
  async update(caller: AuthUser, id: string, dto: SaveDevelopmentDto): Promise<DevelopmentView> {
    const values = await this.checked(dto);
    const row = await this.transactions.run(async () => {
      const row = await this.developments.update(id, values);
      if (!row) throw new NotFoundException(NOT_FOUND);
      await this.saved(caller, row, false);
      return row;
    });
    return toDevelopmentView(row, null, await this.namesOf([row]));
  }

  async remove(caller: AuthUser, id: string): Promise<void> {
    await this.transactions.run(async () => {
      const row = await this.developments.remove(id);
      if (!row) throw new NotFoundException(NOT_FOUND);
      await this.events.publish({
        type: 'market.development_removed',
        actorId: caller.id,
        entity: { kind: 'development', id: row.id },
        data: { developmentId: row.id, name: row.name },
      });
    });
  }

  private async saved(caller: AuthUser, row: MarketDevelopmentRow, created: boolean): Promise<void> {
    await this.events.publish({
      type: 'market.development_saved',
      actorId: caller.id,
      entity: { kind: 'development', id: row.id },
      data: { developmentId: row.id, name: row.name, barangayCode: row.barangayCode, created },
    });
  }

  /** The row's values from a request, every rule checked (a 400 naming the field). */
  private async checked(dto: SaveDevelopmentDto) {
    const expectedCompletion = dto.expectedCompletion ? isoDate(dto.expectedCompletion) : null;
    if ((dto.lat === undefined) !== (dto.lng === undefined)) {
      throw new BadRequestException("Give lat and lng together, or neither (the barangay's centroid is used)");
    }
    if (dto.lat !== undefined && dto.lng !== undefined && !insidePhilippines(dto.lat, dto.lng)) {
      throw new BadRequestException(
        `lat/lng ${dto.lat}, ${dto.lng} is outside the Philippines (latitude ${PH_BOUNDS.minLat} to ${PH_BOUNDS.maxLat}, longitude ${PH_BOUNDS.minLng} to ${PH_BOUNDS.maxLng})`,
      );
    }
    const place = await this.places.resolveAddress({ barangayCode: dto.barangayCode });
    const lat = dto.lat ?? place.lat;
    const lng = dto.lng ?? place.lng;
    if (lat === null || lng === null) {
      throw new BadRequestException(`No centroid is on record for barangayCode '${dto.barangayCode}' (${place.barangayName}): give lat and lng`);
    }
    return {
      name: dto.name,
      kind: dto.kind,
      status: dto.status,
      expectedCompletion,
      barangayCode: place.barangayCode,
      cityCode: place.cityCode,
      regionCode: place.regionCode,
      lat: round(lat, 6),
      lng: round(lng, 6),
      description: plainText(dto.description ?? ''),
      sourceNote: plainText(dto.sourceNote),
    };
  }

  /**
   * Projects within `radiusKm` of the barangay's centroid (else its city's), nearest first, each with
   * its distance in km. A 400 for a code that is not a known barangay.
   */
  async near(barangayCode: string, radiusKm = 5): Promise<DevelopmentView[]> {
    checkRadius(radiusKm);
    const place = await this.places.resolveAddress({ barangayCode });
    if (place.lat === null || place.lng === null) return [];
    return this.nearPoint({ lat: place.lat, lng: place.lng }, radiusKm);
  }

  /** Projects within `radiusKm` of a point, nearest first, each with its distance in km (a report that already holds the barangay's centroid). */
  async nearPoint(centre: { lat: number; lng: number }, radiusKm = 5): Promise<DevelopmentView[]> {
    checkRadius(radiusKm);
    const rows = (await this.developments.inBox({ ...centre, ...boxAround(centre.lat, radiusKm) }, NEAR_CAP))
      .map((row) => ({ row, d: haversineKm(centre, row) }))
      .filter(({ d }) => d <= radiusKm)
      .sort((a, b) => a.d - b.d || a.row.id.localeCompare(b.row.id));
    const names = await this.namesOf(rows.map((r) => r.row));
    return rows.map(({ row, d }) => toDevelopmentView(row, round(d, 2), names));
  }

  /** A page of projects (the most recently updated first), filtered by area and status. */
  async list(q: DevelopmentListQuery): Promise<{ items: DevelopmentView[]; pagination: Pagination }> {
    const window = pageWindow(q);
    const { rows, total } = await this.developments.list(
      { cityCode: q.cityCode, barangayCode: q.barangayCode, regionCode: q.regionCode, status: q.status },
      window,
    );
    const names = await this.namesOf(rows);
    return { items: rows.map((r) => toDevelopmentView(r, null, names)), pagination: buildPagination(total, rows.length, window.limit, window.skip) };
  }
}

function checkRadius(radiusKm: number): void {
  if (!Number.isFinite(radiusKm) || radiusKm <= 0 || radiusKm > MAX_NEAR_RADIUS_KM) {
    throw new BadRequestException(`radiusKm must be a number above 0 and at most ${MAX_NEAR_RADIUS_KM}`);
  }
}
