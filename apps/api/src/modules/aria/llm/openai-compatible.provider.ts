import { Logger } from '@nestjs/common';
import { LlmProviderError, type LlmChunk, type LlmMessage, type LlmProvider, type LlmRequest, type LlmToolCall, type LlmToolSpec } from '../aria-contracts';
import { readSseEvents } from './sse-lines';

/** Where the OpenAI-compatible server is and how to call it (config.aria.openai). */
export interface OpenAiCompatibleOptions {
  /** The server's base URL, with or without its `/v1` (`https://api.openai.com/v1`, `http://127.0.0.1:11434`). */
  baseUrl: string;
  /** The model (Azure: the deployment name). */
  model: string;
  /** Sent as `Authorization: Bearer <key>` when set; never logged nor shown. */
  apiKey?: string;
  /** The longest wait, in ms, for the answer to start and between two pieces of a streamed answer. */
  timeoutMs: number;
}

/** A message in OpenAI's chat completions shape. */
export type OpenAiMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }> }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A tool in OpenAI's chat completions shape. */
export interface OpenAiTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** The chat completions endpoint of a base URL: `/v1/chat/completions` appended, without doubling a `/v1` it already ends with. */
export function chatCompletionsUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  if (/\/chat\/completions$/.test(base)) return base;
  return /\/v1$/.test(base) ? `${base}/chat/completions` : `${base}/v1/chat/completions`;
}

/** Our messages in OpenAI's shape: assistant tool calls as `tool_calls`, tool results as `role: tool` with `tool_call_id`. */
export function toOpenAiMessages(messages: LlmMessage[]): OpenAiMessage[] {
  return messages.map((m): OpenAiMessage => {
    switch (m.role) {
      case 'system':
      case 'user':
        return { role: m.role, content: m.content };
      case 'assistant':
        if (!m.toolCalls?.length) return { role: 'assistant', content: m.content };
        return {
          role: 'assistant',
          // OpenAI's own shape for a turn that only calls tools: content null.
          content: m.content === '' ? null : m.content,
          tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
        };
      case 'tool':
        return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
    }
  });
}

/** Our tool specs in OpenAI's shape. */
export function toOpenAiTools(tools: LlmToolSpec[]): OpenAiTool[] {
  return tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
}

const CANNOT_REACH_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);
const MAX_SHOWN_MESSAGE = 300;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * ARIA's provider for any server speaking OpenAI's `/v1/chat/completions` with tools and streaming:
 * OpenAI, Azure OpenAI (its v1 endpoint), Ollama, llama.cpp's server, vLLM.
 *
 * Streams the answer (`stream: true`, Server-Sent Events): text deltas as they arrive; tool calls
 * assembled from their fragments (by `index`) and handed over whole when the stream ends; then `done`.
 * A server answering plain JSON instead is read too. Failures throw `LlmProviderError` with a message
 * a member can read (the key refused, busy, unreachable, too slow); the API key is never logged nor
 * put in a message. Aborting the request's signal cancels the HTTP request and rethrows the abort.
 */
export class OpenAiCompatibleProvider implements LlmProvider {
  readonly id: string;
  readonly label: string;
  private readonly url: string;
  private readonly logger = new Logger('OpenAiCompatibleProvider');

  constructor(private readonly options: OpenAiCompatibleOptions) {
    this.id = `openai-compatible:${options.model}`;
    this.label = `ARIA (${options.model})`;
    this.url = chatCompletionsUrl(options.baseUrl);
  }

  async *chat(request: LlmRequest): AsyncIterable<LlmChunk> {
    const idle = new IdleTimeout(this.options.timeoutMs);
    const finished = new AbortController();
    const signal = AbortSignal.any([idle.signal, finished.signal, ...(request.signal ? [request.signal] : [])]);
    let phase: 'connect' | 'read' = 'connect';
    try {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/event-stream, application/json' };
      if (this.options.apiKey) headers.Authorization = `Bearer ${this.options.apiKey}`;
      const res = await fetch(this.url, { method: 'POST', headers, body: JSON.stringify(this.body(request)), signal });
      phase = 'read';
      idle.touch();
      if (!res.ok) throw await this.httpError(res);
      const contentType = res.headers.get('content-type') ?? '';
      if (/^application\/json\b/i.test(contentType)) {
        yield* this.fromJson(await res.text());
      } else if (contentType && !/^text\/event-stream\b/i.test(contentType)) {
        // A web page or the like: the base URL points at something other than a chat completions API.
        throw this.fail(`The AI provider answered something other than a chat answer (${contentType.split(';')[0].trim()}); check ARIA_OPENAI_BASE_URL`);
      } else {
        if (!res.body) throw this.fail('The AI provider sent an empty answer');
        yield* this.fromStream(res.body, idle);
      }
    } catch (err) {
      throw this.mapError(err, phase, request.signal, idle);
    } finally {
      idle.clear();
      // Releases the connection when the caller stopped reading early.
      finished.abort();
    }
  }

