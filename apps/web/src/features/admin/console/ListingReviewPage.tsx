import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/KeyboardBackspace';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Price } from '@/components/ui/Price';
import {
  useGetListingByIdQuery,
  useListOwnershipDocumentsQuery,
  useUpdateListingVisibilityMutation,
  useVerifyListingMutation,
  type OwnershipDocumentDto,
} from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { isAdmin } from '@/lib/api/types';
import { formatDay, formatDayTime } from '@/lib/billing-text';
import { formatArea } from '@/lib/format';
import { listingStatusLabel, listingTypeLabel, offerLabel } from '@/lib/listing-text';
import { selectAuth, selectCurrentUser, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { apiUrl } from './export-client';
import { useListingReportsQuery, useCloseListingReportsMutation } from './console-api';

/** A document fetched with the bearer token (the file route is authorised) into a blob URL. */
function useDocumentBlob(listingId: string, doc: OwnershipDocumentDto) {
  const { token } = useAppSelector(selectAuth);
  const [state, setState] = useState<{
    url: string | null;
    error: string | null;
  }>({ url: null, error: null });
  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    fetch(apiUrl(`/api/listing/ownership/${encodeURIComponent(listingId)}/${encodeURIComponent(doc._id)}`), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const blob = await res.blob();
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState({ url, error: null });
      })
      .catch((e: Error) => !cancelled && setState({ url: null, error: e.message }));
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [listingId, doc._id, token]);
  return state;
}

function DocumentView({ listingId, doc }: { listingId: string; doc: OwnershipDocumentDto }) {
  const { url, error } = useDocumentBlob(listingId, doc);
  const image = doc.contentType.startsWith('image/');
  const pdf = doc.contentType === 'application/pdf';
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="ownership-document">
      <Stack
        direction="row"
        sx={{
          justifyContent: 'space-between',
          alignItems: 'center',
          mb: 1,
          gap: 1,
        }}
      >
        <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
          {doc.filename}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {Math.max(1, Math.round(doc.size / 1024))} KB · {formatDay(doc.createdAt)}
        </Typography>
      </Stack>
      {error && <Alert severity="error">The file could not be opened ({error}).</Alert>}
      {!url && !error && <Skeleton variant="rounded" height={image ? 240 : 60} />}
      {url && image && (
        <Box
          component="img"
          src={url}
          alt={doc.filename}
          sx={{
            // its own size, never wider than the card (a small scan is not blown up)
            display: 'block',
            mx: 'auto',
            maxWidth: '100%',
            maxHeight: 520,
            objectFit: 'contain',
            bgcolor: 'grey.100',
            borderRadius: 1,
          }}
        />
      )}
      {url && pdf && (
        <>
          <Box
            component="object"
            data={url}
            type="application/pdf"
            aria-label={doc.filename}
            sx={{
              width: '100%',
              height: 480,
              display: { xs: 'none', sm: 'block' },
            }}
          />
          <Link href={url} target="_blank" rel="noopener" download={doc.filename}>
            Open the PDF
          </Link>
        </>
      )}
      {url && !image && !pdf && (
        <Link href={url} download={doc.filename}>
          Download
        </Link>
      )}
    </Paper>
  );
}

/** Report reasons as the member chose them (the listing page's Report dialog uses the same words). */
const REPORT_REASON_LABELS: Record<string, string> = {
  scam: 'Looks like a scam',
  wrong_details: 'Wrong details',
  unavailable: 'No longer available',
  duplicate: 'Duplicate',
  offensive: 'Offensive or inappropriate',
  other: 'Something else',
};
const reportReasonLabel = (reason: string | null | undefined) => REPORT_REASON_LABELS[reason ?? ''] ?? (reason ?? 'Report').replace(/_/g, ' ');

