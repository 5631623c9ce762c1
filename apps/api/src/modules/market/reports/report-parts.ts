/**
 * Small pure pieces the reports are built from: figures with their source, period, granularity and
 * sample; listing figures of an area; labels of statistics levels; the blank report and its sources. No I/O here.
 */
import {
  BIS_RPPI_SOURCE,
  LISTINGS_SOURCE,
  PNP_CRIME_SOURCE,
  PSA_CPI_SOURCE,
  PSA_CPI_WEIGHTS_SOURCE,
  PSA_FIES_SOURCE,
  PSA_LFS_SOURCE,
  PRICE_BANDS,
  type AreaLevel,
  type CostAssumptionField,
  type MarketFigure,
  type ReportGroupId,
} from '@app/domain';
import type { AreaStatsView, MarketFigureUnit, MarketKind, MarketOffer, MarketReport, MonthlyPoint, ReportAreaRef, ReportChart, ReportTable, StatDatasetId, StatPoint } from '../market-contracts';
import type { AreaContext, ListingScope } from './market-areas.service';

export const DATASET_SOURCE: Record<StatDatasetId, string> = {
  fies_2023: PSA_FIES_SOURCE,
  lfs_annual: PSA_LFS_SOURCE,
  lfs_occupation: PSA_LFS_SOURCE,
  lfs_industry: PSA_LFS_SOURCE,
  cpi: PSA_CPI_SOURCE,
  inflation: PSA_CPI_SOURCE,
  cpi_weights: PSA_CPI_WEIGHTS_SOURCE,
  rppi: BIS_RPPI_SOURCE,
  crime: PNP_CRIME_SOURCE,
};

const LEVEL_WORD: Record<AreaLevel, string> = {
  barangay: 'Barangay',
  city: 'City',
  province: 'Provincial',
  region: 'Regional',
  national: 'National',
};

/** "Regional figure: National Capital Region (NCR)" — how a public statistic's level is said. */
export const levelNote = (level: AreaLevel, areaName: string) => `${LEVEL_WORD[level]} figure: ${areaName}`;

export function figure(
  label: string,
  value: number | null,
  unit: MarketFigureUnit,
  src: { source: string; period: string; granularity: AreaLevel; areaCode: string; areaName: string; sampleSize: number | null; note?: string },
): MarketFigure {
  const f: MarketFigure = {
    label,
    value: value === null || !Number.isFinite(value) ? null : round(value, unit === 'php' || unit === 'php_per_sqm' || unit === 'persons' || unit === 'families' ? 0 : 2),
    unit,
    source: src.source,
    period: src.period,
    granularity: src.granularity,
    areaCode: src.areaCode,
    areaName: src.areaName,
    sampleSize: src.sampleSize,
  };
  if (src.note) f.note = src.note;
  return f;
}

export const round = (v: number, digits: number) => {
  const k = 10 ** digits;
  return Math.round(v * k) / k;
};

export const listingsPeriod = (computedAt: string | null | undefined) => `listings as of ${(computedAt ?? new Date().toISOString()).slice(0, 10)}`;

/** The headline listing figures of an area (asking prices for sale or monthly rents). */
export function listingFigures(stats: AreaStatsView, area: ReportAreaRef, note?: string): MarketFigure[] {
  const sale = stats.offer === 'sale';
  const base = { source: LISTINGS_SOURCE, period: listingsPeriod(stats.computedAt), granularity: area.level, areaCode: area.code, areaName: area.name, note };
  const price = sale ? 'asking price' : 'asking monthly rent';
  return [
    figure(`Median ${price}`, stats.medianPrice, 'php', { ...base, sampleSize: stats.priceSample }),
    figure(`25th percentile ${price}`, stats.p25Price, 'php', { ...base, sampleSize: stats.priceSample }),
    figure(`75th percentile ${price}`, stats.p75Price, 'php', { ...base, sampleSize: stats.priceSample }),
    figure(`Median ${price} per m²`, stats.medianPricePerSqm, 'php_per_sqm', { ...base, sampleSize: stats.sqmSample }),
    figure('Active listings', stats.activeCount, 'count', { ...base, sampleSize: stats.activeCount }),
    figure('New listings, last 30 days', stats.new30d, 'count', { ...base, sampleSize: stats.activeCount }),
    figure('Listings ended, last 90 days', stats.ended90d, 'count', { ...base, sampleSize: stats.ended90d }),
    figure('Median days on market', stats.medianDaysOnMarket, 'days', { ...base, sampleSize: stats.domSample }),
    figure('Listings with a price cut', stats.priceCutSharePct, 'pct', { ...base, sampleSize: stats.activeCount }),
    figure('Inquiries per listing', stats.inquiriesPerListing, 'ratio', { ...base, sampleSize: stats.activeCount }),
    figure('Saves per listing', stats.savesPerListing, 'ratio', { ...base, sampleSize: stats.activeCount }),
  ];
}

