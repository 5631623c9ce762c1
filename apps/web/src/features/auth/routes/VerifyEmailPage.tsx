import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useVerifyEmailMutation } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { selectIsLoggedIn, useAppSelector } from '@/lib/state/hooks';
import { AuthCard } from '../components/AuthCard';

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [verifyEmail, { isSuccess, isError, data, error }] = useVerifyEmailMutation();
  const requested = useRef<string | null>(null);

  useEffect(() => {
    if (!token || requested.current === token) return;
    requested.current = token;
    void verifyEmail({ verifyEmailDto: { token } });
  }, [token, verifyEmail]);

  const next = loggedIn ? (
    <Button component={RouterLink} to="/dashboard" variant="contained">
      Go to dashboard
    </Button>
  ) : (
    <Button component={RouterLink} to="/login" variant="contained">
      Go to Login
    </Button>
  );

  return (
    <AuthCard title="Verify your email">
      <Stack spacing={2}>
        {!token ? (
          <Alert severity="error">This verification link is invalid.</Alert>
        ) : isSuccess ? (
          <Alert severity="success">{data?.message || 'Your email address has been verified.'}</Alert>
        ) : isError ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} />
            <Typography>Verifying your email address…</Typography>
          </Stack>
        )}
        {(isSuccess || isError || !token) && next}
      </Stack>
    </AuthCard>
  );
}
