import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeListing, makePagination, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
import './index';

type Body = Record<string, unknown>;

/** POST /listing/search and /listing/filter; `listings()` is read on every search. */
function serveSearch(listings: () => ReturnType<typeof makeListing>[] = () => [makeListing()]) {
  const searches: Body[] = [];
  const facets: Body[] = [];
  server.use(
    http.post('*/api/listing/search', async ({ request }) => {
      const body = (await request.json()) as Body;
      searches.push(body);
      const all = listings();
      const limit = (body.limit as number) ?? 10;
      return HttpResponse.json({ listings: all, pagination: makePagination(all.length + 20, all.length, limit, 1) });
    }),
    http.post('*/api/listing/filter', async ({ request }) => {
      facets.push((await request.json()) as Body);
      return HttpResponse.json({
        types: [{ value: 'land', count: 4 }],
        tags: [{ value: 'for sale', count: 9 }],
        priceBands: [
          { min: 0, max: 50000, count: 3 },
          { min: 5000000, max: null, count: 12 },
        ],
        cities: [{ code: '1381300000', name: 'Quezon City', count: 7 }],
        offers: [{ value: 'rent', count: 5 }],
        kinds: [{ value: 'condominium', count: 3 }],
        furnishings: [{ value: 'furnished', count: 2 }],
      });
    }),
  );
  return { searches, facets };
}

const last = <T,>(list: T[]) => list[list.length - 1];

describe('listing search page: estimated counts and misspelt words', { timeout: 30_000 }, () => {
  it('says "about" for an estimated total, marks estimated facet counts, and names the words searched instead', async () => {
    server.use(
      http.post('*/api/listing/search', () =>
        HttpResponse.json({
          listings: [makeListing()],
          pagination: { ...makePagination(130_000, 1, 10, 1), totalIsEstimate: true },
          searchedWords: ['house'],
        }),
      ),
      http.post('*/api/listing/filter', () =>
        HttpResponse.json({
          types: [{ value: 'residential', count: 120_000 }],
          tags: [],
          priceBands: [],
          cities: [],
          offers: [],
          kinds: [],
          furnishings: [],
          estimated: true,
        }),
      ),
    );
    renderApp('/listings?q=houe');
    expect(await screen.findByText('Sunny house in Loyola Heights', {}, { timeout: 10000 })).toBeInTheDocument();
    expect(screen.getByTestId('result-count')).toHaveTextContent('about 130,000 listings found');
    expect(screen.getByTestId('searched-words')).toHaveTextContent('No listing has “houe”: showing listings with “house” instead.');
    expect(await screen.findByRole('checkbox', { name: 'Residential (≈120,000)' })).toBeInTheDocument();
    // a type none of the rows read had: no count rather than "≈0"
    expect(screen.getByRole('checkbox', { name: 'Industrial' })).toBeInTheDocument();
  });
});