export const monthsPeriod = (points: readonly MonthlyPoint[]) => (points.length ? `${points[0].month} – ${points[points.length - 1].month}` : 'no months');

/** Monthly median price per m² (and median price) of one or more areas as a line chart, and the same numbers as a table. */
export function monthlyChartAndTable(
  id: string,
  title: string,
  series: Array<{ area: ReportAreaRef; points: MonthlyPoint[] }>,
  offer: 'sale' | 'rent',
): { chart: ReportChart; volume: ReportChart; table: ReportTable } {
  const chart: ReportChart = {
    id,
    title,
    kind: 'line',
    unit: 'php_per_sqm',
    series: series.map((s) => ({
      name: `${s.area.name}: median ${offer === 'sale' ? 'asking price' : 'rent'} per m²`,
      source: LISTINGS_SOURCE,
      granularity: s.area.level,
      areaName: s.area.name,
      points: s.points.map((p) => ({ x: p.month, y: p.medianPricePerSqm, sample: p.sqmSample })),
    })),
  };
  const volume: ReportChart = {
    id: `${id}_volume`,
    title: 'New and active listings per month',
    kind: 'bar',
    unit: 'count',
    series: series.slice(0, 1).flatMap((s) => [
      { name: `${s.area.name}: new listings`, source: LISTINGS_SOURCE, granularity: s.area.level, areaName: s.area.name, points: s.points.map((p) => ({ x: p.month, y: p.newCount })) },
      { name: `${s.area.name}: active listings`, source: LISTINGS_SOURCE, granularity: s.area.level, areaName: s.area.name, points: s.points.map((p) => ({ x: p.month, y: p.activeCount })) },
    ]),
  };
  const first = series[0];
  const table: ReportTable = {
    id: `${id}_table`,
    title: `${title} (${first?.area.name ?? ''})`,
    columns: [
      { key: 'month', label: 'Month', unit: 'text' },
      { key: 'medianPrice', label: offer === 'sale' ? 'Median asking price' : 'Median rent', unit: 'php' },
      { key: 'priceSample', label: 'Listings with a price', unit: 'count' },
      { key: 'medianPricePerSqm', label: 'Median per m²', unit: 'php_per_sqm' },
      { key: 'sqmSample', label: 'Listings with a size', unit: 'count' },
      { key: 'newCount', label: 'New', unit: 'count' },
      { key: 'activeCount', label: 'Active', unit: 'count' },
      { key: 'endedCount', label: 'Ended', unit: 'count' },
      { key: 'medianDaysOnMarket', label: 'Median days on market (of those ended)', unit: 'days' },
    ],
    rows: (first?.points ?? []).map((p) => ({
      month: p.month,
      medianPrice: p.medianPrice,
      priceSample: p.priceSample,
      medianPricePerSqm: p.medianPricePerSqm,
      sqmSample: p.sqmSample,
      newCount: p.newCount,
      activeCount: p.activeCount,
      endedCount: p.endedCount,
      medianDaysOnMarket: p.medianDaysOnMarket,
    })),
    source: LISTINGS_SOURCE,
    period: monthsPeriod(first?.points ?? []),
    granularity: first?.area.level ?? 'barangay',
  };
  return { chart, volume, table };
}

/** The statistic's level as an AreaLevel. */
export const statLevel = (p: StatPoint): AreaLevel => p.areaLevel;

/** The newest period among the points. */
export const latestPeriod = (points: readonly StatPoint[]) => points.reduce<string>((a, p) => (p.period > a ? p.period : a), '');

/** A figure from a statistic (the first point with this indicator), labelled with its level when not the area's own. */
export function statFigure(
  points: readonly StatPoint[],
  indicator: string,
  label: string,
  unit: MarketFigureUnit,
  area: ReportAreaRef,
  opts: { scale?: number; breakdown?: string } = {},
): MarketFigure | null {
  const p = points.find((x) => x.indicator === indicator && (opts.breakdown === undefined || x.breakdown === opts.breakdown));
  if (!p) return null;
  const level = statLevel(p);
  return figure(label, p.value === null ? null : p.value * (opts.scale ?? 1), unit, {
    source: DATASET_SOURCE[p.dataset],
    period: p.period,
    granularity: level,
    areaCode: p.areaCode,
    areaName: p.areaName,
    sampleSize: null,
    note: level !== area.level ? levelNote(level, p.areaName) : undefined,
  });
}

