import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@/lib/api/errors';
import { formatDay } from './kyc-rules';
import { LICENCE_STATUS_TEXT } from './licence-rules';
import type { Licence } from './types';

export interface SupervisedRequestsProps {
  requests: Licence[];
  onAnswer: (id: string, confirm: boolean) => Promise<void>;
}

function who(l: Licence): string {
  const name = `${l.member?.firstName ?? ''} ${l.member?.lastName ?? ''}`.trim();
  return name || 'A salesperson';
}

/** A broker's salespersons: requests to confirm or decline, then their status. */
export function SupervisedRequests({ requests, onAnswer }: SupervisedRequestsProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const answer = async (id: string, confirm: boolean) => {
    setBusy(id);
    setProblem(null);
    try {
      await onAnswer(id, confirm);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby="supervise-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="supervise-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        Salespersons you supervise
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Under RESA a salesperson works under a licensed broker. Confirm only the salespersons you actually supervise.
      </Typography>
      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)} sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {requests.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No salesperson has named you as their supervising broker.
        </Typography>
      ) : (
        <Stack spacing={1.5} component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label="Salespersons">
          {requests.map((l) => (
            <Stack
              key={l._id}
              component="li"
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, py: 1, borderBottom: 1, borderColor: 'divider' }}
              data-testid="supervise-request"
            >
              <div>
                <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
                  {who(l)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Accreditation No. {l.number} · valid until {formatDay(l.validUntil)}
                </Typography>
              </div>
              {l.status === 'pending_broker' && !l.brokerDeclinedAt ? (
                <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                  <Button variant="contained" size="small" disabled={busy === l._id} onClick={() => answer(l._id, true)}>
                    Confirm
                  </Button>
                  <Button variant="outlined" color="error" size="small" disabled={busy === l._id} onClick={() => answer(l._id, false)}>
                    Decline
                  </Button>
                </Stack>
              ) : (
                <Chip size="small" label={l.brokerDeclinedAt && l.status === 'pending_broker' ? 'You declined' : (LICENCE_STATUS_TEXT[l.status]?.title ?? l.status)} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }} />
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