describe('listing search page', { timeout: 30_000 }, () => {
  it('reads the search from the URL and sends it as the search body', async () => {
    const { searches, facets } = serveSearch();
    renderApp('/listings?q=house&type=land&tag=for%20sale&minPrice=100&sort=price&page=2&limit=5&verified=1');
    expect(await screen.findByText('Sunny house in Loyola Heights', {}, { timeout: 10000 })).toBeInTheDocument();
    expect(searches[0]).toEqual({
      fuzzySearch: 'house',
      query: { verified: true },
      match: { type: ['land'], tags: ['for sale'], price: { min: 100 } },
      sort: 'price',
      limit: 5,
      skip: 5,
    });
    // Facets: same filters, no paging, and no price so every band keeps a count.
    expect(facets[0]).toEqual({ fuzzySearch: 'house', query: { verified: true }, match: { type: ['land'], tags: ['for sale'] } });
    expect(screen.getByTestId('result-count')).toHaveTextContent('21 listings found');
    expect(screen.getByRole('checkbox', { name: 'Land (4)' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Verified listings only' })).toBeChecked();
  });

  it('the Buy / Rent switch, kind chips, "at least N" bedrooms and furnishing go to the URL and the search body', async () => {
    const { searches } = serveSearch();
    const { user: ui, router } = renderApp('/listings');
    await screen.findByText('Sunny house in Loyola Heights', {}, { timeout: 10000 });
    const offer = screen.getByRole('group', { name: 'Buy or rent' });
    expect(within(offer).getByRole('button', { name: 'Any' })).toHaveAttribute('aria-pressed', 'true');
    await ui.click(within(offer).getByRole('button', { name: 'Rent' }));
    await waitFor(() => expect(router.state.location.search).toBe('?offer=rent'));
    await waitFor(() => expect(last(searches)).toMatchObject({ match: { offer: ['rent'] }, skip: 0 }));

    await ui.click(within(screen.getByRole('group', { name: 'Property kinds' })).getByRole('button', { name: 'Condominium (3)' }));
    await ui.click(screen.getByRole('combobox', { name: 'Bedrooms' }));
    await ui.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '2+ bedrooms' }));
    await ui.click(within(screen.getByRole('group', { name: 'Furnishing options' })).getByRole('button', { name: 'Furnished (2)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?offer=rent&kind=condominium&beds=2&furnishing=furnished'));
    await waitFor(() =>
      expect(last(searches)).toMatchObject({
        match: { offer: ['rent'], kind: ['condominium'], bedrooms: { min: 2 }, furnishing: ['furnished'] },
      }),
    );
    expect(screen.getByRole('button', { name: /^Filters \(3\)/ })).toBeInTheDocument();

    // Buy, then Any again: the offer leaves the body, the other filters stay
    await ui.click(within(offer).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(last(searches)).toMatchObject({ match: { offer: ['sale'] } }));
    await ui.click(within(offer).getByRole('button', { name: 'Any' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=condominium&beds=2&furnishing=furnished'));
    await waitFor(() => expect(last(searches).match).not.toHaveProperty('offer'));
  }, 60_000);

  it('a text search goes to the URL and the text box clears for the next one', async () => {
    const { searches } = serveSearch();
    const { user: ui, router } = renderApp('/listings');
    await screen.findByText('Sunny house in Loyola Heights', {}, { timeout: 10000 });
    const box = screen.getByRole('textbox', { name: 'Search listings' });
    await ui.type(box, 'Loyola');
    await ui.click(within(screen.getByRole('search')).getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(router.state.location.search).toBe('?q=Loyola'));
    await waitFor(() => expect(last(searches)).toMatchObject({ fuzzySearch: 'Loyola', skip: 0 }));
    expect(box).toHaveValue('');
    expect(screen.getByText('Text: Loyola')).toBeInTheDocument();
  });

  it('price bands show their counts and set the price range; sort, page size and paging go to the URL', async () => {
    const { searches } = serveSearch();
    const { user: ui, router } = renderApp('/listings');
    await screen.findByText('Sunny house in Loyola Heights', {}, { timeout: 10000 });
    const bands = screen.getByRole('group', { name: 'Price bands' });
    expect(within(bands).getAllByRole('button').map((b) => b.textContent)).toEqual([
      '₱0 – ₱50,000 (3)',
      '₱50,000 – ₱100,000 (0)',
      '₱100,000 – ₱200,000 (0)',
      '₱200,000 – ₱500,000 (0)',
      '₱500,000 – ₱1,000,000 (0)',
      '₱1,000,000 – ₱5,000,000 (0)',
      '₱5,000,000+ (12)',
    ]);
    await ui.click(within(bands).getByRole('button', { name: '₱5,000,000+ (12)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?minPrice=5000000'));
    await waitFor(() => expect(last(searches)).toMatchObject({ match: { price: { min: 5000000 } } }));

    await ui.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await ui.click(await screen.findByRole('option', { name: 'Price: high to low' }));
    await waitFor(() => expect(last(searches)).toMatchObject({ sort: '-price' }));

    await ui.click(screen.getByRole('combobox', { name: 'Per page' }));
    await ui.click(await screen.findByRole('option', { name: '5' }));
    await waitFor(() => expect(last(searches)).toMatchObject({ limit: 5, skip: 0 }));

    await ui.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(last(searches)).toMatchObject({ limit: 5, skip: 10 }));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('3');
  });

  it('saving a result refetches the results (and the heart follows the server)', async () => {
    const user = makeUser({ _id: 'u_customer' });
    storeSession('tok', user);
    serveSession('tok', user);
    let saved = false;
    const { searches } = serveSearch(() => [makeListing({ isSaved: saved })]);
    server.use(
      http.post('*/api/listing/save', () => {
        saved = true;
        return HttpResponse.json({ saved: true, savedCount: 3 });
      }),
      http.put('*/api/listing/unsave', () => {
        saved = false;
        return HttpResponse.json({ saved: false, savedCount: 2 });
      }),
    );
    const { user: ui } = renderApp('/listings');
    const card = await screen.findByRole('article', { name: 'Sunny house in Loyola Heights' }, { timeout: 10000 });
    const before = searches.length;
    await ui.click(within(card).getByRole('button', { name: 'Save listing' }));
    expect(await within(card).findByRole('button', { name: 'Remove from saved' })).toHaveAttribute('aria-pressed', 'true');
    expect(searches.length).toBeGreaterThan(before);

    const afterSave = searches.length;
    await ui.click(within(card).getByRole('button', { name: 'Remove from saved' }));
    expect(await within(card).findByRole('button', { name: 'Save listing' })).toHaveAttribute('aria-pressed', 'false');
    expect(searches.length).toBeGreaterThan(afterSave);
  });

  it('"Save this search" stores the query string as a saved item of type search, with the alerts chosen (daily unless changed)', async () => {
    const user = makeUser({ _id: 'u_customer' });
    storeSession('tok', user);
    serveSession('tok', user);
    serveSearch();
    const saves: { type: unknown; body: unknown }[] = [];
    server.use(
      http.post('*/api/user/save/:type', async ({ params, request }) => {
        saves.push({ type: params.type, body: await request.json() });
        return HttpResponse.json({ _id: 's1', type: 'search', listing: null, name: 'x', data: {}, createdAt: '2025-01-01' }, { status: 201 });
      }),
    );
    const { user: ui } = renderApp('/listings?q=house&type=land&page=2');
    await screen.findByText('Sunny house in Loyola Heights', {}, { timeout: 10000 });
    await ui.click(screen.getByRole('button', { name: 'Save this search' }));
    const name = await screen.findByLabelText('Search name');
    expect(name).toHaveValue('Listings: “house” · Land');
    await ui.clear(name);
    await ui.type(name, 'Land in QC');
    const alerts = screen.getByRole('group', { name: 'Alert me of new listings' });
    expect(within(alerts).getByRole('button', { name: 'Daily' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('One digest a day of the new listings that match.')).toBeInTheDocument();
    await ui.click(within(alerts).getByRole('button', { name: 'Instant' }));
    expect(within(alerts).getByRole('button', { name: 'Instant' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('We tell you within about a minute when new listings match.')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Search saved')).toBeInTheDocument();
    expect(saves).toEqual([
      { type: 'search', body: { userId: 'u_customer', name: 'Land in QC', data: { query: 'q=house&type=land' }, alert: 'instant' } },
    ]);
  });

  it('guests are offered to log in to save a search', async () => {
    serveSearch();
    renderApp('/listings');
    await screen.findByText('Sunny house in Loyola Heights', {}, { timeout: 10000 });
    expect(screen.getByRole('link', { name: 'Log in to save this search' })).toHaveAttribute('href', '/login');
  });
});
