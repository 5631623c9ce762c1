import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PAYMENT_METHOD_LABELS, PLANS, formatCentavos } from '@app/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import type { Payment } from '@/lib/api/billing';
import { errorMessage, errorStatus } from '@/lib/api/errors';
import { useCancelPaymentMutation, useGetCurrentSubscriptionQuery } from '@/lib/api/generated';
import { PAYMENT_STATUS_LABELS, formatCredits, formatDay, formatDayTime, isOpenPayment } from '@/lib/billing-text';
import { selectCurrentUser, useAppSelector } from '@/lib/state/hooks';
import { checkoutPath, targetOfPayment } from './checkout-target';
import { FactList } from './FactList';
import { ReceiptButton } from './ReceiptButton';
import { useAccountRefresh } from './use-account-refresh';
import { usePaymentStatus } from './use-payment-status';

function Facts({ payment }: { payment: Payment }) {
  const rows: Array<[string, string]> = [
    ['For', payment.description],
    ['Amount', formatCentavos(payment.amountCentavos)],
    ['Method', `${PAYMENT_METHOD_LABELS[payment.method]}${payment.sandbox ? ' (test mode)' : ''}`],
    ['Reference', payment.reference],
  ];
  if (payment.receiptNumber) rows.push(['Receipt number', payment.receiptNumber]);
  if (payment.paidAt) rows.push(['Paid', formatDayTime(payment.paidAt)]);
  return <FactList rows={rows} />;
}

/** What a paid payment did: the plan now (or from when), or the credits added. */
function PaidOutcome({ payment }: { payment: Payment }) {
  const user = useAppSelector(selectCurrentUser);
  const { data: current } = useGetCurrentSubscriptionQuery(undefined, { skip: payment.purpose !== 'subscription' });
  const credits = user?.credits?.remaining;
  if (payment.purpose === 'credit_pack') {
    return (
      <Typography data-testid="paid-outcome">
        {formatCredits(payment.credits)} AI credits were added to your balance
        {credits !== undefined ? `: you have ${formatCredits(credits)} AI credits now.` : '.'}
      </Typography>
    );
  }
  const plan = payment.plan && payment.plan in PLANS ? PLANS[payment.plan] : null;
  if (!plan) return null;
  const active = current?.subscription?.paymentId === payment._id ? current.subscription : null;
  const scheduled = current?.scheduled.find((s) => s.paymentId === payment._id);
  return (
    <Typography data-testid="paid-outcome">
      {active
        ? `You are on the ${plan.name} plan until ${formatDay(active.expiresAt)}.`
        : scheduled
          ? `Your ${plan.name} plan period starts on ${formatDay(scheduled.startedAt)}, when the one you have now ends.`
          : `Your ${plan.name} plan is paid for.`}
      {active && plan.monthlyCredits > 0 && credits !== undefined && ` This month's ${formatCredits(plan.monthlyCredits)} AI credits are in: you have ${formatCredits(credits)} now.`}
    </Typography>
  );
}

function ClosedActions({ payment }: { payment: Payment }) {
  const target = targetOfPayment(payment);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      {target && (
        <Button component={RouterLink} to={checkoutPath(target)} variant="contained">
          Try again
        </Button>
      )}
      <Button component={RouterLink} to={payment.purpose === 'credit_pack' ? '/credits' : '/plans'} variant="outlined">
        {payment.purpose === 'credit_pack' ? 'Back to AI credits' : 'Back to plans'}
      </Button>
      <Button component={RouterLink} to="/billing">
        Billing
      </Button>
    </Stack>
  );
}

const CLOSED_TITLES: Partial<Record<Payment['status'], string>> = {
  failed: 'The payment failed',
  expired: 'The payment expired',
  cancelled: 'The payment was cancelled',
  refunded: 'The payment was refunded',
};

