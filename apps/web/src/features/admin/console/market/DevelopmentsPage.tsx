import { useState } from 'react';
import { DEVELOPMENT_STATUSES, type DevelopmentStatus } from '@app/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { errorMessage } from '@/lib/api/errors';
import { useDeleteDevelopmentMutation, useGetDevelopmentsQuery, type DevelopmentDto, type GetDevelopmentsApiArg } from '@/lib/api/generated';
import { isAdmin } from '@/lib/api/types';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { formatDayTime } from '@/lib/billing-text';
import { DataTable } from '../DataTable';
import { FilterBar, SelectFilter } from '../filters';
import type { GridConfig } from '../grid-url-state';
import { PageHeading } from '../PageHeading';
import { useGridState } from '../use-grid-state';
import { DevelopmentDialog } from './DevelopmentDialog';
import { DEVELOPMENT_KIND_LABELS, DEVELOPMENT_STATUS_COLORS, DEVELOPMENT_STATUS_LABELS, completionLabel, statusOptions } from './market-text';

const COLUMNS = ['name', 'kind', 'status', 'expectedCompletion', 'place', 'sourceNote', 'updatedAt', 'actions'] as const;

export const DEVELOPMENT_GRID: GridConfig = {
  filterKeys: ['status'],
  sortable: [],
  defaultSort: null,
  columns: COLUMNS,
  defaultColumns: COLUMNS,
};

/** The table's filters as GET /bi/data/developments's query. */
export function developmentsArg(filters: Record<string, string>, page: number, limit: number): GetDevelopmentsApiArg {
  const status = (DEVELOPMENT_STATUSES as readonly string[]).includes(filters.status ?? '') ? (filters.status as DevelopmentStatus) : undefined;
  return { ...(status && { status }), page, limit };
}

function RemoveDialog({ development, onClose }: { development: DevelopmentDto; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [remove, { isLoading, error }] = useDeleteDevelopmentMutation();
  const confirm = async () => {
    const result = await remove({ id: development.id });
    if (!('error' in result)) {
      dispatch(toast.success('Project removed', development.name));
      onClose();
    }
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="remove-development-title">
      <DialogTitle id="remove-development-title">Remove “{development.name}”?</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        <DialogContentText>The project leaves the “ongoing development” report and the maps. The audit log keeps the removal.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={isLoading}>
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /admin/market/developments: the development projects staff record for the reports; admins write, viewers read. */
export function DevelopmentsPage() {
  const me = useAppSelector(selectCurrentUser);
  const canWrite = isAdmin(me);
  const grid = useGridState(DEVELOPMENT_GRID);
  const { state } = grid;
  const { data, error, isFetching } = useGetDevelopmentsQuery(developmentsArg(state.filters, state.page, state.pageSize));
  const [editing, setEditing] = useState<DevelopmentDto | 'new' | null>(null);
  const [removing, setRemoving] = useState<DevelopmentDto | null>(null);

  const columns: GridColDef<DevelopmentDto>[] = [
    { field: 'name', headerName: 'Project', minWidth: 200, flex: 1 },
    { field: 'kind', headerName: 'Kind', width: 130, valueGetter: (_v, row) => DEVELOPMENT_KIND_LABELS[row.kind] ?? row.kind },
    {
      field: 'status',
      headerName: 'Status',
      width: 170,
      renderCell: ({ row }) => <Chip size="small" variant="outlined" label={DEVELOPMENT_STATUS_LABELS[row.status]} color={DEVELOPMENT_STATUS_COLORS[row.status]} />,
    },
    { field: 'expectedCompletion', headerName: 'Expected completion', width: 170, valueGetter: (_v, row) => completionLabel(row.expectedCompletion) },
    {
      field: 'place',
      headerName: 'Barangay',
      minWidth: 200,
      flex: 0.8,
      renderCell: ({ row }) => (
        <Stack sx={{ minWidth: 0, py: 0.5 }}>
          <Typography variant="body2" noWrap>
            {row.barangayName ?? row.barangayCode}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap>
            {row.cityName ?? row.cityCode}
          </Typography>
        </Stack>
      ),
    },
    { field: 'sourceNote', headerName: 'Source', minWidth: 200, flex: 0.8 },
    { field: 'updatedAt', headerName: 'Updated', width: 180, valueGetter: (_v, row) => formatDayTime(row.updatedAt) },
    {
      field: 'actions',
      headerName: '',
      width: 100,
      sortable: false,
      renderCell: ({ row }) =>
        canWrite ? (
          <Stack direction="row">
            <Tooltip title="Edit">
              <IconButton size="small" aria-label={`Edit ${row.name}`} onClick={() => setEditing(row)}>
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Remove">
              <IconButton size="small" aria-label={`Remove ${row.name}`} onClick={() => setRemoving(row)}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        ) : null,
    },
  ];

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <PageHeading
        title="Development projects"
        subtitle="Projects near the barangays, shown in the “ongoing development” report and its map. Record where you learned of each one."
      />
      {/* a phone: the filter on its own line at full width (in a row beside the button it shrank to "S…") */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1.5, sm: 2 }} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, flexWrap: 'wrap' }}>
        <FilterBar grid={grid} label="Filter projects">
          <SelectFilter grid={grid} name="status" label="Status" options={statusOptions} />
        </FilterBar>
        {canWrite && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ alignSelf: 'flex-start' }}>
            Record a project
          </Button>
        )}
      </Stack>
      {!canWrite && <Alert severity="info">Viewers read the projects; admins record, edit and remove them.</Alert>}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <DataTable<DevelopmentDto>
        label="Development projects"
        grid={grid}
        columns={columns}
        rows={data?.items ?? []}
        rowCount={data?.pagination.totalItems ?? 0}
        loading={isFetching}
        getRowId={(r) => r.id}
        noRowsLabel="No projects recorded yet"
      />
      {editing && <DevelopmentDialog development={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      {removing && <RemoveDialog development={removing} onClose={() => setRemoving(null)} />}
    </Stack>
  );
}
