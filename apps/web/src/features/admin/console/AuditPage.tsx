import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import type { GridColDef } from '@mui/x-data-grid';
import type { AuditEntityDto, AuditEntryDto, AuditQueryDto, AuditSearchDto } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { formatDayTime } from '@/lib/billing-text';
import { useAdminAuditFacetsQuery, useAdminSearchAuditQuery } from './console-api';
import { DataTable } from './DataTable';
import { ExportButton } from './ExportDialog';
import { DateFilter, FilterBar, SelectFilter, TextFilter, dayEnd, dayStart } from './filters';
import type { GridConfig } from './grid-url-state';
import { SEVERITIES, SEVERITY_LABELS } from './labels';
import { PageHeading } from './PageHeading';
import { EntityLink, SeverityChip } from './SeverityChip';
import { useGridState } from './use-grid-state';

const COLUMNS = ['expand', 'timestamp', 'severity', 'type', 'description', 'actor', 'entity'] as const;

export const AUDIT_GRID: GridConfig = {
  filterKeys: ['q', 'type', 'severity', 'actor', 'entityKind', 'entityId', 'from', 'to'],
  sortable: ['timestamp'],
  defaultSort: { field: 'timestamp', direction: 'desc' },
  columns: COLUMNS,
  defaultColumns: COLUMNS,
};

