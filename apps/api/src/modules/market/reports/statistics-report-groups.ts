import { Injectable } from '@nestjs/common';
import {
  PNP_CRIME_SOURCE,
  PSA_PSGC_SOURCE,
  type AreaLevel,
  type MarketFigure,
} from '@app/domain';
import { MarketDataService } from '../../market-data/market-data.service';
import { CPI_WEIGHT_GROUPS } from '../../market-data/stat-parsers';
import type { MarketReport, StatPoint } from '../market-contracts';
import {
  DATASET_SOURCE,
  figure,
  isWhiteCollar,
  latestPeriod,
  levelNote,
  mixChartAndTable,
  round,
  statFigure,
  titleCase,
} from './report-parts';
import { MarketAreasService, type AreaContext } from './market-areas.service';
import { WHITE_COLLAR_NOTE } from './report-parts';

/** The report groups composed from public statistics: demographics, economic data, job types, monthly expenditures, safety and crime. */
@Injectable()
export class StatisticsReportGroups {
  constructor(
    private readonly data: MarketDataService,
    private readonly areas: MarketAreasService,
  ) {}

  async demographics(r: MarketReport, ctx: AreaContext) {
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
      const cityDetail = await this.areas.placeDetail(city.code);
      r.tables[0].rows.push({ attribute: 'City income class', value: cityDetail.incomeClass }, { attribute: 'City class (of the city)', value: cityDetail.cityClass });
    }
    if (fies.length) {
      const p = fies[0];
      r.notes.push(`${levelNote(p.areaLevel, p.areaName)} (FIES 2023 is published by province and highly urbanised city).`);
    }
  }

  async economic(r: MarketReport, ctx: AreaContext) {
    const sulu = suluCaveat(ctx);
    if (sulu) r.notes.push(sulu);
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

  async jobTypes(r: MarketReport, ctx: AreaContext) {
    const sulu = suluCaveat(ctx);
    if (sulu) r.notes.push(sulu);
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

  async expenditures(r: MarketReport, ctx: AreaContext) {
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

  async cpiGroupNames(): Promise<Readonly<Record<string, string>>> {
    return CPI_WEIGHT_GROUPS;
  }

  /** The police region's crime rate series and the national one (PNP). */
  async crimeSeries(regionCode: string) {
    const region = await this.data.valuesFor('crime', [regionCode], { indicators: ['avg_monthly_crime_rate', 'index_crimes', 'total_crime_incidents'] });
    const national = await this.data.valuesFor('crime', ['PH'], { indicators: ['avg_monthly_crime_rate', 'index_crimes', 'total_crime_incidents'] });
    const only = (xs: StatPoint[], ind: string) => xs.filter((p) => p.indicator === ind).sort((a, b) => a.period.localeCompare(b.period));
    return { region, national, rate: only(region, 'avg_monthly_crime_rate'), nationalRate: only(national, 'avg_monthly_crime_rate'), only };
  }

  async safety(r: MarketReport, ctx: AreaContext) {
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
}

/** Sulu's PSGC province code (4Q 2025: under Region IX). */
export const SULU_PROVINCE_CODE = '0906600000';

/**
 * The caveat of the regional Labour Force Survey figures for a place in Sulu: the PSGC places Sulu in
 * Region IX (Zamboanga Peninsula), while the LFS 2024/2025 tables keep it in BARMM (their table notes,
 * see data/SOURCES.md), so the Region IX figures shown do not count Sulu. Null elsewhere.
 */
export function suluCaveat(ctx: Pick<AreaContext, 'ref' | 'parents'>): string | null {
  const inSulu = ctx.ref.code === SULU_PROVINCE_CODE || ctx.parents.some((p) => p.code === SULU_PROVINCE_CODE);
  return inSulu
    ? "Sulu: the PSGC places Sulu in Region IX (Zamboanga Peninsula), but PSA's Labour Force Survey tables still count it in BARMM (per their table notes), so the Region IX figures here do not include Sulu. Sulu's own province figures, where shown, are PSA's."
    : null;
}
