import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  LISTINGS_SOURCE,
  MARKET_MIN_SAMPLE,
  PNP_CRIME_SOURCE,
  PRICE_BANDS,
  PSA_PSGC_SOURCE,
  coefficientOfVariationPct,
  distanceKm,
  projectLinear,
} from '@app/domain';
import { MarketDataService } from '../../market-data/market-data.service';
import { PlacesService } from '../../places/places.service';
import { MarketListingsService } from '../listing-figures/market-listings.service';
import type { MarketReport, ReportAreaRef, ReportTable } from '../market-contracts';
import {
  DATASET_SOURCE,
  figure,
  listingFigures,
  listingsPeriod,
  monthlyChartAndTable,
  monthsPeriod,
  round,
  statFigure,
} from './report-parts';
import { MarketAreasService, type ReportOptions } from './market-areas.service';
import { applyScope, bandLabel, blankReport, priceBandTable, sourcesOf } from './report-parts';
import { MarketRankingsService } from './market-rankings.service';
import { StatisticsReportGroups } from './statistics-report-groups';

/** The fixed /bi answers about an area: market snapshot, price bands, projection, risk, compare, location and the national overview. */
@Injectable()
export class MarketAreaAnalysisService {
  constructor(
    private readonly listings: MarketListingsService,
    private readonly data: MarketDataService,
    private readonly areas: MarketAreasService,
    private readonly statistics: StatisticsReportGroups,
    private readonly rankings: MarketRankingsService,
    private readonly places: PlacesService,
  ) {}

  /** Listing figures of any area (the market snapshot). */
  async market(areaCode: string, opts: ReportOptions): Promise<MarketReport> {
    const o = this.areas.options(opts);
    const ctx = await this.areas.area(areaCode);
    const r = blankReport(this.listings.isDemo(), ctx, 'Market snapshot', 'Asking prices, supply and demand of the listings here now.', 1, o, 'historic_and_current');
    const s = await this.areas.scope(ctx, o.offer, o.kind);
    applyScope(r, s);
    if (s.stats) {
      r.figures.push(...listingFigures(s.stats, s.area));
      r.tables.push(priceBandTable(s.stats, s.area));
    } else r.notes.push(`No listings ${o.offer === 'sale' ? 'for sale' : 'for rent'} in ${s.area.name}.`);
    if (r.demoData) r.notes.push('Demo data: the listing figures come from the demonstration listings, not a real market.');
    r.sources = sourcesOf(r);
    return r;
  }

  /** Active listings per price band of an area. */
  async priceRanges(areaCode: string, opts: ReportOptions) {
    const o = this.areas.options(opts);
    const ctx = await this.areas.area(areaCode);
    const s = await this.areas.scope(ctx, o.offer, o.kind);
    const counts = s.stats?.priceBandCounts ?? PRICE_BANDS.map(() => 0);
    return {
      area: ctx.ref,
      shownArea: s.area,
      fallback: s.fallback,
      offer: o.offer,
      kind: o.kind,
      source: LISTINGS_SOURCE,
      period: listingsPeriod(s.stats?.computedAt),
      granularity: s.area.level,
      sampleSize: s.stats?.activeCount ?? 0,
      demoData: this.listings.isDemo(),
      bands: PRICE_BANDS.map((b, i) => ({ min: b.min, max: b.max, label: bandLabel(b), count: counts[i] ?? 0 })),
      notes: s.note ? [s.note] : [],
    };
  }

