import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/KeyboardBackspace';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { errorMessage } from '@/lib/api/errors';
import { isAdmin } from '@/lib/api/types';
import { formatCredits, formatDay, formatDayTime } from '@/lib/billing-text';
import { selectCurrentUser, useAppSelector } from '@/lib/state/hooks';
import { PoolLedger } from '@/features/team/components/PoolLedger';
import { useTeamAllQuery, useTeamEnterpriseQuery, useTeamLedgerQuery, type EnterpriseSummary } from '@/features/team/team-api';
import { TEAM_ROLE_LABELS, TEAM_STATUS_LABELS, capText } from '@/features/team/team-text';
import { DataTable } from '../DataTable';
import { FilterBar, TextFilter } from '../filters';
import type { GridConfig } from '../grid-url-state';
import { personName } from '../labels';
import { PageHeading } from '../PageHeading';
import { useGridState } from '../use-grid-state';
import { AddCreditsDialog } from './AddCreditsDialog';
import { CreateEnterpriseDialog } from './CreateEnterpriseDialog';

const COLUMNS = ['name', 'owner', 'seats', 'pool', 'status', 'createdAt'] as const;
const GRID: GridConfig = {
  filterKeys: ['q'],
  sortable: [],
  defaultSort: null,
  columns: COLUMNS,
  defaultColumns: COLUMNS,
};

const STATUS_LABELS: Record<EnterpriseSummary['status'], string> = {
  active: 'Active',
  suspended: 'Suspended',
};

const columns: GridColDef<EnterpriseSummary>[] = [
  { field: 'name', headerName: 'Name', minWidth: 180, flex: 1 },
  {
    field: 'owner',
    headerName: 'Owner',
    minWidth: 200,
    flex: 1,
    valueGetter: (_v, row) => (row.owner ? `${personName(row.owner)} (${row.owner.email})` : '—'),
  },
  {
    field: 'seats',
    headerName: 'Seats',
    width: 90,
    valueGetter: (_v, row) => `${row.seatsUsed} / ${row.seatLimit}`,
  },
  {
    field: 'pool',
    headerName: 'Pool',
    width: 100,
    align: 'right',
    headerAlign: 'right',
    valueGetter: (_v, row) => (row.poolBalance == null ? '—' : formatCredits(row.poolBalance)),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 110,
    renderCell: ({ row }) => (
      <Chip size="small" variant="outlined" color={row.status === 'suspended' ? 'error' : 'success'} label={STATUS_LABELS[row.status] ?? row.status} />
    ),
  },
  {
    field: 'createdAt',
    headerName: 'Created',
    width: 120,
    valueGetter: (_v, row) => formatDay(row.createdAt),
  },
];

/** /admin/enterprises: every team (GET /enterprise/get/all); admins create one for an Enterprise-plan member. */
export function EnterprisesPage() {
  const me = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  const grid = useGridState(GRID);
  const { state } = grid;
  const [creating, setCreating] = useState(false);
  const { data, error, isFetching } = useTeamAllQuery({
    page: state.page,
    limit: state.pageSize,
    ...(state.filters.q && { text: state.filters.q }),
  });

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <PageHeading
        title="Enterprises"
        subtitle="Teams of Enterprise-plan customers: their seats and shared credit pools."
        actions={
          isAdmin(me) && (
            <Button variant="contained" startIcon={<GroupAddOutlinedIcon />} onClick={() => setCreating(true)}>
              Create enterprise
            </Button>
          )
        }
      />
      <FilterBar grid={grid} label="Filter enterprises">
        <TextFilter grid={grid} name="q" label="Name or owner" />
      </FilterBar>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <DataTable<EnterpriseSummary>
        label="Enterprises"
        grid={grid}
        columns={columns}
        rows={data?.enterprises ?? []}
        rowCount={data?.pagination.totalItems ?? 0}
        loading={isFetching}
        onRowClick={(r) => navigate(`/admin/enterprises/${r._id}`)}
        noRowsLabel="No enterprises yet"
      />
      {creating && <CreateEnterpriseDialog onClose={() => setCreating(false)} />}
    </Stack>
  );
}

