/**
 * The market reports' endpoints (/api/bi/*, generated in lib/api/generated.ts) under the names the
 * market pages use, their answers read through small normalisers into one shape (types.ts, mirroring
 * the API's contract). The place search (POST /bi/search, a mutation in the generated client) is a
 * query here: the autocomplete caches its answers per text.
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { PLAN_IDS, REPORT_GROUPS, REPORT_GROUP_IDS, isReportGroupId, type AreaLevel, type PlanId } from '@app/domain';
import { api, useCompareQuery, useDropdownValuesQuery, useGetAllReportsQuery, useGetReportQuery, type GetReportApiArg } from '@/lib/api/generated';
import type { MarketComparison, MarketDropdowns, MarketPlace, MarketReport, ReportAreaRef, ReportGroupEntry } from './types';

type Json = Record<string, unknown>;
const asObject = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const listOf = (v: unknown, ...keys: string[]): unknown[] => {
  if (Array.isArray(v)) return v;
  const o = asObject(v);
  for (const key of keys) if (Array.isArray(o[key])) return o[key] as unknown[];
  return [];
};
const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const isPlan = (v: unknown): v is PlanId => typeof v === 'string' && (PLAN_IDS as readonly string[]).includes(v);

/** The groups of GET /bi/get/all (an array, or { groups }), in the spec's order. */
export function groupsOf(answer: unknown): ReportGroupEntry[] {
  const byId = new Map<string, Json>();
  for (const raw of listOf(answer, 'groups', 'items', 'reports')) {
    const o = asObject(raw);
    const id = text(o.id) ?? text(o.group);
    if (id && isReportGroupId(id)) byId.set(id, o);
  }
  return REPORT_GROUP_IDS.filter((id) => byId.has(id)).map((id) => {
    const o = byId.get(id)!;
    const def = REPORT_GROUPS[id];
    return {
      id,
      title: text(o.title) ?? def.title,
      summary: text(o.summary) ?? def.summary,
      tier: typeof o.tier === 'number' ? o.tier : def.tier,
      sources: Array.isArray(o.sources) ? (o.sources.filter((s) => typeof s === 'string') as string[]) : def.sources,
      locked: o.locked === true,
      requiredPlan: isPlan(o.requiredPlan) ? o.requiredPlan : null,
    };
  });
}

const LEVELS: readonly AreaLevel[] = ['barangay', 'city', 'province', 'region', 'national'];

function placeOf(raw: unknown, level?: AreaLevel): MarketPlace | null {
  const o = asObject(raw);
  const code = text(o.code) ?? text(o.psgcCode) ?? text(o.areaCode);
  const name = text(o.name) ?? text(o.label);
  if (!code || !name) return null;
  const rawLevel = text(o.level);
  const context =
    text(o.context) ??
    ([o.cityName, o.provinceName, o.regionName].some(text) ? [o.cityName, o.provinceName, o.regionName].map(text).filter(Boolean).join(', ') : undefined) ??
    (Array.isArray(o.parents)
      ? o.parents
          .map((p) => text(asObject(p).name))
          .filter(Boolean)
          .join(', ')
      : undefined);
  const listings = [o.activeListings, o.listings, o.activeCount].find((v): v is number => typeof v === 'number');
  return {
    code,
    name,
    level: rawLevel && (LEVELS as readonly string[]).includes(rawLevel) ? (rawLevel as AreaLevel) : (level ?? 'barangay'),
    ...(context ? { context } : {}),
    ...(listings !== undefined ? { listings } : {}),
  };
}

const placesOf = (v: unknown, level?: AreaLevel): MarketPlace[] => listOf(v).map((p) => placeOf(p, level)).filter((p): p is MarketPlace => !!p);

/** POST /bi/search's places (an array, or { items | places | results }). */
export const searchPlacesOf = (answer: unknown): MarketPlace[] => placesOf(listOf(answer, 'items', 'places', 'results', 'areas'));

export function dropdownsOf(answer: unknown): MarketDropdowns {
  const o = asObject(answer);
  return {
    regions: placesOf(o.regions, 'region'),
    cities: placesOf(o.cities, 'city'),
    barangays: placesOf(o.barangays, 'barangay'),
    kinds: listOf(o.kinds)
      .map((k) => (typeof k === 'string' ? k : text(asObject(k).id) ?? text(asObject(k).value)))
      .filter((k): k is string => !!k),
  };
}

