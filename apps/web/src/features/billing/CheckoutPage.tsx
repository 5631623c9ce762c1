import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PAYMENT_METHOD_LABELS, PLANS, addBillingPeriod, formatCentavos, type PaymentMethod } from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import type { CurrentSubscription, Payment, PaymentMethodOption } from '@/lib/api/billing';
import { errorMessage } from '@/lib/api/errors';
import {
  useCancelPaymentMutation,
  useGetCurrentSubscriptionQuery,
  useGetPaymentMethodsQuery,
  usePayByCardMutation,
  usePayByGcashMutation,
  usePayByMayaQrMutation,
  usePayByMayaWalletMutation,
} from '@/lib/api/generated';
import { formatCredits, formatDay, formatDayTime, isOpenPayment } from '@/lib/billing-text';
import { browserNavigation } from '@/lib/navigation';
import {
  newIdempotencyKey,
  paymentBody,
  quotePlan,
  readCheckoutTarget,
  targetName,
  targetPrice,
  type CheckoutTarget,
} from './checkout-target';
import { usePaymentStatus } from './use-payment-status';

const METHOD_HINTS: Record<PaymentMethod, string> = {
  maya_qr: 'Scan a QR code with the Maya app',
  maya_wallet: 'Pay in the Maya app or website',
  gcash: 'Pay in the GCash app or website',
  card: 'Visa or Mastercard, credit or debit',
};

function resultPath(paymentId: string): string {
  return `/billing/result?payment=${encodeURIComponent(paymentId)}`;
}

function SummaryRow({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography sx={{ fontWeight: strong ? 700 : undefined }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : undefined, whiteSpace: 'nowrap' }} data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  );
}

interface Summary {
  price: number;
  proration: number;
  amount: number;
  when: string;
}

function summaryOf(target: CheckoutTarget, current: CurrentSubscription | undefined, now: Date, payment: Payment | null): Summary {
  if (target.kind === 'pack') {
    const price = targetPrice(target);
    return { price, proration: 0, amount: payment?.amountCentavos ?? price, when: 'Added to your balance as soon as the payment goes through. Bought credits never expire.' };
  }
  const quote = quotePlan(target.plan, target.period, current, now);
  const plan = PLANS[target.plan];
  const credits = plan.monthlyCredits > 0 ? ` It adds ${formatCredits(plan.monthlyCredits)} AI credits each month.` : '';
  const when = quote.startsAt
    ? `Starts on ${formatDay(quote.startsAt)}, when the period you have paid for ends.${credits}`
    : `Starts as soon as it is paid and runs to ${formatDay(addBillingPeriod(now, target.period).toISOString())}.${credits}`;
  // once the payment exists its own amounts are the ones charged
  const proration = payment ? payment.prorationCentavos : quote.prorationCentavos;
  return { price: quote.priceCentavos, proration, amount: payment?.amountCentavos ?? quote.amountCentavos, when };
}

