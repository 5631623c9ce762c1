import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import EditIcon from '@mui/icons-material/Edit';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import VerifiedIcon from '@mui/icons-material/Verified';
import { ListingNotFound } from '@/components/ui/ListingNotFound';
import {
  useCreateThreadMutation,
  useGetListingByIdQuery,
  useRecordListingBehaviorMutation,
  useSaveListingMutation,
  useSearchNearbyListingsQuery,
} from '@/lib/api/generated';
import { errorMessage, errorStatus } from '@/lib/api/errors';
import { fullAddress, listingArgs, type Listing } from '@/lib/api/listings';
import { ERROR_CREATING_THREAD, TOO_MANY_REQUESTS, threadArgs, threadErrorMessage } from '@/lib/api/messaging';
import { formatArea } from '@/lib/format';
import { pricePerSquareMetre } from '@/lib/money';
import { Price, PricePerArea, RatesUsed } from '@/components/ui/Price';
import { intentFromState, loginPath } from '@/lib/return-to';
import { furnishingLabel, kindLabel, listingStatusLabel, listingTypeLabel, offerLabel } from '@/lib/listing-text';
import { isAdmin } from '@/lib/api/types';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { ImageGallery } from '../components/ImageGallery';
import { LocationMap } from '../components/LocationMap';
import { NearbySection } from '../components/NearbySection';
import { ReviewsSection } from '../components/ReviewsSection';
import { SaveListingButton } from '../components/SaveListingButton';
import { ReportListingButton } from '../components/ReportListingButton';
import { ShareListingButton } from '../components/ShareListingButton';
import { PinListingButton } from '@/features/pins/PinButton';
import { ListingAriaActions } from '@/features/aria/ListingAriaActions';
import { TrustBadges } from '@/features/verification/TrustBadges';
import { listingErrorMessage } from '../errors';

/** Opens (or reopens) the member's thread with the owner about the listing and shows it. */
function useOpenThread(listing: Listing) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [createThread, { isLoading }] = useCreateThreadMutation();
  const open = async () => {
    try {
      const thread = await createThread(threadArgs.create({ listingId: listing._id })).unwrap();
      navigate(`/messages/${thread._id}`);
    } catch (error) {
      const title = threadErrorMessage(error, ERROR_CREATING_THREAD);
      dispatch(toast.error(title, title === TOO_MANY_REQUESTS ? undefined : errorMessage(error)));
    }
  };
  return { open, isLoading };
}

/**
 * A guest who pressed Save or Check availability logged in and came back here: the login flow hands
 * the intent over in the location state (never the address). It is dropped from the history entry at
 * once (so Back or a reload does not repeat it) and performed once: the listing is saved (unless it
 * already is), or the thread with the owner opens (not for the owner's own listing).
 */
function useLoginIntent(listing: Listing, openThread: () => Promise<void>) {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const [save] = useSaveListingMutation();
  const intent = intentFromState(location.state);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!intent || !user || handled.current === location.key) return;
    handled.current = location.key;
    navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
    if (intent === 'save') {
      if (listing.isSaved) return;
      save(listingArgs.save(listing._id))
        .unwrap()
        .then(
          () => dispatch(toast.success('Listing saved', listing.name)),
          (error: unknown) => dispatch(toast.error('Could not save the listing', listingErrorMessage(error))),
        );
    } else if (user._id !== listing.owner._id) {
      void openThread();
    }
  }, [intent, user, location, navigate, dispatch, save, listing, openThread]);
}

/**
 * "Check availability": opens (or reopens) the conversation with the owner about this listing.
 * Guests go to the login page first ("Log in to message the owner") and come back here afterwards.
 */
function CheckAvailabilityButton({ listing, open, busy }: { listing: Listing; open: () => Promise<void>; busy: boolean }) {
  const user = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();

  const onClick = () => {
    if (!user) {
      navigate(loginPath(`/listings/${listing._id}`, 'message'));
      return;
    }
    void open();
  };

  return (
    <Button variant="contained" startIcon={<ChatOutlinedIcon />} onClick={onClick} disabled={busy}>
      Check availability
    </Button>
  );
}

