import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { REPORT_GROUPS, REPORT_GROUP_IDS } from '@app/domain';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
import { makeReport } from './test/fixtures';

const place = (code: string, name: string, level: string, extra: Record<string, unknown> = {}) => ({
  code,
  name,
  level,
  lat: null,
  lng: null,
  areaKm2: null,
  population: null,
  regionCode: '1300000000',
  provinceCode: null,
  cityCode: level === 'barangay' ? '1380300000' : null,
  ...extra,
});

/** GET /bi/get/all as a Free member sees it: tier 1 open, the rest locked with the plan that unlocks them. */
const freeGroups = REPORT_GROUP_IDS.map((id) => {
  const requiredPlan = ['free', 'basic', 'premium'][REPORT_GROUPS[id].tier - 1];
  return { ...REPORT_GROUPS[id], entitlement: `reports.tier${REPORT_GROUPS[id].tier}`, locked: REPORT_GROUPS[id].tier > 1, requiredPlan, requiredPlanName: requiredPlan };
});

const figure = (label: string, value: number, area: { code: string; name: string }, sampleSize: number) => ({
  label,
  value,
  unit: 'php_per_sqm',
  source: 'Tahanan listings',
  period: 'listings as of 2026-11-27',
  granularity: 'barangay',
  areaCode: area.code,
  areaName: area.name,
  sampleSize,
});

