import type { AriaStreamEvent } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { createSseParser, readAriaStream } from './sse';

const frame = (e: AriaStreamEvent) => `data: ${JSON.stringify(e)}\n\n`;

function collect() {
  const events: AriaStreamEvent[] = [];
  return { events, parser: createSseParser((e) => events.push(e)) };
}

/** A byte stream of the given chunks. */
function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });
}

describe('the ARIA stream parser', () => {
  it('joins an event cut across chunks anywhere (inside the JSON, between the blank lines)', () => {
    const text = frame({ type: 'text', delta: 'Three condos match.' });
    const { events, parser } = collect();
    parser.push(text.slice(0, 9));
    expect(events).toEqual([]);
    parser.push(text.slice(9, text.length - 1));
    expect(events).toEqual([]);
    parser.push(text.slice(text.length - 1));
    expect(events).toEqual([{ type: 'text', delta: 'Three condos match.' }]);
  });

  it('reads several events from one chunk, in order, with CRLF lines and comments', () => {
    const { events, parser } = collect();
    parser.push(
      ': keep-alive\n\n' +
        frame({ type: 'tool_call', name: 'search_listings', arguments: { offer: 'rent' } }) +
        `data: ${JSON.stringify({ type: 'text', delta: 'a' })}\r\n\r\n` +
        frame({ type: 'text', delta: 'b' }),
    );
    expect(events).toEqual([
      { type: 'tool_call', name: 'search_listings', arguments: { offer: 'rent' } },
      { type: 'text', delta: 'a' },
      { type: 'text', delta: 'b' },
    ]);
  });

  it('delivers the last event at the end of the stream even without its blank line, and skips data that is not JSON', () => {
    const { events, parser } = collect();
    parser.push('data: not json\n\n');
    parser.push(`data: ${JSON.stringify({ type: 'done', messageId: 'm1', citations: [], remainingToday: 3 })}`);
    expect(events).toEqual([]);
    parser.end();
    expect(events).toEqual([{ type: 'done', messageId: 'm1', citations: [], remainingToday: 3 }]);
  });

  it('decodes ₱ split between two network chunks (three UTF-8 bytes)', async () => {
    const bytes = new TextEncoder().encode(frame({ type: 'text', delta: 'Under ₱60,000 a month' }));
    const peso = new TextEncoder().encode('₱');
    const at = bytes.findIndex((b, i) => b === peso[0] && bytes[i + 1] === peso[1]);
    expect(at).toBeGreaterThan(0);
    const events: AriaStreamEvent[] = [];
    // cut after the first byte of ₱, and again after the second
    await readAriaStream(streamOf([bytes.slice(0, at + 1), bytes.slice(at + 1, at + 2), bytes.slice(at + 2)]), (e) => events.push(e));
    expect(events).toEqual([{ type: 'text', delta: 'Under ₱60,000 a month' }]);
  });
});
