import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PLANS, PLAN_IDS, type PlanId } from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
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
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import type { BillingPeriod, Subscription, SubscriptionStatus } from '@/lib/api/billing';
import { errorMessage } from '@/lib/api/errors';
import {
  useRemoveSubscriptionMutation,
  useSearchSubscriptionsQuery,
  useUpdateSubscriptionMutation,
  type SearchSubscriptionsDto,
} from '@/lib/api/generated';
import { isAdmin, isSuperAdmin } from '@/lib/api/types';
import {
  BILLING_PERIOD_LABELS,
  SUBSCRIPTION_STATUS_COLORS,
  SUBSCRIPTION_STATUS_LABELS,
  formatDay,
} from '@/lib/billing-text';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { GivePlanDialog, NOTE_LIMITS, endOfManilaDay, manilaDay, noteError, type GivePlanMember } from './GivePlanDialog';

const PAGE_SIZE = 20;
const STATUSES: SubscriptionStatus[] = ['active', 'suspended', 'scheduled', 'expired'];
const PERIODS: BillingPeriod[] = ['free', 'monthly', 'annually', 'lifetime'];

interface Filters {
  text: string;
  plan: PlanId | '';
  status: SubscriptionStatus | '';
  period: BillingPeriod | '';
  page: number;
}

