import { useNavigate } from 'react-router';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Button from '@mui/material/Button';
import { useSaveListingMutation, useUnsaveListingMutation } from '@/lib/api/generated';
import { listingArgs, type Listing } from '@/lib/api/listings';
import { loginPath } from '@/lib/return-to';
import { selectIsLoggedIn, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { listingErrorMessage } from '../errors';

export interface SaveListingButtonProps {
  listing: Pick<Listing, '_id' | 'isSaved' | 'name'>;
  /** A labelled button (detail page) instead of an icon (cards). */
  variant?: 'icon' | 'button';
}

/**
 * Save / unsave toggle (POST /listing/save, PUT /listing/unsave). The cache tags refetch every list and
 * the listing afterwards, so the heart follows the server's `isSaved`. Guests are sent to log in
 * ("Log in to save this listing") and come back to the listing, which then saves it (see useLoginIntent).
 */
export function SaveListingButton({ listing, variant = 'icon' }: SaveListingButtonProps) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [save, saveState] = useSaveListingMutation();
  const [unsave, unsaveState] = useUnsaveListingMutation();
  const busy = saveState.isLoading || unsaveState.isLoading;
  const saved = listing.isSaved;
  const label = saved ? 'Remove from saved' : 'Save listing';

  const onClick = async () => {
    if (!loggedIn) {
      navigate(loginPath(`/listings/${listing._id}`, 'save'));
      return;
    }
    try {
      if (saved) {
        await unsave(listingArgs.unsave(listing._id)).unwrap();
        dispatch(toast.info('Removed from saved', listing.name));
      } else {
        await save(listingArgs.save(listing._id)).unwrap();
        dispatch(toast.success('Listing saved', listing.name));
      }
    } catch (error) {
      dispatch(toast.error(saved ? 'Could not unsave the listing' : 'Could not save the listing', listingErrorMessage(error)));
    }
  };

  if (variant === 'button') {
    return (
      <Button
        variant={saved ? 'contained' : 'outlined'}
        startIcon={saved ? <FavoriteIcon /> : <FavoriteBorderIcon />}
        onClick={onClick}
        disabled={busy}
        aria-pressed={saved}
      >
        {saved ? 'Saved' : 'Save'}
      </Button>
    );
  }
  return (
    <Tooltip title={label}>
      <span>
        <IconButton onClick={onClick} disabled={busy} aria-label={label} aria-pressed={saved} color={saved ? 'error' : 'default'}>
          {saved ? <FavoriteIcon /> : <FavoriteBorderIcon />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
