import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ARIA_VERIFY_NOTE, feasibility } from '@app/domain';
import type { CompareRunResult, FeasibilityRunResult } from '../aria-contracts';
import { renderRunPdf, runPdfFileName } from './aria-run-pdf';

const INSPECT = path.resolve(__dirname, '../../../../test/pdf-inspect.mjs');

/** The text lines of each page, as pdfjs reads them (test/pdf-inspect.mjs). */
function inspect(pdf: Buffer, png?: string): { pages: Array<{ lines: string[] }> } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aria-pdf-'));
  const file = path.join(dir, 'run.pdf');
  writeFileSync(file, pdf);
  const args = [INSPECT, file, ...(png ? ['--png', png] : [])];
  return JSON.parse(execFileSync(process.execPath, args, { cwd: path.dirname(INSPECT), maxBuffer: 64 * 1024 * 1024 }).toString());
}

const card = (id: string, name: string, price: number) => ({
  id,
  code: `RES-${id.slice(0, 4)}`,
  name,
  offer: 'sale' as const,
  kind: 'condominium',
  type: 'residential',
  price,
  currency: 'PHP',
  floorArea: 60,
  lotArea: null,
  bedrooms: 2,
  bathrooms: 1,
  pricePerSqm: price / 60,
  barangayCode: '0722170006',
  barangayName: 'Apas',
  cityName: 'Cebu City',
  imageUrl: null,
  verified: false,
  url: `/listings/${id}`,
});

describe('the PDF of an ARIA run', () => {
  it('names the file aria_{kind}_{UTC timestamp}.pdf', () => {
    expect(runPdfFileName('feasibility', new Date('2026-11-27T03:04:05.678Z'))).toBe('aria_feasibility_20261127T030405Z.pdf');
  });

  it('prints a feasibility run: the property, costs, loan, monthly cash flow, returns, sensitivity, narrative and the note to verify', async () => {
    const finance = feasibility({ price: 6_000_000, floorAreaSqm: 60, regionCode: '0700000000', isCity: true, downPaymentPct: 20, years: 20, lender: 'pagibig', use: 'rent', monthlyRent: 30_000, vacancyPct: 5, monthlyDues: 3_000 });
    const result: FeasibilityRunResult = {
      subject: { listing: card('11111111-2222-4333-8444-555555555555', 'Two-bedroom condo at Cebu IT Park', 6_000_000), price: 6_000_000, floorArea: 60, kind: 'condominium', place: { code: '0722170006', name: 'Apas' }, zonalValue: null, zonalSource: null },
      finance: finance as unknown as Record<string, unknown>,
      market: null,
      assumptions: { downPaymentPct: 20, years: 20, lender: 'pagibig', use: 'rent', vacancyPct: 5, monthlyDues: 3000, annualRatePct: finance.loan.annualRatePct, monthlyRent: 30_000, monthlyRentSource: 'given' },
      disclaimer: ARIA_VERIFY_NOTE,
    };
    const pdf = await renderRunPdf('feasibility', { result, narrative: 'The condo pays for itself slowly: net cash flow is negative at this rent.', citations: [{ kind: 'formula', label: 'Pag-IBIG housing loan rates', url: null, source: 'Pag-IBIG Fund' }] }, { title: 'Feasibility: Two-bedroom condo at Cebu IT Park', at: new Date() });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = inspect(pdf, process.env.ARIA_PDF_PNG).pages.flatMap((p) => p.lines).join('\n');
    expect(text).toContain('Feasibility: Two-bedroom condo at Cebu IT Park');
    expect(text).toMatch(/Price \| (₱|PHP )6,000,000/);
    expect(text).toContain(`Loan`);
    expect(text).toMatch(/(₱|PHP )4,800,000/);
    expect(text).toMatch(/Monthly amortisation \| (₱|PHP )[\d,]+/);
    expect(text).toContain('Amortisation by year');
    expect(text).toMatch(/20 \| (₱|PHP )[\d,]+ \| (₱|PHP )[\d,]+ \| (₱|PHP )0/);
    expect(text).toMatch(/Net cash flow \| −(₱|PHP )15,585/);
    expect(text).toContain('Sensitivity');
    expect(text).toContain('The condo pays for itself slowly');
    expect(text).toContain('Pag-IBIG housing loan rates (Pag-IBIG Fund)');
    expect(text).toContain('verify with a licensed real estate broker');
    expect(text).toMatch(/page 1 of \d/);
  });

  it('prints a comparison: each listing’s figures and the recommendation with its reasons', async () => {
    const a = { ...card('aaaaaaaa-2222-4333-8444-555555555555', 'Condo A', 6_000_000), barangayMedianPricePerSqm: 110_000, vsBarangayPct: -9.1, estimatedGrossYieldPct: 6.2, amenities: [], riskNotes: ['Flood-prone street'] };
    const b = { ...card('bbbbbbbb-2222-4333-8444-555555555555', 'Condo B', 7_500_000), barangayMedianPricePerSqm: 110_000, vsBarangayPct: 13.6, estimatedGrossYieldPct: 5.1, amenities: [], riskNotes: [] };
    const result: CompareRunResult = { rows: [a, b], recommendation: { listingId: a.id, reasons: ['9 % under the barangay median', 'higher estimated yield'] }, notes: [], disclaimer: ARIA_VERIFY_NOTE };
    const pdf = await renderRunPdf('compare', { result, narrative: 'Condo A is the better buy.', citations: [] }, { title: 'Compare: Condo A vs Condo B', at: new Date() });
    const text = inspect(pdf).pages.flatMap((p) => p.lines).join('\n');
    expect(text).toContain('Condo A (RES-aaaa)');
    expect(text).toContain('Condo B (RES-bbbb)');
    expect(text).toMatch(/vs the barangay median \| \+13\.6 %/);
    expect(text).toContain('Risks: Flood-prone street');
    expect(text).toContain('Condo A: 9 % under the barangay median; higher estimated yield');
  });
});
