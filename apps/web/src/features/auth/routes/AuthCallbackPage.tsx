import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useExchangeSignInCodeMutation } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { markFirstSession } from '@/lib/first-session';
import { afterLogin, takeSocialReturnTo } from '@/lib/return-to';
import { sessionStarted } from '@/lib/state/auth-slice';
import { useAppDispatch } from '@/lib/state/hooks';
import { AuthCard } from '../components/AuthCard';

const GENERIC_FAILURE = 'We could not complete your sign-in. Please try again.';

/** The single-use code the API put in the fragment (`#code=`); nothing else in the address is trusted. */
function codeFromFragment(hash: string): string | null {
  const code = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash).get('code');
  return code && /^[A-Za-z0-9_-]{16,200}$/.test(code) ? code : null;
}

/**
 * Social sign-in lands here with `#code=...`: the code leaves the address bar at once, is exchanged
 * (once) for `{ token, user }`, which is stored as a login stores it, and the member goes on to the
 * dashboard, or back to the page the login was asked from (with what they wanted to do there). A token in the address (`#token=`) is never accepted.
 */
export function AuthCallbackPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [code] = useState(() => codeFromFragment(location.hash));
  const [exchange, { error }] = useExchangeSignInCodeMutation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Drop the fragment (code or anything else) from the address bar and the history entry.
    if (location.hash) navigate({ pathname: location.pathname }, { replace: true });
    if (!code) return;
    exchange({ exchangeCodeDto: { code } })
      .unwrap()
      .then(
        (session) => {
          markFirstSession(session.user, false);
          dispatch(sessionStarted({ token: session.token, user: session.user }));
          // back to the page the login was asked from (kept before leaving for the provider), or the dashboard
          const { to, state } = afterLogin(takeSocialReturnTo());
          navigate(to, { replace: true, state });
        },
        () => undefined, // shown below from the mutation state
      );
  }, [code, dispatch, exchange, location.hash, location.pathname, navigate]);

  if (!code || error) {
    return (
      <AuthCard title="Sign-in failed">
        <Stack spacing={2}>
          <Alert severity="error">{error ? errorMessage(error, GENERIC_FAILURE) : GENERIC_FAILURE}</Alert>
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