function OrderSummary({ target, current, summary }: { target: CheckoutTarget; current: CurrentSubscription | undefined; summary: Summary }) {
  const sub = current?.subscription;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="summary-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="summary-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        Order summary
      </Typography>
      <Stack spacing={1}>
        <SummaryRow label={targetName(target)} value={formatCentavos(summary.price)} testId="summary-price" />
        {summary.proration > 0 && (
          <SummaryRow
            label={`Credit for the unused part of your ${sub ? PLANS[sub.plan].name : 'current'} plan`}
            value={formatCentavos(-summary.proration)}
            testId="summary-proration"
          />
        )}
        <Divider />
        <SummaryRow label="To pay" value={formatCentavos(summary.amount)} strong testId="summary-total" />
        <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
          {summary.when}
        </Typography>
        {summary.proration > 0 && (
          <Typography variant="body2" color="text.secondary">
            The credit is worked out to the second when you pay.
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}

/** A Maya QR payment: the code to scan, its status asked every 2 s until it closes (then the result page). */
function QrPanel({ payment }: { payment: Payment }) {
  const navigate = useNavigate();
  const { data } = usePaymentStatus(payment._id);
  const [cancel, { isLoading: cancelling, error: cancelError }] = useCancelPaymentMutation();
  const status = data?.status ?? payment.status;
  useEffect(() => {
    if (!isOpenPayment(status)) navigate(resultPath(payment._id), { replace: true });
  }, [status, payment._id, navigate]);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="qr-title" sx={{ p: { xs: 2, sm: 3 }, textAlign: 'center' }}>
      <Typography id="qr-title" variant="h6" component="h2">
        Scan to pay with Maya
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Open the Maya app, tap Scan and point it at this code. {formatCentavos(payment.amountCentavos)} · {payment.reference}
      </Typography>
      {payment.qr && (
        <Box
          component="img"
          src={payment.qr.image}
          alt={`QR code to pay ${formatCentavos(payment.amountCentavos)} (${payment.reference})`}
          sx={{ width: 240, maxWidth: '100%', height: 'auto', imageRendering: 'pixelated', border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
      )}
      <Box sx={{ my: 2 }}>
        <LinearProgress aria-label="Waiting for your payment" />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status">
          Waiting for your payment. This page moves on by itself once it is paid (the code works until {formatDayTime(payment.expiresAt)}).
        </Typography>
      </Box>
      {cancelError && (
        <Alert severity="error" sx={{ mb: 2, textAlign: 'left' }}>
          {errorMessage(cancelError)}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
        {payment.checkoutUrl && (
          <Button component="a" href={payment.checkoutUrl} variant="outlined">
            Open checkout
          </Button>
        )}
        <Button color="error" onClick={() => void cancel({ id: payment._id })} disabled={cancelling}>
          Cancel payment
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The payment methods as radio buttons (native inputs in labels: the whole option is the target, and a
 * screen reader hears the method, its hint and "Test mode").
 */
function MethodChoice({
  methods,
  value,
  onChange,
  disabled,
}: {
  methods: PaymentMethodOption[];
  value: PaymentMethod;
  onChange: (m: PaymentMethod) => void;
  disabled: boolean;
}) {
  return (
    <Stack role="radiogroup" aria-labelledby="method-title" spacing={1} sx={{ mb: 1 }}>
      {methods.map((m) => (
        <Box
          key={m.method}
          component="label"
          sx={{
            display: 'flex',
            gap: 1.5,
            alignItems: 'flex-start',
            p: 1.5,
            border: 1,
            borderRadius: 1,
            borderColor: value === m.method ? 'primary.main' : 'divider',
            bgcolor: value === m.method ? 'action.hover' : undefined,
            cursor: disabled ? 'default' : 'pointer',
            '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
          }}
        >
          <Box
            component="input"
            type="radio"
            name="method"
            value={m.method}
            checked={value === m.method}
            disabled={disabled}
            onChange={() => onChange(m.method)}
            sx={{ m: 0, mt: 0.5, width: 18, height: 18, flexShrink: 0, accentColor: (t) => t.palette.primary.main }}
          />
          <Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>{PAYMENT_METHOD_LABELS[m.method]}</Typography>
              {m.provider === 'sandbox' && <Chip label="Test mode" size="small" color="warning" variant="outlined" />}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {METHOD_HINTS[m.method]}
            </Typography>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

function Checkout({ target }: { target: CheckoutTarget }) {
  const navigate = useNavigate();
  const [now] = useState(() => new Date());
  const methodsQuery = useGetPaymentMethodsQuery();
  const currentQuery = useGetCurrentSubscriptionQuery(undefined, { skip: target.kind !== 'plan', refetchOnMountOrArgChange: true });
  const [payQr] = usePayByMayaQrMutation();
  const [payMaya] = usePayByMayaWalletMutation();
  const [payGcash] = usePayByGcashMutation();
  const [payCard] = usePayByCardMutation();
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<unknown>(null);
  const [payment, setPayment] = useState<Payment | null>(null);

  const methods = methodsQuery.data?.methods ?? [];
  const method = chosen ?? methods[0]?.method ?? null;
  const sandbox = methods.some((m) => m.provider === 'sandbox');
  const current = currentQuery.data;
  const suspended = current?.subscription?.status === 'suspended';
  const summary = summaryOf(target, current, now, payment);
  const waitingForQuote = target.kind === 'plan' && currentQuery.isLoading;

  const pay = async () => {
    if (!method) return;
    setPaying(true);
    setPayError(null);
    const create = { maya_qr: payQr, maya_wallet: payMaya, gcash: payGcash, card: payCard }[method];
    // a new key for each attempt: a retried request of this attempt answers the same payment
    const result = await create({ createPaymentDto: paymentBody(target, newIdempotencyKey()) });
    if (result.error || !result.data) {
      setPayError(result.error);
      setPaying(false);
      return;
    }
    const created = result.data;
    if (method === 'maya_qr' && created.qr && isOpenPayment(created.status)) {
      setPayment(created);
      setPaying(false);
    } else if (created.checkoutUrl && isOpenPayment(created.status)) {
      browserNavigation.assign(created.checkoutUrl); // the provider's page (the sandbox's is a page of this app)
    } else {
      navigate(resultPath(created._id));
    }
  };

  const back = target.kind === 'pack' ? { to: '/credits', label: 'Back to AI credits' } : { to: '/plans', label: 'Back to plans' };
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
      <Stack spacing={2.5}>
        <div>
          <Button component={RouterLink} to={back.to} sx={{ ml: -1 }}>
            ← {back.label}
          </Button>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            Checkout
          </Typography>
          <Typography color="text.secondary">{targetName(target)}</Typography>
        </div>

        {sandbox && (
          <Alert severity="warning" icon={<ScienceOutlinedIcon />} data-testid="test-mode">
            <Typography component="p" sx={{ fontWeight: 700 }}>
              Test mode: no money moves
            </Typography>
            Methods marked Test mode go to the Tahanan payment sandbox, where you approve or decline the payment yourself.
          </Alert>
        )}
        {suspended && (
          <Alert severity="error">Your subscription is suspended: contact support before changing plans.</Alert>
        )}
        {currentQuery.error && <Alert severity="error">{errorMessage(currentQuery.error)}</Alert>}

        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, md: 5 }} order={{ xs: 0, md: 1 }}>
            {waitingForQuote ? <Skeleton variant="rounded" height={200} /> : <OrderSummary target={target} current={current} summary={summary} />}
          </Grid>
          <Grid size={{ xs: 12, md: 7 }} order={{ xs: 1, md: 0 }}>
            {payment ? (
              <QrPanel payment={payment} />
            ) : (
              <Paper variant="outlined" component="section" aria-labelledby="method-title" sx={{ p: { xs: 2, sm: 3 } }}>
                <Typography id="method-title" variant="h6" component="h2" sx={{ mb: 2 }}>
                  Payment method
                </Typography>
                {methodsQuery.error ? (
                  <Alert severity="error">{errorMessage(methodsQuery.error)}</Alert>
                ) : methodsQuery.isLoading ? (
                  <Skeleton variant="rounded" height={160} />
                ) : methods.length === 0 || !method ? (
                  <Alert severity="warning">Payments are not available right now. Please try again later.</Alert>
                ) : (
                  <>
                    <MethodChoice methods={methods} value={method} onChange={setChosen} disabled={paying} />
                    {payError !== null && (
                      <Alert severity="error" sx={{ mb: 2 }}>
                        {errorMessage(payError)}
                      </Alert>
                    )}
                    <Button
                      variant="contained"
                      size="large"
                      fullWidth
                      onClick={() => void pay()}
                      disabled={paying || waitingForQuote || suspended}
                      sx={{ mt: 1 }}
                    >
                      {paying ? 'Starting the payment…' : `Pay ${formatCentavos(summary.amount)} with ${PAYMENT_METHOD_LABELS[method]}`}
                    </Button>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                      {method === 'maya_qr'
                        ? 'A QR code shows here; scan it with the Maya app.'
                        : `You go to ${PAYMENT_METHOD_LABELS[method]} to pay, then come back here.`}
                    </Typography>
                  </>
                )}
              </Paper>
            )}
          </Grid>
        </Grid>
      </Stack>
    </Container>
  );
}

/**
 * /checkout?plan=basic&period=monthly (or annually) and /checkout?pack=standard: the order summary (the
 * plan table's price, less the credit for the unused part of a current plan), the payment methods the
 * API offers (GET /payment/methods, the sandbox marked "Test mode"), and Pay: a Maya QR payment shows
 * its code here and waits; every other method goes to the provider's checkout page.
 */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const target = readCheckoutTarget(params);
  if (!target) {
    return (
      <Container maxWidth="sm" sx={{ py: 4 }}>
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to="/plans" color="inherit" size="small">
              See plans
            </Button>
          }
        >
          This checkout does not name a plan or an AI credit pack sold online.
        </Alert>
      </Container>
    );
  }
  return <Checkout key={params.toString()} target={target} />;
}
