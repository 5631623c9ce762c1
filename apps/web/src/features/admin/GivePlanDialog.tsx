import { useState, type FormEvent } from 'react';
import { PLANS, PLAN_IDS, type PlanId } from '@app/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { BillingPeriod } from '@/lib/api/billing';
import { errorMessage } from '@/lib/api/errors';
import { useCreateSubscriptionMutation } from '@/lib/api/generated';
import { BILLING_PERIOD_LABELS, formatDay } from '@/lib/billing-text';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';

/** Notes and reasons staff write (the API's rule: 3 to 300 characters). */
export const NOTE_LIMITS = { min: 3, max: 300 } as const;

export function noteError(note: string): string | null {
  const n = note.trim().length;
  return n < NOTE_LIMITS.min ? `Say why, in at least ${NOTE_LIMITS.min} characters` : null;
}

/** The end of a day (YYYY-MM-DD) in Manila, as an ISO time: the day staff pick is the member's last day. */
export function endOfManilaDay(day: string): string {
  return new Date(`${day}T23:59:59+08:00`).toISOString();
}

/** A time as the YYYY-MM-DD of its day in Manila (for a date field). */
export function manilaDay(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** The billing periods staff may set for a plan (the API's rule: Free is free, the others are not). */
export function periodsFor(plan: PlanId): BillingPeriod[] {
  return plan === 'free' ? ['free'] : ['monthly', 'annually', 'lifetime'];
}

export interface GivePlanMember {
  userId: string;
  name: string;
  email: string;
}

/**
 * "Give a plan": staff put a member on a plan now (a sale by the sales team, a goodwill month), which
 * ends the member's current one (POST /subscription/create, audited with the note).
 */
export function GivePlanDialog({ member, onClose }: { member: GivePlanMember; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [create, { isLoading, error }] = useCreateSubscriptionMutation();
  const [plan, setPlan] = useState<PlanId>('basic');
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [until, setUntil] = useState('');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const dated = period === 'monthly' || period === 'annually';
  const problem = noteError(note);

  const choosePlan = (next: PlanId) => {
    setPlan(next);
    if (!periodsFor(next).includes(period)) setPeriod(periodsFor(next)[0]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    const result = await create({
      createSubscriptionDto: {
        userId: member.userId,
        plan,
        billingPeriod: period,
        note: note.trim(),
        ...(dated && until && { expiresAt: endOfManilaDay(until) }),
      },
    });
    if (result.data) {
      const ends = result.data.expiresAt ? ` until ${formatDay(result.data.expiresAt)}` : '';
      dispatch(toast.success(`${member.name} is on the ${PLANS[plan].name} plan${ends}`, 'Their previous plan ended now.'));
      onClose();
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="give-plan-title" fullWidth maxWidth="xs">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="give-plan-title">Give a plan</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {member.name} ({member.email}) goes on this plan now; their current plan ends.
            </DialogContentText>
            {error && <Alert severity="error">{errorMessage(error)}</Alert>}
            <TextField select label="Plan" value={plan} onChange={(e) => choosePlan(e.target.value as PlanId)} required>
              {PLAN_IDS.map((id) => (
                <MenuItem key={id} value={id}>
                  {PLANS[id].name}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label="Billing period" value={period} onChange={(e) => setPeriod(e.target.value as BillingPeriod)} required>
              {periodsFor(plan).map((p) => (
                <MenuItem key={p} value={p}>
                  {BILLING_PERIOD_LABELS[p]}
                </MenuItem>
              ))}
            </TextField>
            {dated && (
              <TextField
                label="Last day"
                type="date"
                value={until}
                onChange={(e) => setUntil(e.target.value)}
                helperText="Optional: one period from today when left empty"
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
            <TextField
              label="Note"
              value={note}
              onChange={(e) => setNote(e.target.value)}
              onBlur={() => setTouched(true)}
              required
              multiline
              minRows={2}
              error={touched && !!problem}
              helperText={touched && problem ? problem : 'Why (kept in the audit log)'}
              slotProps={{ htmlInput: { maxLength: NOTE_LIMITS.max } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            Give plan
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
