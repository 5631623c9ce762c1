import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { LICENCE_KIND_LABELS } from '@app/domain';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { formatDay } from './kyc-rules';
import { LICENCE_STATUS_TEXT, isLiveLicence, licenceReasonText } from './licence-rules';
import type { Licence } from './types';

const SEVERITY = { default: 'info', info: 'info', success: 'success', warning: 'warning', error: 'error' } as const;

/** A salesperson whose broker declined, or whose broker's licence lapsed, names another broker. */
export function brokerProblem(licence: Licence): { title: string; detail: string; tone: 'warning' } | null {
  if (licence.kind !== 'salesperson' || !isLiveLicence(licence.status)) return null;
  if (licence.status === 'pending_broker' && licence.brokerDeclinedAt) {
    return { title: 'Your broker declined', detail: 'Name the PRC-licensed broker who supervises you and save again.', tone: 'warning' };
  }
  if (licence.supervisingBroker && !licence.supervisingBroker.licenceValid) {
    return {
      title: "Your broker's licence is no longer approved",
      detail: 'A salesperson works under a licensed broker: name your current supervising broker and save again.',
      tone: 'warning',
    };
  }
  return null;
}

export interface LicenceCardProps {
  licence: Licence;
  onWithdraw?: (id: string) => Promise<void>;
}

/** The member's current licence: badge, status, number and validity, supervising broker, what to fix. */
export function LicenceCard({ licence, onWithdraw }: LicenceCardProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const text = brokerProblem(licence) ?? LICENCE_STATUS_TEXT[licence.status];
  const broker = licence.supervisingBroker;

  const withdraw = async () => {
    if (!onWithdraw) return;
    setBusy(true);
    setProblem(null);
    try {
      await onWithdraw(licence._id);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <Box data-testid="licence-status">
      <Alert
        severity={SEVERITY[text.tone]}
        variant={text.tone === 'default' ? 'outlined' : 'standard'}
        icon={licence.status === 'approved' ? <WorkspacePremiumOutlinedIcon /> : undefined}
        action={
          onWithdraw && isLiveLicence(licence.status) ? (
            <Button color="inherit" size="small" onClick={() => setConfirming(true)}>
              Withdraw
            </Button>
          ) : undefined
        }
        sx={{ '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
      >
        <AlertTitle sx={{ fontWeight: 700 }}>
          {LICENCE_KIND_LABELS[licence.kind]}: {text.title}
        </AlertTitle>
        {licence.badge && licence.status === 'approved' && (
          <Chip size="small" color="success" label={licence.badge} sx={{ mb: 0.5, maxWidth: '100%' }} data-testid="licence-badge" />
        )}
        <Typography variant="body2">{text.detail}</Typography>
        <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            Number
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {licence.number}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            Valid until
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {formatDay(licence.validUntil)}
          </Typography>
          {broker && (
            <>
              <Typography component="dt" variant="body2" color="text.secondary">
                Supervising broker
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {broker.firstName} {broker.lastName}
                {broker.licenceNumber ? ` (No. ${broker.licenceNumber})` : ''}
                {licence.brokerDeclinedAt
                  ? ' · declined'
                  : !broker.licenceValid
                    ? ' · licence no longer approved'
                    : licence.brokerConfirmedAt
                      ? ' · confirmed'
                      : ' · not confirmed yet'}
              </Typography>
            </>
          )}
        </Box>
        {licence.reasonCodes.length > 0 && ['rejected', 'revoked'].includes(licence.status) && (
          <Box component="ul" sx={{ pl: 2.5, mt: 1, mb: 0 }} aria-label="What to fix">
            {licence.reasonCodes.map((code) => (
              <Typography component="li" variant="body2" key={code}>
                {licenceReasonText(code)}
              </Typography>
            ))}
          </Box>
        )}
        {licence.reviewNote && (
          <Box sx={{ mt: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Reviewer&apos;s note
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {licence.reviewNote}
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
        title="Withdraw your licence?"
        message="The badge comes off your listings and profile. You can enter the licence again later."
        confirmLabel="Withdraw"
        busy={busy}
        onConfirm={withdraw}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
