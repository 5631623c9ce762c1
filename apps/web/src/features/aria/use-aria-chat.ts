import { useCallback, useEffect, useRef, useState } from 'react';
import type { AriaCitation, AriaStreamEvent, AriaToolName, AriaToolTrace } from '@app/domain';
import { selectAuth, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { ariaAnswered, useAriaConversationQuery, type AriaMessage } from './aria-api';
import { AriaHttpError, streamAriaChat } from './sse';

/** A question or an answer on screen; an answer grows while it streams. */
export interface ChatTurn {
  key: string;
  role: 'user' | 'assistant';
  content: string;
  traces: AriaToolTrace[];
  citations: AriaCitation[];
  /** The tool ARIA is running now (the "Searching listings…" line). */
  working: AriaToolName | null;
  streaming: boolean;
  error: string | null;
}

/** Why a question was refused before any answer (the Free plan's daily limit: a 402 with `upgrade`). */
export interface ChatRefusal {
  status: number;
  message: string;
  body: unknown;
}

const fromMessage = (m: AriaMessage): ChatTurn => ({
  key: m.id,
  role: m.role,
  content: m.content,
  traces: m.toolCalls ?? [],
  citations: m.citations ?? [],
  working: null,
  streaming: false,
  error: null,
});

let nextKey = 0;
const localKey = () => `local-${++nextKey}`;

export interface UseAriaChatOptions {
  /** The conversation to continue; none: the first question starts one. */
  conversationId?: string | null;
  /** A new conversation was started by the first question. */
  onConversation?: (id: string, title: string) => void;
}

/**
 * A conversation with ARIA: earlier messages (GET /ai/history/get/{id}) and new questions streamed
 * (POST /ai/chat/stream). `remainingToday` is the Free plan's messages left after the last answer.
 */
export function useAriaChat({ conversationId = null, onConversation }: UseAriaChatOptions = {}) {
  const { token } = useAppSelector(selectAuth);
  const dispatch = useAppDispatch();
  const [turns, setTurns] = useState<ChatTurn[]>([]);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<ChatRefusal | null>(null);
  const [remainingToday, setRemainingToday] = useState<number | null | undefined>(undefined);
  const [provider, setProvider] = useState<string | null>(null);
  // the conversation the turns on screen belong to (set by the stream for a new one: no reload of it);
  // the ref is the same for the stream's callbacks
  const [shownId, setShownId] = useState<string | null>(null);
  const shown = useRef<string | null>(null);
  const show = (id: string | null) => {
    shown.current = id;
    setShownId(id);
  };
  const abort = useRef<AbortController | null>(null);
  const loading = !!conversationId && shownId !== conversationId;
  const { data: stored, error: loadError, isFetching } = useAriaConversationQuery({ id: conversationId ?? '' }, { skip: !loading });

  // another conversation (or a new chat): the turns of the one shown go; a stored one shows once it is here
  const [prevId, setPrevId] = useState(conversationId);
  if (prevId !== conversationId) {
    setPrevId(conversationId);
    if (!conversationId) {
      setShownId(null);
      setTurns([]);
      setRefusal(null);
    }
  }
  if (conversationId && shownId !== conversationId && stored && stored.id === conversationId && !isFetching) {
    setShownId(conversationId);
    setTurns(stored.messages.map(fromMessage));
    setRefusal(null);
    setProvider(stored.provider);
  }
  useEffect(() => {
    shown.current = shownId;
  }, [shownId]);
  // leaving for another conversation or a new chat stops the answer streaming (a new chat getting its own id is not leaving)
  const lastId = useRef(conversationId);
  useEffect(() => {
    if (lastId.current === conversationId) return;
    lastId.current = conversationId;
    if (conversationId === null || conversationId !== shown.current) abort.current?.abort();
  }, [conversationId]);

  useEffect(() => () => abort.current?.abort(), []);

  const update = (key: string, change: (turn: ChatTurn) => ChatTurn) => setTurns((all) => all.map((t) => (t.key === key ? change(t) : t)));

  const send = useCallback(
    async (text: string) => {
      const message = text.trim();
      if (!message || busy) return;
      const controller = new AbortController();
      abort.current = controller;
      const answerKey = localKey();
      setRefusal(null);
      setBusy(true);
      setTurns((all) => [
        ...all,
        { key: localKey(), role: 'user', content: message, traces: [], citations: [], working: null, streaming: false, error: null },
        { key: answerKey, role: 'assistant', content: '', traces: [], citations: [], working: null, streaming: true, error: null },
      ]);
      const onEvent = (event: AriaStreamEvent) => {
        switch (event.type) {
          case 'conversation':
            show(event.conversationId);
            setProvider(event.provider);
            onConversation?.(event.conversationId, event.title);
            break;
          case 'tool_call':
            update(answerKey, (t) => ({ ...t, working: event.name }));
            break;
          case 'tool_result':
            update(answerKey, (t) => ({ ...t, working: null, traces: [...t.traces, event.trace] }));
            break;
          case 'text':
            update(answerKey, (t) => ({ ...t, working: null, content: t.content + event.delta }));
            break;
          case 'done':
            update(answerKey, (t) => ({ ...t, working: null, streaming: false, citations: event.citations ?? [] }));
            setRemainingToday(event.remainingToday);
            break;
          case 'error':
            update(answerKey, (t) => ({ ...t, working: null, streaming: false, error: event.message }));
            break;
        }
      };
      try {
        await streamAriaChat({ message, conversationId: shown.current ?? conversationId, token, onEvent, signal: controller.signal });
        // a stream cut short (the connection dropped) leaves the answer as far as it came
        update(answerKey, (t) => (t.streaming ? { ...t, streaming: false, working: null, error: t.content ? null : 'The answer was cut off. Please ask again.' } : t));
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof AriaHttpError) {
          // refused before answering: the question stays on screen, the empty answer goes
          setTurns((all) => all.filter((t) => t.key !== answerKey));
          setRefusal({ status: error.status, message: error.message, body: error.body });
        } else {
          update(answerKey, (t) => ({ ...t, streaming: false, working: null, error: 'Could not reach ARIA. Check your connection and try again.' }));
        }
      } finally {
        if (abort.current === controller) abort.current = null;
        setBusy(false);
        dispatch(ariaAnswered());
      }
    },
    [busy, conversationId, token, onConversation, dispatch],
  );

  return { turns, send, busy, refusal, remainingToday, provider, loading: loading && !loadError, loadError };
}
