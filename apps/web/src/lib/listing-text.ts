/** Labels for the listing enumerations of the spec (section 3), shared by the listing and saved screens. */
import { NEARBY_CATEGORIES, PRICE_BANDS, type ListingType, type NearbyCategory } from '@app/domain';
import { formatPesoWhole } from './format';

export const LISTING_TYPE_LABELS: Record<ListingType, string> = {
  residential: 'Residential',
  commercial: 'Commercial',
  industrial: 'Industrial',
  agricultural: 'Agricultural',
  land: 'Land',
  other: 'Other',
};

export function listingTypeLabel(type: string): string {
  return LISTING_TYPE_LABELS[type as ListingType] ?? type;
}

export const LISTING_STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  active: 'Active',
  sold: 'Sold',
  rented: 'Rented',
  archived: 'Archived',
};

export function listingStatusLabel(status: string): string {
  return LISTING_STATUS_LABELS[status] ?? status;
}

/** The spec's nearby-area category names, capitalised for headings ("Gas stations"). */
export const NEARBY_CATEGORY_LABELS: Record<NearbyCategory, string> = Object.fromEntries(
  NEARBY_CATEGORIES.map((c) => [c, c.charAt(0).toUpperCase() + c.slice(1)]),
) as Record<NearbyCategory, string>;

export function nearbyCategoryLabel(category: string): string {
  return NEARBY_CATEGORY_LABELS[category as NearbyCategory] ?? category;
}

/** "₱0 – ₱50,000", or "₱5,000,000+" for the open-ended band. */
export function priceBandLabel(band: { min: number; max: number | null }): string {
  return band.max === null ? `${formatPesoWhole(band.min)}+` : `${formatPesoWhole(band.min)} – ${formatPesoWhole(band.max)}`;
}

export { PRICE_BANDS };
