import type { AriaStreamEvent } from '@app/domain';
import { messageFromBody } from '@/lib/api/errors';

/**
 * Reading ARIA's streamed answers (POST /api/ai/chat/stream, text/event-stream: one JSON
 * AriaStreamEvent per `data:` line, events separated by a blank line). The body arrives in chunks
 * that may cut an event, a line or a multi-byte character (₱ is three bytes in UTF-8) anywhere.
 */

/** A parser fed with decoded text as it arrives; calls `onEvent` once per complete event. */
export interface SseParser {
  push(text: string): void;
  /** The stream ended: an event still waiting for its blank line is delivered. */
  end(): void;
}

/** Parses server-sent events whose data is JSON AriaStreamEvents (comments, `event:`, `id:` and `retry:` lines are ignored). */
export function createSseParser(onEvent: (event: AriaStreamEvent) => void): SseParser {
  let buffer = '';
  let data: string[] = [];
  const dispatch = () => {
    if (data.length === 0) return;
    const text = data.join('\n');
    data = [];
    try {
      const event = JSON.parse(text) as AriaStreamEvent;
      if (event && typeof event === 'object' && typeof event.type === 'string') onEvent(event);
    } catch {
      // not JSON: a keep-alive or a proxy's comment; ignore it
    }
  };
  const line = (raw: string) => {
    const l = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (l === '') return dispatch();
    if (l.startsWith(':')) return;
    const colon = l.indexOf(':');
    const field = colon === -1 ? l : l.slice(0, colon);
    if (field !== 'data') return;
    let value = colon === -1 ? '' : l.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    data.push(value);
  };
  return {
    push(text) {
      buffer += text;
      let nl = buffer.indexOf('\n');
      while (nl !== -1) {
        line(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        nl = buffer.indexOf('\n');
      }
    },
    end() {
      if (buffer) line(buffer);
      buffer = '';
      dispatch();
    },
  };
}

/** Reads a byte stream to its end, decoding UTF-8 across chunk boundaries, and hands every event to `onEvent`. */
export async function readAriaStream(body: ReadableStream<Uint8Array>, onEvent: (event: AriaStreamEvent) => void): Promise<void> {
  const parser = createSseParser(onEvent);
  const decoder = new TextDecoder('utf-8');
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    reader.releaseLock();
  }
}

/** A refused question (validation, the Free plan's daily limit, another member's conversation, a rate limit): the JSON error answer. */
export class AriaHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
  }
}

export interface StreamAriaChatOptions {
  message: string;
  conversationId?: string | null;
  token: string | null;
  onEvent: (event: AriaStreamEvent) => void;
  signal?: AbortSignal;
}

/**
 * Asks ARIA a question and streams the answer: POST /api/ai/chat/stream with the session's bearer token,
 * events handed to `onEvent` as they arrive; resolves when the stream ends. A refusal before the stream
 * starts (a JSON 4xx) throws an AriaHttpError with the server's body (its `upgrade` for a 402).
 */
export async function streamAriaChat({ message, conversationId, token, onEvent, signal }: StreamAriaChatOptions): Promise<void> {
  const res = await fetch('/api/ai/chat/stream', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(conversationId ? { conversationId, message } : { message }),
    signal,
  });
  if (!res.ok || !res.body) {
    const body: unknown = await res.json().catch(() => null);
    throw new AriaHttpError(res.status, body, messageFromBody(body) ?? `HTTP error! status: ${res.status}`);
  }
  await readAriaStream(res.body, onEvent);
}