function Facts({ listing }: { listing: Listing }) {
  const rows: [string, string][] = [
    ['Offer', offerLabel(listing.offer)],
    ['Type', listingTypeLabel(listing.type)],
    ['Kind', listing.kind ? kindLabel(listing.kind) : '—'],
    ['Status', listingStatusLabel(listing.status)],
    ['Lot size', listing.lotSize != null ? formatArea(listing.lotSize) : '—'],
    ['Floor size', listing.floorSize != null ? formatArea(listing.floorSize) : '—'],
    ['Bedrooms', listing.bedrooms != null ? String(listing.bedrooms) : '—'],
    ['Bathrooms', listing.bathrooms != null ? String(listing.bathrooms) : '—'],
    ['Parking slots', listing.parkingSlots != null ? String(listing.parkingSlots) : '—'],
    ['Furnishing', listing.furnishing ? furnishingLabel(listing.furnishing) : '—'],
    ['Listing code', listing.code],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 2, m: 0 }}>
      {rows.map(([term, value]) => (
        <Box key={term}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function ListingView({ listing }: { listing: Listing }) {
  const user = useAppSelector(selectCurrentUser);
  const isOwner = !!user && user._id === listing.owner._id;
  const { data: nearby, isFetching: nearbyLoading } = useSearchNearbyListingsQuery(
    listingArgs.nearby({ listingId: listing._id }),
  );
  const areasNearby = nearby?.areasNearby ?? [];
  const thread = useOpenThread(listing);
  useLoginIntent(listing, thread.open);

  return (
    <Stack spacing={3}>
      <Breadcrumbs aria-label="Breadcrumb">
        <Link component={RouterLink} to="/listings" underline="hover" color="inherit">
          Find property
        </Link>
        <Typography color="text.primary">{listing.name}</Typography>
      </Breadcrumbs>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Stack spacing={0.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
              {listing.name}
            </Typography>
            <Chip label={offerLabel(listing.offer)} color={listing.offer === 'rent' ? 'secondary' : 'primary'} size="small" data-testid="listing-offer" />
            {listing.verified && <Chip icon={<VerifiedIcon />} label="Verified" color="primary" size="small" />}
          </Stack>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <PlaceOutlinedIcon fontSize="small" />
            <Typography>{fullAddress(listing)}</Typography>
          </Stack>
        </Stack>
        <Stack spacing={1} sx={{ alignItems: { md: 'flex-end' } }}>
          <Box component="p" sx={{ m: 0, textAlign: { md: 'right' }, '& > span': { justifyContent: { md: 'flex-end' } } }}>
            <Price amount={listing.price} currency={listing.currency} perMonth={listing.offer === 'rent'} size="detail" />
          </Box>
          <Box sx={{ textAlign: { md: 'right' } }}>
            <PricePerArea amount={pricePerSquareMetre(listing)} currency={listing.currency} perMonth={listing.offer === 'rent'} />
            <RatesUsed currencies={[listing.currency]} />
          </Box>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: { md: 'flex-end' } }}>
            {isOwner && (
              <Button component={RouterLink} to={`/listings/${listing._id}/edit`} startIcon={<EditIcon />} variant="outlined">
                Edit listing
              </Button>
            )}
            <SaveListingButton listing={listing} variant="button" />
            <PinListingButton listing={listing} variant="button" />
            <ShareListingButton listing={listing} />
            {!isOwner && <CheckAvailabilityButton listing={listing} open={thread.open} busy={thread.isLoading} />}
            {user && !isOwner && <ReportListingButton listing={listing} />}
            {user && <ListingAriaActions listing={listing} />}
          </Stack>
        </Stack>
      </Stack>

      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={3}>
            <ImageGallery images={listing.images} name={listing.name} />
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Facts listing={listing} />
            </Paper>
            {listing.tags.length > 0 && (
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} aria-label="Tags" role="list">
                {listing.tags.map((tag) => (
                  <Chip key={tag} label={tag} role="listitem" />
                ))}
              </Stack>
            )}
            <Stack spacing={1} component="section" aria-labelledby="description-title">
              <Typography id="description-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
                About this property
              </Typography>
              {listing.descriptionHtml ? (
                // The API sanitizes descriptionHtml (an allow-list of formatting tags); it is the only HTML rendered.
                <Box
                  data-testid="listing-description"
                  sx={{ '& p': { mt: 0 }, '& img': { maxWidth: '100%' } }}
                  dangerouslySetInnerHTML={{ __html: listing.descriptionHtml }}
                />
              ) : (
                <Typography data-testid="listing-description" sx={{ whiteSpace: 'pre-line' }}>
                  {listing.description || 'No description yet.'}
                </Typography>
              )}
            </Stack>
            {listing.amenities.length > 0 && (
              <Stack spacing={1} component="section" aria-labelledby="amenities-title">
                <Typography id="amenities-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
                  Amenities
                </Typography>
                <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} role="list">
                  {listing.amenities.map((a) => (
                    <Chip key={a} label={a} variant="outlined" role="listitem" />
                  ))}
                </Stack>
              </Stack>
            )}
            <Divider />
            <ReviewsSection listingId={listing._id} ownerId={listing.owner._id} rating={listing.rating} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={3}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="caption" color="text.secondary">
                Listed by
              </Typography>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }} data-testid="listing-owner">
                {listing.owner.firstName} {listing.owner.lastName}
              </Typography>
              <Box sx={{ my: 0.75, '&:empty': { display: 'none' } }}>
                <TrustBadges owner={listing.owner} ownerUnlicensed={listing.ownerUnlicensed} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {listing.views} view{listing.views === 1 ? '' : 's'} · saved {listing.savedCount} time
                {listing.savedCount === 1 ? '' : 's'}
              </Typography>
            </Paper>
            <Stack spacing={1} component="section" aria-labelledby="location-title">
              <Typography id="location-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
                Location
              </Typography>
              <LocationMap
                lat={listing.location.lat}
                lng={listing.location.lng}
                name={listing.name}
                areasNearby={areasNearby}
              />
            </Stack>
            <NearbySection
              areasNearby={areasNearby}
              poiCoverage={nearby?.poiCoverage}
              poiAttribution={nearby?.poiAttribution}
              showImportHelp={isAdmin(user)}
              loading={nearbyLoading && !nearby}
            />
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}

/** /listings/:id — 404 shows "Listing not found"; a view is recorded once per opening. */
export function ListingDetailPage() {
  const { id = '' } = useParams();
  const { data: listing, error, isLoading } = useGetListingByIdQuery({ id }, { skip: !id });
  const [recordView] = useRecordListingBehaviorMutation();
  const recordedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!listing || recordedFor.current === listing._id) return;
    recordedFor.current = listing._id;
    void recordView(listingArgs.view(listing._id));
  }, [listing, recordView]);

  const status = errorStatus(error);
  if (status === 404 || status === 400) {
    return <ListingNotFound backTo="/listings" backLabel="Back to search" />;
  }
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      {error ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : isLoading || !listing ? (
        <Stack spacing={2} aria-busy="true">
          <Skeleton variant="text" height={48} width="60%" />
          <Skeleton variant="rounded" height={360} />
        </Stack>
      ) : (
        <ListingView listing={listing} />
      )}
    </Container>
  );
}
