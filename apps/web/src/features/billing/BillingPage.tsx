import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PAYMENT_METHOD_LABELS, PLANS, SUBSCRIPTION_GRACE_DAYS, formatCentavos } from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import { EmptyState } from '@/components/ui/EmptyState';
import type { CurrentSubscription, Subscription } from '@/lib/api/billing';
import { errorMessage } from '@/lib/api/errors';
import { useGetCurrentSubscriptionQuery, useGetPaymentHistoryQuery, useGetSubscriptionHistoryQuery } from '@/lib/api/generated';
import {
  BILLING_PERIOD_LABELS,
  PAYMENT_STATUS_COLORS,
  PAYMENT_STATUS_LABELS,
  SUBSCRIPTION_STATUS_COLORS,
  SUBSCRIPTION_STATUS_LABELS,
  formatCredits,
  formatDay,
  isOpenPayment,
} from '@/lib/billing-text';
import { checkoutPath, isPaidPlan } from './checkout-target';
import { EndPlanConfirm, KeepPlanButton } from './PlanChanges';
import { ReceiptButton } from './ReceiptButton';

const PAGE_SIZE = 10;

function pageOf(params: URLSearchParams, key: string): number {
  const n = Number(params.get(key));
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** What the period of the current subscription says now: paid until, ending, or in its grace days. */
function periodText(sub: Subscription, now: number): { text: string; grace: boolean } {
  if (!sub.expiresAt) return { text: sub.billingPeriod === 'lifetime' ? 'No end date' : '', grace: false };
  const ended = Date.parse(sub.expiresAt) <= now;
  if (sub.cancelAtPeriodEnd) return { text: `Ends on ${formatDay(sub.expiresAt)}; then you are on the Free plan`, grace: false };
  if (ended && sub.graceEndsAt) {
    return {
      text: `Your paid period ended on ${formatDay(sub.expiresAt)}. You keep the plan until ${formatDay(sub.graceEndsAt)} (${SUBSCRIPTION_GRACE_DAYS} days' grace): pay for another period to keep it.`,
      grace: true,
    };
  }
  return { text: `Paid until ${formatDay(sub.expiresAt)}`, grace: false };
}

function CurrentPlanCard({ current, now }: { current: CurrentSubscription; now: number }) {
  const [ending, setEnding] = useState(false);
  const sub = current.subscription;
  const plan = PLANS[current.plan];
  const period = sub && sub.status === 'active' ? periodText(sub, now) : null;
  const extend = sub && isPaidPlan(sub.plan) && (sub.billingPeriod === 'monthly' || sub.billingPeriod === 'annually') && sub.status === 'active';
  return (
    <Paper variant="outlined" component="section" aria-labelledby="current-plan-title" sx={{ p: { xs: 2, sm: 3 } }} data-testid="current-plan">
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id="current-plan-title" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {plan.name} plan
          </Typography>
          {sub && <Chip size="small" label={SUBSCRIPTION_STATUS_LABELS[sub.status]} color={SUBSCRIPTION_STATUS_COLORS[sub.status]} />}
          {sub && sub.billingPeriod !== 'free' && <Chip size="small" variant="outlined" label={BILLING_PERIOD_LABELS[sub.billingPeriod]} />}
        </Stack>
        {sub?.status === 'suspended' && (
          <Alert severity="error">
            Your {PLANS[sub.plan].name} plan is suspended, so you have the Free plan's features for now. Contact support to have it reinstated.
          </Alert>
        )}
        {period?.grace ? (
          <Alert severity="warning" data-testid="grace-notice">
            {period.text}
          </Alert>
        ) : sub?.cancelAtPeriodEnd && period ? (
          <Alert severity="warning" action={<KeepPlanButton subscription={sub} color="inherit" size="small" variant="outlined" sx={{ whiteSpace: 'nowrap' }} />}>
            {period.text}
          </Alert>
        ) : (
          period?.text && <Typography data-testid="plan-period">{period.text}</Typography>
        )}
        <Typography color="text.secondary">
          {current.monthlyCredits > 0 ? `${formatCredits(current.monthlyCredits)} AI credits a month` : 'No monthly AI credits'} ·{' '}
          {current.activeListings === null ? 'unlimited active listings' : `up to ${formatCredits(current.activeListings)} active listings`}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button component={RouterLink} to="/plans" variant="contained">
            {current.plan === 'free' ? 'See plans' : 'Change plan'}
          </Button>
          {extend && (
            <Button
              component={RouterLink}
              to={checkoutPath({ kind: 'plan', plan: sub.plan as 'basic' | 'premium', period: sub.billingPeriod as 'monthly' | 'annually' })}
              variant="outlined"
            >
              Pay for another period
            </Button>
          )}
          {sub && sub.status === 'active' && current.plan !== 'free' && sub.expiresAt && !sub.cancelAtPeriodEnd && current.scheduled.length === 0 && (
            <Button color="inherit" onClick={() => setEnding(true)}>
              Switch to Free
            </Button>
          )}
        </Stack>
        {ending && sub && <EndPlanConfirm subscription={sub} onClose={() => setEnding(false)} />}
      </Stack>
    </Paper>
  );
}

function ScheduledPeriods({ scheduled }: { scheduled: Subscription[] }) {
  if (scheduled.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="scheduled-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="scheduled-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Paid periods to come
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
        {scheduled.map((s) => (
          <li key={s._id}>
            <Typography>
              {PLANS[s.plan].name}, {BILLING_PERIOD_LABELS[s.billingPeriod].toLowerCase()}: {formatDay(s.startedAt)} to {formatDay(s.expiresAt)}
            </Typography>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}

function PaymentsSection({ page, onPage }: { page: number; onPage: (p: number) => void }) {
  const { data, error, isLoading } = useGetPaymentHistoryQuery({ page, limit: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  return (
    <Stack spacing={1} component="section" aria-labelledby="payments-title">
      <Typography id="payments-title" variant="h6" component="h2">
        Payments
      </Typography>
      {error ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : isLoading || !data ? (
        <Skeleton variant="rounded" height={160} />
      ) : data.payments.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState icon={<PaymentsOutlinedIcon fontSize="inherit" />} title="No payments yet" description="Plans and AI credit packs you pay for show here, each with its receipt." />
        </Paper>
      ) : (
        <>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Payments">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Date</TableCell>
                  <TableCell>For</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Method</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Status</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Reference</TableCell>
                  <TableCell sx={{ px: { xs: 0.5, sm: 2 } }} />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.payments.map((p) => (
                  <TableRow key={p._id} data-testid={`payment-${p.reference}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}>{formatDay(p.paidAt ?? p.createdAt)}</TableCell>
                    <TableCell>
                      {p.description}
                      {/* on a phone the date and reference go under what it was for */}
                      <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                        {formatDay(p.paidAt ?? p.createdAt)} · {p.reference}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatCentavos(p.amountCentavos)}
                      {/* and the status under the amount */}
                      <Box sx={{ display: { sm: 'none' }, mt: 0.5 }}>
                        <Chip size="small" label={PAYMENT_STATUS_LABELS[p.status]} color={PAYMENT_STATUS_COLORS[p.status]} />
                      </Box>
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {PAYMENT_METHOD_LABELS[p.method]}
                      {p.sandbox && (
                        <Typography component="span" variant="body2" color="text.secondary">
                          {' '}
                          (test)
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      <Chip size="small" label={PAYMENT_STATUS_LABELS[p.status]} color={PAYMENT_STATUS_COLORS[p.status]} title={p.failureReason ?? undefined} />
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>{p.reference}</TableCell>
                    <TableCell align="right" sx={{ px: { xs: 0.5, sm: 2 } }}>
                      {p.receiptNumber ? (
                        <ReceiptButton paymentId={p._id} reference={p.reference} size="small" aria-label={`Receipt of ${p.reference}`} sx={{ whiteSpace: 'nowrap' }}>
                          Receipt
                        </ReceiptButton>
                      ) : isOpenPayment(p.status) ? (
                        <Button component={RouterLink} to={`/billing/result?payment=${p._id}`} size="small" aria-label={`Continue ${p.reference}`}>
                          Continue
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {data.pagination.totalPages > 1 && (
            <Pagination count={data.pagination.totalPages} page={Math.min(page, data.pagination.totalPages)} onChange={(_e, p) => onPage(p)} aria-label="Payment pages" />
          )}
        </>
      )}
    </Stack>
  );
}

function SubscriptionHistorySection({ page, onPage }: { page: number; onPage: (p: number) => void }) {
  const { data, error, isLoading } = useGetSubscriptionHistoryQuery({ page, limit: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  return (
    <Stack spacing={1} component="section" aria-labelledby="plan-history-title">
      <Typography id="plan-history-title" variant="h6" component="h2">
        Plan history
      </Typography>
      {error ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : isLoading || !data ? (
        <Skeleton variant="rounded" height={120} />
      ) : data.subscriptions.length === 0 ? (
        <Typography color="text.secondary">You have always been on the Free plan.</Typography>
      ) : (
        <>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Plan history">
              <TableHead>
                <TableRow>
                  <TableCell>Plan</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Period</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>From</TableCell>
                  <TableCell>To</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.subscriptions.map((s) => (
                  <TableRow key={s._id}>
                    <TableCell>{PLANS[s.plan].name}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{BILLING_PERIOD_LABELS[s.billingPeriod]}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}>{formatDay(s.startedAt)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(s.endedAt ?? s.expiresAt)}</TableCell>
                    <TableCell>
                      <Chip size="small" label={SUBSCRIPTION_STATUS_LABELS[s.status]} color={SUBSCRIPTION_STATUS_COLORS[s.status]} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {data.pagination.totalPages > 1 && (
            <Pagination count={data.pagination.totalPages} page={Math.min(page, data.pagination.totalPages)} onChange={(_e, p) => onPage(p)} aria-label="Plan history pages" />
          )}
        </>
      )}
    </Stack>
  );
}

/**
 * /billing: the member's plan now (status, paid until or ending, grace days, keep or end it), periods
 * paid for to come, every payment with its status and receipt, and the plan history. Pages in the address
 * (`page` for payments, `historyPage`).
 */
export function BillingPage() {
  const [params, setParams] = useSearchParams();
  const [now] = useState(() => Date.now());
  const { data: current, error, isLoading } = useGetCurrentSubscriptionQuery(undefined, { refetchOnMountOrArgChange: true });
  const go = (key: string, value: number) => {
    const q = new URLSearchParams(params);
    if (value === 1) q.delete(key);
    else q.set(key, String(value));
    setParams(q);
  };
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            Billing
          </Typography>
          <Typography color="text.secondary">Your plan, payments and receipts.</Typography>
        </Box>
        {error ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : isLoading || !current ? (
          <Skeleton variant="rounded" height={160} />
        ) : (
          <>
            <CurrentPlanCard current={current} now={now} />
            <ScheduledPeriods scheduled={current.scheduled} />
          </>
        )}
        <PaymentsSection page={pageOf(params, 'page')} onPage={(p) => go('page', p)} />
        <SubscriptionHistorySection page={pageOf(params, 'historyPage')} onPage={(p) => go('historyPage', p)} />
      </Stack>
    </Container>
  );
}
