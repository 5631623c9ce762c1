import { once } from 'node:events';
import { existsSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { stringify, type Stringifier } from 'csv-stringify';
import PDFDocument from 'pdfkit';
import { KIND_WEIGHT, neutraliseFormula, type CellValue, type ColumnKind } from './export-columns';

/** A file being written row by row; `writeRows` resolves when the rows are handed on and the file has room for more. */
export interface ExportWriter {
  writeRows(rows: Array<Array<CellValue>>): Promise<void>;
  /** Ends the file and resolves once every byte is written to `out`. */
  end(): Promise<void>;
}

async function drained(out: Writable): Promise<void> {
  if (out.writableNeedDrain) await once(out, 'drain');
}

/** Resolves when `out` has finished (every byte flushed), rejects on its error. */
function finished(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    if (out.writableFinished) return resolve();
    out.once('finish', () => resolve());
    out.once('close', () => resolve());
    out.once('error', reject);
  });
}

/**
 * CSV (csv-stringify): UTF-8 with a byte-order mark (so Excel reads ₱ and ñ right), a header row of
 * the columns' labels, CRLF line ends, cells a spreadsheet would run as formulas neutralised.
 */
export class CsvExportWriter implements ExportWriter {
  private readonly csv: Stringifier;
  private readonly done: Promise<void>;

  constructor(
    private readonly out: Writable,
    labels: string[],
  ) {
    this.csv = stringify({ bom: true, record_delimiter: 'windows', cast: { number: (n) => String(n) } });
    this.csv.pipe(out);
    this.done = finished(out);
    this.csv.write(labels.map((l) => neutraliseFormula(l)));
  }

  async writeRows(rows: Array<Array<CellValue>>): Promise<void> {
    for (const row of rows) {
      if (!this.csv.write(row.map(neutraliseFormula))) await once(this.csv, 'drain');
    }
  }

  async end(): Promise<void> {
    this.csv.end();
    await this.done;
  }
}

export type PdfOrientation = 'landscape' | 'portrait';
export type PdfPageSize = 'A4' | 'Letter' | 'Legal';

export interface PdfFonts {
  regular: string;
  bold: string;
  /** Whether the fonts have ₱ (the standard Helvetica does not: prices then read "PHP 1,500.00"). */
  hasPeso: boolean;
}

const DEJAVU = '/usr/share/fonts/truetype/dejavu';

/**
 * The PDF's fonts: the configured TrueType files, else DejaVu Sans Condensed where the system has it
 * (Debian's fonts-dejavu-core: ₱, ñ and the rest of Latin), else the standard Helvetica (WinAnsi: ñ but
 * no ₱), as the receipts use.
 */
export function resolvePdfFonts(configured?: { regular?: string; bold?: string }): PdfFonts {
  const regular = configured?.regular ?? `${DEJAVU}/DejaVuSansCondensed.ttf`;
  const bold = configured?.bold ?? (configured?.regular ? configured.regular : `${DEJAVU}/DejaVuSansCondensed-Bold.ttf`);
  if (existsSync(regular) && existsSync(bold)) return { regular, bold, hasPeso: true };
  return { regular: 'Helvetica', bold: 'Helvetica-Bold', hasPeso: false };
}

export interface PdfTableOptions {
  title: string;
  /** Lines under the title on page 1 (generated at, row count, filters, order). */
  summary: string[];
  columns: Array<{ label: string; kind: ColumnKind }>;
  orientation: PdfOrientation;
  pageSize: PdfPageSize;
  fonts: PdfFonts;
}

/** The spec's layout: margin 40, title 20, header 12, data 10 (points). */
export const PDF_LAYOUT = { margin: 40, titleSize: 20, headerSize: 12, dataSize: 10, footerSize: 9, cellPadding: 4 } as const;
const ROW_HEIGHT = 14;
const HEADER_HEIGHT = 19;
/** A typical value of each fixed-form kind, measured for its column's width (text kinds share the rest). */
const FIXED_SAMPLES: Partial<Record<ColumnKind, string>> = {
  code: 'RES-0000000',
  short: 'residential',
  date: '0000-00-00 00:00',
  money: '₱000,000,000.00',
  number: '0,000,000',
  bool: 'Yes',
};
const RIGHT_ALIGNED: ReadonlySet<ColumnKind> = new Set(['money', 'number']);
const ELLIPSIS = '…';

