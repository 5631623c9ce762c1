import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PLAN_IDS, PLANS, USER_TYPES } from '@app/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import VerifiedIcon from '@mui/icons-material/Verified';
import type { GridColDef } from '@mui/x-data-grid';
import type { SearchUsersDto, UserViewDto } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { isSuperAdmin } from '@/lib/api/types';
import { formatCredits, formatDay, formatDayTime, planName } from '@/lib/billing-text';
import { selectCurrentUser, useAppSelector } from '@/lib/state/hooks';
import { useAdminSearchUsersQuery } from './console-api';
import { CreateAdminDialog } from './CreateAdminDialog';
import { DataTable } from './DataTable';
import { ExportButton } from './ExportDialog';
import { DateFilter, FilterBar, SelectFilter, TextFilter, YesNoFilter, boolFilter } from './filters';
import type { GridConfig } from './grid-url-state';
import { ROLE_LABELS, USER_STATUS_LABELS, USER_TYPE_LABELS, personName } from './labels';
import { PageHeading } from './PageHeading';
import { useGridState } from './use-grid-state';

const COLUMNS = ['name', 'email', 'role', 'type', 'status', 'isVerified', 'plan', 'credits', 'dateSignedUp', 'lastActive'] as const;
/** Table fields to the server's sort keys. */
const SORT_KEYS: Record<string, string> = {
  name: 'lastName',
  email: 'email',
  role: 'role',
  type: 'type',
  status: 'status',
  dateSignedUp: 'dateSignedUp',
  lastActive: 'lastActive',
};

export const USERS_GRID: GridConfig = {
  filterKeys: ['q', 'role', 'type', 'status', 'verified', 'plan', 'from', 'to'],
  sortable: Object.keys(SORT_KEYS),
  defaultSort: { field: 'dateSignedUp', direction: 'desc' },
  columns: COLUMNS,
  defaultColumns: COLUMNS,
};

/** The table's filters as the body of POST /user/search (and the user export). */
export function userQuery(f: Record<string, string>): Record<string, unknown> {
  return {
    ...(f.q && { text: f.q }),
    ...(f.role && { role: [f.role] }),
    ...(f.type && { type: [f.type] }),
    ...(f.status && { status: [f.status] }),
    ...(f.plan && { plan: [f.plan] }),
    ...(boolFilter(f.verified) !== undefined && {
      isVerified: boolFilter(f.verified),
    }),
    ...(f.from && { signedUpFrom: f.from }),
    ...(f.to && { signedUpTo: f.to }),
  };
}

const userRowId = (r: UserViewDto) => r._id ?? r.email ?? '';

const columns: GridColDef<UserViewDto>[] = [
  {
    field: 'name',
    headerName: 'Name',
    minWidth: 170,
    flex: 1,
    valueGetter: (_v, row) => personName(row),
  },
  { field: 'email', headerName: 'E-mail', minWidth: 210, flex: 1.2 },
  {
    field: 'role',
    headerName: 'Role',
    width: 110,
    valueGetter: (_v, row) => (row.role ? ROLE_LABELS[row.role] : '—'),
  },
  {
    field: 'type',
    headerName: 'Type',
    width: 130,
    valueGetter: (_v, row) => USER_TYPE_LABELS[row.type ?? ''] ?? row.type,
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 110,
    renderCell: ({ row }) => (
      <Chip
        size="small"
        label={USER_STATUS_LABELS[row.status ?? ''] ?? row.status}
        color={row.status === 'suspended' ? 'error' : 'success'}
        variant="outlined"
      />
    ),
  },
  {
    field: 'isVerified',
    headerName: 'Verified',
    width: 90,
    renderCell: ({ row }) =>
      row.isVerified ? (
        <VerifiedIcon color="primary" fontSize="small" aria-label="Verified" />
      ) : (
        <Typography variant="body2" color="text.secondary">
          No
        </Typography>
      ),
  },
  {
    field: 'plan',
    headerName: 'Plan',
    width: 100,
    valueGetter: (_v, row) => planName(row.subscription?.plan),
  },
  {
    field: 'credits',
    headerName: 'Credits',
    width: 90,
    align: 'right',
    headerAlign: 'right',
    valueGetter: (_v, row) => formatCredits(row.credits?.remaining ?? 0),
  },
  {
    field: 'dateSignedUp',
    headerName: 'Signed up',
    width: 120,
    valueGetter: (_v, row) => formatDay(row.dateSignedUp ?? row.createdAt),
  },
  {
    field: 'lastActive',
    headerName: 'Last active',
    width: 170,
    valueGetter: (_v, row) => formatDayTime(row.lastActive),
  },
];

/** /admin/users: every account, filtered and sorted by the server; a row opens the user's page. */
export function UsersPage() {
  const me = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  const grid = useGridState(USERS_GRID);
  const { state } = grid;
  const [creating, setCreating] = useState(false);
  const sort = state.sort ? `${state.sort.direction === 'desc' ? '-' : ''}${SORT_KEYS[state.sort.field]}` : undefined;
  const body: SearchUsersDto = {
    page: state.page,
    limit: state.pageSize,
    query: userQuery(state.filters),
    ...(sort && { sort }),
  };
  const { data, error, isFetching } = useAdminSearchUsersQuery(body);

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <PageHeading
        title="Users"
        subtitle="Every account. Open one to see its listings, plan and history."
        actions={
          <>
            <ExportButton entity="user" filters={userQuery(state.filters)} sort={sort === '-lastActive' || sort === 'lastActive' ? undefined : sort} />
            {isSuperAdmin(me) && (
              <Button variant="contained" startIcon={<PersonAddAlt1OutlinedIcon />} onClick={() => setCreating(true)}>
                Create admin
              </Button>
            )}
          </>
        }
      />
      <FilterBar grid={grid} label="Filter users">
        <TextFilter grid={grid} name="q" label="Name or e-mail" />
        <SelectFilter grid={grid} name="role" label="Role" options={Object.entries(ROLE_LABELS)} />
        <SelectFilter grid={grid} name="type" label="Type" options={USER_TYPES.map((t) => [t, USER_TYPE_LABELS[t]] as const)} />
        <SelectFilter grid={grid} name="status" label="Status" options={Object.entries(USER_STATUS_LABELS)} />
        <YesNoFilter grid={grid} name="verified" label="Verified" />
        <SelectFilter grid={grid} name="plan" label="Plan" options={PLAN_IDS.map((p) => [p, PLANS[p].name] as const)} />
        <DateFilter grid={grid} name="from" label="Signed up from" />
        <DateFilter grid={grid} name="to" label="Signed up to" />
      </FilterBar>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <DataTable<UserViewDto>
        label="Users"
        grid={grid}
        columns={columns}
        rows={data?.users ?? []}
        rowCount={data?.pagination.totalItems ?? 0}
        loading={isFetching}
        getRowId={userRowId}
        onRowClick={(r) => r._id && navigate(`/admin/users/${r._id}`)}
        noRowsLabel="No users match these filters"
      />
      {creating && <CreateAdminDialog onClose={() => setCreating(false)} />}
    </Stack>
  );
}
