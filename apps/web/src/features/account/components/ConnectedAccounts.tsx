import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import {
  useConnectProviderMutation,
  useDisconnectIdentityMutation,
  useListAuthProvidersQuery,
  useListIdentitiesQuery,
} from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { browserNavigation } from '@/lib/navigation';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';

const PROVIDERS = {
  google: { label: 'Google', icon: <GoogleIcon /> },
  facebook: { label: 'Facebook', icon: <FacebookIcon /> },
} satisfies Record<string, { label: string; icon: ReactNode }>;
type Provider = keyof typeof PROVIDERS;
const ORDER: Provider[] = ['google', 'facebook'];

/** "Connected as name@domain", a long address breaking after the @ first. */
function ConnectedAs({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>Connected as {email}</>;
  return (
    <>
      Connected as {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

const isProvider = (p: string | null): p is Provider => p !== null && p in PROVIDERS;

/**
 * The social providers a member can log in with: connect one (the API answers the provider's URL and
 * the browser goes there; the flow comes back to `?tab=connections&connected=` or `&error=`), or
 * disconnect one unless it is the last way to log in.
 */
export function ConnectedAccounts() {
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const { data: enabled } = useListAuthProvidersQuery();
  const { data, isLoading, error: loadError } = useListIdentitiesQuery();
  const [connect] = useConnectProviderMutation();
  const [disconnect] = useDisconnectIdentityMutation();
  const [busy, setBusy] = useState<Provider | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const connectedParam = params.get('connected');
  const connectedNow = isProvider(connectedParam) ? connectedParam : null;
  // the callback's reason for a refused connect, shown as plain text
  const returnedError = params.get('error')?.slice(0, 300) ?? null;
  const clearResult = () => setParams({ tab: 'connections' }, { replace: true });

  const onConnect = async (provider: Provider) => {
    setActionError(null);
    setBusy(provider);
    try {
      const { url } = await connect({ provider }).unwrap();
      browserNavigation.assign(url);
    } catch (error) {
      setActionError(errorMessage(error));
      setBusy(null);
    }
  };

  const onDisconnect = async (provider: Provider) => {
    setActionError(null);
    clearResult();
    setBusy(provider);
    try {
      const res = await disconnect({ provider }).unwrap();
      dispatch(toast.success(res.message));
    } catch (error) {
      setActionError(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  if (isLoading) return <CircularProgress size={24} aria-label="Loading connected accounts" />;
  if (loadError || !data) return <Alert severity="error">{errorMessage(loadError)}</Alert>;

  const identities = new Map(data.identities.map((i) => [i.provider, i]));
  const available = new Set<string>(enabled?.providers ?? []);
  const shown = ORDER.filter((p) => identities.has(p) || available.has(p));

  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Typography color="text.secondary">
        {data.hasPassword
          ? 'Connect an account from a sign-in provider to log in with it as well as with your password.'
          : 'You log in with the accounts connected below.'}
      </Typography>
      {connectedNow && (
        <Alert severity="success" onClose={clearResult}>
          {PROVIDERS[connectedNow].label} is now connected: you can log in with it.
        </Alert>
      )}
      {returnedError && (
        <Alert severity="error" onClose={clearResult}>
          {returnedError}
        </Alert>
      )}
      {actionError && (
        <Alert severity="error" onClose={() => setActionError(null)}>
          {actionError}
        </Alert>
      )}
      {!data.hasPassword && (
        <Alert severity="info">
          You have no password yet, so you can only log in with a connected account. To set one, use “Forgot password” on
          the login page.
        </Alert>
      )}
      {shown.length === 0 && <Typography>No sign-in providers are available on this site.</Typography>}
      {shown.map((p) => {
        const identity = identities.get(p);
        const { label, icon } = PROVIDERS[p];
        return (
          // On a narrow screen the button goes below the name rather than squeezing the e-mail, which
          // wraps instead of being cut off (it tells the member which account is connected).
          <Stack
            key={p}
            data-testid={`identity-${p}`}
            direction="row"
            sx={{
              alignItems: 'center',
              flexWrap: 'wrap',
              columnGap: 2,
              rowGap: 1.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 2,
            }}
          >
            <Box sx={{ display: 'flex' }}>{icon}</Box>
            <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {identity ? (identity.email ? <ConnectedAs email={identity.email} /> : 'Connected') : 'Not connected'}
              </Typography>
            </Box>
            {identity ? (
              <Button
                variant="outlined"
                color="error"
                disabled={busy !== null}
                onClick={() => void onDisconnect(p)}
                sx={{ ml: 'auto', whiteSpace: 'nowrap' }}
              >
                Disconnect {label}
              </Button>
            ) : (
              available.has(p) && (
                <Button
                  variant="contained"
                  disabled={busy !== null}
                  onClick={() => void onConnect(p)}
                  sx={{ ml: 'auto', whiteSpace: 'nowrap' }}
                >
                  Connect {label}
                </Button>
              )
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
