import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormPasswordField } from '@/components/ui/FormTextField';
import { useListIdentitiesQuery, useUpdateUserPasswordMutation } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import type { User } from '@/lib/api/types';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { newPasswordRules, PASSWORD_HINT } from '@/lib/validation';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const [updatePassword, { isLoading, error, reset: resetMutation }] = useUpdateUserPasswordMutation();
  const { control, handleSubmit, getValues, reset } = useForm<PasswordValues>({ defaultValues: EMPTY });
  const { data: identities } = useListIdentitiesQuery();
  const createdWith = user.provider === 'google' ? 'Google' : user.provider === 'facebook' ? 'Facebook' : null;

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const res = await updatePassword({ updatePasswordDto: { userId: user._id, currentPassword, newPassword } }).unwrap();
      dispatch(toast.success('Password updated', res.message));
      reset(EMPTY);
    } catch {
      // shown below
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Change password" sx={{ maxWidth: 480 }}>
      <Stack spacing={2}>
        {identities && !identities.hasPassword && (
          <Alert severity="info">
            Your account has no password yet{createdWith ? `: it was created with ${createdWith}` : ''}. To set one, use
            “Forgot password” on the login page; then you can log in with your e-mail too.
          </Alert>
        )}
        {error && (
          <Alert severity="error" onClose={resetMutation}>
            {errorMessage(error)}
          </Alert>
        )}
        <FormPasswordField
          control={control}
          name="currentPassword"
          label="Current password"
          autoComplete="current-password"
          rules={{ required: 'Current password is required' }}
        />
        <FormPasswordField
          control={control}
          name="newPassword"
          label="New password"
          autoComplete="new-password"
          helperText={PASSWORD_HINT}
          rules={{
            ...newPasswordRules,
            validate: (v) => v !== getValues('currentPassword') || 'Choose a password different from the current one',
          }}
        />
        <FormPasswordField
          control={control}
          name="confirmPassword"
          label="Confirm new password"
          autoComplete="new-password"
          rules={{
            required: 'Please repeat the new password',
            validate: (v) => v === getValues('newPassword') || 'The passwords do not match',
          }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Updating…' : 'Update password'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