  /** Projection of the barangay's (or its city's) median price per m²: method, interval, or the reason there is none. */
  async projection(areaCode: string, opts: ReportOptions, horizonMonths = 12): Promise<MarketReport> {
    const o = this.areas.options(opts);
    const ctx = await this.areas.area(areaCode);
    const r = blankReport(this.listings.isDemo(), ctx, 'Price projection', 'A straight-line trend of the median asking price per m² with its 80 % prediction interval.', 2, o, 'property_trends');
    const s = await this.areas.scope(ctx, o.offer, o.kind);
    applyScope(r, s);
    const months = await this.listings.monthly(s.area.code, o.offer, o.kind, 24);
    const p = projectLinear({ points: months.map((m) => ({ month: m.month, value: m.medianPricePerSqm })), horizonMonths });
    const period = monthsPeriod(months);
    const src = { source: LISTINGS_SOURCE, period, granularity: s.area.level, areaCode: s.area.code, areaName: s.area.name, sampleSize: p.monthsUsed };
    r.notes.push(`Method: ${p.method}`);
    const history = { name: `${s.area.name}: median per m²`, source: LISTINGS_SOURCE, granularity: s.area.level, areaName: s.area.name, points: months.map((m) => ({ x: m.month, y: m.medianPricePerSqm, sample: m.sqmSample })) };
    if (!p.ok) {
      r.notes.push(`No projection: ${p.reason}.`);
      r.charts.push({ id: 'projection', title: 'Median asking price per m²', kind: 'line', unit: 'php_per_sqm', series: [history] });
    } else {
      const end = p.projections[p.projections.length - 1];
      r.figures.push(
        figure(`Projected median per m², ${end.month}`, end.value, 'php_per_sqm', { ...src, note: `80 % prediction interval ₱${Math.round(end.low).toLocaleString('en-PH')} – ₱${Math.round(end.high).toLocaleString('en-PH')}` }),
        figure(`Low end of the 80 % interval, ${end.month}`, end.low, 'php_per_sqm', src),
        figure(`High end of the 80 % interval, ${end.month}`, end.high, 'php_per_sqm', src),
        figure('Trend per month', p.slopePerMonth, 'php_per_sqm', src),
        figure('Months used', p.monthsUsed, 'count', src),
      );
      if (p.rSquared !== null) r.figures.push(figure('R² of the line', p.rSquared, 'ratio', src));
      const proj = (name: string, pick: (x: { value: number; low: number; high: number }) => number) => ({ name, source: LISTINGS_SOURCE, granularity: s.area.level, areaName: s.area.name, points: p.projections.map((x) => ({ x: x.month, y: round(pick(x), 0) })) });
      r.charts.push({ id: 'projection', title: 'Median asking price per m² and the projection', kind: 'line', unit: 'php_per_sqm', series: [history, proj('Projection', (x) => x.value), proj('80 % interval, low', (x) => x.low), proj('80 % interval, high', (x) => x.high)], note: 'A trend line, not a forecast of sale prices.' });
      r.tables.push({
        id: 'projection_table',
        title: 'Projection with its 80 % prediction interval',
        columns: [
          { key: 'month', label: 'Month', unit: 'text' },
          { key: 'value', label: 'Projected per m²', unit: 'php_per_sqm' },
          { key: 'low', label: 'Low (80 %)', unit: 'php_per_sqm' },
          { key: 'high', label: 'High (80 %)', unit: 'php_per_sqm' },
        ],
        rows: p.projections.map((x) => ({ month: x.month, value: round(x.value, 0), low: round(x.low, 0), high: round(x.high, 0) })),
        source: LISTINGS_SOURCE,
        period,
        granularity: s.area.level,
      });
    }
    r.sources = sourcesOf(r);
    return r;
  }

