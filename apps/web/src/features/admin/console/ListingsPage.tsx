import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LISTING_TYPES } from '@app/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import VerifiedIcon from '@mui/icons-material/Verified';
import type { GridColDef } from '@mui/x-data-grid';
import { Price } from '@/components/ui/Price';
import { useFilterListingsQuery } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { isAdmin } from '@/lib/api/types';
import { formatDay } from '@/lib/billing-text';
import { LISTING_STATUS_LABELS, LISTING_TYPE_LABELS, listingStatusLabel, listingTypeLabel, offerLabel } from '@/lib/listing-text';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { useAdminSearchListingsQuery, useBulkListingsMutation, type BulkAction, type StaffListing } from './console-api';
import { DataTable } from './DataTable';
import { ExportButton } from './ExportDialog';
import { FilterBar, SelectFilter, TextFilter, YesNoFilter, boolFilter } from './filters';
import type { GridConfig } from './grid-url-state';
import { ImportDialog } from './ImportDialog';
import { PageHeading } from './PageHeading';
import { useGridState } from './use-grid-state';

const COLUMNS = [
  'code',
  'name',
  'status',
  'type',
  'offer',
  'price',
  'city',
  'owner',
  'verified',
  'isVisible',
  'documentsCount',
  'openReports',
  'createdAt',
] as const;

