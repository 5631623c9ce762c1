import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeListing, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
import './index';
import { shownAlert } from './SavedSearchAlertControl';

function signIn() {
  const user = makeUser({ _id: 'u_customer' });
  storeSession('tok', user);
  serveSession('tok', user);
  return user;
}

function serveSaved() {
  let items = [
    { _id: 's_l', type: 'listing', listing: makeListing({ isSaved: true }), name: null, data: {}, createdAt: '2025-02-01T00:00:00.000Z' },
    { _id: 's_s', type: 'search', listing: null, name: 'Land in QC', data: { query: 'q=lot&type=land' }, createdAt: '2025-02-02T00:00:00.000Z' },
    { _id: 's_p', type: 'pinned', listing: null, name: 'Makati report', data: {}, createdAt: '2025-02-03T00:00:00.000Z' },
  ];
  const calls = { lists: [] as unknown[], deletes: [] as unknown[] };
  server.use(
    http.post('*/api/user/get/save/items', async ({ request }) => {
      calls.lists.push(await request.json());
      return HttpResponse.json({ items });
    }),
    http.post('*/api/user/delete/save/items', async ({ request }) => {
      const body = (await request.json()) as { itemId: string };
      calls.deletes.push(body);
      items = items.filter((i) => i._id !== body.itemId);
      return HttpResponse.json({ message: 'Removed' });
    }),
  );
  return calls;
}

