import { BadGatewayException, Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { InjectDb, type Database } from '../../common/db/database.module';
import type { GeocodeResultDto } from './dto/place.dto';
import { PSGC_CODE, rowsOf, type PlaceLevel } from './psgc';

export type GeocodeResult = GeocodeResultDto;

/** The port: forward (text or PSGC code to points) and reverse (point to place) geocoding. */
export abstract class Geocoder {
  abstract search(q: string, limit?: number): Promise<GeocodeResult[]>;
  abstract reverse(lat: number, lng: number): Promise<GeocodeResult | null>;
}

/** Lower case, no diacritics, no punctuation, no "Brgy."/"Barangay"/"City of"/"City" words: "Bél-Air" ≈ "bel air". */
export function placeKey(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\b(brgy|bgy|barangay|city of|city|municipality of|poblacion)\b/g, (w) => (w === 'poblacion' ? w : ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

interface IndexedPlace {
  code: string;
  name: string;
  level: PlaceLevel;
  cityCode: string | null;
  /** For a barangay: its city or municipality (the City of Manila for a barangay of a district). */
  townCode: string | null;
  regionCode: string | null;
  lat: number;
  lng: number;
  key: string;
}

export const haversineKm = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
};

const INDEX_TTL_MS = 10 * 60_000;

/** The default: resolves from the PSGC places and their centroids, no network. */
@Injectable()
export class LocalGeocoder extends Geocoder {
  private index: { at: number; places: IndexedPlace[]; byCode: Map<string, IndexedPlace> } | null = null;
  private loading: Promise<NonNullable<LocalGeocoder['index']>> | null = null;

  constructor(@InjectDb() private readonly db: Database) {
    super();
  }

  private async load() {
    if (this.index && Date.now() - this.index.at < INDEX_TTL_MS) return this.index;
    this.loading ??= (async () => {
      const rows = rowsOf<Omit<IndexedPlace, 'key' | 'townCode'> & { parent_level: PlaceLevel | null; parent_city: string | null }>(
        await this.db.execute(sql`
          select p.code, p.name, p.level, p.city_code as "cityCode", p.region_code as "regionCode", p.lat, p.lng,
            s.level as parent_level, s.city_code as parent_city
          from places p left join places s on s.code = p.city_code
          where p.lat is not null and p.lng is not null`),
      );
      const places = rows.map(({ parent_level, parent_city, ...r }) => ({
        ...r,
        townCode: parent_level === 'submunicipality' ? parent_city : r.cityCode,
        key: placeKey(r.name),
      }));
      const index = { at: Date.now(), places, byCode: new Map(places.map((p) => [p.code, p])) };
      this.index = index;
      return index;
    })().finally(() => (this.loading = null));
    return this.loading;
  }

  private result(p: IndexedPlace, byCode: Map<string, IndexedPlace>): GeocodeResult {
    const town = p.level === 'barangay' && p.townCode ? byCode.get(p.townCode) : undefined;
    const region = p.regionCode ? byCode.get(p.regionCode) : undefined;
    const label = [p.name, town?.name, p.level !== 'region' ? region?.name : undefined].filter(Boolean).join(', ');
    return {
      lat: p.lat,
      lng: p.lng,
      label,
      code: p.code,
      level: p.level,
      cityCode: p.level === 'barangay' ? p.townCode : ['city', 'municipality'].includes(p.level) ? p.code : p.cityCode,
      source: 'local',
    };
  }

  async search(q: string, limit = 5): Promise<GeocodeResult[]> {
    const { places, byCode } = await this.load();
    const text = q.trim();
    if (PSGC_CODE.test(text)) {
      const p = byCode.get(text);
      return p ? [this.result(p, byCode)] : [];
    }
    const parts = text.split(',').map(placeKey).filter(Boolean);
    if (!parts.length) return [];
    const [first, ...rest] = parts;
    const towns = new Set(
      rest.length
        ? places.filter((p) => ['city', 'municipality', 'submunicipality'].includes(p.level) && rest.includes(p.key)).map((p) => p.code)
        : [],
    );
    const inTown = (p: IndexedPlace) => !rest.length || (p.level === 'barangay' ? towns.has(p.townCode ?? '') || towns.has(p.cityCode ?? '') : false);
    const rank: Record<PlaceLevel, number> = { city: 0, municipality: 1, submunicipality: 2, province: 3, region: 4, barangay: 5 };
    const exact = places.filter((p) => p.key === first && (rest.length ? inTown(p) : true));
    const prefix = exact.length ? [] : places.filter((p) => p.key.startsWith(first) && (rest.length ? inTown(p) : true));
    let hits = [...exact, ...prefix];
    // "Makati" alone: a city before barangays of the same name elsewhere.
    if (!rest.length) hits = hits.sort((a, b) => rank[a.level] - rank[b.level]);
    // "Makati, Metro Manila": the first part is the town itself.
    if (!hits.length && rest.length) hits = places.filter((p) => p.key === first && ['city', 'municipality'].includes(p.level));
    return hits.slice(0, limit).map((p) => this.result(p, byCode));
  }

  async reverse(lat: number, lng: number): Promise<GeocodeResult | null> {
    const { places, byCode } = await this.load();
    let best: IndexedPlace | null = null;
    let bestKm = Infinity;
    for (const p of places) {
      if (p.level !== 'barangay' || Math.abs(p.lat - lat) > 1 || Math.abs(p.lng - lng) > 1) continue;
      const d = haversineKm(p, { lat, lng });
      if (d < bestKm) [best, bestKm] = [p, d];
    }
    // Farther than 50 km from any barangay centre: the sea, or outside the Philippines.
    return best && bestKm <= 50 ? this.result(best, byCode) : null;
  }
}

interface NominatimPlace {
  lat?: string | number;
  lon?: string | number;
  display_name?: string;
}

/**
 * A Nominatim-compatible service (nominatim.openstreetmap.org, a self-hosted Nominatim, or any service
 * speaking its `/search` and `/reverse` JSON v2 protocol). Each point is tied to the nearest PSGC
 * barangay (from the local geocoder) so the answer can fill the address pickers.
 */
export class NominatimGeocoder extends Geocoder {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly local: LocalGeocoder,
  ) {
    super();
  }

  private async get(pathAndQuery: string): Promise<unknown> {
    const url = `${this.baseUrl}${pathAndQuery}`;
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { 'User-Agent': 'Tahanan property marketplace (geocoder adapter)', Accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new BadGatewayException(`The geocoding service did not answer (${(err as Error).name}); try again, or pick the place from the lists`);
    }
    if (!res.ok) throw new BadGatewayException(`The geocoding service answered HTTP ${res.status}; try again, or pick the place from the lists`);
    try {
      return await res.json();
    } catch {
      throw new BadGatewayException('The geocoding service answered something that is not JSON');
    }
  }

  private async toResult(p: NominatimPlace): Promise<GeocodeResult | null> {
    const lat = Number(p.lat);
    const lng = Number(p.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
    const near = await this.local.reverse(lat, lng);
    return {
      lat,
      lng,
      label: typeof p.display_name === 'string' ? p.display_name : (near?.label ?? `${lat}, ${lng}`),
      code: near?.code ?? null,
      level: near?.level ?? null,
      cityCode: near?.cityCode ?? null,
      source: 'nominatim',
    };
  }

  async search(q: string, limit = 5): Promise<GeocodeResult[]> {
    const params = new URLSearchParams({ format: 'jsonv2', q, countrycodes: 'ph', limit: String(limit) });
    const body = await this.get(`/search?${params}`);
    if (!Array.isArray(body)) throw new BadGatewayException('The geocoding service answered something other than a list of places');
    const out = await Promise.all((body as NominatimPlace[]).slice(0, limit).map((p) => this.toResult(p)));
    return out.filter((r): r is GeocodeResult => r !== null);
  }

  async reverse(lat: number, lng: number): Promise<GeocodeResult | null> {
    const params = new URLSearchParams({ format: 'jsonv2', lat: String(lat), lon: String(lng) });
    const body = (await this.get(`/reverse?${params}`)) as NominatimPlace & { error?: string };
    if (!body || typeof body !== 'object' || body.error) return null;
    return this.toResult(body);
  }
}

/** The configured geocoder: the Nominatim-compatible service at GEOCODER_URL, else the local one. */
export const geocoderProvider = {
  provide: Geocoder,
  inject: [{ token: APP_CONFIG, optional: true }, LocalGeocoder],
  useFactory: (config: AppConfig | undefined, local: LocalGeocoder): Geocoder =>
    config?.geocoder.url ? new NominatimGeocoder(config.geocoder.url, config.geocoder.timeoutMs, local) : local,
};

@Injectable()
export class GeocodingService {
  constructor(@Inject(Geocoder) private readonly geocoder: Geocoder) {}
  search(q: string) {
    return this.geocoder.search(q);
  }
  reverse(lat: number, lng: number) {
    return this.geocoder.reverse(lat, lng);
  }
}
