import { Logger } from '@nestjs/common';
import { createServer } from 'node:net';
import { FakeOpenAi } from '../../../../test/fake-openai-server';
import { eventually } from '../../../../test/realtime';
import { LlmProviderError, type LlmChunk, type LlmMessage, type LlmRequest, type LlmToolSpec } from '../aria-contracts';
import { chatCompletionsUrl, OpenAiCompatibleProvider, type OpenAiCompatibleOptions } from './openai-compatible.provider';

const KEY = 'sk-tahanan-test-0123456789abcdef';

const SEARCH_TOOL: LlmToolSpec = {
  name: 'search_listings',
  description: 'Search listings by filters and text',
  parameters: { type: 'object', properties: { offer: { type: 'string', enum: ['sale', 'rent'] }, maxPrice: { type: 'number' }, placeName: { type: 'string' } } },
};
const REPORT_TOOL: LlmToolSpec = {
  name: 'market_report',
  description: 'Market report of a place',
  parameters: { type: 'object', properties: { placeName: { type: 'string' } } },
};

const ask = (content: string, tools: LlmToolSpec[] = [SEARCH_TOOL, REPORT_TOOL], signal?: AbortSignal): LlmRequest => ({
  messages: [
    { role: 'system', content: 'You are ARIA.' },
    { role: 'user', content },
  ],
  tools,
  signal,
});

async function collect(iterable: AsyncIterable<LlmChunk>): Promise<LlmChunk[]> {
  const out: LlmChunk[] = [];
  for await (const c of iterable) out.push(c);
  return out;
}

/** The error a chat throws (fails the test when it does not throw). */
async function failure(iterable: AsyncIterable<LlmChunk>): Promise<unknown> {
  try {
    await collect(iterable);
  } catch (err) {
    return err;
  }
  throw new Error('expected the chat to fail');
}

const texts = (chunks: LlmChunk[]) => chunks.filter((c): c is Extract<LlmChunk, { type: 'text' }> => c.type === 'text').map((c) => c.delta);

