import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeListing, makePagination, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
// Loaded up front so the lazy route resolves at once.
import './index';

const listing = makeListing({ _id: 'l_1' });

function serveDetail() {
  const calls = { shares: [] as unknown[], pins: [] as unknown[], unpins: [] as unknown[] };
  let items: Record<string, unknown>[] = [];
  server.use(
    http.get('*/api/listing/get/:id', () => HttpResponse.json(listing)),
    http.post('*/api/listing/update/behavior/:id', () => HttpResponse.json({ views: 11 })),
    http.get('*/api/listing/reviews/:id', () => HttpResponse.json({ reviews: [], pagination: makePagination(0, 0, 5) })),
    http.post('*/api/listing/search/nearby', () => HttpResponse.json({ listings: [], areasNearby: [], poiCoverage: 'none', poiAttribution: null })),
    http.post('*/api/activity/create', async ({ request }) => {
      calls.shares.push(await request.json());
      return HttpResponse.json({});
    }),
    http.post('*/api/user/get/save/items', () => HttpResponse.json({ items })),
    http.post('*/api/user/save/pinned', async ({ request }) => {
      const body = await request.json();
      calls.pins.push(body);
      items = [{ _id: 'pin_1', type: 'pinned', listing, name: null, data: {}, createdAt: '2025-02-01T00:00:00.000Z' }];
      return HttpResponse.json(items[0], { status: 201 });
    }),
    http.post('*/api/user/delete/save/items', async ({ request }) => {
      calls.unpins.push(await request.json());
      items = [];
      return HttpResponse.json({ message: 'Removed from saved items' });
    }),
  );
  return calls;
}

function signIn() {
  const user = makeUser({ _id: 'u_ana' });
  storeSession('tok', user);
  serveSession('tok', user);
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('listing page: share and pin', { timeout: 30_000 }, () => {
  it('copies the link and records the share as copy_link', async () => {
    signIn();
    const calls = serveDetail();
    const { user: ui } = renderApp('/listings/l_1');
    // user-event puts its own clipboard on the page
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await ui.click(await screen.findByRole('button', { name: 'Share' }, { timeout: 10000 }));
    // no share sheet in this browser: only the link
    expect(screen.queryByRole('menuitem', { name: /Share with an app/ })).not.toBeInTheDocument();
    await ui.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/listings/l_1`);
    await waitFor(() => expect(calls.shares).toEqual([{ kind: 'shared', listingId: 'l_1', channel: 'copy_link' }]), { timeout: 5000 });
  });

  it('hands the listing to the share sheet where there is one, records it as other, and records nothing when it is closed', async () => {
    signIn();
    const calls = serveDetail();
    const share = vi.fn<(data: ShareData) => Promise<void>>(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { user: ui } = renderApp('/listings/l_1');
    await ui.click(await screen.findByRole('button', { name: 'Share' }, { timeout: 10000 }));
    await ui.click(screen.getByRole('menuitem', { name: 'Share with an app…' }));
    await waitFor(() => expect(calls.shares).toEqual([{ kind: 'shared', listingId: 'l_1', channel: 'other' }]), { timeout: 5000 });
    expect(share).toHaveBeenCalledWith({ title: listing.name, text: `${listing.name} on Tahanan`, url: `${window.location.origin}/listings/l_1` });

    share.mockRejectedValueOnce(new DOMException('closed', 'AbortError'));
    await ui.click(screen.getByRole('button', { name: 'Share' }));
    await ui.click(screen.getByRole('menuitem', { name: 'Share with an app…' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(2), { timeout: 5000 });
    expect(calls.shares).toHaveLength(1);
    expect(screen.queryByText('Could not share the listing')).not.toBeInTheDocument();
  });

  it('pins and unpins the listing; the button shows the state', async () => {
    signIn();
    const calls = serveDetail();
    const { user: ui } = renderApp('/listings/l_1');
    const pin = await screen.findByRole('button', { name: `Pin ${listing.name}` }, { timeout: 10000 });
    expect(pin).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(pin).toBeEnabled(), { timeout: 5000 });
    await ui.click(pin);
    const unpin = await screen.findByRole('button', { name: `Unpin ${listing.name}` }, { timeout: 5000 });
    expect(unpin).toHaveAttribute('aria-pressed', 'true');
    expect(unpin).toHaveTextContent('Pinned');
    expect(calls.pins).toEqual([{ userId: 'u_ana', listingId: 'l_1' }]);
    await waitFor(() => expect(unpin).toBeEnabled(), { timeout: 5000 });
    await ui.click(unpin);
    expect(await screen.findByRole('button', { name: `Pin ${listing.name}` }, { timeout: 5000 })).toHaveAttribute('aria-pressed', 'false');
    expect(calls.unpins).toEqual([{ userId: 'u_ana', type: 'pinned', itemId: 'pin_1' }]);
  });

  it('shows guests Share but no Pin, and records no share for them', async () => {
    const calls = serveDetail();
    const { user: ui } = renderApp('/listings/l_1');
    await ui.click(await screen.findByRole('button', { name: 'Share' }, { timeout: 10000 }));
    expect(screen.queryByRole('button', { name: /^Pin / })).not.toBeInTheDocument();
    await ui.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.shares).toEqual([]);
  });
});
