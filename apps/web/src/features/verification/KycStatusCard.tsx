import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { KYC_ID_TYPE_LABELS } from '@app/domain';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { canWithdraw, formatDay, kycStatusText, reasonText } from './kyc-rules';
import type { KycSubmission } from './types';

export interface KycStatusCardProps {
  submission: KycSubmission | null;
  /** Withdraws the open submission; rejects with the server's message. */
  onWithdraw?: (id: string) => Promise<void>;
}

const SEVERITY = { default: 'info', info: 'info', success: 'success', warning: 'warning', error: 'error' } as const;

/** The member's identity verification as one card: status, what to fix, the reviewer's note, withdraw. */
export function KycStatusCard({ submission, onWithdraw }: KycStatusCardProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const text = kycStatusText(submission?.status ?? null, submission?.expiresAt);
  const reasons = submission && ['rejected', 'resubmission_requested'].includes(submission.status) ? submission.reasonCodes : [];

  const withdraw = async () => {
    if (!submission || !onWithdraw) return;
    setBusy(true);
    setProblem(null);
    try {
      await onWithdraw(submission._id);
      setConfirming(false);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-testid="kyc-status">
      <Alert
        severity={SEVERITY[text.tone]}
        variant={text.tone === 'default' ? 'outlined' : 'standard'}
        action={
          submission && onWithdraw && canWithdraw(submission.status) ? (
            <Button color="inherit" size="small" onClick={() => setConfirming(true)}>
              Withdraw
            </Button>
          ) : undefined
        }
        sx={{ '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
      >
        <AlertTitle sx={{ fontWeight: 700 }}>{text.title}</AlertTitle>
        <Typography variant="body2">{text.detail}</Typography>
        {submission && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {KYC_ID_TYPE_LABELS[submission.idType] ?? submission.idType}
            {submission.idNumberLast4 ? ` ending in ${submission.idNumberLast4}` : ''}
            {submission.submittedAt ? ` · sent ${formatDay(submission.submittedAt)}` : ''}
          </Typography>
        )}
        {reasons.length > 0 && (
          <Stack component="ul" spacing={1} sx={{ pl: 2.5, mt: 1.5, mb: 0 }} aria-label="What to fix">
            {reasons.map((code) => {
              const reason = reasonText(code);
              return (
                <li key={code}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {reason.label}
                  </Typography>
                  {reason.fix && <Typography variant="body2">{reason.fix}</Typography>}
                </li>
              );
            })}
          </Stack>
        )}
        {submission?.reviewNote && ['rejected', 'resubmission_requested', 'approved'].includes(submission.status) && (
          <Box sx={{ mt: 1.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Reviewer&apos;s note
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="kyc-review-note">
              {submission.reviewNote}
            </Typography>
          </Box>
        )}
      </Alert>
      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)} sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        title="Withdraw your verification?"
        message="The reviewers stop checking it and your ID photos are deleted after the retention period. You can submit again later."
        confirmLabel="Withdraw"
        busy={busy}
        onConfirm={withdraw}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
