import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FINANCE_DISCLAIMER, feasibility } from '@app/domain';
import { server } from '@/test/msw-server';
import { renderApp } from '@/test/render';
import { makeCard, serveAria, signIn, summary } from './test-server';

const SLOW = { timeout: 10_000 };

const baseRun = {
  id: 'r_1',
  conversationId: 'c_run',
  kind: 'feasibility',
  credits: 10,
  input: {},
  narrative: null,
  error: null,
  createdAt: '2026-11-27T02:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  pdfUrl: null,
};

const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
afterEach(() => {
  vi.restoreAllMocks();
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
});

describe('a feasibility run', () => {
  it('shows its progress while it runs, then the result (costs with legal basis, cash flow, sensitivity, market), and downloads its PDF', async () => {
    signIn('basic');
    serveAria();
    const finance = feasibility({ price: 6_000_000, floorAreaSqm: 50, regionCode: '1300000000', isCity: true, downPaymentPct: 20, years: 20, lender: 'pagibig', use: 'rent', monthlyRent: 35_000, vacancyPct: 5, monthlyDues: 3_000 });
    const result = {
      subject: { listing: makeCard({ offer: 'sale', price: 6_000_000, name: '2BR condo unit in Bel-Air, Makati' }), price: 6_000_000, floorArea: 50, kind: 'condominium', place: { code: '1380300001', name: 'Bel-Air' }, zonalValue: null, zonalSource: null },
      finance,
      market: {
        area: { code: '1380300001', name: 'Bel-Air', level: 'barangay' },
        title: 'Bel-Air condominium market',
        summary: 'Median asking price ₱150,000/m² from 40 listings.',
        figures: [{ label: 'Median asking price per m²', value: 150000, unit: 'php_per_sqm', source: 'Tahanan listings', period: '2026-10', granularity: 'barangay', sampleSize: 40 }],
        notes: [],
        fallback: null,
        url: '/market/1380300001/historic_current',
      },
      assumptions: { downPaymentPct: 20, years: 20, lender: 'pagibig', use: 'rent', vacancyPct: 5, monthlyDues: 3000, annualRatePct: 6.375, monthlyRent: 35000, monthlyRentSource: 'as given' },
      disclaimer: FINANCE_DISCLAIMER,
    };
    let asks = 0;
    server.use(
      http.get('*/api/ai/history/get/c_run', () =>
        HttpResponse.json({ ...summary({ id: 'c_run', kind: 'feasibility', title: 'Feasibility: 2BR condo unit in Bel-Air' }), messages: [], runs: [{ ...baseRun, status: 'queued', progress: 0, result: null }] }),
      ),
      http.get('*/api/ai/run/r_1', () => {
        asks += 1;
        if (asks < 2) return HttpResponse.json({ ...baseRun, status: 'running', progress: 40, result: null });
        return HttpResponse.json({ ...baseRun, status: 'succeeded', progress: 100, result, narrative: 'Buying it to rent out costs more a month than it earns.', pdfUrl: '/api/ai/run/r_1/pdf' });
      }),
    );
    const pdfAsks: string[] = [];
    server.use(
      http.get('*/api/ai/run/r_1/pdf', ({ request }) => {
        pdfAsks.push(request.headers.get('authorization') ?? '');
        return new HttpResponse(new TextEncoder().encode('%PDF-1.7 test'), {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="aria_feasibility_20261127.pdf"' },
        });
      }),
    );
    const { user } = renderApp('/aria/c_run');
    expect(await screen.findByText('Feasibility run running… 40%', {}, SLOW)).toBeInTheDocument();
    const shown = await screen.findByTestId('feasibility-result', {}, SLOW);
    expect(asks).toBeGreaterThanOrEqual(2);
    expect(screen.getByTestId('aria-run-narrative')).toHaveTextContent('Buying it to rent out costs more a month than it earns.');

    const costs = within(shown).getByRole('table', { name: 'Taxes and fees' });
    const dst = finance.acquisition.lines.find((l) => l.id === 'dst' || /documentary/i.test(l.label))!;
    const dstRow = within(costs).getByText(dst.label).closest('tr')!;
    expect(within(dstRow).getByText(`₱${Math.round(dst.amount).toLocaleString('en-PH')}`)).toBeInTheDocument();
    expect(within(dstRow).getByText(dst.legalBasis)).toBeInTheDocument();
    expect(within(shown).getByTestId('feas-cash-needed')).toHaveTextContent(`₱${Math.round(finance.cashNeeded).toLocaleString('en-PH')}`);
    expect(within(shown).getByRole('table', { name: 'Monthly cash flow' })).toHaveTextContent('Net cash flow');
    expect(within(within(shown).getByRole('table', { name: 'Sensitivity' })).getAllByRole('row')).toHaveLength(finance.sensitivity.length + 1);
    expect(within(shown).getByRole('table', { name: 'Market figures' })).toHaveTextContent('₱150,000/m²Tahanan listings (40 listings)2026-10');
    expect(within(shown).getByTestId('aria-disclaimer')).toHaveTextContent(FINANCE_DISCLAIMER);

    const created: Blob[] = [];
    URL.createObjectURL = (b: Blob | MediaSource) => {
      created.push(b as Blob);
      return 'blob:pdf';
    };
    URL.revokeObjectURL = () => undefined;
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(clicks).toEqual(['aria_feasibility_20261127.pdf']));
    expect(pdfAsks).toEqual(['Bearer tok']);
    expect(await created[0].text()).toBe('%PDF-1.7 test');
  });

  it("a comparison shows the listings side by side and ARIA's recommendation with its reasons", async () => {
    signIn('basic');
    serveAria();
    const rows = [
      { ...makeCard({ id: 'a', name: 'Condo A', offer: 'sale', price: 7_000_000, pricePerSqm: 140_000 }), barangayMedianPricePerSqm: 150_000, vsBarangayPct: -6.7, estimatedGrossYieldPct: 5.1, amenities: [{ category: 'schools', count: 3, nearestMeters: 400 }], riskNotes: [] },
      { ...makeCard({ id: 'b', name: 'Condo B', offer: 'sale', price: 9_000_000, pricePerSqm: 180_000 }), barangayMedianPricePerSqm: 150_000, vsBarangayPct: 20, estimatedGrossYieldPct: 4.2, amenities: [], riskNotes: ['Priced 20% above the barangay median'] },
    ];
    server.use(
      http.get('*/api/ai/history/get/c_cmp', () =>
        HttpResponse.json({
          ...summary({ id: 'c_cmp', kind: 'compare', title: 'Compare Condo A, Condo B' }),
          messages: [],
          runs: [{ ...baseRun, id: 'r_2', conversationId: 'c_cmp', kind: 'compare', credits: 5, status: 'succeeded', progress: 100, result: { rows, recommendation: { listingId: 'a', reasons: ['Below the barangay median per m²', 'Higher estimated yield'] }, notes: [], disclaimer: 'Estimates only.' } }],
        }),
      ),
      http.get('*/api/ai/run/r_2', () => HttpResponse.json({ ...baseRun, id: 'r_2', conversationId: 'c_cmp', kind: 'compare', credits: 5, status: 'succeeded', progress: 100, result: { rows, recommendation: { listingId: 'a', reasons: ['Below the barangay median per m²', 'Higher estimated yield'] }, notes: [], disclaimer: 'Estimates only.' } })),
    );
    renderApp('/aria/c_cmp');
    const recommendation = await screen.findByTestId('compare-recommendation', {}, SLOW);
    expect(recommendation).toHaveTextContent('Recommendation: Condo A');
    expect(recommendation).toHaveTextContent('Below the barangay median per m²');
    const table = screen.getByRole('table', { name: 'Listings compared' });
    expect(within(table).getByText('vs the barangay').closest('tr')).toHaveTextContent('vs the barangay-6.7%+20%');
    expect(within(table).getByText('Price').closest('tr')).toHaveTextContent('₱7,000,000₱9,000,000');
    expect(screen.getByText('Priced 20% above the barangay median')).toBeInTheDocument();
  });
});
