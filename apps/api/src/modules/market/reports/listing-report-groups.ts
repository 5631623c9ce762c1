import { Injectable } from '@nestjs/common';
import {
  BIR_ZONAL_SOURCE,
  COST_ASSUMPTION_FIELDS,
  COST_ASSUMPTIONS_SOURCE,
  DEVELOPMENTS_SOURCE,
  LISTING_KINDS,
  LISTINGS_SOURCE,
  MARKET_MIN_SAMPLE,
  grossYieldPct,
  median,
  netOperatingIncome,
  pctChange,
  type AreaLevel,
} from '@app/domain';
import { MarketDataService } from '../../market-data/market-data.service';
import { MarketCostAssumptionsService } from '../admin/market-cost-assumptions.service';
import { MarketDevelopmentsService } from '../admin/market-developments.service';
import { MarketListingsService } from '../listing-figures/market-listings.service';
import { statsKey, type AreaStatsView, type MarketKind, type MarketOffer, type MarketReport } from '../market-contracts';
import {
  DATASET_SOURCE,
  figure,
  levelNote,
  listingFigures,
  listingsPeriod,
  monthlyChartAndTable,
  monthsPeriod,
  round,
} from './report-parts';
import { MarketAreasService, type AreaContext } from './market-areas.service';
import { ASSUMPTION_LABELS, applyScope, priceBandTable } from './report-parts';
import { MarketRankingsService } from './market-rankings.service';

/** The report groups composed from the platform's listing figures (with cost assumptions, developments, the national index and zonal values). */
@Injectable()
export class ListingReportGroups {
  constructor(
    private readonly listings: MarketListingsService,
    private readonly data: MarketDataService,
    private readonly areas: MarketAreasService,
    private readonly rankings: MarketRankingsService,
    private readonly developments: MarketDevelopmentsService,
    private readonly assumptions: MarketCostAssumptionsService,
  ) {}

  async historic(r: MarketReport, ctx: AreaContext, offer: MarketOffer, kind: MarketKind) {
    const s = await this.areas.scope(ctx, offer, kind);
    applyScope(r, s);
    if (s.stats) r.figures.push(...listingFigures(s.stats, s.area));
    else r.notes.push(`No listings ${offer === 'sale' ? 'for sale' : 'for rent'} in ${s.area.name}.`);
    const areas = [s.area, ...(s.area.level === 'barangay' && ctx.city ? [ctx.city] : [])];
    const months = await this.listings.monthlyMany(areas.map((a) => a.code), offer, kind, 24);
    const m = monthlyChartAndTable('price_history', 'Median asking price per m², month by month', areas.map((a) => ({ area: a, points: months.get(a.code) ?? [] })), offer);
    r.charts.push(m.chart, m.volume);
    r.tables.push(m.table);
    if (s.stats) r.tables.push(priceBandTable(s.stats, s.area));
  }

  async capex(r: MarketReport, kind: MarketKind) {
    const all = await this.assumptions.all();
    const kinds = Object.keys(all);
    const shown = kind !== 'all' && all[kind] ? kind : null;
    if (shown) {
      const e = all[shown];
      for (const f of COST_ASSUMPTION_FIELDS) {
        r.figures.push(figure(ASSUMPTION_LABELS[f], e.values[f], f === 'associationDuesPerSqmMonth' ? 'php_per_sqm' : 'pct', { source: COST_ASSUMPTIONS_SOURCE, period: e.updatedAt ? `changed ${e.updatedAt.slice(0, 10)}` : 'documented default', granularity: 'national', areaCode: 'PH', areaName: 'Philippines', sampleSize: null, note: e.note }));
      }
    } else r.notes.push('Pick a property kind for its figures; the table shows every kind.');
    r.tables.push({
      id: 'assumptions',
      title: 'Cost assumptions per property kind',
      columns: [{ key: 'kind', label: 'Kind', unit: 'text' }, ...COST_ASSUMPTION_FIELDS.map((f) => ({ key: f, label: ASSUMPTION_LABELS[f], unit: (f === 'associationDuesPerSqmMonth' ? 'php_per_sqm' : 'pct') as 'pct' | 'php_per_sqm' })), { key: 'status', label: 'Status', unit: 'text' as const }],
      rows: kinds.map((k) => ({ kind: k, ...Object.fromEntries(COST_ASSUMPTION_FIELDS.map((f) => [f, all[k].values[f]])), status: all[k].isDefault ? 'documented default' : `changed by staff ${all[k].updatedAt?.slice(0, 10) ?? ''}: ${all[k].note}` })),
      source: COST_ASSUMPTIONS_SOURCE,
      period: 'current',
      granularity: 'national',
    });
    r.notes.push('Vacancy, management, maintenance and the capital reserve are shares of rent; insurance and real property tax are shares of the value; association dues are pesos per m² a month. The same assumptions apply everywhere in the country.');
  }

