import { useState } from 'react';
import { ARIA_COMPARE_MAX, ARIA_COMPARE_MIN } from '@app/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useGetUserSavedItemsQuery } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { savedItemArgs } from '@/lib/api/listings';
import { selectCurrentUser, useAppSelector } from '@/lib/state/hooks';
import { useStartCompareMutation } from './aria-api';
import { QuoteLine } from './QuoteLine';
import { useStartRun } from './use-start-run';

export interface CompareListing {
  id: string;
  name: string;
}

/** The member's saved listings to compare `with` against (checkboxes, up to the maximum). */
function SavedPicker({ exclude, chosen, onChange }: { exclude: string; chosen: CompareListing[]; onChange: (next: CompareListing[]) => void }) {
  const user = useAppSelector(selectCurrentUser);
  const { data, isLoading, error } = useGetUserSavedItemsQuery(savedItemArgs.list(user?._id ?? '', 'listing'), { skip: !user });
  if (isLoading) return <Skeleton variant="rounded" height={80} />;
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  const saved = (data?.items ?? [])
    .filter((i) => i.type === 'listing' && i.listing && !('unavailable' in i.listing))
    .map((i) => i.listing as { _id: string; name: string })
    .filter((l) => l._id !== exclude);
  if (saved.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        Save the listings you want to weigh against this one (the heart on a listing), then compare them here.
      </Typography>
    );
  }
  const isChosen = (id: string) => chosen.some((c) => c.id === id);
  const full = chosen.length >= ARIA_COMPARE_MAX - 1;
  return (
    <FormGroup aria-label="Saved listings to compare with">
      {saved.map((l) => (
        <FormControlLabel
          key={l._id}
          label={l.name}
          control={
            <Checkbox
              checked={isChosen(l._id)}
              disabled={!isChosen(l._id) && full}
              onChange={(e) => onChange(e.target.checked ? [...chosen, { id: l._id, name: l.name }] : chosen.filter((c) => c.id !== l._id))}
            />
          }
        />
      ))}
    </FormGroup>
  );
}

export interface CompareDialogProps {
  open: boolean;
  onClose: () => void;
  /** The listings to compare (from the saved page); or, with `pickFromSaved`, the one listing the others are chosen for. */
  listings: CompareListing[];
  pickFromSaved?: boolean;
}

/**
 * "Compare with ARIA": 2 to 5 listings side by side with a recommendation (a run, 5 AI credits on Basic
 * and above). Shows what it costs first; on the listing page the others are picked from the saved listings.
 */
export function CompareDialog({ open, onClose, listings, pickFromSaved = false }: CompareDialogProps) {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const [picked, setPicked] = useState<CompareListing[]>([]);
  const { quote, allowed, start, close, starting, errorView } = useStartRun('compare', useStartCompareMutation, onClose);
  const all = pickFromSaved ? [...listings, ...picked] : listings;
  const countOk = all.length >= ARIA_COMPARE_MIN && all.length <= ARIA_COMPARE_MAX;

  return (
    <Dialog open={open} onClose={starting ? undefined : close} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="compare-title">
      <DialogTitle id="compare-title">Compare with ARIA</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            Price, price per m² against the barangay, size, features, what is nearby, estimated yield and risk notes, side by side, with
            ARIA&apos;s recommendation.
          </Typography>
          <Stack component="ol" spacing={0.5} sx={{ m: 0, pl: 2.5 }} aria-label="Listings to compare">
            {all.map((l) => (
              <Typography component="li" key={l.id} variant="body2" sx={{ fontWeight: 600 }}>
                {l.name}
              </Typography>
            ))}
          </Stack>
          {pickFromSaved && <SavedPicker exclude={listings[0]?.id ?? ''} chosen={picked} onChange={setPicked} />}
          {!countOk && (
            <Typography variant="body2" color="text.secondary">
              Choose {ARIA_COMPARE_MIN} to {ARIA_COMPARE_MAX} listings.
            </Typography>
          )}
          <QuoteLine kind="compare" />
          {errorView}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={starting}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void start({ compareRunDto: { listingIds: all.map((l) => l.id) } })} disabled={starting || !countOk || !allowed}>
          {quote ? `Compare for ${quote.credits} credits` : 'Compare'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
