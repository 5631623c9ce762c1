import { BadRequestException } from '@nestjs/common';
import { KIND_TYPE, OFFER_TAGS, kindsOfType, type Furnishing, type ListingKind, type ListingOffer, type ListingType } from '@app/domain';

/**
 * The offer, kind and furnishing of a listing, and the tags that say the same ("for sale" / "for rent",
 * "furnished" / "unfurnished"), kept in step so clients that only know the tags still read and write them.
 */

/** The offer an old client's tags say, if they say one ("for rent" wins over "for sale", as in migration 0012). */
export function offerFromTags(tags: readonly string[]): ListingOffer | undefined {
  if (tags.includes(OFFER_TAGS.rent)) return 'rent';
  if (tags.includes(OFFER_TAGS.sale)) return 'sale';
  return undefined;
}

/** The furnishing an old client's tags say, if they say one. */
export function furnishingFromTags(tags: readonly string[]): Furnishing | undefined {
  if (tags.includes('furnished')) return 'furnished';
  if (tags.includes('unfurnished')) return 'unfurnished';
  return undefined;
}

const STEPPED_TAGS = new Set([OFFER_TAGS.sale, OFFER_TAGS.rent, 'furnished', 'unfurnished']);

/** The tags with exactly the offer's tag and the furnishing's (none for semi-furnished or unknown), first. */
export function tagsInStep(tags: readonly string[], offer: ListingOffer, furnishing: Furnishing | null): string[] {
  const rest = tags.filter((t) => !STEPPED_TAGS.has(t));
  const furnished = furnishing === 'furnished' || furnishing === 'unfurnished' ? [furnishing] : [];
  return [OFFER_TAGS[offer], ...furnished, ...rest];
}

/** 400 when a kind is not one of its type's (every kind belongs to exactly one of the spec's types). */
export function assertKindOfType(type: ListingType, kind: ListingKind | null | undefined): void {
  if (!kind || KIND_TYPE[kind] === type) return;
  const kinds = kindsOfType(type);
  throw new BadRequestException(
    `kind ${kind} belongs to type ${KIND_TYPE[kind]}, not ${type}; ` +
      (kinds.length ? `a ${type} listing's kind is one of: ${kinds.join(', ')} (or null)` : `a ${type} listing has no kind (send kind: null)`),
  );
}
