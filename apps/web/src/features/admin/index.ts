export { CurrencyRatesPage } from './CurrencyRatesPage';