export const LISTINGS_GRID: GridConfig = {
  filterKeys: ['q', 'status', 'type', 'city', 'verified', 'hasDocuments', 'reported', 'visible', 'owner'],
  sortable: ['name', 'price', 'createdAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  columns: COLUMNS,
  defaultColumns: COLUMNS,
};

/** The table's filters as POST /listing/search's body (and the listing export's filters). */
export function listingFilters(f: Record<string, string>): {
  fuzzySearch?: string;
  query: Record<string, unknown>;
  match: Record<string, unknown>;
} {
  const query: Record<string, unknown> = {};
  if (f.owner) query.owner = f.owner;
  if (f.status) query.status = [f.status];
  if (f.type) query.type = [f.type];
  for (const key of ['verified', 'hasDocuments', 'reported', 'visible'] as const) {
    const b = boolFilter(f[key]);
    if (b !== undefined) query[key] = b;
  }
  return {
    ...(f.q && { fuzzySearch: f.q }),
    query,
    match: f.city ? { city: [f.city] } : {},
  };
}

const BULK: Record<BulkAction, { label: string; verb: string; color: 'primary' | 'error' | 'warning' }> = {
  hide: { label: 'Hide', verb: 'hide', color: 'warning' },
  show: { label: 'Show', verb: 'show', color: 'primary' },
  verify: { label: 'Verify', verb: 'verify', color: 'primary' },
  unverify: {
    label: 'Unverify',
    verb: 'remove the verification of',
    color: 'warning',
  },
  remove: { label: 'Remove', verb: 'remove', color: 'error' },
};

function BulkConfirm({ action, ids, onClose, onDone }: { action: BulkAction; ids: string[]; onClose: () => void; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const [run, { isLoading, error }] = useBulkListingsMutation();
  const n = ids.length;
  const what = `${n} listing${n === 1 ? '' : 's'}`;
  const go = async () => {
    const result = await run({ ids, action });
    if (result.data) {
      const { done, failed, results } = result.data;
      if (failed > 0) {
        const first = results.find((r) => !r.ok);
        dispatch(toast.error(`${BULK[action].label}: ${done} done, ${failed} failed`, first?.message ?? undefined));
      } else dispatch(toast.success(`${BULK[action].label}: ${done} listing${done === 1 ? '' : 's'} done`));
      onDone();
      onClose();
    }
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="bulk-title">
      <DialogTitle id="bulk-title">
        {BULK[action].label} {what}?
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          You are about to {BULK[action].verb} {what}.{' '}
          {action === 'remove' ? 'Removed listings are gone for good.' : 'Each change is kept in the audit log.'}
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" color={BULK[action].color} onClick={() => void go()} disabled={isLoading}>
          {BULK[action].label} {what}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const columns: GridColDef<StaffListing>[] = [
  { field: 'code', headerName: 'Code', width: 110 },
  {
    field: 'name',
    headerName: 'Name',
    minWidth: 200,
    flex: 1.3,
    renderCell: ({ row }) => (
      <Link
        component={RouterLink}
        to={`/admin/listings/${row._id}/review`}
        onClick={(e) => e.stopPropagation()}
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {row.name}
      </Link>
    ),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 95,
    valueGetter: (_v, row) => listingStatusLabel(row.status),
  },
  {
    field: 'isVisible',
    headerName: 'Visible',
    width: 105,
    renderCell: ({ row }) =>
      !row.isVisible && row.hiddenForSuspension ? (
        <Tooltip title="Hidden while its owner is suspended; reinstating the owner shows it again">
          <Chip size="small" variant="outlined" label="Suspended" color="warning" />
        </Tooltip>
      ) : (
        <Chip size="small" variant="outlined" label={row.isVisible ? 'Shown' : 'Hidden'} color={row.isVisible ? 'success' : 'default'} />
      ),
  },
  {
    field: 'type',
    headerName: 'Type',
    width: 115,
    valueGetter: (_v, row) => listingTypeLabel(row.type),
  },
  {
    field: 'offer',
    headerName: 'Offer',
    width: 90,
    valueGetter: (_v, row) => offerLabel(row.offer),
  },
  {
    field: 'price',
    headerName: 'Price',
    width: 170,
    renderCell: ({ row }) => (
      <Price amount={row.price} currency={row.currency} perMonth={row.offer === 'rent'} size="compact" testId={`price-${row._id}`} />
    ),
  },
  {
    field: 'city',
    headerName: 'City / barangay',
    minWidth: 190,
    flex: 1,
    valueGetter: (_v, row) => `${row.address.city}, ${row.address.barangay}`,
  },
  {
    field: 'owner',
    headerName: 'Owner',
    minWidth: 150,
    flex: 0.8,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/admin/users/${row.owner._id}`} onClick={(e) => e.stopPropagation()}>
        {`${row.owner.firstName} ${row.owner.lastName}`.trim()}
      </Link>
    ),
  },
  {
    field: 'verified',
    headerName: 'Verified',
    width: 85,
    renderCell: ({ row }) =>
      row.verified ? (
        <VerifiedIcon color="primary" fontSize="small" aria-label="Verified" />
      ) : (
        <Typography variant="body2" color="text.secondary">
          No
        </Typography>
      ),
  },
  {
    field: 'documentsCount',
    headerName: 'Documents',
    width: 100,
    align: 'right',
    headerAlign: 'right',
    valueGetter: (_v, row) => row.documentsCount ?? '—',
  },
  {
    field: 'openReports',
    headerName: 'Reports',
    width: 85,
    align: 'right',
    headerAlign: 'right',
    renderCell: ({ row }) => (row.openReports ? <Chip size="small" color="error" label={row.openReports} /> : (row.openReports ?? '—')),
  },
  {
    field: 'createdAt',
    headerName: 'Created',
    width: 115,
    valueGetter: (_v, row) => formatDay(row.createdAt),
  },
];

/** /admin/listings: every listing (drafts and hidden ones too) with the staff's filters; admins act on a selection. */
export function ListingsPage() {
  const me = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  const grid = useGridState(LISTINGS_GRID);
  const { state } = grid;
  const [selected, setSelected] = useState<string[]>([]);
  const [action, setAction] = useState<BulkAction | null>(null);
  const [importing, setImporting] = useState(false);
  const admin = isAdmin(me);
  const sort = state.sort ? `${state.sort.direction === 'desc' ? '-' : ''}${state.sort.field}` : undefined;
  const filters = listingFilters(state.filters);
  const { data, error, isFetching } = useAdminSearchListingsQuery({
    page: state.page,
    limit: state.pageSize,
    ...filters,
    ...(sort && { sort }),
  });
  const { city: _city, ...facetFilters } = state.filters;
  const facetBody = listingFilters(facetFilters);
  const { data: facets } = useFilterListingsQuery({
    listingSearchDto: { ...facetBody },
  });
  const cityOptions: Array<readonly [string, string]> = (facets?.cities ?? []).map((c) => [c.code, `${c.name} (${c.count})`] as const);
  if (state.filters.city && !cityOptions.some(([c]) => c === state.filters.city)) cityOptions.unshift([state.filters.city, state.filters.city]);

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <PageHeading
        title="Listings"
        subtitle={
          state.filters.owner ? (
            <>
              One owner's listings.{' '}
              <Link component="button" onClick={() => grid.setFilters({ owner: undefined })}>
                Show every owner
              </Link>
            </>
          ) : (
            'Every listing, drafts and hidden ones too. Open one to review its documents and reports.'
          )
        }
        actions={
          <>
            <ExportButton entity="listing" filters={filters as unknown as Record<string, unknown>} sort={sort} />
            {admin && (
              <Button variant="outlined" startIcon={<CloudUploadOutlinedIcon />} onClick={() => setImporting(true)}>
                Import JSON
              </Button>
            )}
          </>
        }
      />
      <FilterBar grid={grid} label="Filter listings">
        <TextFilter grid={grid} name="q" label="Name, code or address" />
        <SelectFilter grid={grid} name="status" label="Status" options={Object.entries(LISTING_STATUS_LABELS)} />
        <SelectFilter grid={grid} name="type" label="Type" options={LISTING_TYPES.map((t) => [t, LISTING_TYPE_LABELS[t]] as const)} />
        <SelectFilter grid={grid} name="city" label="City" options={cityOptions} />
        <YesNoFilter grid={grid} name="verified" label="Verified" />
        <YesNoFilter grid={grid} name="hasDocuments" label="Has documents" />
        <YesNoFilter grid={grid} name="reported" label="Reported" />
        <YesNoFilter grid={grid} name="visible" label="Visible" />
      </FilterBar>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <DataTable<StaffListing>
        label="Listings"
        grid={grid}
        columns={columns}
        rows={data?.listings ?? []}
        rowCount={data?.pagination.totalItems ?? 0}
        loading={isFetching}
        onRowClick={(r) => navigate(`/admin/listings/${r._id}/review`)}
        selection={admin ? { ids: selected, onChange: setSelected } : undefined}
        noRowsLabel="No listings match these filters"
        header={
          admin && selected.length > 0 ? (
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{
                flexWrap: 'wrap',
                alignItems: 'center',
                p: 1,
                bgcolor: 'action.selected',
              }}
              data-testid="bulk-bar"
            >
              <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }}>
                {selected.length} selected
              </Typography>
              {(Object.keys(BULK) as BulkAction[]).map((a) => (
                <Button key={a} size="small" variant="outlined" color={BULK[a].color} onClick={() => setAction(a)}>
                  {BULK[a].label}
                </Button>
              ))}
            </Stack>
          ) : null
        }
      />
      {action && <BulkConfirm action={action} ids={selected} onClose={() => setAction(null)} onDone={() => setSelected([])} />}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </Stack>
  );
}
