import { sql, type SQL } from 'drizzle-orm';
import { enterpriseMembers, enterprises } from '@app/db';
import { STAFF_ROLES, type UserRole } from '@app/domain';

/**
 * Who sees an enterprise account: the one rule, used by every read (the TS predicate) and by the list
 * query (the SQL). Staff (viewer, admin, super_admin) read every team; a member reads their own team
 * (paused too: pausing stops acting for the team, not reading it); anyone else gets 404.
 */
export interface EnterpriseViewer {
  id: string;
  role: UserRole;
}

export const isEnterpriseStaff = (viewer: EnterpriseViewer): boolean => STAFF_ROLES.includes(viewer.role);

/** `viewerTeamId`: the enterprise the viewer is a member of (null: none). */
export function canReadEnterprise(viewer: EnterpriseViewer, enterpriseId: string, viewerTeamId: string | null): boolean {
  return isEnterpriseStaff(viewer) || viewerTeamId === enterpriseId;
}

/** The same rule as a condition on `enterprises` (undefined: no condition, for staff). */
export function enterprisesVisibleTo(viewer: EnterpriseViewer): SQL | undefined {
  if (isEnterpriseStaff(viewer)) return undefined;
  return sql`${enterprises.id} in (select ${enterpriseMembers.enterpriseId} from ${enterpriseMembers} where ${enterpriseMembers.userId} = ${viewer.id})`;
}