/** /admin/enterprises/{id}: the team's members, open invitations and pool ledger; admins add credits, viewers read. */
export function EnterprisePage() {
  const { id = '' } = useParams();
  const me = useAppSelector(selectCurrentUser);
  const { data, error, isLoading } = useTeamEnterpriseQuery({ id }, { skip: !id });
  // each member's spending from the pool this month (the ledger's spending by member)
  const { data: pool } = useTeamLedgerQuery({ id, page: 1, limit: 1 }, { skip: !id });
  const spent = pool ? new Map(pool.byMember.map((b) => [b.userId, b.spentThisMonth])) : null;
  const invites = (data?.invites ?? []).filter((i) => i.status === 'open' || i.status === 'expired');
  const [adding, setAdding] = useState(false);

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <div>
        <Button component={RouterLink} to="/admin/enterprises" startIcon={<ArrowBackIcon />} size="small">
          Enterprises
        </Button>
      </div>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {isLoading && <Skeleton variant="rounded" height={240} />}
      {data && (
        <>
          <PageHeading
            title={data.name}
            subtitle={
              <>
                Owner {data.owner ? `${personName(data.owner)} (${data.owner.email})` : '—'} · {data.seatsUsed} of {data.seatLimit} seats · created{' '}
                {formatDay(data.createdAt)} · {STATUS_LABELS[data.status] ?? data.status}
              </>
            }
            actions={
              isAdmin(me) && (
                <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={{ whiteSpace: 'nowrap' }}>
                  Add credits
                </Button>
              )
            }
          />
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="body2" color="text.secondary">
              Credit pool
            </Typography>
            <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="pool-balance">
              {formatCredits(data.poolBalance ?? 0)}
            </Typography>
          </Paper>
          <Stack spacing={1} component="section" aria-labelledby="members-title">
            <Typography id="members-title" variant="h6" component="h2">
              Members
            </Typography>
            <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Members" sx={{ minWidth: 640 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Name</TableCell>
                    <TableCell>Role</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell align="right">Monthly cap</TableCell>
                    <TableCell align="right">Used this month</TableCell>
                    <TableCell>Joined</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.members.map((m) => (
                    <TableRow key={m.userId}>
                      <TableCell>
                        <RouterLink to={`/admin/users/${m.userId}`}>{personName(m)}</RouterLink>
                        {m.isVerified && (
                          <Typography component="span" variant="caption" color="primary" sx={{ ml: 0.5 }}>
                            verified
                          </Typography>
                        )}
                        <Typography variant="caption" color="text.secondary" component="div">
                          {m.email}
                        </Typography>
                      </TableCell>
                      <TableCell>{TEAM_ROLE_LABELS[m.role]}</TableCell>
                      <TableCell>{TEAM_STATUS_LABELS[m.status]}</TableCell>
                      <TableCell align="right">{capText(m.monthlyCreditCap)}</TableCell>
                      <TableCell align="right">{spent ? formatCredits(spent.get(m.userId) ?? 0) : '…'}</TableCell>
                      <TableCell>{formatDay(m.joinedAt)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Stack>
          <Stack spacing={1} component="section" aria-labelledby="invites-title">
            <Typography id="invites-title" variant="h6" component="h2">
              Open invitations
            </Typography>
            {invites.length === 0 ? (
              <Typography color="text.secondary">None.</Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {invites.map((i) => (
                  <li key={i._id}>
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {i.email} · {TEAM_ROLE_LABELS[i.role]} · {capText(i.monthlyCreditCap)} · {i.status === 'expired' ? 'expired' : 'expires'}{' '}
                      {formatDayTime(i.expiresAt)}
                    </Typography>
                  </li>
                ))}
              </Box>
            )}
          </Stack>
          <PoolLedger
            enterpriseId={data._id}
            members={data.members.map((m) => ({ _id: m.userId, firstName: m.firstName, lastName: m.lastName, email: m.email }))}
          />
          {adding && <AddCreditsDialog enterpriseId={data._id} teamName={data.name} onClose={() => setAdding(false)} />}
        </>
      )}
    </Stack>
  );
}
