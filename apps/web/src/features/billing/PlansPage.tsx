import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  CREDIT_PACKS,
  ENTITLEMENTS,
  ENTITLEMENT_LABELS,
  PLANS,
  PLAN_IDS,
  formatCentavos,
  lowestPlanWith,
  type Entitlement,
  type PlanDefinition,
  type PlanId,
  type PurchasablePeriod,
} from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import type { CurrentSubscription, Subscription } from '@/lib/api/billing';
import { errorMessage } from '@/lib/api/errors';
import { useGetCurrentSubscriptionQuery } from '@/lib/api/generated';
import { BILLING_PERIOD_LABELS, formatCredits, formatDay } from '@/lib/billing-text';
import { returnToQuery } from '@/lib/return-to';
import { selectIsLoggedIn, useAppSelector } from '@/lib/state/hooks';
import { ANNUAL_FREE_MONTHS, checkoutPath, isPaidPlan } from './checkout-target';
import { EndPlanConfirm, KeepPlanButton } from './PlanChanges';
import { SALES_LINK } from './sales';
import { lockedText } from './UpgradePrompt';

function reportTiersText(plan: PlanDefinition): string {
  const tiers = plan.reportTiers;
  return tiers.length === 1 ? `Tier ${tiers[0]}` : `Tiers ${tiers.slice(0, -1).join(', ')} and ${tiers.at(-1)}`;
}

/** The numbers to compare plans by, from the plan table. */
function planFacts(plan: PlanDefinition): Array<[string, string]> {
  return [
    ['AI credits a month', plan.monthlyCredits > 0 ? formatCredits(plan.monthlyCredits) : 'None'],
    ['Active listings', plan.activeListings === null ? 'Unlimited' : `Up to ${formatCredits(plan.activeListings)}`],
    ['Market reports', reportTiersText(plan)],
    ['ARIA chat', plan.ariaMessagesPerDay === null ? 'Unlimited' : `${plan.ariaMessagesPerDay} messages a day`],
  ];
}

function PlanPrice({ plan, period }: { plan: PlanDefinition; period: PurchasablePeriod }) {
  if (plan.monthlyCentavos === null || plan.annualCentavos === null) {
    return (
      <Typography variant="h5" component="p" sx={{ fontWeight: 700, my: 1 }} data-testid={`plan-${plan.id}-price`}>
        Contact sales
      </Typography>
    );
  }
  const annual = period === 'annually';
  const price = annual ? plan.annualCentavos : plan.monthlyCentavos;
  return (
    <Box sx={{ my: 1 }}>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid={`plan-${plan.id}-price`}>
          {formatCentavos(price)}
        </Typography>
        <Typography color="text.secondary">{plan.monthlyCentavos === 0 ? 'forever' : annual ? '/year' : '/month'}</Typography>
      </Stack>
      {annual && plan.annualCentavos > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid={`plan-${plan.id}-per-month`}>
          {formatCentavos(Math.round(plan.annualCentavos / 12))} a month · {ANNUAL_FREE_MONTHS} months free
        </Typography>
      )}
    </Box>
  );
}

interface PlanActionProps {
  plan: PlanDefinition;
  period: PurchasablePeriod;
  loggedIn: boolean;
  current: CurrentSubscription | undefined;
  onEnd: (subscription: Subscription) => void;
}

