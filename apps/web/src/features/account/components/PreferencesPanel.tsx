import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useUpdateUserVisibilityMutation } from '@/lib/api/generated-shell';
import { errorMessage } from '@/lib/api/errors';
import type { User } from '@/lib/api/types';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { PREFERENCE_LABELS, type VisibilityField } from '../constants';

function currentValue(user: User, field: VisibilityField): boolean {
  if (field === 'isVisible') return Boolean(user.isVisible);
  return Boolean(user.preferences?.[field]);
}

const FIELDS: VisibilityField[] = ['receiveMonthlyUpdates', 'seeProfileViewers', 'isVisible'];

export function PreferencesPanel({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const [updateVisibility] = useUpdateUserVisibilityMutation();
  // Optimistic values while a change is being saved.
  const [pending, setPending] = useState<Partial<Record<VisibilityField, boolean>>>({});

  const toggle = async (field: VisibilityField, visible: boolean) => {
    setPending((p) => ({ ...p, [field]: visible }));
    try {
      await updateVisibility({ updateVisibilityDto: { field, visible } }).unwrap();
      dispatch(toast.success('Preferences saved', `${PREFERENCE_LABELS[field].label}: ${visible ? 'on' : 'off'}`));
    } catch (error) {
      dispatch(toast.error('Could not save your preference', errorMessage(error)));
    } finally {
      setPending((p) => {
        const next = { ...p };
        delete next[field];
        return next;
      });
    }
  };

  return (
    <Stack spacing={2}>
      {FIELDS.map((field) => {
        const checked = pending[field] ?? currentValue(user, field);
        const { label, description } = PREFERENCE_LABELS[field];
        return (
          <div key={field}>
            <FormControlLabel
              control={
                <Switch
                  checked={checked}
                  disabled={pending[field] !== undefined}
                  onChange={(_, value) => void toggle(field, value)}
                  slotProps={{ input: { 'aria-describedby': `${field}-description` } }}
                />
              }
              label={label}
            />
            <Typography id={`${field}-description`} variant="body2" color="text.secondary" sx={{ ml: 6 }}>
              {description}
            </Typography>
          </div>
        );
      })}
    </Stack>
  );
}
