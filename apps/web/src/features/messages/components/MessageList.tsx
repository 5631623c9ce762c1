import { useLayoutEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import { EmptyState } from '@/components/ui/EmptyState';
import type { ChatMessage } from '../messages-state';
import { MessageBubble } from './MessageBubble';

export const SAY_HELLO_TEXT = 'Say hello…';
/** How close to the bottom (px) still counts as "at the bottom" (new messages scroll into view). */
const BOTTOM_SLACK = 80;

export interface MessageListProps {
  messages: ChatMessage[];
  meId: string;
  /** Whether older pages remain on the server. */
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** Shown in the empty state ("Send the first message about …"). */
  emptyHint?: string;
}

interface ScrollMemo {
  firstId: string | null;
  lastId: string | null;
  height: number;
  atBottom: boolean;
}

/**
 * The conversation, newest at the bottom. It follows new messages while the reader is at the bottom
 * (or when the new message is one's own) and keeps the reading position when older pages load.
 */
export function MessageList({ messages, meId, hasOlder, loadingOlder, onLoadOlder, emptyHint }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const memo = useRef<ScrollMemo>({ firstId: null, lastId: null, height: 0, atBottom: true });
  const firstId = messages[0]?._id ?? null;
  const last = messages[messages.length - 1];
  const lastId = last?._id ?? null;
  const lastMine = last ? last.sender._id === meId : false;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = memo.current;
    if (lastId !== before.lastId) {
      if (before.lastId === null || before.atBottom || lastMine) el.scrollTop = el.scrollHeight;
    } else if (firstId !== before.firstId && before.height > 0) {
      // older messages went in above: keep what the reader was looking at in place
      el.scrollTop += el.scrollHeight - before.height;
    }
    memo.current = { firstId, lastId, height: el.scrollHeight, atBottom: isAtBottom(el) };
  }, [firstId, lastId, lastMine, messages.length]);

  const onScroll = () => {
    const el = scroller.current;
    if (el) memo.current = { ...memo.current, height: el.scrollHeight, atBottom: isAtBottom(el) };
  };

  return (
    <Box
      ref={scroller}
      onScroll={onScroll}
      role="log"
      aria-label="Messages"
      aria-live="polite"
      data-testid="message-list"
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: { xs: 1.5, sm: 2 }, py: 2 }}
    >
      {hasOlder && (
        <Box sx={{ textAlign: 'center', mb: 2 }}>
          <Button
            size="small"
            variant="outlined"
            onClick={onLoadOlder}
            disabled={loadingOlder}
            startIcon={loadingOlder ? <CircularProgress size={14} /> : undefined}
          >
            Load older messages
          </Button>
        </Box>
      )}
      {messages.length === 0 ? (
        <EmptyState icon={<ChatBubbleOutlineIcon fontSize="inherit" />} title={SAY_HELLO_TEXT} description={emptyHint} />
      ) : (
        <Stack spacing={1.25}>
          {messages.map((m) => (
            <MessageBubble key={m.tempId ?? m._id} message={m} mine={m.sender._id === meId} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function isAtBottom(el: HTMLElement): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK;
}
