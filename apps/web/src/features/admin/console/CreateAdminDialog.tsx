import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useCreateAdminUserMutation, type CreateAdminDto } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { ROLE_LABELS } from './labels';

const STAFF_ROLES = ['viewer', 'admin', 'super_admin'] as const;

/** A super admin makes a staff account (POST /user/admin/create). */
export function CreateAdminDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [create, { isLoading, error }] = useCreateAdminUserMutation();
  const [form, setForm] = useState<CreateAdminDto>({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    role: 'admin',
  });
  const [touched, setTouched] = useState(false);
  const problems = {
    firstName: form.firstName.trim() ? null : 'Enter the first name',
    lastName: form.lastName.trim() ? null : 'Enter the last name',
    email: /^\S+@\S+\.\S+$/.test(form.email.trim()) ? null : 'Enter an e-mail address',
    password: form.password.length >= 8 ? null : 'At least 8 characters',
  };
  const bad = Object.values(problems).some(Boolean);
  const set = (k: keyof CreateAdminDto) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (bad) return;
    const result = await create({
      createAdminDto: {
        ...form,
        email: form.email.trim(),
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
      },
    });
    if (result.data) {
      dispatch(toast.success(`${ROLE_LABELS[form.role ?? 'admin']} account created`, result.data.email));
      onClose();
    }
  };
  const field = (k: keyof typeof problems, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={form[k] ?? ''}
      onChange={set(k)}
      required
      error={touched && !!problems[k]}
      helperText={touched ? problems[k] : undefined}
      {...extra}
    />
  );
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="create-admin-title" fullWidth maxWidth="xs">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="create-admin-title">Create a staff account</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{errorMessage(error)}</Alert>}
            {field('firstName', 'First name', { autoFocus: true })}
            {field('lastName', 'Last name')}
            {field('email', 'E-mail', { type: 'email' })}
            {field('password', 'Password', {
              type: 'password',
              autoComplete: 'new-password',
            })}
            <TextField select label="Role" value={form.role} onChange={set('role')}>
              {STAFF_ROLES.map((r) => (
                <MenuItem key={r} value={r}>
                  {ROLE_LABELS[r]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            Create
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
