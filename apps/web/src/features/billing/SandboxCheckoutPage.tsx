import { useState } from 'react';
import { useParams } from 'react-router';
import { PAYMENT_METHOD_LABELS, formatCentavos } from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import type { SandboxCheckout } from '@/lib/api/billing';
import { errorMessage, errorStatus } from '@/lib/api/errors';
import { useDecideSandboxCheckoutMutation, useGetSandboxCheckoutQuery, type SandboxDecisionDto } from '@/lib/api/generated';
import { formatDayTime } from '@/lib/billing-text';
import { APP_NAME } from '@/lib/config';
import { browserNavigation } from '@/lib/navigation';
import { FactList } from './FactList';

/** Approve, decline or let expire an open checkout; `refund` a paid one (a refund or chargeback arriving later). */
type Decision = SandboxDecisionDto['decision'];
type CheckoutStatus = SandboxCheckout['status'];

const STATUS_TEXT: Record<CheckoutStatus, string> = {
  awaiting_action: 'This test checkout is waiting for a decision.',
  paid: 'This test payment was approved.',
  failed: 'This test payment was declined.',
  expired: 'This test checkout has expired.',
  refunded: 'This test payment was approved, then refunded.',
};

/** The banner no one can miss: this page is the sandbox, not a real payment provider. */
function SandboxBanner() {
  return (
    <Box
      role="note"
      aria-label="Sandbox"
      sx={{ bgcolor: 'warning.main', color: 'warning.contrastText', py: { xs: 2, sm: 3 }, px: 2, textAlign: 'center' }}
      data-testid="sandbox-banner"
    >
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center', alignItems: 'center' }}>
        <ScienceOutlinedIcon sx={{ fontSize: { xs: 32, sm: 40 } }} />
        <Typography component="p" sx={{ fontWeight: 800, fontSize: { xs: '1.4rem', sm: '2rem' }, letterSpacing: 0.5 }}>
          SANDBOX — no real money
        </Typography>
      </Stack>
      <Typography sx={{ mt: 0.5 }}>
        {APP_NAME}'s test payment page. It stands in for GCash, Maya and card checkouts: nothing is charged, you decide what happens.
      </Typography>
    </Box>
  );
}

function Details({ checkout }: { checkout: SandboxCheckout }) {
  const rows: Array<[string, string]> = [
    ['For', checkout.description],
    ['Method', PAYMENT_METHOD_LABELS[checkout.method]],
    ['Reference', checkout.reference],
    ['Payer', checkout.payerEmail],
    ['Open until', formatDayTime(checkout.expiresAt)],
  ];
  return <FactList rows={rows} />;
}

function Checkout({ checkout }: { checkout: SandboxCheckout }) {
  const [decide, { error }] = useDecideSandboxCheckoutMutation();
  const [sent, setSent] = useState<Decision | null>(null);
  const send = async (decision: Decision) => {
    setSent(decision);
    const result = await decide({ checkoutId: checkout.checkoutId, sandboxDecisionDto: { decision } });
    if (result.data) browserNavigation.assign(result.data.redirectUrl);
    else setSent(null);
  };
  const status = checkout.status;
  const open = status === 'awaiting_action';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
      <Stack spacing={2.5}>
        <div>
          <Typography color="text.secondary">Pay {APP_NAME}</Typography>
          <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '2.25rem', sm: '3rem' } }} data-testid="sandbox-amount">
            {formatCentavos(checkout.amountCentavos)}
          </Typography>
        </div>
        <Details checkout={checkout} />
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        {open ? (
          <>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Button variant="contained" color="success" size="large" onClick={() => void send('approve')} disabled={sent !== null}>
                Approve payment
              </Button>
              <Button variant="outlined" color="error" size="large" onClick={() => void send('decline')} disabled={sent !== null}>
                Decline
              </Button>
              <Button color="inherit" size="large" onClick={() => void send('expire')} disabled={sent !== null}>
                Let it expire
              </Button>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              Approve acts as a successful payment, Decline as a refused one and Let it expire as a checkout left until it closes. The
              decision reaches {APP_NAME} as a signed webhook, as a real provider's would.{' '}
              <Box component="a" href={checkout.cancelUrl} sx={{ color: 'primary.main' }}>
                Back to {APP_NAME} without deciding
              </Box>
            </Typography>
          </>
        ) : (
          <>
            <Alert
              severity={status === 'paid' ? 'success' : 'info'}
              data-testid="sandbox-decided"
              action={
                <Button component="a" href={checkout.cancelUrl} color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
                  Back to {APP_NAME}
                </Button>
              }
            >
              {STATUS_TEXT[status]}
            </Alert>
            {status === 'paid' && (
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Button variant="outlined" color="warning" onClick={() => void send('refund')} disabled={sent !== null}>
                  Refund this payment
                </Button>
                <Typography variant="body2" color="text.secondary">
                  Acts as a refund or chargeback arriving later: {APP_NAME} takes back what the payment bought.
                </Typography>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /sandbox-checkout/:checkoutId: the payment sandbox's checkout page (what a provider's hosted page is for
 * a real payment), public like one. Approve, Decline or Let it expire send the decision (POST
 * /payment/sandbox/{id}/decide) and go where the answer says (the result page); a decided checkout shows
 * what was decided.
 */
export function SandboxCheckoutPage() {
  const { checkoutId = '' } = useParams();
  const { data, error, isLoading } = useGetSandboxCheckoutQuery({ checkoutId });
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.100' }}>
      <SandboxBanner />
      <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 4 } }}>
        {error ? (
          <Alert severity="error">{errorStatus(error) === 404 ? errorMessage(error, 'No such sandbox checkout.') : errorMessage(error)}</Alert>
        ) : isLoading || !data ? (
          <Stack sx={{ alignItems: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading the checkout" />
          </Stack>
        ) : (
          <Checkout checkout={data} />
        )}
      </Container>
    </Box>
  );
}
