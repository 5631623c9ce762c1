import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { makeStore } from '@/app/store';
import { describe, expect, it } from 'vitest';
import { makeListing } from '@/test/fixtures';
import { ListingCard, LISTING_PHOTO_PLACEHOLDER_TEXT } from './ListingCard';

function renderCard(overrides: Parameters<typeof makeListing>[0] = {}) {
  return render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <ListingCard listing={makeListing(overrides)} />
      </MemoryRouter>
    </Provider>,
  );
}

describe('ListingCard', () => {
  it('shows the price in pesos, "barangay, city" and the tags (the offer and furnishing have their own places)', () => {
    renderCard({ price: 12_500_000, tags: ['for sale', 'clean title', 'furnished', 'pet friendly'] });
    const card = screen.getByRole('article', { name: 'Sunny house in Loyola Heights' });
    expect(within(card).getByTestId('listing-price')).toHaveTextContent(/^₱12,500,000$/);
    expect(within(card).getByTestId('listing-address')).toHaveTextContent('Loyola Heights, Quezon City');
    const tags = within(card).getByRole('list', { name: 'Tags' });
    expect(within(tags).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['clean title', 'pet friendly']);
  });

  it('shows buy or rent, the kind, beds, baths, parking and furnishing', () => {
    renderCard({ offer: 'rent', kind: 'condominium', bedrooms: 2, bathrooms: 1, parkingSlots: 1, furnishing: 'semi_furnished', price: 45_000 });
    const card = screen.getByRole('article', { name: 'Sunny house in Loyola Heights' });
    expect(within(card).getByTestId('listing-offer')).toHaveTextContent('For rent');
    expect(within(card).getByTestId('listing-price')).toHaveTextContent(/^₱45,000\/month$/);
    expect(within(card).getByTestId('listing-facts')).toHaveTextContent('Condominium · 220 m² · Semi-furnished');
    expect(within(card).getByTestId('listing-bedrooms')).toHaveTextContent('2 beds');
    expect(within(card).getByTestId('listing-bathrooms')).toHaveTextContent('1 bath');
    expect(within(card).getByTestId('listing-parking')).toHaveTextContent('1 parking');
  });

  it('says "For sale", and the type when there is no kind; no rooms row for a lot', () => {
    renderCard({ offer: 'sale', kind: null, type: 'land', bedrooms: null, bathrooms: null, parkingSlots: null, floorSize: null, lotSize: 300 });
    expect(screen.getByTestId('listing-offer')).toHaveTextContent('For sale');
    expect(screen.getByTestId('listing-facts')).toHaveTextContent('Land · 300 m² lot');
    expect(screen.queryByTestId('listing-rooms')).not.toBeInTheDocument();
  });

  it('links the name and the photo to the listing page', () => {
    renderCard({ _id: 'abc' });
    expect(screen.getByRole('link', { name: 'Sunny house in Loyola Heights' })).toHaveAttribute('href', '/listings/abc');
    expect(screen.getByRole('link', { name: 'Open Sunny house in Loyola Heights' })).toHaveAttribute('href', '/listings/abc');
  });

  it('shows the thumbnail of the first photo', () => {
    renderCard({
      images: [
        { _id: 'i1', url: '/u/full1.jpg', thumbnailUrl: '/u/thumb1.jpg', width: 800, height: 600 },
        { _id: 'i2', url: '/u/full2.jpg', thumbnailUrl: '/u/thumb2.jpg', width: 800, height: 600 },
      ],
    });
    expect(screen.getByRole('img', { name: 'Sunny house in Loyola Heights' })).toHaveAttribute('src', '/u/thumb1.jpg');
    expect(screen.queryByTestId('listing-photo-placeholder')).not.toBeInTheDocument();
  });

  it('shows a placeholder when there is no photo', () => {
    renderCard({ images: [] });
    expect(screen.getByTestId('listing-photo-placeholder')).toHaveTextContent(LISTING_PHOTO_PLACEHOLDER_TEXT);
    expect(screen.queryByRole('img', { name: 'Sunny house in Loyola Heights' })).not.toBeInTheDocument();
  });

  it('folds extra tags into "+n"', () => {
    renderCard({ tags: ['for sale', 'clean title', 'as is where is', 'new', 'pet friendly', 'renovated', 'long term'] });
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(within(tags).getAllByRole('listitem')).toHaveLength(5);
    expect(within(tags).getByText('+2')).toBeInTheDocument();
  });

  it("shows the owner's trust badges: verified identity and the PRC licence", async () => {
    renderCard({
      _id: 'with',
      owner: { _id: 'u_o', firstName: 'Ramon', lastName: 'Cruz', avatar: null, isVerified: true, licence: { kind: 'broker', number: '0004567' } },
      ownerUnlicensed: false,
    });
    expect(await screen.findByText('Verified identity', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('PRC-licensed broker No. 0004567')).toBeInTheDocument();
  });

  it('warns when a professional owner has no licence on file', async () => {
    renderCard({ owner: { _id: 'u_o', firstName: 'Ramon', lastName: 'Cruz', avatar: null, isVerified: false, licence: null }, ownerUnlicensed: true });
    expect(await screen.findByText('No PRC licence on file', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('Verified identity')).not.toBeInTheDocument();
  });
});
