import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

export interface Decision {
  reasonCodes: string[];
  note: string;
}

export interface DecisionDialogProps {
  title: string;
  /** What the decision does, in a sentence. */
  message: string;
  confirmLabel: string;
  color?: 'primary' | 'error' | 'warning' | 'success';
  /** Reason codes to choose from ([code, label, hint]); none: no reasons asked. At least one is required. */
  reasons?: ReadonlyArray<readonly [string, string, string?]>;
  /** Whether a note is required (always, or once the "other" reason is chosen). */
  noteRequired?: (codes: string[]) => boolean;
  busy?: boolean;
  /** The server's refusal, shown as written. */
  error?: string | null;
  onConfirm: (decision: Decision) => void;
  onClose: () => void;
}

/**
 * A reviewer's decision (approve, reject, ask for a resubmission, revoke): a confirmation, with the
 * reason codes (checkboxes) and a note when the decision needs them.
 */
export function DecisionDialog({ title, message, confirmLabel, color = 'primary', reasons, noteRequired, busy, error, onConfirm, onClose }: DecisionDialogProps) {
  const [codes, setCodes] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const needReasons = !!reasons && reasons.length > 0;
  const needNote = noteRequired?.(codes) ?? false;
  const reasonsMissing = needReasons && codes.length === 0;
  const noteMissing = needNote && !note.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (reasonsMissing || noteMissing) return;
    onConfirm({ reasonCodes: codes, note: note.trim() });
  };
  const toggle = (code: string, on: boolean) => setCodes((c) => (on ? [...c, code] : c.filter((x) => x !== code)));
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="decision-dialog-title" fullWidth maxWidth="sm" scroll="paper">
      <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
        <DialogTitle id="decision-dialog-title">{title}</DialogTitle>
        <DialogContent dividers>
          <DialogContentText sx={{ mb: 2 }}>{message}</DialogContentText>
          {needReasons && (
            <FormControl component="fieldset" error={tried && reasonsMissing} sx={{ mb: 2, width: '100%' }}>
              <FormLabel component="legend">Reasons (the member sees them with what to fix)</FormLabel>
              <FormGroup>
                {reasons.map(([code, label, hint]) => (
                  <FormControlLabel
                    key={code}
                    sx={{ alignItems: 'flex-start', mt: 0.5 }}
                    control={<Checkbox size="small" checked={codes.includes(code)} onChange={(e) => toggle(code, e.target.checked)} sx={{ pt: 0.25 }} />}
                    label={
                      <>
                        <Typography variant="body2">{label}</Typography>
                        {hint && (
                          <Typography variant="caption" color="text.secondary">
                            {hint}
                          </Typography>
                        )}
                      </>
                    }
                  />
                ))}
              </FormGroup>
              {tried && reasonsMissing && <FormHelperText>Choose at least one reason.</FormHelperText>}
            </FormControl>
          )}
          <TextField
            label={needNote ? 'Note (required)' : 'Note (optional)'}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            fullWidth
            error={tried && noteMissing}
            helperText={tried && noteMissing ? 'Write a note: the member reads it to know what to fix.' : 'The member reads this note.'}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={color} disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
