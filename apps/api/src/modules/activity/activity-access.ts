import { eq, sql, type SQL } from 'drizzle-orm';
import { STAFF_ROLES } from '@app/domain';
import { activities, type ActivityRow } from '@app/db';
import type { AuthUser } from '../../common/auth/auth-user';

/** Who may read an activity: its member, and staff (viewer, admin, super admin). The one rule, in TypeScript... */
export function canSeeActivity(caller: AuthUser, row: Pick<ActivityRow, 'userId'>): boolean {
  return row.userId === caller.id || STAFF_ROLES.includes(caller.role);
}

/** ...and the same rule in SQL, for every query that lists activities. */
export function activitiesVisibleTo(caller: AuthUser): SQL {
  return STAFF_ROLES.includes(caller.role) ? sql`true` : eq(activities.userId, caller.id);
}

/** Who may change or remove an activity: only its member (staff read, never rewrite, a member's history). */
export function canChangeActivity(caller: AuthUser, row: Pick<ActivityRow, 'userId'>): boolean {
  return row.userId === caller.id;
}