function Reports({ listingId, canAct }: { listingId: string; canAct: boolean }) {
  const dispatch = useAppDispatch();
  const { data, error, isLoading } = useListingReportsQuery(listingId);
  const [resolve, resolving] = useCloseListingReportsMutation();
  const [resolution, setResolution] = useState('');
  const reports = data?.reports ?? [];
  const open = reports.filter((r) => r.open);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await resolve({
      id: listingId,
      resolution: resolution.trim(),
    });
    if (!('error' in result)) {
      dispatch(toast.success('Reports resolved'));
      setResolution('');
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Reports{reports.length ? ` (${open.length} open)` : ''}
      </Typography>
      {isLoading && <Skeleton variant="rounded" height={60} />}
      {error && <Alert severity="warning">{errorMessage(error)}</Alert>}
      {!isLoading && !error && reports.length === 0 && <Typography color="text.secondary">Nobody reported this listing.</Typography>}
      <Stack spacing={1}>
        {reports.map((r) => (
          <Box
            key={r._id}
            sx={{
              borderLeft: 3,
              borderColor: r.open ? 'error.main' : 'divider',
              pl: 1.5,
            }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {reportReasonLabel(r.reason)} · {formatDayTime(r.createdAt)}
              {r.reporter ? ` · ${r.reporter.name ?? r.reporter.email ?? ''}` : ''}
            </Typography>
            {r.note && <Typography variant="body2">{r.note}</Typography>}
            {r.resolution && (
              <Typography variant="body2" color="text.secondary">
                Resolved: {r.resolution}
              </Typography>
            )}
          </Box>
        ))}
      </Stack>
      {canAct && open.length > 0 && (
        <Stack component="form" onSubmit={(e) => void submit(e)} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          <TextField size="small" label="Resolution" value={resolution} onChange={(e) => setResolution(e.target.value)} sx={{ flex: 1 }} required />
          <Button type="submit" variant="contained" disabled={!resolution.trim() || resolving.isLoading}>
            Resolve
          </Button>
        </Stack>
      )}
      {resolving.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(resolving.error)}
        </Alert>
      )}
    </Paper>
  );
}

/**
 * /admin/listings/{id}/review: the listing (details, photos) beside its ownership documents (images
 * inline, PDFs embedded, fetched with the bearer token) and its reports; admins mark it verified (the
 * "{product} verified" tag), remove the verification, hide or show it, and resolve the reports.
 */
