import { ADMIN_ROLES } from '@app/domain';
import type { ListingRow } from '@app/db';
import type { AuthUser } from '../../common/auth/auth-user';

export const isAdmin = (caller?: AuthUser) => !!caller && ADMIN_ROLES.includes(caller.role);

/** Who may see a listing: everyone when it is visible and not a draft; otherwise its owner and admins. */
export function canSeeListing(caller: AuthUser | undefined, listing: Pick<ListingRow, 'ownerId' | 'isVisible' | 'status'>): boolean {
  if (isAdmin(caller) || caller?.id === listing.ownerId) return true;
  return listing.isVisible && listing.status !== 'draft';
}