describe('OpenAiCompatibleProvider against a local OpenAI-compatible server', () => {
  let fake: FakeOpenAi;
  let provider: (o?: Partial<OpenAiCompatibleOptions>) => OpenAiCompatibleProvider;
  let warn: jest.SpyInstance;

  beforeAll(async () => {
    fake = await FakeOpenAi.start({ apiKey: KEY });
    provider = (o = {}) => new OpenAiCompatibleProvider({ baseUrl: fake.url, model: 'gpt-4o-mini', apiKey: KEY, timeoutMs: 5000, ...o });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.closedByClient = 0;
    fake.setOutage('up');
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    warn.mockRestore();
    expect(fake.pending).toBe(0);
  });

  /** Everything the provider logged, as one text. */
  const logged = () => warn.mock.calls.map((args) => args.map(String).join(' ')).join('\n');

  it('names itself after the model', () => {
    const p = provider();
    expect(p.id).toBe('openai-compatible:gpt-4o-mini');
    expect(p.label).toBe('ARIA (gpt-4o-mini)');
  });

  it('streams text as several deltas, each handed over as it arrives, then done', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    fake.reply({ stream: [{ content: '' }, { content: 'May 3 condo' }, { hold: held }, { content: ' sa IT Park' }, { content: ' under ₱60,000.' }, { finish: 'stop' }] });
    const it = provider().chat(ask('3BR condo for rent in Cebu IT Park under 60k'))[Symbol.asyncIterator]();
    // The first delta is ours while the server still holds the rest back: streamed, not buffered.
    expect(await it.next()).toEqual({ done: false, value: { type: 'text', delta: 'May 3 condo' } });
    release();
    const rest: LlmChunk[] = [];
    for (let r = await it.next(); !r.done; r = await it.next()) rest.push(r.value);
    const deltas = ['May 3 condo', ...texts(rest)];
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('May 3 condo sa IT Park under ₱60,000.');
    expect(rest.at(-1)).toEqual({ type: 'done', finishReason: 'stop' });
    expect(rest.filter((c) => c.type === 'done')).toHaveLength(1);
  });

  it('assembles two parallel tool calls streamed in interleaved fragments, and hands them over once', async () => {
    const search = { id: 'call_search_1', name: 'search_listings', arguments: '{"offer":"rent","maxPrice":60000,"placeName":"Cebu IT Park"}' };
    const report = { id: 'call_report_2', name: 'market_report', arguments: '{"placeName":"Cebu IT Park"}' };
    fake.reply(FakeOpenAi.toolCallReply([search, report], { pieces: 4, interleave: true }));
    const chunks = await collect(provider().chat(ask('rent in IT Park, and is it fair?')));
    // The fake really sent fragments of both calls alternately.
    expect(chunks).toEqual([
      { type: 'tool_calls', calls: [search, report] },
      { type: 'done', finishReason: 'tool_calls' },
    ]);
    expect(JSON.parse((chunks[0] as Extract<LlmChunk, { type: 'tool_calls' }>).calls[0].arguments)).toEqual({ offer: 'rent', maxPrice: 60000, placeName: 'Cebu IT Park' });
  });

  it('reads tool call fragments that arrive out of index order within and across events', async () => {
    fake.reply({
      stream: [
        { toolCalls: [{ index: 1, id: 'call_b', name: 'market_report', arguments: '{"placeName":' }] },
        { toolCalls: [{ index: 0, id: 'call_a', name: 'search_listings', arguments: '' }] },
        { toolCalls: [{ index: 0, arguments: '{"text":"₱' }, { index: 1, arguments: '"Makati"}' }] },
        { toolCalls: [{ index: 0, arguments: '5M"}' }] },
        { finish: 'tool_calls' },
      ],
    });
    expect(await collect(provider().chat(ask('x')))).toEqual([
      {
        type: 'tool_calls',
        calls: [
          { id: 'call_a', name: 'search_listings', arguments: '{"text":"₱5M"}' },
          { id: 'call_b', name: 'market_report', arguments: '{"placeName":"Makati"}' },
        ],
      },
      { type: 'done', finishReason: 'tool_calls' },
    ]);
  });

  it('hands over text written before tool calls, and calls a server ended with finish_reason stop (as some local servers do)', async () => {
    fake.reply({
      stream: [{ content: 'Let me look.' }, { toolCalls: [{ index: 0, id: 'call_1', name: 'search_listings', arguments: '{}' }] }, { finish: 'stop' }],
    });
    expect(await collect(provider().chat(ask('x')))).toEqual([
      { type: 'text', delta: 'Let me look.' },
      { type: 'tool_calls', calls: [{ id: 'call_1', name: 'search_listings', arguments: '{}' }] },
      { type: 'done', finishReason: 'tool_calls' },
    ]);
  });

  it('sends the model, the messages and tools in OpenAI shape, tool_choice auto, stream true, and the key as a Bearer token', async () => {
    fake.reply(FakeOpenAi.textReply(['Ok']));
    const messages: LlmMessage[] = [
      { role: 'system', content: 'You are ARIA.' },
      { role: 'user', content: 'Condo in Makati?' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_9', name: 'search_listings', arguments: '{"placeName":"Makati"}' }] },
      { role: 'tool', toolCallId: 'call_9', name: 'search_listings', content: '{"total":3}' },
      { role: 'assistant', content: 'I found 3.', toolCalls: [] },
      { role: 'user', content: 'Cheapest?' },
    ];
    await collect(provider().chat({ messages, tools: [SEARCH_TOOL] }));
    const [req] = fake.chatRequests();
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.status).toBe(200);
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.headers['content-type']).toMatch(/^application\/json/);
    expect(req.body).toEqual({
      model: 'gpt-4o-mini',
      stream: true,
      tool_choice: 'auto',
      tools: [{ type: 'function', function: { name: 'search_listings', description: SEARCH_TOOL.description, parameters: SEARCH_TOOL.parameters } }],
      messages: [
        { role: 'system', content: 'You are ARIA.' },
        { role: 'user', content: 'Condo in Makati?' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'search_listings', arguments: '{"placeName":"Makati"}' } }] },
        { role: 'tool', tool_call_id: 'call_9', content: '{"total":3}' },
        { role: 'assistant', content: 'I found 3.' },
        { role: 'user', content: 'Cheapest?' },
      ],
    });
  });

  it('sends neither tools nor tool_choice when there are no tools, and no Authorization header without a key', async () => {
    const open = await FakeOpenAi.start();
    try {
      open.reply(FakeOpenAi.textReply(['Hi']));
      const chunks = await collect(new OpenAiCompatibleProvider({ baseUrl: `${open.url}/v1/`, model: 'llama3.1', timeoutMs: 5000 }).chat(ask('hi', [])));
      expect(texts(chunks).join('')).toBe('Hi');
      const [req] = open.chatRequests();
      expect(req.path).toBe('/v1/chat/completions');
      expect(req.headers.authorization).toBeUndefined();
      expect(req.body.model).toBe('llama3.1');
      expect('tools' in req.body).toBe(false);
      expect('tool_choice' in req.body).toBe(false);
    } finally {
      await open.close();
    }
  });

  it('builds the endpoint from the base URL without doubling /v1 (Azure: …/openai/v1)', async () => {
    expect(chatCompletionsUrl('https://api.openai.com/v1')).toBe('https://api.openai.com/v1/chat/completions');
    expect(chatCompletionsUrl('https://api.openai.com/v1/')).toBe('https://api.openai.com/v1/chat/completions');
    expect(chatCompletionsUrl('http://127.0.0.1:11434')).toBe('http://127.0.0.1:11434/v1/chat/completions');
    expect(chatCompletionsUrl('https://tahanan.openai.azure.com/openai/v1/')).toBe('https://tahanan.openai.azure.com/openai/v1/chat/completions');
    expect(chatCompletionsUrl('http://127.0.0.1:8080/v1/chat/completions')).toBe('http://127.0.0.1:8080/v1/chat/completions');
    fake.reply(FakeOpenAi.textReply(['Ok']));
    await collect(provider({ baseUrl: `${fake.url}/openai/v1` }).chat(ask('x')));
    expect(fake.chatRequests().map((r) => r.path)).toEqual(['/openai/v1/chat/completions']);
  });

  it('reads a non-streamed JSON reply (a server that ignores stream: true): text, and tool calls', async () => {
    fake.reply({ json: { content: 'The median is ₱180,000/m².' } });
    expect(await collect(provider().chat(ask('x')))).toEqual([
      { type: 'text', delta: 'The median is ₱180,000/m².' },
      { type: 'done', finishReason: 'stop' },
    ]);
    fake.reply({ json: { content: null, toolCalls: [{ id: 'call_1', name: 'market_report', arguments: '{"placeName":"Makati"}' }] } });
    expect(await collect(provider().chat(ask('x')))).toEqual([
      { type: 'tool_calls', calls: [{ id: 'call_1', name: 'market_report', arguments: '{"placeName":"Makati"}' }] },
      { type: 'done', finishReason: 'tool_calls' },
    ]);
    fake.reply({ json: { content: 'cut', finishReason: 'length' } });
    expect((await collect(provider().chat(ask('x')))).at(-1)).toEqual({ type: 'done', finishReason: 'length' });
  });

  it('decodes a ₱ whose bytes arrive in separate writes, and an event line split in the middle', async () => {
    const event = Buffer.from(fake.chunkEvent({ content: 'Rent: ₱60,000' }));
    const peso = event.indexOf(Buffer.from('₱'));
    expect(peso).toBeGreaterThan(0);
    fake.reply({
      stream: [{ content: 'Ok. ' }, { raw: event.subarray(0, peso + 1) }, { pause: 30 }, { raw: event.subarray(peso + 1, peso + 2) }, { pause: 30 }, { raw: event.subarray(peso + 2) }, { raw: ': keep-alive\n\n' }, { finish: 'stop' }],
    });
    const chunks = await collect(provider().chat(ask('x')));
    expect(texts(chunks).join('')).toBe('Ok. Rent: ₱60,000');
    expect(chunks.at(-1)).toEqual({ type: 'done', finishReason: 'stop' });
  });

  it('keeps waiting while a slow answer keeps coming (the timeout is between pieces, not in total)', async () => {
    fake.reply({ stream: [{ content: 'a' }, { pause: 200 }, { content: 'b' }, { pause: 200 }, { content: 'c' }, { pause: 200 }, { content: 'd' }, { pause: 200 }, { finish: 'stop' }] });
    const started = Date.now();
    const chunks = await collect(provider({ timeoutMs: 500 }).chat(ask('x')));
    expect(Date.now() - started).toBeGreaterThan(500);
    expect(texts(chunks).join('')).toBe('abcd');
  });

  describe('failures, as LlmProviderError with a message a member can read', () => {
    const expectProviderError = (err: unknown, status: number, message: string | RegExp) => {
      expect(err).toBeInstanceOf(LlmProviderError);
      expect((err as LlmProviderError).status).toBe(status);
      if (typeof message === 'string') expect((err as Error).message).toBe(message);
      else expect((err as Error).message).toMatch(message);
      expect((err as Error).message).not.toContain(KEY);
    };

    it('a key the server refuses: 502, with neither the key nor its masked echo shown or logged', async () => {
      const err = await failure(provider({ apiKey: `${KEY}-wrong` }).chat(ask('x')));
      expectProviderError(err, 502, 'The AI provider refused our key');
      expect(fake.chatRequests()[0].status).toBe(401);
      expect(logged()).toMatch(/HTTP 401/);
      expect(logged()).not.toContain(KEY);
      expect(logged()).not.toMatch(/sk-/);
    });

    it('no key where one is needed: 502 refused', async () => {
      expectProviderError(await failure(provider({ apiKey: undefined }).chat(ask('x'))), 502, 'The AI provider refused our key');
      expect(fake.chatRequests()[0].headers.authorization).toBeUndefined();
    });

    it('403: 502 refused', async () => {
      fake.reply({ status: 403, error: { message: 'Project does not have access to model gpt-4o-mini', type: 'invalid_request_error', code: 'model_not_found' } });
      expectProviderError(await failure(provider().chat(ask('x'))), 502, 'The AI provider refused our key');
    });

    it('429: 503 busy', async () => {
      fake.reply({ status: 429, error: { message: 'Rate limit reached for gpt-4o-mini', type: 'requests', code: 'rate_limit_exceeded' } });
      expectProviderError(await failure(provider().chat(ask('x'))), 503, 'The AI provider is busy; try again in a minute');
    });

    it("500 with a JSON error: 502 with the server's message, the key taken out of it", async () => {
      fake.reply({ status: 500, error: { message: 'The server had an error while processing your request. Sorry about that!', type: 'server_error' } });
      expectProviderError(await failure(provider().chat(ask('x'))), 502, 'The AI provider could not answer: The server had an error while processing your request. Sorry about that!');
      fake.reply({ status: 400, error: { message: `Bad request from key ${KEY}` } });
      const err = await failure(provider().chat(ask('x')));
      expectProviderError(err, 502, 'The AI provider could not answer: Bad request from key [key]');
      expect(logged()).not.toContain(KEY);
    });

    it("a request the server rejects (400, OpenAI's own check): 502 with its message", async () => {
      const messages: LlmMessage[] = [{ role: 'user', content: 'x' }, { role: 'tool', toolCallId: 'call_unknown', name: 'search_listings', content: '{}' }];
      const err = await failure(provider().chat({ messages, tools: [SEARCH_TOOL] }));
      expectProviderError(err, 502, /must be a response to a preceeding message with 'tool_calls'/);
      expect(fake.chatRequests()[0].status).toBe(400);
    });

    it('an HTML error page from a proxy: 502 with the status, not the page', async () => {
      fake.reply({ status: 502, body: '<html><body>Bad Gateway</body></html>', contentType: 'text/html' });
      expectProviderError(await failure(provider().chat(ask('x'))), 502, 'The AI provider could not answer (HTTP 502)');
    });

    it('a web page answered with 200 (a base URL pointing elsewhere): 502 naming what came and ARIA_OPENAI_BASE_URL', async () => {
      fake.reply({ status: 200, body: '<!doctype html><title>Welcome</title>', contentType: 'text/html; charset=utf-8' });
      expectProviderError(await failure(provider().chat(ask('x'))), 502, 'The AI provider answered something other than a chat answer (text/html); check ARIA_OPENAI_BASE_URL');
    });

    it('nothing listening at the address: 503 cannot be reached', async () => {
      const port = await new Promise<number>((resolve) => {
        const s = createServer().listen(0, '127.0.0.1', () => {
          const p = (s.address() as { port: number }).port;
          s.close(() => resolve(p));
        });
      });
      expectProviderError(await failure(provider({ baseUrl: `http://127.0.0.1:${port}` }).chat(ask('x'))), 503, 'The AI provider cannot be reached');
    });

    it('a host name that does not resolve: 503 cannot be reached', async () => {
      expectProviderError(await failure(provider({ baseUrl: 'http://aria-provider.invalid' }).chat(ask('x'))), 503, 'The AI provider cannot be reached');
    });

    it('the connection dropped before an answer: 502', async () => {
      fake.setOutage('reset');
      expectProviderError(await failure(provider().chat(ask('x'))), 502, 'The AI provider did not answer');
    });

    it('an error event in the stream: 502 with its message, after the text that came before it', async () => {
      fake.reply({ stream: [{ content: 'Partial' }, { error: { message: 'The model is overloaded', type: 'server_error' } }] });
      const seen: LlmChunk[] = [];
      let err: unknown;
      try {
        for await (const c of provider().chat(ask('x'))) seen.push(c);
      } catch (e) {
        err = e;
      }
      expect(texts(seen)).toEqual(['Partial']);
      expectProviderError(err, 502, 'The AI provider could not answer: The model is overloaded');
    });

    it('an event that is not JSON: 502', async () => {
      fake.reply({ stream: [{ raw: 'data: {"choices": [\n\n' }] });
      expectProviderError(await failure(provider().chat(ask('x'))), 502, /could not read/);
    });

    it('a stream that ends without a finish reason or [DONE]: 502 broke off', async () => {
      fake.reply({ stream: [{ content: 'Half an ans' }], done: false });
      expectProviderError(await failure(provider().chat(ask('x'))), 502, "The AI provider's answer broke off before its end");
    });

    it('a tool call without a name: 502', async () => {
      fake.reply({ stream: [{ toolCalls: [{ index: 0, id: 'call_1', arguments: '{}' }] }, { finish: 'tool_calls' }] });
      expectProviderError(await failure(provider().chat(ask('x'))), 502, 'The AI provider asked for a tool without naming it');
    });

    it('no answer within the timeout: 504, and the request is given up', async () => {
      fake.reply({ delayMs: 3000, then: FakeOpenAi.textReply(['late']) });
      const started = Date.now();
      expectProviderError(await failure(provider({ timeoutMs: 200 }).chat(ask('x'))), 504, 'The AI provider did not answer within 0.2 s; try again');
      expect(Date.now() - started).toBeLessThan(2000);
      await eventually(() => fake.closedByClient === 1, 'the fake to see the request given up');
    });

    it('a stream that stalls mid-answer: 504 after the text that came', async () => {
      fake.reply({ stream: [{ content: 'Looking' }, { stall: true }] });
      const seen: LlmChunk[] = [];
      let err: unknown;
      try {
        for await (const c of provider({ timeoutMs: 200 }).chat(ask('x'))) seen.push(c);
      } catch (e) {
        err = e;
      }
      expect(seen).toEqual([{ type: 'text', delta: 'Looking' }]);
      expect(err).toBeInstanceOf(LlmProviderError);
      expect((err as LlmProviderError).status).toBe(504);
      await eventually(() => fake.closedByClient === 1, 'the fake to see the stream given up');
    });
  });

  describe('aborts', () => {
    it("the caller's signal cancels a streaming answer: the abort comes back as it is, and the connection is closed", async () => {
      fake.reply({ stream: [{ content: 'Looking' }, { stall: true }] });
      const controller = new AbortController();
      const it = provider().chat(ask('x', [SEARCH_TOOL], controller.signal))[Symbol.asyncIterator]();
      expect(await it.next()).toEqual({ done: false, value: { type: 'text', delta: 'Looking' } });
      const next = it.next();
      controller.abort();
      const err = await next.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).not.toBeInstanceOf(LlmProviderError);
      expect((err as Error).name).toBe('AbortError');
      await eventually(() => fake.closedByClient === 1, 'the fake to see the stream closed');
    });

    it('a signal aborted before the request: no provider error', async () => {
      const controller = new AbortController();
      controller.abort();
      const err = await failure(provider().chat(ask('x', [], controller.signal)));
      expect(err).not.toBeInstanceOf(LlmProviderError);
      expect((err as Error).name).toBe('AbortError');
      // The request never left (with no reply queued, one that did would have been a 500).
      expect(fake.chatRequests()).toHaveLength(0);
    });

    it('a caller that stops reading early releases the connection', async () => {
      fake.reply({ stream: [{ content: 'First' }, { stall: true }] });
      for await (const c of provider().chat(ask('x'))) {
        expect(c).toEqual({ type: 'text', delta: 'First' });
        break;
      }
      await eventually(() => fake.closedByClient === 1, 'the fake to see the stream closed');
    });
  });
});
