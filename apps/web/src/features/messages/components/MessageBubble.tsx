import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/lib/time-words';
import { messageTime } from '../format';
import { isPending, type ChatMessage } from '../messages-state';
import { MessageAttachments } from './MessageAttachments';

export type MessageStatus = 'Sending…' | 'Sent' | 'Read';

export function messageStatus(message: ChatMessage): MessageStatus {
  if (isPending(message)) return 'Sending…';
  return message.isRead ? 'Read' : 'Sent';
}

export interface MessageBubbleProps {
  message: ChatMessage;
  mine: boolean;
}

/** One message: own ones on the right with "Sending…", "Sent" or "Read" under them. Text is plain text. */
export function MessageBubble({ message, mine }: MessageBubbleProps) {
  const status = mine ? messageStatus(message) : null;
  const sending = isPending(message);
  return (
    <Box
      data-testid="message"
      data-message-id={message._id}
      data-mine={mine ? 'true' : 'false'}
      data-status={status ?? undefined}
      sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}
    >
      <Box sx={{ maxWidth: { xs: '85%', sm: '75%' }, display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start' }}>
        <Box
          sx={{
            px: 1.5,
            py: 1,
            borderRadius: 2,
            borderBottomRightRadius: mine ? 4 : undefined,
            borderBottomLeftRadius: mine ? undefined : 4,
            bgcolor: mine ? 'primary.main' : 'grey.100',
            color: mine ? 'primary.contrastText' : 'text.primary',
            opacity: sending ? 0.75 : 1,
          }}
        >
          {message.content && (
            <Typography data-testid="message-text" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.content}
            </Typography>
          )}
          <MessageAttachments attachments={message.attachments} />
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ mt: 0.25, px: 0.5 }}>
          <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
            {messageTime(message.createdAt)}
          </time>
          {status && (
            <>
              {' · '}
              <span data-testid="message-status">{status}</span>
            </>
          )}
        </Typography>
      </Box>
    </Box>
  );
}
