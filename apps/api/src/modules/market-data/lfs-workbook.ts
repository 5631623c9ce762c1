import path from 'node:path';
import { cleanAreaName, type AreaMatcher } from './area-matcher';
import { finishParse, newParse, specOf, STAT_UNITS, StatImportError, type ParsedDataset, type StatRow } from './stat-parsers';

type Cell = string | number | boolean | Date | null;

// read-excel-file publishes its Node build as a subpath export, which this project's "node" module
// resolution cannot type; its CommonJS build is loaded as is (as the PSGC importer does).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readSheet } = require('read-excel-file/node') as { readSheet(input: string | Buffer, sheet?: number | string): Promise<Cell[][]> };

export const isLfsAnnualWorkbook = (file: string) => /table ?1/i.test(path.basename(file).replace(/_/g, ' '));

const text = (c: Cell | undefined) => (c === null || c === undefined ? '' : String(c)).replace(/\s+/g, ' ').trim();

/** The indicator groups of PSA annual LFS Table 1 ("Population 15 years old and over, Total Persons in the Labor Force, and LFPR"). */
const GROUPS: readonly { header: RegExp; indicator: string; unit: string }[] = [
  { header: /^population 15 years old and over/i, indicator: 'population_15plus_thousands', unit: STAT_UNITS.thousandPersons },
  { header: /^total persons in the labor force/i, indicator: 'labor_force_thousands', unit: STAT_UNITS.thousandPersons },
  { header: /^labor force participation rate/i, indicator: 'lfpr_pct', unit: STAT_UNITS.pct },
];

/**
 * The PSA's annual LFS Table 1 as published (xlsx, first sheet): a title, a header row with the area
 * column "PHILIPPINES/REGION/PROVINCE/HUC" and the three indicator groups, a row of years under each
 * group ("Annual 2024f", "Annual 2025p": f final, p preliminary), a row naming each year's columns
 * (Estimate, Standard Error, Coefficient of Variation), then one row per area (the country, each region
 * followed by its provinces and HUCs) and notes. Gives the same lfs_annual values as the tidy CSV for
 * population 15+, labour force and LFPR (and estimate_final).
 */
export async function parseLfsAnnualWorkbook(file: string, bytes: Buffer, matcher: AreaMatcher): Promise<ParsedDataset> {
  let rows: Cell[][];
  try {
    rows = await readSheet(bytes, 1);
  } catch (err) {
    throw new StatImportError(file, `is not a readable .xlsx workbook (${(err as Error).message})`);
  }
  const headerAt = rows.findIndex((r) => r.some((c) => /^philippines\/region\/province/i.test(text(c))));
  if (headerAt < 0) throw new StatImportError(file, "not the published layout of LFS Table 1: missing the column 'PHILIPPINES/REGION/PROVINCE/HUC'");
  const header = rows[headerAt];
  const areaCol = header.findIndex((c) => /^philippines\/region\/province/i.test(text(c)));
  const years = rows[headerAt + 1] ?? [];
  const sub = rows[headerAt + 2] ?? [];
  // Each group's columns run from its header cell to the next non-empty header cell.
  const columns: { indicator: string; unit: string; period: string; final: boolean; col: number }[] = [];
  for (const g of GROUPS) {
    const start = header.findIndex((c) => g.header.test(text(c)));
    if (start < 0) throw new StatImportError(file, `not the published layout of LFS Table 1: missing the column group '${g.header.source.replace(/[\^\\]/g, '')}'`);
    let end = start + 1;
    while (end < header.length && !text(header[end])) end++;
    for (let c = start; c < end; c++) {
      const m = /^annual (\d{4})\s*([fp])$/i.exec(text(years[c]));
      if (!m) continue;
      if (!/^estimate/i.test(text(sub[c]))) throw new StatImportError(file, `column ${c + 1}: expected 'Estimate' under '${text(years[c])}', found '${text(sub[c])}'`);
      columns.push({ indicator: g.indicator, unit: g.unit, period: m[1], final: m[2].toLowerCase() === 'f', col: c });
    }
    if (!columns.some((x) => x.indicator === g.indicator)) throw new StatImportError(file, `no 'Annual YYYYf/p' year columns under '${text(header[start])}'`);
  }
  const spec = specOf('lfs_annual');
  const ctx = newParse(file, matcher);
  let regionCode: string | null = null;
  let dataRows = 0;
  const flagged = new Set<string>();
  for (let i = headerAt + 3; i < rows.length; i++) {
    const name = text(rows[i][areaCol]);
    const first = columns[0];
    if (!name || typeof rows[i][first.col] !== 'number') continue; // blank rows, notes, the source line
    dataRows++;
    const m = matcher.match(name, { regionCode });
    if (!m.ok) {
      if (m.known) ctx.skipped.set(m.reason, (ctx.skipped.get(m.reason) ?? 0) + 1);
      else ctx.unmatched.push({ line: i + 1, name: cleanAreaName(name), reason: m.reason });
      continue;
    }
    if (m.level === 'region') regionCode = m.code;
    for (const c of columns) {
      const raw = rows[i][c.col];
      const value = typeof raw === 'number' ? raw : null;
      const base: Omit<StatRow, 'indicator' | 'value' | 'unit'> = { areaCode: m.code, areaLevel: m.level, areaName: cleanAreaName(name), breakdown: '', period: c.period, variant: '' };
      ctx.values.push({ ...base, indicator: c.indicator, value, unit: c.unit });
      const flagKey = `${m.code}|${c.period}`;
      if (!flagged.has(flagKey)) {
        flagged.add(flagKey);
        ctx.values.push({ ...base, indicator: 'estimate_final', value: c.final ? 1 : 0, unit: STAT_UNITS.flag });
      }
    }
  }
  return finishParse(ctx, spec, bytes, dataRows, `${spec.title} (from the published Table 1 workbook)`);
}
