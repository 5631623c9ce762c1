import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { FormPasswordField, FormTextField } from '@/components/ui/FormTextField';
import { useCreateUserMutation } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import type { UserType } from '@/lib/api/types';
import { sessionStarted } from '@/lib/state/auth-slice';
import { useAppDispatch, useGlobalLoading } from '@/lib/state/hooks';
import { markFirstSession } from '@/lib/first-session';
import { INTENT_REASONS, returnToFromParams, returnToQuery } from '@/lib/return-to';
import { emailRules, newPasswordRules, PASSWORD_HINT, phoneRules } from '@/lib/validation';
import { AuthCard } from '../components/AuthCard';
import { SocialSignIn } from '../components/SocialSignIn';
import { USER_TYPE_OPTIONS } from '../constants';

interface SignupValues {
  firstName: string;
  middleName: string;
  lastName: string;
  email: string;
  password: string;
  phoneNumber: string;
  type: UserType | '';
}

export function SignupPage() {
  const dispatch = useAppDispatch();
  // where to go back to afterwards (?next=, validated) and why an account is asked for (?intent=)
  const [params] = useSearchParams();
  const returnTo = returnToFromParams(params);
  const reason = returnTo?.intent ? INTENT_REASONS[returnTo.intent] : null;
  const [createUser, { isLoading, error, reset }] = useCreateUserMutation();
  const { control, handleSubmit } = useForm<SignupValues>({
    defaultValues: { firstName: '', middleName: '', lastName: '', email: '', password: '', phoneNumber: '', type: '' },
  });
  useGlobalLoading(isLoading);

  const onSubmit = handleSubmit(async (values) => {
    const middleName = values.middleName.trim();
    const phoneNumber = values.phoneNumber.trim();
    try {
      const session = await createUser({
        createUserDto: {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          email: values.email.trim(),
          password: values.password,
          type: values.type as UserType,
          ...(middleName ? { middleName } : {}),
          ...(phoneNumber ? { phoneNumber } : {}),
        },
      }).unwrap();
      markFirstSession(session.user, true);
      // GuestOnly moves the member on: to the dashboard, or back to `next` with its intent
      dispatch(sessionStarted({ token: session.token, user: session.user }));
    } catch {
      // shown below
    }
  });

  return (
    <AuthCard title="Create your account" subtitle="Join to save listings, message owners and more." maxWidth="sm">
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign up">
        <Grid container spacing={2}>
          {reason && (
            <Grid size={12}>
              <Alert severity="info" data-testid="login-reason">
                {reason.replace('Log in', 'Create an account or log in')}
              </Alert>
            </Grid>
          )}
          {error && (
            <Grid size={12}>
              <Alert severity="error" onClose={reset}>
                {errorMessage(error)}
              </Alert>
            </Grid>
          )}
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField
              control={control}
              name="firstName"
              label="First name"
              autoComplete="given-name"
              rules={{ required: 'First name is required' }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField
              control={control}
              name="middleName"
              label="Middle name"
              helperText="Optional"
              autoComplete="additional-name"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField
              control={control}
              name="lastName"
              label="Last name"
              autoComplete="family-name"
              rules={{ required: 'Last name is required' }}
            />
          </Grid>
          <Grid size={12}>
            <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" rules={emailRules} />
          </Grid>
          <Grid size={12}>
            <FormPasswordField
              control={control}
              name="password"
              label="Password"
              autoComplete="new-password"
              helperText={PASSWORD_HINT}
              rules={newPasswordRules}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="phoneNumber"
              label="Phone number"
              helperText="Optional"
              type="tel"
              autoComplete="tel"
              rules={phoneRules}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="type"
              label="I am a"
              select
              rules={{ required: 'Choose what kind of member you are' }}
            >
              {USER_TYPE_OPTIONS.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={12}>
            <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading}>
              Sign up
            </Button>
          </Grid>
        </Grid>
      </Box>
      <SocialSignIn returnTo={returnTo} />
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to={`/login${returnToQuery(returnTo)}`}>
          Log in
        </Link>
      </Typography>
    </AuthCard>
  );
}
