import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import UnarchiveOutlinedIcon from '@mui/icons-material/UnarchiveOutlined';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import type { Thread } from '@/lib/api/messaging';
import { messagePreview, personInitials, personName, relativeTime } from '../format';

export const NO_CONVERSATIONS_TEXT = 'No conversations yet';
export const NO_ARCHIVED_TEXT = 'No archived conversations';

/** The link's accessible name: who, about which listing, how many unread. */
export function threadLabel(thread: Thread): string {
  const parts = [personName(thread.otherParticipant)];
  if (thread.listing) parts.push(thread.listing.name);
  if (thread.unreadCount > 0) parts.push(`${thread.unreadCount} unread`);
  return parts.join(', ');
}

interface ItemProps {
  thread: Thread;
  meId: string;
  selected: boolean;
  onArchive: (thread: Thread, archived: boolean) => void;
  onDelete: (thread: Thread) => void;
}

function ThreadListItem({ thread, meId, selected, onArchive, onDelete }: ItemProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = personName(thread.otherParticipant);
  const unread = thread.unreadCount > 0;
  const close = () => setAnchor(null);
  return (
    <ListItem
      disablePadding
      data-testid="thread-item"
      data-thread-id={thread._id}
      secondaryAction={
        <IconButton edge="end" aria-label={`More actions for ${name}`} onClick={(e) => setAnchor(e.currentTarget)} size="small">
          <MoreVertIcon fontSize="small" />
        </IconButton>
      }
    >
      <ListItemButton
        component={RouterLink}
        to={`/messages/${thread._id}`}
        selected={selected}
        aria-label={threadLabel(thread)}
        aria-current={selected ? 'page' : undefined}
        sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.25, pr: 6 }}
      >
        <Avatar src={thread.otherParticipant.avatar ?? undefined} alt={name} sx={{ mt: 0.25 }}>
          {personInitials(thread.otherParticipant)}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
            <Typography variant="subtitle2" noWrap sx={{ flex: 1, fontWeight: unread ? 800 : 600 }}>
              {name}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
              {relativeTime(thread.lastMessage?.createdAt ?? thread.lastActivityAt)}
            </Typography>
          </Stack>
          {thread.listing && (
            <Typography variant="caption" color="primary" noWrap component="p">
              {thread.listing.name}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography
              variant="body2"
              color={unread ? 'text.primary' : 'text.secondary'}
              noWrap
              sx={{ flex: 1, fontWeight: unread ? 600 : 400 }}
              data-testid="thread-preview"
            >
              {messagePreview(thread.lastMessage, meId)}
            </Typography>
            {unread && (
              <Badge
                badgeContent={thread.unreadCount}
                color="primary"
                max={99}
                data-testid="thread-unread"
                aria-label={`${thread.unreadCount} unread`}
                sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' }, mr: 0.5 }}
              />
            )}
          </Stack>
        </Box>
      </ListItemButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <MenuItem
          onClick={() => {
            close();
            onArchive(thread, !thread.archived);
          }}
        >
          <ListItemIcon>{thread.archived ? <UnarchiveOutlinedIcon fontSize="small" /> : <ArchiveOutlinedIcon fontSize="small" />}</ListItemIcon>
          {thread.archived ? 'Move to inbox' : 'Archive'}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onDelete(thread);
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon>
            <DeleteOutlineIcon fontSize="small" color="error" />
          </ListItemIcon>
          Delete
        </MenuItem>
      </Menu>
    </ListItem>
  );
}

export interface ThreadListProps {
  threads: Thread[];
  meId: string;
  selectedId?: string;
  archived: boolean;
  onArchivedChange: (archived: boolean) => void;
  loading: boolean;
  error?: string | null;
  onArchive: (thread: Thread, archived: boolean) => void;
  /** Hides the thread for the signed-in member (after the confirm dialog). */
  onDelete: (thread: Thread) => Promise<void> | void;
  /** A "Load more" control, when the list has more pages. */
  footer?: ReactNode;
}

/** The conversations: avatar, name, listing, last message, time, unread badge; inbox or archive. */
export function ThreadList({
  threads,
  meId,
  selectedId,
  archived,
  onArchivedChange,
  loading,
  error,
  onArchive,
  onDelete,
  footer,
}: ThreadListProps) {
  const [confirming, setConfirming] = useState<Thread | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    if (!confirming) return;
    setBusy(true);
    try {
      await onDelete(confirming);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box sx={{ px: 2, pt: 1.5, pb: 1 }}>
        <ToggleButtonGroup
          value={archived ? 'archived' : 'inbox'}
          exclusive
          size="small"
          fullWidth
          aria-label="Show conversations"
          onChange={(_e, value: 'inbox' | 'archived' | null) => {
            if (value) onArchivedChange(value === 'archived');
          }}
        >
          <ToggleButton value="inbox">Inbox</ToggleButton>
          <ToggleButton value="archived">Archived</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {error ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {error}
          </Alert>
        ) : loading ? (
          <Stack spacing={1} sx={{ p: 2 }} aria-busy="true" aria-label="Loading conversations">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={64} />
            ))}
          </Stack>
        ) : threads.length === 0 ? (
          <EmptyState
            icon={<ForumOutlinedIcon fontSize="inherit" />}
            title={archived ? NO_ARCHIVED_TEXT : NO_CONVERSATIONS_TEXT}
            description={archived ? 'Conversations you archive show up here.' : 'Ask about a listing with "Check availability" to start one.'}
          />
        ) : (
          <List aria-label={archived ? 'Archived conversations' : 'Conversations'} disablePadding>
            {threads.map((t) => (
              <ThreadListItem
                key={t._id}
                thread={t}
                meId={meId}
                selected={t._id === selectedId}
                onArchive={onArchive}
                onDelete={setConfirming}
              />
            ))}
          </List>
        )}
        {footer}
      </Box>
      <ConfirmDialog
        open={Boolean(confirming)}
        title="Delete this conversation?"
        message={
          confirming
            ? `The conversation with ${personName(confirming.otherParticipant)} disappears from your list. It comes back if a new message arrives.`
            : undefined
        }
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(null)}
      />
    </Box>
  );
}
