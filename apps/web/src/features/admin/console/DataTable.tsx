import { useCallback, useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import {
  DataGrid,
  GRID_CHECKBOX_SELECTION_FIELD,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridRowId,
  type GridCellParams,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { PAGE_SIZES } from './grid-url-state';
import type { GridControls } from './use-grid-state';

export interface DataTableProps<R extends GridValidRowModel> {
  /** The grid's accessible name. */
  label: string;
  grid: GridControls;
  columns: GridColDef<R>[];
  rows: R[];
  rowCount: number;
  loading?: boolean;
  getRowId?: (row: R) => GridRowId;
  onRowClick?: (row: R) => void;
  /** Checkbox selection (the ids of the page's selected rows). */
  selection?: { ids: string[]; onChange: (ids: string[]) => void };
  /** Rows drawn taller (their cells wrap), e.g. an expanded audit entry. */
  tallRows?: (row: R) => boolean;
  /** Shown above the grid's own toolbar (e.g. bulk actions). */
  header?: ReactNode;
  noRowsLabel?: string;
}

/**
 * Every admin table: MUI X Data Grid (MIT) paged, sorted and filtered by the server, its state in the
 * address (use-grid-state.ts). Filters are the page's filter bar, not the grid's filter panel (the
 * server takes only its whitelisted filters); the toolbar's Columns button chooses the columns. On a
 * phone the grid scrolls sideways inside its box.
 */
export function DataTable<R extends GridValidRowModel>({
  label,
  grid,
  columns,
  rows,
  rowCount,
  loading,
  getRowId,
  onRowClick,
  selection,
  tallRows,
  header,
  noRowsLabel,
}: DataTableProps<R>) {
  const { state, config } = grid;
  const cols = useMemo(
    () =>
      columns.map((c) => ({
        ...c,
        sortable: config.sortable.includes(c.field),
        filterable: false,
        hideable: c.hideable ?? true,
      })),
    [columns, config.sortable],
  );
  // stable models: a new object each render reads to the grid as a change (and resets the selection)
  const columnsKey = state.columns.join(',');
  const visibility: GridColumnVisibilityModel = useMemo(
    () => Object.fromEntries(config.columns.map((c) => [c, columnsKey.split(',').includes(c)])),
    [config.columns, columnsKey],
  );
  const sortField = state.sort?.field;
  const sortDirection = state.sort?.direction;
  const sortModel: GridSortModel = useMemo(() => (sortField && sortDirection ? [{ field: sortField, sort: sortDirection }] : []), [sortField, sortDirection]);
  const paginationModel = useMemo(() => ({ page: state.page - 1, pageSize: state.pageSize }), [state.page, state.pageSize]);
  const selectedKey = selection?.ids.join(',');
  const selectionModel: GridRowSelectionModel | undefined = useMemo(
    () => (selectedKey === undefined ? undefined : { type: 'include', ids: new Set(selectedKey ? selectedKey.split(',') : []) }),
    [selectedKey],
  );
  // getRowId must be stable (a module-level function): a new one makes the grid rebuild its rows and drop the selection
  const idOf = useCallback((row: R): GridRowId => (getRowId ? getRowId(row) : (row as unknown as { _id: string })._id), [getRowId]);

  return (
    <Paper variant="outlined" sx={{ width: '100%', minWidth: 0 }}>
      {header}
      <Box sx={{ width: '100%', minWidth: 0 }}>
        <DataGrid<R>
          aria-label={label}
          label={label}
          rows={rows}
          columns={cols}
          getRowId={idOf}
          rowCount={rowCount}
          loading={loading}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          disableColumnFilter
          disableVirtualization
          pageSizeOptions={[...PAGE_SIZES]}
          paginationModel={paginationModel}
          onPaginationModelChange={(m) => (m.page !== paginationModel.page || m.pageSize !== paginationModel.pageSize) && grid.setPage(m.page + 1, m.pageSize)}
          sortModel={sortModel}
          onSortModelChange={(m) => grid.setSort(m[0]?.sort ? { field: m[0].field, direction: m[0].sort } : null)}
          columnVisibilityModel={visibility}
          onColumnVisibilityModelChange={(m) => grid.setColumns(config.columns.filter((c) => m[c] !== false))}
          checkboxSelection={!!selection}
          disableRowSelectionOnClick
          rowSelectionModel={selectionModel}
          onRowSelectionModelChange={(m) => {
            if (!selection) return;
            const ids = m.type === 'include' ? [...m.ids] : rows.map(idOf).filter((id) => !m.ids.has(id));
            selection.onChange(ids.map(String));
          }}
          // a click in a row opens it, except in the selection checkbox's cell
          onCellClick={onRowClick ? (p: GridCellParams<R>) => p.field !== GRID_CHECKBOX_SELECTION_FIELD && onRowClick(p.row) : undefined}
          getRowHeight={tallRows ? ({ model }) => (tallRows(model as R) ? 'auto' : null) : undefined}
          showToolbar
          slotProps={{
            toolbar: {
              csvOptions: { disableToolbarButton: true },
              printOptions: { disableToolbarButton: true },
              showQuickFilter: false,
            },
            loadingOverlay: {
              variant: 'linear-progress',
              noRowsVariant: 'skeleton',
            },
          }}
          localeText={noRowsLabel ? { noRowsLabel } : undefined}
          density="compact"
          sx={{
            border: 0,
            minHeight: 240,
            '& .MuiDataGrid-row': {
              cursor: onRowClick ? 'pointer' : undefined,
            },
            '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
          }}
        />
      </Box>
    </Paper>
  );
}
