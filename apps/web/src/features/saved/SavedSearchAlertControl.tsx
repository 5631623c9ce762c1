import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import type { SavedSearchAlert } from '@app/domain';
import { AlertFrequencyToggle } from '@/components/ui/AlertFrequencyToggle';
import { useSetSavedSearchAlertMutation } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import type { SavedItem } from '@/lib/api/listings';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';

/** A change being saved: from what the list said to what the member chose. */
export interface AlertChoice {
  from: SavedSearchAlert;
  to: SavedSearchAlert;
}

/**
 * What the control shows: the member's choice while the list still says what it said when they chose
 * (the save, then the list's refetch, are on their way), else the list's value. A failed save clears the
 * choice, so the control falls back to what the server has.
 */
export function shownAlert(listed: SavedSearchAlert | null | undefined, choice: AlertChoice | null): SavedSearchAlert {
  const current = listed ?? 'off';
  return choice && choice.from === current ? choice.to : current;
}

export const ALERT_TOASTS: Record<SavedSearchAlert, string> = {
  off: 'Alerts off for this search',
  instant: 'Instant alerts on: we will tell you as new listings match',
  daily: 'Daily alerts on: one digest a day of new listings that match',
};

/** The alert setting of a saved search on the Saved page: Off / Instant / Daily. */
export function SavedSearchAlertControl({ item }: { item: Pick<SavedItem, '_id' | 'name' | 'alert' | 'lastNotifiedAt'> }) {
  const dispatch = useAppDispatch();
  const [setAlert] = useSetSavedSearchAlertMutation();
  const [choice, setChoice] = useState<AlertChoice | null>(null);
  // the list moved on (the refetch came, or another tab changed it): the choice has done its part
  if (choice && (item.alert ?? 'off') !== choice.from) setChoice(null);
  const value = shownAlert(item.alert, choice);

  const change = async (to: SavedSearchAlert) => {
    setChoice({ from: item.alert ?? 'off', to });
    try {
      await setAlert({ id: item._id, setSavedSearchAlertDto: { alert: to } }).unwrap();
      dispatch(toast.success(ALERT_TOASTS[to]));
    } catch (e) {
      setChoice(null);
      dispatch(toast.error('Could not change the alerts', errorMessage(e)));
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <NotificationsActiveOutlinedIcon fontSize="small" color={value === 'off' ? 'disabled' : 'primary'} aria-hidden />
      <Typography variant="body2" color="text.secondary">
        Alerts
      </Typography>
      <AlertFrequencyToggle value={value} onChange={change} label={`Alerts for ${item.name ?? 'this search'}`} />
      {item.lastNotifiedAt && (
        <Typography variant="caption" color="text.secondary">
          Last alert {new Date(item.lastNotifiedAt).toLocaleDateString('en-PH')}
        </Typography>
      )}
    </Stack>
  );
}
