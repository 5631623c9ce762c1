import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import type { SavedSearchAlert } from '@app/domain';
import { AlertFrequencyToggle } from '@/components/ui/AlertFrequencyToggle';
import { useSaveUserItemMutation } from '@/lib/api/generated';
import { savedItemArgs } from '@/lib/api/listings';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { listingErrorMessage } from '../errors';

export interface SaveSearchButtonProps {
  /** The search's query string (without a leading "?"), stored as `data.query`. */
  query: string;
  suggestedName: string;
}

/** What each alert choice means, under the choice in the dialog. */
export const ALERT_HELP: Record<SavedSearchAlert, string> = {
  off: 'No alerts: open the search from Saved when you like.',
  instant: 'We tell you within about a minute when new listings match.',
  daily: 'One digest a day of the new listings that match.',
};

/**
 * "Save this search": a saved item of type search holding the search URL's query string, with its
 * alerts (daily unless the member chooses otherwise).
 */
export function SaveSearchButton({ query, suggestedName }: SaveSearchButtonProps) {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [alert, setAlert] = useState<SavedSearchAlert>('daily');
  const [problem, setProblem] = useState<string | null>(null);
  const [saveItem, { isLoading }] = useSaveUserItemMutation();

  if (!user) {
    return (
      <Button component={RouterLink} to="/login" startIcon={<BookmarkAddOutlinedIcon />} variant="outlined">
        Log in to save this search
      </Button>
    );
  }

  const start = () => {
    setName(suggestedName);
    setAlert('daily');
    setProblem(null);
    setOpen(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setProblem('Give the search a name');
      return;
    }
    try {
      await saveItem(savedItemArgs.save('search', { userId: user._id, name: name.trim(), data: { query }, alert })).unwrap();
      setOpen(false);
      dispatch(
        toast.success('Search saved', alert === 'off' ? 'Find it under Saved, Searches.' : 'Find it under Saved, Searches, where you can change its alerts.'),
      );
    } catch (error) {
      setProblem(listingErrorMessage(error));
    }
  };

  return (
    <>
      <Button onClick={start} startIcon={<BookmarkAddOutlinedIcon />} variant="outlined">
        Save this search
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <form onSubmit={submit} noValidate>
          <DialogTitle>Save this search</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label="Search name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={problem === 'Give the search a name'}
              helperText={problem === 'Give the search a name' ? problem : undefined}
            />
            <Typography variant="body2" sx={{ mt: 2, mb: 0.5 }}>
              Alert me of new listings
            </Typography>
            <AlertFrequencyToggle value={alert} onChange={setAlert} label="Alert me of new listings" />
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
              {ALERT_HELP[alert]}
            </Typography>
            {problem && problem !== 'Give the search a name' && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {problem}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={isLoading}>
              Save
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
