export { Logo, LogoMark } from './Logo';
export { StatusPage, type StatusPageProps, type StatusAction } from './StatusPage';
export { ListingNotFound, LISTING_NOT_FOUND_TEXT } from './ListingNotFound';
export { LoadingOverlay, LOADING_TEXT } from './LoadingOverlay';
export { EmptyState } from './EmptyState';
export { FormTextField, FormPasswordField } from './FormTextField';
export { ListingCard, LISTING_PHOTO_PLACEHOLDER_TEXT, type ListingCardProps } from './ListingCard';
export { ConfirmDialog } from './ConfirmDialog';
export { AlertFrequencyToggle, type AlertFrequencyToggleProps } from './AlertFrequencyToggle';
