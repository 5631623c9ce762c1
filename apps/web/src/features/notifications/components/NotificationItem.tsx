import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { Notification } from '@/lib/api/notifications';
import { formatDateTime, timeAgo } from '@/lib/time-words';
import { KindIcon, kindDisplay } from '../kinds';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export interface NotificationItemProps {
  notification: Notification;
  /** Called as the member follows its link (to mark it read, close the menu). */
  onOpen: (notification: Notification) => void;
  /** The menu's compact rows (smaller icon, one line less of text). */
  compact?: boolean;
  /** A button beside the row (the page's "Mark as read"). */
  action?: ReactNode;
}

/**
 * One notification: its kind's icon, title, text, how long ago, and a dot while unread; the whole row
 * links to where it leads (`link`).
 */
export function NotificationItem({ notification, onOpen, compact = false, action }: NotificationItemProps) {
  const { _id, title, body, createdAt, isRead, link, type } = notification;
  return (
    <ListItem
      disablePadding
      data-testid="notification-item"
      data-id={_id}
      data-read={String(isRead)}
      secondaryAction={action}
      sx={{ bgcolor: isRead ? undefined : 'action.hover', '& .MuiListItemSecondaryAction-root': { right: { xs: 8, sm: 12 } } }}
    >
      <ListItemButton
        component={RouterLink}
        to={link}
        onClick={() => onOpen(notification)}
        sx={{ alignItems: 'flex-start', gap: compact ? 1.5 : 2, py: compact ? 1.25 : 1.75, px: { xs: 1.5, sm: 2 }, pr: action ? { xs: 7, sm: 8 } : undefined }}
      >
        <KindIcon kind={type} size={compact ? 36 : 40} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box component="span" sx={visuallyHidden}>
            {isRead ? '' : 'Unread. '}
            {kindDisplay(type).name}:{' '}
          </Box>
          <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: isRead ? 500 : 700, color: 'text.primary', overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {body && (
            <Typography
              component="span"
              variant="body2"
              color="text.secondary"
              sx={{
                display: '-webkit-box',
                WebkitBoxOrient: 'vertical',
                WebkitLineClamp: compact ? 2 : 3,
                overflow: 'hidden',
                overflowWrap: 'anywhere',
              }}
            >
              {body}
            </Typography>
          )}
          <Typography component="span" variant="caption" color={isRead ? 'text.secondary' : 'primary.main'} sx={{ display: 'block', mt: 0.25, fontWeight: isRead ? 400 : 600 }}>
            <time dateTime={createdAt} title={formatDateTime(createdAt)}>
              {timeAgo(createdAt)}
            </time>
          </Typography>
        </Box>
        {!isRead && (
          <Box
            component="span"
            aria-hidden
            data-testid="unread-dot"
            sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0, alignSelf: 'center' }}
          />
        )}
      </ListItemButton>
    </ListItem>
  );
}
