import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { EnterpriseRole } from '@app/domain';
import { errorMessage } from '@/lib/api/errors';
import { formatCredits } from '@/lib/billing-text';
import { useTeamDashboardQuery, type Enterprise, type TeamMember } from '../team-api';
import { TEAM_ROLE_LABELS, TEAM_STATUS_LABELS, capText, isoDay, periodRange, personName, responseTimeText } from '../team-text';
import { MemberActions } from './MemberActions';
import { PeriodPicker, type PeriodValue } from './PeriodPicker';

/** A member as the dashboard shows and the actions use it: the membership and the period's figures. */
export interface ManagedRow {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: TeamMember['role'];
  status: TeamMember['status'];
  monthlyCreditCap: number | null;
  /** Their team listings now (what removing them hands over or archives). */
  listings: number;
  inquiries: number | null;
  medianFirstResponseSeconds: number | null;
  creditsUsed: number | null;
}

/**
 * The spec's team management dashboard: each member's role, status, cap, listings, inquiries, median
 * response time and credits used in the period (GET /enterprise/{id}/dashboard). On a phone the table
 * scrolls sideways, the name column staying in view.
 */
export function MembersDashboard({ enterprise, myRole, myId }: { enterprise: Enterprise; myRole: EnterpriseRole; myId: string }) {
  const [period, setPeriod] = useState<PeriodValue>(() => {
    const now = new Date();
    return {
      period: 'month',
      from: isoDay(new Date(now.getFullYear(), now.getMonth(), 1)),
      to: isoDay(now),
    };
  });
  const range = periodRange(period.period, period);
  const invalid = !range.from || !range.to || range.from > range.to;
  const { data, error, isLoading, isFetching } = useTeamDashboardQuery({ id: enterprise._id, ...range }, { skip: invalid });
  const stats = new Map((data?.members ?? []).map((d) => [d.userId, d]));
  const rows: ManagedRow[] = enterprise.members.map((m) => {
    const d = stats.get(m.userId);
    return {
      userId: m.userId,
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email,
      role: m.role,
      status: m.status,
      monthlyCreditCap: m.monthlyCreditCap,
      listings: d?.listings.total ?? 0,
      inquiries: d?.inquiries ?? null,
      medianFirstResponseSeconds: d?.medianFirstResponseSeconds ?? null,
      creditsUsed: d?.creditsUsed ?? null,
    };
  });

  return (
    <Stack spacing={1.5} component="section" aria-labelledby="members-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography id="members-title" variant="h6" component="h2">
          Members
        </Typography>
        <PeriodPicker value={period} onChange={setPeriod} />
      </Stack>
      {invalid && <Alert severity="warning">Choose a start day on or before the end day.</Alert>}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {isLoading ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto', opacity: isFetching ? 0.7 : 1 }}>
          <Table size="small" aria-label="Team members" sx={{ minWidth: 860 }}>
            <TableHead>
              <TableRow>
                <TableCell
                  sx={{
                    position: 'sticky',
                    left: 0,
                    bgcolor: 'background.paper',
                    zIndex: 1,
                  }}
                >
                  Name
                </TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Monthly cap</TableCell>
                <TableCell align="right">Listings</TableCell>
                <TableCell align="right">Inquiries</TableCell>
                <TableCell align="right">Median response</TableCell>
                <TableCell align="right">Credits used</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <MemberRow key={r.userId} row={r} rows={rows} myRole={myRole} myId={myId} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

function MemberRow({ row, rows, myRole, myId }: { row: ManagedRow; rows: ManagedRow[]; myRole: EnterpriseRole; myId: string }) {
  return (
    <TableRow data-testid={`member-${row.userId}`}>
      <TableCell
        sx={{
          position: 'sticky',
          left: 0,
          bgcolor: 'background.paper',
          zIndex: 1,
          maxWidth: 220,
        }}
      >
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {personName(row)}
          {row.userId === myId ? ' (you)' : ''}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {row.email}
        </Typography>
      </TableCell>
      <TableCell>{TEAM_ROLE_LABELS[row.role]}</TableCell>
      <TableCell>
        <Chip size="small" variant="outlined" color={row.status === 'paused' ? 'warning' : 'success'} label={TEAM_STATUS_LABELS[row.status]} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {capText(row.monthlyCreditCap)}
      </TableCell>
      <TableCell align="right">{row.listings}</TableCell>
      <TableCell align="right">{row.inquiries ?? '…'}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {responseTimeText(row.medianFirstResponseSeconds)}
      </TableCell>
      <TableCell align="right">{row.creditsUsed == null ? '…' : formatCredits(row.creditsUsed)}</TableCell>
      <TableCell align="right" sx={{ py: 0 }}>
        <MemberActions row={row} rows={rows} myRole={myRole} myId={myId} />
      </TableCell>
    </TableRow>
  );
}
