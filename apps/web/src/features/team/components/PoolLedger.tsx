import { useState } from 'react';
import Alert from '@mui/material/Alert';
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
import { errorMessage } from '@/lib/api/errors';
import { formatCredits, formatDayTime } from '@/lib/billing-text';
import { useTeamLedgerQuery, type PoolAction, type TeamPerson } from '../team-api';
import { personName } from '../team-text';

const PAGE_SIZE = 20;

/** A pool row's kind in words: members' spending, or credits added to the pool (grants, purchases). */
export function entryLabel(kind: string): string {
  if (kind === 'reserve') return 'Held for work';
  if (kind === 'commit') return 'Used';
  if (kind === 'refund') return 'Returned';
  return 'Added to the pool';
}

/** The ledger's action filter (the API's `action`). */
export const POOL_ACTION_LABELS: Record<PoolAction, string> = {
  grant: 'Credits added',
  reserve: 'Held for work',
  commit: 'Used',
  refund: 'Returned',
};

/**
 * The pool's ledger (GET /enterprise/{id}/credits): by member, action and dates, a page at a time.
 * `members` given: the member filter (owners and admins); without it the ledger is the member's own.
 */
export function PoolLedger({
  enterpriseId,
  members,
  onlyMemberId,
  title = 'Credit pool history',
}: {
  enterpriseId: string;
  members?: TeamPerson[];
  onlyMemberId?: string;
  title?: string;
}) {
  const [memberId, setMemberId] = useState('');
  const [action, setAction] = useState<PoolAction | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const who = onlyMemberId ?? (memberId || undefined);
  const { data, error, isLoading, isFetching } = useTeamLedgerQuery({
    id: enterpriseId,
    page,
    limit: PAGE_SIZE,
    ...(who && { memberId: who }),
    ...(action && { action }),
    ...(from && { from }),
    ...(to && { to }),
  });
  const filter = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    setPage(1);
  };

  return (
    <Stack spacing={1.5} component="section" aria-labelledby="ledger-title">
      <Typography id="ledger-title" variant="h6" component="h2">
        {title}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label="Filter the history">
        {members && (
          <TextField
            select
            size="small"
            label="Member"
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            value={memberId}
            onChange={filter(setMemberId)}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">Everyone</MenuItem>
            {members.map((m) => (
              <MenuItem key={m._id} value={m._id}>
                {personName(m)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          size="small"
          label="Action"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          value={action}
          onChange={filter((v) => setAction(v as PoolAction | ''))}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">All</MenuItem>
          {Object.entries(POOL_ACTION_LABELS)
            .filter(([k]) => !onlyMemberId || k !== 'grant')
            .map(([k, label]) => (
              <MenuItem key={k} value={k}>
                {label}
              </MenuItem>
            ))}
        </TextField>
        <TextField size="small" type="date" label="From" value={from} onChange={filter(setFrom)} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField size="small" type="date" label="To" value={to} onChange={filter(setTo)} slotProps={{ inputLabel: { shrink: true } }} />
      </Stack>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {isLoading ? (
        <Skeleton variant="rounded" height={120} />
      ) : !data || data.entries.length === 0 ? (
        <Typography color="text.secondary">
          No credits have moved
          {memberId || action || from || to ? ' with these filters' : ' yet'}.
        </Typography>
      ) : (
        <>
          <TableContainer component={Paper} variant="outlined" sx={{ opacity: isFetching ? 0.7 : 1 }}>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>What</TableCell>
                  <TableCell align="right">Credits</TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    Pool after
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.entries.map((e) => (
                  <TableRow key={e._id}>
                    <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>{formatDayTime(e.createdAt)}</TableCell>
                    <TableCell>
                      {entryLabel(e.kind)}
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {[e.member ? personName(e.member) : null, e.reason].filter(Boolean).join(' · ')}
                      </Typography>
                    </TableCell>
                    <TableCell
                      align="right"
                      sx={{
                        whiteSpace: 'nowrap',
                        color: e.amount > 0 ? 'success.main' : e.amount < 0 ? 'error.main' : undefined,
                      }}
                    >
                      {e.amount > 0 ? `+${formatCredits(e.amount)}` : formatCredits(e.amount)}
                    </TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {formatCredits(e.balanceAfter)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {data.pagination.totalPages > 1 && (
            <Pagination
              count={data.pagination.totalPages}
              page={Math.min(page, data.pagination.totalPages)}
              onChange={(_e, p) => setPage(p)}
              aria-label="History pages"
            />
          )}
        </>
      )}
    </Stack>
  );
}
