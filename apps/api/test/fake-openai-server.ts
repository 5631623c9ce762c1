import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeProviderServer, type RecordedRequest, type Send } from './fake-provider-server';

export type { Outage, RecordedRequest } from './fake-provider-server';

/**
 * A local OpenAI-compatible chat completions server (127.0.0.1, a random port) speaking the protocol
 * OpenAI documents and Ollama, llama.cpp's server and vLLM copy, so the OpenAI-compatible provider of
 * ARIA is tested over real HTTP:
 *
 * - `POST …/v1/chat/completions` (any prefix before `/v1`, as Azure's `/openai/v1`), body `{ model,
 *   messages, tools?, tool_choice?, stream? }`, checked as OpenAI checks it: a model, messages, tools of
 *   type function with a name, `tool_choice` only with tools, each `role: tool` message answering a
 *   `tool_calls` id of an earlier assistant message (400 with OpenAI's error body otherwise);
 * - with `apiKey` set, `Authorization: Bearer <key>` is required (401 with OpenAI's body, which echoes
 *   the key masked, as OpenAI does);
 * - answers come from a queue of scripted replies (`reply`), one per request: a stream of
 *   `chat.completion.chunk` events (`data: {...}` then `data: [DONE]`) built from parts (text, tool
 *   call fragments by index, finish reasons, raw bytes, pauses, a hold until the test releases it, a
 *   stall that never ends), a plain JSON `chat.completion`, an HTTP error, or any of these after a delay.
 *   `textReply` and `toolCallReply` build the common streams the way OpenAI sends them.
 *
 * Requests are recorded (`requests`, `chatRequests`), and so are answers the client closed before
 * their end (`closedByClient`). An empty queue answers 500, so a test that forgot a reply fails.
 */

/** One tool call fragment of a streamed chunk (OpenAI: id, type and name in the first one, arguments in pieces). */
export interface ToolCallFragment {
  index: number;
  id?: string;
  name?: string;
  arguments?: string;
}

export type StreamPart =
  /** A text delta. */
  | { content: string }
  /** One chunk carrying these tool call fragments. */
  | { toolCalls: ToolCallFragment[] }
  /** A chunk with an empty delta and this finish reason. */
  | { finish: string }
  /** An error object mid-stream (`data: {"error": {...}}`). */
  | { error: { message: string; type?: string; code?: string | null } }
  /** Bytes written as they are (a line split anywhere, a comment, a malformed event). */
  | { raw: string | Buffer }
  /** Waits this many ms before the next part. */
  | { pause: number }
  /** Waits until the promise settles (the test releases it). */
  | { hold: Promise<unknown> }
  /** Sends nothing more and never ends the answer. */
  | { stall: true };

export interface CompleteToolCall {
  id: string;
  name: string;
  arguments: string;
}

export type FakeReply =
  /** A streamed answer; `done` false leaves out the final `data: [DONE]`. */
  | { stream: StreamPart[]; done?: boolean }
  /** A non-streamed `chat.completion` (a server that ignores `stream: true`). */
  | { json: { content?: string | null; toolCalls?: CompleteToolCall[]; finishReason?: string } }
  /** An HTTP error: OpenAI's JSON error body, or `body` as is with `contentType`. */
  | { status: number; error?: { message: string; type?: string; code?: string | null }; body?: string; contentType?: string }
  /** Any reply after this many ms (a slow server). */
  | { delayMs: number; then: FakeReply };

/** The body the provider sends, as this server reads it. */
export interface ChatCompletionsBody {
  model: string;
  messages: Array<Record<string, unknown>>;
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: Record<string, unknown> } }>;
  tool_choice?: unknown;
  stream?: boolean;
  [key: string]: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Waits `ms`, or less when the client closes the answer first. */
const sleep = (ms: number, res: ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    res.on('close', done);
  });
const openAiError = (message: string, type = 'invalid_request_error', code: string | null = null, param: string | null = null) => ({ error: { message, type, param, code } });

export class FakeOpenAi extends FakeProviderServer {
  private readonly replies: FakeReply[] = [];
  /** Answers the client closed (aborted, timed out) before the server ended them. */
  closedByClient = 0;
  model = 'fake-gpt';

  private constructor(public apiKey: string | null) {
    super();
  }

  /** Starts the server; with `apiKey`, requests must carry `Authorization: Bearer <apiKey>`. */
  static async start(o: { apiKey?: string } = {}): Promise<FakeOpenAi> {
    const fake = new FakeOpenAi(o.apiKey ?? null);
    await fake.listen();
    return fake;
  }

