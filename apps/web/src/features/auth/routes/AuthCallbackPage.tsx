import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { tokenReceived } from '@/lib/state/auth-slice';
import { selectAuth, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { AuthCard } from '../components/AuthCard';

function parseFragment(hash: string): { token: string | null; error: string | null } {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  return { token: params.get('token'), error: params.get('error') };
}

interface CallbackState {
  signingIn?: boolean;
}

/**
 * Social sign-in lands here with `#token=...`: the token is stored (the session start-up then
 * fetches the current user) and the member goes on to the dashboard.
 */
export function AuthCallbackPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [fragment] = useState(() => parseFragment(location.hash));
  const signingIn = Boolean((location.state as CallbackState | null)?.signingIn);
  const { token, user } = useAppSelector(selectAuth);

  useEffect(() => {
    if (!fragment.token || signingIn) return;
    dispatch(tokenReceived(fragment.token));
    // Drop the token from the address bar and the history entry.
    navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: { signingIn: true } satisfies CallbackState },
    );
  }, [dispatch, navigate, fragment.token, signingIn, location.pathname, location.search]);

  useEffect(() => {
    if (signingIn && token === fragment.token && user) navigate('/dashboard', { replace: true });
  }, [signingIn, token, user, fragment.token, navigate]);

  const failed = !fragment.token || (signingIn && !token);
  if (failed) {
    return (
      <AuthCard title="Sign-in failed">
        <Stack spacing={2}>
          <Alert severity="error">{fragment.error || 'We could not complete your sign-in. Please try again.'}</Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            Back to login
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Signing you in">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <CircularProgress size={24} />
        <Typography>Please wait while we sign you in…</Typography>
      </Stack>
    </AuthCard>
  );
}
