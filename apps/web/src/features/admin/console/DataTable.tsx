import { useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridRowId,
  type GridRowParams,
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
  const visibility: GridColumnVisibilityModel = Object.fromEntries(config.columns.map((c) => [c, state.columns.includes(c)]));
  const sortModel: GridSortModel = state.sort ? [{ field: state.sort.field, sort: state.sort.direction }] : [];
  const selectionModel: GridRowSelectionModel | undefined = selection ? { type: 'include', ids: new Set(selection.ids) } : undefined;
  const idOf = (row: R): GridRowId => (getRowId ? getRowId(row) : (row as unknown as { _id: string })._id);

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
          paginationModel={{ page: state.page - 1, pageSize: state.pageSize }}
          onPaginationModelChange={(m) => grid.setPage(m.page + 1, m.pageSize)}
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
          onRowClick={onRowClick ? (p: GridRowParams<R>) => onRowClick(p.row) : undefined}
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
