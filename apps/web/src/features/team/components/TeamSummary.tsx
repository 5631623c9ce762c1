import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCredits } from '@/lib/billing-text';
import type { Enterprise, TeamMember } from '../team-api';
import { TEAM_ROLE_LABELS, TEAM_STATUS_LABELS, capText } from '../team-text';

function Figure({ label, value, testId, children }: { label: string; value: string; testId: string; children?: React.ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 4 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
      {children}
    </Grid>
  );
}

/** The team's name, my role and status, my monthly cap and use, and the pool's balance. */
export function TeamSummary({ enterprise, membership, usedThisMonth }: { enterprise: Enterprise; membership: TeamMember; usedThisMonth: number | undefined }) {
  const cap = membership.monthlyCreditCap;
  const used = usedThisMonth ?? 0;
  return (
    <Paper variant="outlined" component="section" aria-label="Your team" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="team-name">
          {enterprise.name}
        </Typography>
        <Chip size="small" label={TEAM_ROLE_LABELS[membership.role]} data-testid="team-role" />
        {membership.status === 'paused' && <Chip size="small" color="warning" label={TEAM_STATUS_LABELS.paused} />}
        {enterprise.status === 'suspended' && <Chip size="small" color="error" label="Team suspended" />}
      </Stack>
      <Grid container spacing={2}>
        <Figure label="Team credit pool" value={formatCredits(enterprise.poolBalance ?? 0)} testId="pool-balance" />
        <Figure label="My monthly cap" value={capText(cap)} testId="my-cap" />
        <Figure label="I used this month" value={formatCredits(used)} testId="my-used">
          {cap != null && cap > 0 && (
            <LinearProgress
              variant="determinate"
              value={Math.min(100, (used / cap) * 100)}
              aria-label="Share of my monthly cap used"
              sx={{ mt: 1, maxWidth: 240 }}
            />
          )}
        </Figure>
      </Grid>
      {membership.status === 'paused' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Your seat is paused: you cannot spend from the team&apos;s pool until an admin resumes it.
        </Typography>
      )}
    </Paper>
  );
}
