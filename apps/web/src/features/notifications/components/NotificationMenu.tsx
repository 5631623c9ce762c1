import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { useGetNotificationsQuery } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { notificationArgs, NOTIFICATION_MENU_SIZE } from '@/lib/api/notifications';
import { useMarkAllRead, useOpenNotification } from '../use-open-notification';
import { NotificationItem } from './NotificationItem';

export const MENU_TITLE_ID = 'notification-menu-title';

/**
 * The bell's popover: the newest notifications (asked again each time it opens, kept current by the
 * socket while open), "Mark all as read" and "See all".
 */
export function NotificationMenu({ unread, onClose }: { unread: number; onClose: () => void }) {
  const { data, error, isLoading } = useGetNotificationsQuery(notificationArgs.menu(), { refetchOnMountOrArgChange: true });
  const open = useOpenNotification();
  const { markAllRead, busy } = useMarkAllRead();
  const notifications = data?.notifications ?? [];
  const anyUnread = unread > 0 || (data?.unreadCount ?? 0) > 0;

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.25 }}>
        <Typography id={MENU_TITLE_ID} variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
          Notifications
        </Typography>
        <Button size="small" startIcon={<DoneAllIcon />} onClick={() => void markAllRead()} disabled={!anyUnread || busy}>
          Mark all as read
        </Button>
      </Box>
      <Divider />
      <Box sx={{ overflowY: 'auto', flex: 1, minHeight: 0 }}>
        {error ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorMessage(error)}
          </Alert>
        ) : isLoading ? (
          <Box sx={{ p: 2 }} aria-label="Loading notifications">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={56} sx={{ mb: 1 }} />
            ))}
          </Box>
        ) : notifications.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 4, px: 2, color: 'text.secondary' }}>
            <NotificationsNoneIcon sx={{ fontSize: 40 }} aria-hidden />
            <Typography variant="body2" sx={{ fontWeight: 600, color: 'text.primary' }}>
              No notifications yet
            </Typography>
            <Typography variant="body2">New messages, reviews and account notices will show here.</Typography>
          </Box>
        ) : (
          <List disablePadding aria-label={`Latest ${NOTIFICATION_MENU_SIZE} notifications`}>
            {notifications.map((n, i) => (
              <Box key={n._id}>
                {i > 0 && <Divider component="div" />}
                <NotificationItem
                  compact
                  notification={n}
                  onOpen={(opened) => {
                    open(opened);
                    onClose();
                  }}
                />
              </Box>
            ))}
          </List>
        )}
      </Box>
      <Divider />
      <Button component={RouterLink} to="/notifications" onClick={onClose} fullWidth sx={{ py: 1.25, borderRadius: 0 }}>
        See all notifications
      </Button>
    </>
  );
}
