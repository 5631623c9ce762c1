import type { AriaRunKind } from '@app/domain';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { UpgradePrompt } from '@/features/billing/UpgradePrompt';
import { errorMessage } from '@/lib/api/errors';
import { formatCredits } from '@/lib/billing-text';
import { useAriaQuoteQuery, type AriaQuote } from './aria-api';

const RUN_WORDS: Record<AriaRunKind, string> = { feasibility: 'This run', compare: 'This comparison' };

/** What a run costs and what the member has (GET /ai/run/quote/{kind}), or the Upgrade / buy-credits prompt when it cannot run. */
export function QuoteLine({ kind }: { kind: AriaRunKind }) {
  const { data, error, isLoading } = useAriaQuoteQuery({ kind }, { refetchOnMountOrArgChange: true });
  if (isLoading) return <Skeleton variant="rounded" height={40} />;
  if (error || !data) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (data.locked) {
    return <UpgradePrompt entitlement={kind === 'compare' ? 'research.comparison' : undefined} upgrade={{ reason: 'plan', requiredPlan: data.locked.plan, entitlement: data.locked.reason }} />;
  }
  if (!data.enough) return <UpgradePrompt upgrade={{ reason: 'credits', needed: data.credits, remaining: Math.max(data.balance, data.pool ?? 0) }} />;
  // a team member's run is paid from the team's pool first (within their monthly cap), else their own credits
  const paidByPool = data.pool !== null && data.pool >= data.credits;
  return (
    <Alert severity="info" data-testid="aria-quote">
      {RUN_WORDS[kind]} uses {formatCredits(data.credits)} AI credits
      {paidByPool
        ? `, paid from your team's pool (${formatCredits(data.pool ?? 0)} available to you this month).`
        : `; you have ${formatCredits(data.balance)}.`}
    </Alert>
  );
}

/** Whether the member may ask for the run: the plan allows it and the pool or their own credits cover it (the quote counts both). */
export const quoteAllows = (quote: AriaQuote | undefined) => !!quote && !quote.locked && quote.enough;
