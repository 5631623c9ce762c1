export { AriaPage } from './AriaPage';
