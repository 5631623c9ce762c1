import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeListing, makePagination, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
import './index';

describe('my listings', () => {
  it('shows the totals and my listings; deleting one refetches both', async () => {
    const me = makeUser({ _id: 'u_owner', type: 'broker' });
    storeSession('tok', me);
    serveSession('tok', me);
    let listings = [makeListing({ _id: 'l_1' }), makeListing({ _id: 'l_2', name: 'Studio in Makati' })];
    const calls = { searches: [] as unknown[], dashboards: [] as unknown[], removed: [] as string[] };
    server.use(
      http.post('*/api/listing/search', async ({ request }) => {
        calls.searches.push(await request.json());
        return HttpResponse.json({ listings, pagination: makePagination(listings.length, listings.length) });
      }),
      http.post('*/api/listing/dashboard', async ({ request }) => {
        calls.dashboards.push(await request.json());
        return HttpResponse.json({ totalListings: listings.length, totalSaved: 5, totalViews: 120 });
      }),
      http.delete('*/api/listing/remove/:id', ({ params }) => {
        calls.removed.push(params.id as string);
        listings = listings.filter((l) => l._id !== params.id);
        return HttpResponse.json({ message: 'Listing removed' });
      }),
    );
    const { user: ui } = renderApp('/my/listings');
    const studio = await screen.findByRole('article', { name: 'Studio in Makati' }, { timeout: 10000 });
    expect(calls.searches[0]).toEqual({ query: { owner: 'u_owner' }, sort: '-createdAt', limit: 10, skip: 0 });
    expect(calls.dashboards[0]).toEqual({ data: ['totalListings', 'totalSaved', 'totalViews'], filter: { userId: 'u_owner' } });
    await waitFor(() => expect(screen.getByTestId('totalListings')).toHaveTextContent('2'));
    expect(screen.getByTestId('totalSaved')).toHaveTextContent('5');
    expect(screen.getByTestId('totalViews')).toHaveTextContent('120');
    expect(within(studio).getByRole('link', { name: 'Edit Studio in Makati' })).toHaveAttribute('href', '/listings/l_2/edit');

    await ui.click(within(studio).getByRole('button', { name: 'Delete Studio in Makati' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this listing?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Studio in Makati' })).not.toBeInTheDocument());
    expect(calls.removed).toEqual(['l_2']);
    await waitFor(() => expect(screen.getByTestId('totalListings')).toHaveTextContent('1'));
    expect(calls.searches.length).toBeGreaterThanOrEqual(2);
    expect(calls.dashboards.length).toBeGreaterThanOrEqual(2);
  });
});
