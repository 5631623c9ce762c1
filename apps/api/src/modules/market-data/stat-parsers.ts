import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  BIS_RPPI_SOURCE,
  PNP_CRIME_SOURCE,
  PSA_CPI_SOURCE,
  PSA_CPI_WEIGHTS_SOURCE,
  PSA_FIES_SOURCE,
  PSA_LFS_SOURCE,
} from '@app/domain';
import type { StatDatasetId } from '../market/market-contracts';
import { cleanAreaName, type AreaMatcher, type StatAreaLevel } from './area-matcher';
import { parseCsv } from './csv';

/** Bad input: the message names the file and what is wrong with it. */
export class StatImportError extends Error {
  constructor(file: string, problem: string) {
    super(`${path.basename(file)}: ${problem}`);
    this.name = 'StatImportError';
  }
}

/** One value as stored in stat_values. */
export interface StatRow {
  areaCode: string;
  areaLevel: StatAreaLevel;
  areaName: string;
  indicator: string;
  breakdown: string;
  period: string;
  variant: string;
  value: number | null;
  unit: string;
}

/** A file read and checked, ready to write. */
export interface ParsedDataset {
  dataset: StatDatasetId;
  title: string;
  source: string;
  fileName: string;
  sha256: string;
  /** Data rows read from the file (lines or sheet rows). */
  fileRows: number;
  values: StatRow[];
  /** Rows left out on purpose, per reason (Areas Outside NCR, a former province). */
  skipped: { reason: string; rows: number }[];
  /** Rows whose area name matched no PSGC place (left out; each is reported). */
  unmatched: { line: number; name: string; reason: string }[];
}

/** CPI 2018 weights: the published name of each commodity code (COICOP 2018 groups and subgroups). */
export const CPI_WEIGHT_GROUPS: Readonly<Record<string, string>> = {
  '0': 'ALL ITEMS',
  '01': 'FOOD AND NON-ALCOHOLIC BEVERAGES',
  '01.1': 'FOOD',
  '01.2': 'NON-ALCOHOLIC BEVERAGES',
  '02': 'ALCOHOLIC BEVERAGES AND TOBACCO',
  '02.1': 'ALCOHOLIC BEVERAGES',
  '02.3': 'TOBACCO',
  '02.4': 'OTHER VEGETABLE-BASED TOBACCO PRODUCTS',
  '03': 'CLOTHING AND FOOTWEAR',
  '03.1': 'CLOTHING',
  '03.2': 'FOOTWEAR',
  '04': 'HOUSING, WATER, ELECTRICITY, GAS, AND OTHER FUELS',
  '04.1': 'ACTUAL RENTALS FOR HOUSING',
  '04.3': 'MAINTENANCE, REPAIR AND SECURITY OF THE DWELLING',
  '04.4': 'WATER SUPPLY AND MISCELLANEOUS SERVICES RELATING TO THE DWELLING',
  '04.5': 'ELECTRICITY, GAS AND OTHER FUELS',
  '05': 'FURNISHINGS, HOUSEHOLD EQUIPMENT AND ROUTINE HOUSEHOLD MAINTENANCE',
  '05.1': 'FURNITURE, FURNISHINGS, AND LOOSE CARPETS',
  '05.2': 'HOUSEHOLD TEXTILES',
  '05.3': 'HOUSEHOLD APPLIANCES',
  '05.4': 'GLASSWARE, TABLEWARE AND HOUSEHOLD UTENSILS',
  '05.5': 'TOOLS AND EQUIPMENT FOR HOUSE AND GARDEN',
  '05.6': 'GOODS AND SERVICES FOR ROUTINE HOUSEHOLD MAINTENANCE',
  '06': 'HEALTH',
  '06.1': 'MEDICINES AND HEALTH PRODUCTS',
  '06.2': 'OUTPATIENT CARE SERVICES',
  '06.3': 'INPATIENT CARE SERVICES',
  '06.4': 'OTHER HEALTH SERVICES',
  '07': 'TRANSPORT',
  '07.1': 'PURCHASE OF VEHICLES',
  '07.2': 'OPERATION OF PERSONAL TRANSPORT EQUIPMENT',
  '07.3': 'PASSENGER TRANSPORT SERVICES',
  '07.4': 'TRANSPORT SERVICES OF GOODS',
  '08': 'INFORMATION AND COMMUNICATION',
  '08.1': 'INFORMATION AND COMMUNICATION EQUIPMENT',
  '08.3': 'INFORMATION AND COMMUNICATION SERVICES',
  '09': 'RECREATION, SPORT AND CULTURE',
  '09.1': 'RECREATIONAL DURABLES',
  '09.2': 'OTHER RECREATIONAL GOODS',
  '09.3': 'GARDEN PRODUCTS AND PETS',
  '09.4': 'RECREATIONAL SERVICES',
  '09.5': 'CULTURAL GOODS',
  '09.6': 'CULTURAL SERVICES',
  '09.7': 'NEWSPAPERS, BOOKS AND STATIONERY',
  '09.8': 'PACKAGE HOLIDAYS (S)',
  '10': 'EDUCATION SERVICES',
  '10.1': 'EARLY CHILDHOOD AND PRIMARY EDUCATION',
  '10.2': 'SECONDARY EDUCATION (S)',
  '10.4': 'TERTIARY EDUCATION (S)',
  '10.5': 'EDUCATION NOT DEFINED BY LEVEL (S)',
  '11': 'RESTAURANTS AND ACCOMMODATION SERVICES',
  '11.1': 'FOOD AND BEVERAGE SERVING SERVICES',
  '11.2': 'ACCOMMODATION SERVICES',
  '12': 'FINANCIAL SERVICES',
  '12.2': 'FINANCIAL SERVICES',
  '13': 'PERSONAL CARE, AND MISCELLANEOUS GOODS AND SERVICES',
  '13.1': 'PERSONAL CARE',
  '13.2': 'OTHER PERSONAL EFFECTS',
  '13.9': 'OTHER SERVICES',
};

