import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/GetAppOutlined';
import { errorMessage } from '@/lib/api/errors';
import { selectAuth, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import {
  
  useExportStatusQuery,
  useLazyExportPreviewQuery,
  type ExportBody,
  type ExportEntity,
  type ExportFormat,
  type ExportJob,
} from './console-api';
import { requestExport, saveBlob } from './export-client';

const TITLES: Record<ExportEntity, string> = {
  user: 'Users',
  listing: 'Listings',
  audit: 'Audit log',
};
const DONE = new Set(['ready', 'done', 'completed', 'failed', 'expired']);

export interface ExportDialogProps {
  entity: ExportEntity;
  /** The table's filters, as the search body's query. */
  filters: Record<string, unknown>;
  sort?: string;
  onClose: () => void;
}

/** Follows a 202 export: GET /export/{id} every second until it is ready (a download link) or failed. */
export function ExportProgress({ job }: { job: ExportJob }) {
  const id = job.id;
  const [stopped, setStopped] = useState(false);
  const { data } = useExportStatusQuery(id, {
    pollingInterval: stopped ? 0 : 1000,
    skip: !id,
  });
  const current = data ?? job;
  // finished: no more polling (state set while rendering, as React allows for a component's own state)
  if (!stopped && DONE.has(current.status)) setStopped(true);
  const total = current.totalRows ?? null;
  const written = current.rowsWritten ?? 0;
  const pct =
    current.progress != null
      ? Math.round(current.progress)
      : total
        ? Math.round((written / total) * 100)
        : null;
  if (current.status === 'failed') return <Alert severity="error">The export failed{current.error ? `: ${current.error}` : ''}.</Alert>;
  if (current.status === 'expired') return <Alert severity="warning">This export has expired; export again.</Alert>;
  if (current.downloadUrl && DONE.has(current.status))
    return (
      <Alert
        severity="success"
        action={
          <Button component="a" href={current.downloadUrl} download={current.fileName ?? undefined} startIcon={<FileDownloadOutlinedIcon />}>
            Download
          </Button>
        }
      >
        {current.fileName ?? 'The file'} is ready
        {total != null ? ` (${total.toLocaleString('en-PH')} rows)` : ''}.
      </Alert>
    );
  return (
    <Stack spacing={1} data-testid="export-progress">
      <Typography variant="body2">
        Exporting
        {total != null ? `: ${written.toLocaleString('en-PH')} of ${total.toLocaleString('en-PH')} rows` : '…'} You can close this dialog: the file
        will be in <RouterLink to="/admin/exports">Exports</RouterLink> and you get a notification.
      </Typography>
      <LinearProgress variant={pct != null ? 'determinate' : 'indeterminate'} value={pct ?? undefined} aria-label="Export progress" />
    </Stack>
  );
}

/**
 * Export of a table (users, listings, audit log) with its filters and sort: CSV or PDF, the columns, a
 * PDF's orientation and page size, a title; Preview shows the first 10 rows (POST /{entity}/export/preview).
 * A 200 answer is saved as its file; a 202 is followed to its download link.
 */
export function ExportDialog({ entity, filters, sort, onClose }: ExportDialogProps) {
  const dispatch = useAppDispatch();
  const { token } = useAppSelector(selectAuth);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [orientation, setOrientation] = useState<'landscape' | 'portrait'>('landscape');
  const [pageSize, setPageSize] = useState<'A4' | 'Letter' | 'Legal'>('A4');
  const [title, setTitle] = useState(`${TITLES[entity]} report`);
  const [columns, setColumns] = useState<{ key: string; label: string }[] | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [preview, previewState] = useLazyExportPreviewQuery();
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<ExportJob | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const body = (): ExportBody => ({
    filters,
    ...(sort && { sort }),
    ...(chosen.length > 0 && {
      select: columns ? columns.map((c) => c.key).filter((k) => chosen.includes(k)) : chosen,
    }),
    ...(format === 'pdf' && { layout: { orientation, pageSize } }),
    ...(title.trim() && { title: title.trim() }),
  });

  // the first preview tells the columns there are (all chosen)
  useEffect(() => {
    void preview({ entity, body: { filters, ...(sort && { sort }) } })
      .unwrap()
      .then((p) => {
        setColumns(p.columns);
        setChosen(p.columns.map((c) => c.key));
      })
      .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const run = async () => {
    setBusy(true);
    setFailure(null);
    const outcome = await requestExport(entity, format, body(), token);
    setBusy(false);
    if (outcome.kind === 'file') {
      saveBlob(outcome.blob, outcome.fileName);
      dispatch(toast.success('Export downloaded', outcome.fileName));
      onClose();
    } else if (outcome.kind === 'job') {
      setJob(outcome.job);
    } else {
      const text = `Failed to export file: ${outcome.message}`;
      setFailure(text);
      dispatch(toast.error(text));
    }
  };

  const shown = previewState.data;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="export-title" fullWidth maxWidth="md">
      <DialogTitle id="export-title">Export {TITLES[entity].toLowerCase()}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {job ? (
            <ExportProgress job={job} />
          ) : (
            <>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                <ToggleButtonGroup
                  exclusive
                  value={format}
                  onChange={(_e, v: ExportFormat | null) => v && setFormat(v)}
                  aria-label="Format"
                  size="small"
                >
                  <ToggleButton value="csv">CSV</ToggleButton>
                  <ToggleButton value="pdf">PDF</ToggleButton>
                </ToggleButtonGroup>
                <TextField size="small" label="Title" value={title} onChange={(e) => setTitle(e.target.value)} sx={{ flex: 1 }} />
              </Stack>
              {format === 'pdf' && (
                <Stack direction="row" spacing={2}>
                  <TextField
                    select
                    size="small"
                    label="Orientation"
                    value={orientation}
                    onChange={(e) => setOrientation(e.target.value as 'landscape' | 'portrait')}
                    sx={{ minWidth: 150 }}
                  >
                    <MenuItem value="landscape">Landscape</MenuItem>
                    <MenuItem value="portrait">Portrait</MenuItem>
                  </TextField>
                  <TextField
                    select
                    size="small"
                    label="Page size"
                    value={pageSize}
                    onChange={(e) => setPageSize(e.target.value as 'A4' | 'Letter' | 'Legal')}
                    sx={{ minWidth: 120 }}
                  >
                    <MenuItem value="A4">A4</MenuItem>
                    <MenuItem value="Letter">Letter</MenuItem>
                    <MenuItem value="Legal">Legal</MenuItem>
                  </TextField>
                </Stack>
              )}
              {columns && (
                <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                  <FormLabel component="legend">Columns</FormLabel>
                  <FormGroup row>
                    {columns.map((c) => (
                      <FormControlLabel
                        key={c.key}
                        control={
                          <Checkbox
                            size="small"
                            checked={chosen.includes(c.key)}
                            onChange={(e) => setChosen((now) => (e.target.checked ? [...now, c.key] : now.filter((k) => k !== c.key)))}
                          />
                        }
                        label={c.label}
                      />
                    ))}
                  </FormGroup>
                </Box>
              )}
              {previewState.error && <Alert severity="warning">Preview: {errorMessage(previewState.error)}</Alert>}
              {failure && <Alert severity="error">{failure}</Alert>}
              {shown && (
                <Box>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    The first {shown.rows.length} of {shown.total.toLocaleString('en-PH')} rows
                  </Typography>
                  <TableContainer
                    sx={{
                      maxHeight: 320,
                      border: 1,
                      borderColor: 'divider',
                      borderRadius: 1,
                    }}
                  >
                    <Table size="small" stickyHeader aria-label="Export preview">
                      <TableHead>
                        <TableRow>
                          {shown.columns.map((c) => (
                            <TableCell key={c.key} sx={{ whiteSpace: 'nowrap' }}>
                              {c.label}
                            </TableCell>
                          ))}
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {shown.rows.map((r, i) => (
                          <TableRow key={i}>
                            {r.map((cell, j) => (
                              <TableCell
                                key={j}
                                sx={{
                                  whiteSpace: 'nowrap',
                                  maxWidth: 260,
                                  overflow: 'hidden',
                                  textOverflow: 'ellipsis',
                                }}
                              >
                                {cell}
                              </TableCell>
                            ))}
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </TableContainer>
                </Box>
              )}
            </>
          )}
          {busy && <LinearProgress aria-label="Exporting" />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {job ? 'Close' : 'Cancel'}
        </Button>
        {!job && (
          <>
            <Button onClick={() => void preview({ entity, body: body() })} disabled={busy || previewState.isFetching || chosen.length === 0}>
              Preview
            </Button>
            <Button
              variant="contained"
              onClick={() => void run()}
              disabled={busy || (chosen.length === 0 && !!columns)}
              startIcon={<FileDownloadOutlinedIcon />}
            >
              Export
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The Export button of a table, opening its dialog. */
export function ExportButton({ entity, filters, sort }: Omit<ExportDialogProps, 'onClose'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={() => setOpen(true)}>
        Export
      </Button>
      {open && <ExportDialog entity={entity} filters={filters} sort={sort} onClose={() => setOpen(false)} />}
    </>
  );
}