  /** Risk factors of an area: crime (regional), supply overhang, price volatility, data thinness; each with its source. */
  async risk(areaCode: string, opts: ReportOptions): Promise<MarketReport> {
    const o = this.areas.options(opts);
    const ctx = await this.areas.area(areaCode);
    const r = blankReport(this.listings.isDemo(), ctx, 'Risk assessment', 'Crime, supply overhang, price volatility and how thin the data is, each with its source.', 2, o, 'market_cycles');
    const s = await this.areas.scope(ctx, o.offer, o.kind);
    applyScope(r, s);
    const months = await this.listings.monthly(s.area.code, o.offer, o.kind, 12);
    const period = monthsPeriod(months);
    const lsrc = { source: LISTINGS_SOURCE, granularity: s.area.level, areaCode: s.area.code, areaName: s.area.name };
    const rows: ReportTable['rows'] = [];
    // supply overhang: months of supply = active ÷ listings ended per month (last 3 months)
    const endedPerMonth = months.slice(-3).reduce((a, p) => a + p.endedCount, 0) / 3;
    const monthsOfSupply = s.stats && endedPerMonth > 0 ? s.stats.activeCount / endedPerMonth : null;
    r.figures.push(figure('Months of supply (active ÷ ended per month, last 3 months)', monthsOfSupply, 'ratio', { ...lsrc, period, sampleSize: s.stats?.activeCount ?? 0 }));
    rows.push({ factor: 'Supply overhang', value: monthsOfSupply === null ? null : `${round(monthsOfSupply, 1)} months`, level: monthsOfSupply === null ? 'unknown' : monthsOfSupply > 12 ? 'high' : monthsOfSupply > 6 ? 'medium' : 'low', source: LISTINGS_SOURCE });
    const cv = coefficientOfVariationPct(months.map((p) => p.medianPricePerSqm));
    r.figures.push(figure('Price volatility (coefficient of variation of monthly median per m²)', cv, 'pct', { ...lsrc, period, sampleSize: months.filter((p) => p.medianPricePerSqm !== null).length }));
    rows.push({ factor: 'Price volatility', value: cv === null ? null : `${round(cv, 1)} %`, level: cv === null ? 'unknown' : cv > 15 ? 'high' : cv > 7 ? 'medium' : 'low', source: LISTINGS_SOURCE });
    const n = s.stats?.activeCount ?? 0;
    r.figures.push(figure('Active listings behind these figures', n, 'count', { ...lsrc, period: listingsPeriod(s.stats?.computedAt), sampleSize: n }));
    rows.push({ factor: 'Data thinness', value: `${n} active listings`, level: n < MARKET_MIN_SAMPLE ? 'high' : n < 4 * MARKET_MIN_SAMPLE ? 'medium' : 'low', source: LISTINGS_SOURCE });
    if (ctx.region) {
      const c = await this.statistics.crimeSeries(ctx.region.code);
      const last = c.rate[c.rate.length - 1];
      const lastN = c.nationalRate.find((p) => p.period === last?.period);
      if (last) {
        r.figures.push(figure('Crime rate per 100,000 (police region, latest month)', last.value, 'per_100k', { source: PNP_CRIME_SOURCE, period: last.period, granularity: 'region', areaCode: last.areaCode, areaName: last.areaName, sampleSize: null, note: 'Regional figure: the PNP publishes crime by police region.' }));
        const ratio = last.value !== null && lastN?.value ? last.value / lastN.value : null;
        rows.push({ factor: 'Crime (regional)', value: last.value === null ? null : `${last.value} per 100,000 (${last.period})${ratio ? `, ${round(ratio, 2)}× national` : ''}`, level: ratio === null ? 'unknown' : ratio > 1.2 ? 'high' : ratio > 0.8 ? 'medium' : 'low', source: PNP_CRIME_SOURCE });
      }
    }
    r.tables.push({
      id: 'risk',
      title: 'Risk factors',
      columns: [
        { key: 'factor', label: 'Factor', unit: 'text' },
        { key: 'value', label: 'Measure', unit: 'text' },
        { key: 'level', label: 'Level', unit: 'text' },
        { key: 'source', label: 'Source', unit: 'text' },
      ],
      rows,
      source: `${LISTINGS_SOURCE}; ${PNP_CRIME_SOURCE}`,
      period,
      granularity: s.area.level,
    });
    r.notes.push('Levels: months of supply above 12 high, above 6 medium; volatility above 15 % high, above 7 % medium; fewer than 5 listings high, fewer than 20 medium; crime above 1.2× the national rate high, above 0.8× medium.');
    r.sources = sourcesOf(r);
    return r;
  }