/** The button of a plan's card: what choosing it means for this visitor or member. */
function PlanAction({ plan, period, loggedIn, current, onEnd }: PlanActionProps) {
  if (plan.id === 'enterprise') {
    return (
      <Button component="a" href={SALES_LINK} variant="outlined" fullWidth>
        Contact sales
      </Button>
    );
  }
  const checkout = isPaidPlan(plan.id) ? checkoutPath({ kind: 'plan', plan: plan.id, period }) : null;
  if (!loggedIn) {
    return checkout ? (
      <Button component={RouterLink} to={`/login${returnToQuery({ next: checkout, intent: null })}`} variant="contained" fullWidth>
        Choose {plan.name}
      </Button>
    ) : (
      <Button component={RouterLink} to="/signup" variant="outlined" fullWidth>
        Start free
      </Button>
    );
  }
  if (!current) {
    return (
      <Button variant="outlined" fullWidth disabled>
        {plan.name}
      </Button>
    );
  }
  const sub = current.subscription;
  const onPlan = current.plan;
  if (sub?.status === 'suspended') {
    return (
      <Button variant="outlined" fullWidth disabled>
        Not while suspended
      </Button>
    );
  }
  if (plan.id === 'free') {
    if (onPlan === 'free') {
      return (
        <Button variant="outlined" fullWidth disabled>
          Your current plan
        </Button>
      );
    }
    if (!sub || sub.cancelAtPeriodEnd || !sub.expiresAt || current.scheduled.length > 0) {
      return (
        <Button variant="outlined" fullWidth disabled>
          {sub?.cancelAtPeriodEnd ? `Free from ${formatDay(sub.expiresAt)}` : 'Free'}
        </Button>
      );
    }
    return (
      <Button variant="outlined" fullWidth onClick={() => onEnd(sub)}>
        Switch to Free
      </Button>
    );
  }
  const label =
    plan.id === onPlan ? `Extend ${plan.name}` : plan.rank > PLANS[onPlan].rank ? `Upgrade to ${plan.name}` : `Switch to ${plan.name}`;
  return (
    <Button component={RouterLink} to={checkout!} variant={plan.id === onPlan ? 'outlined' : 'contained'} fullWidth>
      {label}
    </Button>
  );
}

function isEntitlement(value: string | null): value is Entitlement {
  return !!value && (ENTITLEMENTS as readonly string[]).includes(value);
}

/** What the signed-in member is on now, and what is about to change. */
function CurrentPlanNotice({ current }: { current: CurrentSubscription }) {
  const sub = current.subscription;
  const name = PLANS[current.plan].name;
  if (sub?.status === 'suspended') {
    return (
      <Alert severity="error">
        Your {PLANS[sub.plan].name} plan is suspended, so you have the Free plan's features for now. Contact support before changing plans.
      </Alert>
    );
  }
  if (sub && sub.cancelAtPeriodEnd && current.plan !== 'free') {
    return (
      <Alert severity="warning" action={<KeepPlanButton subscription={sub} color="inherit" size="small" variant="outlined" sx={{ whiteSpace: 'nowrap' }} />}>
        Your {name} plan ends on {formatDay(sub.expiresAt)}; after that you are on the Free plan.
      </Alert>
    );
  }
  return (
    <Alert severity="info" data-testid="current-plan-notice">
      You are on the <strong>{name}</strong> plan
      {sub && sub.plan !== 'free' && sub.billingPeriod !== 'free' ? ` (${BILLING_PERIOD_LABELS[sub.billingPeriod].toLowerCase()})` : ''}
      {sub?.expiresAt && current.plan !== 'free' ? `, paid until ${formatDay(sub.expiresAt)}` : ''}.
      {current.scheduled.length > 0 && ` ${current.scheduled.length === 1 ? 'One more period is' : `${current.scheduled.length} more periods are`} paid for after that.`}{' '}
      <Link component={RouterLink} to="/billing">
        See billing
      </Link>
    </Alert>
  );
}

/**
 * /plans: the four plans of the plan table side by side, monthly or annual prices (the period in the
 * address), what each includes; each card's button says what choosing it means (log in, upgrade, switch,
 * extend, switch to Free, contact sales). Public; a signed-in member sees their plan marked.
 */
