import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { PlaceRow } from '@app/db';
import type { CitiesQueryDto, PlaceDto } from './dto/place.dto';
import { PlacesRepository } from './places.repository';
import { CITY_LEVELS, PSGC_CODE, psgcCodeMessage, type PlaceLevel } from './psgc';

/** A place's full row with its parents (nearest first), for the market reports. */
export interface PlaceDetail extends PlaceDto {
  incomeClass: string | null;
  urbanRural: string | null;
  cityClass: string | null;
  parents: Array<{ code: string; name: string; level: PlaceLevel }>;
  /** The city or municipality above (a Manila barangay: Manila, not its sub-municipality). */
  cityName: string | null;
  provinceName: string | null;
  regionName: string | null;
  cityRow: PlaceDto | null;
}

/** A listing's address, derived from its barangay. */
export interface ResolvedAddress {
  regionCode: string;
  regionName: string;
  /** Null in Metro Manila and for other places directly under a region. */
  provinceCode: string | null;
  provinceName: string | null;
  /** The city or municipality (for a barangay of the City of Manila: Manila, not its sub-municipality). */
  cityCode: string;
  cityName: string;
  /** Set only in the City of Manila: the sub-municipality (Tondo I/II, Sampaloc, ...) of the barangay. */
  submunicipalityCode: string | null;
  submunicipalityName: string | null;
  barangayCode: string;
  barangayName: string;
  /** The barangay's centroid, else its sub-municipality's or city's; null when none is known. */
  lat: number | null;
  lng: number | null;
}

export interface AddressInput {
  regionCode?: string | null;
  provinceCode?: string | null;
  cityCode?: string | null;
  barangayCode: string;
}

/** Where resolveAddress reads places: the table, or a preloaded set of them (see preloadPlaces). */
export interface PlaceLookup {
  findByCode(code: string): Promise<PlaceRow | null>;
  findByCodes(codes: readonly string[]): Promise<PlaceRow[]>;
}

const LEVEL_LABEL: Record<PlaceLevel, string> = {
  region: 'a region',
  province: 'a province',
  city: 'a city',
  municipality: 'a municipality',
  submunicipality: 'a sub-municipality',
  barangay: 'a barangay',
};

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const byName = (a: PlaceRow, b: PlaceRow) => collator.compare(a.name, b.name) || a.code.localeCompare(b.code);

export function toPlaceDto(row: PlaceRow): PlaceDto {
  return {
    code: row.code,
    name: row.name,
    level: row.level,
    regionCode: row.regionCode,
    provinceCode: row.provinceCode,
    cityCode: row.cityCode,
    population: row.population,
    lat: row.lat,
    lng: row.lng,
    areaKm2: row.areaKm2,
  };
}

const sorted = (rows: PlaceRow[]): PlaceDto[] => [...rows].sort(byName).map(toPlaceDto);

@Injectable()
export class PlacesService {
  constructor(private readonly places: PlacesRepository) {}

  async listRegions(): Promise<PlaceDto[]> {
    return sorted(await this.places.list({ levels: ['region'] }));
  }

  async listProvinces(regionCode?: string): Promise<PlaceDto[]> {
    if (regionCode) await this.mustFind('regionCode', regionCode, ['region']);
    return sorted(await this.places.list({ levels: ['province'], regionCode }));
  }

  /** Cities and municipalities of a province or region, or the sub-municipalities of a city. */
  async listCities(query: CitiesQueryDto): Promise<PlaceDto[]> {
    const { regionCode, provinceCode, cityCode } = query;
    if (cityCode) {
      if (regionCode || provinceCode) {
        throw new BadRequestException('Give cityCode alone (for its sub-municipalities), or regionCode and/or provinceCode');
      }
      await this.mustFind('cityCode', cityCode, ['city']);
      return sorted(await this.places.list({ levels: ['submunicipality'], cityCodes: [cityCode] }));
    }
    if (!regionCode && !provinceCode) {
      throw new BadRequestException('Give provinceCode or regionCode (or cityCode for the sub-municipalities of a city)');
    }
    if (regionCode) await this.mustFind('regionCode', regionCode, ['region']);
    if (provinceCode) {
      const province = await this.mustFind('provinceCode', provinceCode, ['province']);
      if (regionCode && province.regionCode !== regionCode) {
        throw new BadRequestException(`provinceCode '${provinceCode}' (${province.name}) is not in regionCode '${regionCode}'`);
      }
    }
    return sorted(await this.places.list({ levels: ['city', 'municipality'], regionCode, provinceCode }));
  }

  /** Barangays of a city, municipality or sub-municipality; for the City of Manila, of all its sub-municipalities. */
  async listBarangays(cityCode: string): Promise<PlaceDto[]> {
    const city = await this.mustFind('cityCode', cityCode, CITY_LEVELS);
    const subs = city.level === 'city' ? await this.places.list({ levels: ['submunicipality'], cityCodes: [city.code] }) : [];
    return sorted(await this.places.list({ levels: ['barangay'], cityCodes: [city.code, ...subs.map((s) => s.code)] }));
  }

