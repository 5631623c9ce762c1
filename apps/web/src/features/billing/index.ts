export { PlansPage } from './PlansPage';
export { CheckoutPage } from './CheckoutPage';
export { PaymentResultPage } from './PaymentResultPage';
export { BillingPage } from './BillingPage';
export { CreditsPage } from './CreditsPage';
export { SandboxCheckoutPage } from './SandboxCheckoutPage';
export { UpgradePrompt, UpgradePromptForError, upgradeOf, lockedText, type UpgradePromptProps } from './UpgradePrompt';