  /** The request body: model, messages and tools in OpenAI's shape, streamed. */
  private body(request: LlmRequest): Record<string, unknown> {
    const body: Record<string, unknown> = { model: this.options.model, messages: toOpenAiMessages(request.messages), stream: true };
    // OpenAI refuses tool_choice without tools.
    if (request.tools.length) {
      body.tools = toOpenAiTools(request.tools);
      body.tool_choice = 'auto';
    }
    return body;
  }

  private async *fromStream(body: AsyncIterable<Uint8Array>, idle: IdleTimeout): AsyncGenerator<LlmChunk> {
    const calls = new ToolCallAssembler();
    let finishReason: string | null = null;
    let sawDone = false;
    async function* touching(): AsyncGenerator<Uint8Array> {
      for await (const chunk of body) {
        idle.touch();
        yield chunk;
      }
    }
    for await (const event of readSseEvents(touching())) {
      const data = event.data.trim();
      if (data === '[DONE]') {
        sawDone = true;
        break;
      }
      if (!data) continue;
      const chunk = this.parse(data);
      if (chunk.error !== undefined) throw this.serverError(chunk.error);
      for (const choice of this.choices(chunk)) {
        const delta = isObject(choice.delta) ? choice.delta : isObject(choice.message) ? choice.message : {};
        if (typeof delta.content === 'string' && delta.content !== '') yield { type: 'text', delta: delta.content };
        if (Array.isArray(delta.tool_calls)) calls.add(delta.tool_calls);
        if (typeof choice.finish_reason === 'string') finishReason = choice.finish_reason;
      }
    }
    if (!sawDone && finishReason === null) throw this.fail("The AI provider's answer broke off before its end");
    yield* this.ending(calls, finishReason);
  }

  private async *fromJson(text: string): AsyncGenerator<LlmChunk> {
    const reply = this.parse(text);
    if (reply.error !== undefined) throw this.serverError(reply.error);
    const calls = new ToolCallAssembler();
    let finishReason: string | null = null;
    for (const choice of this.choices(reply)) {
      const message = isObject(choice.message) ? choice.message : {};
      if (typeof message.content === 'string' && message.content !== '') yield { type: 'text', delta: message.content };
      if (Array.isArray(message.tool_calls)) calls.add(message.tool_calls, true);
      if (typeof choice.finish_reason === 'string') finishReason = choice.finish_reason;
    }
    yield* this.ending(calls, finishReason);
  }

  private *ending(calls: ToolCallAssembler, finishReason: string | null): Generator<LlmChunk> {
    if (calls.size > 0) {
      const complete = calls.complete();
      if (typeof complete === 'string') throw this.fail(complete);
      yield { type: 'tool_calls', calls: complete };
      yield { type: 'done', finishReason: 'tool_calls' };
      return;
    }
    if (finishReason === 'tool_calls' || finishReason === 'function_call') throw this.fail('The AI provider asked for tools without saying which');
    yield { type: 'done', finishReason: finishReason === 'length' ? 'length' : finishReason === 'content_filter' ? 'error' : 'stop' };
  }

  /** The first choice of a chunk or reply (we ask for one). */
  private choices(reply: Record<string, unknown>): Array<Record<string, unknown>> {
    if (!Array.isArray(reply.choices)) return [];
    return reply.choices.filter((c): c is Record<string, unknown> => isObject(c) && (c.index === undefined || c.index === 0)).slice(0, 1);
  }

