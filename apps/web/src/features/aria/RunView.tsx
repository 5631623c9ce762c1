import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { fileNameOf } from '@/features/billing/ReceiptButton';
import { errorMessage, messageFromBody } from '@/lib/api/errors';
import { api } from '@/lib/api/generated';
import { api as shellApi } from '@/lib/api/generated-shell';
import { selectAuth, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { useAriaRunQuery, type AriaRun } from './aria-api';
import { CompareResult } from './CompareResult';
import { FeasibilityResult } from './FeasibilityResult';
import type { CompareResultView, FeasibilityResultView } from './result-types';

/** How often a queued or running run is asked for. */
export const RUN_POLL_MS = 1000;

const RUN_NAMES = { feasibility: 'Feasibility run', compare: 'Comparison' } as const;

/** Downloads a run's PDF (GET /api/ai/run/{id}/pdf with the session's token), saved from an object URL. */
export async function downloadRunPdf(run: Pick<AriaRun, 'id' | 'kind'>, token: string | null): Promise<void> {
  const res = await fetch(`/api/ai/run/${encodeURIComponent(run.id)}/pdf`, {
    headers: { accept: 'application/pdf', ...(token && { authorization: `Bearer ${token}` }) },
  });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw new Error(messageFromBody(body) ?? `HTTP error! status: ${res.status}`);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(res.headers.get('content-disposition')) ?? `aria_${run.kind}.pdf`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function PdfButton({ run }: { run: AriaRun }) {
  const { token } = useAppSelector(selectAuth);
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadRunPdf(run, token);
    } catch (error) {
      dispatch(toast.error('Could not download the PDF', (error as Error).message));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()} disabled={busy}>
      Download PDF
    </Button>
  );
}

/** A run: its progress while queued or running (asked for every second), then its result, narrative and PDF, or why it failed. */
export function RunView({ runId, initial }: { runId: string; initial?: AriaRun }) {
  const [finished, setFinished] = useState(initial ? initial.status === 'succeeded' || initial.status === 'failed' : false);
  const { data, error } = useAriaRunQuery({ id: runId }, { pollingInterval: finished ? 0 : RUN_POLL_MS, skipPollingIfUnfocused: false });
  const run = data ?? initial;
  if (run && !finished && (run.status === 'succeeded' || run.status === 'failed')) setFinished(true);
  const dispatch = useAppDispatch();
  const status = run?.status;
  // credits are held when a run starts and spent or given back when it ends: the header's balance is asked again
  useEffect(() => {
    if (!status) return;
    dispatch(api.util.invalidateTags(['ai-credits']));
    void dispatch(shellApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }));
  }, [status, dispatch]);

  if (!run) return error ? <Alert severity="error">{errorMessage(error)}</Alert> : <LinearProgress aria-label="Loading the run" />;
  const name = RUN_NAMES[run.kind] ?? 'Run';
  return (
    <Stack spacing={2} data-testid="aria-run" data-status={run.status}>
      {(run.status === 'queued' || run.status === 'running') && (
        <Paper variant="outlined" sx={{ p: 2 }} role="status">
          <Typography sx={{ mb: 1 }}>
            {run.status === 'queued' ? `${name} queued…` : `${name} running… ${Math.round(run.progress)}%`}
          </Typography>
          <LinearProgress variant={run.status === 'queued' ? 'indeterminate' : 'determinate'} value={run.progress} aria-label={`${name} progress`} />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            It uses {run.credits} AI credits. You can leave this page: you get a notification when it is ready.
          </Typography>
        </Paper>
      )}
      {run.status === 'failed' && (
        <Alert severity="error" data-testid="aria-run-failed">
          {name} failed{run.error ? `: ${run.error}` : '.'} Its {run.credits} AI credits were given back.
        </Alert>
      )}
      {run.status === 'succeeded' && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              {name} result
            </Typography>
            <PdfButton run={run} />
          </Stack>
          {run.narrative && (
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="ARIA's summary">
              <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="aria-run-narrative">
                {run.narrative}
              </Typography>
            </Paper>
          )}
          {run.result &&
            (run.kind === 'feasibility' ? (
              <FeasibilityResult result={run.result as FeasibilityResultView} />
            ) : (
              <CompareResult result={run.result as CompareResultView} />
            ))}
        </>
      )}
    </Stack>
  );
}
