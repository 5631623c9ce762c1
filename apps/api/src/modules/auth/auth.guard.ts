import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { UserRole } from '@app/domain';
import type { AuthUser } from '../../common/auth/auth-user';
import { IS_PUBLIC_KEY, ROLES_KEY } from '../../common/auth/decorators';
import { AuthTokensService } from './auth-tokens.service';

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

/**
 * Global guard, deny by default: every route needs a valid, unrevoked session unless marked
 * @Public(); @Roles() narrows a route further. Public routes still see the caller when a valid
 * token is sent.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: AuthTokensService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets) ?? false;
    const roles = this.reflector.getAllAndOverride<UserRole[]>(ROLES_KEY, targets) ?? [];
    const req = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const token = bearerToken(req.headers.authorization);
    const user = token ? await this.tokens.verify(token) : null;
    if (user) req.user = user;
    if (isPublic) return true;
    if (!user) {
      throw new UnauthorizedException(token ? 'Your session has ended; please log in again' : 'Please log in to continue');
    }
    if (roles.length && !roles.includes(user.role)) {
      throw new ForbiddenException('You do not have permission to do this');
    }
    return true;
  }
}