/**
 * GET /bi/areas/compare ({ areas: [{ area, parents, figures }], chart, demoData }): the areas, every
 * figure (each names its area) and the chart with a series per area.
 */
export function comparisonOf(answer: unknown): MarketComparison {
  const o = asObject(answer);
  const entries = listOf(o.areas).map(asObject);
  const areas = entries.map((e) => (e.area ? (e.area as ReportAreaRef) : (e as unknown as ReportAreaRef)));
  const figures = entries.flatMap((e) => listOf(e.figures)) as MarketComparison['figures'];
  const charts = (o.chart ? [o.chart] : listOf(o.charts)) as MarketComparison['charts'];
  const thin = entries.filter((e) => e.enoughListings === false).map((e) => (e.area as ReportAreaRef | undefined)?.name).filter(Boolean);
  return {
    areas,
    figures: [...figures, ...(listOf(o.figures) as MarketComparison['figures'])],
    charts,
    notes: [
      ...listOf(o.notes).filter((n): n is string => typeof n === 'string'),
      ...(thin.length ? [`Not enough listings in ${thin.join(', ')}: their figures are their city's, as each cell says.`] : []),
    ],
    sources: listOf(o.sources) as MarketComparison['sources'],
    demoData: o.demoData === true,
  };
}

export interface ReportArgs {
  group: string;
  area: string;
  offer: string;
  kind: string;
}

type Kind = GetReportApiArg['kind'];
interface Read<T> {
  data: T | undefined;
  error?: FetchBaseQueryError | SerializedError;
  isLoading: boolean;
  isFetching: boolean;
}

/** The search as a query (POST /bi/search { text }): cached per text. */
const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    marketSearchPlaces: build.query<MarketPlace[], { text: string; offer?: string }>({
      query: ({ text, offer }) => ({ url: '/api/bi/search', method: 'POST', body: { text, limit: 10, ...(offer ? { offer } : {}) } }),
      transformResponse: searchPlacesOf,
    }),
  }),
});

export const useMarketSearchPlacesQuery = searchApi.useMarketSearchPlacesQuery;

/** The 13 groups as the caller's plan sees them (GET /bi/get/all). */
export function useMarketGroupsQuery(): Read<ReportGroupEntry[]> {
  const r = useGetAllReportsQuery();
  return { ...r, data: r.data ? groupsOf(r.data) : undefined };
}

/** A report (GET /bi/get/{group}?area=&offer=&kind=); 402 with `upgrade` when the plan does not unlock it. */
export function useMarketReportQuery(args: ReportArgs, opts: { skip?: boolean } = {}): Read<MarketReport> {
  const r = useGetReportQuery({ id: args.group as GetReportApiArg['id'], area: args.area, offer: args.offer as 'sale' | 'rent', kind: args.kind as Kind }, opts);
  return { ...r, data: r.data as MarketReport | undefined };
}

/** The cascading selects' values (GET /bi/dropdownvalue?region=&city=&offer=). */
export function useMarketDropdownsQuery(args: { region?: string; city?: string; offer?: 'sale' | 'rent' }, opts: { skip?: boolean } = {}): Read<MarketDropdowns> {
  const r = useDropdownValuesQuery(
    { ...(args.region ? { region: args.region } : {}), ...(args.city ? { city: args.city } : {}), ...(args.offer ? { offer: args.offer } : {}) },
    opts,
  );
  return { ...r, data: r.data ? dropdownsOf(r.data) : undefined };
}

/** Areas side by side (GET /bi/areas/compare?areas=a,b,c): Basic and above, 402 otherwise. */
export function useMarketCompareQuery(args: { areas: readonly string[]; offer: string; kind: string }, opts: { skip?: boolean } = {}): Read<MarketComparison> {
  const r = useCompareQuery({ areas: [...args.areas], offer: args.offer as 'sale' | 'rent', kind: args.kind as Kind }, opts);
  return { ...r, data: r.data ? comparisonOf(r.data) : undefined };
}
