import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { alpha } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { useRemoveActivityMutation } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { useAppDispatch } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { ACTIVITY_ICONS } from './ActivityIcon';
import { formatDateTime, timeAgo } from '@/lib/time-words';
import type { Activity } from './activity-text';
import { useNow } from './use-now';

function ActivityEntry({ activity, now, onRemove, removing }: { activity: Activity; now: Date; onRemove: () => void; removing: boolean }) {
  const Icon = ACTIVITY_ICONS[activity.kind];
  // what someone else did to the member's listing stands out from what the member did
  const toMe = !activity.byMe;
  return (
    <ListItem
      disablePadding
      data-testid="activity-entry"
      data-kind={activity.kind}
      data-by-me={activity.byMe ? 'true' : 'false'}
      secondaryAction={
        <Tooltip title="Remove from activity">
          <span>
            <IconButton edge="end" aria-label={`Remove from activity: ${activity.title}`} onClick={onRemove} disabled={removing}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      }
      sx={(theme) => ({
        borderRadius: 1,
        borderLeft: '3px solid',
        borderLeftColor: toMe ? theme.palette.secondary.main : 'transparent',
        bgcolor: toMe ? alpha(theme.palette.secondary.main, 0.1) : undefined,
      })}
    >
      <ListItemButton component={RouterLink} to={activity.link} sx={{ borderRadius: 1, pl: { xs: 1, sm: 2 }, pr: 7 }}>
        <ListItemAvatar sx={{ minWidth: 48 }}>
          <Avatar
            sx={(theme) =>
              toMe
                ? { bgcolor: 'secondary.main', color: 'secondary.contrastText', width: 36, height: 36 }
                : { bgcolor: alpha(theme.palette.primary.main, 0.12), color: 'primary.main', width: 36, height: 36 }
            }
          >
            <Icon fontSize="small" />
          </Avatar>
        </ListItemAvatar>
        <ListItemText
          primary={activity.title}
          secondary={
            <>
              {toMe && 'Your listing · '}
              <Tooltip title={formatDateTime(activity.timestamp)} describeChild>
                <time dateTime={activity.timestamp}>{timeAgo(activity.timestamp, now.getTime())}</time>
              </Tooltip>
            </>
          }
          slotProps={{ primary: { sx: { fontWeight: toMe ? 600 : 500, overflowWrap: 'anywhere' } } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

/** Entries of a member's activity, newest first, each opening its `link`, each with a remove button. */
export function ActivityList({ activities, label }: { activities: Activity[]; label: string }) {
  const dispatch = useAppDispatch();
  const now = useNow();
  const [removeActivity] = useRemoveActivityMutation();
  const [removing, setRemoving] = useState<string | null>(null);

  const remove = async (activity: Activity) => {
    setRemoving(activity._id);
    try {
      await removeActivity({ id: activity._id }).unwrap();
      dispatch(toast.info('Removed from your activity', activity.title));
    } catch (error) {
      dispatch(toast.error('Could not remove the entry', errorMessage(error)));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <List aria-label={label} disablePadding sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {activities.map((activity) => (
        <ActivityEntry
          key={activity._id}
          activity={activity}
          now={now}
          onRemove={() => remove(activity)}
          removing={removing === activity._id}
        />
      ))}
    </List>
  );
}
