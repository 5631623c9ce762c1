import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import DoneIcon from '@mui/icons-material/Done';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { EmptyState } from '@/components/ui/EmptyState';
import { useGetNotificationsQuery } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { NOTIFICATION_PAGE_SIZES, notificationArgs } from '@/lib/api/notifications';
import { notificationParams, readNotificationParams, type NotificationPageParams } from './page-params';
import { useMarkAllRead, useMarkRead, useOpenNotification } from './use-open-notification';
import { NotificationItem } from './components/NotificationItem';

/** /notifications: every notification of the member, a page at a time, newest (or unread) first. */
export function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const state = readNotificationParams(params);
  const { page, limit, unreadFirst } = state;
  const { data, error, isLoading, isFetching, refetch } = useGetNotificationsQuery(notificationArgs.list(page, limit, unreadFirst));
  const open = useOpenNotification();
  const markRead = useMarkRead();
  const { markAllRead, busy } = useMarkAllRead();
  const go = (next: Partial<NotificationPageParams>) => setParams(notificationParams({ ...state, ...next }));

  const notifications = data?.notifications ?? [];
  const unread = data?.unreadCount ?? 0;
  const total = data?.pagination.totalItems ?? 0;
  const first = (page - 1) * limit + 1;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
      <Stack spacing={2}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            Notifications
          </Typography>
          <Typography color="text.secondary" data-testid="notifications-unread">
            {data ? (unread === 0 ? 'All caught up: nothing unread.' : `${unread} unread`) : '\u00a0'}
          </Typography>
        </Box>

        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 1, justifyContent: 'space-between' }}>
          <FormControlLabel
            control={<Switch checked={unreadFirst} onChange={(_, on) => go({ unreadFirst: on, page: 1 })} />}
            label="Unread first"
          />
          <Button variant="outlined" startIcon={<DoneAllIcon />} onClick={() => void markAllRead()} disabled={unread === 0 || busy}>
            Mark all as read
          </Button>
        </Stack>

        <Paper variant="outlined" component="section" aria-label="Your notifications" sx={{ overflow: 'hidden', position: 'relative' }}>
          {isFetching && !isLoading && <LinearProgress aria-label="Loading notifications" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
          {error ? (
            <Alert
              severity="error"
              sx={{ m: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => void refetch()}>
                  Try again
                </Button>
              }
            >
              {errorMessage(error)}
            </Alert>
          ) : isLoading ? (
            <Box sx={{ p: 2 }} aria-label="Loading notifications">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} variant="rounded" height={64} sx={{ mb: 1 }} />
              ))}
            </Box>
          ) : notifications.length === 0 ? (
            total > 0 ? (
              <EmptyState
                title="Nothing on this page"
                description={`You have ${total} notification${total === 1 ? '' : 's'}; they start on page 1.`}
                action={<Button onClick={() => go({ page: 1 })}>Go to page 1</Button>}
              />
            ) : (
              <EmptyState
                icon={<NotificationsNoneIcon fontSize="inherit" />}
                title="No notifications yet"
                description="New messages, reviews of your listings and notices about your account will show here."
              />
            )
          ) : (
            <List disablePadding>
              {notifications.map((n, i) => (
                <Box key={n._id}>
                  {i > 0 && <Divider component="div" />}
                  <NotificationItem
                    notification={n}
                    onOpen={open}
                    action={
                      n.isRead ? undefined : (
                        <Tooltip title="Mark as read">
                          <IconButton edge="end" aria-label={`Mark as read: ${n.title}`} onClick={() => void markRead(n)}>
                            <DoneIcon />
                          </IconButton>
                        </Tooltip>
                      )
                    }
                  />
                </Box>
              ))}
            </List>
          )}
        </Paper>

        {data && total > 0 && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" color="text.secondary" data-testid="notifications-range">
                {notifications.length > 0 ? `${first}–${first + notifications.length - 1} of ${total}` : `${total} in all`}
              </Typography>
              <TextField
                select
                size="small"
                label="Per page"
                value={String(limit)}
                onChange={(e) => go({ limit: Number(e.target.value), page: 1 })}
                sx={{ minWidth: 96 }}
              >
                {NOTIFICATION_PAGE_SIZES.map((n) => (
                  <MenuItem key={n} value={String(n)}>
                    {n}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            {data.pagination.totalPages > 1 && (
              <Pagination
                count={data.pagination.totalPages}
                page={Math.min(page, data.pagination.totalPages)}
                onChange={(_e, p) => go({ page: p })}
                aria-label="Notification pages"
              />
            )}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