  private parse(text: string): Record<string, unknown> {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw this.fail('The AI provider sent an answer we could not read (not JSON)');
    }
    if (!isObject(value)) throw this.fail('The AI provider sent an answer we could not read (not an object)');
    return value;
  }

  private async httpError(res: Response): Promise<LlmProviderError> {
    const text = await res.text().catch(() => '');
    const serverMessage = /\bjson\b/i.test(res.headers.get('content-type') ?? '') ? errorMessageOf(text) : null;
    const shown = serverMessage ? this.redact(serverMessage) : null;
    this.logger.warn(`${this.host()} answered HTTP ${res.status}${shown ? `: ${shown}` : ''}`);
    if (res.status === 401 || res.status === 403) return new LlmProviderError('The AI provider refused our key', 502);
    if (res.status === 429) return new LlmProviderError('The AI provider is busy; try again in a minute', 503);
    return new LlmProviderError(shown ? `The AI provider could not answer: ${shown}` : `The AI provider could not answer (HTTP ${res.status})`, 502);
  }

  /** An `error` object sent inside a 200 answer or its stream. */
  private serverError(error: unknown): LlmProviderError {
    const message = isObject(error) && typeof error.message === 'string' ? error.message : typeof error === 'string' ? error : null;
    const shown = message ? this.redact(message) : null;
    this.logger.warn(`${this.host()} sent an error${shown ? `: ${shown}` : ''}`);
    return new LlmProviderError(shown ? `The AI provider could not answer: ${shown}` : 'The AI provider could not answer', 502);
  }

  private fail(message: string): LlmProviderError {
    this.logger.warn(`${this.host()}: ${message}`);
    return new LlmProviderError(message, 502);
  }

  private mapError(err: unknown, phase: 'connect' | 'read', callerSignal: AbortSignal | undefined, idle: IdleTimeout): unknown {
    if (err instanceof LlmProviderError) return err;
    // The caller gave up (the member left): not the provider's failure; the abort goes on as it is.
    if (callerSignal?.aborted) return err;
    if (idle.fired) {
      this.logger.warn(`${this.host()} sent nothing for ${this.options.timeoutMs} ms`);
      return new LlmProviderError(`The AI provider did not answer within ${Number((this.options.timeoutMs / 1000).toFixed(1))} s; try again`, 504);
    }
    const code = errorCode(err);
    if (phase === 'connect' && code && CANNOT_REACH_CODES.has(code)) {
      this.logger.warn(`${this.host()} cannot be reached (${code})`);
      return new LlmProviderError('The AI provider cannot be reached', 503);
    }
    this.logger.warn(`${this.host()} failed while ${phase === 'connect' ? 'connecting' : 'answering'} (${code ?? (err as Error)?.name ?? 'error'})`);
    return new LlmProviderError(phase === 'connect' ? 'The AI provider did not answer' : "The AI provider's answer broke off before its end", 502);
  }

  /** Server text with the key (and anything shaped like an OpenAI key, even masked) taken out, shortened. */
  private redact(text: string): string {
    let out = text;
    if (this.options.apiKey) out = out.split(this.options.apiKey).join('[key]');
    out = out.replace(/\bsk-[A-Za-z0-9_*.-]{4,}/g, '[key]').replace(/\s+/g, ' ').trim();
    return out.length > MAX_SHOWN_MESSAGE ? `${out.slice(0, MAX_SHOWN_MESSAGE - 1)}…` : out;
  }

  private host(): string {
    try {
      return `The AI provider at ${new URL(this.url).host}`;
    } catch {
      return 'The AI provider';
    }
  }
}

/** The `error.message` (or `message`, or `error` as text) of a JSON error body. */
function errorMessageOf(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    if (!isObject(body)) return null;
    if (isObject(body.error) && typeof body.error.message === 'string') return body.error.message;
    if (typeof body.error === 'string') return body.error;
    if (typeof body.message === 'string') return body.message;
    return null;
  } catch {
    return null;
  }
}

/** The system error code of a failed fetch (undici puts it on `cause`). */
function errorCode(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; isObject(e) && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e.code === 'string') return e.code;
  }
  return null;
}

/** Assembles streamed tool calls: id and name come in a call's first fragment, its arguments in pieces; fragments say which call by `index`. */
class ToolCallAssembler {
  private readonly calls = new Map<number, { id: string; name: string; arguments: string }>();
  private lastIndex = -1;

  get size(): number {
    return this.calls.size;
  }

  /** `whole`: complete calls of a non-streamed reply (their position is their index). */
  add(fragments: unknown[], whole = false): void {
    fragments.forEach((f, position) => {
      if (!isObject(f)) return;
      const index = this.indexOf(f, whole ? position : null);
      let call = this.calls.get(index);
      if (!call) {
        call = { id: '', name: '', arguments: '' };
        this.calls.set(index, call);
      }
      this.lastIndex = index;
      if (typeof f.id === 'string' && f.id && !call.id) call.id = f.id;
      const fn = isObject(f.function) ? f.function : {};
      // The name comes whole in the first fragment; some servers repeat it later.
      if (typeof fn.name === 'string' && fn.name && !call.name) call.name = fn.name;
      if (typeof fn.arguments === 'string') call.arguments += fn.arguments;
      else if (isObject(fn.arguments)) call.arguments += JSON.stringify(fn.arguments);
    });
  }

  /** The calls in index order, or what is wrong with them. */
  complete(): LlmToolCall[] | string {
    const out: LlmToolCall[] = [];
    for (const [index, call] of [...this.calls.entries()].sort((a, b) => a[0] - b[0])) {
      if (!call.name) return 'The AI provider asked for a tool without naming it';
      out.push({ id: call.id || `call_${index}`, name: call.name, arguments: call.arguments.trim() === '' ? '{}' : call.arguments });
    }
    return out;
  }

  private indexOf(f: Record<string, unknown>, position: number | null): number {
    if (typeof f.index === 'number' && Number.isInteger(f.index)) return f.index;
    if (position !== null) return position;
    // No index (a lax server): a new id starts a new call; otherwise the fragment continues the last one.
    if (typeof f.id === 'string' && f.id) {
      for (const [i, c] of this.calls) if (c.id === f.id) return i;
      return this.calls.size === 0 ? 0 : Math.max(...this.calls.keys()) + 1;
    }
    return Math.max(this.lastIndex, 0);
  }
}

/** An abort that fires when nothing arrived for `ms`; `touch` restarts the wait. */
class IdleTimeout {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  fired = false;

  constructor(private readonly ms: number) {
    this.touch();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  touch(): void {
    if (this.fired) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.fired = true;
      this.controller.abort(new DOMException('The AI provider took too long', 'TimeoutError'));
    }, this.ms);
  }

  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
