import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/KeyboardBackspace';
import { Citations } from '@/features/aria/AriaAnswer';
import { CompareResult } from '@/features/aria/CompareResult';
import { FeasibilityResult } from '@/features/aria/FeasibilityResult';
import type { CompareResultView, FeasibilityResultView } from '@/features/aria/result-types';
import { errorMessage } from '@/lib/api/errors';
import { formatDayTime } from '@/lib/billing-text';
import { personName } from '../labels';
import { PageHeading } from '../PageHeading';
import { useGetAriaConversationQuery, type StaffAriaConversation, type StaffAriaMessage, type StaffAriaRun } from './aria-history-api';
import { ARIA_KIND_LABELS, AUDITED_NOTICE, RUN_STATUS_COLORS, RUN_STATUS_LABELS } from './aria-text';

function MessageView({ m }: { m: StaffAriaMessage }) {
  const member = m.role === 'user';
  return (
    <Paper
      variant="outlined"
      component="li"
      data-testid="aria-staff-message"
      sx={{
        p: 1.5,
        listStyle: 'none',
        bgcolor: member ? 'action.hover' : 'background.paper',
        ml: { sm: member ? 6 : 0 },
        mr: { sm: member ? 0 : 6 },
      }}
    >
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="subtitle2" component="h3">
            {member ? 'Member' : m.role === 'assistant' ? 'ARIA' : m.role}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDayTime(m.createdAt)}
          </Typography>
        </Stack>
        {m.content && <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.content}</Typography>}
        {m.toolCalls.length > 0 && (
          <Box component="ul" aria-label="Tools ARIA used" sx={{ m: 0, pl: 2.5 }}>
            {m.toolCalls.map((tc, i) => (
              <Typography component="li" variant="caption" color="text.secondary" key={`${tc.name}-${i}`} sx={{ overflowWrap: 'anywhere' }}>
                <Box component="code" sx={{ fontSize: 'inherit' }}>
                  {tc.name}
                </Box>
                {tc.summary ? `: ${tc.summary}` : ''}
                {tc.error ? ` (failed: ${tc.error})` : ''}
              </Typography>
            ))}
          </Box>
        )}
        <Citations citations={m.citations} />
      </Stack>
    </Paper>
  );
}

function RunView({ run }: { run: StaffAriaRun }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={`${ARIA_KIND_LABELS[run.kind]} ${formatDayTime(run.createdAt)}`}
      sx={{ p: 2 }}
      data-testid="aria-staff-run"
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h3">
            {ARIA_KIND_LABELS[run.kind]}
          </Typography>
          <Chip size="small" variant="outlined" label={RUN_STATUS_LABELS[run.status]} color={RUN_STATUS_COLORS[run.status]} />
          <Typography variant="body2" color="text.secondary">
            {run.credits} AI credits · asked {formatDayTime(run.createdAt)}
            {run.finishedAt ? ` · finished ${formatDayTime(run.finishedAt)}` : ''}
          </Typography>
        </Stack>
        {run.status === 'failed' && <Alert severity="error">Failed{run.error ? `: ${run.error}` : ''}. Its credits were given back.</Alert>}
        {(run.status === 'queued' || run.status === 'running') && (
          <Typography variant="body2">
            {run.status === 'queued' ? 'Waiting for a worker.' : `Running: ${Math.round(run.progress)}% done when this page was opened.`}
          </Typography>
        )}
        {run.narrative && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{run.narrative}</Typography>}
        {run.status === 'succeeded' &&
          run.result &&
          (run.kind === 'feasibility' ? (
            <FeasibilityResult result={run.result as FeasibilityResultView} />
          ) : (
            <CompareResult result={run.result as CompareResultView} />
          ))}
      </Stack>
    </Paper>
  );
}

function Conversation({ c }: { c: StaffAriaConversation }) {
  return (
    <>
      <PageHeading
        title={
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {c.title}
          </Box>
        }
        subtitle={`${ARIA_KIND_LABELS[c.kind]} · started ${formatDayTime(c.createdAt)} · last active ${formatDayTime(c.updatedAt)} · answered by ${c.provider}`}
      />
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        Member:{' '}
        {c.member ? (
          <Link component={RouterLink} to={`/admin/users/${c.member._id}`}>
            {personName(c.member)} ({c.member.email})
          </Link>
        ) : (
          <Link component={RouterLink} to={`/admin/users/${c.userId}`}>
            {c.userId}
          </Link>
        )}
      </Typography>
      {c.runs.length > 0 && (
        <Stack spacing={1.5} component="section" aria-labelledby="aria-runs-heading">
          <Typography variant="h5" component="h2" id="aria-runs-heading">
            Runs
          </Typography>
          {c.runs.map((r) => (
            <RunView key={r.id} run={r} />
          ))}
        </Stack>
      )}
      <Stack spacing={1.5} component="section" aria-labelledby="aria-messages-heading">
        <Typography variant="h5" component="h2" id="aria-messages-heading">
          Messages ({c.messages.length})
        </Typography>
        {c.messages.length === 0 ? (
          <Typography color="text.secondary">No messages.</Typography>
        ) : (
          <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0 }}>
            {c.messages.map((m) => (
              <MessageView key={m.id} m={m} />
            ))}
          </Stack>
        )}
      </Stack>
    </>
  );
}

/**
 * /admin/aria/{id}: one member's ARIA conversation or run, read-only (staff cannot rename or delete
 * it): its messages with the tools ARIA used and its sources, and its runs' results. Opening it is
 * recorded in the audit log (the API records every staff read). Staff.
 */
export function AriaConversationPage() {
  const { id = '' } = useParams();
  const { data, error, isLoading } = useGetAriaConversationQuery({ id });
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0, maxWidth: 1100 }}>
      <div>
        <Button component={RouterLink} to="/admin/aria" startIcon={<ArrowBackIcon />} size="small">
          All ARIA history
        </Button>
      </div>
      <Alert severity="warning" data-testid="aria-audited-notice">
        <AlertTitle>Audited, read-only</AlertTitle>
        {AUDITED_NOTICE}
      </Alert>
      {isLoading && <Skeleton variant="rounded" height={200} aria-label="Loading the conversation" />}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {data && <Conversation c={data} />}
    </Stack>
  );
}
