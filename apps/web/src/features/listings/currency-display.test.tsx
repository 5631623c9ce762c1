import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { RATES, serveRates } from '@/test/currency';
import { makeListing, makePagination } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp } from '@/test/render';
// toHaveTextContent reads the no-break space between a currency code and its amount as a space
import { DISPLAY_CURRENCY_KEY } from '@/lib/storage';

const EMPTY_FACETS = { types: [], tags: [], statuses: [], cities: [], barangays: [], priceBands: [] };

function serveSearch(listings = [makeListing()]) {
  server.use(
    http.post('*/api/listing/search', () => HttpResponse.json({ listings, pagination: makePagination(listings.length, listings.length, 10) })),
    http.post('*/api/listing/filter', () => HttpResponse.json(EMPTY_FACETS)),
  );
}

const sale = makeListing({ _id: 'l_sale', name: 'House in Loyola Heights', price: 12_500_000, floorSize: 220 });
const rental = makeListing({
  _id: 'l_rent',
  name: 'Condo in Salcedo Village',
  offer: 'rent',
  kind: 'condominium',
  tags: ['for rent'],
  price: 45_000,
  floorSize: 60,
  lotSize: null,
});

describe('prices in pesos and in the visitor\'s currency', { timeout: 30_000 }, () => {
  it('shows whole pesos, "/month" on a rental and the price per m², without asking for rates', async () => {
    serveSearch([sale, rental]);
    const rates = serveRates();
    renderApp('/listings');
    const saleCard = await screen.findByRole('article', { name: sale.name }, { timeout: 10000 });
    expect(within(saleCard).getByTestId('listing-price')).toHaveTextContent(/^₱12,500,000$/);
    expect(within(saleCard).getByTestId('listing-price-per-sqm')).toHaveTextContent(/^₱56,818\/m²$/);
    const rentCard = screen.getByRole('article', { name: rental.name });
    expect(within(rentCard).getByTestId('listing-price')).toHaveTextContent(/^₱45,000\/month$/);
    expect(within(rentCard).getByTestId('listing-price-per-sqm')).toHaveTextContent(/^₱750\/m²\/month$/);
    expect(screen.queryByTestId('rates-used')).not.toBeInTheDocument();
    expect(rates.count).toBe(0);
  });

  it('a visitor picks USD in the header: prices convert with the staff rate, pesos beside, the rate and its date shown; the choice is remembered', async () => {
    serveSearch([sale, rental]);
    serveRates();
    const { user } = renderApp('/listings');
    await screen.findByRole('article', { name: sale.name }, { timeout: 10000 });

    await user.click(screen.getByRole('button', { name: 'Show amounts in: PHP' }));
    const menu = await screen.findByRole('menu', { name: 'Show prices in' });
    const usd = await within(menu).findByRole('menuitem', { name: /USD — US Dollar/ });
    await waitFor(() => expect(usd).toHaveTextContent('USD 1 = ₱58.90 · rate of Nov 20, 2026'));
    expect(within(menu).getByRole('menuitem', { name: /KRW/ })).toHaveTextContent('KRW 1 = ₱0.0405');
    await user.click(usd);

    const saleCard = screen.getByRole('article', { name: sale.name });
    // 12,500,000 / 58.90 = 212,224.1
    await waitFor(() => expect(within(saleCard).getByTestId('listing-price')).toHaveTextContent(`≈ USD 212,224`));
    expect(within(saleCard).getByTestId('listing-price-php')).toHaveTextContent(/^₱12,500,000$/);
    expect(within(saleCard).getByTestId('listing-price-per-sqm')).toHaveTextContent(`≈ USD 965/m²`);
    const rentCard = screen.getByRole('article', { name: rental.name });
    // 45,000 / 58.90 = 764.0
    expect(within(rentCard).getByTestId('listing-price')).toHaveTextContent(`≈ USD 764/month`);
    expect(within(rentCard).getByTestId('listing-price-php')).toHaveTextContent(/^₱45,000\/month$/);
    expect(screen.getByTestId('rates-used')).toHaveTextContent('USD 1 = ₱58.90 (rate of Nov 20, 2026, set by Tahanan staff)');
    expect(screen.getByRole('button', { name: 'Show amounts in: USD' })).toBeInTheDocument();
    expect(window.localStorage.getItem(DISPLAY_CURRENCY_KEY)).toBe('USD');
  });

  it('a listing the owner priced in dollars shows in pesos for a peso visitor, with the dollar price beside', async () => {
    const dollars = makeListing({ _id: 'l_usd', name: 'Beach lot in Siargao', currency: 'USD', price: 100_000, floorSize: null, lotSize: 500 });
    serveSearch([dollars]);
    serveRates();
    renderApp('/listings');
    const card = await screen.findByRole('article', { name: dollars.name }, { timeout: 10000 });
    await waitFor(() => expect(within(card).getByTestId('listing-price')).toHaveTextContent(/^≈ ₱5,890,000$/));
    expect(within(card).getByTestId('listing-price-usd')).toHaveTextContent(`USD 100,000`);
    expect(within(card).getByTestId('listing-price-per-sqm')).toHaveTextContent(/^≈ ₱11,780\/m²$/);
    expect(screen.getByTestId('rates-used')).toHaveTextContent('USD 1 = ₱58.90');
  });

  it('a choice kept from an earlier visit applies at once, on the listing page too', async () => {
    window.localStorage.setItem(DISPLAY_CURRENCY_KEY, 'JPY');
    serveRates({ ...RATES, rates: RATES.rates.map((r) => (r.currency === 'JPY' ? { ...r, phpPerUnit: 0.4, asOf: '2026-11-21' } : r)) });
    server.use(
      http.get('*/api/listing/get/:id', () => HttpResponse.json(sale)),
      http.post('*/api/listing/search/nearby', () => HttpResponse.json({ listings: [], areasNearby: [] })),
      http.post('*/api/listing/update/behavior/:id', () => HttpResponse.json({ views: 1 })),
    );
    renderApp('/listings/l_sale');
    await screen.findByRole('heading', { name: sale.name }, { timeout: 10000 });
    // 12,500,000 / 0.4
    await waitFor(() => expect(screen.getByTestId('listing-price')).toHaveTextContent(`≈ JPY 31,250,000`));
    expect(screen.getByTestId('listing-price-php')).toHaveTextContent(/^₱12,500,000$/);
    expect(screen.getByTestId('rates-used')).toHaveTextContent('JPY 1 = ₱0.40 (rate of Nov 21, 2026');
  });
});
