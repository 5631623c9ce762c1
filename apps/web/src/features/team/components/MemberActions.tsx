import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import FormControlLabel from '@mui/material/FormControlLabel';
import Checkbox from '@mui/material/Checkbox';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { EnterpriseRole } from '@app/domain';
import { errorMessage } from '@/lib/api/errors';
import { toast } from '@/lib/state/toasts-slice';
import { useAppDispatch } from '@/lib/state/hooks';
import { useTeamUpdateMemberMutation } from '../team-api';
import { TEAM_ROLE_LABELS, personName } from '../team-text';
import type { ManagedRow } from './MembersDashboard';
import { RemoveMemberDialog } from './RemoveMemberDialog';

export interface MemberPowers {
  role: boolean;
  pause: boolean;
  cap: boolean;
  remove: boolean;
}

/**
 * What I may do to a member, as the API decides it: nothing to the owner or to myself (leaving is its
 * own button); the owner everything else; an admin changes, pauses, caps and removes members, and
 * pauses and caps other admins (only the owner changes an admin's role or removes an admin).
 */
export function powersOver(myRole: EnterpriseRole, myId: string, target: { userId: string; role: EnterpriseRole }): MemberPowers | null {
  if (target.role === 'owner' || target.userId === myId || myRole === 'member') return null;
  if (myRole === 'owner' || target.role === 'member') return { role: true, pause: true, cap: true, remove: true };
  return { role: false, pause: true, cap: true, remove: false };
}

type Open = 'role' | 'cap' | 'remove' | null;

export function MemberActions({ row, rows, myRole, myId }: { row: ManagedRow; rows: ManagedRow[]; myRole: EnterpriseRole; myId: string }) {
  const dispatch = useAppDispatch();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [update, { isLoading }] = useTeamUpdateMemberMutation();
  const powers = powersOver(myRole, myId, row);
  if (!powers) return null;
  const name = personName(row);

  const togglePause = async () => {
    setAnchor(null);
    const status = row.status === 'paused' ? 'active' : 'paused';
    try {
      await update({ updateSubAccountDto: { userId: row.userId, status } }).unwrap();
      dispatch(toast.success(status === 'paused' ? `${name} is paused` : `${name} is active again`));
    } catch (e) {
      dispatch(toast.error('Not changed', errorMessage(e)));
    }
  };

  return (
    <>
      <IconButton aria-label={`Actions for ${name}`} onClick={(e) => setAnchor(e.currentTarget)} disabled={isLoading} size="small">
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {powers.role && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setOpen('role');
            }}
          >
            Change role
          </MenuItem>
        )}
        <MenuItem onClick={togglePause}>{row.status === 'paused' ? 'Resume' : 'Pause'}</MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setOpen('cap');
          }}
        >
          Set monthly cap
        </MenuItem>
        {powers.remove && (
          <MenuItem
            sx={{ color: 'error.main' }}
            onClick={() => {
              setAnchor(null);
              setOpen('remove');
            }}
          >
            Remove from team
          </MenuItem>
        )}
      </Menu>
      {open === 'role' && <RoleDialog row={row} onClose={() => setOpen(null)} />}
      {open === 'cap' && <CapDialog row={row} onClose={() => setOpen(null)} />}
      {open === 'remove' && <RemoveMemberDialog row={row} others={rows.filter((r) => r.userId !== row.userId)} onClose={() => setOpen(null)} />}
    </>
  );
}

function RoleDialog({ row, onClose }: { row: ManagedRow; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [role, setRole] = useState<'admin' | 'member'>(row.role === 'admin' ? 'admin' : 'member');
  const [update, { isLoading, error }] = useTeamUpdateMemberMutation();
  const save = async () => {
    try {
      await update({ updateSubAccountDto: { userId: row.userId, role } }).unwrap();
      dispatch(toast.success(`${personName(row)} is now ${TEAM_ROLE_LABELS[role].toLowerCase()}`));
      onClose();
    } catch {
      // shown below
    }
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="role-dialog-title" fullWidth maxWidth="xs">
      <DialogTitle id="role-dialog-title">Role of {personName(row)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label="Role" value={role} onChange={(e) => setRole(e.target.value as 'admin' | 'member')}>
            <MenuItem value="admin">Admin: manages members, invites and the pool</MenuItem>
            <MenuItem value="member">Member: spends within their cap</MenuItem>
          </TextField>
          {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={isLoading || role === row.role}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A whole number of credits, or null for "no cap"; a message when the text is neither. */
export function parseCap(text: string, noCap: boolean): { cap: number | null } | { error: string } {
  if (noCap) return { cap: null };
  const t = text.trim().replace(/,/g, '');
  if (!/^\d+$/.test(t))
    return {
      error: 'Enter a whole number of credits (0 or more), or choose no cap',
    };
  const n = Number(t);
  if (n > 1_000_000) return { error: 'At most 1,000,000 credits a month' };
  return { cap: n };
}

function CapDialog({ row, onClose }: { row: ManagedRow; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [text, setText] = useState(row.monthlyCreditCap == null ? '' : String(row.monthlyCreditCap));
  const [noCap, setNoCap] = useState(row.monthlyCreditCap == null);
  const [touched, setTouched] = useState(false);
  const [update, { isLoading, error }] = useTeamUpdateMemberMutation();
  const parsed = parseCap(text, noCap);
  const save = async () => {
    setTouched(true);
    if ('error' in parsed) return;
    try {
      await update({ updateSubAccountDto: { userId: row.userId, monthlyCreditCap: parsed.cap } }).unwrap();
      dispatch(toast.success('Monthly cap saved'));
      onClose();
    } catch {
      // shown below
    }
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="cap-dialog-title" fullWidth maxWidth="xs">
      <DialogTitle id="cap-dialog-title">Monthly cap of {personName(row)}</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ pt: 1 }}>
          <TextField
            label="Credits a month"
            value={text}
            disabled={noCap}
            onChange={(e) => setText(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && 'error' in parsed}
            helperText={touched && 'error' in parsed ? parsed.error : 'What they may spend from the pool each calendar month'}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <FormControlLabel control={<Checkbox checked={noCap} onChange={(e) => setNoCap(e.target.checked)} />} label="No cap (up to the pool's balance)" />
          {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={isLoading}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
