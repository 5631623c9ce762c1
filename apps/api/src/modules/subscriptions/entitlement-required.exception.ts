import { HttpException, HttpStatus } from '@nestjs/common';
import { ENTITLEMENT_LABELS, PLANS, type Entitlement, type PlanId } from '@app/domain';

/** What the web's Upgrade prompt shows: the locked feature, the plan that unlocks it and the member's plan. */
export interface UpgradeRequired {
  reason: 'plan';
  entitlement: Entitlement;
  feature: string;
  requiredPlan: PlanId;
  currentPlan: PlanId;
}

/** 402 Payment Required, with `upgrade` for the Upgrade prompt. */
export class EntitlementRequiredException extends HttpException {
  constructor(entitlement: Entitlement, requiredPlan: PlanId, currentPlan: PlanId) {
    const feature = ENTITLEMENT_LABELS[entitlement];
    const upgrade: UpgradeRequired = { reason: 'plan', entitlement, feature, requiredPlan, currentPlan };
    super(
      {
        message: `${feature} ${feature.endsWith('s') ? 'are' : 'is'} part of the ${PLANS[requiredPlan].name} plan and above: upgrade to use ${feature.endsWith('s') ? 'them' : 'it'}`,
        error: 'Payment Required',
        upgrade,
      },
      HttpStatus.PAYMENT_REQUIRED,
    );
  }
}


/** 402 when a member is at their plan's active-listings limit: the prompt offers the next plan with room. */
export class ListingLimitException extends HttpException {
  constructor(limit: number, requiredPlan: PlanId, currentPlan: PlanId) {
    super(
      {
        message: `The ${PLANS[currentPlan].name} plan allows ${limit} active listings: upgrade to ${PLANS[requiredPlan].name}, or archive or mark a listing sold first`,
        error: 'Payment Required',
        upgrade: { reason: 'plan', feature: `More than ${limit} active listings`, requiredPlan, currentPlan },
      },
      HttpStatus.PAYMENT_REQUIRED,
    );
  }
}