describe('saved items', () => {
  it('lists saved listings with a remove button that refetches the list', async () => {
    signIn();
    const calls = serveSaved();
    const { user: ui } = renderApp('/saved');
    const card = await screen.findByRole('article', { name: 'Sunny house in Loyola Heights' }, { timeout: 10000 });
    expect(calls.lists[0]).toEqual({ userId: 'u_customer', type: 'all' });
    expect(screen.getByRole('tab', { name: 'Listings (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(within(card).getByTestId('listing-price')).toHaveTextContent(/^₱12,500,000$/);

    const listsBefore = calls.lists.length;
    await ui.click(within(card).getByRole('button', { name: 'Remove Sunny house in Loyola Heights' }));
    expect(await screen.findByText('No saved listings yet')).toBeInTheDocument();
    expect(calls.deletes).toEqual([{ userId: 'u_customer', type: 'listing', itemId: 's_l' }]);
    expect(calls.lists.length).toBeGreaterThan(listsBefore);
  });

  it('opens a saved search through its URL, and removes it', async () => {
    signIn();
    const calls = serveSaved();
    const { user: ui } = renderApp('/saved');
    await ui.click(await screen.findByRole('tab', { name: 'Searches (1)' }, { timeout: 10000 }));
    const item = await screen.findByRole('article', { name: 'Land in QC' });
    expect(within(item).getByRole('link', { name: 'Open search' })).toHaveAttribute('href', '/listings?q=lot&type=land');
    await ui.click(within(item).getByRole('button', { name: 'Remove Land in QC' }));
    await waitFor(() => expect(calls.deletes).toEqual([{ userId: 'u_customer', type: 'search', itemId: 's_s' }]));
    expect(await screen.findByText('No saved searches yet')).toBeInTheDocument();
  });

  it("sets a saved search's alerts: Off, Instant or Daily, kept on screen while the save goes, back to the server's on failure", async () => {
    signIn();
    let alert = 'off';
    let fail = false;
    const puts: unknown[] = [];
    server.use(
      http.post('*/api/user/get/save/items', () =>
        HttpResponse.json({
          items: [{ _id: 's_s', type: 'search', listing: null, name: 'Land in QC', data: { query: 'q=lot' }, alert, lastNotifiedAt: null, createdAt: '2025-02-02T00:00:00.000Z' }],
        }),
      ),
      http.put('*/api/user/save/search/:id/alert', async ({ params, request }) => {
        const body = (await request.json()) as { alert: string };
        puts.push({ id: params.id, ...body });
        if (fail) return HttpResponse.json({ statusCode: 404, message: 'Saved search not found', error: 'Not Found' }, { status: 404 });
        alert = body.alert;
        return HttpResponse.json({ _id: 's_s', type: 'search', listing: null, name: 'Land in QC', data: { query: 'q=lot' }, alert, lastNotifiedAt: null, createdAt: '2025-02-02T00:00:00.000Z' });
      }),
    );
    const { user: ui } = renderApp('/saved?tab=search');
    const item = await screen.findByRole('article', { name: 'Land in QC' }, { timeout: 10000 });
    const group = within(item).getByRole('group', { name: 'Alerts for Land in QC' });
    expect(within(group).getByRole('button', { name: 'Off' })).toHaveAttribute('aria-pressed', 'true');

    await ui.click(within(group).getByRole('button', { name: 'Instant' }));
    expect(within(group).getByRole('button', { name: 'Instant' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(/Instant alerts on/)).toBeInTheDocument();
    await waitFor(() => expect(puts).toEqual([{ id: 's_s', alert: 'instant' }]));

    fail = true;
    await ui.click(within(group).getByRole('button', { name: 'Daily' }));
    expect(await screen.findByText('Could not change the alerts')).toBeInTheDocument();
    expect(screen.getByText('Saved search not found')).toBeInTheDocument();
    await waitFor(() => expect(within(group).getByRole('button', { name: 'Instant' })).toHaveAttribute('aria-pressed', 'true'));
    expect(within(group).getByRole('button', { name: 'Daily' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the chosen alert until the list says what the member chose', () => {
    expect(shownAlert('off', null)).toBe('off');
    expect(shownAlert(null, null)).toBe('off');
    expect(shownAlert('off', { from: 'off', to: 'daily' })).toBe('daily');
    expect(shownAlert('daily', { from: 'off', to: 'daily' })).toBe('daily');
    expect(shownAlert('instant', { from: 'off', to: 'daily' })).toBe('instant');
  });

  it('shows pinned items', async () => {
    signIn();
    serveSaved();
    const { user: ui } = renderApp('/saved?tab=pinned');
    expect(await screen.findByRole('article', { name: 'Makati report' }, { timeout: 10000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pinned (1)' })).toHaveAttribute('aria-selected', 'true');
    await ui.click(screen.getByRole('tab', { name: 'Listings (1)' }));
    expect(await screen.findByRole('article', { name: 'Sunny house in Loyola Heights' })).toBeInTheDocument();
  });

  it('shows a saved listing its owner hid as "No longer available", with a remove button', async () => {
    signIn();
    const calls = { deletes: [] as unknown[] };
    let items = [
      { _id: 's_gone', type: 'listing', listing: { _id: 'l_hidden', unavailable: true }, name: null, data: {}, createdAt: '2025-02-01T00:00:00.000Z' },
      { _id: 's_pin', type: 'pinned', listing: { _id: 'l_hidden', unavailable: true }, name: null, data: {}, createdAt: '2025-02-02T00:00:00.000Z' },
    ];
    server.use(
      http.post('*/api/user/get/save/items', () => HttpResponse.json({ items })),
      http.post('*/api/user/delete/save/items', async ({ request }) => {
        const body = (await request.json()) as { itemId: string };
        calls.deletes.push(body);
        items = items.filter((i) => i._id !== body.itemId);
        return HttpResponse.json({ message: 'Removed' });
      }),
    );
    const { user: ui } = renderApp('/saved');
    const card = await screen.findByRole('article', { name: 'No longer available' }, { timeout: 10000 });
    expect(within(card).getByText(/hidden by its owner or removed/)).toBeInTheDocument();
    expect(within(card).queryByRole('link')).toBeNull();
    await ui.click(within(card).getByRole('button', { name: 'Remove No longer available' }));
    await waitFor(() => expect(calls.deletes).toEqual([{ userId: 'u_customer', type: 'listing', itemId: 's_gone' }]));
    expect(await screen.findByText('No saved listings yet')).toBeInTheDocument();
    await ui.click(screen.getByRole('tab', { name: 'Pinned (1)' }));
    expect(await screen.findByRole('article', { name: 'No longer available' })).toBeInTheDocument();
  });

  it('needs login', async () => {
    renderApp('/saved');
    expect(await screen.findByText('Please log in to access this page', {}, { timeout: 10000 })).toBeInTheDocument();
  });
});