/** The CPI file's `regional_boundaries` values (empty for areas the Negros Island Region did not change). */
export const CPI_VARIANTS = ['', 'before_NIR', 'with_NIR'] as const;

/** The unit of each indicator, as stored. */
export const STAT_UNITS = {
  thousandFamilies: 'thousand_families',
  thousandPhp: 'thousand_php',
  thousandPersons: 'thousand_persons',
  pct: 'pct',
  flag: 'flag',
  index: 'index',
  count: 'count',
  per100k: 'per_100k',
} as const;

/** A header cell compared without case and runs of spaces ("Number of Families  (In thousands)"). */
const headerKey = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** Numbers as published: empty, "-", ".." and "NA" are no value; anything else must be a number. */
function parseNumber(raw: string | undefined, file: string, line: number, column: string): number | null {
  const s = (raw ?? '').trim().replace(/,/g, '');
  if (s === '' || s === '-' || s === '..' || /^n\/?a$/i.test(s)) return null;
  const n = Number(s);
  if (!Number.isFinite(n)) throw new StatImportError(file, `line ${line}, column '${column}': '${raw}' is not a number`);
  return n;
}

interface Ctx {
  file: string;
  matcher: AreaMatcher;
  values: StatRow[];
  skipped: Map<string, number>;
  unmatched: ParsedDataset['unmatched'];
  keys: Set<string>;
}

type Resolved = { code: string; level: StatAreaLevel } | null;

/** Resolves an area, counting known skips and listing unmatched names; null when the row is left out. */
function area(ctx: Ctx, line: number, name: string, opts: Parameters<AreaMatcher['match']>[1] = {}): Resolved {
  const m = ctx.matcher.match(name, opts);
  if (m.ok) return { code: m.code, level: m.level };
  if (m.known) ctx.skipped.set(m.reason, (ctx.skipped.get(m.reason) ?? 0) + 1);
  else ctx.unmatched.push({ line, name: cleanAreaName(name), reason: m.reason });
  return null;
}

function push(ctx: Ctx, line: number, row: StatRow): void {
  const key = `${row.areaCode}|${row.indicator}|${row.breakdown}|${row.period}|${row.variant}`;
  if (ctx.keys.has(key)) {
    throw new StatImportError(
      ctx.file,
      `line ${line}: a second value for ${row.areaName} (${row.areaCode}), ${row.indicator}${row.breakdown ? ` / ${row.breakdown}` : ''}, ${row.period}${row.variant ? ` (${row.variant})` : ''}`,
    );
  }
  ctx.keys.add(key);
  ctx.values.push(row);
}

