import { Link as RouterLink } from 'react-router';
import { ENTITLEMENTS, ENTITLEMENT_LABELS, PLANS, lowestPlanWith, type Entitlement, type PlanId } from '@app/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import type { UpgradeRequired } from '@/lib/api/billing';
import { errorStatus, isFetchBaseQueryError } from '@/lib/api/errors';
import { formatCredits } from '@/lib/billing-text';
import { SALES_LINK } from './sales';

function isEntitlement(value: unknown): value is Entitlement {
  return typeof value === 'string' && (ENTITLEMENTS as readonly string[]).includes(value);
}

function isPlan(value: unknown): value is PlanId {
  return typeof value === 'string' && Object.hasOwn(PLANS, value);
}

/**
 * The `upgrade` of a 402 answer (a feature the member's plan lacks, or too few AI credits), from an
 * RTK Query error; null for any other error.
 */
export function upgradeOf(error: unknown): UpgradeRequired | null {
  if (!isFetchBaseQueryError(error) || errorStatus(error) !== 402 || !('data' in error)) return null;
  const upgrade = (error.data as { upgrade?: unknown } | null)?.upgrade as Partial<UpgradeRequired> | undefined;
  return upgrade && (upgrade.reason === 'plan' || upgrade.reason === 'credits') ? (upgrade as UpgradeRequired) : null;
}

/** "Team management is part of the Enterprise plan", "Property teasers are part of the Basic plan and above". */
export function lockedText(feature: string, plan: PlanId): string {
  const verb = feature.endsWith('s') ? 'are' : 'is';
  const above = PLANS[plan].rank < PLANS.enterprise.rank ? ' and above' : '';
  return `${feature} ${verb} part of the ${PLANS[plan].name} plan${above}`;
}

export interface UpgradePromptProps {
  /** The 402 answer's `upgrade`. */
  upgrade?: UpgradeRequired | null;
  /** Or the locked feature alone (the plan that unlocks it comes from the plan table). */
  entitlement?: Entitlement;
}

/**
 * Why something is locked and the way to it: a feature of a higher plan ("Research and comparison is part
 * of the Basic plan and above", Upgrade to /plans, or Contact sales for Enterprise), or too few AI
 * credits (Buy credits, See plans). For later features: render it with the `upgrade` of a 402
 * (`upgradeOf(error)`, or `<UpgradePromptForError error={error} />`).
 */
export function UpgradePrompt({ upgrade, entitlement }: UpgradePromptProps) {
  if (upgrade?.reason === 'credits') {
    const { needed, remaining } = upgrade;
    const have = remaining === undefined || remaining === 0 ? 'You have no AI credits left.' : `You have ${formatCredits(remaining)} AI credits left.`;
    const detail =
      needed !== undefined && remaining !== undefined
        ? `This needs ${formatCredits(needed)} AI credit${needed === 1 ? '' : 's'}; you have ${formatCredits(remaining)}.`
        : have;
    return (
      <Alert
        severity="warning"
        icon={<BoltOutlinedIcon />}
        data-testid="upgrade-prompt"
        action={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button component={RouterLink} to="/credits#packs" color="inherit" variant="outlined" size="small" sx={{ whiteSpace: 'nowrap' }}>
              Buy credits
            </Button>
            <Button component={RouterLink} to="/plans" color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
              See plans
            </Button>
          </Stack>
        }
      >
        <Typography component="p" sx={{ fontWeight: 700 }}>
          Not enough AI credits
        </Typography>
        {detail} Buy a credit pack, or choose a plan with a monthly allowance.
      </Alert>
    );
  }

  const locked = isEntitlement(upgrade?.entitlement) ? upgrade.entitlement : entitlement;
  if (!locked && !upgrade) return null;
  const feature = upgrade?.feature ?? (locked ? ENTITLEMENT_LABELS[locked] : 'This feature');
  const required: PlanId = isPlan(upgrade?.requiredPlan) ? upgrade.requiredPlan : locked ? lowestPlanWith(locked) : 'basic';
  const current = isPlan(upgrade?.currentPlan) ? upgrade.currentPlan : null;
  const sales = required === 'enterprise';
  return (
    <Alert
      severity="info"
      icon={<LockOutlinedIcon />}
      data-testid="upgrade-prompt"
      action={
        sales ? (
          <Button component="a" href={SALES_LINK} color="inherit" variant="outlined" size="small" sx={{ whiteSpace: 'nowrap' }}>
            Contact sales
          </Button>
        ) : (
          <Button
            component={RouterLink}
            to={locked ? `/plans?for=${encodeURIComponent(locked)}` : '/plans'}
            color="inherit"
            variant="outlined"
            size="small"
            sx={{ whiteSpace: 'nowrap' }}
          >
            Upgrade
          </Button>
        )
      }
    >
      <Typography component="p" sx={{ fontWeight: 700 }}>
        {lockedText(feature, required)}
      </Typography>
      {current ? `You are on the ${PLANS[current].name} plan. ` : ''}
      {sales ? 'Our sales team sets up Enterprise accounts.' : `Upgrade to ${PLANS[required].name} to use it.`}
    </Alert>
  );
}

/** The Upgrade prompt of a 402 error; nothing for any other error (show that one as usual). */
export function UpgradePromptForError({ error }: { error: unknown }) {
  const upgrade = upgradeOf(error);
  return upgrade ? <UpgradePrompt upgrade={upgrade} /> : null;
}
