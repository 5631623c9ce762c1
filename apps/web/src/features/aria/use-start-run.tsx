import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { AriaRunKind } from '@app/domain';
import Alert from '@mui/material/Alert';
import { UpgradePromptForError, upgradeOf } from '@/features/billing/UpgradePrompt';
import { errorMessage } from '@/lib/api/errors';
import { useAriaQuoteQuery, type AriaQuote, type AriaRun } from './aria-api';
import { quoteAllows } from './QuoteLine';

/** A generated start-run mutation hook (useStartFeasibilityMutation, useStartCompareMutation), as far as starting a run needs it. */
type StartRunMutation<Arg> = () => readonly [(arg: Arg) => { unwrap(): Promise<AriaRun> }, { isLoading: boolean; error?: unknown; reset: () => void }];

export interface StartRun<Arg> {
  /** What the run costs and what the member has (GET /ai/run/quote/{kind}). */
  quote: AriaQuote | undefined;
  /** The plan allows the run and the credits (own or the team pool's) cover it. */
  allowed: boolean;
  /** Starts the run; once queued, closes the dialog and opens the run's history entry (its progress, then its result). */
  start: (arg: Arg) => Promise<void>;
  /** Closes the dialog, forgetting a refusal shown. */
  close: () => void;
  starting: boolean;
  /** Why the start was refused: the Upgrade / buy-credits prompt for a 402, else the message; null when nothing failed. */
  errorView: ReactNode;
}

/**
 * Starting an ARIA run from a dialog (CompareDialog, FeasibilityDialog): the quote, the start
 * mutation, then the run's page. `useStart` is one of the generated mutation hooks (a stable module
 * function, so the hooks are called in the same order every render).
 */
export function useStartRun<Arg>(kind: AriaRunKind, useStart: StartRunMutation<Arg>, onClose: () => void): StartRun<Arg> {
  const navigate = useNavigate();
  const { data: quote } = useAriaQuoteQuery({ kind });
  const [trigger, { isLoading, error, reset }] = useStart();

  const start = async (arg: Arg) => {
    try {
      const run = await trigger(arg).unwrap();
      onClose();
      navigate(`/aria/${run.conversationId}`);
    } catch {
      // shown in the dialog (errorView)
    }
  };
  const close = () => {
    reset();
    onClose();
  };
  const errorView = error ? upgradeOf(error) ? <UpgradePromptForError error={error} /> : <Alert severity="error">{errorMessage(error)}</Alert> : null;
  return {
    quote,
    allowed: quoteAllows(quote),
    start,
    close,
    starting: isLoading,
    errorView,
  };
}
