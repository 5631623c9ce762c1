import sharp from 'sharp';

const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff', 'heif']);

/** Reads the bytes (not the name or declared type) and answers the raster format, or null if not an image. */
export async function sniffImageFormat(bytes: Buffer): Promise<string | null> {
  try {
    const meta = await sharp(bytes, { failOn: 'error' }).metadata();
    return meta.format && RASTER_FORMATS.has(meta.format) && meta.width && meta.height ? meta.format : null;
  } catch {
    return null;
  }
}
