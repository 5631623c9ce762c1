import PDFDocument from 'pdfkit';
import { ARIA_VERIFY_NOTE, type AriaRunKind } from '@app/domain';
import { resolvePdfFonts } from '../../exports/export-writers';
import { manilaTime } from '../../exports/export-columns';
import type { AriaRunOutcome, CompareRunResult, FeasibilityRunResult } from '../aria-contracts';

/** aria_{kind}_{timestamp}.pdf (UTC, like the exports' names). */
export function runPdfFileName(kind: AriaRunKind, at: Date): string {
  const stamp = at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
  return `aria_${kind}_${stamp}.pdf`;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const pesos = (v: unknown) => {
  const n = num(v);
  if (n === null) return '—';
  return `${n < 0 ? '−' : ''}₱${Math.abs(n).toLocaleString('en-PH', { maximumFractionDigits: 0 })}`;
};
const pct = (v: unknown) => (num(v) === null ? '—' : `${num(v)!.toLocaleString('en-PH', { maximumFractionDigits: 2 })} %`);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/**
 * The PDF of a run: the title, when, the subject, the headline figures (a feasibility's costs, loan,
 * monthly cash flow, yields and sensitivity; a comparison's rows and recommendation), the narrative
 * and the note to verify. DejaVu Sans (₱) where the system has it, else Helvetica with "PHP".
 */
export async function renderRunPdf(
  kind: AriaRunKind,
  outcome: AriaRunOutcome<FeasibilityRunResult> | AriaRunOutcome<CompareRunResult>,
  meta: { title: string; at: Date },
): Promise<Buffer> {
  const fonts = resolvePdfFonts();
  const text = (s: string) => (fonts.hasPeso ? s : s.replace(/₱/g, 'PHP ').replace(/²/g, '2'));
  const margin = 48;
  const title = meta.title || (kind === 'compare' ? 'ARIA comparison' : 'ARIA feasibility run');
  const doc = new PDFDocument({ size: 'A4', margin, bufferPages: true, info: { Title: title, Author: 'Tahanan', Creator: 'Tahanan ARIA' } });
  doc.registerFont('body', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * margin;
  const heading = (s: string) => {
    doc.moveDown(0.6).font('bold').fontSize(13).text(text(s), { width });
    doc.moveDown(0.2);
  };
  const para = (s: string, size = 10) => doc.font('body').fontSize(size).text(text(s), { width });
  const pairs = (rows: Array<[string, string]>) => {
    for (const [label, value] of rows) {
      const y = doc.y;
      doc.font('body').fontSize(10).text(text(label), margin, y, { width: width * 0.6 });
      const after = doc.y;
      doc.font('bold').fontSize(10).text(text(value), margin + width * 0.6, y, { width: width * 0.4, align: 'right' });
      doc.y = Math.max(after, doc.y);
      doc.x = margin;
    }
  };
  /** A table of right-aligned figures under bold labels (the first column left-aligned). */
  const table = (labels: string[], rows: string[][]) => {
    const w = width / labels.length;
    const line = (cells: string[], font: 'body' | 'bold') => {
      if (doc.y + 14 > doc.page.height - margin) doc.addPage();
      const y = doc.y;
      let bottom = y;
      cells.forEach((cell, i) => {
        doc.font(font).fontSize(9).text(text(cell), margin + i * w, y, { width: w - 4, align: i === 0 ? 'left' : 'right' });
        bottom = Math.max(bottom, doc.y);
      });
      doc.y = bottom;
      doc.x = margin;
    };
    line(labels, 'bold');
    for (const r of rows) line(r, 'body');
  };

  doc.font('bold').fontSize(18).text(text(title), { width });
  para(`ARIA ${kind === 'compare' ? 'comparison' : 'feasibility run'} · generated ${manilaTime(meta.at)} (Asia/Manila)`, 9);

  if (kind === 'feasibility') {
    const r = outcome.result as FeasibilityRunResult;
    const f = obj(r.finance);
    const subject = obj(r.subject);
    heading('The property');
    const listing = obj(subject.listing);
    pairs([
      ['Listing', typeof listing.name === 'string' ? `${listing.name} (${String(listing.code ?? '')})` : 'Described property'],
      ['Price', pesos(subject.price)],
      ['Floor area', num(subject.floorArea) === null ? '—' : `${num(subject.floorArea)} m²`],
      ['Place', typeof obj(subject.place).name === 'string' ? String(obj(subject.place).name) : '—'],
      ['Zonal value', subject.zonalValue == null ? 'not known' : pesos(subject.zonalValue)],
    ]);
    const acquisition = obj(f.acquisition);
    const loan = obj(f.loan);
    const monthly = obj(f.monthly);
    heading('Costs and loan');
    pairs([
      ['Buyer’s taxes and fees', pesos(acquisition.buyerTotal)],
      ['Cash needed (down payment, taxes, fees)', pesos(f.cashNeeded)],
      ['Loan', pesos(loan.amount)],
      ['Rate and term', `${pct(loan.annualRatePct)} · ${num(loan.termYears) ?? '—'} years`],
      ['Monthly amortisation', pesos(monthly.amortization)],
    ]);
    heading('Monthly cash flow');
    pairs([
      ['Rent', pesos(monthly.rent)],
      ['Vacancy', pesos(monthly.vacancyLoss)],
      ['Association dues', pesos(monthly.dues)],
      ['Real property tax', pesos(monthly.realPropertyTax)],
      ['Insurance and maintenance', pesos((num(monthly.insurance) ?? 0) + (num(monthly.maintenance) ?? 0))],
      ['Net cash flow', pesos(monthly.netCashFlow)],
    ]);
    heading('Returns');
    pairs([
      ['Gross yield', pct(f.grossYieldPct)],
      ['Net yield', pct(f.netYieldPct)],
      ['Cap rate', pct(f.capRatePct)],
      ['Cash on cash', pct(f.cashOnCashPct)],
      ['Payback', num(f.paybackYears) === null ? '—' : `${num(f.paybackYears)!.toFixed(1)} years`],
    ]);
    const schedule = Array.isArray(loan.years) ? (loan.years as unknown[]).map(obj) : [];
    if (schedule.length) {
      heading('Amortisation by year');
      const shown = schedule.length <= 10 ? schedule : [...schedule.slice(0, 5), ...schedule.slice(-3)];
      table(['Year', 'Principal paid', 'Interest paid', 'Balance at year end'], shown.map((y) => [String(y.year), pesos(y.principalPaid), pesos(y.interestPaid), pesos(y.balance)]));
      if (shown.length < schedule.length) para(`Years ${Number(shown[4].year) + 1} to ${Number(shown[5].year) - 1} are left out here; the run's result has every year.`, 8);
    }
    const sensitivity = Array.isArray(f.sensitivity) ? (f.sensitivity as unknown[]).map(obj) : [];
    if (sensitivity.length) {
      heading('Sensitivity');
      pairs(sensitivity.map((s) => [`${String(s.label ?? '')} (${String(s.change ?? '')})`, `${pesos(s.netCashFlow)} a month · ${pct(s.netYieldPct)}`]));
    }
  } else {
    const r = outcome.result as CompareRunResult;
    heading('The listings');
    for (const row of r.rows ?? []) {
      doc.moveDown(0.3).font('bold').fontSize(11).text(text(`${row.name} (${row.code})`), { width });
      pairs([
        ['Price', pesos(row.price)],
        ['Price per m²', row.pricePerSqm == null ? '—' : pesos(row.pricePerSqm)],
        ['vs the barangay median', row.vsBarangayPct == null ? '—' : `${row.vsBarangayPct > 0 ? '+' : ''}${pct(row.vsBarangayPct)}`],
        ['Floor area', row.floorArea == null ? '—' : `${row.floorArea} m²`],
        ['Bedrooms', row.bedrooms == null ? '—' : String(row.bedrooms)],
        ['Estimated gross yield', pct(row.estimatedGrossYieldPct)],
      ]);
      if (row.riskNotes?.length) para(`Risks: ${row.riskNotes.join('; ')}`, 9);
    }
    if (r.recommendation) {
      const pick = r.rows.find((x) => x.id === r.recommendation!.listingId);
      heading('Recommendation');
      para(`${pick ? pick.name : r.recommendation.listingId}: ${r.recommendation.reasons.join('; ')}`);
    }
  }

  if (outcome.narrative) {
    heading('What ARIA found');
    para(outcome.narrative);
  }
  if (outcome.citations?.length) {
    heading('Sources');
    for (const c of outcome.citations) para(`${c.label}${c.source ? ` (${c.source})` : ''}`, 9);
  }
  doc.moveDown(1);
  const disclaimer = (outcome.result as { disclaimer?: string }).disclaimer;
  para(disclaimer || ARIA_VERIFY_NOTE, 8);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // the footer sits in the bottom margin: writing there must not start a new page
    doc.page.margins.bottom = 0;
    doc.font('body').fontSize(8).text(`Tahanan · ARIA · page ${i + 1} of ${range.count}`, margin, doc.page.height - margin + 12, { width, align: 'center', lineBreak: false });
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
