import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import type { AriaCitation, AriaToolName, AriaToolTrace } from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AriaListingCards } from './AriaListingCards';
import type { ChatTurn } from './use-aria-chat';

// the chart library loads with the first answer that has a chart
const TraceChart = lazy(() => import('./TraceChart'));

/** What ARIA is doing while a tool runs. */
export const TOOL_WORKING: Record<AriaToolName, string> = {
  search_listings: 'Searching listings…',
  get_listing: 'Reading the listing…',
  market_report: 'Reading the market report…',
  compare_listings: 'Comparing listings…',
  affordability: 'Working out the loan…',
  acquisition_costs: 'Adding up the taxes and fees…',
  feasibility: 'Running the numbers…',
};

/** A tool's result: its one-line summary, its listing cards and its chart. */
function TraceView({ trace, wide }: { trace: AriaToolTrace; wide: boolean }) {
  return (
    <Stack spacing={1} data-testid="aria-tool-result">
      {trace.summary && (
        <Typography variant="caption" color="text.secondary">
          {trace.summary}
        </Typography>
      )}
      {trace.error && !trace.summary?.includes(trace.error) && (
        <Typography variant="caption" color="error">
          {trace.error}
        </Typography>
      )}
      {trace.cards && <AriaListingCards cards={trace.cards} wide={wide} />}
      {trace.chart && trace.chart.points.length > 0 && (
        <Suspense fallback={<Box sx={{ height: 200 }} aria-hidden />}>
          <TraceChart chart={trace.chart} />
        </Suspense>
      )}
    </Stack>
  );
}

/** The links under an answer: the listings, reports and formulas it used. */
export function Citations({ citations }: { citations: readonly AriaCitation[] }) {
  if (citations.length === 0) return null;
  return (
    <Box component="nav" aria-label="Sources">
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700 }}>
        Sources
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
        {citations.map((c, i) => (
          <Typography component="li" variant="caption" key={`${c.url ?? c.label}-${i}`} color="text.secondary">
            {c.url ? (
              <Link component={RouterLink} to={c.url}>
                {c.label}
              </Link>
            ) : (
              c.label
            )}
            {c.source ? ` (${c.source})` : ''}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** A question (right, tinted) or an answer (left): tool results, text as it streams, sources. */
export function ChatTurnView({ turn, wide = false }: { turn: ChatTurn; wide?: boolean }) {
  if (turn.role === 'user') {
    return (
      <Paper
        elevation={0}
        data-testid="aria-question"
        sx={{ alignSelf: 'flex-end', maxWidth: '85%', px: 1.5, py: 1, bgcolor: 'primary.main', color: 'primary.contrastText', borderRadius: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        <Typography variant="body2">{turn.content}</Typography>
      </Paper>
    );
  }
  return (
    <Stack spacing={1} data-testid="aria-answer" aria-busy={turn.streaming} sx={{ alignSelf: 'stretch', minWidth: 0 }}>
      {turn.traces.map((trace, i) => (
        <TraceView key={i} trace={trace} wide={wide} />
      ))}
      {turn.working && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status" data-testid="aria-working">
          <CircularProgress size={14} />
          <Typography variant="body2" color="text.secondary">
            {TOOL_WORKING[turn.working] ?? 'Working…'}
          </Typography>
        </Stack>
      )}
      {turn.content && (
        <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="aria-answer-text">
          {turn.content}
        </Typography>
      )}
      {turn.streaming && !turn.working && !turn.content && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={14} />
          <Typography variant="body2" color="text.secondary">
            Thinking…
          </Typography>
        </Stack>
      )}
      {turn.error && (
        <Alert severity="error" variant="outlined">
          {turn.error}
        </Alert>
      )}
      <Citations citations={turn.citations} />
    </Stack>
  );
}