function PaymentResult({ id, leftCheckout }: { id: string; leftCheckout: boolean }) {
  const { data: payment, error, refetch } = usePaymentStatus(id);
  const [cancel, { isLoading: cancelling, error: cancelError }] = useCancelPaymentMutation();
  const refresh = useAccountRefresh();
  const refreshedFor = useRef<string | null>(null);

  // once paid: the plan, credits and the session's user are asked again (the header's credits follow)
  useEffect(() => {
    if (payment?.status === 'paid' && refreshedFor.current !== payment._id) {
      refreshedFor.current = payment._id;
      void refresh();
    }
  }, [payment?.status, payment?._id, refresh]);

  if (error) {
    return (
      <Alert
        severity="error"
        action={
          errorStatus(error) === 404 ? undefined : (
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          )
        }
      >
        {errorStatus(error) === 404 ? 'We found no payment of yours with this link.' : errorMessage(error)}
      </Alert>
    );
  }
  if (!payment) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Checking your payment" />
        <Typography color="text.secondary">Checking your payment…</Typography>
      </Stack>
    );
  }

  if (isOpenPayment(payment.status)) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <HourglassEmptyIcon color="warning" fontSize="large" />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {leftCheckout ? 'You left the checkout' : 'Waiting for the payment'}
            </Typography>
          </Stack>
          <Typography role="status" color="text.secondary">
            {leftCheckout
              ? 'Nothing is paid yet. Go back to finish paying, or cancel this payment.'
              : `${PAYMENT_METHOD_LABELS[payment.method]} has not confirmed the payment yet. This page updates by itself.`}
          </Typography>
          <Facts payment={payment} />
          {cancelError && <Alert severity="error">{errorMessage(cancelError)}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {payment.checkoutUrl && (
              <Button component="a" href={payment.checkoutUrl} variant="contained">
                Return to the checkout
              </Button>
            )}
            {leftCheckout && (
              <Button color="error" variant="outlined" onClick={() => void cancel({ id: payment._id })} disabled={cancelling}>
                Cancel payment
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>
    );
  }

  if (payment.status === 'paid') {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <CheckCircleOutlineIcon color="success" fontSize="large" />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} data-testid="payment-result" data-status="paid">
              Payment received
            </Typography>
          </Stack>
          <PaidOutcome payment={payment} />
          <Facts payment={payment} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <ReceiptButton paymentId={payment._id} reference={payment.reference} variant="contained" />
            <Button component={RouterLink} to="/billing" variant="outlined">
              Go to billing
            </Button>
            <Button component={RouterLink} to="/credits">
              AI credits
            </Button>
          </Stack>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <ErrorOutlineIcon color={payment.status === 'refunded' ? 'info' : 'error'} fontSize="large" />
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} data-testid="payment-result" data-status={payment.status}>
            {CLOSED_TITLES[payment.status] ?? PAYMENT_STATUS_LABELS[payment.status]}
          </Typography>
        </Stack>
        <Typography>
          {payment.failureReason ? `${payment.failureReason}. ` : ''}
          {payment.status === 'refunded' ? 'The amount went back to you.' : 'Nothing was charged, and your plan and credits are as they were.'}
        </Typography>
        <Facts payment={payment} />
        {payment.status !== 'refunded' && <ClosedActions payment={payment} />}
      </Stack>
    </Paper>
  );
}

/**
 * /billing/result?payment={id} (where a provider sends the member back; `&cancelled=1` when they gave
 * up): the payment's status, asked again every 2 s while open; paid shows what it bought, the receipt
 * and refreshes the member's plan and credits; failed, expired or cancelled say so and offer Try again;
 * a checkout left unpaid can be cancelled.
 */
export function PaymentResultPage() {
  const [params] = useSearchParams();
  const id = params.get('payment');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 5 } }}>
      {id ? (
        <PaymentResult key={id} id={id} leftCheckout={params.get('cancelled') === '1'} />
      ) : (
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to="/billing" color="inherit" size="small">
              Billing
            </Button>
          }
        >
          This link names no payment.
        </Alert>
      )}
    </Container>
  );
}
