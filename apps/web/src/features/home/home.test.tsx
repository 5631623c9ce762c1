import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { PLANS } from '@app/domain';
import { formatPeso } from '@/lib/money';
import { parseSearch } from '@/features/listings/search-state';
import { makeListing, makePagination, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
import '@/features/listings';

const EMPTY_FACETS = { types: [], tags: [], statuses: [], cities: [], barangays: [], priceBands: [] };

/** The home page's calls: the newest listings (POST /listing/search) and the city facets (POST /listing/filter). */
function serveHome(listings = [makeListing()]) {
  const searches: unknown[] = [];
  server.use(
    http.post('*/api/listing/search', async ({ request }) => {
      searches.push(await request.json());
      return HttpResponse.json({ listings, pagination: makePagination(listings.length, listings.length, 6) });
    }),
    http.post('*/api/listing/filter', () =>
      HttpResponse.json({
        ...EMPTY_FACETS,
        cities: [
          { code: '1381300000', name: 'Quezon City', count: 40 },
          { code: '1380300000', name: 'City of Makati', count: 12 },
        ],
      }),
    ),
  );
  return searches;
}

describe('home', { timeout: 30_000 }, () => {
  beforeEach(() => {
    serveHome();
  });

  it('shows the plans with whole-peso prices and sign-up / log-in buttons for guests', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Find a home or lot in the Philippines' }, { timeout: 10000 })).toBeInTheDocument();
    expect(screen.getByTestId('plan-free')).toHaveTextContent('₱0');
    expect(screen.getByTestId('plan-basic')).toHaveTextContent('₱1,500');
    expect(screen.getByTestId('plan-premium')).toHaveTextContent('₱6,500');
    expect(screen.getByTestId('plan-enterprise')).toHaveTextContent('Contact sales');
    expect(screen.getByRole('link', { name: 'Create a free account' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('link', { name: 'Go to dashboard' })).not.toBeInTheDocument();
  });

  it('offers the dashboard to a logged-in member', async () => {
    const user = makeUser();
    storeSession('tok', user);
    serveSession('tok', user);
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Go to dashboard' }, { timeout: 10000 })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Create a free account' })).not.toBeInTheDocument();
  });

  it('shows the newest listings near the default centre (lat 14.6384007, lng 121.0550602), newest first', async () => {
    const searches = serveHome([makeListing({ _id: 'l_new', name: 'Brand-new townhouse in Cubao' })]);
    renderApp('/');
    const newest = await screen.findByTestId('newest-listings', {}, { timeout: 10000 });
    expect(within(newest).getByText('Brand-new townhouse in Cubao')).toBeInTheDocument();
    expect(searches).toHaveLength(1);
    const body = searches[0] as { bounds: { north: number; south: number; east: number; west: number }; sort: string; limit: number };
    expect(body.sort).toBe('-createdAt');
    expect(body.limit).toBe(6);
    expect((body.bounds.north + body.bounds.south) / 2).toBeCloseTo(14.6384007, 5);
    expect((body.bounds.east + body.bounds.west) / 2).toBeCloseTo(121.0550602, 5);
  });

  it('says so when nothing is listed near the centre', async () => {
    serveHome([]);
    renderApp('/');
    expect(await screen.findByText('No listings here yet', {}, { timeout: 10000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all listings' })).toHaveAttribute('href', '/listings');
  });

  it('searches from the home page: text, Rent and a city lead to the search page with those filters', async () => {
    const { user, router } = renderApp('/');
    const search = await screen.findByRole('search', { name: 'Search listings' }, { timeout: 10000 });
    await user.type(within(search).getByLabelText('What are you looking for?'), 'condo');
    await user.click(within(search).getByRole('button', { name: 'Rent' }));
    await user.click(within(search).getByLabelText('City or municipality'));
    await user.click(await screen.findByRole('option', { name: 'Quezon City (40)' }));
    await user.click(within(search).getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/listings'), { timeout: 10000 });
    const state = parseSearch(router.state.location.search);
    expect(state.text).toBe('condo');
    expect(state.offer).toBe('rent');
    expect(state.tags).toEqual([]);
    expect(state.cities).toEqual(['1381300000']);
  });

  it('Buy is chosen at first and means listings for sale; an empty search opens the search page', async () => {
    const { user, router } = renderApp('/');
    const search = await screen.findByRole('search', { name: 'Search listings' }, { timeout: 10000 });
    expect(within(search).getByRole('button', { name: 'Buy' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listings'), { timeout: 10000 });
    const state = parseSearch(router.state.location.search);
    expect(state.offer).toBe('sale');
    expect(state.tags).toEqual([]);
  });

  it('plan cards show the prices of the plan table and a button: Free signs up, the others lead to the plans page', async () => {
    renderApp('/');
    await screen.findByTestId('plan-basic', {}, { timeout: 10000 });
    expect(screen.getByTestId('plan-basic-period')).toHaveTextContent('/month');
    expect(screen.getByTestId('plan-premium-period')).toHaveTextContent('/month');
    expect(screen.getByTestId('plan-free-period')).toHaveTextContent('forever');
    expect(screen.getByTestId('plan-basic')).toHaveTextContent(formatPeso(PLANS.basic.monthlyCentavos! / 100));
    expect(within(screen.getByTestId('plan-free')).getByRole('link', { name: 'Start free' })).toHaveAttribute('href', '/signup');
    expect(within(screen.getByTestId('plan-basic')).getByRole('link', { name: 'Choose Basic' })).toHaveAttribute('href', '/plans');
    expect(within(screen.getByTestId('plan-premium')).getByRole('link', { name: 'Choose Premium' })).toHaveAttribute('href', '/plans');
    expect(within(screen.getByTestId('plan-enterprise')).getByRole('link', { name: 'Contact sales' })).toHaveAttribute('href', '/plans');
  });
});