  async getPlace(code: string): Promise<PlaceDto> {
    if (!PSGC_CODE.test(code)) throw new BadRequestException(psgcCodeMessage('code'));
    const row = await this.places.findByCode(code);
    if (!row) throw new NotFoundException(`No place has the PSGC code '${code}'`);
    return toPlaceDto(row);
  }

  /**
   * Looks up the barangay and derives its city, province and region. Any other code given must be a
   * known place that contains the barangay; a Manila barangay's city may be given as Manila or as its
   * sub-municipality. Every failure is a 400 naming the field. `lookup` (default: the table) lets a
   * caller with many addresses read the places once (preloadPlaces).
   */
  async resolveAddress(input: AddressInput, lookup: PlaceLookup = this.places): Promise<ResolvedAddress> {
    const given = (['regionCode', 'provinceCode', 'cityCode', 'barangayCode'] as const)
      .map((field) => ({ field, code: input[field] ?? null }))
      .filter((g): g is { field: (typeof g)['field']; code: string } => g.code !== null && g.code !== '');
    for (const { field, code } of given) {
      if (!PSGC_CODE.test(code)) throw new BadRequestException(psgcCodeMessage(field));
    }
    if (!input.barangayCode) throw new BadRequestException('barangayCode is required');
    const barangay = await lookup.findByCode(input.barangayCode);
    if (!barangay) throw new BadRequestException(`Unknown barangayCode '${input.barangayCode}'`);
    if (barangay.level !== 'barangay') {
      throw new BadRequestException(
        `barangayCode '${barangay.code}' is ${LEVEL_LABEL[barangay.level]} (${barangay.name}), not a barangay`,
      );
    }
    const parent = barangay.cityCode ? await lookup.findByCode(barangay.cityCode) : null;
    const cityCode = parent?.level === 'submunicipality' ? parent.cityCode : parent?.code;
    const known = new Map(
      (
        await lookup.findByCodes(
          [cityCode, barangay.provinceCode, barangay.regionCode, ...given.map((g) => g.code)].filter((c): c is string => !!c),
        )
      ).map((r) => [r.code, r]),
    );
    const city = cityCode ? known.get(cityCode) : undefined;
    const region = barangay.regionCode ? known.get(barangay.regionCode) : undefined;
    const province = barangay.provinceCode ? (known.get(barangay.provinceCode) ?? null) : null;
    if (!parent || !city || !region) {
      // The places table is inconsistent (a partial import); say which barangay, not a 500.
      throw new BadRequestException(`barangayCode '${barangay.code}' has no city or region on record; re-run the places import`);
    }
    const submunicipality = parent.level === 'submunicipality' ? parent : null;
    for (const { field, code } of given) {
      if (field === 'barangayCode') continue;
      if (!known.has(code)) throw new BadRequestException(`Unknown ${field} '${code}'`);
      const contains =
        field === 'regionCode'
          ? code === region.code
          : field === 'provinceCode'
            ? code === province?.code
            : code === city.code || code === submunicipality?.code;
      if (!contains) throw new BadRequestException(`${field} '${code}' does not contain barangayCode '${barangay.code}'`);
    }
    const located = [barangay, submunicipality, city].find((p) => p && p.lat !== null && p.lng !== null);
    return {
      regionCode: region.code,
      regionName: region.name,
      provinceCode: province?.code ?? null,
      provinceName: province?.name ?? null,
      cityCode: city.code,
      cityName: city.name,
      submunicipalityCode: submunicipality?.code ?? null,
      submunicipalityName: submunicipality?.name ?? null,
      barangayCode: barangay.code,
      barangayName: barangay.name,
      lat: located?.lat ?? null,
      lng: located?.lng ?? null,
    };
  }

  /**
   * The places with these codes and every place above them (sub-municipality, city, province,
   * region), read in at most three queries, as a lookup for resolveAddress: the listing import resolves
   * a batch's addresses with it. Codes outside the set are read from the table.
   */
  async preloadPlaces(codes: readonly string[]): Promise<PlaceLookup> {
    const rows = new Map<string, PlaceRow>();
    const asked = new Set<string>();
    const load = async (wanted: Array<string | null>) => {
      const fresh = [...new Set(wanted.filter((c): c is string => !!c && PSGC_CODE.test(c) && !asked.has(c)))];
      fresh.forEach((c) => asked.add(c));
      for (const row of await this.places.findByCodes(fresh)) rows.set(row.code, row);
    };
    await load([...codes]);
    await load([...rows.values()].flatMap((r) => [r.cityCode, r.provinceCode, r.regionCode]));
    await load([...rows.values()].flatMap((r) => (r.level === 'submunicipality' ? [r.cityCode, r.provinceCode, r.regionCode] : [])));
    const repo = this.places;
    return {
      findByCode: async (code) => (asked.has(code) ? (rows.get(code) ?? null) : repo.findByCode(code)),
      findByCodes: async (list) => {
        const missing = list.filter((c) => !asked.has(c));
        const found = list.flatMap((c) => (rows.has(c) ? [rows.get(c)!] : []));
        return missing.length ? [...found, ...(await repo.findByCodes(missing))] : found;
      },
    };
  }