export function PlansPage() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [params, setParams] = useSearchParams();
  const period: PurchasablePeriod = params.get('period') === 'annually' ? 'annually' : 'monthly';
  const wanted = params.get('for');
  const { data: current, error } = useGetCurrentSubscriptionQuery(undefined, { skip: !loggedIn });
  const [ending, setEnding] = useState<Subscription | null>(null);

  const setPeriod = (next: PurchasablePeriod | null) => {
    if (!next) return;
    const q = new URLSearchParams(params);
    if (next === 'monthly') q.delete('period');
    else q.set('period', next);
    setParams(q, { replace: true });
  };
  const cheapestPack = Math.min(...Object.values(CREDIT_PACKS).map((p) => p.priceCentavos));

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      <Stack spacing={3}>
        <Box sx={{ textAlign: 'center' }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            Plans
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 640, mx: 'auto', mt: 1 }}>
            Prices in pesos. Pay with GCash, Maya or a card; each period is paid once and nothing renews without you.
          </Typography>
        </Box>

        {isEntitlement(wanted) && (
          <Alert severity="info" data-testid="plans-for">
            {lockedText(ENTITLEMENT_LABELS[wanted], lowestPlanWith(wanted))}: choose it below.
          </Alert>
        )}
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        {current && <CurrentPlanNotice current={current} />}

        <Stack direction="row" sx={{ justifyContent: 'center', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <ToggleButtonGroup
            exclusive
            value={period}
            onChange={(_e, next: PurchasablePeriod | null) => setPeriod(next)}
            aria-label="Billing period"
            color="primary"
            size="small"
          >
            <ToggleButton value="monthly" sx={{ px: 2.5 }}>
              Monthly
            </ToggleButton>
            <ToggleButton value="annually" sx={{ px: 2.5 }}>
              Annually
            </ToggleButton>
          </ToggleButtonGroup>
          <Chip label={`Annually: ${ANNUAL_FREE_MONTHS} months free`} color="success" size="small" variant={period === 'annually' ? 'filled' : 'outlined'} />
        </Stack>

        <Grid container spacing={2.5}>
          {PLAN_IDS.map((id: PlanId) => {
            const plan = PLANS[id];
            const mine = loggedIn && current?.plan === id;
            return (
              <Grid key={id} size={{ xs: 12, sm: 6, md: 3 }}>
                <Card
                  variant="outlined"
                  component="section"
                  aria-labelledby={`plan-${id}-name`}
                  data-testid={`plan-${id}`}
                  sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderColor: mine ? 'primary.main' : undefined, borderWidth: mine ? 2 : 1 }}
                >
                  <CardContent sx={{ flexGrow: 1 }}>
                    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                      <Typography id={`plan-${id}-name`} variant="h6" component="h2">
                        {plan.name}
                      </Typography>
                      {mine && <Chip label="Your plan" color="primary" size="small" data-testid="your-plan" />}
                    </Stack>
                    <PlanPrice plan={plan} period={period} />
                    <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                      {plan.highlights.map((h) => (
                        <Box component="li" key={h} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                          <CheckIcon fontSize="small" color="primary" sx={{ mt: '2px' }} />
                          <Typography variant="body2">{h}</Typography>
                        </Box>
                      ))}
                    </Stack>
                    <Divider sx={{ my: 1.5 }} />
                    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5 }}>
                      {planFacts(plan).map(([label, value]) => (
                        <Box key={label} sx={{ display: 'contents' }}>
                          <Typography component="dt" variant="body2" color="text.secondary">
                            {label}
                          </Typography>
                          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
                            {value}
                          </Typography>
                        </Box>
                      ))}
                    </Box>
                  </CardContent>
                  <CardActions sx={{ p: 2, pt: 0 }}>
                    {id === 'free' && ending ? (
                      <EndPlanConfirm subscription={ending} onClose={() => setEnding(null)} />
                    ) : (
                      <PlanAction plan={plan} period={period} loggedIn={loggedIn} current={current} onEnd={setEnding} />
                    )}
                  </CardActions>
                </Card>
              </Grid>
            );
          })}
        </Grid>

        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          Need more AI credits than your plan gives? Credit packs from {formatCentavos(cheapestPack)} never expire.{' '}
          <Link component={RouterLink} to={loggedIn ? '/credits#packs' : `/login${returnToQuery({ next: '/credits', intent: null })}`}>
            Buy AI credits
          </Link>
        </Typography>
      </Stack>
    </Container>
  );
}
