import { useNavigate } from 'react-router';
import { KYC_STATUSES, type KycStatus } from '@app/domain';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { errorMessage } from '@/lib/api/errors';
import { isAdmin } from '@/lib/api/types';
import { formatDayTime } from '@/lib/billing-text';
import { selectCurrentUser, useAppSelector } from '@/lib/state/hooks';
import { DataTable } from '../DataTable';
import { FilterBar, TextFilter } from '../filters';
import type { GridConfig } from '../grid-url-state';
import { personName } from '../labels';
import { PageHeading } from '../PageHeading';
import { useGridState } from '../use-grid-state';
import { ChoiceFilter } from './ChoiceFilter';
import { useGetAllKycQuery, type KycQueueArg, type KycSubmission } from './kyc-api';
import { KYC_STATUS_COLORS, KYC_STATUS_LABELS, ageOf, idTypeLabel } from './kyc-text';
import { StaffOnlyNotice } from './StaffOnlyNotice';

const COLUMNS = ['member', 'idType', 'submittedAt', 'status', 'assignedTo'] as const;

export const KYC_GRID: GridConfig = {
  filterKeys: ['status', 'assigned', 'q'],
  sortable: [],
  defaultSort: null,
  columns: COLUMNS,
  defaultColumns: COLUMNS,
};

/** The table's filters as GET /kyc/get/all's query (no status: the queue, submitted and in review). */
export function kycQueueArg(filters: Record<string, string>, page: number, limit: number): KycQueueArg {
  const status = (KYC_STATUSES as readonly string[]).includes(filters.status ?? '') ? (filters.status as KycStatus) : undefined;
  const assigned = filters.assigned === 'me' || filters.assigned === 'unassigned' ? filters.assigned : 'any';
  return { ...(status && { status }), assigned, ...(filters.q && { text: filters.q }), page, limit };
}

const columns: GridColDef<KycSubmission>[] = [
  {
    field: 'member',
    headerName: 'Member',
    minWidth: 200,
    flex: 1,
    renderCell: ({ row }) => (
      <Stack sx={{ minWidth: 0, py: 0.5 }}>
        <Typography variant="body2" noWrap>
          {row.user ? personName(row.user) : row.fullName}
        </Typography>
        {row.user?.email && (
          <Typography variant="caption" color="text.secondary" noWrap>
            {row.user.email}
          </Typography>
        )}
      </Stack>
    ),
  },
  { field: 'idType', headerName: 'ID type', minWidth: 170, flex: 0.8, valueGetter: (_v, row) => idTypeLabel(row.idType) },
  {
    field: 'submittedAt',
    headerName: 'Submitted',
    minWidth: 200,
    renderCell: ({ row }) =>
      row.submittedAt ? (
        <span title={formatDayTime(row.submittedAt)}>
          {formatDayTime(row.submittedAt)}{' '}
          <Typography component="span" variant="caption" color="text.secondary">
            ({ageOf(row.submittedAt)} ago)
          </Typography>
        </span>
      ) : (
        '—'
      ),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 150,
    renderCell: ({ row }) => <Chip size="small" label={KYC_STATUS_LABELS[row.status] ?? row.status} color={KYC_STATUS_COLORS[row.status] ?? 'default'} variant="outlined" />,
  },
  { field: 'assignedTo', headerName: 'Assigned to', minWidth: 150, flex: 0.6, valueGetter: (_v, row) => (row.assignedTo ? personName(row.assignedTo) : '—') },
];

const rowId = (r: KycSubmission) => r._id;

const STATUS_OPTIONS: Array<readonly [string, string]> = [
  ['', 'Waiting or in review'],
  ...KYC_STATUSES.filter((s) => s !== 'draft').map((s) => [s, KYC_STATUS_LABELS[s]] as const),
];
const ASSIGNED_OPTIONS: Array<readonly [string, string]> = [
  ['', 'Anyone or nobody'],
  ['me', 'Me'],
  ['unassigned', 'Nobody yet'],
];

function KycQueue() {
  const navigate = useNavigate();
  const grid = useGridState(KYC_GRID);
  const { state } = grid;
  const { data, error, isFetching } = useGetAllKycQuery(kycQueueArg(state.filters, state.page, state.pageSize));
  return (
    <>
      <FilterBar grid={grid} label="Filter identity checks">
        <ChoiceFilter grid={grid} name="status" label="Status" options={STATUS_OPTIONS} />
        <ChoiceFilter grid={grid} name="assigned" label="Assigned to" options={ASSIGNED_OPTIONS} />
        <TextFilter grid={grid} name="q" label="Name, e-mail or ID number" />
      </FilterBar>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <DataTable<KycSubmission>
        label="Identity checks"
        grid={grid}
        columns={columns}
        rows={data?.submissions ?? []}
        rowCount={data?.pagination.totalItems ?? 0}
        loading={isFetching}
        getRowId={rowId}
        onRowClick={(r) => navigate(`/admin/kyc/${r._id}`)}
        noRowsLabel="No identity checks match these filters"
      />
    </>
  );
}

/** /admin/kyc: submissions waiting for a reviewer, oldest first; a row opens its review page. Admins only. */
export function KycQueuePage() {
  const me = useAppSelector(selectCurrentUser);
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <PageHeading title="Identity checks" subtitle="Members' government IDs waiting for a reviewer, oldest first." />
      {isAdmin(me) ? <KycQueue /> : <StaffOnlyNotice />}
    </Stack>
  );
}
