import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PLANS, planForReport, reportEntitlement, type PlanId } from '@app/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { UpgradePrompt } from '@/features/billing/UpgradePrompt';
import type { ReportGroupEntry } from './types';
import { reportHref, type ReportOptions } from './url-state';

/** The plan a tier starts at ("Free", "Basic", "Premium"). */
export const tierPlanName = (group: ReportGroupEntry) => PLANS[(group.requiredPlan ?? planForReport(group.id)) as PlanId].name;

/**
 * A report group: title, tier, summary and sources. Open goes to the report of the chosen place; a
 * locked group shows a lock, and its button shows the Upgrade prompt instead of opening.
 */
export function GroupCard({ group, area, options }: { group: ReportGroupEntry; area: string | null; options: Pick<ReportOptions, 'offer' | 'kind'> }) {
  const [asked, setAsked] = useState(false);
  const plan = group.requiredPlan ?? planForReport(group.id);
  const titleId = `market-group-${group.id}`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId} data-testid="market-group" data-group={group.id} data-locked={group.locked} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {group.title}
          </Typography>
          <Chip
            size="small"
            icon={group.locked ? <LockOutlinedIcon /> : undefined}
            label={group.locked ? `${PLANS[plan].name}` : tier(group)}
            color={group.locked ? 'default' : group.tier === 1 ? 'success' : 'primary'}
            variant={group.locked ? 'outlined' : 'filled'}
            aria-label={group.locked ? `Locked: part of the ${PLANS[plan].name} plan` : `Included: ${tier(group)}`}
          />
        </Stack>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {group.summary}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          Sources: {group.sources.join('; ')}
        </Typography>
        {group.locked && asked && (
          <Box sx={{ mt: 1.5 }}>
            <UpgradePrompt upgrade={{ reason: 'plan', entitlement: reportEntitlement(group.id), feature: `${group.title} reports`, requiredPlan: plan }} />
          </Box>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        {group.locked ? (
          // once asked, the prompt's own Upgrade button is the way on
          !asked && (
            <Button startIcon={<LockOutlinedIcon />} onClick={() => setAsked(true)} aria-label={`${group.title}: locked, see how to unlock`}>
              Unlock
            </Button>
          )
        ) : area ? (
          <Button component={RouterLink} to={reportHref(area, group.id, options)} variant="contained" aria-label={`Open ${group.title}`}>
            Open report
          </Button>
        ) : (
          <Button disabled>Choose a place first</Button>
        )}
      </CardActions>
    </Card>
  );
}

const tier = (group: ReportGroupEntry) => (group.tier === 1 ? 'Free' : `${tierPlanName(group)} plan`);
