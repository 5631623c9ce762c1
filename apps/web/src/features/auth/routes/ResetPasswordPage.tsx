import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormPasswordField } from '@/components/ui/FormTextField';
import { useResetPasswordMutation } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { newPasswordRules, PASSWORD_HINT } from '@/lib/validation';
import { AuthCard } from '../components/AuthCard';

interface ResetValues {
  newPassword: string;
  confirmPassword: string;
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [resetPassword, { isLoading, isSuccess, data, error }] = useResetPasswordMutation();
  const { control, handleSubmit, getValues } = useForm<ResetValues>({
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    await resetPassword({ resetPasswordDto: { token, newPassword } })
      .unwrap()
      .catch(() => undefined);
  });

  if (!token) {
    return (
      <AuthCard title="Reset your password">
        <Stack spacing={2}>
          <Alert severity="error">This password reset link is invalid. Please request a new one.</Alert>
          <Button component={RouterLink} to="/forgot-password" variant="contained">
            Request a new link
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (isSuccess) {
    return (
      <AuthCard title="Reset your password">
        <Stack spacing={2}>
          <Alert severity="success">{data?.message || 'Your password has been reset. You can now log in.'}</Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            Go to Login
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset your password" subtitle="Choose a new password for your account.">
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Reset password">
        <Stack spacing={2}>
          {error && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" component={RouterLink} to="/forgot-password">
                  New link
                </Button>
              }
            >
              {errorMessage(error)}
            </Alert>
          )}
          <FormPasswordField
            control={control}
            name="newPassword"
            label="New password"
            autoComplete="new-password"
            helperText={PASSWORD_HINT}
            rules={newPasswordRules}
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
          <Button type="submit" variant="contained" size="large" disabled={isLoading}>
            Reset password
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