type Rec = Record<string, string>;

interface DatasetSpec {
  dataset: StatDatasetId;
  title: string;
  source: string;
  /** Recognises the file by its name. */
  file: RegExp;
  /** The published columns the importer reads. */
  columns: readonly string[];
  parse(ctx: Ctx, recs: { line: number; r: Rec }[]): void;
}

const LFS_ANNUAL_INDICATORS: readonly [column: string, unit: string][] = [
  ['population_15plus_thousands', STAT_UNITS.thousandPersons],
  ['labor_force_thousands', STAT_UNITS.thousandPersons],
  ['lfpr_pct', STAT_UNITS.pct],
  ['employed_thousands', STAT_UNITS.thousandPersons],
  ['employed_cv_pct', STAT_UNITS.pct],
  ['employment_rate_pct', STAT_UNITS.pct],
  ['unemployed_thousands', STAT_UNITS.thousandPersons],
  ['unemployed_cv_pct', STAT_UNITS.pct],
  ['unemployment_rate_pct', STAT_UNITS.pct],
];

const LFS_LEVEL_KIND: Record<string, 'national' | 'region' | 'local'> = { country: 'national', region: 'region', province_or_huc: 'local' };

function lfsMix(breakdownColumn: string): DatasetSpec['parse'] {
  return (ctx, recs) => {
    const seenTotals = new Set<string>();
    for (const { line, r } of recs) {
      const at = area(ctx, line, r.region);
      if (!at) continue;
      const period = /^(\d{4}-\d{2})/.exec(r.survey_round.trim())?.[1];
      if (!period) throw new StatImportError(ctx.file, `line ${line}, column 'survey_round': '${r.survey_round}' does not start with YYYY-MM`);
      const base = { areaCode: at.code, areaLevel: at.level, areaName: cleanAreaName(r.region), period, variant: '' };
      if (!seenTotals.has(`${at.code}|${period}`)) {
        seenTotals.add(`${at.code}|${period}`);
        push(ctx, line, { ...base, indicator: 'region_employed_thousands', breakdown: '', value: parseNumber(r.region_employed_thousands, ctx.file, line, 'region_employed_thousands'), unit: STAT_UNITS.thousandPersons });
      }
      const breakdown = r[breakdownColumn].trim();
      for (const col of ['pct_total', 'pct_male', 'pct_female', 'se_pct_total'] as const) {
        push(ctx, line, { ...base, indicator: col, breakdown, value: parseNumber(r[col], ctx.file, line, col), unit: STAT_UNITS.pct });
      }
    }
  };
}

function cpiLike(valueColumn: string, indicator: string, unit: string): DatasetSpec['parse'] {
  return (ctx, recs) => {
    for (const { line, r } of recs) {
      const name = r.area_name;
      const at = area(ctx, line, name);
      if (!at) continue;
      if (!/^\d{4}-\d{2}$/.test(r.month.trim())) throw new StatImportError(ctx.file, `line ${line}, column 'month': '${r.month}' is not YYYY-MM`);
      const variant = r.regional_boundaries.trim();
      if (!(CPI_VARIANTS as readonly string[]).includes(variant)) {
        throw new StatImportError(ctx.file, `line ${line}, column 'regional_boundaries': '${variant}' is not one of '', before_NIR, with_NIR`);
      }
      push(ctx, line, {
        areaCode: at.code,
        areaLevel: at.level,
        areaName: cleanAreaName(name),
        indicator,
        breakdown: r.commodity_group.trim(),
        period: r.month.trim(),
        variant,
        value: parseNumber(r[valueColumn], ctx.file, line, valueColumn),
        unit,
      });
    }
  };
}

/** The non-numeric columns of the PNP file; every other column is an indicator. */
const CRIME_TEXT_COLUMNS = new Set(['month', 'pnp_office', 'region_code', 'region_name', 'source_pdf']);
const crimeUnit = (column: string) => (column.endsWith('_pct') ? STAT_UNITS.pct : column.endsWith('crime_rate') ? STAT_UNITS.per100k : STAT_UNITS.count);