  /* -------------------------------------------------------------------------------------------
   * Market reports (issue 16): a place's full row with its parents, search by name, the nearest
   * barangay to a point. Unknown codes are 404s, malformed ones 400s.
   * ----------------------------------------------------------------------------------------- */

  /** A place's full row (income class, urban/rural, city class, area, population) with its parents, nearest first. */
  async placeDetail(code: string, field = 'area'): Promise<PlaceDetail> {
    if (!PSGC_CODE.test(code)) throw new BadRequestException(psgcCodeMessage(field));
    const row = await this.places.findByCode(code);
    if (!row) throw new NotFoundException(`Unknown ${field} '${code}': no place has this PSGC code`);
    return (await this.placeDetails([row]))[0];
  }

  /** Full rows of these codes with their parents (unknown codes left out), in two queries. */
  async placeDetailsByCodes(codes: readonly string[]): Promise<PlaceDetail[]> {
    const rows = await this.places.findByCodes(codes.filter((c) => PSGC_CODE.test(c)));
    return this.placeDetails(rows);
  }

  /** Places of these levels whose name contains the text, with their parents. */
  async searchPlaces(text: string, levels: readonly PlaceLevel[], limit: number): Promise<PlaceDetail[]> {
    const q = text.trim();
    if (!q) return [];
    return this.placeDetails(await this.places.searchByName(q, levels, limit));
  }

  /** The barangay whose centroid is nearest the point, with its parents; null when no barangay has a centroid. */
  async nearestBarangay(lat: number, lng: number): Promise<PlaceDetail | null> {
    const row = await this.places.nearestBarangay(lat, lng);
    return row ? (await this.placeDetails([row]))[0] : null;
  }

  /** Places of the levels inside a region, province and/or cities (full rows, unsorted). */
  async placesWithin(filters: { levels: readonly PlaceLevel[]; regionCode?: string; provinceCode?: string; cityCodes?: readonly string[] }): Promise<PlaceRow[]> {
    return this.places.list(filters);
  }

  private async placeDetails(rows: readonly PlaceRow[]): Promise<PlaceDetail[]> {
    const parentCodes = rows.flatMap((r) => [r.cityCode, r.provinceCode, r.regionCode]).filter((c): c is string => !!c);
    const parents = new Map((await this.places.findByCodes(parentCodes)).map((p) => [p.code, p]));
    // a Manila barangay's city is a sub-municipality: add the city above it
    const above = [...parents.values()].filter((p) => p.level === 'submunicipality' && p.cityCode && !parents.has(p.cityCode)).map((p) => p.cityCode!);
    for (const p of await this.places.findByCodes(above)) parents.set(p.code, p);
    return rows.map((row) => {
      const chain: PlaceRow[] = [];
      const direct = row.cityCode ? parents.get(row.cityCode) : undefined;
      if (direct) {
        chain.push(direct);
        if (direct.level === 'submunicipality' && direct.cityCode && parents.get(direct.cityCode)) chain.push(parents.get(direct.cityCode)!);
      }
      if (row.provinceCode && parents.get(row.provinceCode)) chain.push(parents.get(row.provinceCode)!);
      if (row.regionCode && parents.get(row.regionCode)) chain.push(parents.get(row.regionCode)!);
      const city = chain.find((p) => p.level === 'city' || p.level === 'municipality') ?? null;
      return {
        ...toPlaceDto(row),
        incomeClass: row.incomeClass,
        urbanRural: row.urbanRural,
        cityClass: row.cityClass,
        parents: chain.map((p) => ({ code: p.code, name: p.name, level: p.level })),
        cityName: city?.name ?? null,
        provinceName: chain.find((p) => p.level === 'province')?.name ?? null,
        regionName: chain.find((p) => p.level === 'region')?.name ?? null,
        cityRow: city ? toPlaceDto(city) : null,
      };
    });
  }

  /** The place with this code at one of the levels, else 404 (unknown) or 400 (another level). */
  private async mustFind(field: string, code: string, levels: readonly PlaceLevel[]): Promise<PlaceRow> {
    const row = await this.places.findByCode(code);
    if (!row) throw new NotFoundException(`Unknown ${field} '${code}': no place has this PSGC code`);
    if (!levels.includes(row.level)) {
      const wanted = levels.map((l) => LEVEL_LABEL[l]).join(' or ');
      throw new BadRequestException(`${field} '${code}' is ${LEVEL_LABEL[row.level]} (${row.name}), not ${wanted}`);
    }
    return row;
  }
}
