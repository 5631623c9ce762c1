import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import type { SavedItem } from '@/lib/api/listings';
import { pinArgs, pinOfListing, pinOfSearch } from './pins';
import { usePins } from './use-pins';

interface PinToggleProps {
  pinned: boolean;
  busy: boolean;
  /** What is pinned, for the button's name ("Pin Sunny house"). */
  name: string;
  variant: 'icon' | 'button';
  onClick: () => void;
}

function PinToggle({ pinned, busy, name, variant, onClick }: PinToggleProps) {
  const label = `${pinned ? 'Unpin' : 'Pin'} ${name}`;
  if (variant === 'button') {
    return (
      <Button
        variant={pinned ? 'contained' : 'outlined'}
        color={pinned ? 'secondary' : 'primary'}
        startIcon={pinned ? <PushPinIcon /> : <PushPinOutlinedIcon />}
        onClick={onClick}
        disabled={busy}
        aria-pressed={pinned}
        aria-label={label}
      >
        {pinned ? 'Pinned' : 'Pin'}
      </Button>
    );
  }
  return (
    <Tooltip title={pinned ? 'Unpin from your dashboard' : 'Pin to your dashboard'}>
      <span>
        <IconButton onClick={onClick} disabled={busy} aria-label={label} aria-pressed={pinned} color={pinned ? 'primary' : 'default'}>
          {pinned ? <PushPinIcon /> : <PushPinOutlinedIcon />}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** Pin / unpin a listing (shown to signed-in members only): "Pinned" when the member's saved items hold a pin of it. */
export function PinListingButton({ listing, variant = 'icon' }: { listing: { _id: string; name: string }; variant?: 'icon' | 'button' }) {
  const { user, items, ready, busy, pin, unpin } = usePins();
  if (!user) return null;
  const current = pinOfListing(items, listing._id);
  const onClick = () => (current ? unpin(current, listing.name) : pin(pinArgs.listing(user._id, listing._id), listing.name));
  return <PinToggle pinned={!!current} busy={!ready || busy} name={listing.name} variant={variant} onClick={onClick} />;
}

/** Pin / unpin one of the member's saved searches. */
export function PinSearchButton({ search }: { search: SavedItem }) {
  const { user, items, ready, busy, pin, unpin } = usePins();
  if (!user) return null;
  const name = search.name || 'Saved search';
  const current = pinOfSearch(items, search._id);
  const onClick = () => (current ? unpin(current, name) : pin(pinArgs.search(user._id, search), name));
  return <PinToggle pinned={!!current} busy={!ready || busy} name={name} variant="icon" onClick={onClick} />;
}
