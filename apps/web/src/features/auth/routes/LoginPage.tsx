import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormPasswordField, FormTextField } from '@/components/ui/FormTextField';
import { useLoginUserMutation } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { sessionStarted } from '@/lib/state/auth-slice';
import { useAppDispatch, useGlobalLoading } from '@/lib/state/hooks';
import { clearFirstSession } from '@/lib/first-session';
import { INTENT_REASONS, returnToFromParams, returnToQuery } from '@/lib/return-to';
import { emailRules } from '@/lib/validation';
import { AuthCard } from '../components/AuthCard';
import { SocialSignIn } from '../components/SocialSignIn';

interface LoginValues {
  email: string;
  password: string;
}

export function LoginPage() {
  const dispatch = useAppDispatch();
  const [loginUser, { isLoading, error, reset }] = useLoginUserMutation();
  const { control, handleSubmit } = useForm<LoginValues>({ defaultValues: { email: '', password: '' } });
  // why a social sign-in was refused (the API sends the browser back here with ?error=); shown as text
  const [params, setParams] = useSearchParams();
  const socialError = params.get('error');
  // where to go back to afterwards (?next=, validated) and why the login is asked for (?intent=)
  const returnTo = returnToFromParams(params);
  const reason = returnTo?.intent ? INTENT_REASONS[returnTo.intent] : null;
  useGlobalLoading(isLoading);

  const onSubmit = handleSubmit(async ({ email, password }) => {
    try {
      const session = await loginUser({ loginDto: { email: email.trim(), password } }).unwrap();
      clearFirstSession();
      // GuestOnly moves the member on: to the dashboard, or back to `next` with its intent
      dispatch(sessionStarted({ token: session.token, user: session.user }));
    } catch {
      // the error is shown below from the mutation state
    }
  });

  return (
    <AuthCard title="Log in" subtitle="Welcome back! Log in to your account.">
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Log in">
        <Stack spacing={2}>
          {reason && (
            <Alert severity="info" data-testid="login-reason">
              {reason}
            </Alert>
          )}
          {socialError && !error && (
            <Alert
              severity="error"
              onClose={() => {
                const kept = new URLSearchParams(params);
                kept.delete('error');
                setParams(kept, { replace: true });
              }}
            >
              {socialError.slice(0, 300)}
            </Alert>
          )}
          {error && (
            <Alert severity="error" onClose={reset}>
              {errorMessage(error)}
            </Alert>
          )}
          <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" rules={emailRules} />
          <FormPasswordField
            control={control}
            name="password"
            label="Password"
            autoComplete="current-password"
            rules={{ required: 'Password is required' }}
          />
          <Box sx={{ textAlign: 'right' }}>
            <Link component={RouterLink} to="/forgot-password" variant="body2">
              Forgot password?
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={isLoading}>
            Log in
          </Button>
        </Stack>
      </Box>
      <SocialSignIn returnTo={returnTo} />
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        New here?{' '}
        <Link component={RouterLink} to={`/signup${returnToQuery(returnTo)}`}>
          Create an account
        </Link>
      </Typography>
    </AuthCard>
  );
}
