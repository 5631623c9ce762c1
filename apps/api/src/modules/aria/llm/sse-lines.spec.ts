import { readSseEvents, SseParser, type SseEvent } from './sse-lines';

const enc = new TextEncoder();

async function* chunksOf(parts: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const p of parts) yield p;
}

/** The bytes of `text` cut at the given byte offsets. */
function cut(text: string, offsets: number[]): Uint8Array[] {
  const bytes = enc.encode(text);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const o of [...offsets, bytes.length]) {
    out.push(bytes.slice(from, o));
    from = o;
  }
  return out;
}

async function collect(parts: Uint8Array[]): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  for await (const e of readSseEvents(chunksOf(parts))) out.push(e);
  return out;
}

const datas = (events: SseEvent[]) => events.map((e) => e.data);

describe('readSseEvents', () => {
  const stream = 'data: {"a":1}\n\ndata: {"b":"₱60,000"}\n\ndata: [DONE]\n\n';

  it('reads each event of a whole stream in order', async () => {
    expect(datas(await collect([enc.encode(stream)]))).toEqual(['{"a":1}', '{"b":"₱60,000"}', '[DONE]']);
  });

  it('gives the same events whatever the chunk boundaries, including one byte at a time', async () => {
    const bytes = enc.encode(stream);
    const oneByOne = Array.from(bytes, (b) => Uint8Array.of(b));
    expect(datas(await collect(oneByOne))).toEqual(['{"a":1}', '{"b":"₱60,000"}', '[DONE]']);
    for (let at = 1; at < bytes.length; at++) {
      expect(datas(await collect(cut(stream, [at])))).toEqual(['{"a":1}', '{"b":"₱60,000"}', '[DONE]']);
    }
  });

  it('decodes a ₱ whose three bytes arrive in three chunks', async () => {
    const text = 'data: ₱\n\n';
    const peso = enc.encode('data: ').length; // ₱ starts here: E2 82 B1
    expect(enc.encode('₱')).toEqual(Uint8Array.of(0xe2, 0x82, 0xb1));
    const events = await collect(cut(text, [peso + 1, peso + 2]));
    expect(datas(events)).toEqual(['₱']);
  });

  it('accepts CR LF and lone CR line endings, also when a CR LF pair is split between chunks', async () => {
    const crlf = 'data: one\r\n\r\ndata: two\r\n\r\n';
    const at = crlf.indexOf('\r\n') + 1; // between the CR and the LF
    expect(datas(await collect(cut(crlf, [at])))).toEqual(['one', 'two']);
    expect(datas(await collect([enc.encode('data: x\r\rdata: y\r\r')]))).toEqual(['x', 'y']);
    // Split after each CR of a CR LF CR LF pair: still one event, no empty extra one.
    const split = 'data: z\r\n\r\n';
    expect(datas(await collect(cut(split, [8, 9, 10])))).toEqual(['z']);
  });

  it('joins the data lines of one event, skips comments and events without data, and reads the event field', async () => {
    const text = ': keep-alive\n\nevent: error\ndata: {"error":\ndata: "x"}\n\nid: 7\nretry: 10\n\ndata\n\n';
    expect(await collect([enc.encode(text)])).toEqual([
      { event: 'error', data: '{"error":\n"x"}' },
      { event: 'message', data: '' },
    ]);
  });

  it('removes one space after the colon only', async () => {
    expect(datas(await collect([enc.encode('data:tight\n\ndata:  two spaces\n\n')]))).toEqual(['tight', ' two spaces']);
  });

  it('delivers a last event that lacks its closing empty line, and the lines of a stream without a final newline', async () => {
    expect(datas(await collect([enc.encode('data: a\n\ndata: b\n')]))).toEqual(['a', 'b']);
    expect(datas(await collect([enc.encode('data: a\n\ndata: [DONE]')]))).toEqual(['a', '[DONE]']);
  });

  it('reads a fetch Response body', async () => {
    const body = new Response(stream).body;
    if (!body) throw new Error('no body');
    const out: string[] = [];
    for await (const e of readSseEvents(body)) out.push(e.data);
    expect(out).toEqual(['{"a":1}', '{"b":"₱60,000"}', '[DONE]']);
  });
});

describe('SseParser', () => {
  it('returns an event only once its empty line arrives', () => {
    const p = new SseParser();
    expect(p.push('data: {"a"')).toEqual([]);
    expect(p.push(':1}\n')).toEqual([]);
    expect(p.push('\n')).toEqual([{ event: 'message', data: '{"a":1}' }]);
    expect(p.end()).toEqual([]);
  });
});
