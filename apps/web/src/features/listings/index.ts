export { ListingSearchPage } from './routes/ListingSearchPage';
export { ListingDetailPage } from './routes/ListingDetailPage';
export { NewListingPage, EditListingPage } from './routes/ListingFormPage';
export { MyListingsPage } from './routes/MyListingsPage';
