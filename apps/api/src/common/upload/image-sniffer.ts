import { BadRequestException, HttpException } from '@nestjs/common';
import { open } from 'node:fs/promises';
import sharp from 'sharp';

const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff', 'heif']);

/** An image's bytes, or the path of the (temporary) file that holds them. */
export type ImageInput = Buffer | string;

/**
 * Decoding options for uploaded pictures: data that ends early or does not decode is an error (not a
 * warning to shrug off), while the harmless warnings some cameras' files carry are still accepted.
 */
export const STRICT_DECODE = { failOn: 'truncated' } as const;

/**
 * Reads the header (not the name or declared type) and answers the raster format, or null if not an
 * image. A header says nothing of the data after it: see `imageDecodes` and `decodeUpload`.
 */
export async function sniffImageFormat(input: ImageInput): Promise<string | null> {
  try {
    const meta = await sharp(input, { failOn: 'error' }).metadata();
    return meta.format && RASTER_FORMATS.has(meta.format) && meta.width && meta.height ? meta.format : null;
  } catch {
    return null;
  }
}

/** Whether the whole picture decodes (a tiny copy is made, so memory stays small whatever its size). */
export async function imageDecodes(input: ImageInput): Promise<boolean> {
  try {
    await sharp(input, STRICT_DECODE).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs a sharp pipeline over an upload whose header was sniffed already. Its only input is the upload,
 * so a failure is the upload's fault (data truncated or corrupt, over the pixel limit, an unsupported
 * variant): a 400 with `message`, never a 500.
 */
export async function decodeUpload<T>(work: () => Promise<T>, message: string): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof HttpException) throw err;
    throw new BadRequestException(message);
  }
}

/** The first `length` bytes of a file (fewer when it is shorter): enough to tell a PDF or a video by its signature. */
export async function readHead(path: string, length: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await file.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}
