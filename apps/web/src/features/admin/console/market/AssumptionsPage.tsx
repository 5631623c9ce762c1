import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { errorMessage } from '@/lib/api/errors';
import {
  useGetCostAssumptionsQuery,
  useResetCostAssumptionsMutation,
  useUpdateCostAssumptionsMutation,
  type CostAssumptionRangeDto,
  type CostAssumptionsEntryDto,
  type CostAssumptionValuesDto,
} from '@/lib/api/generated';
import { isAdmin } from '@/lib/api/types';
import { formatDayTime } from '@/lib/billing-text';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { PageHeading } from '../PageHeading';
import { kindLabel, parseAssumption } from './market-text';

type Field = keyof CostAssumptionValuesDto;

function EditDialog({ entry, fields, onClose }: { entry: CostAssumptionsEntryDto; fields: CostAssumptionRangeDto[]; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [save, { isLoading, error }] = useUpdateCostAssumptionsMutation();
  const [inputs, setInputs] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.field, String(entry.values[f.field as Field])])),
  );
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const parsed = Object.fromEntries(fields.map((f) => [f.field, parseAssumption(inputs[f.field] ?? '', f)]));
  const problems = Object.fromEntries(
    fields.map((f) => {
      const p = parsed[f.field];
      return [f.field, typeof p === 'string' ? p : p === null ? `${f.label}: enter a number` : null];
    }),
  );
  const changed = fields.filter((f) => typeof parsed[f.field] === 'number' && parsed[f.field] !== entry.values[f.field as Field]);
  const noteProblem = note.trim() ? null : 'Say why: the source of the new figures';
  const bad = Object.values(problems).some(Boolean) || !!noteProblem || changed.length === 0;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (bad) return;
    const values = Object.fromEntries(changed.map((f) => [f.field, parsed[f.field] as number])) as unknown as CostAssumptionValuesDto;
    const result = await save({ kind: entry.kind, updateCostAssumptionsDto: { values, note: note.trim() } });
    if ('data' in result && result.data) {
      dispatch(toast.success('Assumptions saved', kindLabel(entry.kind)));
      onClose();
    }
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="assumptions-dialog-title" fullWidth maxWidth="sm" fullScreen={phone}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="assumptions-dialog-title">Cost assumptions: {kindLabel(entry.kind)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{errorMessage(error)}</Alert>}
            {fields.map((f) => (
              <TextField
                key={f.field}
                label={`${f.label} (${f.unit})`}
                inputMode="decimal"
                value={inputs[f.field] ?? ''}
                onChange={(e) => setInputs((s) => ({ ...s, [f.field]: e.target.value }))}
                error={touched && !!problems[f.field]}
                helperText={(touched && problems[f.field]) || `Default ${entry.defaults[f.field as Field]}; ${f.min} to ${f.max}`}
              />
            ))}
            <TextField
              label="Why (source)"
              required
              value={note}
              onChange={(e) => setNote(e.target.value)}
              error={touched && !!noteProblem}
              helperText={(touched && noteProblem) || 'Reports name these assumptions; say where the new figures come from'}
            />
            {touched && changed.length === 0 && !Object.values(problems).some(Boolean) && <Alert severity="info">Nothing changed.</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

interface RowProps {
  entry: CostAssumptionsEntryDto;
  fields: CostAssumptionRangeDto[];
  canWrite: boolean;
  resetting: boolean;
  onEdit: () => void;
  onReset: () => void;
}

function StatusChip({ entry }: { entry: CostAssumptionsEntryDto }) {
  return <Chip size="small" variant="outlined" label={entry.isDefault ? 'Default' : 'Changed'} color={entry.isDefault ? 'default' : 'warning'} />;
}

function RowActions({ entry, resetting, onEdit, onReset }: Omit<RowProps, 'fields' | 'canWrite'>) {
  return (
    <>
      <Button size="small" onClick={onEdit} aria-label={`Edit ${kindLabel(entry.kind)}`}>
        Edit
      </Button>
      <Button size="small" color="warning" disabled={entry.isDefault || resetting} onClick={onReset} aria-label={`Reset ${kindLabel(entry.kind)} to the default`}>
        Reset to default
      </Button>
    </>
  );
}

function NoteText({ entry }: { entry: CostAssumptionsEntryDto }) {
  return (
    <>
      {entry.note}
      {entry.updatedAt && (
        <Typography variant="caption" display="block" color="text.secondary">
          {formatDayTime(entry.updatedAt)}
        </Typography>
      )}
    </>
  );
}

/**
 * A phone's view of one kind: its figures as label/value pairs, two to a line. The table's nine columns
 * did not fit 390 px: it scrolled sideways with two columns in view and a header taller than the rows.
 */
function AssumptionCard({ entry, fields, canWrite, resetting, onEdit, onReset }: RowProps) {
  return (
    <Paper variant="outlined" component="li" data-testid={`assumptions-${entry.kind}`} aria-label={kindLabel(entry.kind)} sx={{ p: 1.5, listStyle: 'none' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {kindLabel(entry.kind)}
        </Typography>
        <StatusChip entry={entry} />
      </Stack>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
        {fields.map((f) => {
          const v = entry.values[f.field as Field];
          const d = entry.defaults[f.field as Field];
          return (
            <Box key={f.field} sx={{ minWidth: 0 }}>
              <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.3 }}>
                {f.label} ({f.unit})
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: v !== d ? 700 : undefined }}>
                {v}
                {v !== d && (
                  <Typography component="span" variant="caption" color="text.secondary">
                    {' '}
                    (default {d})
                  </Typography>
                )}
              </Typography>
            </Box>
          );
        })}
      </Box>
      <Typography variant="body2" component="div" sx={{ mt: 1 }}>
        <NoteText entry={entry} />
      </Typography>
      {canWrite && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
          <RowActions entry={entry} resetting={resetting} onEdit={onEdit} onReset={onReset} />
        </Stack>
      )}
    </Paper>
  );
}

