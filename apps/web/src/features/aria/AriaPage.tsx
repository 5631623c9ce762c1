import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import HistoryIcon from '@mui/icons-material/History';
import { errorMessage, errorStatus } from '@/lib/api/errors';
import { useAriaConversationQuery } from './aria-api';
import { AriaChat } from './AriaChat';
import { HistoryList } from './HistoryList';
import { RunView } from './RunView';

/** A feasibility run's or a comparison's history entry: its runs with their progress and results. */
function RunsOf({ conversationId }: { conversationId: string }) {
  const { data } = useAriaConversationQuery({ id: conversationId });
  const runs = data?.runs ?? [];
  if (runs.length === 0) return <Typography color="text.secondary">No run in this entry.</Typography>;
  return (
    <Stack spacing={4}>
      {runs.map((run) => (
        <RunView key={run.id} runId={run.id} initial={run} />
      ))}
    </Stack>
  );
}

/**
 * /aria and /aria/{conversationId}: ARIA on a page of its own, the member's history beside the
 * conversation (in a drawer on a phone); a feasibility run or a comparison shows its result.
 */
export function AriaPage() {
  // the route is aria/* (the cheapest route entry for the first download): the rest of the path is the conversation's id
  const conversationId = useParams()['*']?.split('/')[0] || null;
  const navigate = useNavigate();
  const [historyOpen, setHistoryOpen] = useState(false);
  const { data: conversation, error } = useAriaConversationQuery({ id: conversationId ?? '' }, { skip: !conversationId });
  const isRun = !!conversation && conversation.id === conversationId && conversation.kind !== 'chat';
  const notFound = errorStatus(error) === 404;

  const history = (
    <HistoryList
      selectedId={conversationId}
      onOpen={() => setHistoryOpen(false)}
      onDeleted={(id) => {
        if (id === conversationId) navigate('/aria', { replace: true });
      }}
    />
  );

  return (
    <Container maxWidth="xl" sx={{ py: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' }}>
        <SmartToyOutlinedIcon color="primary" />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: '1 1 0', minWidth: { xs: 'calc(100% - 40px)', sm: 0 } }} noWrap>
          {conversationId && conversation?.id === conversationId ? conversation.title || 'ARIA' : 'ARIA'}
        </Typography>
        <Button startIcon={<HistoryIcon />} onClick={() => setHistoryOpen(true)} sx={{ display: { md: 'none' } }}>
          History
        </Button>
        <Button component={RouterLink} to="/aria" startIcon={<AddCommentOutlinedIcon />} variant="outlined">
          New chat
        </Button>
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: 1.5, display: { xs: 'none', md: 'block' }, maxHeight: 'calc(100dvh - 160px)', overflowY: 'auto' }}>
          {history}
        </Paper>
        <Drawer open={historyOpen} onClose={() => setHistoryOpen(false)} slotProps={{ paper: { sx: { width: 320, maxWidth: '90vw', p: 1.5 } } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            History
          </Typography>
          {historyOpen && history}
        </Drawer>
        {notFound ? (
          <Alert severity="warning" action={<Button component={RouterLink} to="/aria">New chat</Button>}>
            This conversation does not exist or was deleted.
          </Alert>
        ) : error ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : isRun ? (
          <Box sx={{ minWidth: 0 }}>
            <RunsOf conversationId={conversationId!} />
          </Box>
        ) : (
          <Paper variant="outlined" sx={{ height: { xs: 'calc(100dvh - 150px)', md: 'calc(100dvh - 160px)' }, minHeight: 420, overflow: 'hidden' }}>
            <AriaChat
              conversationId={conversationId}
              wide
              onConversation={(id) => navigate(`/aria/${id}`, { replace: !conversationId })}
            />
          </Paper>
        )}
      </Box>
    </Container>
  );
}
