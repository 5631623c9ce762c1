import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeListing } from '@/test/fixtures';
import { ListingCard, LISTING_PHOTO_PLACEHOLDER_TEXT } from './ListingCard';

function renderCard(overrides: Parameters<typeof makeListing>[0] = {}) {
  return render(
    <MemoryRouter>
      <ListingCard listing={makeListing(overrides)} />
    </MemoryRouter>,
  );
}

describe('ListingCard', () => {
  it('shows the price in pesos, "barangay, city" and the tags', () => {
    renderCard({ price: 12_500_000, tags: ['for sale', 'clean title', 'furnished'] });
    const card = screen.getByRole('article', { name: 'Sunny house in Loyola Heights' });
    expect(within(card).getByTestId('listing-price')).toHaveTextContent('₱12,500,000.00');
    expect(within(card).getByTestId('listing-address')).toHaveTextContent('Loyola Heights, Quezon City');
    const tags = within(card).getByRole('list', { name: 'Tags' });
    expect(within(tags).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'for sale',
      'clean title',
      'furnished',
    ]);
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
    renderCard({ tags: ['for sale', 'clean title', 'furnished', 'new', 'pet friendly', 'renovated'] });
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(within(tags).getAllByRole('listitem')).toHaveLength(5);
    expect(within(tags).getByText('+2')).toBeInTheDocument();
  });
});
