import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ARIA_BUILTIN_NOTICE, ARIA_MESSAGE_MAX_LENGTH } from '@app/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import { UpgradePrompt } from '@/features/billing/UpgradePrompt';
import type { UpgradeRequired } from '@/lib/api/billing';
import { errorMessage } from '@/lib/api/errors';
import { useAriaUsageQuery } from './aria-api';
import { ChatTurnView } from './AriaAnswer';
import { useAriaChat, type ChatRefusal } from './use-aria-chat';

/** Questions to start with (they match what the built-in assistant understands). */
export const ARIA_EXAMPLES = [
  '2 bedroom condo for rent in Makati under ₱60k',
  'Is ₱180k/m² fair for a Makati condo?',
  'How much would I pay monthly on a ₱6M house with Pag-IBIG?',
  'What taxes do I pay when buying a house?',
];

/** The Upgrade prompt of a refused question: the Free plan's daily limit (402) names unlimited chat. */
function RefusalView({ refusal }: { refusal: ChatRefusal }) {
  if (refusal.status === 402) {
    const upgrade = (refusal.body as { upgrade?: Partial<UpgradeRequired> } | null)?.upgrade;
    const known = upgrade && (upgrade.reason === 'plan' || upgrade.reason === 'credits');
    return (
      <Stack spacing={1} data-testid="aria-refusal">
        <Typography variant="body2">{refusal.message}</Typography>
        {known ? <UpgradePrompt upgrade={upgrade as UpgradeRequired} /> : <UpgradePrompt entitlement="aria.chat.unlimited" />}
      </Stack>
    );
  }
  return (
    <Alert severity={refusal.status === 429 ? 'warning' : 'error'} data-testid="aria-refusal">
      {refusal.message}
    </Alert>
  );
}

export interface AriaChatProps {
  conversationId?: string | null;
  onConversation?: (id: string, title: string) => void;
  /** A question to ask at once (from "Ask ARIA" elsewhere); asked again when `questionSeq` changes. */
  question?: string;
  questionSeq?: number;
  /** The full page: cards two to a row on wide screens. */
  wide?: boolean;
}

/**
 * Chat with ARIA: the conversation, answers streaming in with listing cards, charts and sources, the
 * Free plan's messages left today, the built-in assistant's notice, and the question box.
 */
export function AriaChat({ conversationId = null, onConversation, question, questionSeq, wide = false }: AriaChatProps) {
  const chat = useAriaChat({ conversationId, onConversation });
  const { data: usage } = useAriaUsageQuery();
  const [draft, setDraft] = useState('');
  const bottom = useRef<HTMLDivElement>(null);
  const asked = useRef<number | undefined>(undefined);

  const last = chat.turns[chat.turns.length - 1];
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [chat.turns.length, last?.content.length, last?.traces.length, chat.refusal]);

  useEffect(() => {
    if (!question || questionSeq === undefined || asked.current === questionSeq || chat.busy || chat.loading) return;
    asked.current = questionSeq;
    void chat.send(question);
  }, [question, questionSeq, chat]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.trim() || chat.busy) return;
    void chat.send(draft);
    setDraft('');
  };

  const limit = usage?.limitPerDay ?? null;
  const remaining = chat.remainingToday !== undefined ? chat.remainingToday : (usage?.remainingToday ?? null);
  const builtin = usage?.builtin ?? chat.provider === 'builtin';

  return (
    <Stack sx={{ height: '100%', minHeight: 0 }}>
      <Box sx={{ flex: 1, overflowY: 'auto', px: { xs: 1.5, sm: 2 }, py: 1.5, minHeight: 0 }} aria-live="polite" data-testid="aria-conversation">
        <Stack spacing={2}>
          {builtin && (
            <Alert severity="info" variant="outlined" icon={false} sx={{ py: 0, '& .MuiAlert-message': { fontSize: '0.8125rem' } }} data-testid="aria-builtin-notice">
              {ARIA_BUILTIN_NOTICE}
            </Alert>
          )}
          {chat.loading ? (
            <Stack spacing={1} aria-busy="true">
              <Skeleton variant="rounded" height={40} />
              <Skeleton variant="rounded" height={120} />
            </Stack>
          ) : chat.loadError ? (
            <Alert severity="error">{errorMessage(chat.loadError)}</Alert>
          ) : chat.turns.length === 0 ? (
            <Stack spacing={1}>
              <Typography variant="body2" color="text.secondary">
                Ask about listings, prices, loans and taxes. ARIA answers from Tahanan&apos;s listings and market reports.
              </Typography>
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                {ARIA_EXAMPLES.map((q) => (
                  <Chip key={q} label={q} variant="outlined" onClick={() => void chat.send(q)} disabled={chat.busy} sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }} />
                ))}
              </Stack>
            </Stack>
          ) : (
            chat.turns.map((turn) => <ChatTurnView key={turn.key} turn={turn} wide={wide} />)
          )}
          {chat.refusal && <RefusalView refusal={chat.refusal} />}
          <div ref={bottom} />
        </Stack>
      </Box>
      <Box component="form" onSubmit={submit} sx={{ borderTop: 1, borderColor: 'divider', p: { xs: 1, sm: 1.5 } }}>
        {limit !== null && remaining !== null && (
          <Typography variant="caption" color={remaining === 0 ? 'error' : 'text.secondary'} component="p" sx={{ mb: 0.5 }} data-testid="aria-messages-left">
            {remaining} of {limit} messages left today
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
          <TextField
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) submit(e);
            }}
            placeholder="Ask ARIA…"
            label="Your question"
            size="small"
            multiline
            maxRows={5}
            fullWidth
            slotProps={{ htmlInput: { maxLength: ARIA_MESSAGE_MAX_LENGTH } }}
          />
          <IconButton type="submit" color="primary" aria-label="Send" disabled={chat.busy || !draft.trim()}>
            <SendIcon />
          </IconButton>
        </Stack>
      </Box>
    </Stack>
  );
}