export const STAT_DATASETS: readonly DatasetSpec[] = [
  {
    dataset: 'fies_2023',
    title: '2023 FIES: families, average annual family income and expenditure (thousand PHP), by region, province and HUC',
    source: PSA_FIES_SOURCE,
    file: /fies/i,
    columns: ['Region, Province, and HUC', 'Number of Families (In thousands)', 'Average Income (In thousands)', 'Average Expenditure (In thousands)'],
    parse(ctx, recs) {
      let regionCode: string | null = null;
      for (const { line, r } of recs) {
        const name = r['region, province, and huc'];
        // Leading spaces mark HUCs (and the new Maguindanao provinces) under the province row above.
        const at = area(ctx, line, name, { regionCode });
        if (!at) continue;
        if (at.level === 'region') regionCode = at.code;
        const base = { areaCode: at.code, areaLevel: at.level, areaName: cleanAreaName(name), breakdown: '', period: '2023', variant: '' };
        const cols: [string, string, string][] = [
          ['number of families (in thousands)', 'families_thousands', STAT_UNITS.thousandFamilies],
          ['average income (in thousands)', 'avg_income_thousand_php', STAT_UNITS.thousandPhp],
          ['average expenditure (in thousands)', 'avg_expenditure_thousand_php', STAT_UNITS.thousandPhp],
        ];
        for (const [col, indicator, unit] of cols) push(ctx, line, { ...base, indicator, value: parseNumber(r[col], ctx.file, line, col), unit });
      }
    },
  },
  {
    dataset: 'lfs_annual',
    title: 'Annual Labor Force Survey: population 15+, labour force, employment and unemployment, by region, province and HUC (estimate_final: 1 final, 0 preliminary)',
    source: PSA_LFS_SOURCE,
    file: /lfs_annual/i,
    columns: ['area_name', 'area_level', 'region', 'year', 'estimate_status', ...LFS_ANNUAL_INDICATORS.map(([c]) => c)],
    parse(ctx, recs) {
      const regions = new Map<string, string | null>();
      for (const { line, r } of recs) {
        const kind = LFS_LEVEL_KIND[r.area_level.trim()];
        if (!kind) throw new StatImportError(ctx.file, `line ${line}, column 'area_level': '${r.area_level}' is not country, region or province_or_huc`);
        let regionCode: string | null = null;
        if (r.region.trim()) {
          if (!regions.has(r.region)) {
            const m = ctx.matcher.match(r.region, { kind: 'region' });
            regions.set(r.region, m.ok ? m.code : null);
          }
          regionCode = regions.get(r.region) ?? null;
        }
        const at = area(ctx, line, r.area_name, { kind, regionCode });
        if (!at) continue;
        if (!/^\d{4}$/.test(r.year.trim())) throw new StatImportError(ctx.file, `line ${line}, column 'year': '${r.year}' is not a year`);
        const status = r.estimate_status.trim().toLowerCase();
        if (status !== 'final' && status !== 'preliminary') throw new StatImportError(ctx.file, `line ${line}, column 'estimate_status': '${r.estimate_status}' is not final or preliminary`);
        const base = { areaCode: at.code, areaLevel: at.level, areaName: cleanAreaName(r.area_name), breakdown: '', period: r.year.trim(), variant: '' };
        for (const [col, unit] of LFS_ANNUAL_INDICATORS) push(ctx, line, { ...base, indicator: col, value: parseNumber(r[col], ctx.file, line, col), unit });
        push(ctx, line, { ...base, indicator: 'estimate_final', value: status === 'final' ? 1 : 0, unit: STAT_UNITS.flag });
      }
    },
  },
  {
    dataset: 'lfs_occupation',
    title: 'Labor Force Survey: employed persons by major occupation group (percent of the region\u2019s employed) and each region\u2019s employed total',
    source: PSA_LFS_SOURCE,
    file: /occupation/i,
    columns: ['survey_round', 'region', 'region_employed_thousands', 'major_occupation_group', 'pct_total', 'pct_male', 'pct_female', 'se_pct_total'],
    parse: lfsMix('major_occupation_group'),
  },
  {
    dataset: 'lfs_industry',
    title: 'Labor Force Survey: employed persons by major industry group (percent of the region\u2019s employed) and each region\u2019s employed total',
    source: PSA_LFS_SOURCE,
    file: /industry/i,
    columns: ['survey_round', 'region', 'region_employed_thousands', 'major_industry_group', 'pct_total', 'pct_male', 'pct_female', 'se_pct_total'],
    parse: lfsMix('major_industry_group'),
  },
  {
    dataset: 'cpi_weights',
    title: 'CPI 2018-based weights (% of the national basket) by area and commodity group; breakdown = commodity code',
    source: PSA_CPI_WEIGHTS_SOURCE,
    file: /weights/i,
    columns: ['geolocation', 'geo_level', 'commodity_code', 'commodity_group', 'weight_pct'],
    parse(ctx, recs) {
      for (const { line, r } of recs) {
        const level = r.geo_level.trim();
        const kind = level === 'country' ? 'national' : level === 'region' ? 'region' : level === 'province_or_huc' ? 'local' : undefined;
        const name = r.geolocation;
        const at = area(ctx, line, name, { kind });
        if (!at) continue;
        const code = r.commodity_code.trim();
        push(ctx, line, { areaCode: at.code, areaLevel: at.level, areaName: cleanAreaName(name), indicator: 'weight_pct', breakdown: code, period: '2018', variant: '', value: parseNumber(r.weight_pct, ctx.file, line, 'weight_pct'), unit: STAT_UNITS.pct });
      }
    },
  },
  {
    dataset: 'inflation',
    title: 'Year-on-year inflation (%) by region and commodity group, monthly (2018=100)',
    source: PSA_CPI_SOURCE,
    file: /inflation/i,
    columns: ['area_code', 'area_name', 'commodity_group', 'month', 'regional_boundaries', 'yoy_inflation_pct'],
    parse: cpiLike('yoy_inflation_pct', 'yoy_pct', STAT_UNITS.pct),
  },
  {
    dataset: 'cpi',
    title: 'Consumer Price Index (2018=100), all income households, by region and commodity group, monthly',
    source: PSA_CPI_SOURCE,
    file: /cpi/i,
    columns: ['area_code', 'area_name', 'commodity_group', 'month', 'regional_boundaries', 'cpi_2018_100'],
    parse: cpiLike('cpi_2018_100', 'cpi', STAT_UNITS.index),
  },
  {
    dataset: 'rppi',
    title: 'Residential property price index, Philippines (2010=100), nominal and real, quarterly',
    source: BIS_RPPI_SOURCE,
    file: /residential_property|rppi/i,
    columns: ['quarter', 'nominal_index_2010_100', 'nominal_yoy_pct', 'real_index_2010_100', 'real_yoy_pct'],
    parse(ctx, recs) {
      const cols: [string, string, string][] = [
        ['nominal_index_2010_100', 'nominal_index', STAT_UNITS.index],
        ['nominal_yoy_pct', 'nominal_yoy_pct', STAT_UNITS.pct],
        ['real_index_2010_100', 'real_index', STAT_UNITS.index],
        ['real_yoy_pct', 'real_yoy_pct', STAT_UNITS.pct],
      ];
      for (const { line, r } of recs) {
        const period = r.quarter.trim();
        if (!/^\d{4}-Q[1-4]$/.test(period)) throw new StatImportError(ctx.file, `line ${line}, column 'quarter': '${r.quarter}' is not YYYY-Qn`);
        for (const [col, indicator, unit] of cols) {
          push(ctx, line, { areaCode: 'PH', areaLevel: 'national', areaName: 'Philippines', indicator, breakdown: '', period, variant: '', value: parseNumber(r[col], ctx.file, line, col), unit });
        }
      }
    },
  },
  {
    dataset: 'crime',
    title: 'PNP crime statistics by Police Regional Office (its region), monthly: focus and index crimes, clearance and solution efficiency, total incidents, average monthly crime rate per 100,000',
    source: PNP_CRIME_SOURCE,
    file: /crime/i,
    columns: ['month', 'pnp_office', 'region_code', 'region_name', 'murder', 'index_crimes', 'total_crime_incidents', 'avg_monthly_crime_rate'],
    parse(ctx, recs) {
      if (!recs.length) return;
      const indicators = Object.keys(recs[0].r).filter((c) => !CRIME_TEXT_COLUMNS.has(c));
      for (const { line, r } of recs) {
        const national = r.region_code.trim() === 'PH' || r.pnp_office.trim().toUpperCase() === 'TOTAL';
        const at: Resolved = national ? { code: 'PH', level: 'national' } : area(ctx, line, r.region_name, { kind: 'region' });
        if (!at) continue;
        const period = r.month.trim();
        if (!/^\d{4}-\d{2}$/.test(period)) throw new StatImportError(ctx.file, `line ${line}, column 'month': '${r.month}' is not YYYY-MM`);
        for (const col of indicators) {
          push(ctx, line, { areaCode: at.code, areaLevel: at.level, areaName: cleanAreaName(r.region_name), indicator: col, breakdown: '', period, variant: '', value: parseNumber(r[col], ctx.file, line, col), unit: crimeUnit(col) });
        }
      }
    },
  },
];