  /** Cap rate of a kind in an area from the median asking price, median rent and the kind's assumptions (figures read beforehand with `areaStatsGrid`). */
  capRateOf(stats: Map<string, AreaStatsView>, code: string, kind: MarketKind, assumptionsOf: (k: string) => import('@app/domain').CostAssumptions | undefined) {
    const sale = stats.get(statsKey(code, 'sale', kind));
    const rent = stats.get(statsKey(code, 'rent', kind));
    const a = assumptionsOf(kind);
    const price = sale?.medianPrice ?? null;
    const monthlyRent = rent?.medianPrice ?? null;
    const size = sale?.medianPrice && sale?.medianPricePerSqm ? sale.medianPrice / sale.medianPricePerSqm : null;
    const noi = a && price && monthlyRent ? netOperatingIncome({ price, monthlyRent, sizeSqm: size ?? 0, assumptions: a }) : null;
    return { sale: sale ?? null, rent: rent ?? null, price, monthlyRent, size, noi, sample: Math.min(sale?.priceSample ?? 0, rent?.priceSample ?? 0) };
  }

  async capRate(r: MarketReport, ctx: AreaContext, kind: MarketKind) {
    const all = await this.assumptions.all();
    const assumptionsOf = (k: string) => all[k]?.values;
    const kinds: MarketKind[] = kind === 'all' ? LISTING_KINDS.filter((k) => all[k]) : [kind];
    // one read for every kind, both offers, the area and (for a barangay) its city's fallback
    const fallbackCity = ctx.ref.level === 'barangay' ? ctx.city : null;
    const stats = await this.listings.areaStatsGrid([ctx.ref.code, ...(fallbackCity ? [fallbackCity.code] : [])], ['sale', 'rent'], kinds);
    const rowsFor = (code: string) => kinds.map((k) => ({ kind: k, ...this.capRateOf(stats, code, k, assumptionsOf) }));
    let area = ctx.ref;
    let rows = rowsFor(area.code);
    const enough = (xs: typeof rows) => xs.some((x) => x.sample >= MARKET_MIN_SAMPLE);
    if (!enough(rows) && fallbackCity) {
      const n = Math.max(0, ...rows.map((x) => x.sample));
      r.fallback = { reason: 'not_enough_listings', area: fallbackCity, sampleSize: n };
      r.notes.push(`Not enough listings in this barangay: showing ${fallbackCity.name} (a cap rate needs ${MARKET_MIN_SAMPLE} listings for sale and ${MARKET_MIN_SAMPLE} for rent of the kind)`);
      area = fallbackCity;
      rows = rowsFor(area.code);
    }
    const usable = rows.filter((x) => x.noi && x.sample >= MARKET_MIN_SAMPLE);
    const headline = kind === 'all' ? [...usable].sort((a, b) => b.sample - a.sample)[0] : usable[0];
    const period = listingsPeriod(rows.find((x) => x.sale)?.sale?.computedAt);
    const src = { source: `${LISTINGS_SOURCE}; ${COST_ASSUMPTIONS_SOURCE}`, period, granularity: area.level, areaCode: area.code, areaName: area.name };
    if (headline?.noi) {
      const k = headline.kind;
      r.figures.push(
        figure(`Cap rate (${k.replace(/_/g, ' ')})`, headline.noi.capRatePct, 'pct', { ...src, sampleSize: headline.sample }),
        figure(`Gross yield (${k.replace(/_/g, ' ')})`, headline.noi.grossYieldPct, 'pct', { ...src, sampleSize: headline.sample }),
        figure('Net operating income a year', headline.noi.netOperatingIncome, 'php', { ...src, sampleSize: headline.sample }),
        figure('Median asking price', headline.price, 'php', { ...src, source: LISTINGS_SOURCE, sampleSize: headline.sale?.priceSample ?? null }),
        figure('Median asking monthly rent', headline.monthlyRent, 'php', { ...src, source: LISTINGS_SOURCE, sampleSize: headline.rent?.priceSample ?? null }),
      );
    } else r.notes.push(`No property kind in ${area.name} has ${MARKET_MIN_SAMPLE} listings for sale and ${MARKET_MIN_SAMPLE} for rent: no cap rate.`);
    r.tables.push({
      id: 'cap_rates',
      title: 'Cap rate by property kind',
      columns: [
        { key: 'kind', label: 'Kind', unit: 'text' },
        { key: 'price', label: 'Median price', unit: 'php' },
        { key: 'rent', label: 'Median monthly rent', unit: 'php' },
        { key: 'size', label: 'Typical size (m²)', unit: 'ratio' },
        { key: 'grossYield', label: 'Gross yield (%)', unit: 'pct' },
        { key: 'noi', label: 'NOI a year', unit: 'php' },
        { key: 'capRate', label: 'Cap rate (%)', unit: 'pct' },
        { key: 'saleSample', label: 'For sale', unit: 'count' },
        { key: 'rentSample', label: 'For rent', unit: 'count' },
      ],
      rows: rows.map((x) => ({
        kind: x.kind,
        price: x.price,
        rent: x.monthlyRent,
        size: x.size === null ? null : round(x.size, 1),
        grossYield: x.noi?.grossYieldPct == null ? grossYieldPct(x.monthlyRent === null ? null : x.monthlyRent * 12, x.price) : round(x.noi.grossYieldPct, 2),
        noi: x.noi ? round(x.noi.netOperatingIncome, 0) : null,
        capRate: x.noi?.capRatePct == null ? null : round(x.noi.capRatePct, 2),
        saleSample: x.sale?.priceSample ?? 0,
        rentSample: x.rent?.priceSample ?? 0,
      })),
      source: `${LISTINGS_SOURCE}; ${COST_ASSUMPTIONS_SOURCE}`,
      period,
      granularity: area.level,
      note: `Rows with fewer than ${MARKET_MIN_SAMPLE} listings for sale or for rent are shown for reference and not used for the headline.`,
    });
    r.notes.push(
      'Cap rate = net operating income ÷ median asking price. NOI = rent × 12 less vacancy, less management, maintenance and capital reserve (shares of the collected rent), insurance and real property tax (shares of the price) and association dues (per m² × typical size × 12). Typical size = median price ÷ median price per m². Asking prices and rents, not transactions.',
    );
  }

