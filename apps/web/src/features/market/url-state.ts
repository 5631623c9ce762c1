/**
 * The URL is the report: `/market/{area}/{group}?offer=rent&kind=condominium&view=table` (a pasted
 * link shows the same report), the picker `/market?area=…&offer=…&kind=…`, and the comparison
 * `/market/compare?areas=a,b,c&group=…`. Defaults stay out of the URL.
 */
import { LISTING_KINDS, MARKET_COMPARE_MAX, isReportGroupId, type ReportGroupId } from '@app/domain';
import type { MarketOffer } from './types';

export type ReportView = 'chart' | 'table';

export interface ReportOptions {
  offer: MarketOffer;
  /** A listing kind or 'all'. */
  kind: string;
  view: ReportView;
}

export const DEFAULT_OPTIONS: ReportOptions = { offer: 'sale', kind: 'all', view: 'chart' };

/** A PSGC code (10 digits, or the 9 of older files) or 'PH'. */
export const isAreaCode = (code: string | null | undefined): code is string => !!code && /^(\d{9,10}|PH)$/.test(code);

const isKind = (kind: string | null): kind is string => kind === 'all' || (!!kind && (LISTING_KINDS as readonly string[]).includes(kind));

/** The report options of a query string; anything unknown reads as its default. */
export function parseReportOptions(search: URLSearchParams | string): ReportOptions {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const offer = params.get('offer');
  const kind = params.get('kind');
  const view = params.get('view');
  return {
    offer: offer === 'rent' || offer === 'sale' ? offer : DEFAULT_OPTIONS.offer,
    kind: isKind(kind) ? kind : DEFAULT_OPTIONS.kind,
    view: view === 'table' || view === 'chart' ? view : DEFAULT_OPTIONS.view,
  };
}

function optionsQuery(options: Partial<ReportOptions>, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  if (options.offer && options.offer !== DEFAULT_OPTIONS.offer) params.set('offer', options.offer);
  if (options.kind && options.kind !== DEFAULT_OPTIONS.kind) params.set('kind', options.kind);
  if (options.view && options.view !== DEFAULT_OPTIONS.view) params.set('view', options.view);
  // the areas' commas stay readable (`areas=a,b,c`)
  const query = params.toString().replace(/%2C/gi, ',');
  return query ? `?${query}` : '';
}

/** `/market/{area}/{group}?…` */
export function reportHref(area: string, group: ReportGroupId, options: Partial<ReportOptions> = {}): string {
  return `/market/${encodeURIComponent(area)}/${group}${optionsQuery(options)}`;
}

/** The report of a path and query, or null when the path is not one (an unknown group or area). */
export function parseReportHref(href: string): ({ area: string; group: ReportGroupId } & ReportOptions) | null {
  const url = new URL(href, 'http://x');
  const match = /^\/market\/([^/]+)\/([^/]+)\/?$/.exec(url.pathname);
  if (!match) return null;
  const area = decodeURIComponent(match[1]);
  const group = match[2];
  if (!isAreaCode(area) || !isReportGroupId(group)) return null;
  return { area, group, ...parseReportOptions(url.searchParams) };
}

/** The picker: `/market?area=…&offer=…&kind=…`. */
export function pickerHref(area: string | null, options: Partial<ReportOptions> = {}): string {
  return `/market${optionsQuery({ ...options, view: undefined }, { area: area ?? undefined })}`;
}

export interface CompareState {
  areas: string[];
  group: ReportGroupId;
  offer: MarketOffer;
  kind: string;
}

/** The default group of a comparison: the listing figures. */
export const DEFAULT_COMPARE_GROUP: ReportGroupId = 'historic_and_current';

/** `?areas=a,b,c&group=…`: at most MARKET_COMPARE_MAX distinct valid codes, in order. */
export function parseCompare(search: URLSearchParams | string): CompareState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const areas = [...new Set((params.get('areas') ?? '').split(',').map((a) => a.trim()).filter(isAreaCode))].slice(0, MARKET_COMPARE_MAX);
  const group = params.get('group');
  const { offer, kind } = parseReportOptions(params);
  return { areas, group: isReportGroupId(group) ? group : DEFAULT_COMPARE_GROUP, offer, kind };
}

export function compareHref(state: Partial<CompareState> & { areas: readonly string[] }): string {
  const areas = [...new Set(state.areas)].slice(0, MARKET_COMPARE_MAX);
  return `/market/compare${optionsQuery(
    { offer: state.offer, kind: state.kind },
    { areas: areas.length ? areas.join(',') : undefined, group: state.group && state.group !== DEFAULT_COMPARE_GROUP ? state.group : undefined },
  )}`;
}
