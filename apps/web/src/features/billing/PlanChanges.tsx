import { PLANS } from '@app/domain';
import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Subscription } from '@/lib/api/billing';
import { errorMessage } from '@/lib/api/errors';
import { useCancelSubscriptionMutation, useUpgradeSubscriptionMutation } from '@/lib/api/generated';
import { formatDay } from '@/lib/billing-text';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';

/**
 * "Switch to Free": the paid plan runs to the end of its period, then the member is on Free (POST
 * /subscription/upgrade with plan free; nothing is refunded).
 */
export function EndPlanDialog({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [upgrade, { isLoading, error }] = useUpgradeSubscriptionMutation();
  const name = PLANS[subscription.plan].name;
  const ends = formatDay(subscription.expiresAt);
  const confirm = async () => {
    const result = await upgrade({ upgradeDto: { plan: 'free' } });
    if ('data' in result) {
      dispatch(toast.success(`Your ${name} plan ends on ${ends}`, 'You keep its features until then; after that you are on the Free plan.'));
      onClose();
    }
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="end-plan-title" fullWidth maxWidth="xs">
      <DialogTitle id="end-plan-title">Switch to the Free plan?</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(error)}
          </Alert>
        )}
        <DialogContentText>
          Your {name} plan ends on {ends}. You keep its features and credits until then; after that you are on the Free plan.
          Nothing is refunded, and you can keep your plan any time before that day.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Keep {name}
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={isLoading}>
          Switch to Free
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** "Keep my plan": undoes a scheduled end (POST /subscription/cancel with cancel false). */
export function KeepPlanButton({ subscription, ...props }: { subscription: Subscription } & Omit<ButtonProps, 'onClick'>) {
  const dispatch = useAppDispatch();
  const [cancel, { isLoading }] = useCancelSubscriptionMutation();
  const keep = async () => {
    const result = await cancel({ cancelSubscriptionDto: { cancel: false } });
    if ('data' in result) dispatch(toast.success(`You keep the ${PLANS[subscription.plan].name} plan`, 'It will not end at the end of this period.'));
    else dispatch(toast.error('Could not keep your plan', errorMessage(result.error)));
  };
  return (
    <Button {...props} onClick={() => void keep()} disabled={isLoading || props.disabled}>
      Keep my plan
    </Button>
  );
}
