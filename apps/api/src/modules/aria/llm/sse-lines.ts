/**
 * A small reader of Server-Sent Events (the `text/event-stream` of the HTML standard) from a stream of
 * bytes, as OpenAI-compatible servers stream chat completions: `data: {...}` lines, an empty line
 * ending each event, `data: [DONE]` at the end.
 *
 * Bytes arrive in chunks that may split a line, a CR LF pair or a UTF-8 character (₱ is three bytes);
 * the decoder is used with `stream: true` so a character split across chunks is decoded whole.
 * Lines end with LF, CR LF or CR. Lines starting with `:` are comments (keep-alives); fields other than
 * `data` and `event` are ignored. An event's `data` lines are joined with LF. An event left without
 * its closing empty line when the stream ends is still delivered (some servers omit the last one).
 */

/** One event: its `event` field (`message` when not given) and its data lines joined with LF. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * The events of a byte stream (a fetch `Response.body`, a Node readable), in order. Events without any
 * `data` line are skipped, as the standard says.
 */
export async function* readSseEvents(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder('utf-8');
  const parser = new SseParser();
  for await (const chunk of bytes) {
    yield* parser.push(decoder.decode(chunk, { stream: true }));
  }
  yield* parser.push(decoder.decode());
  yield* parser.end();
}

/** The line-level parser behind `readSseEvents`: text in (in any pieces), complete events out. */
export class SseParser {
  private buffer = '';
  /** The previous piece ended with CR: an LF starting the next piece belongs to that line ending. */
  private skipLeadingLf = false;
  private data: string[] = [];
  private event = '';

  /** Feeds decoded text; returns the events it completed. */
  push(text: string): SseEvent[] {
    if (this.skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
    if (text.length > 0) this.skipLeadingLf = false;
    this.buffer += text;
    const out: SseEvent[] = [];
    let start = 0;
    for (;;) {
      const cr = this.buffer.indexOf('\r', start);
      const lf = this.buffer.indexOf('\n', start);
      const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
      if (end === -1) break;
      const line = this.buffer.slice(start, end);
      if (this.buffer[end] === '\r') {
        if (end + 1 === this.buffer.length) {
          // A CR at the very end of what we have: the line is complete, but an LF may follow in the next piece.
          this.skipLeadingLf = true;
          start = end + 1;
        } else {
          start = this.buffer[end + 1] === '\n' ? end + 2 : end + 1;
        }
      } else {
        start = end + 1;
      }
      const event = this.line(line);
      if (event) out.push(event);
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  /** The stream ended: delivers a last line and event left without their line ending. */
  end(): SseEvent[] {
    const out: SseEvent[] = [];
    if (this.buffer.length > 0) {
      const event = this.line(this.buffer);
      if (event) out.push(event);
      this.buffer = '';
    }
    const last = this.dispatch();
    if (last) out.push(last);
    return out;
  }

  private line(line: string): SseEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    return null;
  }

  private dispatch(): SseEvent | null {
    const had = this.data.length > 0;
    const event: SseEvent = { event: this.event || 'message', data: this.data.join('\n') };
    this.data = [];
    this.event = '';
    return had ? event : null;
  }
}
