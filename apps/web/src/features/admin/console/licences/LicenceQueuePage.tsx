import { useNavigate } from 'react-router';
import { LICENCE_KINDS, LICENCE_STATUSES, type LicenceKind, type LicenceStatus } from '@app/domain';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { errorMessage } from '@/lib/api/errors';
import { formatDay, formatDayTime } from '@/lib/billing-text';
import { DataTable } from '../DataTable';
import { FilterBar, SelectFilter, TextFilter } from '../filters';
import type { GridConfig } from '../grid-url-state';
import { personName } from '../labels';
import { PageHeading } from '../PageHeading';
import { useGridState } from '../use-grid-state';
import { ChoiceFilter } from '../kyc/ChoiceFilter';
import { ageOf } from '../kyc/kyc-text';
import { useGetAllLicencesQuery, type Licence, type LicenceQueueArg } from './licence-api';
import { LICENCE_STATUS_COLORS, LICENCE_STATUS_LABELS, licenceKindLabel } from './licence-text';

const COLUMNS = ['member', 'kind', 'number', 'validUntil', 'submittedAt', 'status', 'broker'] as const;

export const LICENCE_GRID: GridConfig = {
  filterKeys: ['status', 'kind', 'q'],
  sortable: [],
  defaultSort: null,
  columns: COLUMNS,
  defaultColumns: COLUMNS,
};

/** The table's filters as GET /licence/get/all's query (the default: waiting for review). */
export function licenceQueueArg(filters: Record<string, string>, page: number, limit: number): LicenceQueueArg {
  const status = filters.status === 'all' ? undefined : (LICENCE_STATUSES as readonly string[]).includes(filters.status ?? '') ? (filters.status as LicenceStatus) : 'submitted';
  const kind = (LICENCE_KINDS as readonly string[]).includes(filters.kind ?? '') ? (filters.kind as LicenceKind) : undefined;
  return { ...(status && { status }), ...(kind && { kind }), ...(filters.q && { text: filters.q }), page, limit };
}

const columns: GridColDef<Licence>[] = [
  {
    field: 'member',
    headerName: 'Member',
    minWidth: 190,
    flex: 1,
    renderCell: ({ row }) => (
      <Stack sx={{ minWidth: 0, py: 0.5 }}>
        <Typography variant="body2" noWrap>
          {row.user ? personName(row.user) : '—'}
        </Typography>
        {row.user?.email && (
          <Typography variant="caption" color="text.secondary" noWrap>
            {row.user.email}
          </Typography>
        )}
      </Stack>
    ),
  },
  { field: 'kind', headerName: 'Kind', minWidth: 180, valueGetter: (_v, row) => licenceKindLabel(row.kind) },
  { field: 'number', headerName: 'Number', width: 110 },
  { field: 'validUntil', headerName: 'Valid until', width: 120, valueGetter: (_v, row) => formatDay(row.validUntil) },
  {
    field: 'submittedAt',
    headerName: 'Submitted',
    minWidth: 200,
    renderCell: ({ row }) => (
      <span>
        {formatDayTime(row.submittedAt)}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          ({ageOf(row.submittedAt)} ago)
        </Typography>
      </span>
    ),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 180,
    renderCell: ({ row }) => <Chip size="small" variant="outlined" label={LICENCE_STATUS_LABELS[row.status] ?? row.status} color={LICENCE_STATUS_COLORS[row.status] ?? 'default'} />,
  },
  {
    field: 'broker',
    headerName: 'Supervising broker',
    minWidth: 170,
    flex: 0.7,
    valueGetter: (_v, row) => (row.supervisingBroker ? personName(row.supervisingBroker) : '—'),
  },
];

const rowId = (r: Licence) => r._id;

const STATUS_OPTIONS: Array<readonly [string, string]> = [
  ['', 'Waiting for review'],
  ['all', 'Any status'],
  ...LICENCE_STATUSES.filter((s) => s !== 'submitted').map((s) => [s, LICENCE_STATUS_LABELS[s]] as const),
];

/** /admin/licences: PRC licences and accreditations, those waiting for review first (oldest first); a row opens the review. */
export function LicencesPage() {
  const navigate = useNavigate();
  const grid = useGridState(LICENCE_GRID);
  const { state } = grid;
  const { data, error, isFetching } = useGetAllLicencesQuery(licenceQueueArg(state.filters, state.page, state.pageSize));
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <PageHeading title="PRC licences" subtitle="Licence numbers to check against the member's PRC ID, oldest first." />
      <FilterBar grid={grid} label="Filter licences">
        <ChoiceFilter grid={grid} name="status" label="Status" options={STATUS_OPTIONS} />
        <SelectFilter grid={grid} name="kind" label="Kind" options={LICENCE_KINDS.map((k) => [k, licenceKindLabel(k)] as const)} />
        <TextFilter grid={grid} name="q" label="Name, e-mail or number" />
      </FilterBar>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <DataTable<Licence>
        label="PRC licences"
        grid={grid}
        columns={columns}
        rows={data?.licences ?? []}
        rowCount={data?.pagination.totalItems ?? 0}
        loading={isFetching}
        getRowId={rowId}
        onRowClick={(r) => navigate(`/admin/licences/${r._id}`)}
        noRowsLabel="No licences match these filters"
      />
    </Stack>
  );
}
