import SearchOffIcon from '@mui/icons-material/SearchOff';
import { StatusPage } from './StatusPage';

export const LISTING_NOT_FOUND_TEXT = "The listing you're looking for might have been deleted or does not exist";

export interface ListingNotFoundProps {
  /** Where the button leads (the listing search, once it exists). */
  backTo?: string;
  backLabel?: string;
  fullScreen?: boolean;
}

/** Shown by a listing page when the listing does not exist (or was deleted). */
export function ListingNotFound({ backTo = '/', backLabel = 'Go Home', fullScreen = false }: ListingNotFoundProps) {
  return (
    <StatusPage
      data-testid="listing-not-found"
      title={LISTING_NOT_FOUND_TEXT}
      subtitle="Listing not found"
      icon={<SearchOffIcon fontSize="inherit" />}
      action={{ label: backLabel, to: backTo }}
      fullScreen={fullScreen}
    />
  );
}
