import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiForbiddenResponse } from '@nestjs/swagger';
import type { UserRole } from '@app/domain';
import type { AuthUser } from './auth-user';

export const IS_PUBLIC_KEY = 'auth:isPublic';
export const ROLES_KEY = 'auth:roles';

/**
 * Opens a route to guests. The OpenAPI builder reads `x-public` and documents the route with no
 * security; every other route is documented as needing the bearer token.
 */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC_KEY, true), ApiExtension('x-public', true));

/** Narrows a route to the given roles; documented in OpenAPI as `x-roles` and a 403 answer. */
export const Roles = (...roles: UserRole[]) =>
  applyDecorators(
    SetMetadata(ROLES_KEY, roles),
    ApiExtension('x-roles', roles),
    ApiForbiddenResponse({ description: `Requires role: ${roles.join(' or ')}` }),
  );

/** The signed-in caller (undefined on a public route called by a guest). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  return ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
});
