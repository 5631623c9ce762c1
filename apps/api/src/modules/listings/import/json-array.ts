import { pipeline, Transform, type Duplex, type Readable, type TransformCallback } from 'node:stream';

/*
 * stream-json 3 and stream-chain are ES modules only: Node (20.19 and later) loads them with require,
 * and Jest compiles them to CommonJS (apps/api/jest.config.js). Their own typings need the "exports"
 * resolution this CommonJS build does not use, hence the small declarations here.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const { streamArray } = require('stream-json/streamers/stream-array.js') as {
  streamArray: {
    withParserAsStream(options?: Record<string, unknown>): Duplex;
  };
};
const { parser: jsonTokenizer } = require('stream-json/core/parser.js') as {
  parser: () => (chunk: unknown) => AsyncIterable<unknown> | unknown;
};
const { none } = require('stream-chain/core') as { none: unknown };
/* eslint-enable @typescript-eslint/no-require-imports */

const BOM = [0xef, 0xbb, 0xbf];

/** Counts the bytes that pass (for progress) and drops a UTF-8 byte-order mark at the very start. */
class CountingBomStripper extends Transform {
  bytes = 0;
  private first = true;

  _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.first) {
      this.first = false;
      if (chunk.length >= 3 && BOM.every((b, i) => chunk[i] === b)) chunk = chunk.subarray(3);
    }
    callback(null, chunk);
  }
}

export interface JsonArrayReader {
  /** The array's elements in order: index (from 0) and value, one at a time (never the whole file). */
  items: AsyncIterable<{ key: number; value: unknown }>;
  /** Bytes of the file read so far. */
  bytesRead(): number;
}

/**
 * Streams the elements of a top-level JSON array with stream-json's StreamArray: memory holds the
 * element being assembled and the stream buffers, whatever the file's size. Iterating throws the
 * parser's error when the file is not valid JSON (see locateJsonError for where).
 */
export function readJsonArray(source: Readable): JsonArrayReader {
  const counter = new CountingBomStripper();
  const array = streamArray.withParserAsStream();
  pipeline(source, counter, array, () => undefined);
  return {
    items: array as AsyncIterable<{ key: number; value: unknown }>,
    bytesRead: () => counter.bytes,
  };
}

export interface JsonErrorPosition {
  /** The parser's complaint, e.g. "Parser cannot parse input: expected ','". */
  message: string;
  /** 0-based byte offset of the byte the parser stopped at (from the start of the file). */
  byte: number;
  /** 1-based line and column (in bytes) of that byte. */
  line: number;
  column: number;
}

/** Feeds one chunk to a tokenizer, draining what it produces (its errors surface here). */
async function feed(tokenize: (chunk: unknown) => unknown, chunk: unknown): Promise<void> {
  const out = tokenize(chunk) as { next?: unknown } | undefined;
  if (out && typeof out.next === 'function') for await (const _token of out as AsyncIterable<unknown>) void _token;
}

/**
 * Where a file stops being JSON, for the import's error message: stream-json's errors carry no
 * position, so the file is tokenised again (no values built) to find the failing chunk, then once
 * more with that chunk fed byte by byte. Only a failed import pays for it. Null when the file parses.
 */
export async function locateJsonError(open: () => Promise<Readable>): Promise<JsonErrorPosition | null> {
  const chunksOf = async function* (): AsyncGenerator<Buffer> {
    let first = true;
    for await (const raw of await open()) {
      let chunk = raw as Buffer;
      if (first && chunk.length >= 3 && BOM.every((b, i) => chunk[i] === b)) chunk = chunk.subarray(3);
      first = false;
      yield chunk;
    }
  };
  // pass 1: which chunk (or the end) fails
  let failing = -1;
  let message = '';
  {
    const tokenize = jsonTokenizer();
    let index = 0;
    try {
      for await (const chunk of chunksOf()) {
        failing = index++;
        await feed(tokenize, chunk);
      }
      failing = index; // the end of the file
      await feed(tokenize, none);
      return null;
    } catch (err) {
      message = (err as Error).message;
    }
  }
  // pass 2: the chunks before it whole, then it byte by byte
  const tokenize = jsonTokenizer();
  let byte = 0;
  let line = 1;
  let lineStart = 0;
  let index = 0;
  try {
    for await (const chunk of chunksOf()) {
      if (index++ < failing) {
        await feed(tokenize, chunk);
        for (let i = 0; i < chunk.length; i++) {
          if (chunk[i] !== 0x0a) continue;
          line++;
          lineStart = byte + i + 1;
        }
        byte += chunk.length;
        continue;
      }
      for (let i = 0; i < chunk.length; i++, byte++) {
        await feed(tokenize, chunk.subarray(i, i + 1));
        if (chunk[i] === 0x0a) {
          line++;
          lineStart = byte + 1;
        }
      }
      break;
    }
    await feed(tokenize, none);
  } catch (err) {
    message = (err as Error).message;
  }
  return { message, byte, line, column: byte - lineStart + 1 };
}
