import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_MAP_CENTER } from '@app/domain';
import { EmptyState } from '@/components/ui/EmptyState';
import { ListingCard } from '@/components/ui/ListingCard';
import { useSearchListingsQuery } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { listingArgs } from '@/lib/api/listings';
import { DEFAULT_SEARCH, toSearchParams, updateSearch, type Bounds } from '@/features/listings/search-state';
import { RatesUsed } from '@/components/ui/Price';

export const NEWEST_COUNT = 6;
/** Half the side of the box around the default centre (about 17 km north-south): Metro Manila. */
const HALF_SIDE_DEG = 0.15;

export const NEWEST_BOUNDS: Bounds = {
  north: DEFAULT_MAP_CENTER.lat + HALF_SIDE_DEG,
  south: DEFAULT_MAP_CENTER.lat - HALF_SIDE_DEG,
  east: DEFAULT_MAP_CENTER.lng + HALF_SIDE_DEG,
  west: DEFAULT_MAP_CENTER.lng - HALF_SIDE_DEG,
};

/** The newest listings in a box around the spec's default map centre (POST /listing/search, newest first). */
export function NewestListings() {
  const { data, isLoading, error } = useSearchListingsQuery(
    listingArgs.search({ bounds: NEWEST_BOUNDS, sort: '-createdAt', limit: NEWEST_COUNT, skip: 0 }),
  );
  const seeAll = `/listings?${toSearchParams(updateSearch(DEFAULT_SEARCH, { bounds: NEWEST_BOUNDS })).toString()}`;
  const listings = data?.listings ?? [];

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap' }}>
        <div>
          <Typography id="newest-heading" variant="h4" component="h2" sx={{ fontWeight: 700 }}>
            Newest listings
          </Typography>
          <Typography color="text.secondary">Just listed in and around Metro Manila</Typography>
        </div>
        <Button component={RouterLink} to={seeAll}>
          See all on the map
        </Button>
      </Stack>
      {error ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : isLoading ? (
        <Grid container spacing={3} aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
              <Skeleton variant="rounded" height={280} />
            </Grid>
          ))}
        </Grid>
      ) : listings.length === 0 ? (
        <EmptyState
          title="No listings here yet"
          description="Nothing has been listed around Metro Manila yet. Search the whole country instead."
          action={
            <Button component={RouterLink} to="/listings" variant="contained">
              Browse all listings
            </Button>
          }
        />
      ) : (
        <Grid container spacing={3} data-testid="newest-listings">
          <Grid size={12} sx={{ mt: -2 }}>
            <RatesUsed currencies={listings.map((l) => l.currency)} />
          </Grid>
          {listings.map((listing) => (
            <Grid key={listing._id} size={{ xs: 12, sm: 6, md: 4 }}>
              <ListingCard listing={listing} />
            </Grid>
          ))}
        </Grid>
      )}
    </Stack>
  );
}
