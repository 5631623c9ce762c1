import { open } from 'node:fs/promises';

/** How far into a file its first JSON byte is looked for (whitespace and a UTF-8 byte-order mark may come first). */
const SNIFF_BYTES = 64 * 1024;

/**
 * The first byte of a (temporary) file that is not whitespace or a UTF-8 byte-order mark, as a
 * character, or null when the file is empty or holds only whitespace in its first 64 KB. A JSON
 * array's is `[`: a cheap check of what an upload claims to be before a job is queued for it (the
 * rest of the file is parsed, streaming, by the job).
 */
export async function firstJsonByte(filePath: string): Promise<string | null> {
  const file = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await file.read(buffer, 0, SNIFF_BYTES, 0);
    let i = bytesRead >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
    while (i < bytesRead && (buffer[i] === 0x20 || buffer[i] === 0x09 || buffer[i] === 0x0a || buffer[i] === 0x0d)) i++;
    return i < bytesRead ? String.fromCharCode(buffer[i]) : null;
  } finally {
    await file.close();
  }
}
