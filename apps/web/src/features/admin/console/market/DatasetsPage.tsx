import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@/lib/api/errors';
import { useGetDatasetsQuery } from '@/lib/api/generated';
import { formatDayTime } from '@/lib/billing-text';
import { PageHeading } from '../PageHeading';

const rows = new Intl.NumberFormat('en-PH');

/** /admin/market/datasets: the public statistics loaded for the reports (source, file, rows, period, when imported). */
export function DatasetsPage() {
  const { data, error, isLoading } = useGetDatasetsQuery();
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <PageHeading title="Statistics loaded" subtitle="The public statistics behind the market reports, as the importers last loaded them." />
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {isLoading && <Typography color="text.secondary">Loading…</Typography>}
      {data && data.items.length === 0 && <Alert severity="info">No statistics are loaded yet: the reports built on them say so.</Alert>}
      {data && data.items.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Statistics loaded">
            <TableHead>
              <TableRow>
                <TableCell>Dataset</TableCell>
                <TableCell>Source</TableCell>
                <TableCell>File</TableCell>
                <TableCell align="right">Rows</TableCell>
                <TableCell>Period</TableCell>
                <TableCell>Imported</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((d) => (
                <TableRow key={d.dataset}>
                  <TableCell component="th" scope="row">
                    {d.title}
                    <Typography variant="caption" display="block" color="text.secondary">
                      {d.dataset}
                    </Typography>
                  </TableCell>
                  <TableCell>{d.source}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{d.fileName}</TableCell>
                  <TableCell align="right">{rows.format(d.rows)}</TableCell>
                  <TableCell>{d.periodFrom && d.periodTo ? (d.periodFrom === d.periodTo ? d.periodFrom : `${d.periodFrom} – ${d.periodTo}`) : '—'}</TableCell>
                  <TableCell>{formatDayTime(d.importedAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