  async opportunities(r: MarketReport, ctx: AreaContext, kind: MarketKind) {
    const o = await this.rankings.scoredOpportunities(ctx.ref.code, kind);
    r.figures.push(figure('Barangays considered', o.considered, 'count', { source: LISTINGS_SOURCE, period: o.period, granularity: o.within.level, areaCode: o.within.code, areaName: o.within.name, sampleSize: o.considered }));
    r.tables.push({
      id: 'opportunities',
      title: `Opportunities in ${o.within.name}`,
      columns: [
        { key: 'rank', label: '#', unit: 'count' },
        { key: 'barangay', label: 'Barangay', unit: 'text' },
        { key: 'score', label: 'Score', unit: 'ratio' },
        { key: 'priceChangePct', label: 'Price/m² change 12 mo (%)', unit: 'pct' },
        { key: 'grossYieldPct', label: 'Gross yield (%)', unit: 'pct' },
        { key: 'medianPricePerSqm', label: 'Median price/m²', unit: 'php_per_sqm' },
        { key: 'sample', label: 'Listings', unit: 'count' },
        { key: 'reasons', label: 'Why', unit: 'text' },
      ],
      rows: o.items.map((x, i) => ({
        rank: i + 1,
        barangay: x.area.name,
        score: x.score,
        priceChangePct: x.priceChangePct,
        grossYieldPct: x.grossYieldPct,
        medianPricePerSqm: x.medianPricePerSqm,
        sample: x.sampleSize,
        reasons: x.reasons.filter((y) => y.points > 0).map((y) => y.text).join('; ') || 'No part scored',
      })),
      source: LISTINGS_SOURCE,
      period: o.period,
      granularity: 'barangay',
    });
    r.charts.push({ id: 'scores', title: 'Opportunity score', kind: 'bar', unit: 'ratio', series: [{ name: 'Score (0-100)', source: LISTINGS_SOURCE, granularity: 'barangay', areaName: o.within.name, points: o.items.map((x) => ({ x: x.area.name, y: x.score, sample: x.sampleSize })) }] });
    r.notes.push(o.method);
    if (!o.items.length) r.notes.push(`No barangay in ${o.within.name} has ${MARKET_MIN_SAMPLE} active listings for sale.`);
  }

