import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { LISTING_NOT_FOUND_TEXT } from '@/components/ui/ListingNotFound';
import { makeListing, makePagination, makeUser } from '@/test/fixtures';
import { apiError, server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
// Loaded up front so the lazy route resolves at once.
import './index';

type Listing = ReturnType<typeof makeListing>;

const IMPORTED_NEARBY = {
  listings: [],
  areasNearby: [
    { category: 'schools', total: 14, items: [{ _id: 'p1', name: 'Ateneo de Manila University', lat: 14.64, lng: 121.08, distanceMeters: 420 }] },
    { category: 'gas stations', total: 0, items: [] },
  ],
  poiCoverage: 'imported',
  poiAttribution: '© OpenStreetMap contributors',
};

/** GET /listing/get/:id answers with `current()`; the other detail-page calls answer with little. */
function serveListing(current: () => Listing, nearby: unknown = IMPORTED_NEARBY) {
  const calls = { get: 0, views: 0, reviewsGet: 0, reviewBodies: [] as unknown[], saveBodies: [] as unknown[], unsaveBodies: [] as unknown[] };
  server.use(
    http.get('*/api/listing/get/:id', ({ params }) => {
      calls.get++;
      const listing = current();
      return params.id === listing._id ? HttpResponse.json(listing) : apiError(404, 'Listing not found', 'Not Found');
    }),
    http.post('*/api/listing/update/behavior/:id', () => {
      calls.views++;
      return HttpResponse.json({ views: 11 });
    }),
    http.get('*/api/listing/reviews/:id', () => {
      calls.reviewsGet++;
      return HttpResponse.json({ reviews: [], pagination: makePagination(0, 0, 5) });
    }),
    http.post('*/api/listing/search/nearby', () => HttpResponse.json(nearby as Record<string, unknown>)),
  );
  return calls;
}

function signIn(id: string) {
  const user = makeUser({ _id: id });
  storeSession('tok', user);
  serveSession('tok', user);
  return user;
}

describe('listing detail', { timeout: 30_000 }, () => {
  it('shows "Listing not found" for a 404', async () => {
    serveListing(() => makeListing({ _id: 'l_1' }));
    renderApp('/listings/l_missing');
    const page = await screen.findByTestId('listing-not-found', {}, { timeout: 10000 });
    expect(within(page).getByRole('heading', { name: LISTING_NOT_FOUND_TEXT })).toBeInTheDocument();
    expect(within(page).getByText('Listing not found')).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'Back to search' })).toHaveAttribute('href', '/listings');
  });

  it('shows the facts, tags, amenities, sanitized HTML, owner and nearby areas; records one view', async () => {
    const calls = serveListing(() =>
      makeListing({ descriptionHtml: '<p>Near <strong>Katipunan</strong></p>', verified: true }),
    );
    renderApp('/listings/l_1');
    expect(await screen.findByRole('heading', { name: 'Sunny house in Loyola Heights' }, { timeout: 10000 })).toBeInTheDocument();
    // whole pesos, and the price per m² of floor area (12,500,000 / 220)
    expect(screen.getByTestId('listing-price')).toHaveTextContent(/^₱12,500,000$/);
    expect(screen.getByTestId('listing-price-per-sqm')).toHaveTextContent(/^₱56,818\/m²$/);
    expect(screen.getByText('Residential')).toBeInTheDocument();
    expect(screen.getByText('180 m²')).toBeInTheDocument();
    expect(screen.getByText('220 m²')).toBeInTheDocument();
    expect(screen.getByText('TH-1001')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(within(screen.getByTestId('listing-description')).getByText('Katipunan').tagName).toBe('STRONG');
    expect(screen.getByTestId('listing-owner')).toHaveTextContent('Ramon Cruz');
    expect(screen.getByText('Garden')).toBeInTheDocument();
    expect(screen.getByText('clean title')).toBeInTheDocument();
    // Areas nearby: the spec's category names
    expect(await screen.findByText('Schools')).toBeInTheDocument();
    expect(screen.getByText('Gas stations')).toBeInTheDocument();
    expect(screen.getByText('Government buildings')).toBeInTheDocument();
    expect(screen.getByText('Ateneo de Manila University')).toBeInTheDocument();
    // guests see it too (it sends them to the login page); see check-availability.test.tsx
    expect(screen.getByRole('button', { name: 'Check availability' })).toBeInTheDocument();
    await waitFor(() => expect(calls.views).toBe(1));
    await new Promise((r) => setTimeout(r, 100));
    expect(calls.views).toBe(1);
  });

  it('hides the review form on one’s own listing', async () => {
    signIn('u_owner');
    serveListing(() => makeListing());
    renderApp('/listings/l_1');
    expect(await screen.findByRole('heading', { name: 'Reviews' }, { timeout: 10000 })).toBeInTheDocument();
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();
    expect(screen.queryByText('Log in to rate and review this listing.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit listing' })).toHaveAttribute('href', '/listings/l_1/edit');
    expect(screen.queryByRole('button', { name: 'Check availability' })).not.toBeInTheDocument();
  });

  it('asks guests to log in instead of showing the review form', async () => {
    serveListing(() => makeListing());
    renderApp('/listings/l_1');
    expect(await screen.findByText('Log in to rate and review this listing.', {}, { timeout: 10000 })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  it('lets another member review: validation first, then POST /listing/review/:id and a refetch', async () => {
    signIn('u_customer');
    const calls = serveListing(() => makeListing());
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/listing/review/:id', async ({ request, params }) => {
        bodies.push({ id: params.id, body: await request.json() });
        return HttpResponse.json(
          { _id: 'r1', rating: 4, comment: 'Quiet street', user: { _id: 'u_customer', firstName: 'Ana', lastName: 'Reyes', avatar: null }, createdAt: '2025-02-02T00:00:00.000Z' },
          { status: 201 },
        );
      }),
    );
    const { user: ui } = renderApp('/listings/l_1');
    const form = await screen.findByRole('form', { name: 'Write a review' }, { timeout: 10000 });
    await ui.click(within(form).getByRole('button', { name: 'Post review' }));
    expect(await within(form).findByText('Choose a rating from 1 to 5 stars')).toBeInTheDocument();
    expect(within(form).getByText('Write a few words about the property')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    // MUI Rating reads the pointer position on hover; jsdom has no layout, so click the radio directly.
    fireEvent.click(within(form).getByRole('radio', { name: '4 Stars' }));
    await ui.type(within(form).getByLabelText('Comment'), 'Quiet street');
    const reviewsBefore = calls.reviewsGet;
    await ui.click(within(form).getByRole('button', { name: 'Post review' }));
    await waitFor(() => expect(bodies).toEqual([{ id: 'l_1', body: { rating: 4, comment: 'Quiet street' } }]));
    await waitFor(() => expect(calls.reviewsGet).toBeGreaterThan(reviewsBefore));
  });

  it('shows the server message when the review is refused (409)', async () => {
    signIn('u_customer');
    serveListing(() => makeListing());
    server.use(http.post('*/api/listing/review/:id', () => apiError(409, 'You have already reviewed this listing', 'Conflict')));
    const { user: ui } = renderApp('/listings/l_1');
    const form = await screen.findByRole('form', { name: 'Write a review' }, { timeout: 10000 });
    fireEvent.click(within(form).getByRole('radio', { name: '5 Stars' }));
    await ui.type(within(form).getByLabelText('Comment'), 'Great');
    await ui.click(within(form).getByRole('button', { name: 'Post review' }));
    expect(await within(form).findByText('You have already reviewed this listing')).toBeInTheDocument();
  });

  it('lets another member report the listing (reason and note) and shows the server refusal', async () => {
    signIn('u_customer');
    serveListing(() => makeListing());
    const bodies: unknown[] = [];
    let answer: 'ok' | 'again' = 'ok';
    server.use(
      http.post('*/api/listing/report/:id', async ({ request, params }) => {
        bodies.push({ id: params.id, body: await request.json() });
        return answer === 'ok'
          ? HttpResponse.json({ _id: 'rep1', message: 'Thank you: our team will review this listing' }, { status: 201 })
          : apiError(409, 'You have already reported this listing', 'Conflict');
      }),
    );
    const { user: ui } = renderApp('/listings/l_1');
    await ui.click(await screen.findByRole('button', { name: 'Report' }, { timeout: 10000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this listing' });
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeDisabled();
    await ui.click(within(dialog).getByRole('radio', { name: /Looks like a scam/ }));
    await ui.type(within(dialog).getByLabelText('Note (optional)'), 'Asked for a ₱10,000 reservation fee by GCash before any viewing');
    await ui.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ id: 'l_1', body: { reason: 'scam', note: 'Asked for a ₱10,000 reservation fee by GCash before any viewing' } }]),
    );
    expect(await screen.findByText('Thank you for the report')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report this listing' })).not.toBeInTheDocument());

    answer = 'again';
    await ui.click(screen.getByRole('button', { name: 'Report' }));
    const again = await screen.findByRole('dialog', { name: 'Report this listing' });
    await ui.click(within(again).getByRole('radio', { name: /No longer available/ }));
    await ui.click(within(again).getByRole('button', { name: 'Send report' }));
    expect(await within(again).findByText('You have already reported this listing')).toBeInTheDocument();
  });

  it('offers no Report on one’s own listing (nor to a guest: above)', async () => {
    signIn('u_owner');
    serveListing(() => makeListing());
    renderApp('/listings/l_1');
    expect(await screen.findByRole('link', { name: 'Edit listing' }, { timeout: 10000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });
});

describe('areas nearby', { timeout: 30_000 }, () => {
  const NONE_NEARBY = {
    listings: [],
    areasNearby: ['restaurants', 'malls', 'schools', 'hospitals', 'gas stations', 'hotels', 'government buildings', 'firestations', 'banks', 'warehouses'].map(
      (category) => ({ category, total: 0, items: [] }),
    ),
    poiCoverage: 'none',
    poiAttribution: null,
  };

  it('where places were imported: the counts (all in the box, not only those listed), the named places, "none nearby" for an empty category and the OSM attribution', async () => {
    serveListing(() => makeListing());
    renderApp('/listings/l_1');
    const section = await screen.findByTestId('nearby-section', {}, { timeout: 10000 });
    expect(await within(section).findByText('Ateneo de Manila University')).toBeInTheDocument();
    const schools = within(section).getByText('Schools').closest('.MuiAccordion-root') as HTMLElement;
    expect(within(schools).getByText('14')).toBeInTheDocument();
    expect(within(schools).getByText('and 13 more within about 2 km')).toBeInTheDocument();
    const gas = within(section).getByText('Gas stations').closest('.MuiAccordion-root') as HTMLElement;
    expect(within(gas).getByText('none nearby')).toBeInTheDocument();
    expect(within(section).getByTestId('nearby-attribution')).toHaveTextContent('© OpenStreetMap contributors');
    expect(within(section).getByRole('link', { name: '© OpenStreetMap contributors' })).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
    expect(within(section).queryByTestId('nearby-no-data')).not.toBeInTheDocument();
  });

  it('where nothing was imported: says so in words, with no row of zeros and no import help for a member', async () => {
    signIn('u_customer');
    serveListing(() => makeListing(), NONE_NEARBY);
    renderApp('/listings/l_1');
    const notice = await screen.findByTestId('nearby-no-data', {}, { timeout: 10000 });
    expect(notice).toHaveTextContent('Nearby places have not been added for this area yet');
    const section = screen.getByTestId('nearby-section');
    expect(within(section).queryByText('Schools')).not.toBeInTheDocument();
    expect(within(section).queryByText('0')).not.toBeInTheDocument();
    expect(within(section).queryByText('none nearby')).not.toBeInTheDocument();
    expect(within(section).queryByTestId('nearby-import-help')).not.toBeInTheDocument();
    expect(within(section).queryByTestId('nearby-attribution')).not.toBeInTheDocument();
  });

  it('where nothing was imported: tells an admin how to import points of interest', async () => {
    const admin = makeUser({ _id: 'u_admin', role: 'admin' });
    storeSession('tok', admin);
    serveSession('tok', admin);
    serveListing(() => makeListing(), NONE_NEARBY);
    renderApp('/listings/l_1');
    const help = await screen.findByTestId('nearby-import-help', {}, { timeout: 10000 });
    expect(help).toHaveTextContent('npm run import:poi -- <extract.osm.pbf>');
    expect(help).toHaveTextContent('docs/nearby-data.md');
  });
});

describe('save / unsave', { timeout: 30_000 }, () => {
  it('toggles with POST /listing/save and PUT /listing/unsave, refetching the listing each time', async () => {
    signIn('u_customer');
    let saved = false;
    const calls = serveListing(() => makeListing({ isSaved: saved, savedCount: saved ? 3 : 2 }));
    const bodies: { method: string; body: unknown }[] = [];
    server.use(
      http.post('*/api/listing/save', async ({ request }) => {
        bodies.push({ method: 'POST', body: await request.json() });
        saved = true;
        return HttpResponse.json({ saved: true, savedCount: 3 });
      }),
      http.put('*/api/listing/unsave', async ({ request }) => {
        bodies.push({ method: 'PUT', body: await request.json() });
        saved = false;
        return HttpResponse.json({ saved: false, savedCount: 2 });
      }),
    );
    const { user: ui } = renderApp('/listings/l_1');
    const save = await screen.findByRole('button', { name: 'Save' }, { timeout: 10000 });
    expect(save).toHaveAttribute('aria-pressed', 'false');
    const getsBefore = calls.get;

    await ui.click(save);
    const savedButton = await screen.findByRole('button', { name: 'Saved' });
    expect(savedButton).toHaveAttribute('aria-pressed', 'true');
    expect(calls.get).toBeGreaterThan(getsBefore);
    expect(screen.getByText(/saved 3 times/)).toBeInTheDocument();

    const getsAfterSave = calls.get;
    await ui.click(savedButton);
    expect(await screen.findByRole('button', { name: 'Save' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls.get).toBeGreaterThan(getsAfterSave);
    expect(bodies).toEqual([
      { method: 'POST', body: { listingId: 'l_1' } },
      { method: 'PUT', body: { listingId: 'l_1' } },
    ]);
  });

  it('shows the server message when saving fails, else "HTTP error! Status"', async () => {
    signIn('u_customer');
    serveListing(() => makeListing());
    server.use(http.post('*/api/listing/save', () => apiError(403, 'You cannot save your own listing', 'Forbidden')));
    const { user: ui } = renderApp('/listings/l_1');
    await ui.click(await screen.findByRole('button', { name: 'Save' }, { timeout: 10000 }));
    expect(await screen.findByText('You cannot save your own listing')).toBeInTheDocument();

    server.use(http.post('*/api/listing/save', () => HttpResponse.json({ statusCode: 400 }, { status: 400 })));
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('HTTP error! Status 400')).toBeInTheDocument();
  });
});