  /** Queues replies, answered one per request in order. */
  reply(...replies: FakeReply[]): this {
    this.replies.push(...replies);
    return this;
  }

  /** Replies still queued. */
  get pending(): number {
    return this.replies.length;
  }

  /** The chat completions requests received, bodies parsed. */
  chatRequests(): Array<RecordedRequest & { body: ChatCompletionsBody }> {
    return this.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/v1/chat/completions')) as Array<RecordedRequest & { body: ChatCompletionsBody }>;
  }

  /** A streamed text answer in these pieces, as OpenAI sends it (a role chunk, the deltas, the finish). */
  static textReply(pieces: string[], finish = 'stop'): FakeReply {
    return { stream: [{ content: '' }, ...pieces.map((content) => ({ content })), { finish }] };
  }

  /**
   * Streamed tool calls as OpenAI sends them: each call's first fragment with its index, id and name,
   * then its arguments in `pieces` fragments; with `interleave`, the fragments of the calls alternate
   * (call 0, call 1, call 0, …), as parallel tool calls may arrive.
   */
  static toolCallReply(calls: CompleteToolCall[], o: { pieces?: number; interleave?: boolean; text?: string } = {}): FakeReply {
    const pieces = o.pieces ?? 3;
    const fragmentsOf = (c: CompleteToolCall, index: number): ToolCallFragment[] => {
      const size = Math.max(1, Math.ceil(c.arguments.length / pieces));
      const out: ToolCallFragment[] = [{ index, id: c.id, name: c.name, arguments: '' }];
      for (let i = 0; i < c.arguments.length; i += size) out.push({ index, arguments: c.arguments.slice(i, i + size) });
      return out;
    };
    const perCall = calls.map(fragmentsOf);
    const order: ToolCallFragment[] = [];
    if (o.interleave) {
      for (let step = 0; perCall.some((f) => step < f.length); step++) for (const f of perCall) if (step < f.length) order.push(f[step]);
    } else {
      for (const f of perCall) order.push(...f);
    }
    return { stream: [...(o.text ? [{ content: o.text }] : []), ...order.map((f) => ({ toolCalls: [f] })), { finish: 'tool_calls' }] };
  }

  /** The SSE text of one `chat.completion.chunk` with this delta (for `raw` parts). */
  chunkEvent(delta: Record<string, unknown>, finishReason: string | null = null): string {
    return `data: ${JSON.stringify(this.chunk(delta, finishReason))}\n\n`;
  }

  protected outageBody() {
    return openAiError('The server had an error while processing your request. Sorry about that!', 'server_error');
  }

  protected async route(req: IncomingMessage, res: ServerResponse, url: URL, rec: RecordedRequest, send: Send): Promise<void> {
    if (req.method !== 'POST' || !url.pathname.endsWith('/v1/chat/completions')) {
      return send(404, openAiError(`Unknown request URL: ${req.method} ${url.pathname}. Please check the URL for typos.`, 'invalid_request_error', 'unknown_url'));
    }
    if (this.apiKey) {
      const auth = req.headers.authorization;
      if (!auth) return send(401, openAiError("You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).", 'invalid_request_error'));
      const given = /^Bearer (.+)$/.exec(auth)?.[1] ?? '';
      if (given !== this.apiKey) {
        const masked = given.length > 8 ? `${given.slice(0, 3)}${'*'.repeat(given.length - 7)}${given.slice(-4)}` : '***';
        return send(401, openAiError(`Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`, 'invalid_request_error', 'invalid_api_key'));
      }
    }
    const problem = this.validate(rec.body);
    if (problem) return send(400, openAiError(problem.message, 'invalid_request_error', null, problem.param));
    const reply = this.replies.shift();
    if (!reply) return send(500, openAiError('fake OpenAI: no reply scripted for this request', 'server_error'));
    res.on('close', () => {
      if (!res.writableEnded) this.closedByClient++;
    });
    await this.answer(reply, res, rec, send, (rec.body as ChatCompletionsBody).model);
  }