export function ListingReviewPage() {
  const { id = '' } = useParams();
  const me = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const canAct = isAdmin(me);
  const { data: listing, error, isLoading } = useGetListingByIdQuery({ id });
  const docs = useListOwnershipDocumentsQuery({ id });
  const [verify, verifying] = useVerifyListingMutation();
  const [setVisibility, visibility] = useUpdateListingVisibilityMutation();

  const mark = async (verified: boolean) => {
    const result = await verify({ id, verifyListingDto: { verified } });
    if (result.data) dispatch(toast.success(verified ? 'Listing verified' : 'Verification removed'));
    else dispatch(toast.error(errorMessage(result.error)));
  };
  const show = async (visible: boolean) => {
    const result = await setVisibility({
      listingVisibilityDto: { listingId: id, visible },
    });
    if (result.data) dispatch(toast.success(visible ? 'Listing shown' : 'Listing hidden'));
    else dispatch(toast.error(errorMessage(result.error)));
  };

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <div>
        <Button component={RouterLink} to="/admin/listings" startIcon={<ArrowBackIcon />} size="small">
          Listings
        </Button>
      </div>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {isLoading && <Skeleton variant="rounded" height={300} />}
      {listing && (
        <>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
            <div>
              <Typography variant="overline" color="text.secondary">
                Review · {listing.code}
              </Typography>
              <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.5rem', sm: '2rem' } }}>
                {listing.name}
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
                <Chip size="small" label={listingStatusLabel(listing.status)} />
                <Chip
                  size="small"
                  label={listing.isVisible ? 'Shown' : 'Hidden'}
                  color={listing.isVisible ? 'success' : 'default'}
                  variant="outlined"
                />
                {listing.verified ? (
                  <Chip size="small" color="primary" icon={<VerifiedIcon />} label="Verified" data-testid="verified-chip" />
                ) : (
                  <Chip size="small" variant="outlined" label="Not verified" data-testid="verified-chip" />
                )}
              </Stack>
            </div>
            {canAct && (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }} data-testid="review-actions">
                {listing.verified ? (
                  <Button variant="outlined" color="warning" onClick={() => void mark(false)} disabled={verifying.isLoading}>
                    Remove verification
                  </Button>
                ) : (
                  <Button variant="contained" startIcon={<VerifiedIcon />} onClick={() => void mark(true)} disabled={verifying.isLoading}>
                    Mark verified
                  </Button>
                )}
                <Button variant="outlined" onClick={() => void show(!listing.isVisible)} disabled={visibility.isLoading}>
                  {listing.isVisible ? 'Hide' : 'Show'}
                </Button>
              </Stack>
            )}
          </Stack>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
              alignItems: 'start',
            }}
          >
            <Stack spacing={2} sx={{ minWidth: 0 }}>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  The listing
                </Typography>
                <Price amount={listing.price} currency={listing.currency} perMonth={listing.offer === 'rent'} size="card" testId="review-price" />
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {listingTypeLabel(listing.type)} · {offerLabel(listing.offer)}
                  {listing.floorSize ? ` · ${formatArea(listing.floorSize)} floor` : ''}
                  {listing.lotSize ? ` · ${formatArea(listing.lotSize)} lot` : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {[listing.address.street, listing.address.barangay, listing.address.city, listing.address.province].filter(Boolean).join(', ')}
                </Typography>
                <Typography variant="body2" sx={{ mt: 1 }}>
                  Owner:{' '}
                  <Link component={RouterLink} to={`/admin/users/${listing.owner._id}`}>
                    {listing.owner.firstName} {listing.owner.lastName}
                  </Link>{' '}
                  · Listed {formatDay(listing.createdAt)} ·{' '}
                  <Link component={RouterLink} to={`/listings/${listing._id}`}>
                    Public page
                  </Link>
                </Typography>
                {listing.tags.length > 0 && (
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
                    {listing.tags.map((t) => (
                      <Chip key={t} size="small" label={t} variant="outlined" />
                    ))}
                  </Stack>
                )}
                {listing.description && (
                  <Typography variant="body2" sx={{ mt: 1.5, whiteSpace: 'pre-line' }}>
                    {listing.description}
                  </Typography>
                )}
              </Paper>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  Photos ({listing.images.length})
                </Typography>
                {listing.images.length === 0 ? (
                  <Typography color="text.secondary">No photos.</Typography>
                ) : (
                  <Box
                    sx={{
                      display: 'grid',
                      gap: 1,
                      gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
                    }}
                  >
                    {listing.images.map((img) => (
                      <Box key={img._id} component="a" href={img.url} target="_blank" rel="noopener">
                        <Box
                          component="img"
                          src={img.thumbnailUrl}
                          alt=""
                          loading="lazy"
                          sx={{
                            width: '100%',
                            aspectRatio: '4 / 3',
                            objectFit: 'cover',
                            borderRadius: 1,
                          }}
                        />
                      </Box>
                    ))}
                  </Box>
                )}
              </Paper>
            </Stack>
            <Stack spacing={2} sx={{ minWidth: 0 }}>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  Ownership documents
                  {docs.data ? ` (${docs.data.documents.length})` : ''}
                </Typography>
                {docs.error && <Alert severity="warning">{errorMessage(docs.error)}</Alert>}
                {docs.data && docs.data.documents.length === 0 && <Typography color="text.secondary">The owner uploaded no documents.</Typography>}
                <Stack spacing={1.5}>
                  {docs.data?.documents.map((d) => (
                    <DocumentView key={d._id} listingId={id} doc={d} />
                  ))}
                </Stack>
              </Paper>
              <Reports listingId={id} canAct={canAct} />
            </Stack>
          </Box>
        </>
      )}
    </Stack>
  );
}