/** /admin/market/assumptions: the cost assumptions per property kind (documented defaults unless changed); admins edit and reset. */
export function AssumptionsPage() {
  const dispatch = useAppDispatch();
  const canWrite = isAdmin(useAppSelector(selectCurrentUser));
  const { data, error, isLoading } = useGetCostAssumptionsQuery();
  const [reset, resetState] = useResetCostAssumptionsMutation();
  const [editing, setEditing] = useState<CostAssumptionsEntryDto | null>(null);
  const fields = data?.fields ?? [];
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const doReset = async (entry: CostAssumptionsEntryDto) => {
    const result = await reset({ kind: entry.kind });
    if ('data' in result) dispatch(toast.success('Back to the documented default', kindLabel(entry.kind)));
    else dispatch(toast.error(`Could not reset: ${errorMessage(result.error)}`));
  };
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <PageHeading
        title="Cost assumptions"
        subtitle="Vacancy, operating costs and reserves per property kind behind the cap-ex and capitalization-rate reports. Each report names them."
      />
      {!canWrite && <Alert severity="info">Viewers read the assumptions; admins change them.</Alert>}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {isLoading && <Typography color="text.secondary">Loading…</Typography>}
      {data && phone && (
        <Stack component="ul" spacing={1.5} aria-label="Cost assumptions per property kind" sx={{ p: 0, m: 0 }}>
          {data.items.map((entry) => (
            <AssumptionCard
              key={entry.kind}
              entry={entry}
              fields={fields}
              canWrite={canWrite}
              resetting={resetState.isLoading}
              onEdit={() => setEditing(entry)}
              onReset={() => void doReset(entry)}
            />
          ))}
        </Stack>
      )}
      {data && !phone && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Cost assumptions per property kind">
            <TableHead>
              <TableRow>
                <TableCell>Kind</TableCell>
                {fields.map((f) => (
                  <TableCell key={f.field} align="right">
                    {f.label}
                    <Typography variant="caption" display="block" color="text.secondary">
                      {f.unit}
                    </Typography>
                  </TableCell>
                ))}
                <TableCell>Note</TableCell>
                {canWrite && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((entry) => (
                <TableRow key={entry.kind} data-testid={`assumptions-${entry.kind}`}>
                  <TableCell component="th" scope="row">
                    {kindLabel(entry.kind)}
                    <br />
                    <StatusChip entry={entry} />
                  </TableCell>
                  {fields.map((f) => {
                    const v = entry.values[f.field as Field];
                    const d = entry.defaults[f.field as Field];
                    return (
                      <TableCell key={f.field} align="right" sx={v !== d ? { fontWeight: 700 } : undefined} title={v !== d ? `Default ${d}` : undefined}>
                        {v}
                      </TableCell>
                    );
                  })}
                  <TableCell sx={{ minWidth: 180 }}>
                    <NoteText entry={entry} />
                  </TableCell>
                  {canWrite && (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <RowActions entry={entry} resetting={resetState.isLoading} onEdit={() => setEditing(entry)} onReset={() => void doReset(entry)} />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {data && (
        <Typography variant="caption" color="text.secondary">
          {data.source}. Defaults and their reasons: README, “Market reports”.
        </Typography>
      )}
      {editing && <EditDialog entry={editing} fields={fields} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
