import { and, eq, ne, type SQL } from 'drizzle-orm';
import { ADMIN_ROLES, STAFF_ROLES } from '@app/domain';
import { listings, type ListingRow } from '@app/db';
import type { AuthUser } from '../../common/auth/auth-user';

/** Admins and super admins: who may change any listing. */
export const isAdmin = (caller?: AuthUser) => !!caller && ADMIN_ROLES.includes(caller.role);

/** Staff (viewer, admin, super admin): who may read every listing, hidden and draft ones too (the console's tables); only admins change them. */
export const seesAllListings = (caller?: AuthUser) => !!caller && STAFF_ROLES.includes(caller.role);

/** What the public may see, as a predicate: visible and not a draft (`PUBLIC_LISTINGS` is the same in SQL). */
export const isPublicListing = (listing: { isVisible: boolean; status: string }) => listing.isVisible && listing.status !== 'draft';

/** What the public may see, in SQL: the same rule as `isPublicListing`. */
export const PUBLIC_LISTINGS: SQL = and(eq(listings.isVisible, true), ne(listings.status, 'draft'))!;

/** Who may see a listing: everyone when it is visible and not a draft; otherwise its owner and staff. */
export function canSeeListing(caller: AuthUser | undefined, listing: Pick<ListingRow, 'ownerId' | 'isVisible' | 'status'>): boolean {
  if (seesAllListings(caller) || caller?.id === listing.ownerId) return true;
  return isPublicListing(listing);
}
