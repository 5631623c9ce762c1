import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorMessage } from '@/lib/api/errors';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { useTeamAddCreditsMutation } from '@/features/team/team-api';

/** Admins add credits to a team's pool (POST /enterprise/add-credits), with the reason for the ledger. */
export function AddCreditsDialog({ enterpriseId, teamName, onClose }: { enterpriseId: string; teamName: string; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [add, { isLoading, error }] = useTeamAddCreditsMutation();
  const n = Number(amount.replace(/,/g, ''));
  const amountError = !/^\d+$/.test(amount.replace(/,/g, '').trim()) || n < 1 || n > 1_000_000 ? 'A whole number of credits from 1 to 1,000,000' : null;
  const reasonError = reason.trim().length < 3 ? 'Say why (at least 3 characters): it is kept in the ledger' : null;
  const submit = async () => {
    setTried(true);
    if (amountError || reasonError) return;
    try {
      await add({ addPoolCreditsDto: { enterpriseId, amount: n, reason: reason.trim() } }).unwrap();
      dispatch(toast.success('Credits added', `${n.toLocaleString('en-PH')} credits to ${teamName}`));
      onClose();
    } catch {
      // shown below
    }
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="add-credits-title" fullWidth maxWidth="xs">
      <DialogTitle id="add-credits-title">Add credits to {teamName}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>The team&apos;s members spend them within their monthly caps.</DialogContentText>
          <TextField
            label="Credits"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={tried && !!amountError}
            helperText={tried ? amountError : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={tried && !!reasonError}
            helperText={tried ? reasonError : 'e.g. Enterprise onboarding grant'}
          />
          {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={isLoading}>
          Add credits
        </Button>
      </DialogActions>
    </Dialog>
  );
}
