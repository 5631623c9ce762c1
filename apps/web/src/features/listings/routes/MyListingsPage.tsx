import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { ListingCard } from '@/components/ui/ListingCard';
import { useGetListingDashboardQuery, useRemoveListingMutation, useSearchListingsQuery } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { listingArgs, type Listing } from '@/lib/api/listings';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { listingErrorMessage } from '../errors';
import { PAGE_SIZES, SORT_OPTIONS, type SortValue } from '../search-state';
import { RatesUsed } from '@/components/ui/Price';

const TOTALS = [
  { key: 'totalListings', label: 'Listings' },
  { key: 'totalSaved', label: 'Times saved' },
  { key: 'totalViews', label: 'Views' },
] as const;

/** /my/listings: the caller's totals and listings, with edit and delete. */
export function MyListingsPage() {
  const user = useAppSelector(selectCurrentUser)!;
  const dispatch = useAppDispatch();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [sort, setSort] = useState<SortValue>('-createdAt');
  const [toDelete, setToDelete] = useState<Listing | null>(null);

  const dashboard = useGetListingDashboardQuery(listingArgs.dashboard(user._id));
  const { data, error, isLoading, isFetching } = useSearchListingsQuery(
    listingArgs.search({ query: { owner: user._id }, sort, limit, skip: (page - 1) * limit }),
  );
  const [removeListing, { isLoading: removing }] = useRemoveListingMutation();

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await removeListing({ id: toDelete._id }).unwrap();
      dispatch(toast.success('Listing deleted', toDelete.name));
      setToDelete(null);
    } catch (e) {
      dispatch(toast.error('Could not delete the listing', listingErrorMessage(e)));
    }
  };

  const listings = data?.listings ?? [];
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Stack spacing={3}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            My listings
          </Typography>
          <Button component={RouterLink} to="/listings/new" variant="contained" startIcon={<AddIcon />}>
            Add listing
          </Button>
        </Stack>

        <Grid container spacing={2} component="section" aria-label="Totals">
          {TOTALS.map(({ key, label }) => (
            <Grid key={key} size={{ xs: 12, sm: 4 }}>
              <Card variant="outlined">
                <CardContent>
                  <Typography color="text.secondary" variant="body2">
                    {label}
                  </Typography>
                  <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid={key}>
                    {dashboard.data ? (dashboard.data[key] ?? 0) : dashboard.isError ? '—' : <Skeleton width={48} />}
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>

        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <TextField select size="small" label="Sort by" value={sort} onChange={(e) => { setSort(e.target.value as SortValue); setPage(1); }} sx={{ minWidth: 170 }}>
            {SORT_OPTIONS.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label="Per page" value={String(limit)} onChange={(e) => { setLimit(Number(e.target.value)); setPage(1); }} sx={{ minWidth: 96 }}>
            {PAGE_SIZES.map((n) => (
              <MenuItem key={n} value={String(n)}>
                {n}
              </MenuItem>
            ))}
          </TextField>
        </Stack>

        <Stack spacing={1.5} component="section" aria-label="Your listings">
          <RatesUsed currencies={listings.map((l) => l.currency)} />
          {isFetching && <LinearProgress aria-label="Loading listings" />}
          {error ? (
            <Alert severity="error">{errorMessage(error)}</Alert>
          ) : isLoading ? (
            <Skeleton variant="rounded" height={140} />
          ) : listings.length === 0 ? (
            <EmptyState
              title="You have no listings yet"
              description="Add your first property: it takes a few minutes."
              action={
                <Button component={RouterLink} to="/listings/new" variant="contained">
                  Add listing
                </Button>
              }
            />
          ) : (
            listings.map((listing) => (
              <ListingCard
                key={listing._id}
                listing={listing}
                actions={
                  <>
                    <Tooltip title="Edit">
                      <IconButton component={RouterLink} to={`/listings/${listing._id}/edit`} aria-label={`Edit ${listing.name}`}>
                        <EditOutlinedIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton onClick={() => setToDelete(listing)} aria-label={`Delete ${listing.name}`} color="error">
                        <DeleteOutlineIcon />
                      </IconButton>
                    </Tooltip>
                  </>
                }
              />
            ))
          )}
          {data && data.pagination.totalPages > 1 && (
            <Pagination sx={{ alignSelf: 'center' }} count={data.pagination.totalPages} page={page} onChange={(_e, p) => setPage(p)} />
          )}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={!!toDelete}
        title="Delete this listing?"
        message={toDelete ? `“${toDelete.name}” and its photos will be removed for good.` : undefined}
        busy={removing}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Container>
  );
}
