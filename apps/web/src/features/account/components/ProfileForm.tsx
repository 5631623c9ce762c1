import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router';
import TextField from '@mui/material/TextField';
import { FormTextField } from '@/components/ui/FormTextField';
import { USER_TYPE_OPTIONS } from '@/features/auth/constants';
import { useUpdateUserMutation } from '@/lib/api/generated-shell';
import { errorMessage } from '@/lib/api/errors';
import type { User, UserType } from '@/lib/api/types';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { phoneRules } from '@/lib/validation';

interface ProfileValues {
  firstName: string;
  middleName: string;
  lastName: string;
  username: string;
  phoneNumber: string;
  type: UserType;
}

function valuesOf(user: User): ProfileValues {
  return {
    firstName: user.firstName ?? '',
    middleName: user.middleName ?? '',
    lastName: user.lastName ?? '',
    username: user.username ?? '',
    phoneNumber: user.phoneNumber ?? '',
    type: user.type,
  };
}

export function ProfileForm({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const [updateUser, { isLoading, error, reset: resetMutation }] = useUpdateUserMutation();
  const { control, handleSubmit, reset, formState } = useForm<ProfileValues>({ defaultValues: valuesOf(user) });

  // Follow the stored user when it changes (after a save or a refresh), keeping what is being edited.
  useEffect(() => {
    reset(valuesOf(user), { keepDirtyValues: true });
  }, [user, reset]);

  const onSubmit = handleSubmit(async (values) => {
    const before = valuesOf(user);
    // Optional fields: a filled value is sent, an emptied one becomes null, an untouched empty one is left out.
    const optional = (key: 'middleName' | 'username' | 'phoneNumber') => {
      const value = values[key].trim();
      if (value) return { [key]: value };
      return before[key] ? { [key]: null } : {};
    };
    try {
      const saved = await updateUser({
        updateUserDto: {
          _id: user._id,
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          ...optional('middleName'),
          ...optional('username'),
          ...optional('phoneNumber'),
          ...(values.type !== before.type ? { type: values.type } : {}),
        },
      }).unwrap();
      reset(valuesOf(saved));
      dispatch(toast.success('Profile updated', 'Your account details are saved.'));
    } catch {
      // shown below
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Profile">
      <Grid container spacing={2}>
        {error && (
          <Grid size={12}>
            <Alert severity="error" onClose={resetMutation}>
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
          <FormTextField control={control} name="middleName" label="Middle name" autoComplete="additional-name" />
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
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="username"
            label="Username"
            autoComplete="username"
            rules={{
              pattern: {
                value: /^[A-Za-z0-9_.-]{3,30}$/,
                message: 'Use 3 to 30 letters, digits, dots, dashes or underscores',
              },
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="phoneNumber"
            label="Phone number"
            type="tel"
            autoComplete="tel"
            rules={phoneRules}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="type"
            label="Member type"
            select
            helperText={
              <>
                Brokers, salespersons, appraisers and consultants add their PRC licence on the{' '}
                <Link component={RouterLink} to="/verification">
                  Verification
                </Link>{' '}
                page.
              </>
            }
          >
            {USER_TYPE_OPTIONS.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={12}>
          <TextField label="Email" value={user.email ?? ''} fullWidth disabled helperText="Your email cannot be changed here" />
        </Grid>
        <Grid size={12}>
          <Button type="submit" variant="contained" disabled={isLoading || !formState.isDirty}>
            {isLoading ? 'Saving…' : 'Save changes'}
          </Button>
        </Grid>
      </Grid>
    </Box>
  );
}
