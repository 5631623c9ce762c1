import { cleanAreaName, type AreaMatcher } from './area-matcher';
import { finishParse, newParse, specOf, STAT_UNITS, StatImportError, type ParsedDataset } from './stat-parsers';

type Cell = string | number | boolean | Date | null;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readSheet } = require('read-excel-file/node') as { readSheet(input: string | Buffer, sheet?: number | string): Promise<Cell[][]> };

const text = (c: Cell | undefined) => (c === null || c === undefined ? '' : String(c)).replace(/\s+/g, ' ').trim();
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const monthOf = (s: string) => {
  const i = MONTHS.indexOf(s.toLowerCase().slice(0, 3));
  return i < 0 || !/^[a-z]+\.?$/i.test(s) ? null : i + 1;
};

/** The PSGC regions the Negros Island Region recomputation changed (VI, VII, XII, BARMM) and NIR itself. */
const NIR_AFFECTED = new Set(['0600000000', '0700000000', '1200000000', '1900000000', '1800000000']);

const TABLES = [
  { sheet: 'table 4', dataset: 'cpi' as const, indicator: 'cpi', unit: STAT_UNITS.index, title: /^Table 4\.\s+Monthly Consumer Price Index/i },
  { sheet: 'table 6', dataset: 'inflation' as const, indicator: 'yoy_pct', unit: STAT_UNITS.pct, title: /^Table 6\.\s+Year-on-Year Change in Consumer Price Index/i },
];

/**
 * The PSA's monthly CPI statistical tables as published (xlsx, one release): sheet "table 4" (CPI by
 * commodity group and region, 2018=100) gives dataset `cpi`, sheet "table 6" (year-on-year inflation) gives
 * `inflation`. Each sheet is one or more blocks: a row "Area / Region" naming up to four commodity groups
 * (every other column), the months under them ("December" with the years 2024, 2025 in the row below;
 * or "Dec '25"), then a row per area: "Philippines", "NCR - National Capital Region", "Areas Outside NCR"
 * (skipped), and "CAR - Cordillera Administrative Region" … in three cells. Values are rounded to the one
 * decimal the PSA publishes. A release with a Negros Island Region row is on the new boundaries: its values
 * for VI, VII, XII, BARMM and NIR are the `with_NIR` series, else the `before_NIR` one; other areas ''.
 */
export async function parseCpiWorkbook(file: string, bytes: Buffer, matcher: AreaMatcher, only?: 'cpi' | 'inflation'): Promise<ParsedDataset[]> {
  const out: ParsedDataset[] = [];
  for (const t of TABLES) {
    if (only && t.dataset !== only) continue;
    let rows: Cell[][];
    try {
      rows = await readSheet(bytes, t.sheet);
    } catch (err) {
      throw new StatImportError(file, `not the published CPI statistical tables: no readable sheet '${t.sheet}' (${(err as Error).message})`);
    }
    if (!t.title.test(text(rows[0]?.[0]))) throw new StatImportError(file, `sheet '${t.sheet}' does not start with the title of the published ${t.sheet} ('${t.title.source.replace(/[\^\\]|\\s\+/g, ' ')}')`);
    const withNir = rows.some((r) => /^NIR$/i.test(text(r[0])));
    const ctx = newParse(file, matcher);
    let dataRows = 0;
    const blocks = rows.map((r, i) => (/^area\s*\/\s*region$/i.test(text(r[0])) ? i : -1)).filter((i) => i >= 0);
    if (!blocks.length) throw new StatImportError(file, `sheet '${t.sheet}': no 'Area / Region' header row`);
    for (const [b, at] of blocks.entries()) {
      const end = b + 1 < blocks.length ? blocks[b + 1] : rows.length;
      const groupRow = rows[at];
      const firstData = rows.findIndex((r, i) => i > at && i < end && text(r[0]) !== '' && typeof r[3] === 'number');
      if (firstData < 0) continue;
      const headRows = rows.slice(at + 1, firstData);
      // Column → (group, period)
      const columns: { col: number; group: string; period: string }[] = [];
      let group = '';
      let month: number | null = null;
      for (let c = 3; c < groupRow.length; c++) {
        if (text(groupRow[c])) {
          group = text(groupRow[c]);
          month = null;
        }
        if (!group) continue;
        let period: string | null = null;
        for (const h of headRows) {
          const s = text(h[c]);
          const cell = h[c];
          const year = typeof cell === 'number' ? cell : null;
          const short = /^([A-Za-z]+)\.?\s*'(\d{2})$/.exec(s);
          if (short && monthOf(short[1])) period = `20${short[2]}-${String(monthOf(short[1])).padStart(2, '0')}`;
          else if (s && monthOf(s)) month = monthOf(s);
          else if (year !== null && year >= 1990 && year <= 2100 && month) period = `${year}-${String(month).padStart(2, '0')}`;
        }
        if (period) columns.push({ col: c, group, period });
      }
      if (!columns.length) throw new StatImportError(file, `sheet '${t.sheet}', row ${at + 1}: no month columns under the commodity groups`);
      let regionCode: string | null = null;
      for (let i = firstData; i < end; i++) {
        const r = rows[i];
        const name = [r[0], r[1], r[2]].map(text).filter(Boolean).join(' ');
        if (!name || !columns.some((c) => r[c.col] !== null && r[c.col] !== undefined && text(r[c.col]) !== '')) continue; // "Regions:", blanks, notes
        dataRows++;
        const m = matcher.match(name, { regionCode });
        if (!m.ok) {
          if (m.known) ctx.skipped.set(m.reason, (ctx.skipped.get(m.reason) ?? 0) + 1);
          else ctx.unmatched.push({ line: i + 1, name: cleanAreaName(name), reason: m.reason });
          continue;
        }
        if (m.level === 'region') regionCode = m.code;
        const variant = NIR_AFFECTED.has(m.code) ? (withNir ? 'with_NIR' : 'before_NIR') : '';
        for (const c of columns) {
          const raw = r[c.col];
          const s = typeof raw === 'number' ? raw : text(raw).replace(/[^\d.-]/g, '');
          if (s === '' || s === '-') continue;
          const value = Number(s);
          if (!Number.isFinite(value)) throw new StatImportError(file, `sheet '${t.sheet}', row ${i + 1}, ${c.group} ${c.period}: '${text(raw)}' is not a number`);
          ctx.values.push({ areaCode: m.code, areaLevel: m.level, areaName: cleanAreaName(name), indicator: t.indicator, breakdown: c.group, period: c.period, variant, value: Math.round(value * 10) / 10, unit: t.unit });
        }
      }
    }
    const spec = specOf(t.dataset);
    out.push(finishParse(ctx, spec, bytes, dataRows, `${spec.title} (from the published statistical tables, ${t.sheet})`));
  }
  return out;
}
