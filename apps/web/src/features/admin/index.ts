export { CurrencyRatesPage } from './CurrencyRatesPage';
export { SubscriptionsAdminPage } from './SubscriptionsAdminPage';
export { CreditsAdminPage } from './CreditsAdminPage';
