import { Link as RouterLink } from 'react-router';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import { useGetThreadUnreadCountQuery } from '@/lib/api/generated';
import { selectIsLoggedIn, useAppSelector } from '@/lib/state/hooks';

export function unreadLabel(count: number): string {
  return `Unread messages: ${count}`;
}

/**
 * The header's link to /messages with the unread total (getThreadUnreadCount), kept current by the
 * socket events (cache-sync.ts) without reloading.
 */
export function UnreadMessagesBadge() {
  const signedIn = useAppSelector(selectIsLoggedIn);
  const { data } = useGetThreadUnreadCountQuery(undefined, { skip: !signedIn });
  const count = data?.count ?? 0;
  return (
    <Tooltip title="Messages" describeChild>
      <IconButton component={RouterLink} to="/messages" aria-label={unreadLabel(count)} data-testid="unread-messages-badge" data-count={count}>
        <Badge badgeContent={count} color="error" max={99}>
          <ChatBubbleOutlineIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
