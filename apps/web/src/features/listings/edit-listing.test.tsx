import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeListing, makeUser } from '@/test/fixtures';
import { apiError, server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
import './index';

const place = (code: string, name: string, extra: Record<string, unknown> = {}) => ({
  code, name, level: 'city', regionCode: null, provinceCode: null, cityCode: null, population: null, lat: null, lng: null, ...extra,
});

function servePlaces(loyola: { lat: number; lng: number; areaKm2?: number } = { lat: 14.6389, lng: 121.0752 }) {
  server.use(
    http.get('*/api/places/regions', () => HttpResponse.json([place('1300000000', 'National Capital Region (NCR)')])),
    http.get('*/api/places/provinces', () => HttpResponse.json([])),
    http.get('*/api/places/cities', () => HttpResponse.json([place('1381300000', 'Quezon City', { regionCode: '1300000000' })])),
    http.get('*/api/places/barangays', () =>
      HttpResponse.json([place('1381300071', 'Loyola Heights', { cityCode: '1381300000', ...loyola })]),
    ),
  );
}

function signIn(id: string) {
  const user = makeUser({ _id: id });
  storeSession('tok', user);
  serveSession('tok', user);
}

describe('edit listing', { timeout: 30_000 }, () => {
  it('starts from the listing and saves with PUT /listing/update { _id, owner, ...fields }', async () => {
    signIn('u_owner');
    servePlaces();
    let listing = makeListing({
      images: [{ _id: 'img1', url: '/u/1.jpg', thumbnailUrl: '/u/1t.jpg', width: 800, height: 600 }],
    });
    const puts: Record<string, unknown>[] = [];
    const imageDeletes: unknown[] = [];
    server.use(
      http.get('*/api/listing/get/:id', () => HttpResponse.json(listing)),
      http.put('*/api/listing/update', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        puts.push(body);
        listing = { ...listing, name: body.name as string };
        return HttpResponse.json(listing);
      }),
      http.delete('*/api/listing/delete-image', async ({ request }) => {
        imageDeletes.push(await request.json());
        listing = { ...listing, images: [] };
        return HttpResponse.json(listing);
      }),
      http.get('*/api/listing/reviews/:id', () =>
        HttpResponse.json({ reviews: [], pagination: { currentPage: 1, itemsOnPage: 0, totalPages: 0, totalItems: 0, itemsPerPage: 5 } }),
      ),
      http.post('*/api/listing/search/nearby', () => HttpResponse.json({ listings: [], areasNearby: [] })),
      http.post('*/api/listing/update/behavior/:id', () => HttpResponse.json({ views: 11 })),
    );
    const { user: ui, router } = renderApp('/listings/l_1/edit');
    const name = await screen.findByLabelText('Listing name', {}, { timeout: 10000 });
    expect(name).toHaveValue('Sunny house in Loyola Heights');
    expect(screen.getByLabelText('Price')).toHaveValue('12,500,000');

    // Every step is reachable at once when editing; the address is filled in from the listing.
    await ui.click(screen.getByRole('button', { name: 'Location' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Barangay' })).toHaveValue('Loyola Heights'));
    expect(screen.getByRole('combobox', { name: 'City or municipality' })).toHaveValue('Quezon City');
    expect(screen.queryByRole('combobox', { name: 'Province' })).not.toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Photos & documents' }));
    await ui.click(within(screen.getByRole('list', { name: 'Current photos' })).getByRole('button', { name: 'Delete photo 1' }));
    await waitFor(() => expect(imageDeletes).toEqual([{ listingId: 'l_1', imageId: 'img1' }]));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Current photos' })).not.toBeInTheDocument());

    await ui.click(screen.getByRole('button', { name: 'Basics' }));
    await ui.clear(name);
    await ui.type(name, 'Sunny house, renovated');
    await ui.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listings/l_1'));
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({
      _id: 'l_1',
      owner: 'u_owner',
      name: 'Sunny house, renovated',
      type: 'residential',
      price: 12500000,
      location: { lat: 14.6384, lng: 121.0755 },
      address: { regionCode: '1300000000', cityCode: '1381300000', barangayCode: '1381300071', street: '12 Esteban Abada St.', type: 'house and lot' },
      amenities: ['Parking', 'Garden'],
    });
    expect(puts[0]).not.toHaveProperty('address.provinceCode');
    expect(await screen.findByRole('heading', { name: 'Sunny house, renovated' })).toBeInTheDocument();
  });

  it('refuses someone else’s listing, and shows "Listing not found" for a missing one', async () => {
    signIn('u_someone');
    servePlaces();
    server.use(
      http.get('*/api/listing/get/:id', ({ params }) =>
        params.id === 'l_1' ? HttpResponse.json(makeListing()) : apiError(404, 'Listing not found', 'Not Found'),
      ),
    );
    const { router } = renderApp('/listings/l_1/edit');
    expect(await screen.findByText('You can only edit your own listings.', {}, { timeout: 10000 })).toBeInTheDocument();
    expect(screen.queryByLabelText('Listing name')).not.toBeInTheDocument();
    await router.navigate('/listings/l_gone/edit');
    expect(await screen.findByTestId('listing-not-found')).toBeInTheDocument();
  });

  describe('a pin far from the chosen barangay', () => {
    async function saveFarPin() {
      signIn('u_owner');
      // The listing's pin (14.6384, 121.0755) is 9.9 km from this barangay centre (in Makati).
      servePlaces({ lat: 14.5617, lng: 121.0284, areaKm2: 1.7 });
      const puts: Record<string, unknown>[] = [];
      server.use(
        http.get('*/api/listing/get/:id', () => HttpResponse.json(makeListing())),
        http.put('*/api/listing/update', async ({ request }) => {
          puts.push((await request.json()) as Record<string, unknown>);
          return HttpResponse.json(makeListing());
        }),
        http.get('*/api/listing/reviews/:id', () =>
          HttpResponse.json({ reviews: [], pagination: { currentPage: 1, itemsOnPage: 0, totalPages: 0, totalItems: 0, itemsPerPage: 5 } }),
        ),
        http.post('*/api/listing/search/nearby', () => HttpResponse.json({ listings: [], areasNearby: [] })),
        http.post('*/api/listing/update/behavior/:id', () => HttpResponse.json({ views: 11 })),
      );
      const rendered = renderApp('/listings/l_1/edit');
      await screen.findByLabelText('Listing name', {}, { timeout: 10000 });
      await rendered.user.click(screen.getByRole('button', { name: 'Location' }));
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'Barangay' })).toHaveValue('Loyola Heights'));
      await rendered.user.click(screen.getByRole('button', { name: 'Save changes' }));
      const dialog = await screen.findByRole('dialog', { name: 'Is the pin in the right place?' });
      expect(dialog).toHaveTextContent('The pin is 9.9 km from the centre of Loyola Heights');
      expect(puts).toHaveLength(0);
      return { ...rendered, dialog, puts };
    }

    it('asks before saving; "Move pin" saves the barangay centre', async () => {
      const { user: ui, router, dialog, puts } = await saveFarPin();
      await ui.click(within(dialog).getByRole('button', { name: 'Move pin to Loyola Heights' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/listings/l_1'));
      expect(puts).toHaveLength(1);
      expect(puts[0]).toMatchObject({ location: { lat: 14.5617, lng: 121.0284 } });
    });

    it('"Keep my pin" saves the pin as it is', async () => {
      const { user: ui, router, dialog, puts } = await saveFarPin();
      await ui.click(within(dialog).getByRole('button', { name: 'Keep my pin' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/listings/l_1'));
      expect(puts).toHaveLength(1);
      expect(puts[0]).toMatchObject({ location: { lat: 14.6384, lng: 121.0755 } });
    });
  });
});
