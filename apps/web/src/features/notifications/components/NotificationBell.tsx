import { lazy, Suspense, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { useGetUnreadNotificationCountQuery } from '@/lib/api/generated';
import { selectIsLoggedIn, useAppSelector } from '@/lib/state/hooks';
import { useNotificationSync } from '../use-notification-sync';

// the menu's list loads the first time it opens
const NotificationMenu = lazy(() => import('./NotificationMenu').then((m) => ({ default: m.NotificationMenu })));

export function bellLabel(count: number): string {
  return count === 0 ? 'Notifications, none unread' : `Notifications, ${count} unread`;
}

/**
 * The header's bell: the unread count (getUnreadNotificationCount, raised live by the socket's
 * `notification` event: it runs the socket sync, notification-sync.ts) and a popover with the newest
 * notifications. On a phone the popover spans the width of the screen.
 */
export function NotificationBell() {
  useNotificationSync();
  const signedIn = useAppSelector(selectIsLoggedIn);
  const { data } = useGetUnreadNotificationCountQuery(undefined, { skip: !signedIn });
  const count = data?.count ?? 0;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title="Notifications" describeChild>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={bellLabel(count)}
          aria-haspopup="dialog"
          aria-expanded={anchor ? 'true' : 'false'}
          aria-controls={anchor ? 'notification-menu' : undefined}
          data-testid="notification-bell"
          data-count={count}
        >
          <Badge badgeContent={count} color="error" max={99}>
            <NotificationsNoneIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id="notification-menu"
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        marginThreshold={8}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': 'notification-menu-title',
            'data-testid': 'notification-menu',
            sx: {
              width: { xs: 'calc(100vw - 16px)', sm: 400 },
              maxWidth: 'calc(100vw - 16px)',
              maxHeight: 'min(600px, calc(100dvh - 80px))',
              display: 'flex',
              flexDirection: 'column',
              mt: 0.5,
            },
          } as object,
        }}
      >
        <Suspense
          fallback={
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
              <CircularProgress size={24} aria-label="Loading notifications" />
            </Box>
          }
        >
          <NotificationMenu unread={count} onClose={close} />
        </Suspense>
      </Popover>
    </>
  );
}
