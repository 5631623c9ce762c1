import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import SavedSearchIcon from '@mui/icons-material/SavedSearch';
import SearchIcon from '@mui/icons-material/Search';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import { EmptyState } from '@/components/ui/EmptyState';
import { ListingCard } from '@/components/ui/ListingCard';
import { errorMessage } from '@/lib/api/errors';
import { pinViews, type PinView } from './pins';
import { usePins } from './use-pins';

export const UNAVAILABLE_TEXT = 'No longer available';

function nameOf(view: PinView): string {
  switch (view.kind) {
    case 'listing':
      return view.listing.name;
    case 'unavailable':
      return view.pin.name || UNAVAILABLE_TEXT;
    default:
      return view.name;
  }
}

function UnpinButton({ name, onClick, disabled }: { name: string; onClick: () => void; disabled: boolean }) {
  return (
    <Tooltip title="Unpin">
      <span>
        <IconButton aria-label={`Unpin ${name}`} aria-pressed onClick={onClick} disabled={disabled} color="primary">
          <PushPinIcon />
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** A pinned saved search, a market report, an unavailable listing, or an older pin: an icon, its name, a line, a link, and Unpin. */
function PinRow({ view, unpinButton }: { view: Exclude<PinView, { kind: 'listing' }>; unpinButton: ReactNode }) {
  const name = nameOf(view);
  const linked = view.kind === 'search' || view.kind === 'report';
  const icon = view.kind === 'report' ? <InsightsOutlinedIcon /> : view.kind === 'search' ? <SavedSearchIcon /> : view.kind === 'unavailable' ? <VisibilityOffOutlinedIcon /> : <PushPinOutlinedIcon />;
  return (
    <Card variant="outlined" component="article" aria-label={name} data-testid="pinned-item" data-kind={view.kind}>
      <Stack direction="row" spacing={1.5} sx={{ p: 1.5, alignItems: 'center' }}>
        <Avatar
          sx={(theme) => ({
            bgcolor: view.kind === 'unavailable' ? 'action.selected' : alpha(theme.palette.primary.main, 0.12),
            color: view.kind === 'unavailable' ? 'text.secondary' : 'primary.main',
          })}
        >
          {icon}
        </Avatar>
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          {linked ? (
            <Typography
              variant="subtitle1"
              component={RouterLink}
              to={view.href}
              sx={{ fontWeight: 700, overflowWrap: 'anywhere', color: 'text.primary', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
            >
              {name}
            </Typography>
          ) : (
            <Typography variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {view.kind === 'report'
              ? view.detail
              : view.kind === 'search'
              ? 'Saved search'
              : view.kind === 'unavailable'
                ? `${view.pin.name ? `${UNAVAILABLE_TEXT}: t` : 'T'}his listing was hidden by its owner or removed.`
                : 'Pinned item'}
          </Typography>
        </Stack>
        {/* the name opens the search too: on a phone this button would squeeze the name */}
        {linked && (
          <Button component={RouterLink} to={view.href} startIcon={view.kind === 'report' ? <InsightsOutlinedIcon /> : <SearchIcon />} size="small" sx={{ flexShrink: 0, display: { xs: 'none', sm: 'inline-flex' } }}>
            Open
          </Button>
        )}
        {unpinButton}
      </Stack>
    </Card>
  );
}

/**
 * The member's pinned items: listing cards (a listing they can no longer see says "No longer
 * available"), pinned saved searches linking to their search, pinned market reports linking to the
 * report, each with Unpin. On the dashboard and
 * in Saved, Pinned.
 */
export function PinnedItems({ limit }: { limit?: number }) {
  const { items, error, isLoading, busy, unpin } = usePins();
  const views = pinViews(items);
  const shown = limit ? views.slice(0, limit) : views;

  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (isLoading) return <Skeleton variant="rounded" height={120} aria-label="Loading your pinned items" />;
  if (views.length === 0) {
    return (
      <EmptyState
        icon={<PushPinOutlinedIcon fontSize="inherit" />}
        title="Nothing pinned yet"
        description="Pin a listing (the pin beside its heart) or one of your saved searches to keep it at hand here."
        action={
          <Button component={RouterLink} to="/listings" startIcon={<SearchIcon />}>
            Browse listings
          </Button>
        }
      />
    );
  }
  return (
    <Stack spacing={1.5} data-testid="pinned-items">
      {shown.map((view) => {
        const name = nameOf(view);
        const unpinButton = <UnpinButton name={name} onClick={() => void unpin(view.pin, name)} disabled={busy} />;
        return view.kind === 'listing' ? (
          <ListingCard key={view.pin._id} listing={view.listing} actions={unpinButton} maxTags={2} />
        ) : (
          <PinRow key={view.pin._id} view={view} unpinButton={unpinButton} />
        );
      })}
      {shown.length < views.length && (
        <Button component={RouterLink} to="/saved?tab=pinned" sx={{ alignSelf: 'flex-start' }}>
          All {views.length} pinned items
        </Button>
      )}
    </Stack>
  );
}
