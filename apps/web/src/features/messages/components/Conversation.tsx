import { useCallback, useEffect, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { EmptyState } from '@/components/ui/EmptyState';
import { errorStatus } from '@/lib/api/errors';
import { useGetThreadQuery } from '@/lib/api/generated';
import { threadArgs, type Thread } from '@/lib/api/messaging';
import { useRealtimeStatus } from '@/lib/realtime';
import { selectCurrentUser, useAppSelector } from '@/lib/state/hooks';
import { ERROR_GETTING_MESSAGES, fetchErrorMessage } from '../errors';
import { personInitials, personName } from '../format';
import { usePageVisible } from '../hooks/usePageVisible';
import { OlderMessagesPage, useThreadMessages } from '../hooks/useThreadMessages';
import { unreadFromOthers } from '../messages-state';
import { useMessaging } from '../use-messaging';
import { Composer, type Draft } from './Composer';
import { MessageList } from './MessageList';

export const CONVERSATION_UNAVAILABLE_TEXT = 'This conversation is not available';

function ConnectionChip() {
  const status = useRealtimeStatus();
  if (status !== 'connecting') return null;
  return <Chip size="small" variant="outlined" label="Connecting…" icon={<CircularProgress size={12} />} data-testid="realtime-status" />;
}

function ConversationHeader({ thread, showBack }: { thread: Thread | undefined; showBack: boolean }) {
  const other = thread?.otherParticipant;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', px: { xs: 1, sm: 2 }, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
      {showBack && (
        <IconButton component={RouterLink} to="/messages" aria-label="Back to conversations" edge="start">
          <ArrowBackIcon />
        </IconButton>
      )}
      {thread && other ? (
        <>
          <Avatar src={other.avatar ?? undefined} alt={personName(other)}>
            {personInitials(other)}
          </Avatar>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="subtitle1" component="h2" noWrap sx={{ fontWeight: 700 }} data-testid="conversation-title">
              {personName(other)}
            </Typography>
            {thread.listing && (
              <Link component={RouterLink} to={`/listings/${thread.listing._id}`} variant="body2" underline="hover" noWrap sx={{ display: 'block' }}>
                {thread.listing.name} · {thread.listing.code}
              </Link>
            )}
          </Box>
          <ConnectionChip />
        </>
      ) : (
        <Box sx={{ flex: 1 }}>
          <Skeleton variant="text" width="40%" height={28} />
        </Box>
      )}
    </Stack>
  );
}

export interface ConversationProps {
  threadId: string;
  /** Phones: a back button to the list (the list and the conversation show one at a time). */
  showBack: boolean;
}

/**
 * One conversation: header, messages (newest at the bottom, older pages on demand) and the composer.
 * While it is on screen and the page is visible, unread messages from the other member are marked read.
 */
export function Conversation({ threadId, showBack }: ConversationProps) {
  const me = useAppSelector(selectCurrentUser);
  const meId = me?._id ?? '';
  const messaging = useMessaging();
  const visible = usePageVisible();
  const { data: thread, error: threadError } = useGetThreadQuery(threadArgs.one(threadId));
  const { messages, pageCount, firstPage, loaded, hasOlder, loadingOlder, olderError, loadOlder } = useThreadMessages(threadId);

  useEffect(() => {
    messaging.setOpenThread(threadId);
    return () => messaging.closeThread(threadId);
  }, [messaging, threadId]);

  // opening a thread (and every new message while it is open) marks the others' unread messages read
  const unreadIds = useMemo(() => unreadFromOthers(messages, meId), [messages, meId]);
  useEffect(() => {
    if (visible && unreadIds.length > 0) void messaging.markRead(threadId, unreadIds);
  }, [messaging, threadId, visible, unreadIds]);
  // more unread than the loaded pages hold (over 20): the rest are marked read in one call
  const unreadElsewhere = loaded && unreadIds.length === 0 && (thread?.unreadCount ?? 0) > 0;
  useEffect(() => {
    if (visible && unreadElsewhere) void messaging.markAllRead(threadId);
  }, [messaging, threadId, visible, unreadElsewhere]);

  const send = useCallback((draft: Draft) => messaging.sendMessage(threadId, draft), [messaging, threadId]);

  const threadStatus = errorStatus(threadError) ?? errorStatus(firstPage.error);
  if (threadStatus === 404 || threadStatus === 403 || threadStatus === 400) {
    return (
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        {showBack && <ConversationHeader thread={undefined} showBack />}
        <EmptyState
          title={CONVERSATION_UNAVAILABLE_TEXT}
          description="It may have been deleted, or it is not yours."
          action={
            <Button component={RouterLink} to="/messages">
              All conversations
            </Button>
          }
        />
      </Box>
    );
  }

  const firstError = firstPage.error && !firstPage.data ? fetchErrorMessage(firstPage.error, ERROR_GETTING_MESSAGES) : null;

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }} data-testid="conversation" data-thread-id={threadId}>
      <ConversationHeader thread={thread} showBack={showBack} />
      {Array.from({ length: pageCount - 1 }, (_, i) => (
        <OlderMessagesPage key={i + 2} threadId={threadId} page={i + 2} />
      ))}
      {olderError ? (
        <Alert severity="error" sx={{ m: 1 }}>
          {fetchErrorMessage(olderError, ERROR_GETTING_MESSAGES)}
        </Alert>
      ) : null}
      {firstError ? (
        <Box sx={{ flex: 1, p: 2 }}>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void firstPage.refetch()}>
                Retry
              </Button>
            }
          >
            {firstError}
          </Alert>
        </Box>
      ) : !loaded ? (
        <Stack spacing={1.5} sx={{ flex: 1, p: 2 }} aria-busy="true" aria-label="Loading messages">
          <Skeleton variant="rounded" height={40} width="55%" />
          <Skeleton variant="rounded" height={40} width="40%" sx={{ alignSelf: 'flex-end' }} />
          <Skeleton variant="rounded" height={40} width="60%" />
        </Stack>
      ) : (
        <MessageList
          messages={messages}
          meId={meId}
          hasOlder={hasOlder}
          loadingOlder={loadingOlder}
          onLoadOlder={loadOlder}
          emptyHint={thread?.listing ? `Ask ${personName(thread.otherParticipant)} about ${thread.listing.name}.` : undefined}
        />
      )}
      <Composer onSend={send} disabled={!loaded} />
    </Box>
  );
}