describe('market reports', { timeout: 30_000 }, () => {
  beforeEach(() => {
    // the map's own reads (features/market/map has its tests): none here
    server.use(
      http.get('*/api/bi/amenities/:code', () => HttpResponse.json({ message: 'none' }, { status: 404 })),
      http.get('*/api/bi/map/barangays', () => HttpResponse.json({ message: 'none' }, { status: 404 })),
    );
  });

  it('renders a report: figures with their source, period, area and sample; the fallback note; demo data; the table view of the chart', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/bi/get/:group', ({ request, params }) => {
        asked.push(`${String(params.group)}${new URL(request.url).search}`);
        return HttpResponse.json(makeReport());
      }),
    );
    const { user } = renderApp('/market/1380300027/historic_and_current?offer=sale');
    expect(await screen.findByRole('heading', { level: 1, name: 'Historic and current data: Bel-Air' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(asked[0]).toBe('historic_and_current?offer=sale&kind=all&area=1380300027');

    const breadcrumb = screen.getByRole('navigation', { name: 'Area' });
    expect(within(breadcrumb).getByRole('link', { name: 'City of Makati' })).toHaveAttribute('href', '/market/1380300000/historic_and_current');
    expect(within(breadcrumb).getByRole('link', { name: 'National Capital Region (NCR)' })).toBeInTheDocument();

    expect(screen.getByTestId('fallback-note')).toHaveTextContent('Not enough listings in this barangay (3 listings): showing City of Makati');
    expect(screen.getByTestId('demo-data-banner')).toHaveTextContent('Demo data');

    const price = screen.getByRole('article', { name: 'Median asking price' });
    expect(within(price).getByTestId('market-figure-value')).toHaveTextContent('₱12,500,000');
    // the provenance is on the card, not only in a tooltip
    expect(within(price).getByText('Tahanan listings')).toBeVisible();
    expect(within(price).getByText('listings as of 2026-11-27')).toBeVisible();
    expect(within(price).getByText('City or municipality: City of Makati')).toBeVisible();
    expect(within(price).getByText('n = 41 listings')).toBeVisible();
    expect(within(screen.getByRole('article', { name: 'Median price per m²' })).getByTestId('market-figure-value')).toHaveTextContent('₱182,450/m²');
    expect(screen.getByText('Asking prices, not sale prices.')).toBeInTheDocument();

    // the chart, described in words; then the same numbers as a table, kept in the address
    expect(screen.getByTestId('market-chart')).toHaveAccessibleDescription(/Line chart over time in pesos per m²: Median price per m² for City of Makati/);
    await user.click(screen.getByRole('button', { name: 'Table' }));
    const table = await screen.findByTestId('market-chart-table');
    expect(within(table).getByRole('columnheader', { name: 'Median price per m² (City of Makati, Tahanan listings)' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').map((r) => r.textContent);
    expect(rows.slice(1)).toEqual(['2026-09₱180,000/m²', '2026-10₱181,000/m²', '2026-11₱182,450/m²']);
    expect(screen.queryByTestId('market-chart')).toBeNull();
  });

  it('a locked report answers 402: the page shows the Upgrade prompt with the plan that unlocks it', async () => {
    server.use(
      http.get('*/api/bi/get/:group', () =>
        HttpResponse.json(
          { statusCode: 402, message: 'Tier 2 market reports are part of the Basic plan', upgrade: { reason: 'plan', entitlement: 'reports.tier2', feature: 'Tier 2 market reports', requiredPlan: 'basic', currentPlan: 'free' } },
          { status: 402 },
        ),
      ),
    );
    renderApp('/market/1380300027/economic_data');
    const prompt = await screen.findByTestId('upgrade-prompt', {}, { timeout: 10_000 });
    // named by the report, not the tier
    expect(prompt).toHaveTextContent('Economic data reports are part of the Basic plan and above');
    expect(prompt).toHaveTextContent('You are on the Free plan.');
    expect(within(prompt).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/plans?for=reports.tier2');
  });

  it('the picker: a place chosen by name opens its reports; a locked card shows a lock and the Upgrade prompt instead of opening', async () => {
    server.use(
      http.get('*/api/bi/get/all', () => HttpResponse.json({ currentPlan: 'free', groups: freeGroups, minSample: 5 })),
      http.get('*/api/bi/dropdownvalue', () => HttpResponse.json({ regions: [{ code: '1300000000', name: 'National Capital Region (NCR)' }], cities: [], barangays: [], kinds: [] })),
      http.post('*/api/bi/search', async ({ request }) => {
        const { text } = (await request.json()) as { text: string };
        const hits = [{ code: '1380300027', name: 'Bel-Air', level: 'barangay', cityName: 'City of Makati', provinceName: null, regionName: 'NCR', activeListings: 42, enoughListings: true }];
        return HttpResponse.json({ items: hits.filter((h) => h.name.toLowerCase().startsWith(text.toLowerCase())), pagination: { page: 1, limit: 10, total: 1 } });
      }),
      http.get('*/api/places/:code', ({ params }) => HttpResponse.json(place(String(params.code), 'Bel-Air', 'barangay'))),
    );
    const { user, router } = renderApp('/market');
    expect(await screen.findByRole('heading', { level: 1, name: 'Market reports' }, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('market-group')).toHaveLength(13));
    expect(within(screen.getByRole('article', { name: 'Demographics' })).getByRole('button', { name: 'Choose a place first' })).toBeDisabled();

    await user.type(screen.getByRole('combobox', { name: 'Search a barangay, city or province' }), 'Bel');
    const option = await screen.findByRole('option', { name: /Bel-Air/ }, { timeout: 5000 });
    expect(option).toHaveTextContent('Barangay · City of Makati, NCR · 42 listings');
    await user.click(option);
    await waitFor(() => expect(router.state.location.search).toBe('?area=1380300027'));
    expect(await screen.findByTestId('market-chosen-place')).toHaveTextContent('Reports for Bel-Air (barangay)');

    const demographics = screen.getByRole('article', { name: 'Demographics' });
    expect(within(demographics).getByRole('link', { name: 'Open Demographics' })).toHaveAttribute('href', '/market/1380300027/demographics');

    const cycles = screen.getByRole('article', { name: 'Market cycles' });
    expect(within(cycles).getByText('Basic')).toBeInTheDocument();
    expect(within(cycles).queryByRole('link')).toBeNull();
    await user.click(within(cycles).getByRole('button', { name: 'Market cycles: locked, see how to unlock' }));
    expect(within(cycles).getByTestId('upgrade-prompt')).toHaveTextContent('Market cycles reports are part of the Basic plan and above');
    const capRate = screen.getByRole('article', { name: 'Capitalization rate' });
    await user.click(within(capRate).getByRole('button', { name: /locked/ }));
    expect(within(capRate).getByTestId('upgrade-prompt')).toHaveTextContent('part of the Premium plan and above');
    expect(router.state.location.pathname).toBe('/market');
  });

  it('pins a report to the dashboard once; the dashboard shows it as a market report linking to it', async () => {
    const member = makeUser({ _id: 'u_ana' });
    storeSession('tok', member);
    serveSession('tok', member);
    let items: Record<string, unknown>[] = [];
    const pins: unknown[] = [];
    server.use(
      http.get('*/api/bi/get/:group', () => HttpResponse.json(makeReport({ demoData: false, fallback: null }))),
      http.post('*/api/user/get/save/items', () => HttpResponse.json({ items })),
      http.post('*/api/user/save/pinned', async ({ request }) => {
        const body = (await request.json()) as { name: string; data: Record<string, unknown> };
        pins.push(body);
        const pin = { _id: 'p_r', type: 'pinned', listing: null, name: body.name, data: body.data, alert: null, lastNotifiedAt: null, createdAt: '2026-11-27T07:00:00.000Z' };
        items = [pin];
        return HttpResponse.json(pin, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/market/1380300027/historic_and_current?offer=rent&view=table');
    const button = await screen.findByRole('button', { name: 'Pin to dashboard' }, { timeout: 10_000 });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Pinned to dashboard' }, { timeout: 5000 })).toHaveAttribute('aria-pressed', 'true');
    expect(pins).toEqual([
      {
        userId: 'u_ana',
        name: 'Historic and current data: Bel-Air',
        data: { kind: 'report', group: 'historic_and_current', area: '1380300027', areaName: 'Bel-Air, City of Makati', href: '/market/1380300027/historic_and_current?offer=rent' },
      },
    ]);

    await router.navigate('/saved?tab=pinned');
    const pinned = await screen.findByRole('article', { name: 'Historic and current data: Bel-Air' }, { timeout: 10_000 });
    expect(pinned).toHaveAttribute('data-kind', 'report');
    expect(within(pinned).getByText('Market report · Bel-Air, City of Makati')).toBeInTheDocument();
    expect(within(pinned).getByRole('link', { name: 'Historic and current data: Bel-Air' })).toHaveAttribute('href', '/market/1380300027/historic_and_current?offer=rent');
  });

  it('compares areas side by side, each figure with its source and sample', async () => {
    const a = { code: '1380300027', name: 'Bel-Air', level: 'barangay' };
    const b = { code: '1381500010', name: 'Fort Bonifacio', level: 'barangay' };
    server.use(
      http.get('*/api/places/:code', ({ params }) => HttpResponse.json(place(String(params.code), 'Bel-Air', 'barangay'))),
      http.get('*/api/bi/areas/compare', ({ request }) => {
        expect(new URL(request.url).searchParams.get('areas')).toBe(`${a.code},${b.code}`);
        return HttpResponse.json({
          offer: 'sale',
          kind: 'all',
          demoData: true,
          areas: [
            { area: a, parents: [], enoughListings: true, figures: [figure('Median price per m²', 182_000, a, 23)] },
            { area: b, parents: [], enoughListings: true, figures: [figure('Median price per m²', 240_500, b, 31)] },
          ],
          chart: { id: 'compare', title: 'Median asking price per m²', kind: 'line', unit: 'php_per_sqm', series: [] },
        });
      }),
    );
    renderApp(`/market/compare?areas=${a.code},${b.code}`);
    const table = await screen.findByTestId('compare-table', {}, { timeout: 10_000 });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Figure', 'Bel-AirBarangay', 'Fort BonifacioBarangay']);
    const row = within(table).getByRole('row', { name: /Median price per m²/ });
    expect(row).toHaveTextContent('₱182,000/m²');
    expect(row).toHaveTextContent('₱240,500/m²');
    expect(row).toHaveTextContent('n = 31 listings');
    expect(screen.getAllByTestId('compare-area')).toHaveLength(2);
  });

  it('comparing is part of Basic: a 402 shows the Upgrade prompt', async () => {
    server.use(
      http.get('*/api/bi/areas/compare', () =>
        HttpResponse.json({ statusCode: 402, message: 'Locked', upgrade: { reason: 'plan', entitlement: 'reports.tier2', feature: 'Tier 2 market reports', requiredPlan: 'basic' } }, { status: 402 }),
      ),
      http.get('*/api/places/:code', ({ params }) => HttpResponse.json(place(String(params.code), 'Bel-Air', 'barangay'))),
    );
    renderApp('/market/compare?areas=1380300027,1381500010');
    expect(await screen.findByTestId('upgrade-prompt', {}, { timeout: 10_000 })).toHaveTextContent('Tier 2 market reports are part of the Basic plan and above');
  });
});
