/**
 * Stable names for generated API types, so app code does not depend on the DTO names the
 * OpenAPI export happens to use. Only types and casts: every call still goes through `generated.ts`.
 */
import type { GetCurrentUserApiResponse, UploadUserAvatarApiArg } from './generated-shell';

export type User = GetCurrentUserApiResponse;
export type UserRole = NonNullable<User['role']>;
export type UserType = User['type'];
export type AvatarUploadBody = UploadUserAvatarApiArg['body'];

export const ADMIN_ROLES: readonly UserRole[] = ['admin', 'super_admin'];

export function isAdmin(user: Pick<User, 'role'> | null | undefined): boolean {
  return !!user?.role && ADMIN_ROLES.includes(user.role);
}

/** Staff: viewers read the admin tables; admins and super admins also act on them. */
export const STAFF_ROLES: readonly UserRole[] = ['viewer', 'admin', 'super_admin'];

export function isStaff(user: Pick<User, 'role'> | null | undefined): boolean {
  return !!user?.role && STAFF_ROLES.includes(user.role);
}

export function isSuperAdmin(user: Pick<User, 'role'> | null | undefined): boolean {
  return user?.role === 'super_admin';
}
