import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import SearchIcon from '@mui/icons-material/Search';
import { EmptyState } from '@/components/ui/EmptyState';
import { ListingCard } from '@/components/ui/ListingCard';
import { useDeleteUserSavedItemMutation, useGetUserSavedItemsQuery } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import type { ListingDto } from '@/lib/api/generated';
import { savedItemArgs, type SavedItem, type SavedItemType } from '@/lib/api/listings';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { RatesUsed } from '@/components/ui/Price';
import { PinListingButton, PinSearchButton } from '@/features/pins/PinButton';
import { PinnedItems } from '@/features/pins/PinnedItems';
import { CompareBar, CompareToggle, useCompareSelection } from '@/features/aria/SavedCompare';
import { SavedSearchAlertControl } from './SavedSearchAlertControl';

const TABS: { type: SavedItemType; label: string }[] = [
  { type: 'listing', label: 'Listings' },
  { type: 'search', label: 'Searches' },
  { type: 'pinned', label: 'Pinned' },
];

/** The item's listing when the member may still see it (a hidden or draft listing comes as `{ _id, unavailable: true }`). */
function visibleListing(item: SavedItem): ListingDto | null {
  return item.listing && !('unavailable' in item.listing) ? item.listing : null;
}

const isUnavailable = (item: SavedItem) => !!item.listing && 'unavailable' in item.listing;

/** The stored query string of a saved search, as a /listings link. */
export function savedSearchHref(item: Pick<SavedItem, 'data'>): string {
  const raw = (item.data as { query?: unknown } | null | undefined)?.query;
  const query = typeof raw === 'string' ? raw.replace(/^\?/, '') : '';
  return query ? `/listings?${query}` : '/listings';
}

function RemoveButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled: boolean }) {
  return (
    <Tooltip title="Remove">
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} color="error">
          <DeleteOutlineIcon />
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** /saved: saved listings, saved searches and pinned items, each with a remove button. */
export function SavedItemsPage() {
  const user = useAppSelector(selectCurrentUser)!;
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t.type === params.get('tab'))?.type ?? 'listing';
  const { data, error, isLoading } = useGetUserSavedItemsQuery(savedItemArgs.list(user._id, 'all'));
  const [deleteItem] = useDeleteUserSavedItemMutation();
  const [removing, setRemoving] = useState<string | null>(null);
  const compare = useCompareSelection();

  const items = (data?.items ?? []).filter((item) => item.type === tab);
  const counts = Object.fromEntries(TABS.map((t) => [t.type, (data?.items ?? []).filter((i) => i.type === t.type).length]));

  const remove = async (item: SavedItem) => {
    setRemoving(item._id);
    try {
      await deleteItem(savedItemArgs.remove(user._id, item.type, item._id)).unwrap();
      dispatch(toast.info('Removed from saved'));
    } catch (e) {
      dispatch(toast.error('Could not remove the item', errorMessage(e)));
    } finally {
      setRemoving(null);
    }
  };

  const itemTitle = (item: SavedItem) =>
    item.name ?? visibleListing(item)?.name ?? (isUnavailable(item) ? 'No longer available' : 'Saved item');

  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Stack spacing={2}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          Saved
        </Typography>
        <Tabs
          value={tab}
          onChange={(_e, next: SavedItemType) => setParams(next === 'listing' ? {} : { tab: next }, { replace: true })}
          aria-label="Saved item types"
        >
          {TABS.map((t) => (
            <Tab key={t.type} value={t.type} label={data ? `${t.label} (${counts[t.type]})` : t.label} />
          ))}
        </Tabs>
        <Stack spacing={1.5} role="tabpanel" aria-label={TABS.find((t) => t.type === tab)?.label}>
          {tab === 'listing' && <RatesUsed currencies={items.flatMap((item) => visibleListing(item)?.currency ?? [])} />}
          {tab === 'listing' && items.filter(visibleListing).length >= 2 && <CompareBar selection={compare} />}
          {tab === 'pinned' ? (
            <PinnedItems />
          ) : error ? (
            <Alert severity="error">{errorMessage(error)}</Alert>
          ) : isLoading ? (
            <Skeleton variant="rounded" height={120} />
          ) : items.length === 0 ? (
            <EmptyState
              title={
                tab === 'listing' ? 'No saved listings yet' : tab === 'search' ? 'No saved searches yet' : 'Nothing pinned yet'
              }
              description={
                tab === 'search'
                  ? 'Run a search and choose "Save this search" to find it here.'
                  : 'Tap the heart on a listing to keep it here.'
              }
              action={
                <Button component={RouterLink} to="/listings" startIcon={<SearchIcon />}>
                  Find property
                </Button>
              }
            />
          ) : (
            items.map((item) => {
              const listing = visibleListing(item);
              return listing ? (
                <ListingCard
                  key={item._id}
                  listing={listing}
                  actions={
                    <>
                      <CompareToggle selection={compare} listing={listing} />
                      <PinListingButton listing={listing} />
                      <RemoveButton
                        label={`Remove ${itemTitle(item)}`}
                        onClick={() => remove(item)}
                        disabled={removing === item._id}
                      />
                    </>
                  }
                />
              ) : (
                <Card key={item._id} variant="outlined" component="article" aria-label={itemTitle(item)}>
                  <CardContent sx={{ pb: 0 }}>
                    <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                      {itemTitle(item)}
                    </Typography>
                    {isUnavailable(item) && (
                      <Typography variant="body2" color="text.secondary">
                        {item.name ? 'No longer available: ' : ''}This listing was hidden by its owner or removed.
                      </Typography>
                    )}
                    <Typography variant="body2" color="text.secondary">
                      Saved {new Date(item.createdAt).toLocaleDateString('en-PH')}
                    </Typography>
                    {item.type === 'search' && (
                      <Stack sx={{ mt: 1 }}>
                        <SavedSearchAlertControl item={item} />
                      </Stack>
                    )}
                  </CardContent>
                  <CardActions sx={{ justifyContent: 'space-between' }}>
                    {item.type === 'search' ? (
                      <Button component={RouterLink} to={savedSearchHref(item)} startIcon={<SearchIcon />}>
                        Open search
                      </Button>
                    ) : (
                      <span />
                    )}
                    {item.type === 'search' && (
                      <Stack direction="row" sx={{ flex: 1, justifyContent: 'flex-end' }}>
                        <PinSearchButton search={item} />
                      </Stack>
                    )}
                    <RemoveButton
                      label={`Remove ${itemTitle(item)}`}
                      onClick={() => remove(item)}
                      disabled={removing === item._id}
                    />
                  </CardActions>
                </Card>
              );
            })
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