/** The parts of a pdfkit font the fast path uses (EmbeddedFont has `subset`, StandardFont an AFM `font`). */
interface PdfKitFont {
  id: string;
  ascender: number;
  ref(): unknown;
  encode(text: string): [string[], unknown[]];
  widthOfString(text: string, size: number): number;
  subset?: { includeGlyph(id: number): number };
  font?: { glyphForCodePoint(cp: number): { id: number; advanceWidth: number } };
  scale?: number;
  widths?: number[];
  unicode?: number[][];
}

/**
 * A font's glyphs looked up once per character, for the table's cells: widths summed without
 * shaping or kerning (what a table of names, codes and numbers needs) and the glyph codes written
 * straight into the page (pdfkit's text() shapes every string with fontkit: most of a 100,000-row PDF's
 * time). The glyphs go into pdfkit's own font subset, so the embedded font has them.
 */
class FastFont {
  private readonly chars = new Map<string, { width: number; hex: string }>();

  constructor(readonly font: PdfKitFont) {}

  private info(ch: string): { width: number; hex: string } {
    let info = this.chars.get(ch);
    if (info) return info;
    const f = this.font;
    if (f.subset && f.font && f.widths && f.unicode && f.scale !== undefined) {
      const cp = ch.codePointAt(0)!;
      const glyph = f.font.glyphForCodePoint(cp);
      const gid = f.subset.includeGlyph(glyph.id);
      const width = glyph.advanceWidth * f.scale;
      f.widths[gid] ??= width;
      f.unicode[gid] ??= [cp];
      info = { width, hex: gid.toString(16).padStart(4, '0') };
    } else {
      info = { width: f.widthOfString(ch, 1000), hex: f.encode(ch)[0].join('') };
    }
    this.chars.set(ch, info);
    return info;
  }

  width(text: string, size: number): number {
    let w = 0;
    for (const ch of text) w += this.info(ch).width;
    return (w * size) / 1000;
  }

  hex(text: string): string {
    let h = '';
    for (const ch of text) h += this.info(ch).hex;
    return h;
  }
}

const pdfNumber = (n: number) => String(Math.round(n * 100) / 100);

/**
 * A table in a PDF (pdfkit), written page by page as rows come: the title block on page 1, the header
 * row again at the top of every page, "Page n" at the foot of each page as it is made (a total "of m"
 * would need every page kept in memory until the end: pdfkit's bufferPages, hundreds of MB at 3,000
 * pages). Each cell is one line, cut with an ellipsis to its column (measured, never wrapped: pdfkit's
 * wrapping is slow); column widths follow the columns' kinds.
 */
export class PdfExportWriter implements ExportWriter {
  private readonly doc: PDFKit.PDFDocument;
  private readonly done: Promise<void>;
  private readonly widths: number[];
  private readonly xs: number[];
  private readonly right: boolean[];
  private readonly bottom: number;
  private page = 0;
  private y = 0;
  private rowOnPage = 0;
  private readonly fitCache = new Map<string, string>();
  private readonly data: FastFont;

  constructor(
    private readonly out: Writable,
    private readonly opts: PdfTableOptions,
  ) {
    const { margin } = PDF_LAYOUT;
    this.doc = new PDFDocument({
      size: opts.pageSize,
      layout: opts.orientation,
      margin,
      autoFirstPage: false,
      bufferPages: false,
      compress: true,
      info: { Title: opts.title, Author: 'Tahanan', Creator: 'Tahanan exports' },
    });
    this.doc.registerFont('body', opts.fonts.regular);
    this.doc.registerFont('bold', opts.fonts.bold);
    this.doc.pipe(out);
    this.done = finished(out);
    this.doc.font('body');
    this.data = new FastFont((this.doc as unknown as { _font: PdfKitFont })._font);
    this.addPage();
    this.widths = this.columnWidths(this.doc.page.width - 2 * margin);
    this.xs = this.widths.map((_, i) => margin + this.widths.slice(0, i).reduce((a, b) => a + b, 0));
    this.right = opts.columns.map((c) => RIGHT_ALIGNED.has(c.kind));
    this.bottom = this.doc.page.height - margin - 14;
    this.titleBlock();
    this.headerRow();
  }

