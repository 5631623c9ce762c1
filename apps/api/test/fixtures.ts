import sharp from 'sharp';

/** Small files whose bytes say what they are, for upload tests. */
export const pngBytes = (size = 8) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** The start of an MP4 file: an `ftyp` box (isom) and an empty `free` box. */
export const MP4_BYTES = Buffer.concat([
  Buffer.from([0x00, 0x00, 0x00, 0x18]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.from([0x00, 0x00, 0x02, 0x00]),
  Buffer.from('isomiso2', 'latin1'),
  Buffer.from([0x00, 0x00, 0x00, 0x08]),
  Buffer.from('free', 'latin1'),
]);

/** A WebM (EBML) header. */
export const WEBM_BYTES = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
  Buffer.from('webm', 'latin1'),
  Buffer.alloc(16),
]);
