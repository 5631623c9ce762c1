import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  BIR_ZONAL_SOURCE,
  COST_ASSUMPTION_FIELDS,
  COST_ASSUMPTIONS_SOURCE,
  DEVELOPMENTS_SOURCE,
  LISTING_KINDS,
  LISTINGS_SOURCE,
  MARKET_MIN_SAMPLE,
  PLANS,
  PNP_CRIME_SOURCE,
  PRICE_BANDS,
  PSA_PSGC_SOURCE,
  REPORT_GROUP_IDS,
  REPORT_GROUPS,
  classifyMarketCycle,
  coefficientOfVariationPct,
  distanceKm,
  grossYieldPct,
  isReportGroupId,
  median,
  nearestSimilar,
  netOperatingIncome,
  opportunityScore,
  pctChange,
  planForReport,
  planUnlocksReport,
  projectLinear,
  reportEntitlement,
  type AreaLevel,
  type CostAssumptionField,
  type MarketFigure,
  type PlanId,
  type ReportGroupId,
} from '@app/domain';
import type { AuthUser } from '../../../common/auth/auth-user';
import { MarketDataService } from '../../market-data/market-data.service';
import { CPI_WEIGHT_GROUPS } from '../../market-data/stat-parsers';
import { PlacesService, type PlaceDetail } from '../../places/places.service';
import { EntitlementRequiredException } from '../../subscriptions/entitlement-required.exception';
import { SubscriptionsService } from '../../subscriptions/subscriptions.service';
import { MarketCostAssumptionsService } from '../admin/market-cost-assumptions.service';
import { MarketDevelopmentsService } from '../admin/market-developments.service';
import { MarketListingsService } from '../listing-figures/market-listings.service';
import type {
  AreaRankMetric,
  AreaStatsView,
  MarketKind,
  MarketOffer,
  MarketReport,
  MonthlyPoint,
  ReportAreaRef,
  ReportTable,
  StatPoint,
} from '../market-contracts';
import {
  DATASET_SOURCE,
  figure,
  isWhiteCollar,
  latestPeriod,
  levelNote,
  listingFigures,
  listingsPeriod,
  mixChartAndTable,
  monthlyChartAndTable,
  monthsPeriod,
  round,
  statFigure,
  titleCase,
} from './report-parts';

export const MARKET_KINDS = ['all', ...LISTING_KINDS] as const;
export const MARKET_OFFERS = ['sale', 'rent'] as const;

export interface ReportOptions {
  offer?: MarketOffer;
  kind?: MarketKind;
}

/** An area as the reports use it: its place row, reference, parents and the codes public statistics are looked up by. */
export interface AreaContext {
  detail: PlaceDetail;
  ref: ReportAreaRef;
  /** Nearest first: city (not the sub-municipality), province, region. */
  parents: ReportAreaRef[];
  city: ReportAreaRef | null;
  region: ReportAreaRef | null;
  /** Most specific first, ending with 'PH'. */
  statCodes: string[];
}

/** A listing scope: the area's figures, or its city's when the barangay has too few listings. */
interface ListingScope {
  stats: AreaStatsView | null;
  area: ReportAreaRef;
  fallback: MarketReport['fallback'];
  note: string | null;
}

const levelOfPlace = (level: string): AreaLevel =>
  level === 'barangay' ? 'barangay' : level === 'province' ? 'province' : level === 'region' ? 'region' : 'city';

const PSGC = /^\d{10}$/;
/** Staff see every report (they support members). */
const isStaff = (caller: AuthUser | undefined) => !!caller && caller.role !== 'user';

export const WHITE_COLLAR_NOTE = 'White-collar: managers, professionals, technicians and associate professionals, clerical support workers (ISCO major groups 1-4).';

/**
 * Composes the 13 market reports and the /bi answers from the listing figures (MarketListingsService),
 * the public statistics (MarketDataService), places, developments and cost assumptions. Every figure
 * carries its source, period, granularity and sample; a barangay with fewer than MARKET_MIN_SAMPLE
 * listings shows its city's figures with `fallback` set. Plan locks are checked here (assertUnlocked).
 */
