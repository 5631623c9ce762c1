import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { nameKey } from './area-matcher';
import { StatImportError } from './stat-parsers';

type Cell = string | number | boolean | Date | null;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readSheet } = require('read-excel-file/node') as { readSheet(input: string | Buffer, sheet?: number | string): Promise<Cell[][]> };

export interface ZonalWorkbookRow {
  /** The barangay heading the row sits under, as written. */
  barangayName: string;
  street: string;
  vicinity: string;
  classification: string;
  valuePerSqm: number;
  /** Sheet row (1-based), for messages. */
  line: number;
}

export interface ZonalWorkbook {
  fileName: string;
  rdo: string;
  departmentOrder: string;
  /** YYYY-MM-DD, or null when the header block gives none. */
  effectiveDate: string | null;
  rows: ZonalWorkbookRow[];
}

const text = (c: Cell | undefined) => (c === null || c === undefined ? '' : c instanceof Date ? c.toISOString().slice(0, 10) : String(c)).replace(/\s+/g, ' ').trim();

const COLUMN_PATTERNS = {
  street: /street|subdivision/i,
  vicinity: /vicinity/i,
  classification: /^class(ification)?\b|classification/i,
  value: /zonal value|^zv\b|per sq|\/sq|sq\.? ?m/i,
} as const;

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "June 1, 2022", "1 June 2022", "2022-06-01", "06/01/2022" (month first, as the BIR writes) or an Excel date. */
export function parseBirDate(raw: Cell): string | null {
  if (raw instanceof Date) return raw.toISOString().slice(0, 10);
  const s = text(raw).replace(/,/g, ' ').replace(/\s+/g, ' ').trim();
  let m = /(\d{4})-(\d{1,2})-(\d{1,2})/.exec(s);
  if (m) return iso(+m[1], +m[2], +m[3]);
  m = /([a-z]+)\.? (\d{1,2}) (\d{4})/i.exec(s);
  if (m && month(m[1])) return iso(+m[3], month(m[1])!, +m[2]);
  m = /(\d{1,2}) ([a-z]+)\.? (\d{4})/i.exec(s);
  if (m && month(m[2])) return iso(+m[3], month(m[2])!, +m[1]);
  m = /(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(s);
  if (m) return iso(+m[3], +m[1], +m[2]);
  return null;
}
const month = (name: string) => {
  const i = MONTHS.findIndex((mo) => mo.startsWith(name.toLowerCase().slice(0, 3)));
  return i < 0 ? null : i + 1;
};
const iso = (y: number, mo: number, d: number) => {
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date.toISOString().slice(0, 10) : null;
};

/** A barangay heading without its prefix: "BARANGAY: BEL-AIR", "Brgy. San Lorenzo" → the name. */
export const barangayHeadingName = (s: string) =>
  s
    .replace(/^(barangay|brgy\.?|bgy\.?)\s*(no\.?)?\s*[:.-]?\s*/i, (all, _w, no) => (no ? 'Barangay ' : ''))
    .trim();

/**
 * Reads a BIR zonal-value workbook (.xlsx, first sheet), the layout the BIR publishes per Revenue District
 * Office (RDO):
 * - a header block above the table naming the RDO ("RDO No. 50 - South Makati"), the Department Order
 *   ("Department Order No. 024-2022" or "D.O. No. 024-2022") and its effective date ("Effectivity Date:
 *   June 1, 2022"), in any cells;
 * - a table header row with the columns "Street/Subdivision", "Vicinity", "Classification" and the value
 *   ("Zonal Value per Sq.M." / "ZV/SQM"), in any order;
 * - under it, barangay headings (a row with text in the street column and no value: "BARANGAY: BEL-AIR",
 *   "BEL-AIR") each followed by rows of street, vicinity, classification code (RR residential, CR
 *   commercial, I industrial, A agricultural, GP, X, …) and the value in pesos per square metre.
 * Rows with no value that are not headings (notes, blank lines) are ignored.
 */
export async function readZonalWorkbook(file: string): Promise<ZonalWorkbook> {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.xls') throw new StatImportError(file, 'old binary Excel workbooks (.xls) are not read: open it in a spreadsheet and save it as .xlsx');
  let rows: Cell[][];
  try {
    rows = await readSheet(await readFile(file), 1);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new StatImportError(file, code ? `cannot be read (${code})` : `is not a readable .xlsx workbook (${(err as Error).message})`);
  }
  const headerAt = rows.findIndex((r) => {
    const cells = r.map(text);
    return cells.some((c) => COLUMN_PATTERNS.street.test(c)) && cells.some((c) => COLUMN_PATTERNS.value.test(c));
  });
  if (headerAt < 0) throw new StatImportError(file, "not a BIR zonal-value layout: no table header with a 'Street/Subdivision' and a 'Zonal Value per Sq.M.' column");
  const header = rows[headerAt].map(text);
  const col = (k: keyof typeof COLUMN_PATTERNS) => header.findIndex((c) => COLUMN_PATTERNS[k].test(c));
  const cols = { street: col('street'), vicinity: col('vicinity'), classification: col('classification'), value: col('value') };
  for (const [k, i] of Object.entries(cols)) {
    if (i < 0) throw new StatImportError(file, `not a BIR zonal-value layout: the table header (row ${headerAt + 1}) has no '${k}' column`);
  }

  let rdo = '';
  let departmentOrder = '';
  let effectiveDate: string | null = null;
  for (const r of rows.slice(0, headerAt)) {
    for (let i = 0; i < r.length; i++) {
      const s = text(r[i]);
      if (!s) continue;
      const rdoMatch = /\bRDO\s*(?:No\.?)?\s*[:.-]?\s*(\d+[A-Z]?)\b/i.exec(s);
      if (rdoMatch && !rdo) rdo = rdoMatch[1].toUpperCase();
      const doMatch = /\b(?:Department Order|D\.\s?O\.?)\s*(?:No\.?)?\s*[:.-]?\s*(\d+\s*[-–]\s*\d{2,4})/i.exec(s);
      if (doMatch && !departmentOrder) departmentOrder = doMatch[1].replace(/\s+/g, '').replace('–', '-');
      if (/effectiv/i.test(s) && !effectiveDate) effectiveDate = parseBirDate(s.replace(/^.*?effectiv\w*\s*(date)?\s*[:.-]?/i, '')) ?? parseBirDate(r[i + 1] ?? null);
    }
  }
  if (!rdo) throw new StatImportError(file, "the header block above the table names no RDO (e.g. 'RDO No. 50 - South Makati')");
  if (!departmentOrder) throw new StatImportError(file, "the header block above the table names no Department Order (e.g. 'Department Order No. 024-2022')");

  const out: ZonalWorkbookRow[] = [];
  let barangay = '';
  for (let i = headerAt + 1; i < rows.length; i++) {
    const r = rows[i];
    const street = text(r[cols.street]);
    const rawValue = r[cols.value];
    const valueText = text(rawValue).replace(/,/g, '');
    const value = typeof rawValue === 'number' ? rawValue : valueText && Number.isFinite(Number(valueText)) ? Number(valueText) : null;
    const filled = r.map(text).filter(Boolean);
    // the table header repeated on each printed page
    if (COLUMN_PATTERNS.street.test(street) && COLUMN_PATTERNS.value.test(text(rawValue))) continue;
    if (value === null) {
      if (/^(-+|—|n\/?a)$/i.test(valueText)) continue; // no value published for this row
      if (valueText) throw new StatImportError(file, `row ${i + 1}: the value '${text(rawValue)}' is not a number`);
      // a heading: one text cell (usually in the street column) and nothing else
      if (filled.length === 1 && !/^(note|source|\*)/i.test(filled[0])) barangay = barangayHeadingName(filled[0]);
      continue;
    }
    if (!barangay) throw new StatImportError(file, `row ${i + 1}: a value before any barangay heading`);
    if (value <= 0) throw new StatImportError(file, `row ${i + 1}: the value ${value} is not a positive amount per square metre`);
    out.push({
      barangayName: barangay,
      street,
      vicinity: text(r[cols.vicinity]),
      classification: text(r[cols.classification]).toUpperCase(),
      valuePerSqm: Math.round(value * 100) / 100,
      line: i + 1,
    });
  }
  if (!out.length) throw new StatImportError(file, 'no zonal values under the table header');
  return { fileName: path.basename(file), rdo, departmentOrder, effectiveDate, rows: out };
}

/** Matches barangay headings to the barangays of a city (PSGC names), ignoring case, accents, punctuation and "(Pob.)". */
export function barangayMatcher(barangays: readonly { code: string; name: string }[]): (heading: string) => string | null {
  const strip = (s: string) => nameKey(barangayHeadingName(s.replace(/\((pob\.?|poblacion)\)/gi, '')));
  const byKey = new Map<string, string[]>();
  for (const b of barangays) {
    for (const k of new Set([nameKey(b.name), strip(b.name)])) byKey.set(k, [...(byKey.get(k) ?? []), b.code]);
  }
  return (heading) => {
    for (const k of [nameKey(heading), strip(heading)]) {
      const codes = [...new Set(byKey.get(k) ?? [])];
      if (codes.length === 1) return codes[0];
    }
    return null;
  };
}