function readFilters(params: URLSearchParams): Filters {
  const pick = <T extends string>(key: string, values: readonly T[]): T | '' => {
    const v = params.get(key);
    return v && (values as readonly string[]).includes(v) ? (v as T) : '';
  };
  const page = Number(params.get('page'));
  return {
    text: params.get('q') ?? '',
    plan: pick('plan', PLAN_IDS),
    status: pick('status', STATUSES),
    period: pick('period', PERIODS),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function toParams(f: Filters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.text) out.q = f.text;
  if (f.plan) out.plan = f.plan;
  if (f.status) out.status = f.status;
  if (f.period) out.period = f.period;
  if (f.page > 1) out.page = String(f.page);
  return out;
}

function searchBody(f: Filters): SearchSubscriptionsDto {
  return {
    page: f.page,
    limit: PAGE_SIZE,
    query: {
      ...(f.text.trim() && { text: f.text.trim() }),
      ...(f.plan && { plan: [f.plan] }),
      ...(f.status && { status: [f.status] }),
      ...(f.period && { billingPeriod: [f.period] }),
    },
  };
}

function memberOf(s: Subscription): GivePlanMember {
  return {
    userId: s.userId,
    name: s.member ? `${s.member.firstName} ${s.member.lastName}`.trim() : 'This member',
    email: s.member?.email ?? s.userId,
  };
}

type Action = { kind: 'status'; sub: Subscription } | { kind: 'end'; sub: Subscription } | { kind: 'give'; sub: Subscription } | { kind: 'remove'; sub: Subscription };

/** Suspend or reinstate, always with a note (PUT /subscription/update). */
function StatusDialog({ sub, onClose }: { sub: Subscription; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [update, { isLoading, error }] = useUpdateSubscriptionMutation();
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const suspend = sub.status === 'active';
  const member = memberOf(sub);
  const problem = noteError(note);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    const result = await update({ updateSubscriptionDto: { _id: sub._id, status: suspend ? 'suspended' : 'active', note: note.trim() } });
    if (result.data) {
      dispatch(toast.success(suspend ? `${member.name}'s plan is suspended` : `${member.name}'s plan is active again`));
      onClose();
    }
  };
  const title = `${suspend ? 'Suspend' : 'Reinstate'} ${member.name}'s ${PLANS[sub.plan].name} plan`;
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="status-dialog-title" fullWidth maxWidth="xs">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="status-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {suspend
                ? 'While suspended the member has the Free plan’s features and cannot buy another plan. Their paid period keeps running.'
                : 'The member gets the plan’s features back at once.'}
            </DialogContentText>
            {error && <Alert severity="error">{errorMessage(error)}</Alert>}
            <TextField
              label="Note"
              value={note}
              onChange={(e) => setNote(e.target.value)}
              onBlur={() => setTouched(true)}
              required
              multiline
              minRows={2}
              autoFocus
              error={touched && !!problem}
              helperText={touched && problem ? problem : 'Why (kept in the audit log)'}
              slotProps={{ htmlInput: { maxLength: NOTE_LIMITS.max } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={suspend ? 'error' : 'primary'} disabled={isLoading}>
            {suspend ? 'Suspend' : 'Reinstate'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Moves the end of a paid period (PUT /subscription/update with expiresAt), with a note. */
function EndDateDialog({ sub, onClose }: { sub: Subscription; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [update, { isLoading, error }] = useUpdateSubscriptionMutation();
  const [day, setDay] = useState(() => (sub.expiresAt ? manilaDay(sub.expiresAt) : ''));
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const member = memberOf(sub);
  const problem = noteError(note) ?? (day ? null : 'Pick the last day');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    const result = await update({ updateSubscriptionDto: { _id: sub._id, expiresAt: endOfManilaDay(day), note: note.trim() } });
    if (result.data) {
      dispatch(toast.success(`${member.name}'s plan now runs until ${formatDay(result.data.expiresAt)}`));
      onClose();
    }
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="end-dialog-title" fullWidth maxWidth="xs">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="end-dialog-title">Change the end date</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {member.name}'s {PLANS[sub.plan].name} plan runs until {formatDay(sub.expiresAt)}. The plan ends at the end of the day you pick
              (Manila time).
            </DialogContentText>
            {error && <Alert severity="error">{errorMessage(error)}</Alert>}
            <TextField
              label="Last day"
              type="date"
              value={day}
              onChange={(e) => setDay(e.target.value)}
              required
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: manilaDay(sub.startedAt) } }}
            />
            <TextField
              label="Note"
              value={note}
              onChange={(e) => setNote(e.target.value)}
              onBlur={() => setTouched(true)}
              required
              multiline
              minRows={2}
              error={touched && !!noteError(note)}
              helperText={touched && noteError(note) ? noteError(note) : 'Why (kept in the audit log)'}
              slotProps={{ htmlInput: { maxLength: NOTE_LIMITS.max } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            Save end date
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function RemoveDialog({ sub, onClose }: { sub: Subscription; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [remove, { isLoading, error }] = useRemoveSubscriptionMutation();
  const member = memberOf(sub);
  const confirm = async () => {
    const result = await remove({ id: sub._id });
    if (result.data) {
      dispatch(toast.success('Subscription removed', `${member.name}'s ${PLANS[sub.plan].name} record is gone.`));
      onClose();
    }
  };
  return (
    <ConfirmDialog
      open
      title={`Remove ${member.name}'s ${PLANS[sub.plan].name} subscription?`}
      message={`${error ? `${errorMessage(error)} ` : ''}The record is deleted (a critical audit entry). If it is the member's current plan, they are on the Free plan at once. Nothing is refunded.`}
      confirmLabel="Remove"
      busy={isLoading}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}

function RowActions({ sub, superAdmin, onAction }: { sub: Subscription; superAdmin: boolean; onAction: (a: Action) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const member = memberOf(sub);
  const act = (a: Action) => {
    setAnchor(null);
    onAction(a);
  };
  const canStatus = sub.status === 'active' || sub.status === 'suspended';
  const canEnd = (sub.billingPeriod === 'monthly' || sub.billingPeriod === 'annually') && sub.status !== 'expired';
  return (
    <>
      <Button aria-label={`Actions for ${member.email}`} aria-haspopup="true" onClick={(e) => setAnchor(e.currentTarget)} size="small" variant="outlined">
        Manage
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {canStatus && <MenuItem onClick={() => act({ kind: 'status', sub })}>{sub.status === 'active' ? 'Suspend' : 'Reinstate'}</MenuItem>}
        {canEnd && <MenuItem onClick={() => act({ kind: 'end', sub })}>Change end date</MenuItem>}
        <MenuItem onClick={() => act({ kind: 'give', sub })}>Give a plan</MenuItem>
        {superAdmin && (
          <MenuItem onClick={() => act({ kind: 'remove', sub })} sx={{ color: 'error.main' }}>
            Remove
          </MenuItem>
        )}
      </Menu>
    </>
  );
}

function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T | '';
  options: Array<[T, string]>;
  onChange: (v: T | '') => void;
}) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(e) => onChange(e.target.value as T | '')} sx={{ minWidth: 140 }}>
      <MenuItem value="">Any</MenuItem>
      {options.map(([v, text]) => (
        <MenuItem key={v} value={v}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * /admin/subscriptions (staff): every subscription with its member, searched by name or e-mail and
 * filtered by plan, status and period (POST /subscription/search; the state in the address), a page at a
 * time. Admins suspend or reinstate, move an end date and give a plan, each with a note; a super admin
 * also removes a record. A viewer reads only.
 */
export function SubscriptionsAdminPage() {
  const me = useAppSelector(selectCurrentUser);
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [text, setText] = useState(filters.text);
  const [action, setAction] = useState<Action | null>(null);
  const { data, error, isLoading, isFetching } = useSearchSubscriptionsQuery({ searchSubscriptionsDto: searchBody(filters) });
  const canAct = isAdmin(me);
  const go = (next: Partial<Filters>) => setParams(toParams({ ...filters, page: 1, ...next }));
  const close = () => setAction(null);

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Stack spacing={2.5}>
        <div>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            Subscriptions
          </Typography>
          <Typography color="text.secondary">
            Members' plans, newest first.{' '}
            {canAct ? 'Every change needs a note and is kept in the audit log.' : 'You can look; changes are for admins.'}
          </Typography>
        </div>

        <Stack
          component="form"
          role="search"
          aria-label="Subscriptions"
          onSubmit={(e) => {
            e.preventDefault();
            go({ text: text.trim() });
          }}
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { md: 'center' } }}
        >
          <TextField
            size="small"
            label="Member name or e-mail"
            value={text}
            onChange={(e) => setText(e.target.value)}
            sx={{ flexGrow: 1 }}
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
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <FilterSelect label="Plan" value={filters.plan} options={PLAN_IDS.map((id) => [id, PLANS[id].name])} onChange={(plan) => go({ plan })} />
            <FilterSelect label="Status" value={filters.status} options={STATUSES.map((s) => [s, SUBSCRIPTION_STATUS_LABELS[s]])} onChange={(status) => go({ status })} />
            <FilterSelect label="Period" value={filters.period} options={PERIODS.map((p) => [p, BILLING_PERIOD_LABELS[p]])} onChange={(period) => go({ period })} />
          </Stack>
        </Stack>

        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        {isLoading ? (
          <Skeleton variant="rounded" height={300} />
        ) : data && data.subscriptions.length === 0 ? (
          <Paper variant="outlined">
            <EmptyState title="No subscriptions match" description="Try another name, or clear the filters." />
          </Paper>
        ) : data ? (
          <Box sx={{ position: 'relative' }}>
            {isFetching && <LinearProgress aria-label="Loading subscriptions" sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />}
            <TableContainer component={Paper} variant="outlined">
              <Table size="small" aria-label="Subscriptions">
                <TableHead>
                  <TableRow>
                    <TableCell>Member</TableCell>
                    <TableCell>Plan</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Period</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Started</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Ends</TableCell>
                    <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>Source</TableCell>
                    {canAct && <TableCell />}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.subscriptions.map((s) => {
                    const member = memberOf(s);
                    return (
                      <TableRow key={s._id} data-testid={`subscription-${s._id}`}>
                        <TableCell>
                          <Typography sx={{ fontWeight: 600 }}>{member.name}</Typography>
                          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                            {member.email}
                          </Typography>
                        </TableCell>
                        <TableCell>{PLANS[s.plan].name}</TableCell>
                        <TableCell>
                          <Chip size="small" label={SUBSCRIPTION_STATUS_LABELS[s.status]} color={SUBSCRIPTION_STATUS_COLORS[s.status]} />
                          {s.cancelAtPeriodEnd && (
                            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                              Ends with its period
                            </Typography>
                          )}
                          {s.note && (
                            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} title={s.note}>
                              Note: {s.note.length > 60 ? `${s.note.slice(0, 60)}…` : s.note}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{BILLING_PERIOD_LABELS[s.billingPeriod]}</TableCell>
                        <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>{formatDay(s.startedAt)}</TableCell>
                        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>{formatDay(s.endedAt ?? s.expiresAt)}</TableCell>
                        <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>{s.source === 'payment' ? 'Payment' : 'Staff'}</TableCell>
                        {canAct && (
                          <TableCell align="right">
                            <RowActions sub={s} superAdmin={isSuperAdmin(me)} onAction={setAction} />
                          </TableCell>
                        )}
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          </Box>
        ) : null}
        {data && data.pagination.totalPages > 1 && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="body2" color="text.secondary">
              {data.pagination.totalItems} subscriptions
            </Typography>
            <Pagination
              count={data.pagination.totalPages}
              page={Math.min(filters.page, data.pagination.totalPages)}
              onChange={(_e, page) => setParams(toParams({ ...filters, page }))}
              aria-label="Subscription pages"
            />
          </Stack>
        )}
      </Stack>
      {action?.kind === 'status' && <StatusDialog sub={action.sub} onClose={close} />}
      {action?.kind === 'end' && <EndDateDialog sub={action.sub} onClose={close} />}
      {action?.kind === 'give' && <GivePlanDialog member={memberOf(action.sub)} onClose={close} />}
      {action?.kind === 'remove' && <RemoveDialog sub={action.sub} onClose={close} />}
    </Container>
  );
}