  async ongoing(r: MarketReport, ctx: AreaContext) {
    const radiusKm = 5;
    const { lat, lng } = ctx.detail;
    const items =
      ctx.ref.level === 'barangay'
        ? lat !== null && lng !== null
          ? await this.developments.nearPoint({ lat, lng }, radiusKm)
          : await this.developments.near(ctx.ref.code, radiusKm)
        : (await this.developments.list({ ...(ctx.ref.level === 'city' ? { cityCode: ctx.ref.code } : { regionCode: ctx.region?.code ?? ctx.ref.code }), limit: 100 })).items;
    if (ctx.ref.level === 'province' && ctx.region) r.notes.push(`Projects are listed by city or region: these are the projects of ${ctx.region.name}.`);
    const period = items.length ? `updated to ${items.map((d) => d.updatedAt).sort().at(-1)!.slice(0, 10)}` : 'none recorded';
    r.figures.push(figure(ctx.ref.level === 'barangay' ? `Projects within ${radiusKm} km` : 'Projects recorded here', items.length, 'count', { source: DEVELOPMENTS_SOURCE, period, granularity: ctx.ref.level, areaCode: ctx.ref.code, areaName: ctx.ref.name, sampleSize: items.length }));
    r.mapPoints = items.map((d) => ({ id: d.id, name: d.name, category: 'development', lat: d.lat, lng: d.lng, detail: `${d.kind.replace(/_/g, ' ')}, ${d.status.replace(/_/g, ' ')}${d.expectedCompletion ? `, expected ${d.expectedCompletion}` : ''}` }));
    if (ctx.detail.lat !== null && ctx.detail.lng !== null) r.mapPoints.unshift({ id: ctx.ref.code, name: ctx.ref.name, category: 'barangay', lat: ctx.detail.lat, lng: ctx.detail.lng });
    r.tables.push({
      id: 'developments',
      title: 'Development projects',
      columns: [
        { key: 'name', label: 'Project', unit: 'text' },
        { key: 'kind', label: 'Kind', unit: 'text' },
        { key: 'status', label: 'Status', unit: 'text' },
        { key: 'expectedCompletion', label: 'Expected completion', unit: 'text' },
        { key: 'distanceKm', label: 'Distance (km)', unit: 'ratio' },
        { key: 'sourceNote', label: 'Source', unit: 'text' },
      ],
      rows: items.map((d) => ({ name: d.name, kind: d.kind, status: d.status, expectedCompletion: d.expectedCompletion, distanceKm: d.distanceKm, sourceNote: d.sourceNote })),
      source: DEVELOPMENTS_SOURCE,
      period,
      granularity: ctx.ref.level,
    });
    if (!items.length) r.notes.push('No development projects are recorded near this area. Staff record projects in the console; no dataset is shipped.');
  }