export const specOf = (dataset: StatDatasetId): DatasetSpec => {
  const spec = STAT_DATASETS.find((s) => s.dataset === dataset);
  if (!spec) throw new Error(`Unknown dataset ${dataset}`);
  return spec;
};

/** Files in the statistics folder that are not datasets (provenance lists). */
export const NOT_A_DATASET = /releases/i;

/** The dataset a file is, by its name (null when none fits). */
export function datasetOfFile(file: string): StatDatasetId | null {
  const base = path.basename(file);
  if (NOT_A_DATASET.test(base)) return null;
  return STAT_DATASETS.find((s) => s.file.test(base))?.dataset ?? null;
}

export const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** Starts a parse: the context the dataset parsers fill. */
export function newParse(file: string, matcher: AreaMatcher): Ctx {
  return { file, matcher, values: [], skipped: new Map(), unmatched: [], keys: new Set() };
}

export function finishParse(ctx: Ctx, spec: DatasetSpec, bytes: Buffer, fileRows: number, title = spec.title): ParsedDataset {
  if (!ctx.values.length) throw new StatImportError(ctx.file, 'no values were read (is it the right file for this dataset?)');
  return {
    dataset: spec.dataset,
    title,
    source: spec.source,
    fileName: path.basename(ctx.file),
    sha256: sha256(bytes),
    fileRows,
    values: ctx.values,
    skipped: [...ctx.skipped].map(([reason, rows]) => ({ reason, rows })),
    unmatched: ctx.unmatched,
  };
}

