import { CanActivate, ExecutionContext, Injectable, NotFoundException } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthUser } from '../../common/auth/auth-user';
import { isUuid } from '../../common/http/ids';
import { ListingsService, NOT_FOUND_MESSAGE } from './listings.service';

/**
 * Runs before an upload's body is read: the caller must own the listing `:id` or be an admin, by the
 * one rule of `ListingsService.mustOwnOrAdmin` (404 for a listing they cannot see, else 403).
 */
@Injectable()
export class ListingOwnerGuard implements CanActivate {
  constructor(private readonly listings: ListingsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const id = req.params.id;
    if (!req.user || !isUuid(id)) throw new NotFoundException(NOT_FOUND_MESSAGE);
    await this.listings.mustOwnOrAdmin(req.user, id);
    return true;
  }
}
