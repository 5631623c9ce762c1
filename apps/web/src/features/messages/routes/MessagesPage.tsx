import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { EmptyState } from '@/components/ui/EmptyState';
import { errorMessage } from '@/lib/api/errors';
import { useArchiveThreadMutation, useDeleteThreadMutation } from '@/lib/api/generated';
import { ERROR_GETTING_THREADS, threadArgs, threadErrorMessage, type Thread } from '@/lib/api/messaging';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { Conversation } from '../components/Conversation';
import { ThreadList } from '../components/ThreadList';
import { personName } from '../format';
import { MoreThreadsPage, useThreadList } from '../hooks/useThreadList';

export const SELECT_CONVERSATION_TEXT = 'Select a conversation';

function ThreadsPane({ selectedId }: { selectedId?: string }) {
  const me = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const archived = params.get('view') === 'archived';
  const { threads, pageCount, first, hasMore, loadingMore, loadMore } = useThreadList(archived);
  const [archiveThread] = useArchiveThreadMutation();
  const [deleteThread] = useDeleteThreadMutation();

  const onArchive = async (thread: Thread, next: boolean) => {
    try {
      await archiveThread(threadArgs.archive(thread._id, next)).unwrap();
      dispatch(toast.success(next ? 'Conversation archived' : 'Moved to inbox', personName(thread.otherParticipant)));
    } catch (error) {
      dispatch(toast.error('Could not update the conversation', errorMessage(error)));
    }
  };

  const onDelete = async (thread: Thread) => {
    try {
      await deleteThread(threadArgs.one(thread._id)).unwrap();
      dispatch(toast.info('Conversation deleted', personName(thread.otherParticipant)));
      if (thread._id === selectedId) navigate('/messages', { replace: true });
    } catch (error) {
      dispatch(toast.error('Could not delete the conversation', errorMessage(error)));
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, px: 2, pt: 2 }}>
        Messages
      </Typography>
      {Array.from({ length: pageCount - 1 }, (_, i) => (
        <MoreThreadsPage key={i + 2} archived={archived} page={i + 2} />
      ))}
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <ThreadList
          threads={threads}
          meId={me?._id ?? ''}
          selectedId={selectedId}
          archived={archived}
          onArchivedChange={(next) => setParams(next ? { view: 'archived' } : {}, { replace: true })}
          loading={first.isLoading}
          error={first.error && !first.data ? threadErrorMessage(first.error, ERROR_GETTING_THREADS) : null}
          onArchive={(t, next) => void onArchive(t, next)}
          onDelete={onDelete}
          footer={
            hasMore || loadingMore ? (
              <Box sx={{ textAlign: 'center', p: 1.5 }}>
                <Button size="small" onClick={loadMore} disabled={loadingMore}>
                  Load more conversations
                </Button>
              </Box>
            ) : null
          }
        />
      </Box>
    </Box>
  );
}

/**
 * /messages and /messages/:threadId: the thread list and the open conversation side by side on
 * desktop, one at a time on phones.
 */
export function MessagesPage() {
  const { threadId } = useParams();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const showList = desktop || !threadId;
  const showConversation = desktop || !!threadId;

  return (
    <Box sx={{ px: { xs: 0, md: 3 }, py: { xs: 0, md: 2 }, maxWidth: 1280, mx: 'auto' }}>
      <Paper
        variant="outlined"
        sx={{
          display: 'flex',
          height: { xs: 'calc(100dvh - 57px)', sm: 'calc(100dvh - 65px)', md: 'calc(100dvh - 65px - 32px)' },
          minHeight: 420,
          overflow: 'hidden',
          borderRadius: { xs: 0, md: 2 },
          borderLeft: { xs: 0, md: 1 },
          borderRight: { xs: 0, md: 1 },
          borderColor: 'divider',
        }}
      >
        {showList && (
          <Box
            component="section"
            aria-label="Conversations"
            sx={{ width: { xs: '100%', md: 360 }, flexShrink: 0, borderRight: { md: 1 }, borderColor: 'divider', minHeight: 0 }}
          >
            <ThreadsPane selectedId={threadId} />
          </Box>
        )}
        {showConversation && (
          <Box component="section" aria-label="Conversation" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            {threadId ? (
              <Conversation key={threadId} threadId={threadId} showBack={!desktop} />
            ) : (
              <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                <EmptyState
                  icon={<ForumOutlinedIcon fontSize="inherit" />}
                  title={SELECT_CONVERSATION_TEXT}
                  description="Pick a conversation on the left, or ask about a listing to start one."
                  action={
                    <Button component={RouterLink} to="/listings">
                      Find property
                    </Button>
                  }
                />
              </Box>
            )}
          </Box>
        )}
      </Paper>
    </Box>
  );
}