/** A bar chart and table of a mix (breakdown → value) from statistics. */
export function mixChartAndTable(id: string, title: string, points: readonly StatPoint[], unit: MarketFigureUnit, label: (breakdown: string) => string = (b) => b) {
  const p0 = points[0];
  const source = p0 ? DATASET_SOURCE[p0.dataset] : '';
  const level: AreaLevel = p0 ? statLevel(p0) : 'region';
  const chart: ReportChart = {
    id,
    title,
    kind: 'bar',
    unit,
    series: p0 ? [{ name: p0.areaName, source, granularity: level, areaName: p0.areaName, points: points.map((p) => ({ x: label(p.breakdown), y: p.value })) }] : [],
    note: p0 ? levelNote(level, p0.areaName) : undefined,
  };
  const table: ReportTable = {
    id: `${id}_table`,
    title,
    columns: [
      { key: 'group', label: 'Group', unit: 'text' },
      { key: 'value', label: unit === 'pct' ? 'Share (%)' : 'Value', unit },
    ],
    rows: points.map((p) => ({ group: label(p.breakdown), value: p.value })),
    source,
    period: p0?.period ?? '',
    granularity: level,
    note: p0 ? levelNote(level, p0.areaName) : undefined,
  };
  return { chart, table };
}

/** ISCO major groups 1-4, the usual "white-collar" definition (managers, professionals, technicians, clerks). */
export const WHITE_COLLAR_GROUPS = ['managers', 'professionals', 'technicians and associate professionals', 'clerical support workers'];
export const isWhiteCollar = (group: string) => WHITE_COLLAR_GROUPS.includes(group.trim().toLowerCase());

/** Title case for the CPI weights' upper-case group names. */
export const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s,(-])([a-z])/g, (_, a: string, b: string) => a + b.toUpperCase()).replace(/\b(And|Of|For|The)\b/g, (w) => w.toLowerCase());

export const WHITE_COLLAR_NOTE = 'White-collar: managers, professionals, technicians and associate professionals, clerical support workers (ISCO major groups 1-4).';

/** A report-shaped answer for one of the fixed routes (not one of the 13 groups). */
export function blankReport(demoData: boolean, ctx: AreaContext, title: string, summary: string, tier: number, o: { offer: MarketOffer; kind: MarketKind }, group: ReportGroupId): MarketReport {
  return { group, title, summary, tier, area: ctx.ref, parents: ctx.parents, offer: o.offer, kind: o.kind, generatedAt: new Date().toISOString(), demoData, figures: [], charts: [], tables: [], notes: [], sources: [], fallback: null, mapPoints: [] };
}

/** Every source named by the report's figures, charts and tables, once, with its period and granularity. */
export function sourcesOf(r: MarketReport): MarketReport['sources'] {
  const seen = new Map<string, MarketReport['sources'][number]>();
  const add = (name: string, period: string, granularity: AreaLevel) => {
    const key = `${name}|${period}|${granularity}`;
    if (name && !seen.has(key)) seen.set(key, { name, period, granularity });
  };
  r.figures.forEach((f) => add(f.source, f.period, f.granularity));
  r.tables.forEach((t) => add(t.source, t.period, t.granularity));
  r.charts.forEach((c) => c.series.forEach((s) => add(s.source, s.points.length ? `${s.points[0].x} – ${s.points[s.points.length - 1].x}` : '', s.granularity)));
  return [...seen.values()];
}

/** The listing scope's fallback and note, on the report. */
export function applyScope(r: MarketReport, s: ListingScope) {
  r.fallback = s.fallback;
  if (s.note) r.notes.push(s.note);
}

/** Active listings by price band. */
export function priceBandTable(stats: AreaStatsView, area: ReportAreaRef): ReportTable {
  return {
    id: 'price_bands',
    title: 'Active listings by price band',
    columns: [
      { key: 'band', label: 'Price band', unit: 'text' },
      { key: 'count', label: 'Active listings', unit: 'count' },
    ],
    rows: PRICE_BANDS.map((b, i) => ({ band: bandLabel(b), count: stats.priceBandCounts[i] ?? 0 })),
    source: LISTINGS_SOURCE,
    period: listingsPeriod(stats.computedAt),
    granularity: area.level,
  };
}

export const ASSUMPTION_LABELS: Record<CostAssumptionField, string> = {
  vacancyPct: 'Vacancy (% of rent)',
  managementPctOfRent: 'Management (% of rent)',
  maintenancePctOfRent: 'Maintenance (% of rent)',
  insurancePctOfValue: 'Insurance (% of value)',
  realPropertyTaxPctOfValue: 'Real property tax (% of value)',
  capexReservePctOfRent: 'Capital reserve (% of rent)',
  associationDuesPerSqmMonth: 'Association dues (₱ per m² a month)',
};

export function bandLabel(b: { min: number; max: number | null }): string {
  const peso = (n: number) => `₱${n.toLocaleString('en-PH')}`;
  return b.max === null ? `${peso(b.min)} and above` : `${peso(b.min)} – ${peso(b.max)}`;
}

