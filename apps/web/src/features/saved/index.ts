export { SavedItemsPage } from './SavedItemsPage';
