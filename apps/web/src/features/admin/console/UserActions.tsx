import { useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRemoveUserMutation, type UserViewDto } from '@/lib/api/generated';
import { useUpdateUserMutation } from '@/lib/api/generated-shell';
import { errorMessage } from '@/lib/api/errors';
import { isAdmin, type UserRole } from '@/lib/api/types';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { ROLE_LABELS, personName, roleChoices } from './labels';

type Dialogs = 'role' | 'remove' | null;

function RoleDialog({ user, onClose }: { user: UserViewDto; onClose: () => void }) {
  const me = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const [update, { isLoading, error }] = useUpdateUserMutation();
  const choices = roleChoices(me?.role, user.role);
  const [role, setRole] = useState<UserRole>(user.role ?? 'user');
  const save = async () => {
    const result = await update({ updateUserDto: { _id: user._id, role } });
    if (result.data) {
      dispatch(
        toast.success(
          `${personName(user)} is now ${ROLE_LABELS[role].toLowerCase() === 'member' ? 'a member' : `a ${ROLE_LABELS[role].toLowerCase()}`}`,
        ),
      );
      onClose();
    }
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="role-title" fullWidth maxWidth="xs">
      <DialogTitle id="role-title">Change {personName(user)}'s role</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{errorMessage(error)}</Alert>}
          <TextField select label="Role" value={role} onChange={(e) => setRole(e.target.value as UserRole)}>
            {choices.map((r) => (
              <MenuItem key={r} value={r}>
                {ROLE_LABELS[r]}
              </MenuItem>
            ))}
          </TextField>
          {me?.role !== 'super_admin' && <DialogContentText variant="body2">Only a super admin gives or takes the admin roles.</DialogContentText>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={isLoading || role === user.role}>
          Save role
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RemoveDialog({ user, onClose }: { user: UserViewDto; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [remove, { isLoading, error }] = useRemoveUserMutation();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === (user.email ?? '').toLowerCase();
  const confirm = async () => {
    const result = await remove({ id: user._id! });
    if (result.data) {
      dispatch(toast.success('User removed', user.email));
      onClose();
      navigate('/admin/users', { replace: true });
    }
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="remove-title" fullWidth maxWidth="xs">
      <DialogTitle id="remove-title">Remove {personName(user)}?</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            The account and its listings are removed for good (a critical audit entry). Type <strong>{user.email}</strong> to confirm.
          </DialogContentText>
          {error && <Alert severity="error">{errorMessage(error)}</Alert>}
          <TextField label="E-mail address" value={typed} onChange={(e) => setTyped(e.target.value)} autoFocus autoComplete="off" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={() => void confirm()} disabled={isLoading || !matches}>
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * What an admin does to an account: suspend or reactivate, verify or unverify, change the role (admin
 * roles for super admins only), remove. Nothing for a viewer, nor on one's own account.
 */
export function UserActions({ user }: { user: UserViewDto }) {
  const me = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const [update, { isLoading }] = useUpdateUserMutation();
  const [open, setOpen] = useState<Dialogs>(null);
  if (!isAdmin(me) || !user._id || user._id === me?._id) return null;
  const touchesAdmin = (user.role === 'admin' || user.role === 'super_admin') && me?.role !== 'super_admin';
  if (touchesAdmin) return <Alert severity="info">Only a super admin changes an admin's account.</Alert>;
  const change = async (dto: { status?: 'active' | 'suspended'; isVerified?: boolean }, done: string) => {
    const result = await update({ updateUserDto: { _id: user._id, ...dto } });
    if (result.data) dispatch(toast.success(done));
    else if (result.error) dispatch(toast.error(errorMessage(result.error)));
  };
  const suspended = user.status === 'suspended';
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="user-actions">
      <Button
        variant="outlined"
        color={suspended ? 'primary' : 'warning'}
        disabled={isLoading}
        onClick={() =>
          void change(
            { status: suspended ? 'active' : 'suspended' },
            suspended ? `${personName(user)} is active again` : `${personName(user)} is suspended`,
          )
        }
      >
        {suspended ? 'Reactivate' : 'Suspend'}
      </Button>
      <Button
        variant="outlined"
        disabled={isLoading}
        onClick={() =>
          void change(
            { isVerified: !user.isVerified },
            user.isVerified ? `${personName(user)} is no longer verified` : `${personName(user)} is verified`,
          )
        }
      >
        {user.isVerified ? 'Unverify' : 'Verify'}
      </Button>
      <Button variant="outlined" onClick={() => setOpen('role')}>
        Change role
      </Button>
      <Button variant="outlined" color="error" onClick={() => setOpen('remove')}>
        Remove
      </Button>
      {open === 'role' && <RoleDialog user={user} onClose={() => setOpen(null)} />}
      {open === 'remove' && <RemoveDialog user={user} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
