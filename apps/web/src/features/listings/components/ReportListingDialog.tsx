import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useReportListingMutation, type ReportListingDto } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';

type Reason = ReportListingDto['reason'];

/**
 * The reasons a member may give, in the words the dialog shows (the API's `reason` values). The admin
 * review page names them alike (its own short map: sharing a module between the two lazy pages would
 * add a chunk to every page's preload list).
 */
export const REPORT_REASONS: Array<{ value: Reason; label: string; hint: string }> = [
  { value: 'scam', label: 'Looks like a scam', hint: 'Asks for a reservation fee before a viewing, a price far below the area, a fake agent' },
  { value: 'wrong_details', label: 'Wrong details', hint: 'Price, size, address or photos do not match the property' },
  { value: 'unavailable', label: 'No longer available', hint: 'Already sold or rented' },
  { value: 'duplicate', label: 'Duplicate', hint: 'The same property listed more than once' },
  { value: 'offensive', label: 'Offensive or inappropriate', hint: 'Words or pictures that do not belong here' },
  { value: 'other', label: 'Something else', hint: 'Tell us in the note' },
];

const NOTE_MAX = 1000;

/**
 * The Report dialog (loaded when a member first opens it, so the listing page carries none of it): the
 * member tells our team what is wrong with a listing (POST /listing/report/{id}); admins review reports
 * in the console. The server's refusal (already reported, too many reports today) is shown as written.
 */
export default function ReportListingDialog({ listing, onClose }: { listing: { _id: string; name: string }; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [reason, setReason] = useState<Reason | ''>('');
  const [note, setNote] = useState('');
  const [report, { isLoading, error, reset }] = useReportListingMutation();

  const close = () => {
    reset();
    onClose();
  };

  const submit = async () => {
    if (!reason) return;
    try {
      await report({ id: listing._id, reportListingDto: { reason, ...(note.trim() && { note: note.trim() }) } }).unwrap();
      close();
      dispatch(toast.success('Thank you for the report', 'Our team will review this listing.'));
    } catch {
      // shown in the dialog
    }
  };

  return (
    <>
      <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="report-listing-title">
        <DialogTitle id="report-listing-title">Report this listing</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            What is wrong with “{listing.name}”? Our team reviews every report; the owner does not see who sent it.
          </Typography>
          <RadioGroup aria-label="Reason" value={reason} onChange={(e) => setReason(e.target.value as Reason)}>
            {REPORT_REASONS.map((r) => (
              <FormControlLabel
                key={r.value}
                value={r.value}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.25 } }}
                label={
                  <span>
                    <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                      {r.label}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary">
                      {r.hint}
                    </Typography>
                  </span>
                }
              />
            ))}
          </RadioGroup>
          <TextField
            label="Note (optional)"
            value={note}
            onChange={(e) => setNote(e.target.value.slice(0, NOTE_MAX))}
            multiline
            minRows={3}
            fullWidth
            helperText={`${note.length} / ${NOTE_MAX}`}
            sx={{ mt: 1 }}
          />
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(error, 'The report could not be sent; try again.')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button variant="contained" onClick={submit} disabled={!reason || isLoading}>
            Send report
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
