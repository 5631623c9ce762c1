import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useGetNotificationPreferencesQuery, useUpdateNotificationPreferencesMutation } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import type { NotificationPreference } from '@/lib/api/notifications';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { KindIcon, kindDisplay } from '../kinds';

/** The e-mail switch's name for a kind (what a screen reader says, and what tests look for). */
export function emailSwitchLabel(label: string): string {
  return `E-mail: ${label}`;
}

/**
 * Settings → Notifications: per kind, in-app (always on) and whether it is e-mailed too, saved as the
 * switch moves (GET/PUT /notification/preferences). One change is saved at a time.
 */
export function NotificationSettings() {
  const dispatch = useAppDispatch();
  const { data, error, isLoading } = useGetNotificationPreferencesQuery();
  const [update] = useUpdateNotificationPreferencesMutation();
  const [saving, setSaving] = useState(false);

  const toggle = async ({ kind, label }: NotificationPreference, email: boolean) => {
    setSaving(true);
    try {
      await update({ updateNotificationPreferencesDto: { preferences: [{ kind, email }] } }).unwrap();
      dispatch(toast.success('Notification settings saved', `${label}: e-mail ${email ? 'on' : 'off'}`));
    } catch (e) {
      dispatch(toast.error('Could not save your notification settings', errorMessage(e)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        Notifications always show in the app (the bell at the top). Choose which ones we also send to your e-mail address.
      </Typography>
      {error ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : isLoading || !data ? (
        <Box aria-label="Loading notification settings">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={56} sx={{ mb: 1 }} />
          ))}
        </Box>
      ) : (
        <Stack divider={<Divider flexItem />} component="ul" aria-label="Notification kinds" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.preferences.map((pref) => {
            const id = `notification-kind-${pref.kind}`;
            return (
              <Stack
                key={pref.kind}
                component="li"
                direction={{ xs: 'column', sm: 'row' }}
                data-testid={id}
                sx={{ py: 1.5, gap: { xs: 0.5, sm: 2 }, alignItems: { sm: 'center' } }}
              >
                <Stack direction="row" spacing={2} sx={{ flex: 1, minWidth: 0, alignItems: 'flex-start' }}>
                  <KindIcon kind={pref.kind} size={36} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography id={`${id}-label`} sx={{ fontWeight: 600 }}>
                      {pref.label}
                    </Typography>
                    <Typography id={`${id}-description`} variant="body2" color="text.secondary">
                      {kindDisplay(pref.kind).description}
                    </Typography>
                  </Box>
                </Stack>
                <Stack direction="row" sx={{ alignItems: 'center', gap: 2, pl: { xs: 6.5, sm: 0 }, flexShrink: 0 }}>
                  <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    In app: always
                  </Typography>
                  <FormControlLabel
                    label="E-mail"
                    sx={{ mr: 0 }}
                    control={
                      <Switch
                        checked={pref.email}
                        disabled={saving}
                        onChange={(_, on) => void toggle(pref, on)}
                        slotProps={{ input: { 'aria-label': emailSwitchLabel(pref.label), 'aria-describedby': `${id}-description` } }}
                      />
                    }
                  />
                </Stack>
              </Stack>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
