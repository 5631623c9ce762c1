/**
 * Stable names for generated API types, so app code does not depend on the DTO names the
 * OpenAPI export happens to use. Only types and casts: every call still goes through `generated.ts`.
 */
import type { GetCurrentUserApiResponse, UpdateUserDto, UploadUserAvatarApiArg } from './generated';

export type User = GetCurrentUserApiResponse;
export type UserRole = NonNullable<User['role']>;
export type UserType = User['type'];
export type AvatarUploadBody = UploadUserAvatarApiArg['body'];

/**
 * The OpenAPI document currently types nullable strings of the request DTOs (middleName,
 * phoneNumber, username) as `object | null`; the server takes strings. This cast is a no-op
 * once the schema says `string`.
 */
export type ApiNullableString = UpdateUserDto['middleName'];
export function nullableString(value: string | null): ApiNullableString {
  return value as unknown as ApiNullableString;
}

export const ADMIN_ROLES: readonly UserRole[] = ['admin', 'super_admin'];

export function isAdmin(user: Pick<User, 'role'> | null | undefined): boolean {
  return !!user?.role && ADMIN_ROLES.includes(user.role);
}