/** The kinds of entity an entry can be about (the audit query's entity.kind). */
const ENTITY_KINDS: AuditEntityDto['kind'][] = ['user', 'listing', 'review', 'subscription', 'payment', 'credits', 'currency_rate', 'export', 'import', 'listing_report', 'thread', 'message', 'saved_item', 'activity', 'audit'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The table's filters as the query of POST /audit/search (and the audit export). */
export function auditQuery(f: Record<string, string>): AuditQueryDto {
  const q: AuditQueryDto = {};
  if (f.q) q.text = f.q;
  if (f.type) q.type = [f.type as NonNullable<AuditQueryDto['type']>[number]];
  if (f.severity) q.severity = [f.severity as NonNullable<AuditQueryDto['severity']>[number]];
  if (f.actor && UUID.test(f.actor)) q.actor = f.actor;
  if (f.entityKind)
    q.entity = {
      kind: f.entityKind as NonNullable<AuditQueryDto['entity']>['kind'],
      ...(f.entityId && UUID.test(f.entityId) && { id: f.entityId }),
    };
  if (f.from) q.from = dayStart(f.from);
  if (f.to) q.to = dayEnd(f.to);
  return q;
}

function Detail({ e }: { e: AuditEntryDto }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        mt: 0.5,
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 1.5,
        fontSize: 13,
      }}
      data-testid="audit-detail"
    >
      {(
        [
          ['IP', e.ip],
          ['User agent', e.userAgent],
          ['Request id', e.requestId],
          ['Entry id', e._id],
        ] as const
      ).map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {k}
          </Typography>
          <Typography component="dd" variant="caption" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
            {v ?? '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** /admin/audit: the audit log (POST /audit/search) with the severity colours, filters, entity links and each entry's request details. */
export function AuditPage() {
  const grid = useGridState(AUDIT_GRID);
  const { state } = grid;
  const [open, setOpen] = useState<Set<string>>(new Set());
  const query = auditQuery(state.filters);
  const body: AuditSearchDto = {
    page: state.page,
    limit: state.pageSize,
    query,
    sort: state.sort?.direction === 'asc' ? 'timestamp' : '-timestamp',
  };
  const { data, error, isFetching } = useAdminSearchAuditQuery(body);
  // the types to offer: those with entries for the other filters, with their counts (POST /audit/filter)
  const { type: _type, ...others } = state.filters;
  const { data: facets } = useAdminAuditFacetsQuery({ query: auditQuery(others) });
  const typeOptions: Array<readonly [string, string]> = (facets?.type ?? []).map((f) => [f.value, `${f.value} (${f.count.toLocaleString('en-PH')})`] as const);
  if (state.filters.type && !typeOptions.some(([t]) => t === state.filters.type)) typeOptions.unshift([state.filters.type, state.filters.type]);
  const toggle = (id: string) =>
    setOpen((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: GridColDef<AuditEntryDto>[] = [
    {
      field: 'expand',
      headerName: '',
      width: 48,
      hideable: false,
      renderCell: ({ row }) => (
        <IconButton
          size="small"
          aria-label={open.has(row._id) ? 'Hide details' : 'Show details'}
          aria-expanded={open.has(row._id)}
          onClick={(e) => {
            e.stopPropagation();
            toggle(row._id);
          }}
        >
          {open.has(row._id) ? <KeyboardArrowDownIcon fontSize="small" /> : <KeyboardArrowRightIcon fontSize="small" />}
        </IconButton>
      ),
    },
    {
      field: 'timestamp',
      headerName: 'Time',
      width: 175,
      valueGetter: (_v, row) => formatDayTime(row.timestamp),
    },
    {
      field: 'severity',
      headerName: 'Severity',
      width: 105,
      renderCell: ({ row }) => <SeverityChip severity={row.severity} />,
    },
    { field: 'type', headerName: 'Type', width: 200 },
    {
      field: 'description',
      headerName: 'Description',
      minWidth: 260,
      flex: 1.5,
      renderCell: ({ row }) => (
        <Box
          sx={{
            py: open.has(row._id) ? 1 : 0,
            whiteSpace: open.has(row._id) ? 'normal' : 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            width: '100%',
          }}
        >
          {row.description}
          {open.has(row._id) && <Detail e={row} />}
        </Box>
      ),
    },
    {
      field: 'actor',
      headerName: 'Actor',
      minWidth: 170,
      flex: 0.8,
      renderCell: ({ row }) =>
        row.user ? (
          <Link component={RouterLink} to={`/admin/users/${row.user._id}`} onClick={(e) => e.stopPropagation()}>
            {row.user.name ?? row.user.email ?? row.user._id}
          </Link>
        ) : (
          <Typography variant="body2" color="text.secondary">
            System
          </Typography>
        ),
    },
    {
      field: 'entity',
      headerName: 'Entity',
      width: 170,
      renderCell: ({ row }) => <EntityLink entity={row.entity} />,
    },
  ];

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <PageHeading
        title="Audit log"
        subtitle={
          data?.totalIsEstimate
            ? `About ${data.pagination.totalItems.toLocaleString('en-PH')} entries (an estimate)`
            : 'Who did what, newest first. Open an entry for its address, browser and request id.'
        }
        actions={<ExportButton entity="audit" filters={query as Record<string, unknown>} sort={body.sort} />}
      />
      <FilterBar grid={grid} label="Filter the audit log">
        <TextFilter grid={grid} name="q" label="Words, name or e-mail" />
        <SelectFilter grid={grid} name="type" label="Type" options={typeOptions} />
        <SelectFilter grid={grid} name="severity" label="Severity" options={SEVERITIES.map((s) => [s, SEVERITY_LABELS[s]] as const)} />
        <TextFilter grid={grid} name="actor" label="Actor (user id)" width={200} />
        <SelectFilter grid={grid} name="entityKind" label="Entity kind" options={ENTITY_KINDS.map((k) => [k, k.replace('_', ' ')] as const)} />
        {state.filters.entityKind && <TextFilter grid={grid} name="entityId" label="Entity id" width={200} />}
        <DateFilter grid={grid} name="from" label="From" />
        <DateFilter grid={grid} name="to" label="To" />
      </FilterBar>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <DataTable<AuditEntryDto>
        label="Audit log"
        grid={grid}
        columns={columns}
        rows={data?.entries ?? []}
        rowCount={data?.pagination.totalItems ?? 0}
        loading={isFetching}
        tallRows={(r) => open.has(r._id)}
        noRowsLabel="No entries match these filters"
      />
    </Stack>
  );
}
