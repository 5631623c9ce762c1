/** Labels for the listing enumerations of the spec (section 3), shared by the listing and saved screens. */
import { FURNISHING_LABELS, KIND_LABELS, NEARBY_CATEGORIES, PRICE_BANDS, type Furnishing, type ListingKind, type ListingType, type NearbyCategory } from '@app/domain';
import { formatPeso } from './money';

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
  return band.max === null ? `${formatPeso(band.min)}+` : `${formatPeso(band.min)} – ${formatPeso(band.max)}`;
}

export { PRICE_BANDS };

/** "For sale" / "For rent". */
export function offerLabel(offer: string): string {
  return offer === 'rent' ? 'For rent' : 'For sale';
}

/** "House and lot", "Commercial space"... */
export function kindLabel(kind: string): string {
  return KIND_LABELS[kind as ListingKind] ?? kind;
}

/** "Furnished", "Semi-furnished", "Unfurnished". */
export function furnishingLabel(furnishing: string): string {
  return FURNISHING_LABELS[furnishing as Furnishing] ?? furnishing;
}

/** "2 bedrooms", "1 parking slot". */
export function countLabel(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