@Injectable()
export class MarketReportsService {
  constructor(
    private readonly listings: MarketListingsService,
    private readonly data: MarketDataService,
    private readonly places: PlacesService,
    private readonly developments: MarketDevelopmentsService,
    private readonly assumptions: MarketCostAssumptionsService,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  /* ---------------------------------------------------------------------------------------------
   * Plans
   * ------------------------------------------------------------------------------------------- */

  /** The caller's plan for report locks: guests read as Free. */
  async planOf(caller: AuthUser | undefined): Promise<PlanId> {
    if (!caller) return 'free';
    return this.subscriptions.planOf(caller.id);
  }

  /** 402 with the Upgrade prompt when the caller's plan does not unlock the group (staff pass). */
  async assertUnlocked(group: ReportGroupId, caller: AuthUser | undefined): Promise<void> {
    if (isStaff(caller)) return;
    const plan = await this.planOf(caller);
    if (!planUnlocksReport(plan, group)) throw new EntitlementRequiredException(reportEntitlement(group), planForReport(group), plan);
  }

  /** The 13 groups with their tier, sources and whether the caller's plan unlocks them. */
  async groups(caller: AuthUser | undefined) {
    const plan = await this.planOf(caller);
    const staff = isStaff(caller);
    return {
      currentPlan: plan,
      minSample: MARKET_MIN_SAMPLE,
      groups: REPORT_GROUP_IDS.map((id) => {
        const g = REPORT_GROUPS[id];
        return {
          id,
          title: g.title,
          summary: g.summary,
          tier: g.tier,
          sources: [...g.sources],
          entitlement: reportEntitlement(id),
          requiredPlan: planForReport(id),
          requiredPlanName: PLANS[planForReport(id)].name,
          locked: !staff && !planUnlocksReport(plan, id),
        };
      }),
    };
  }

  /* ---------------------------------------------------------------------------------------------
   * Areas
   * ------------------------------------------------------------------------------------------- */

  parseGroup(id: string): ReportGroupId {
    if (!isReportGroupId(id)) throw new NotFoundException(`Unknown report '${id}': one of ${REPORT_GROUP_IDS.join(', ')}`);
    return id;
  }

  /** The area (barangay, city or municipality, province or region) with its parents; 400 for a malformed code, 404 for an unknown one. */
  async area(code: string, field = 'area', levels?: readonly AreaLevel[]): Promise<AreaContext> {
    if (!PSGC.test(code ?? '')) throw new BadRequestException(`${field} must be a 10-digit PSGC code, e.g. 1380300000`);
    const detail = await this.places.placeDetail(code, field);
    if (detail.level === 'submunicipality') {
      throw new BadRequestException(`${field} '${code}' is a sub-municipality of ${detail.cityName ?? 'a city'}: give the city or one of its barangays`);
    }
    const ctx = this.contextOf(detail);
    if (levels && !levels.includes(ctx.ref.level)) {
      throw new BadRequestException(`${field} '${code}' is ${ctx.ref.level === 'city' ? 'a city or municipality' : `a ${ctx.ref.level}`} (${detail.name}); give ${levels.map((l) => `a ${l}`).join(' or ')}`);
    }
    return ctx;
  }

  contextOf(detail: PlaceDetail): AreaContext {
    const ref: ReportAreaRef = { code: detail.code, name: detail.name, level: levelOfPlace(detail.level) };
    const parents = detail.parents.filter((p) => p.level !== 'submunicipality').map((p) => ({ code: p.code, name: p.name, level: levelOfPlace(p.level) }));
    const city = ref.level === 'city' ? ref : (parents.find((p) => p.level === 'city') ?? null);
    const region = ref.level === 'region' ? ref : (parents.find((p) => p.level === 'region') ?? null);
    const statCodes = [...new Set([ref.level === 'barangay' ? null : ref.code, ...parents.map((p) => p.code), 'PH'].filter((c): c is string => !!c))];
    return { detail, ref, parents, city, region, statCodes };
  }

  private options(o: ReportOptions): { offer: MarketOffer; kind: MarketKind } {
    const offer = o.offer ?? 'sale';
    const kind = o.kind ?? 'all';
    if (!(MARKET_OFFERS as readonly string[]).includes(offer)) throw new BadRequestException(`offer must be one of: ${MARKET_OFFERS.join(', ')}`);
    if (!(MARKET_KINDS as readonly string[]).includes(kind)) throw new BadRequestException(`kind must be one of: ${MARKET_KINDS.join(', ')}`);
    return { offer, kind };
  }

  /** The area's listing figures, or (a barangay below the minimum sample) its city's, with the fallback said. */
  private async scope(ctx: AreaContext, offer: MarketOffer, kind: MarketKind): Promise<ListingScope> {
    const stats = await this.listings.areaStats(ctx.ref.code, offer, kind);
    const n = stats?.activeCount ?? 0;
    if (n >= MARKET_MIN_SAMPLE || ctx.ref.level !== 'barangay' || !ctx.city) {
      const note = n < MARKET_MIN_SAMPLE ? `Only ${n} active listing${n === 1 ? '' : 's'} in ${ctx.ref.name}: figures from fewer than ${MARKET_MIN_SAMPLE} listings are shown with their sample and are not reliable` : null;
      return { stats, area: ctx.ref, fallback: null, note };
    }
    const cityStats = await this.listings.areaStats(ctx.city.code, offer, kind);
    return {
      stats: cityStats,
      area: ctx.city,
      fallback: { reason: 'not_enough_listings', area: ctx.city, sampleSize: n },
      note: `Not enough listings in this barangay: showing ${ctx.city.name} (${n} active listing${n === 1 ? '' : 's'} here, ${MARKET_MIN_SAMPLE} needed)`,
    };
  }

  /* ---------------------------------------------------------------------------------------------
   * Reports
   * ------------------------------------------------------------------------------------------- */

  /** A report of one group for an area, after the plan check. */
  async report(groupId: string, areaCode: string, opts: ReportOptions, caller: AuthUser | undefined): Promise<MarketReport> {
    const group = this.parseGroup(groupId);
    const o = this.options(opts);
    const ctx = await this.area(areaCode);
    await this.assertUnlocked(group, caller);
    return this.compose(group, ctx, o);
  }

  /** A report without the plan check (the caller checked it). */
  async compose(group: ReportGroupId, ctx: AreaContext, o: { offer: MarketOffer; kind: MarketKind }): Promise<MarketReport> {
    const def = REPORT_GROUPS[group];
    const r: MarketReport = {
      group,
      title: def.title,
      summary: def.summary,
      tier: def.tier,
      area: ctx.ref,
      parents: ctx.parents,
      offer: o.offer,
      kind: o.kind,
      generatedAt: new Date().toISOString(),
      demoData: this.listings.isDemo(),
      figures: [],
      charts: [],
      tables: [],
      notes: [],
      sources: [],
      fallback: null,
      mapPoints: [],
    };
    switch (group) {
      case 'demographics':
        await this.demographics(r, ctx);
        break;
      case 'economic_data':
        await this.economic(r, ctx);
        break;
      case 'historic_and_current':
        await this.historic(r, ctx, o.offer, o.kind);
        break;
      case 'job_types':
        await this.jobTypes(r, ctx);
        break;
      case 'monthly_expenditures':
        await this.expenditures(r, ctx);
        break;
      case 'cap_ex_rate_data':
        await this.capex(r, o.kind);
        break;
      case 'capitalization_rate':
        await this.capRate(r, ctx, o.kind);
        break;
      case 'future_opportunities':
        await this.opportunities(r, ctx, o.kind);
        break;
      case 'ongoing_development':
        await this.ongoing(r, ctx);
        break;
      case 'market_cycles':
        await this.cycles(r, ctx, o.offer, o.kind);
        break;
      case 'property_trends':
        await this.trends(r, ctx, o.offer, o.kind);
        break;
      case 'safety_and_crime':
        await this.safety(r, ctx);
        break;
      case 'zonal_values':
        await this.zonal(r, ctx, o.kind);
        break;
    }
    if (r.demoData && REPORT_GROUPS[group].sources.includes(LISTINGS_SOURCE)) r.notes.push('Demo data: the listing figures come from the demonstration listings, not a real market.');
    r.sources = this.sourcesOf(r);
    return r;
  }

  /** Every source named by the report's figures, charts and tables, once, with its period and granularity. */
  private sourcesOf(r: MarketReport): MarketReport['sources'] {
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

  private applyScope(r: MarketReport, s: ListingScope) {
    r.fallback = s.fallback;
    if (s.note) r.notes.push(s.note);
  }

  private async demographics(r: MarketReport, ctx: AreaContext) {
    const d = ctx.detail;
    const psgc = { source: PSA_PSGC_SOURCE, period: '2024', granularity: ctx.ref.level, areaCode: d.code, areaName: d.name, sampleSize: null };
    r.figures.push(figure('Population (2024 census)', d.population, 'persons', psgc));
    r.figures.push(figure('Population density', d.population && d.areaKm2 ? d.population / d.areaKm2 : null, 'per_km2', psgc));
    const city = d.cityRow;
    if (city && ctx.ref.level === 'barangay') {
      r.figures.push(figure('City or municipality population (2024)', city.population, 'persons', { ...psgc, granularity: 'city', areaCode: city.code, areaName: city.name }));
    }
    const fies = await this.data.valuesFor('fies_2023', ctx.statCodes, { latest: true });
    const fam = statFigure(fies, 'families_thousands', 'Families', 'families', ctx.ref, { scale: 1000 });
    const inc = statFigure(fies, 'avg_income_thousand_php', 'Average annual family income', 'php', ctx.ref, { scale: 1000 });
    const exp = statFigure(fies, 'avg_expenditure_thousand_php', 'Average annual family expenditure', 'php', ctx.ref, { scale: 1000 });
    for (const f of [fam, inc, exp]) if (f) r.figures.push(f);
    if (!fies.length) r.notes.push('No FIES 2023 figures are loaded for this area or its province or region.');
    r.tables.push({
      id: 'place',
      title: `${d.name}: PSGC attributes`,
      columns: [
        { key: 'attribute', label: 'Attribute', unit: 'text' },
        { key: 'value', label: 'Value', unit: 'text' },
      ],
      rows: [
        { attribute: 'Level', value: d.level },
        { attribute: 'Population (2024)', value: d.population },
        { attribute: 'Land area (km²)', value: d.areaKm2 === null ? null : round(d.areaKm2, 3) },
        { attribute: 'Urban or rural', value: d.urbanRural },
        { attribute: 'Income class', value: d.incomeClass },
        { attribute: 'City class', value: d.cityClass },
        { attribute: 'City or municipality', value: d.cityName },
        { attribute: 'Province', value: d.provinceName },
        { attribute: 'Region', value: d.regionName },
      ],
      source: PSA_PSGC_SOURCE,
      period: '4Q 2025 codes, 2024 population',
      granularity: ctx.ref.level,
    });
    if (ctx.ref.level === 'barangay' && city) {
      const cityDetail = await this.places.placeDetail(city.code);
      r.tables[0].rows.push({ attribute: 'City income class', value: cityDetail.incomeClass }, { attribute: 'City class (of the city)', value: cityDetail.cityClass });
    }
    if (fies.length) {
      const p = fies[0];
      r.notes.push(`${levelNote(p.areaLevel, p.areaName)} (FIES 2023 is published by province and highly urbanised city).`);
    }
  }

  private async economic(r: MarketReport, ctx: AreaContext) {
    const lfs = await this.data.valuesFor('lfs_annual', ctx.statCodes, { latest: true });
    const add = (f: MarketFigure | null) => f && r.figures.push(f);
    add(statFigure(lfs, 'labor_force_thousands', 'Labour force', 'thousand_persons', ctx.ref));
    add(statFigure(lfs, 'lfpr_pct', 'Labour force participation rate', 'pct', ctx.ref));
    add(statFigure(lfs, 'employed_thousands', 'Employed', 'thousand_persons', ctx.ref));
    add(statFigure(lfs, 'employment_rate_pct', 'Employment rate', 'pct', ctx.ref));
    add(statFigure(lfs, 'unemployment_rate_pct', 'Unemployment rate', 'pct', ctx.ref));
    const regionCodes = ctx.statCodes.filter((c) => c === 'PH' || c === ctx.region?.code);
    const infl = await this.data.valuesFor('inflation', regionCodes, { indicators: ['yoy_pct'], breakdowns: ['All Items'] });
    const inflSorted = [...infl].sort((a, b) => a.period.localeCompare(b.period)).slice(-24);
    const last = inflSorted[inflSorted.length - 1];
    if (last) {
      r.figures.push(figure('Inflation, all items (year on year)', last.value, 'pct', { source: DATASET_SOURCE.inflation, period: last.period, granularity: last.areaLevel, areaCode: last.areaCode, areaName: last.areaName, sampleSize: null, note: levelNote(last.areaLevel, last.areaName) }));
      r.charts.push({
        id: 'inflation',
        title: 'Inflation, all items (year on year)',
        kind: 'line',
        unit: 'pct',
        series: [{ name: last.areaName, source: DATASET_SOURCE.inflation, granularity: last.areaLevel, areaName: last.areaName, points: inflSorted.map((p) => ({ x: p.period, y: p.value })) }],
        note: levelNote(last.areaLevel, last.areaName),
      });
    }
    const industry = await this.data.valuesFor('lfs_industry', regionCodes, { indicators: ['pct_total'], latest: true });
    if (industry.length) {
      const mix = mixChartAndTable('industry_mix', 'Employed persons by industry (%)', [...industry].sort((a, b) => (b.value ?? 0) - (a.value ?? 0)), 'pct');
      r.charts.push(mix.chart);
      r.tables.push(mix.table);
    }
    if (lfs.length) {
      const p = lfs[0];
      r.tables.push({
        id: 'labour',
        title: 'Labour force survey',
        columns: [
          { key: 'indicator', label: 'Indicator', unit: 'text' },
          { key: 'value', label: 'Value' },
        ],
        rows: lfs.map((x) => ({ indicator: x.indicator, value: x.value })),
        source: DATASET_SOURCE.lfs_annual,
        period: latestPeriod(lfs),
        granularity: p.areaLevel,
        note: levelNote(p.areaLevel, p.areaName),
      });
    } else r.notes.push('No Labour Force Survey figures are loaded for this area.');
  }

  private async historic(r: MarketReport, ctx: AreaContext, offer: MarketOffer, kind: MarketKind) {
    const s = await this.scope(ctx, offer, kind);
    this.applyScope(r, s);
    if (s.stats) r.figures.push(...listingFigures(s.stats, s.area));
    else r.notes.push(`No listings ${offer === 'sale' ? 'for sale' : 'for rent'} in ${s.area.name}.`);
    const areas = [s.area, ...(s.area.level === 'barangay' && ctx.city ? [ctx.city] : [])];
    const months = await this.listings.monthlyMany(areas.map((a) => a.code), offer, kind, 24);
    const m = monthlyChartAndTable('price_history', 'Median asking price per m², month by month', areas.map((a) => ({ area: a, points: months.get(a.code) ?? [] })), offer);
    r.charts.push(m.chart, m.volume);
    r.tables.push(m.table);
    if (s.stats) r.tables.push(this.priceBandTable(s.stats, s.area));
  }

  private priceBandTable(stats: AreaStatsView, area: ReportAreaRef): ReportTable {
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

  private async jobTypes(r: MarketReport, ctx: AreaContext) {
    const codes = ctx.statCodes.filter((c) => c === 'PH' || c === ctx.region?.code);
    const occ = await this.data.valuesFor('lfs_occupation', codes, { indicators: ['pct_total'], latest: true });
    const ind = await this.data.valuesFor('lfs_industry', codes, { indicators: ['pct_total'], latest: true });
    if (occ.length) {
      const p = occ[0];
      const white = occ.filter((x) => isWhiteCollar(x.breakdown)).reduce((a, x) => a + (x.value ?? 0), 0);
      r.figures.push(figure('White-collar share of the employed', white, 'pct', { source: DATASET_SOURCE.lfs_occupation, period: p.period, granularity: p.areaLevel, areaCode: p.areaCode, areaName: p.areaName, sampleSize: null, note: levelNote(p.areaLevel, p.areaName) }));
      const employed = await this.data.valuesFor('lfs_occupation', codes, { indicators: ['region_employed_thousands'], latest: true });
      const e = employed[0];
      if (e) r.figures.push(figure('Employed persons', e.value, 'thousand_persons', { source: DATASET_SOURCE.lfs_occupation, period: e.period, granularity: e.areaLevel, areaCode: e.areaCode, areaName: e.areaName, sampleSize: null, note: levelNote(e.areaLevel, e.areaName) }));
      const mix = mixChartAndTable('occupations', 'Employed persons by occupation (%)', [...occ].sort((a, b) => (b.value ?? 0) - (a.value ?? 0)), 'pct');
      r.charts.push(mix.chart);
      r.tables.push(mix.table);
      r.notes.push(WHITE_COLLAR_NOTE);
    } else r.notes.push('No occupation figures are loaded for this region.');
    if (ind.length) {
      const mix = mixChartAndTable('industries', 'Employed persons by industry (%)', [...ind].sort((a, b) => (b.value ?? 0) - (a.value ?? 0)), 'pct');
      r.charts.push(mix.chart);
      r.tables.push(mix.table);
    }
    r.notes.push('The Labour Force Survey publishes occupations and industries by region: these are regional figures, not the barangay\'s.');
  }

  private async expenditures(r: MarketReport, ctx: AreaContext) {
    const fies = await this.data.valuesFor('fies_2023', ctx.statCodes, { latest: true });
    const exp = fies.find((p) => p.indicator === 'avg_expenditure_thousand_php');
    const inc = fies.find((p) => p.indicator === 'avg_income_thousand_php');
    const monthly = exp?.value != null ? (exp.value * 1000) / 12 : null;
    if (exp) {
      const src = { source: DATASET_SOURCE.fies_2023, period: exp.period, granularity: exp.areaLevel, areaCode: exp.areaCode, areaName: exp.areaName, sampleSize: null, note: levelNote(exp.areaLevel, exp.areaName) };
      r.figures.push(figure('Average family expenditure per month (annual ÷ 12)', monthly, 'php', src));
      if (inc?.value != null) r.figures.push(figure('Average family income per month (annual ÷ 12)', (inc.value * 1000) / 12, 'php', src));
    } else r.notes.push('No FIES 2023 expenditure is loaded for this area.');
    const weights = (await this.data.valuesFor('cpi_weights', ctx.statCodes, { indicators: ['weight_pct'], latest: true })).filter((p) => /^\d{2}$/.test(p.breakdown));
    if (weights.length) {
      const names = await this.cpiGroupNames();
      const label = (code: string) => titleCase(names[code] ?? code);
      const sorted = [...weights].sort((a, b) => a.breakdown.localeCompare(b.breakdown));
      const mix = mixChartAndTable('spending_structure', 'Household spending structure (CPI weights, %)', sorted, 'pct', label);
      r.charts.push(mix.chart);
      const p = sorted[0];
      r.tables.push({
        id: 'spending',
        title: 'Monthly spending by group',
        columns: [
          { key: 'group', label: 'Group', unit: 'text' },
          { key: 'weight', label: 'Weight (%)', unit: 'pct' },
          { key: 'monthly', label: 'Of the monthly expenditure (₱)', unit: 'php' },
        ],
        rows: sorted.map((w) => ({ group: label(w.breakdown), weight: w.value, monthly: monthly !== null && w.value !== null ? round((monthly * w.value) / 100, 0) : null })),
        source: `${DATASET_SOURCE.cpi_weights}; ${DATASET_SOURCE.fies_2023}`,
        period: `weights ${p.period}, expenditure ${exp?.period ?? '2023'}`,
        granularity: p.areaLevel,
        note: `${levelNote(p.areaLevel, p.areaName)}. The peso split applies the 2018 CPI weights to the 2023 FIES average: an estimate of the structure, not a survey of this barangay.`,
      });
    }
  }

  private async cpiGroupNames(): Promise<Readonly<Record<string, string>>> {
    return CPI_WEIGHT_GROUPS;
  }

  private async capex(r: MarketReport, kind: MarketKind) {
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

  /** Cap rate of a kind in an area from the median asking price, median rent and the kind's assumptions. */
  private async capRateOf(code: string, kind: string, assumptionsOf: (k: string) => import('@app/domain').CostAssumptions | undefined) {
    const [sale] = await this.listings.areaStatsMany([code], 'sale', kind);
    const [rent] = await this.listings.areaStatsMany([code], 'rent', kind);
    const a = assumptionsOf(kind);
    const price = sale?.medianPrice ?? null;
    const monthlyRent = rent?.medianPrice ?? null;
    const size = sale?.medianPrice && sale?.medianPricePerSqm ? sale.medianPrice / sale.medianPricePerSqm : null;
    const noi = a && price && monthlyRent ? netOperatingIncome({ price, monthlyRent, sizeSqm: size ?? 0, assumptions: a }) : null;
    return { sale: sale ?? null, rent: rent ?? null, price, monthlyRent, size, noi, sample: Math.min(sale?.priceSample ?? 0, rent?.priceSample ?? 0) };
  }

  private async capRate(r: MarketReport, ctx: AreaContext, kind: MarketKind) {
    const all = await this.assumptions.all();
    const assumptionsOf = (k: string) => all[k]?.values;
    const kinds = kind === 'all' ? LISTING_KINDS.filter((k) => all[k]) : [kind];
    const rowsFor = async (code: string) => Promise.all(kinds.map(async (k) => ({ kind: k, ...(await this.capRateOf(code, k, assumptionsOf)) })));
    let area = ctx.ref;
    let rows = await rowsFor(area.code);
    const enough = (xs: typeof rows) => xs.some((x) => x.sample >= MARKET_MIN_SAMPLE);
    if (!enough(rows) && ctx.ref.level === 'barangay' && ctx.city) {
      const n = Math.max(0, ...rows.map((x) => x.sample));
      r.fallback = { reason: 'not_enough_listings', area: ctx.city, sampleSize: n };
      r.notes.push(`Not enough listings in this barangay: showing ${ctx.city.name} (a cap rate needs ${MARKET_MIN_SAMPLE} listings for sale and ${MARKET_MIN_SAMPLE} for rent of the kind)`);
      area = ctx.city;
      rows = await rowsFor(area.code);
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

  /** Barangays of the area's city (or the area's own barangays) scored for opportunity, best first. */
  async scoredOpportunities(withinCode: string, kind: MarketKind, limit = 20) {
    const ctx = await this.area(withinCode, 'within');
    const within = ctx.ref.level === 'barangay' ? (ctx.city ?? ctx.ref) : ctx.ref;
    const cityLevel = within.level === 'city';
    const candidates = await this.listings.rankAreas({ level: 'barangay', withinCode: within.code, offer: 'sale', kind, metric: 'active_count', minSample: MARKET_MIN_SAMPLE, limit: 300 });
    const codes = candidates.map((c) => c.areaCode);
    const [rents, months, withinStats] = await Promise.all([
      this.listings.areaStatsMany(codes, 'rent', kind),
      this.listings.monthlyMany(codes, 'sale', kind, 13),
      this.listings.areaStats(within.code, 'sale', kind),
    ]);
    const rentBy = new Map(rents.map((s) => [s.areaCode, s]));
    const details = new Map((await this.places.placeDetailsByCodes(codes)).map((d) => [d.code, d]));
    const scored = candidates.map((c) => {
      const m = months.get(c.areaCode) ?? [];
      const rent = rentBy.get(c.areaCode);
      const priceChangePct = pctChange(m[0]?.medianPricePerSqm ?? null, m[m.length - 1]?.medianPricePerSqm ?? null);
      const gy = rent && rent.priceSample >= MARKET_MIN_SAMPLE && rent.medianPrice !== null ? grossYieldPct(rent.medianPrice * 12, c.medianPrice) : null;
      const demandRatio = withinStats?.inquiriesPerListing ? (c.inquiriesPerListing ?? 0) / withinStats.inquiriesPerListing : null;
      const priceVsCityPct = pctChange(withinStats?.medianPricePerSqm ?? null, c.medianPricePerSqm);
      const s = opportunityScore({ priceChangePct, grossYieldPct: gy, demandRatio, priceVsCityPct });
      const d = details.get(c.areaCode);
      return {
        area: { code: c.areaCode, name: d?.name ?? c.areaCode, level: 'barangay' as AreaLevel },
        cityName: d?.cityName ?? null,
        score: s.score,
        reasons: s.reasons,
        sampleSize: c.activeCount,
        medianPricePerSqm: c.medianPricePerSqm,
        priceChangePct: priceChangePct === null ? null : round(priceChangePct, 2),
        grossYieldPct: gy === null ? null : round(gy, 2),
      };
    });
    scored.sort((a, b) => b.score - a.score || a.area.code.localeCompare(b.area.code));
    return {
      within: within,
      comparedWith: cityLevel ? 'city' : within.level,
      source: LISTINGS_SOURCE,
      period: listingsPeriod(withinStats?.computedAt),
      minSample: MARKET_MIN_SAMPLE,
      method:
        'Score 0-100 in four parts of 25: price per m² change over 12 months (+20 % scores 25), gross yield (8 % scores 25, 4 % or less 0), inquiries per listing against the area around (twice scores 25), median price per m² below the area around (20 % below scores 25). Barangays with at least the minimum sample of listings for sale.',
      items: scored.slice(0, limit),
      considered: scored.length,
    };
  }

  private async opportunities(r: MarketReport, ctx: AreaContext, kind: MarketKind) {
    const o = await this.scoredOpportunities(ctx.ref.code, kind);
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

  private async ongoing(r: MarketReport, ctx: AreaContext) {
    const radiusKm = 5;
    const items =
      ctx.ref.level === 'barangay'
        ? await this.developments.near(ctx.ref.code, radiusKm)
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

  /** The market-cycle classification of a city from its monthly figures (15 months). */
  async cycleOf(city: ReportAreaRef, offer: MarketOffer, kind: MarketKind) {
    const months = await this.listings.monthly(city.code, offer, kind, 15);
    const now = months[months.length - 1];
    const then = months[months.length - 13];
    const absorption = (xs: MonthlyPoint[]) => {
      const active = xs.reduce((a, p) => a + p.activeCount, 0);
      return active > 0 ? xs.reduce((a, p) => a + p.endedCount, 0) / active : null;
    };
    const absNow = absorption(months.slice(-3));
    const absThen = months.length >= 15 ? absorption(months.slice(-15, -12)) : null;
    const result = classifyMarketCycle({
      activeNow: now?.activeCount ?? null,
      active12mAgo: then?.activeCount || null,
      demandChangePct: pctChange(absThen, absNow),
      pricePerSqmNow: now?.medianPricePerSqm ?? null,
      pricePerSqm12mAgo: then?.medianPricePerSqm ?? null,
      domNow: null,
      dom12mAgo: null,
    });
    return { result, months };
  }

  private async cycles(r: MarketReport, ctx: AreaContext, offer: MarketOffer, kind: MarketKind) {
    const city = ctx.city ?? ctx.ref;
    const { result, months } = await this.cycleOf(city, offer, kind);
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
    r.notes.push(
      `Phase: ${result.phase ? result.phase.replace('_', '-') : 'not classified'} (${result.reason}).`,
      'Rule (Mueller\'s four phases, simplified): over 12 months, excess supply = change in active listings − change in demand (absorption: listings ended ÷ active, last 3 months against the same months a year before). Prices rising (> +2 %) with excess ≤ 0: expansion; excess > 0 with prices rising or flat: hyper-supply; prices falling (< −2 %) with excess > 0: recession; otherwise recovery. Days on market are not kept month by month, so that indicator is empty.',
    );
    if (ctx.ref.level === 'barangay') r.notes.push(`The cycle is classified per city: ${city.name}.`);
  }

  private async trends(r: MarketReport, ctx: AreaContext, offer: MarketOffer, kind: MarketKind) {
    const s = await this.scope(ctx, offer, kind);
    this.applyScope(r, s);
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

  /** The police region's crime rate series and the national one (PNP). */
  async crimeSeries(regionCode: string) {
    const region = await this.data.valuesFor('crime', [regionCode], { indicators: ['avg_monthly_crime_rate', 'index_crimes', 'total_crime_incidents'] });
    const national = await this.data.valuesFor('crime', ['PH'], { indicators: ['avg_monthly_crime_rate', 'index_crimes', 'total_crime_incidents'] });
    const only = (xs: StatPoint[], ind: string) => xs.filter((p) => p.indicator === ind).sort((a, b) => a.period.localeCompare(b.period));
    return { region, national, rate: only(region, 'avg_monthly_crime_rate'), nationalRate: only(national, 'avg_monthly_crime_rate'), only };
  }

  private async safety(r: MarketReport, ctx: AreaContext) {
    const regionRef = ctx.region;
    if (!regionRef) {
      r.notes.push('The crime statistics are by police region: pick an area inside a region.');
      return;
    }
    const c = await this.crimeSeries(regionRef.code);
    const last = c.rate[c.rate.length - 1];
    const lastN = c.nationalRate[c.nationalRate.length - 1];
    const avg = (xs: StatPoint[]) => {
      const v = xs.slice(-12).map((p) => p.value).filter((x): x is number => x !== null);
      return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
    };
    const note = 'Regional figure: the PNP publishes crime by police region, not by barangay or city.';
    if (last) {
      const src = { source: PNP_CRIME_SOURCE, granularity: 'region' as AreaLevel, areaCode: last.areaCode, areaName: last.areaName, sampleSize: null, note };
      r.figures.push(figure('Crime rate per 100,000 people, latest month', last.value, 'per_100k', { ...src, period: last.period }));
      r.figures.push(figure('Crime rate per 100,000, average of the last 12 months', avg(c.rate), 'per_100k', { ...src, period: `${c.rate.slice(-12)[0].period} – ${last.period}` }));
      const idx = c.only(c.region, 'index_crimes');
      const lastIdx = idx[idx.length - 1];
      if (lastIdx) r.figures.push(figure('Index crimes, latest month', lastIdx.value, 'count', { ...src, period: lastIdx.period }));
    } else r.notes.push(`No PNP crime statistics are loaded for ${regionRef.name}.`);
    if (lastN) {
      r.figures.push(figure('National crime rate per 100,000, latest month', lastN.value, 'per_100k', { source: PNP_CRIME_SOURCE, period: lastN.period, granularity: 'national', areaCode: 'PH', areaName: lastN.areaName, sampleSize: null, note: levelNote('national', lastN.areaName) }));
    }
    r.charts.push({
      id: 'crime_rate',
      title: 'Crime rate per 100,000 people, monthly',
      kind: 'line',
      unit: 'per_100k',
      series: [
        ...(c.rate.length ? [{ name: c.rate[0].areaName, source: PNP_CRIME_SOURCE, granularity: 'region' as AreaLevel, areaName: c.rate[0].areaName, points: c.rate.map((p) => ({ x: p.period, y: p.value })) }] : []),
        ...(c.nationalRate.length ? [{ name: 'Philippines', source: PNP_CRIME_SOURCE, granularity: 'national' as AreaLevel, areaName: 'Philippines', points: c.nationalRate.map((p) => ({ x: p.period, y: p.value })) }] : []),
      ],
      note,
    });
    const nationalBy = new Map(c.nationalRate.map((p) => [p.period, p.value]));
    r.tables.push({
      id: 'crime_table',
      title: 'Crime rate per 100,000, region and nation',
      columns: [
        { key: 'month', label: 'Month', unit: 'text' },
        { key: 'region', label: regionRef.name, unit: 'per_100k' },
        { key: 'national', label: 'Philippines', unit: 'per_100k' },
      ],
      rows: c.rate.map((p) => ({ month: p.period, region: p.value, national: nationalBy.get(p.period) ?? null })),
      source: PNP_CRIME_SOURCE,
      period: c.rate.length ? `${c.rate[0].period} – ${c.rate[c.rate.length - 1].period}` : '',
      granularity: 'region',
      note,
    });
    r.notes.push(note, 'The shipped PNP statistics cover 2022-2023; newer files can be imported by the operator.');
  }

  private async zonal(r: MarketReport, ctx: AreaContext, kind: MarketKind) {
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
      const s = await this.scope(ctx, 'sale', kind);
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

  /* ---------------------------------------------------------------------------------------------
   * Other /bi answers
   * ------------------------------------------------------------------------------------------- */

  /** A report-shaped answer for one of the fixed routes (not one of the 13 groups). */
  blank(ctx: AreaContext, title: string, summary: string, tier: number, o: { offer: MarketOffer; kind: MarketKind }, group: ReportGroupId): MarketReport {
    return { group, title, summary, tier, area: ctx.ref, parents: ctx.parents, offer: o.offer, kind: o.kind, generatedAt: new Date().toISOString(), demoData: this.listings.isDemo(), figures: [], charts: [], tables: [], notes: [], sources: [], fallback: null, mapPoints: [] };
  }

  /** Listing figures of any area (the market snapshot). */
  async market(areaCode: string, opts: ReportOptions): Promise<MarketReport> {
    const o = this.options(opts);
    const ctx = await this.area(areaCode);
    const r = this.blank(ctx, 'Market snapshot', 'Asking prices, supply and demand of the listings here now.', 1, o, 'historic_and_current');
    const s = await this.scope(ctx, o.offer, o.kind);
    this.applyScope(r, s);
    if (s.stats) {
      r.figures.push(...listingFigures(s.stats, s.area));
      r.tables.push(this.priceBandTable(s.stats, s.area));
    } else r.notes.push(`No listings ${o.offer === 'sale' ? 'for sale' : 'for rent'} in ${s.area.name}.`);
    if (r.demoData) r.notes.push('Demo data: the listing figures come from the demonstration listings, not a real market.');
    r.sources = this.sourcesOf(r);
    return r;
  }

  /** Ranked areas of a level. */
  async topAreas(q: { level: AreaLevel; within?: string; metric: AreaRankMetric; offer?: MarketOffer; kind?: MarketKind; order?: 'asc' | 'desc'; limit?: number }) {
    const o = this.options(q);
    if (q.within) await this.area(q.within, 'within', ['region', 'province', 'city']);
    const rows = await this.listings.rankAreas({ level: q.level, withinCode: q.within, offer: o.offer, kind: o.kind, metric: q.metric, order: q.order, minSample: MARKET_MIN_SAMPLE, limit: q.limit ?? 20 });
    const details = new Map((await this.places.placeDetailsByCodes(rows.map((x) => x.areaCode))).map((d) => [d.code, d]));
    const value = (s: AreaStatsView) =>
      q.metric === 'median_price_per_sqm' ? s.medianPricePerSqm : q.metric === 'active_count' ? s.activeCount : q.metric === 'new_30d' ? s.new30d : q.metric === 'inquiries_per_listing' ? s.inquiriesPerListing : s.medianDaysOnMarket;
    const sample = (s: AreaStatsView) => (q.metric === 'median_price_per_sqm' ? s.sqmSample : q.metric === 'median_days_on_market' ? s.domSample : s.activeCount);
    return {
      level: q.level,
      metric: q.metric,
      offer: o.offer,
      kind: o.kind,
      source: LISTINGS_SOURCE,
      period: listingsPeriod(rows[0]?.computedAt),
      minSample: MARKET_MIN_SAMPLE,
      demoData: this.listings.isDemo(),
      items: rows.map((s, i) => {
        const d = details.get(s.areaCode);
        return { rank: i + 1, area: { code: s.areaCode, name: d?.name ?? s.areaCode, level: s.level }, parentName: d?.cityName ?? d?.provinceName ?? d?.regionName ?? null, value: value(s), sampleSize: sample(s), activeCount: s.activeCount };
      }),
    };
  }

  /** Active listings per price band of an area. */
  async priceRanges(areaCode: string, opts: ReportOptions) {
    const o = this.options(opts);
    const ctx = await this.area(areaCode);
    const s = await this.scope(ctx, o.offer, o.kind);
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
    const o = this.options(opts);
    const ctx = await this.area(areaCode);
    const r = this.blank(ctx, 'Price projection', 'A straight-line trend of the median asking price per m² with its 80 % prediction interval.', 2, o, 'property_trends');
    const s = await this.scope(ctx, o.offer, o.kind);
    this.applyScope(r, s);
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
    r.sources = this.sourcesOf(r);
    return r;
  }

  /** Risk factors of an area: crime (regional), supply overhang, price volatility, data thinness; each with its source. */
  async risk(areaCode: string, opts: ReportOptions): Promise<MarketReport> {
    const o = this.options(opts);
    const ctx = await this.area(areaCode);
    const r = this.blank(ctx, 'Risk assessment', 'Crime, supply overhang, price volatility and how thin the data is, each with its source.', 2, o, 'market_cycles');
    const s = await this.scope(ctx, o.offer, o.kind);
    this.applyScope(r, s);
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
      const c = await this.crimeSeries(ctx.region.code);
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
    r.sources = this.sourcesOf(r);
    return r;
  }

  /** Side by side: the listing figures of 2-4 areas. */
  async compare(codes: string[], opts: ReportOptions) {
    const o = this.options(opts);
    const uniq = [...new Set(codes.map((c) => c.trim()).filter(Boolean))];
    if (uniq.length < 2 || uniq.length > 4) throw new BadRequestException(`areas must list 2 to 4 different PSGC codes separated by commas (got ${uniq.length})`);
    const ctxs = [];
    for (const c of uniq) ctxs.push(await this.area(c, 'areas'));
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

  /** The barangays most like this one (same region), by price/m², density and FIES income. */
  async similar(barangayCode: string, opts: ReportOptions, k = 5) {
    const o = this.options(opts);
    const ctx = await this.area(barangayCode, 'barangay', ['barangay']);
    const regionCode = ctx.region?.code;
    const ranked = await this.listings.rankAreas({ level: 'barangay', withinCode: regionCode, offer: o.offer, kind: o.kind, metric: 'median_price_per_sqm', minSample: MARKET_MIN_SAMPLE, limit: 500 });
    const codes = [...new Set([ctx.ref.code, ...ranked.map((x) => x.areaCode)])];
    const [details, own] = await Promise.all([this.places.placeDetailsByCodes(codes), this.listings.areaStats(ctx.ref.code, o.offer, o.kind)]);
    const detailBy = new Map(details.map((d) => [d.code, d]));
    const statsBy = new Map(ranked.map((s) => [s.areaCode, s]));
    if (own) statsBy.set(own.areaCode, own);
    // FIES income by the city (else province) of each barangay: one look-up per distinct parent chain
    const incomeOf = new Map<string, number | null>();
    for (const d of details) {
      const key = d.parents.map((p) => p.code).join('|');
      if (incomeOf.has(key)) continue;
      const c = this.contextOf(d);
      const pts = await this.data.valuesFor('fies_2023', c.statCodes.filter((x) => x !== 'PH'), { latest: true, indicators: ['avg_income_thousand_php'] });
      incomeOf.set(key, pts[0]?.value ?? null);
    }
    const feat = (code: string) => {
      const d = detailBy.get(code);
      const s = statsBy.get(code);
      return {
        code,
        features: {
          pricePerSqm: s && s.sqmSample >= MARKET_MIN_SAMPLE ? s.medianPricePerSqm : null,
          densityPerKm2: d?.population && d.areaKm2 ? d.population / d.areaKm2 : null,
          familyIncome: d ? (incomeOf.get(d.parents.map((p) => p.code).join('|')) ?? null) : null,
        },
      };
    };
    const near = nearestSimilar(feat(ctx.ref.code), codes.filter((c) => c !== ctx.ref.code).map(feat), k);
    return {
      area: ctx.ref,
      offer: o.offer,
      kind: o.kind,
      method:
        'Nearest barangays of the same region with at least the minimum sample of listings, in standardised features (z-scores): median asking price per m² (Tahanan listings), population density (PSA 2024 population ÷ area), average family income of the city or province (PSA FIES 2023). Distance = root mean square of the z-score differences over the features both have. Amenity counts are not used yet.',
      sources: [LISTINGS_SOURCE, PSA_PSGC_SOURCE, DATASET_SOURCE.fies_2023],
      features: feat(ctx.ref.code).features,
      items: near.map((n) => {
        const d = detailBy.get(n.code);
        return { area: { code: n.code, name: d?.name ?? n.code, level: 'barangay' as AreaLevel }, cityName: d?.cityName ?? null, distance: round(n.distance, 4), featuresUsed: n.featuresUsed, features: feat(n.code).features, sampleSize: statsBy.get(n.code)?.activeCount ?? 0 };
      }),
    };
  }

  /** Places with data for the picker, by name. */
  async searchPlaces(text: string, levels: readonly ('barangay' | 'city' | 'province' | 'region')[], offer: MarketOffer, limit: number, skip: number) {
    const placeLevels = levels.flatMap((l) => (l === 'city' ? (['city', 'municipality'] as const) : ([l] as const)));
    const found = await this.places.searchPlaces(text, placeLevels, Math.min(skip + limit + 1, 500));
    const page = found.slice(skip, skip + limit);
    const stats = await this.listings.areaStatsMany(page.map((p) => p.code), offer, 'all');
    const by = new Map(stats.map((s) => [s.areaCode, s]));
    return {
      items: page.map((p) => ({
        code: p.code,
        name: p.name,
        level: levelOfPlace(p.level),
        cityName: p.cityName,
        provinceName: p.provinceName,
        regionName: p.regionName,
        activeListings: by.get(p.code)?.activeCount ?? 0,
        enoughListings: (by.get(p.code)?.activeCount ?? 0) >= MARKET_MIN_SAMPLE,
      })),
      total: Math.min(found.length, 500),
      more: found.length > skip + limit,
    };
  }

  /** The picker's values. */
  async dropdown(q: { region?: string; city?: string; offer?: MarketOffer }) {
    const offer = q.offer ?? 'sale';
    const regions = await this.places.listRegions();
    let cities: Array<{ code: string; name: string; activeListings: number }> = [];
    let barangays: Array<{ code: string; name: string; activeListings: number; enoughListings: boolean }> = [];
    if (q.region) {
      await this.area(q.region, 'region', ['region']);
      const rows = await this.places.placesWithin({ levels: ['city', 'municipality'], regionCode: q.region });
      const stats = new Map((await this.listings.areaStatsMany(rows.map((r) => r.code), offer, 'all')).map((s) => [s.areaCode, s.activeCount]));
      cities = rows.map((r) => ({ code: r.code, name: r.name, activeListings: stats.get(r.code) ?? 0 })).sort((a, b) => a.name.localeCompare(b.name));
    }
    if (q.city) {
      await this.area(q.city, 'city', ['city']);
      const rows = await this.places.listBarangays(q.city);
      const stats = new Map((await this.listings.areaStatsMany(rows.map((r) => r.code), offer, 'all')).map((s) => [s.areaCode, s.activeCount]));
      barangays = rows.map((r) => ({ code: r.code, name: r.name, activeListings: stats.get(r.code) ?? 0, enoughListings: (stats.get(r.code) ?? 0) >= MARKET_MIN_SAMPLE }));
    }
    const national = await this.listings.monthly('PH', offer, 'all', 24);
    return {
      regions: regions.map((r) => ({ code: r.code, name: r.name })),
      cities,
      barangays,
      kinds: [...MARKET_KINDS],
      offers: [...MARKET_OFFERS],
      months: national.filter((m) => m.activeCount > 0 || m.newCount > 0).map((m) => m.month),
      groups: REPORT_GROUP_IDS.map((id) => ({ id, title: REPORT_GROUPS[id].title, tier: REPORT_GROUPS[id].tier })),
      minSample: MARKET_MIN_SAMPLE,
    };
  }

  /** The barangay at or nearest a point, and its market snapshot. */
  async location(lat: number, lng: number, opts: ReportOptions) {
    const o = this.options(opts);
    const d = await this.places.nearestBarangay(lat, lng);
    if (!d) throw new NotFoundException('No barangay with a known centroid: the places import has no coordinates');
    const distance = d.lat !== null && d.lng !== null ? distanceKm(lat, lng, d.lat, d.lng) : null;
    return { barangay: this.contextOf(d).ref, distanceKm: distance === null ? null : round(distance, 3), method: 'The barangay whose centroid (PSA/PSGC boundary centroid) is nearest the point.', summary: await this.market(d.code, o) };
  }

  /** National overview: listing figures of the country, the top cities and the national price index. */
  async overview(opts: ReportOptions) {
    const o = this.options(opts);
    const stats = await this.listings.areaStats('PH', o.offer, o.kind);
    const ref: ReportAreaRef = { code: 'PH', name: 'Philippines', level: 'national' };
    const r: MarketReport = { group: 'property_trends', title: 'Market overview', summary: 'The listings of the whole country, the busiest cities and the national residential property price index.', tier: 1, area: ref, parents: [], offer: o.offer, kind: o.kind, generatedAt: new Date().toISOString(), demoData: this.listings.isDemo(), figures: stats ? listingFigures(stats, ref) : [], charts: [], tables: [], notes: [], sources: [], fallback: null, mapPoints: [] };
    const months = await this.listings.monthly('PH', o.offer, o.kind, 24);
    const m = monthlyChartAndTable('national', 'Median asking price per m², Philippines', [{ area: ref, points: months }], o.offer);
    r.charts.push(m.chart, m.volume);
    const top = await this.topAreas({ level: 'city', metric: 'active_count', offer: o.offer, kind: o.kind, limit: 10 });
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
    r.sources = this.sourcesOf(r);
    return r;
  }
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
