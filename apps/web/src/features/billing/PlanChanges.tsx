import { useId } from 'react';
import { PLANS } from '@app/domain';
import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Subscription } from '@/lib/api/billing';
import { errorMessage } from '@/lib/api/errors';
import { useCancelSubscriptionMutation, useUpgradeSubscriptionMutation } from '@/lib/api/generated';
import { formatDay } from '@/lib/billing-text';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';

/**
 * "Switch to Free", asked in place (on a phone a dialog would cover the plan it is about): the paid plan
 * runs to the end of its period, then the member is on Free (POST /subscription/upgrade with plan free;
 * nothing is refunded).
 */
export function EndPlanConfirm({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [upgrade, { isLoading, error }] = useUpgradeSubscriptionMutation();
  const titleId = useId();
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
    <Alert
      severity="warning"
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={titleId}
      sx={{ width: '100%', '& .MuiAlert-message': { width: '100%' } }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !isLoading) onClose();
      }}
    >
      <Typography id={titleId} component="p" sx={{ fontWeight: 700 }}>
        Switch to the Free plan?
      </Typography>
      <Typography variant="body2" sx={{ my: 1 }}>
        Your {name} plan ends on {ends}. You keep its features and credits until then; after that you are on the Free plan. Nothing is
        refunded, and you can keep your plan any time before that day.
      </Typography>
      {error && (
        <Typography variant="body2" color="error" sx={{ mb: 1 }} role="alert">
          {errorMessage(error)}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button color="error" variant="contained" size="small" onClick={() => void confirm()} disabled={isLoading} autoFocus>
          Switch to Free
        </Button>
        <Button color="inherit" size="small" onClick={onClose} disabled={isLoading}>
          Keep {name}
        </Button>
      </Stack>
    </Alert>
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