  async cycles(r: MarketReport, ctx: AreaContext, offer: MarketOffer, kind: MarketKind) {
    const city = ctx.city ?? ctx.ref;
    const { result, months } = await this.rankings.cycleOf(city, offer, kind);
    const period = monthsPeriod(months);
    const src = { source: LISTINGS_SOURCE, period, granularity: city.level, areaCode: city.code, areaName: city.name, sampleSize: months[months.length - 1]?.activeCount ?? 0 };
    for (const i of result.indicators) r.figures.push(figure(i.label, i.value, 'pct', src));
    r.tables.push({
      id: 'cycle',
      title: `Market cycle of ${city.name}`,
      columns: [
        { key: 'item', label: 'Item', unit: 'text' },
        { key: 'value', label: 'Value', unit: 'text' },
      ],
      rows: [{ item: 'Phase', value: result.phase ? result.phase.replace('_', '-') : 'not classified' }, { item: 'Why', value: result.reason }, ...result.indicators.map((i) => ({ item: i.label, value: i.value === null ? null : `${round(i.value, 1)} %` }))],
      source: LISTINGS_SOURCE,
      period,
      granularity: city.level,
    });
    const m = monthlyChartAndTable('cycle_history', 'Median price per m² and listings, month by month', [{ area: city, points: months }], offer);
    r.charts.push(m.chart, m.volume);
    r.tables.push(m.table);
    r.notes.push(
      `Phase: ${result.phase ? result.phase.replace('_', '-') : 'not classified'} (${result.reason}).`,
      'Rule (Mueller\'s four phases, simplified): over 12 months, excess supply = change in active listings − change in demand (absorption: listings ended ÷ active, last 3 months against the same months a year before). Prices rising (> +2 %) with excess ≤ 0: expansion; excess > 0 with prices rising or flat: hyper-supply; prices falling (< −2 %) with excess > 0: recession; otherwise recovery. Days on market: the median of each month\'s ended listings (listed → sold, rented or removed), weighted by how many ended, over the same two 3-month windows; they stand in for excess supply only when the active listings cannot be compared.',
    );
    if (ctx.ref.level === 'barangay') r.notes.push(`The cycle is classified per city: ${city.name}.`);
  }

  async trends(r: MarketReport, ctx: AreaContext, offer: MarketOffer, kind: MarketKind) {
    const s = await this.areas.scope(ctx, offer, kind);
    applyScope(r, s);
    const months = await this.listings.monthly(s.area.code, offer, kind, 24);
    const base = months.find((p) => p.medianPricePerSqm !== null)?.medianPricePerSqm ?? null;
    const last = [...months].reverse().find((p) => p.medianPricePerSqm !== null);
    const yearAgo = months[months.length - 13];
    const period = monthsPeriod(months);
    const src = { source: LISTINGS_SOURCE, period, granularity: s.area.level, areaCode: s.area.code, areaName: s.area.name };
    r.figures.push(figure('Median price per m², change over 12 months', pctChange(yearAgo?.medianPricePerSqm ?? null, months[months.length - 1]?.medianPricePerSqm ?? null), 'pct', { ...src, sampleSize: months[months.length - 1]?.sqmSample ?? 0 }));
    r.figures.push(figure('New listings, last 12 months', months.slice(-12).reduce((a, p) => a + p.newCount, 0), 'count', { ...src, sampleSize: null }));
    r.charts.push({
      id: 'listing_index',
      title: 'Asking price index (first month with listings = 100)',
      kind: 'line',
      unit: 'index',
      series: [{ name: `${s.area.name}: asking price per m² index`, source: LISTINGS_SOURCE, granularity: s.area.level, areaName: s.area.name, points: months.map((p) => ({ x: p.month, y: base && p.medianPricePerSqm !== null ? round((p.medianPricePerSqm / base) * 100, 2) : null, sample: p.sqmSample })) }],
    });
    const m = monthlyChartAndTable('listing_volume', 'Listings per month', [{ area: s.area, points: months }], offer);
    r.charts.push(m.volume);
    r.tables.push(m.table);
    const rppi = await this.data.valuesFor('rppi', ['PH'], { indicators: ['nominal_index', 'nominal_yoy_pct', 'real_index'] });
    const nominal = rppi.filter((p) => p.indicator === 'nominal_index').sort((a, b) => a.period.localeCompare(b.period)).slice(-12);
    const yoy = rppi.filter((p) => p.indicator === 'nominal_yoy_pct').sort((a, b) => a.period.localeCompare(b.period));
    if (nominal.length) {
      r.charts.push({ id: 'rppi', title: 'Residential property price index, Philippines (nominal)', kind: 'line', unit: 'index', series: [{ name: 'Philippines (BIS/BSP)', source: DATASET_SOURCE.rppi, granularity: 'national', areaName: 'Philippines', points: nominal.map((p) => ({ x: p.period, y: p.value })) }], note: 'National figure: quarterly, transactions-based (BSP), not asking prices.' });
      const y = yoy[yoy.length - 1];
      if (y) r.figures.push(figure('National residential property prices, year on year', y.value, 'pct', { source: DATASET_SOURCE.rppi, period: y.period, granularity: 'national', areaCode: 'PH', areaName: 'Philippines', sampleSize: null, note: levelNote('national', 'Philippines') }));
      r.tables.push({ id: 'rppi_table', title: 'Residential property price index (nominal)', columns: [{ key: 'quarter', label: 'Quarter', unit: 'text' }, { key: 'index', label: 'Index', unit: 'index' }], rows: nominal.map((p) => ({ quarter: p.period, index: p.value })), source: DATASET_SOURCE.rppi, period: `${nominal[0].period} – ${nominal[nominal.length - 1].period}`, granularity: 'national' });
    } else r.notes.push('The national residential property price index is not loaded.');
    if (!last) r.notes.push(`No month with a median price per m² in ${s.area.name}.`);
  }

