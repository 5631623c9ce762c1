import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { CREDIT_MAX_MOVE, PLANS } from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { EmptyState } from '@/components/ui/EmptyState';
import type { CreditBalance } from '@/lib/api/billing';
import { errorMessage } from '@/lib/api/errors';
import { useGetAllCreditsQuery, useUpdateCreditsMutation } from '@/lib/api/generated';
import { isAdmin } from '@/lib/api/types';
import { formatCredits } from '@/lib/billing-text';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { GivePlanDialog, NOTE_LIMITS, noteError, type GivePlanMember } from './GivePlanDialog';

const PAGE_SIZE = 20;

function nameOf(b: CreditBalance): string {
  return `${b.firstName} ${b.lastName}`.trim() || b.email;
}

/** The amount typed: a whole number (a change may be negative); null when it is not one. */
export function parseCredits(raw: string, allowNegative: boolean): number | null {
  const text = raw.replace(/[,\s]/g, '');
  if (!/^-?\d+$/.test(text)) return null;
  const n = Number(text);
  if (!allowNegative && n < 0) return null;
  return Math.abs(n) <= CREDIT_MAX_MOVE ? n : null;
}

/** Adds or takes credits, or sets the balance (PUT /user/ai/credits/{id}), always with a reason. */
function AdjustDialog({ balance, onClose }: { balance: CreditBalance; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [adjust, { isLoading, error }] = useUpdateCreditsMutation();
  const [mode, setMode] = useState<'change' | 'remaining'>('change');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const value = parseCredits(amount, mode === 'change');
  const amountProblem =
    value === null
      ? mode === 'change'
        ? `A whole number of credits to add (or, with a minus, to take), up to ${formatCredits(CREDIT_MAX_MOVE)}`
        : `The new balance: a whole number from 0 to ${formatCredits(CREDIT_MAX_MOVE)}`
      : mode === 'change' && value === 0
        ? 'Add or take at least one credit'
        : mode === 'change' && balance.remaining + value < 0
          ? `The balance is ${formatCredits(balance.remaining)}: at most that many can be taken`
          : null;
  const reasonProblem = noteError(reason);
  const after = value === null ? null : mode === 'change' ? balance.remaining + value : value;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (amountProblem || reasonProblem || value === null) return;
    const result = await adjust({
      id: balance._id,
      adjustCreditsDto: { ...(mode === 'change' ? { change: value } : { remaining: value }), reason: reason.trim() },
    });
    if (result.data) {
      dispatch(toast.success(`${nameOf(balance)} has ${formatCredits(result.data.remaining)} AI credits`));
      onClose();
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="adjust-title" fullWidth maxWidth="xs">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="adjust-title">Adjust {nameOf(balance)}'s credits</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {balance.email} has {formatCredits(balance.remaining)} AI credits. The change shows in their credit history with the reason.
            </DialogContentText>
            {error && <Alert severity="error">{errorMessage(error)}</Alert>}
            <TextField select label="Adjustment" value={mode} onChange={(e) => setMode(e.target.value as 'change' | 'remaining')}>
              <MenuItem value="change">Add or take credits</MenuItem>
              <MenuItem value="remaining">Set the balance</MenuItem>
            </TextField>
            <TextField
              label={mode === 'change' ? 'Credits to add (minus to take)' : 'New balance'}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              required
              autoFocus
              error={touched && !!amountProblem}
              helperText={touched && amountProblem ? amountProblem : after !== null && after >= 0 ? `Balance after: ${formatCredits(after)}` : ' '}
              slotProps={{ htmlInput: { inputMode: mode === 'change' ? 'text' : 'numeric' } }}
            />
            <TextField
              label="Reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
              multiline
              minRows={2}
              error={touched && !!reasonProblem}
              helperText={touched && reasonProblem ? reasonProblem : 'Shown in the ledger and the audit log'}
              slotProps={{ htmlInput: { maxLength: NOTE_LIMITS.max } }}
            />
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

/**
 * /admin/credits (staff): members' AI credit balances, the largest first, searched by name or e-mail
 * (GET /user/ai/credits/get/all; the search and page in the address). Admins adjust a balance (a change
 * or a new balance, with a reason) and give a plan; a viewer reads only.
 */
export function CreditsAdminPage() {
  const me = useAppSelector(selectCurrentUser);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const [text, setText] = useState(q);
  const [adjusting, setAdjusting] = useState<CreditBalance | null>(null);
  const [giving, setGiving] = useState<GivePlanMember | null>(null);
  const { data, error, isLoading, isFetching } = useGetAllCreditsQuery({ page, limit: PAGE_SIZE, ...(q && { text: q }) });
  const canAct = isAdmin(me);
  const go = (next: { q?: string; page?: number }) => {
    const out: Record<string, string> = {};
    const nq = next.q ?? q;
    const np = next.page ?? 1;
    if (nq) out.q = nq;
    if (np > 1) out.page = String(np);
    setParams(out);
  };

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Stack spacing={2.5}>
        <div>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            Member credits
          </Typography>
          <Typography color="text.secondary">
            AI credit balances, the largest first. {canAct ? 'Every adjustment needs a reason.' : 'You can look; adjustments are for admins.'}
          </Typography>
        </div>
        <Box
          component="form"
          role="search"
          aria-label="Member credits"
          onSubmit={(e) => {
            e.preventDefault();
            go({ q: text.trim() });
          }}
        >
          <TextField
            size="small"
            fullWidth
            label="Member name or e-mail"
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton type="submit" aria-label="Search" edge="end" size="small">
                      <SearchIcon />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        {isLoading ? (
          <Skeleton variant="rounded" height={300} />
        ) : data && data.balances.length === 0 ? (
          <Paper variant="outlined">
            <EmptyState title="No members match" description="Try another name or e-mail." />
          </Paper>
        ) : data ? (
          <Box sx={{ position: 'relative' }}>
            {isFetching && <LinearProgress aria-label="Loading balances" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />}
            <TableContainer component={Paper} variant="outlined">
              <Table size="small" aria-label="Credit balances">
                <TableHead>
                  <TableRow>
                    <TableCell>Member</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Plan</TableCell>
                    <TableCell align="right">Credits</TableCell>
                    {canAct && <TableCell />}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.balances.map((b) => (
                    <TableRow key={b._id} data-testid={`balance-${b._id}`}>
                      <TableCell>
                        <Typography sx={{ fontWeight: 600 }}>{nameOf(b)}</Typography>
                        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                          {b.email}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{PLANS[b.plan].name}</TableCell>
                      <TableCell align="right" sx={{ fontWeight: 600 }}>
                        {formatCredits(b.remaining)}
                      </TableCell>
                      {canAct && (
                        <TableCell align="right">
                          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'flex-end' }}>
                            <Button size="small" variant="outlined" onClick={() => setAdjusting(b)} aria-label={`Adjust credits of ${b.email}`} sx={{ whiteSpace: 'nowrap' }}>
                              Adjust
                            </Button>
                            <Button
                              size="small"
                              onClick={() => setGiving({ userId: b._id, name: nameOf(b), email: b.email })}
                              aria-label={`Give a plan to ${b.email}`}
                              sx={{ whiteSpace: 'nowrap' }}
                            >
                              Give a plan
                            </Button>
                          </Stack>
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Box>
        ) : null}
        {data && data.pagination.totalPages > 1 && (
          <Pagination count={data.pagination.totalPages} page={Math.min(page, data.pagination.totalPages)} onChange={(_e, p) => go({ page: p })} aria-label="Balance pages" />
        )}
      </Stack>
      {adjusting && <AdjustDialog balance={adjusting} onClose={() => setAdjusting(null)} />}
      {giving && <GivePlanDialog member={giving} onClose={() => setGiving(null)} />}
    </Container>
  );
}
