import type { UserRole, UserType } from '@app/domain';

/** The caller, as the auth guard attaches it to the request. */
export interface AuthUser {
  id: string;
  sessionId: string;
  role: UserRole;
  type: UserType;
  email: string;
}
