import { stringify } from 'csv-stringify/sync';
import PDFDocument from 'pdfkit';
import type { MarketFigure } from '@app/domain';
import { neutraliseFormula } from '../../exports/export-columns';
import { PDF_LAYOUT, resolvePdfFonts } from '../../exports/export-writers';
import type { MarketReport, ReportTable } from '../market-contracts';

export const REPORT_EXPORT_FORMATS = ['csv', 'pdf'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

/** market_report_{group}_{areaCode}_{timestamp}.{format}, the timestamp in UTC (YYYYMMDDTHHMMSSZ). */
export function reportFileName(r: MarketReport, format: ReportExportFormat, at = new Date()): string {
  const ts = at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `market_report_${r.group}_${r.area.code}_${ts}.${format}`;
}

const UNIT_WORD: Record<string, string> = {
  php: '₱',
  php_per_sqm: '₱ per m²',
  pct: '%',
  count: 'count',
  days: 'days',
  ratio: 'ratio',
  persons: 'persons',
  thousand_persons: 'thousand persons',
  per_100k: 'per 100,000',
  index: 'index',
  families: 'families',
  per_km2: 'per km²',
};

const cell = (v: string | number | null | undefined): string | number => (v === null || v === undefined ? '' : neutraliseFormula(v));

const FIGURE_HEADER = ['Figure', 'Value', 'Unit', 'Source', 'Period', 'Granularity', 'Area', 'Sample size', 'Note'];
const figureRow = (f: MarketFigure) => [f.label, f.value ?? '', UNIT_WORD[f.unit] ?? f.unit, f.source, f.period, f.granularity, f.areaName, f.sampleSize ?? '', f.note ?? ''];

/** The report's header lines (title, area, date, offer and kind, fallback, demo data). */
function headerLines(r: MarketReport): string[] {
  const parents = r.parents.map((p) => p.name).join(', ');
  return [
    `Area: ${r.area.name} (${r.area.level}, PSGC ${r.area.code})${parents ? `, ${parents}` : ''}`,
    `Generated: ${r.generatedAt.slice(0, 16).replace('T', ' ')} UTC · ${r.offer === 'sale' ? 'For sale' : 'For rent'} · kind: ${r.kind}`,
    ...(r.fallback ? [`Not enough listings in this barangay (${r.fallback.sampleSize}): showing ${r.fallback.area.name}`] : []),
    ...(r.demoData ? ['Demo data: the listing figures come from demonstration listings'] : []),
  ];
}

/**
 * CSV (csv-stringify, UTF-8 with a byte-order mark, CRLF): the title block, the figures with their
 * source, period, granularity and sample, then one section per table (title, header, rows, source
 * line), the notes and the sources.
 */
export function reportCsv(r: MarketReport): Buffer {
  const rows: Array<Array<string | number>> = [];
  rows.push([r.title], ...headerLines(r).map((l) => [l]), []);
  rows.push(['Figures'], FIGURE_HEADER, ...r.figures.map(figureRow), []);
  for (const t of r.tables) {
    rows.push([t.title], t.columns.map((c) => c.label), ...t.rows.map((row) => t.columns.map((c) => row[c.key] ?? '')));
    rows.push([`Source: ${t.source}`, `Period: ${t.period}`, `Granularity: ${t.granularity}`, ...(t.note ? [t.note] : [])], []);
  }
  if (r.notes.length) rows.push(['Notes'], ...r.notes.map((n) => [n]), []);
  rows.push(['Sources'], ['Source', 'Period', 'Granularity'], ...r.sources.map((s) => [s.name, s.period, s.granularity]));
  const text = stringify(rows.map((row) => row.map(cell)), { bom: true, record_delimiter: 'windows' });
  return Buffer.from(text, 'utf8');
}

const fmt = (v: string | number | null | undefined, unit?: string): string => {
  if (v === null || v === undefined || v === '') return '–';
  if (typeof v === 'string') return v;
  const digits = unit === 'php' || unit === 'php_per_sqm' || unit === 'count' || unit === 'persons' || unit === 'families' ? 0 : 2;
  const s = v.toLocaleString('en-PH', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  if (unit === 'php') return `₱${s}`;
  if (unit === 'php_per_sqm') return `₱${s}/m²`;
  if (unit === 'pct') return `${s} %`;
  return s;
};

/**
 * PDF (pdfkit) in the spec's layout: A4 landscape, margin 40, title 20, headers 12, data 10. Title,
 * area and date, the figures (with source, period, granularity, sample), each table with its header
 * row (repeated on a new page), the notes and sources, "Page n of m" at every foot.
 */
export async function reportPdf(r: MarketReport): Promise<Buffer> {
  const fonts = resolvePdfFonts();
  const peso = (s: string) => (fonts.hasPeso ? s : s.replace(/₱/g, 'PHP ').replace(/²/g, '2'));
  const { margin, titleSize, headerSize, dataSize, footerSize, cellPadding } = PDF_LAYOUT;
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin, bufferPages: true, info: { Title: r.title, Author: 'Tahanan', Creator: 'Tahanan market reports' } });
  doc.registerFont('body', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * margin;
  const bottom = () => doc.page.height - margin - 16;
  let y = margin;
  const ensure = (h: number, onNewPage?: () => void) => {
    if (y + h > bottom()) {
      doc.addPage();
      y = margin;
      onNewPage?.();
    }
  };
  const line = (text: string, font: 'body' | 'bold', size: number, color = 'black') => {
    doc.font(font).fontSize(size).fillColor(color);
    const h = doc.heightOfString(peso(text), { width });
    ensure(h);
    doc.text(peso(text), margin, y, { width });
    y += h + 2;
    doc.fillColor('black');
  };

  const table = (title: string, labels: string[], rows: string[][], foot?: string) => {
    // widths: proportional to the longest cell of each column (capped), at least the label's
    doc.font('body').fontSize(dataSize);
    const natural = labels.map((l, i) => {
      const longest = Math.max(doc.font('bold').fontSize(headerSize).widthOfString(peso(l)), ...rows.slice(0, 200).map((row) => doc.font('body').fontSize(dataSize).widthOfString(peso(row[i] ?? ''))));
      return Math.min(longest, 260) + 2 * cellPadding;
    });
    const sum = natural.reduce((a, b) => a + b, 0);
    const widths = natural.map((w) => (w * width) / sum);
    const xs = widths.map((_, i) => margin + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const rowHeight = (cells: string[], font: string, size: number) => Math.max(...cells.map((c, i) => doc.font(font).fontSize(size).heightOfString(peso(c), { width: widths[i] - 2 * cellPadding }))) + 2 * cellPadding;
    const header = () => {
      const h = rowHeight(labels, 'bold', headerSize);
      doc.rect(margin, y, width, h).fill('#1f3b57');
      doc.font('bold').fontSize(headerSize).fillColor('white');
      labels.forEach((l, i) => doc.text(peso(l), xs[i] + cellPadding, y + cellPadding, { width: widths[i] - 2 * cellPadding }));
      doc.fillColor('black');
      y += h;
    };
    y += 6;
    ensure(titleSize + 40);
    line(title, 'bold', headerSize + 2);
    header();
    rows.forEach((row, k) => {
      const h = rowHeight(row, 'body', dataSize);
      ensure(h, header);
      if (k % 2 === 1) {
        doc.rect(margin, y, width, h).fill('#f1f4f7');
        doc.fillColor('black');
      }
      doc.font('body').fontSize(dataSize);
      row.forEach((c, i) => doc.text(peso(c), xs[i] + cellPadding, y + cellPadding, { width: widths[i] - 2 * cellPadding }));
      y += h;
    });
    if (!rows.length) line('No rows.', 'body', dataSize, '#555555');
    if (foot) {
      y += 2;
      line(foot, 'body', dataSize - 1, '#555555');
    }
  };

  line(r.title, 'bold', titleSize);
  y += 2;
  for (const l of headerLines(r)) line(l, 'body', dataSize + 1, '#333333');
  line(r.summary, 'body', dataSize, '#333333');
  if (r.figures.length) {
    table(
      'Figures',
      ['Figure', 'Value', 'Source', 'Period', 'Granularity', 'Sample'],
      r.figures.map((f) => [f.note ? `${f.label} (${f.note})` : f.label, fmt(f.value, f.unit) + (['count', 'ratio', 'index', 'days', 'persons', 'families', 'thousand_persons', 'per_100k', 'per_km2'].includes(f.unit) && f.value !== null ? ` ${UNIT_WORD[f.unit] === 'count' || UNIT_WORD[f.unit] === 'ratio' || UNIT_WORD[f.unit] === 'index' ? '' : UNIT_WORD[f.unit]}`.trimEnd() : ''), f.source, f.period, `${f.granularity}: ${f.areaName}`, f.sampleSize === null ? '–' : String(f.sampleSize)]),
    );
  }
  for (const t of r.tables) table(t.title, t.columns.map((c) => c.label), t.rows.map((row) => t.columns.map((c) => fmt(row[c.key], c.unit))), tableFoot(t));
  if (r.notes.length) {
    y += 8;
    line('Notes', 'bold', headerSize);
    for (const n of r.notes) line(`• ${n}`, 'body', dataSize);
  }
  y += 8;
  line('Sources', 'bold', headerSize);
  for (const s of r.sources) line(`${s.name} — ${s.period} (${s.granularity})`, 'body', dataSize);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const label = `Page ${i + 1} of ${range.count}`;
    doc.font('body').fontSize(footerSize).fillColor('#666666');
    doc.text(peso(`${r.title} · ${r.area.name}`), margin, doc.page.height - margin + 8, { lineBreak: false });
    doc.text(label, doc.page.width - margin - doc.widthOfString(label), doc.page.height - margin + 8, { lineBreak: false });
    doc.page.margins.bottom = saved;
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

const tableFoot = (t: ReportTable) => `Source: ${t.source} · ${t.period} · ${t.granularity}${t.note ? ` · ${t.note}` : ''}`;
