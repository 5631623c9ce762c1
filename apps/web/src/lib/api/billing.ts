/**
 * Plans, subscriptions, AI credits and payments: stable names for the generated DTOs (types only; their
 * cache tags are in tags.ts).
 */
import type {
  CreditBalanceDto,
  CreditEntryDto,
  CreditsAccountDto,
  CurrentSubscriptionDto,
  PaymentDto,
  PaymentMethodDto,
  SandboxCheckoutDto,
  SubscriptionDetailDto,
  UpgradeRequiredDto,
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
