import { Readable } from 'node:stream';
import { locateJsonError, readJsonArray } from './json-array';

/** A readable giving the text in chunks of `size` bytes (positions must not depend on where chunks end). */
const chunked = (text: string | Buffer, size: number) => {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return async () => Readable.from(chunks);
};

describe('readJsonArray', () => {
  it('streams the elements of an array, after a byte-order mark, counting the bytes read', async () => {
    const text = '\uFEFF[ {"code": "A-1", "name": "Niño"}, 2, [3] ]';
    const reader = readJsonArray(await chunked(text, 5)());
    const items: unknown[] = [];
    for await (const { key, value } of reader.items) items[key] = value;
    expect(items).toEqual([{ code: 'A-1', name: 'Niño' }, 2, [3]]);
    expect(reader.bytesRead()).toBe(Buffer.byteLength(text));
  });

  it('throws when the file stops being JSON', async () => {
    const reader = readJsonArray(await chunked('[1, 2 3]', 4)());
    await expect(
      (async () => {
        for await (const item of reader.items) void item;
      })(),
    ).rejects.toThrow(/expected ','/);
  });
});

describe('locateJsonError', () => {
  it.each([1, 3, 16, 64 * 1024])('finds the byte, line and column whatever the chunks (%i bytes)', async (size) => {
    const text = '[\n  {"code": "A-1"},\n  {"code": "A-2" "name": "x"}\n]';
    expect(await locateJsonError(chunked(text, size))).toEqual({
      message: "Parser cannot parse input: expected ','",
      byte: text.indexOf('"name"'),
      line: 3,
      column: 18,
    });
  });

  it('places an unfinished file at its end, and answers null for valid JSON', async () => {
    const text = '[{"code": "A-1"},\n{"code": "A-2"}';
    expect(await locateJsonError(chunked(text, 7))).toMatchObject({ byte: Buffer.byteLength(text), line: 2, column: 16 });
    expect(await locateJsonError(chunked('[{"code": "A-1"}]', 3))).toBeNull();
  });
});
