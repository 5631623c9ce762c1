import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorMessage } from '@/lib/api/errors';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { useTeamRemoveMemberMutation } from '../team-api';
import type { ManagedRow } from './MembersDashboard';
import { personName } from '../team-text';

/**
 * Remove a member. With team listings, the admin chooses who takes them over (their open message
 * threads about those listings move with them) or archives them; nothing is sent before a choice.
 */
export function RemoveMemberDialog({ row, others, onClose }: { row: ManagedRow; others: ManagedRow[]; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const name = personName(row);
  const hasListings = row.listings > 0;
  const [choice, setChoice] = useState<'reassign' | 'archive' | ''>('');
  const [to, setTo] = useState('');
  const [tried, setTried] = useState(false);
  const [remove, { isLoading, error }] = useTeamRemoveMemberMutation();
  const takers = others.filter((o) => o.status === 'active');
  const missing =
    hasListings && (choice === '' ? 'Choose what happens to their listings' : choice === 'reassign' && !to ? 'Choose the member who takes them over' : null);

  const submit = async () => {
    setTried(true);
    if (missing) return;
    try {
      await remove({
        id: row.userId,
        ...(hasListings && choice === 'reassign' ? { reassignTo: to } : {}),
        ...(hasListings && choice === 'archive' ? { archive: true } : {}),
      }).unwrap();
      dispatch(toast.success(`${name} was removed from the team`));
      onClose();
    } catch {
      // shown below
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="remove-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="remove-dialog-title">Remove {name}?</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {name} loses access to the team and its credit pool at once. Their own account stays; they can be invited again later.
          </DialogContentText>
          {hasListings && (
            <>
              <DialogContentText>
                They have {row.listings === 1 ? 'one team listing' : `${row.listings} team listings`}. Their open message threads about these listings move with
                them; creation dates and history are kept.
              </DialogContentText>
              <RadioGroup aria-label="What happens to their listings" value={choice} onChange={(e) => setChoice(e.target.value as 'reassign' | 'archive')}>
                <FormControlLabel value="reassign" control={<Radio />} label="Hand them over to another member" disabled={takers.length === 0} />
                {choice === 'reassign' && (
                  <TextField
                    select
                    size="small"
                    label="Takes over the listings"
                    value={to}
                    onChange={(e) => setTo(e.target.value)}
                    sx={{ ml: 4, mb: 1, maxWidth: 360 }}
                    error={tried && !to}
                  >
                    {takers.map((t) => (
                      <MenuItem key={t.userId} value={t.userId}>
                        {personName(t)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
                <FormControlLabel value="archive" control={<Radio />} label="Archive them (hidden from search, kept in the team's records)" />
              </RadioGroup>
            </>
          )}
          {tried && missing && (
            <Alert severity="warning" role="alert">
              {missing}
            </Alert>
          )}
          {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={submit} disabled={isLoading}>
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}
