import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { EntitlementRequiredException } from './entitlement-required.exception';
import { Reflector } from '@nestjs/core';
import { ApiExtension, ApiResponse } from '@nestjs/swagger';
import { ENTITLEMENT_LABELS, PLANS, lowestPlanWith, type Entitlement } from '@app/domain';
import type { AuthUser } from '../../common/auth/auth-user';
import { ErrorResponseDto } from '../../common/http/common.dto';
import { SubscriptionsService } from './subscriptions.service';

export const ENTITLEMENT_KEY = 'billing:entitlement';

/** Runs after the auth guard on routes marked `@Entitled(...)`: the caller's current plan must include the entitlement. */
@Injectable()
export class EntitlementGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const entitlement = this.reflector.getAllAndOverride<Entitlement | undefined>(ENTITLEMENT_KEY, [ctx.getHandler(), ctx.getClass()]);
    if (!entitlement) return true;
    const user = ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user) {
      throw new EntitlementRequiredException(entitlement, lowestPlanWith(entitlement), 'free');
    }
    // staff use every feature to support members
    if (user.role !== 'user') return true;
    await this.subscriptions.assertEntitled(user.id, entitlement);
    return true;
  }
}

/**
 * The route needs a plan that includes `entitlement` (PLANS in libs/domain); a member without it gets
 * 402 with `upgrade` (documented in OpenAPI as `x-entitlement` and the 402 answer). The controller's
 * module imports SubscriptionsModule.
 */
export const Entitled = (entitlement: Entitlement) =>
  applyDecorators(
    SetMetadata(ENTITLEMENT_KEY, entitlement),
    UseGuards(EntitlementGuard),
    ApiExtension('x-entitlement', { entitlement, plan: lowestPlanWith(entitlement) }),
    ApiResponse({
      status: 402,
      type: ErrorResponseDto,
      description: `Requires ${ENTITLEMENT_LABELS[entitlement]}: the ${PLANS[lowestPlanWith(entitlement)].name} plan or higher (body.upgrade says what to buy)`,
    }),
  );
