import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { FormTextField } from '@/components/ui/FormTextField';
import { useRequestPasswordResetMutation } from '@/lib/api/generated';
import { emailRules } from '@/lib/validation';
import { AuthCard } from '../components/AuthCard';
import { FORGOT_PASSWORD_CONFIRMATION } from '../constants';

export function ForgotPasswordPage() {
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const [sent, setSent] = useState(false);
  const { control, handleSubmit } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    // The same confirmation whatever the answer: it must not reveal whether the account exists.
    await requestReset({ emailRequestDto: { email: email.trim() } })
      .unwrap()
      .catch(() => undefined);
    setSent(true);
  });

  return (
    <AuthCard title="Forgot your password?" subtitle="Enter your email and we will send you a reset link.">
      {sent ? (
        <Stack spacing={2}>
          <Alert severity="success">{FORGOT_PASSWORD_CONFIRMATION}</Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            Back to login
          </Button>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Forgot password">
          <Stack spacing={2}>
            <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" rules={emailRules} />
            <Button type="submit" variant="contained" size="large" disabled={isLoading}>
              Send reset link
            </Button>
            <Link component={RouterLink} to="/login" variant="body2" sx={{ textAlign: 'center' }}>
              Back to login
            </Link>
          </Stack>
        </Box>
      )}
    </AuthCard>
  );
}
