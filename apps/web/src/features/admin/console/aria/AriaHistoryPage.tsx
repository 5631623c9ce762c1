import { useNavigate } from 'react-router';
import { ARIA_HISTORY_KINDS, type AriaHistoryKind } from '@app/domain';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { errorMessage } from '@/lib/api/errors';
import { formatDayTime } from '@/lib/billing-text';
import { DataTable } from '../DataTable';
import { DateFilter, FilterBar, SelectFilter, TextFilter } from '../filters';
import type { GridConfig } from '../grid-url-state';
import { personName } from '../labels';
import { PageHeading } from '../PageHeading';
import { useGridState } from '../use-grid-state';
import { useGetAllAriaHistoryQuery, type StaffAriaEntry, type StaffAriaHistoryArg } from './aria-history-api';
import { ARIA_KIND_LABELS, AUDITED_NOTICE, RUN_STATUS_COLORS, RUN_STATUS_LABELS } from './aria-text';

const COLUMNS = ['updatedAt', 'member', 'kind', 'title', 'messageCount', 'lastRun', 'createdAt'] as const;

export const ARIA_HISTORY_GRID: GridConfig = {
  filterKeys: ['member', 'userId', 'kind', 'from', 'to'],
  sortable: [],
  defaultSort: null,
  columns: COLUMNS,
  defaultColumns: ['updatedAt', 'member', 'kind', 'title', 'messageCount', 'lastRun'],
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The table's filters as GET /ai/history/get/all's query (days are Philippine days, both ends inclusive). */
export function ariaHistoryArg(filters: Record<string, string>, page: number, limit: number): StaffAriaHistoryArg {
  const kind = (ARIA_HISTORY_KINDS as readonly string[]).includes(filters.kind ?? '') ? (filters.kind as AriaHistoryKind) : undefined;
  return {
    ...(filters.member && { member: filters.member }),
    ...(filters.userId && UUID.test(filters.userId) && { userId: filters.userId }),
    ...(kind && { kind }),
    ...(filters.from && DAY.test(filters.from) && { from: filters.from }),
    ...(filters.to && DAY.test(filters.to) && { to: filters.to }),
    page,
    limit,
  };
}

const columns: GridColDef<StaffAriaEntry>[] = [
  {
    field: 'updatedAt',
    headerName: 'Last active',
    width: 175,
    valueGetter: (_v, row) => formatDayTime(row.updatedAt),
  },
  {
    field: 'member',
    headerName: 'Member',
    minWidth: 200,
    flex: 0.9,
    renderCell: ({ row }) =>
      row.member ? (
        <Stack sx={{ minWidth: 0, py: 0.5 }}>
          <Typography variant="body2" noWrap>
            {personName(row.member)}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap>
            {row.member.email}
          </Typography>
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Account removed
        </Typography>
      ),
  },
  {
    field: 'kind',
    headerName: 'Kind',
    width: 140,
    valueGetter: (_v, row) => ARIA_KIND_LABELS[row.kind] ?? row.kind,
  },
  { field: 'title', headerName: 'Title', minWidth: 220, flex: 1.2 },
  { field: 'messageCount', headerName: 'Messages', width: 100, type: 'number' },
  {
    field: 'lastRun',
    headerName: 'Run',
    width: 130,
    renderCell: ({ row }) =>
      row.lastRun ? <Chip size="small" variant="outlined" label={RUN_STATUS_LABELS[row.lastRun.status]} color={RUN_STATUS_COLORS[row.lastRun.status]} /> : '—',
  },
  {
    field: 'createdAt',
    headerName: 'Started',
    width: 175,
    valueGetter: (_v, row) => formatDayTime(row.createdAt),
  },
];

const rowId = (r: StaffAriaEntry) => r.id;
const KIND_OPTIONS = ARIA_HISTORY_KINDS.map((k) => [k, ARIA_KIND_LABELS[k]] as const);

/** /admin/aria: every member's ARIA chats and runs (titles only), by member, kind and last-active days; a row opens it (audited). Staff. */
export function AriaHistoryPage() {
  const navigate = useNavigate();
  const grid = useGridState(ARIA_HISTORY_GRID);
  const { state } = grid;
  const { data, error, isFetching } = useGetAllAriaHistoryQuery(ariaHistoryArg(state.filters, state.page, state.pageSize));
  const oneMember = state.filters.userId;
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <PageHeading title="ARIA history" subtitle="Members' chats with ARIA, feasibility runs and comparisons, most recently active first." />
      <Alert severity="info" data-testid="aria-audited-notice">
        {AUDITED_NOTICE}
      </Alert>
      <FilterBar grid={grid} label="Filter ARIA history">
        <TextFilter grid={grid} name="member" label="Member name or e-mail" />
        <SelectFilter grid={grid} name="kind" label="Kind" options={KIND_OPTIONS} />
        <DateFilter grid={grid} name="from" label="Active from" />
        <DateFilter grid={grid} name="to" label="Active to" />
        {oneMember && (
          <Chip
            label={`One member: ${data?.items[0]?.member?.email ?? oneMember}`}
            onDelete={() => grid.setFilters({ userId: undefined })}
            sx={{ maxWidth: '100%' }}
          />
        )}
      </FilterBar>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <DataTable<StaffAriaEntry>
        label="ARIA history"
        grid={grid}
        columns={columns}
        rows={data?.items ?? []}
        rowCount={data?.pagination.totalItems ?? 0}
        loading={isFetching}
        getRowId={rowId}
        onRowClick={(r) => navigate(`/admin/aria/${r.id}`)}
        noRowsLabel="No ARIA conversations match these filters"
      />
    </Stack>
  );
}