/** UTF-8, or Latin-1 when the bytes are not UTF-8 (PSA OpenStat exports some tables in Latin-1: "Parañaque"). */
export function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/** Reads a published CSV of a dataset: checks its header names every column the importer reads, then parses each row. */
export function parseStatCsv(file: string, bytes: Buffer, dataset: StatDatasetId, matcher: AreaMatcher): ParsedDataset {
  const spec = specOf(dataset);
  const table = parseCsv(decodeText(bytes));
  if (!table.length) throw new StatImportError(file, 'the file is empty');
  const header = table[0].map(headerKey);
  const missing = spec.columns.filter((c) => !header.includes(headerKey(c)));
  if (missing.length) {
    throw new StatImportError(
      file,
      `not the published layout of ${dataset}: missing column${missing.length > 1 ? 's' : ''} ${missing.map((c) => `'${c}'`).join(', ')} (the header has ${table[0].map((c) => `'${c.trim()}'`).join(', ')})`,
    );
  }
  const recs = table.slice(1).map((cells, i) => {
    if (cells.length !== header.length) throw new StatImportError(file, `line ${i + 2} has ${cells.length} fields, the header ${header.length}`);
    const r: Rec = {};
    header.forEach((h, j) => (r[h] = cells[j]));
    // the published column names, lower-cased, are also the keys the parsers read
    table[0].forEach((h, j) => (r[h.trim()] = cells[j]));
    return { line: i + 2, r };
  });
  const ctx = newParse(file, matcher);
  spec.parse(ctx, recs);
  return finishParse(ctx, spec, bytes, recs.length);
}
