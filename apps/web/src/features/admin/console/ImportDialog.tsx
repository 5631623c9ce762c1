import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { messageFromBody } from '@/lib/api/errors';
import { selectAuth, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { apiUrl } from './export-client';
import { consoleApi, useImportStatusQuery, type ListingImport } from './console-api';

/** POST /listing/import/json with the file as multipart field `file`; the status and JSON body, whatever the status. */
async function sendImport(file: File, token: string | null): Promise<{ ok: boolean; status: number; body: unknown }> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    const res = await fetch(apiUrl('/api/listing/import/json'), {
      method: 'POST',
      headers: { accept: 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: form,
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { ok: res.ok, status: res.status, body };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}

const FINISHED = new Set(['done', 'finished', 'completed', 'failed']);

/** The counts and rejected rows of an import; follows it (GET /listing/import/{id} every second) until it finishes. */
export function ImportReport({ initial, id }: { initial?: ListingImport; id: string }) {
  const [stopped, setStopped] = useState(initial ? FINISHED.has(initial.status) : false);
  const { data, error } = useImportStatusQuery(id, {
    pollingInterval: stopped ? 0 : 1000,
    skip: !id,
  });
  const report = data ?? initial;
  // finished: no more polling (state set while rendering, as React allows for a component's own state)
  if (!stopped && report && FINISHED.has(report.status)) setStopped(true);
  if (!report) return error ? <Alert severity="error">This import could not be read.</Alert> : <LinearProgress aria-label="Loading the import" />;
  const running = !FINISHED.has(report.status);
  const pct = report.progress != null ? Math.round(report.progress) : null;
  const rejections = report.rejections ?? [];
  return (
    <Stack spacing={2} data-testid="import-report">
      {running && (
        <Box>
          <Typography variant="body2">
            Importing
            {report.totalRows ? ` ${report.totalRows.toLocaleString('en-PH')} rows` : ''}…
          </Typography>
          <LinearProgress variant={pct != null ? 'determinate' : 'indeterminate'} value={pct ?? undefined} aria-label="Import progress" />
        </Box>
      )}
      {report.status === 'failed' && <Alert severity="error">The import failed{report.error ? `: ${report.error}` : ''}.</Alert>}
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {(
          [
            ['Created', report.created],
            ['Updated', report.updated],
            ['Unchanged', report.unchanged],
            ['Rejected', report.rejected],
          ] as const
        ).map(([label, n]) => (
          <Box key={label}>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={`import-${label.toLowerCase()}`}>
              {(n ?? 0).toLocaleString('en-PH')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
          </Box>
        ))}
      </Stack>
      {rejections.length > 0 && (
        <TableContainer
          sx={{
            maxHeight: 300,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          <Table size="small" stickyHeader aria-label="Rejected rows">
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>Code</TableCell>
                <TableCell>Reason</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rejections.map((r, i) => (
                <TableRow key={`${r.row}-${i}`}>
                  <TableCell>{r.row}</TableCell>
                  <TableCell>{r.code ?? '—'}</TableCell>
                  <TableCell>{r.reason}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

/**
 * Import JSON (admins, on the listings table): a .json file of listings to POST /listing/import/json
 * (multipart field `file`). The server's message is shown, then the report (at once for a 200, followed
 * to the end for a 202).
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { token } = useAppSelector(selectAuth);
  const dispatch = useAppDispatch();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [result, setResult] = useState<ListingImport | null>(null);

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setMessage(null);
    const res = await sendImport(file, token);
    setBusy(false);
    const body = res.body as {
      message?: string;
      import?: ListingImport;
    } | null;
    const text =
      messageFromBody(body) ?? (res.ok ? 'Import started' : res.status ? `HTTP error! status: ${res.status}` : 'Could not reach the server');
    setMessage({ ok: res.ok, text });
    if (res.ok && body?.import) {
      setResult(body.import);
      dispatch(consoleApi.util.invalidateTags(['Import', { type: 'Listing', id: 'LIST' }]));
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="import-title" fullWidth maxWidth="sm">
      <DialogTitle id="import-title">Import listings from JSON</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {!result && (
            <>
              <DialogContentText>
                A JSON array of listings, in the shape the export and the API use. A listing whose <code>code</code> exists is updated; the others are
                created. Each row is checked like a new listing; rejected rows are listed with the reason.
              </DialogContentText>
              <Button variant="outlined" component="label" disabled={busy}>
                {file ? file.name : 'Choose a .json file'}
                <input
                  hidden
                  type="file"
                  accept=".json,application/json"
                  aria-label="JSON file"
                  onChange={(e) => {
                    setFile(e.target.files?.[0] ?? null);
                    setMessage(null);
                  }}
                />
              </Button>
            </>
          )}
          {busy && <LinearProgress aria-label="Uploading" />}
          {message && (
            <Alert severity={message.ok ? 'info' : 'error'} data-testid="import-message">
              {message.text}
            </Alert>
          )}
          {result && <ImportReport initial={result} id={result.id} />}
          {result && result.id && (
            <Typography variant="body2">
              <Link component={RouterLink} to={`/admin/imports/${result.id}`} onClick={onClose}>
                Open this import
              </Link>
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {result ? 'Close' : 'Cancel'}
        </Button>
        {!result && (
          <Button variant="contained" onClick={() => void upload()} disabled={!file || busy}>
            Import
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