  async zonal(r: MarketReport, ctx: AreaContext, kind: MarketKind) {
    if (ctx.ref.level !== 'barangay') {
      r.notes.push('Zonal values are per street and barangay: pick a barangay.');
      return;
    }
    const zv = await this.data.zonalValues(ctx.ref.code);
    const values = zv.map((z) => z.valuePerSqm);
    const med = median(values);
    const effective = zv.map((z) => z.effectiveDate).filter((d): d is string => !!d).sort();
    const period = effective.length ? `effective ${effective[effective.length - 1]}` : 'as imported';
    const src = { source: BIR_ZONAL_SOURCE, period, granularity: 'barangay' as AreaLevel, areaCode: ctx.ref.code, areaName: ctx.ref.name, sampleSize: zv.length };
    if (!zv.length) {
      r.notes.push('No BIR zonal values are imported for this barangay. The operator imports the BIR\'s workbooks (the BIR\'s terms need permission, so none are shipped).');
    } else {
      r.figures.push(figure('Median zonal value per m²', med, 'php_per_sqm', src));
      const s = await this.areas.scope(ctx, 'sale', kind);
      if (s.stats?.medianPricePerSqm && med && !s.fallback) {
        r.figures.push(figure('Asking price per m² ÷ zonal value', s.stats.medianPricePerSqm / med, 'ratio', { ...src, source: `${LISTINGS_SOURCE}; ${BIR_ZONAL_SOURCE}`, sampleSize: s.stats.sqmSample }));
      } else r.notes.push(`The asking-price ratio needs ${MARKET_MIN_SAMPLE} listings for sale with a size in this barangay.`);
    }
    r.tables.push({
      id: 'zonal',
      title: 'BIR zonal values',
      columns: [
        { key: 'street', label: 'Street', unit: 'text' },
        { key: 'vicinity', label: 'Vicinity', unit: 'text' },
        { key: 'classification', label: 'Class', unit: 'text' },
        { key: 'valuePerSqm', label: 'Per m²', unit: 'php_per_sqm' },
        { key: 'departmentOrder', label: 'Department order', unit: 'text' },
        { key: 'effectiveDate', label: 'Effective', unit: 'text' },
      ],
      rows: zv.map((z) => ({ street: z.street, vicinity: z.vicinity, classification: z.classification, valuePerSqm: z.valuePerSqm, departmentOrder: z.departmentOrder, effectiveDate: z.effectiveDate })),
      source: BIR_ZONAL_SOURCE,
      period,
      granularity: 'barangay',
    });
  }
}