  /**
   * Columns of a fixed form (dates, prices, codes, numbers, yes/no, short words) get the width of a
   * typical value or of their label, whichever is wider; the text columns share the rest by their kind's
   * weight (at least their label's width). When even the fixed ones do not fit, all shrink alike.
   */
  private columnWidths(width: number): number[] {
    const { cellPadding, headerSize, dataSize } = PDF_LAYOUT;
    const measure = (text: string, font: string, size: number) => this.doc.font(font).fontSize(size).widthOfString(text);
    const label = (i: number) => measure(this.opts.columns[i].label, 'bold', headerSize) + 2 * cellPadding + 1;
    const fixed = this.opts.columns.map((c, i) => {
      const sample = this.opts.fonts.hasPeso ? FIXED_SAMPLES[c.kind] : FIXED_SAMPLES[c.kind]?.replace('₱', 'PHP ');
      return sample === undefined ? null : Math.max(label(i), measure(sample, 'body', dataSize) + 2 * cellPadding + 1);
    });
    const fixedSum = fixed.reduce<number>((a, b) => a + (b ?? 0), 0);
    const flexible = this.opts.columns.map((c, i) => (fixed[i] === null ? i : -1)).filter((i) => i >= 0);
    const minimum = flexible.reduce((a, i) => a + label(i), 0);
    if (fixedSum + minimum > width || !flexible.length) {
      const natural = this.opts.columns.map((_, i) => fixed[i] ?? label(i));
      const sum = natural.reduce((a, b) => a + b, 0);
      return natural.map((w) => (w * width) / sum);
    }
    const weightSum = flexible.reduce((a, i) => a + KIND_WEIGHT[this.opts.columns[i].kind], 0);
    const rest = width - fixedSum;
    const widths = this.opts.columns.map((c, i) => fixed[i] ?? (rest * KIND_WEIGHT[c.kind]) / weightSum);
    // a text column narrower than its label takes what it lacks from the widest text column
    for (const i of flexible) {
      const lack = label(i) - widths[i];
      if (lack > 0) {
        const widest = flexible.reduce((a, b) => (widths[b] > widths[a] ? b : a));
        widths[widest] -= lack;
        widths[i] += lack;
      }
    }
    return widths;
  }

  private addPage(): void {
    this.doc.addPage({ size: this.opts.pageSize, layout: this.opts.orientation, margin: PDF_LAYOUT.margin });
    this.page += 1;
    this.rowOnPage = 0;
    this.y = PDF_LAYOUT.margin;
    // the foot of the page, written now: pdfkit would start a new page for text below the bottom margin
    const { margin, footerSize } = PDF_LAYOUT;
    const page = this.doc.page;
    const saved = page.margins.bottom;
    page.margins.bottom = 0;
    const label = `Page ${this.page}`;
    const y = page.height - margin + 8;
    this.doc.font('body').fontSize(footerSize).fillColor('#666666');
    this.doc.text(this.fit(this.opts.title, (page.width - 2 * margin) / 2), margin, y, { lineBreak: false });
    this.doc.text(label, page.width - margin - this.doc.widthOfString(label), y, { lineBreak: false });
    this.doc.fillColor('black');
    page.margins.bottom = saved;
  }

  private titleBlock(): void {
    const { margin, titleSize, dataSize } = PDF_LAYOUT;
    const width = this.doc.page.width - 2 * margin;
    this.doc.font('bold').fontSize(titleSize).text(this.fit(this.opts.title, width), margin, this.y, { lineBreak: false });
    this.y += titleSize * 1.4;
    this.doc.font('body').fontSize(dataSize).fillColor('#333333');
    for (const line of this.opts.summary) {
      this.doc.text(this.fit(line, width), margin, this.y, { lineBreak: false });
      this.y += dataSize * 1.45;
    }
    this.doc.fillColor('black');
    this.y += 8;
  }