  private async answer(reply: FakeReply, res: ServerResponse, rec: RecordedRequest, send: Send, model: string): Promise<void> {
    this.model = model;
    if ('delayMs' in reply) {
      await sleep(reply.delayMs, res);
      if (res.destroyed) return;
      return this.answer(reply.then, res, rec, send, model);
    }
    if ('status' in reply) {
      rec.status = reply.status;
      if (reply.body !== undefined) return void res.writeHead(reply.status, { 'Content-Type': reply.contentType ?? 'text/plain' }).end(reply.body);
      return send(reply.status, openAiError(reply.error?.message ?? `HTTP ${reply.status}`, reply.error?.type, reply.error?.code ?? null));
    }
    if ('json' in reply) {
      const toolCalls = reply.json.toolCalls?.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } }));
      return send(200, {
        id: this.completionId(),
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: reply.json.content ?? null, ...(toolCalls ? { tool_calls: toolCalls } : {}), refusal: null },
            logprobs: null,
            finish_reason: reply.json.finishReason ?? (toolCalls ? 'tool_calls' : 'stop'),
          },
        ],
        usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 },
      });
    }
    rec.status = 200;
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    res.flushHeaders();
    const id = this.completionId();
    let first = true;
    for (const part of reply.stream) {
      if (res.destroyed) return;
      if ('pause' in part) await sleep(part.pause, res);
      else if ('hold' in part) await part.hold.catch(() => undefined);
      else if ('stall' in part) return;
      else if ('raw' in part) res.write(part.raw);
      else if ('error' in part) res.write(`data: ${JSON.stringify(openAiError(part.error.message, part.error.type, part.error.code ?? null))}\n\n`);
      else {
        const delta: Record<string, unknown> = first ? { role: 'assistant' } : {};
        if ('content' in part) delta.content = part.content;
        if ('toolCalls' in part) {
          if (first) delta.content = null;
          delta.tool_calls = part.toolCalls.map((f) => ({
            index: f.index,
            ...(f.id ? { id: f.id, type: 'function' } : {}),
            function: { ...(f.name ? { name: f.name } : {}), arguments: f.arguments ?? '' },
          }));
        }
        res.write(`data: ${JSON.stringify(this.chunk('finish' in part ? {} : delta, 'finish' in part ? part.finish : null, id))}\n\n`);
        first = false;
      }
      // Each part leaves in its own write, after the event loop turned (so the client reads them apart).
      await new Promise((r) => setImmediate(r));
    }
    if (reply.done !== false) res.write('data: [DONE]\n\n');
    res.end();
  }

  private chunk(delta: Record<string, unknown>, finishReason: string | null, id = this.completionId()) {
    return {
      id,
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model: this.model,
      system_fingerprint: 'fp_fake',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    };
  }

  private completionId(): string {
    return `chatcmpl-${randomBytes(12).toString('base64url')}`;
  }

  /** OpenAI's checks of a chat completions body: the first problem, or null. */
  private validate(body: unknown): { message: string; param: string | null } | null {
    if (!isObject(body)) return { message: 'We could not parse the JSON body of your request.', param: null };
    if (typeof body.model !== 'string' || !body.model) return { message: 'you must provide a model parameter', param: 'model' };
    if (!Array.isArray(body.messages) || body.messages.length === 0) return { message: "Invalid 'messages': empty array. Expected an array with minimum length 1.", param: 'messages' };
    if (body.tool_choice !== undefined && !Array.isArray(body.tools)) {
      return { message: "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.", param: 'tool_choice' };
    }
    if (body.tools !== undefined) {
      if (!Array.isArray(body.tools)) return { message: "Invalid type for 'tools': expected an array.", param: 'tools' };
      for (const [i, t] of body.tools.entries()) {
        if (!isObject(t) || t.type !== 'function') return { message: `Invalid value for 'tools[${i}].type': expected 'function'.`, param: `tools[${i}].type` };
        if (!isObject(t.function) || typeof t.function.name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(t.function.name)) {
          return { message: `Invalid 'tools[${i}].function.name': string does not match pattern.`, param: `tools[${i}].function.name` };
        }
      }
    }
    const open = new Set<string>();
    for (const [i, m] of body.messages.entries()) {
      if (!isObject(m) || !['system', 'user', 'assistant', 'tool', 'developer'].includes(m.role as string)) {
        return { message: `Invalid value for 'messages[${i}].role'.`, param: `messages[${i}].role` };
      }
      if (m.role === 'assistant' && Array.isArray(m.tool_calls)) {
        for (const c of m.tool_calls) if (isObject(c) && typeof c.id === 'string') open.add(c.id);
      } else if (m.role === 'tool') {
        if (typeof m.tool_call_id !== 'string' || !open.has(m.tool_call_id)) {
          return { message: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.", param: `messages.[${i}].role` };
        }
        if (typeof m.content !== 'string') return { message: `Invalid type for 'messages[${i}].content'.`, param: `messages[${i}].content` };
      } else if (typeof m.content !== 'string') {
        return { message: `Invalid type for 'messages[${i}].content': expected a string.`, param: `messages[${i}].content` };
      }
    }
    return null;
  }
}