  /** Side by side: the listing figures of 2-4 areas. */
  async compare(codes: string[], opts: ReportOptions) {
    const o = this.areas.options(opts);
    const uniq = [...new Set(codes.map((c) => c.trim()).filter(Boolean))];
    if (uniq.length < 2 || uniq.length > 4) throw new BadRequestException(`areas must list 2 to 4 different PSGC codes separated by commas (got ${uniq.length})`);
    const ctxs = [];
    for (const c of uniq) ctxs.push(await this.areas.area(c, 'areas'));
    const stats = await this.listings.areaStatsMany(uniq, o.offer, o.kind);
    const by = new Map(stats.map((s) => [s.areaCode, s]));
    const months = await this.listings.monthlyMany(uniq, o.offer, o.kind, 24);
    const fies = await Promise.all(ctxs.map((c) => this.data.valuesFor('fies_2023', c.statCodes, { latest: true, indicators: ['avg_income_thousand_php'] })));
    return {
      offer: o.offer,
      kind: o.kind,
      demoData: this.listings.isDemo(),
      areas: ctxs.map((c, i) => {
        const s = by.get(c.ref.code);
        const figures = s ? listingFigures(s, c.ref, s.activeCount < MARKET_MIN_SAMPLE ? `Fewer than ${MARKET_MIN_SAMPLE} listings: not reliable` : undefined) : [];
        const d = c.detail;
        figures.push(figure('Population (2024)', d.population, 'persons', { source: PSA_PSGC_SOURCE, period: '2024', granularity: c.ref.level, areaCode: d.code, areaName: d.name, sampleSize: null }));
        figures.push(figure('Population density', d.population && d.areaKm2 ? d.population / d.areaKm2 : null, 'per_km2', { source: PSA_PSGC_SOURCE, period: '2024', granularity: c.ref.level, areaCode: d.code, areaName: d.name, sampleSize: null }));
        const inc = statFigure(fies[i], 'avg_income_thousand_php', 'Average annual family income', 'php', c.ref, { scale: 1000 });
        if (inc) figures.push(inc);
        return { area: c.ref, parents: c.parents, enoughListings: (s?.activeCount ?? 0) >= MARKET_MIN_SAMPLE, figures };
      }),
      chart: monthlyChartAndTable('compare', 'Median asking price per m²', ctxs.map((c) => ({ area: c.ref, points: months.get(c.ref.code) ?? [] })), o.offer).chart,
    };
  }

  /** The barangay at or nearest a point, and its market snapshot. */
  async location(lat: number, lng: number, opts: ReportOptions) {
    const o = this.areas.options(opts);
    const d = await this.places.nearestBarangay(lat, lng);
    if (!d) throw new NotFoundException('No barangay with a known centroid: the places import has no coordinates');
    const distance = d.lat !== null && d.lng !== null ? distanceKm(lat, lng, d.lat, d.lng) : null;
    return { barangay: this.areas.contextOf(d).ref, distanceKm: distance === null ? null : round(distance, 3), method: 'The barangay whose centroid (PSA/PSGC boundary centroid) is nearest the point.', summary: await this.market(d.code, o) };
  }

  /** National overview: listing figures of the country, the top cities and the national price index. */
  async overview(opts: ReportOptions) {
    const o = this.areas.options(opts);
    const stats = await this.listings.areaStats('PH', o.offer, o.kind);
    const ref: ReportAreaRef = { code: 'PH', name: 'Philippines', level: 'national' };
    const r: MarketReport = { group: 'property_trends', title: 'Market overview', summary: 'The listings of the whole country, the busiest cities and the national residential property price index.', tier: 1, area: ref, parents: [], offer: o.offer, kind: o.kind, generatedAt: new Date().toISOString(), demoData: this.listings.isDemo(), figures: stats ? listingFigures(stats, ref) : [], charts: [], tables: [], notes: [], sources: [], fallback: null, mapPoints: [] };
    const months = await this.listings.monthly('PH', o.offer, o.kind, 24);
    const m = monthlyChartAndTable('national', 'Median asking price per m², Philippines', [{ area: ref, points: months }], o.offer);
    r.charts.push(m.chart, m.volume);
    const top = await this.rankings.topAreas({ level: 'city', metric: 'active_count', offer: o.offer, kind: o.kind, limit: 10 });
    r.tables.push({
      id: 'top_cities',
      title: 'Cities with the most active listings',
      columns: [
        { key: 'rank', label: '#', unit: 'count' },
        { key: 'city', label: 'City', unit: 'text' },
        { key: 'active', label: 'Active listings', unit: 'count' },
      ],
      rows: top.items.map((x) => ({ rank: x.rank, city: x.area.name, active: x.activeCount })),
      source: LISTINGS_SOURCE,
      period: top.period,
      granularity: 'city',
    });
    const rppi = (await this.data.valuesFor('rppi', ['PH'], { indicators: ['nominal_yoy_pct'] })).sort((a, b) => a.period.localeCompare(b.period));
    const y = rppi[rppi.length - 1];
    if (y) r.figures.push(figure('Residential property prices, year on year (BIS/BSP)', y.value, 'pct', { source: DATASET_SOURCE.rppi, period: y.period, granularity: 'national', areaCode: 'PH', areaName: 'Philippines', sampleSize: null }));
    if (r.demoData) r.notes.push('Demo data: the listing figures come from the demonstration listings, not a real market.');
    r.sources = sourcesOf(r);
    return r;
  }
}