  private headerRow(): void {
    const { headerSize, cellPadding } = PDF_LAYOUT;
    const width = this.widths.reduce((a, b) => a + b, 0);
    this.doc.rect(this.xs[0], this.y, width, HEADER_HEIGHT).fill('#1f3b57');
    this.doc.font('bold').fontSize(headerSize).fillColor('white');
    this.opts.columns.forEach((c, i) => this.cell(c.label, i, this.y + (HEADER_HEIGHT - headerSize) / 2 - 1));
    this.doc.fillColor('black');
    this.y += HEADER_HEIGHT;
    this.doc.font('body').fontSize(PDF_LAYOUT.dataSize);
    void cellPadding;
  }

  /** Writes one cell's text, already cut to its column, aligned in it. */
  private cell(text: string, i: number, y: number): void {
    const { cellPadding } = PDF_LAYOUT;
    const room = this.widths[i] - 2 * cellPadding;
    const shown = this.fit(text, room);
    if (!shown) return;
    const x = this.right[i] ? this.xs[i] + this.widths[i] - cellPadding - this.doc.widthOfString(shown) : this.xs[i] + cellPadding;
    this.doc.text(shown, x, y, { lineBreak: false });
  }

  /** The text cut to `room` points with an ellipsis (one line; measured in the current font and size, or by `measure`). */
  private fit(text: string, room: number, measure: (s: string) => number = (x) => this.doc.widthOfString(x), cache = false): string {
    let s = /[\r\n\t]/.test(text) ? text.replace(/[\r\n\t]+/g, ' ') : text;
    if (!this.opts.fonts.hasPeso && s.includes('₱')) s = s.replace(/₱/g, 'PHP ');
    if (measure(s) <= room) return s;
    const cacheKey = `${room}|${s}`;
    const cached = cache ? this.fitCache.get(cacheKey) : undefined;
    if (cached !== undefined) return cached;
    // the longest start that fits with the ellipsis (binary search over the length)
    let lo = 0;
    let hi = s.length;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (measure(s.slice(0, mid).trimEnd() + ELLIPSIS) <= room) lo = mid;
      else hi = mid - 1;
    }
    const cut = lo > 0 ? s.slice(0, lo).trimEnd() + ELLIPSIS : '';
    if (cache) {
      if (this.fitCache.size > 5000) this.fitCache.clear();
      this.fitCache.set(cacheKey, cut);
    }
    return cut;
  }

  async writeRows(rows: Array<Array<CellValue>>): Promise<void> {
    const { dataSize, cellPadding } = PDF_LAYOUT;
    const width = this.widths.reduce((a, b) => a + b, 0);
    const font = this.data.font;
    const measure = (text: string) => this.data.width(text, dataSize);
    const ascent = (font.ascender / 1000) * dataSize;
    for (const row of rows) {
      if (this.y + ROW_HEIGHT > this.bottom) {
        this.addPage();
        this.headerRow();
      }
      if (this.rowOnPage % 2 === 1) {
        this.doc.rect(this.xs[0], this.y, width, ROW_HEIGHT).fill('#f1f4f7');
        this.doc.fillColor('black');
      }
      // one text object per row, each cell placed in it (the page's coordinates flipped back, as pdfkit's text() does)
      const page = this.doc.page as unknown as { height: number; fonts: Record<string, unknown> };
      page.fonts[font.id] ??= font.ref();
      const baseline = pdfNumber(page.height - (this.y + (ROW_HEIGHT - dataSize) / 2 - 0.5) - ascent);
      const ops: string[] = [`q 1 0 0 -1 0 ${pdfNumber(page.height)} cm BT /${font.id} ${dataSize} Tf`];
      for (let i = 0; i < row.length; i++) {
        const shown = this.fit(String(row[i]), this.widths[i] - 2 * cellPadding, measure, true);
        if (!shown) continue;
        const x = this.right[i] ? this.xs[i] + this.widths[i] - cellPadding - measure(shown) : this.xs[i] + cellPadding;
        ops.push(`1 0 0 1 ${pdfNumber(x)} ${baseline} Tm <${this.data.hex(shown)}> Tj`);
      }
      ops.push('ET Q');
      this.doc.addContent(ops.join('\n'));
      this.y += ROW_HEIGHT;
      this.rowOnPage += 1;
    }
    await drained(this.out);
  }

  async end(): Promise<void> {
    this.doc.end();
    await this.done;
  }
}
