/**
 * Plans, subscriptions, AI credits and payments: stable names for the generated DTOs and the cache
 * tags the codegen's one tag per OpenAPI tag misses. Imported for its side effect by endpoints.ts.
 *
 * A plan payment changes the member's subscription and credits on the server (the webhook or a status
 * poll marks it paid); the result page invalidates those tags itself (features/billing/use-paid-refresh.ts).
 */
import {
  api,
  type CreditBalanceDto,
  type CreditEntryDto,
  type CreditsAccountDto,
  type CurrentSubscriptionDto,
  type PaymentDto,
  type PaymentMethodDto,
  type SandboxCheckoutDto,
  type SubscriptionDetailDto,
  type UpgradeRequiredDto,
} from './generated';

export type Payment = PaymentDto;
export type PaymentStatus = PaymentDto['status'];
export type PaymentMethodOption = PaymentMethodDto;
export type Subscription = SubscriptionDetailDto;
export type SubscriptionStatus = SubscriptionDetailDto['status'];
export type BillingPeriod = SubscriptionDetailDto['billingPeriod'];
export type CurrentSubscription = CurrentSubscriptionDto;
export type CreditsAccount = CreditsAccountDto;
export type CreditEntry = CreditEntryDto;
export type CreditBalance = CreditBalanceDto;
export type SandboxCheckout = SandboxCheckoutDto;
/** The `upgrade` of a 402 answer: a feature the plan lacks (reason plan) or too few AI credits (reason credits). */
export type UpgradeRequired = UpgradeRequiredDto;

/** Tags the answers of the billing endpoints depend on. */
export const BILLING_TAGS = ['subscription', 'payment', 'ai-credits'] as const;

export const billingApi = api.enhanceEndpoints({
  endpoints: {
    // the upgrade starts a payment: the payment history has one more
    upgradeSubscription: { invalidatesTags: ['subscription', 'payment'] },
    // staff putting a member on a plan grants the plan's first monthly allowance
    createSubscription: { invalidatesTags: ['subscription', 'ai-credits'] },
    removeSubscription: { invalidatesTags: ['subscription', 'ai-credits'] },
    // an adjustment changes the balances list and the member's own account, nothing else
    updateCredits: { invalidatesTags: ['ai-credits'] },
  },
});
