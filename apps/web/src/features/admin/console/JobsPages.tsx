import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
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
import ArrowBackIcon from '@mui/icons-material/KeyboardBackspace';
import { errorMessage } from '@/lib/api/errors';
import { formatDayTime } from '@/lib/billing-text';
import { useExportStatusQuery, useMyExportsQuery, useMyImportsQuery } from './console-api';
import { ExportProgress } from './ExportDialog';
import { ImportReport } from './ImportDialog';
import { PageHeading } from './PageHeading';

const STATUS_COLORS: Record<string, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  queued: 'default',
  running: 'info',
  ready: 'success',
  done: 'success',
  finished: 'success',
  completed: 'success',
  failed: 'error',
  expired: 'warning',
};

function StatusChip({ status }: { status: string }) {
  return <Chip size="small" label={status} color={STATUS_COLORS[status] ?? 'default'} variant="outlined" />;
}

function Back({ to, label }: { to: string; label: string }) {
  return (
    <div>
      <Button component={RouterLink} to={to} startIcon={<ArrowBackIcon />} size="small">
        {label}
      </Button>
    </div>
  );
}

/** /admin/exports: the caller's exports (GET /export/my) with their status and download links. */
export function ExportsPage() {
  const { data, error, isLoading } = useMyExportsQuery(undefined, {
    pollingInterval: 5000,
  });
  const rows = data?.exports ?? [];
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <PageHeading title="My exports" subtitle="Files you exported from the tables. Each file is kept for a day." />
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {isLoading && <Skeleton variant="rounded" height={200} />}
      {data && rows.length === 0 && <Typography color="text.secondary">No exports yet: use Export on the users, listings or audit table.</Typography>}
      {rows.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="My exports">
            <TableHead>
              <TableRow>
                <TableCell>File</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Rows</TableCell>
                <TableCell>Requested</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((j) => (
                <TableRow key={j.id}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Link component={RouterLink} to={`/admin/exports/${j.id}`}>
                      {j.fileName ?? j.id}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <StatusChip status={j.status} />
                  </TableCell>
                  <TableCell align="right">{(j.totalRows ?? j.rowsWritten ?? 0).toLocaleString('en-PH')}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDayTime(j.createdAt)}</TableCell>
                  <TableCell align="right">
                    {j.downloadUrl && (
                      <Button size="small" component="a" href={j.downloadUrl} download={j.fileName ?? undefined}>
                        Download
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

/** /admin/exports/{id} (the export notification's link): the job's progress and its download link. */
export function ExportPage() {
  const { id = '' } = useParams();
  const { data, error } = useExportStatusQuery(id);
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Back to="/admin/exports" label="My exports" />
      <PageHeading title={data?.fileName ?? 'Export'} />
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {data && <ExportProgress job={data} />}
    </Stack>
  );
}

/** /admin/imports: recent listing imports with their counts. */
export function ImportsPage() {
  const { data, error, isLoading } = useMyImportsQuery(undefined, {
    pollingInterval: 5000,
  });
  const rows = data?.imports ?? [];
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <PageHeading title="Imports" subtitle="Listing imports (JSON), newest first. Start one with Import JSON on the listings table." />
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {isLoading && <Skeleton variant="rounded" height={200} />}
      {data && rows.length === 0 && <Typography color="text.secondary">No imports yet.</Typography>}
      {rows.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Imports">
            <TableHead>
              <TableRow>
                <TableCell>File</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Created</TableCell>
                <TableCell align="right">Updated</TableCell>
                <TableCell align="right">Unchanged</TableCell>
                <TableCell align="right">Rejected</TableCell>
                <TableCell>Started</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Link component={RouterLink} to={`/admin/imports/${r.id}`}>
                      {r.fileName ?? r.id}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <StatusChip status={r.status} />
                  </TableCell>
                  <TableCell align="right">{r.created ?? 0}</TableCell>
                  <TableCell align="right">{r.updated ?? 0}</TableCell>
                  <TableCell align="right">{r.unchanged ?? 0}</TableCell>
                  <TableCell align="right">{r.rejected ?? 0}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDayTime(r.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

/** /admin/imports/{id} (the import notification's link): the import's report. */
export function ImportPage() {
  const { id = '' } = useParams();
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Back to="/admin/imports" label="Imports" />
      <PageHeading title="Import" />
      <ImportReport id={id} />
    </Stack>
  );
}
