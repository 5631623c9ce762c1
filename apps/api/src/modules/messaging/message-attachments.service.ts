import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { MessageAttachmentValue } from '@app/db';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { LinkSigner } from '../../common/security/link-signer';
import { FileStorage, type ByteRange } from '../../common/storage/storage.service';
import { imageDecodes, readHead, sniffImageFormat } from '../../common/upload/image-sniffer';
import { ATTACHMENT_TYPES, type AttachmentType } from './dto/messaging-output.dto';

/** Links to attachments work this long (rounded up to the hour, so a page reload reuses the cached file). */
export const ATTACHMENT_LINK_SECONDS = 24 * 3600;
const LINK_ROUNDING_SECONDS = 3600;

export const ATTACHMENT_LINK_INVALID = 'This link has expired or is invalid';

const IMAGE_CONTENT_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  tiff: 'image/tiff',
  heif: 'image/heif',
};
/** ISO base media brands that are still pictures or sound, not video. */
const NON_VIDEO_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);

export interface SniffedType {
  type: AttachmentType;
  contentType: string;
}

/** A video container by its signature: MP4/MOV (`ftyp` box), WebM/Matroska (EBML), Ogg with Theora. */
export function sniffVideo(bytes: Buffer): string | null {
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const brand = bytes.toString('latin1', 8, 12);
    if (NON_VIDEO_BRANDS.has(brand)) return null;
    if (brand === 'qt  ') return 'video/quicktime';
    if (brand.startsWith('3g')) return 'video/3gpp';
    return 'video/mp4';
  }
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return bytes.subarray(0, 64).includes('webm', 0, 'latin1') ? 'video/webm' : 'video/x-matroska';
  }
  if (bytes.length >= 4 && bytes.toString('latin1', 0, 4) === 'OggS' && bytes.subarray(0, 256).includes('\x80theora', 0, 'latin1')) {
    return 'video/ogg';
  }
  return null;
}

/** How much of a file's start tells a PDF or a video by its signature. */
const SIGNATURE_BYTES = 256;

/**
 * What a file is, by its bytes only: an image (its header read by sharp), a PDF, a video, or nothing we
 * take. `input` is the file's bytes or its path (then only the first bytes and the image header are read).
 */
export async function sniffAttachment(input: Buffer | string): Promise<SniffedType | null> {
  const head = typeof input === 'string' ? await readHead(input, SIGNATURE_BYTES) : input;
  if (head.toString('latin1', 0, 5) === '%PDF-') return { type: 'pdf', contentType: 'application/pdf' };
  const video = sniffVideo(head);
  if (video) return { type: 'video', contentType: video };
  const image = await sniffImageFormat(input);
  if (image) return { type: 'image', contentType: IMAGE_CONTENT_TYPES[image] ?? `image/${image}` };
  return null;
}

/** A file name safe to store and send back: no folders, no control characters, at most 200 characters. */
export function cleanFilename(name: string | undefined, fallback = 'attachment'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = Array.from(base.replace(/[\u0000-\u001f\u007f"]/g, '').trim()).slice(0, 200).join('');
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : fallback;
}

/** `Content-Disposition: inline` with an ASCII fallback name and the exact UTF-8 name. */
export function inlineDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

interface DeclaredAttachment {
  filename?: string;
  type?: AttachmentType;
}

export interface PreparedAttachment {
  value: MessageAttachmentValue;
  /** The upload's temporary file, moved into storage by `store`. */
  path: string;
}

/**
 * Message attachments: checks each file by its bytes, stores it privately under
 * `messages/<threadId>/<attachmentId>`, and signs the expiring links browsers load it through.
 */
@Injectable()
export class MessageAttachmentsService {
  private readonly links: LinkSigner;

  constructor(
    private readonly storage: FileStorage,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    // a key of its own, derived from the JWT secret: a link signature can never pass as a token
    this.links = new LinkSigner(config.auth.jwtSecret, 'tahanan:message-attachment-links:v1');
  }

  /** Parses `attachmentsJson`: a JSON array of { filename?, type? }, one per file, in file order. */
  parseDeclared(json: string | undefined, fileCount: number): DeclaredAttachment[] {
    if (json === undefined || json.trim() === '') return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      throw new BadRequestException('attachmentsJson must be a JSON array');
    }
    if (!Array.isArray(parsed)) throw new BadRequestException('attachmentsJson must be a JSON array');
    if (parsed.length > fileCount) {
      throw new BadRequestException(`attachmentsJson describes ${parsed.length} file(s) but ${fileCount} were sent in 'attachments'`);
    }
    return parsed.map((item, i) => {
      if (item === null || typeof item !== 'object' || Array.isArray(item)) {
        throw new BadRequestException(`attachmentsJson[${i}] must be an object`);
      }
      const { filename, type } = item as { filename?: unknown; type?: unknown };
      if (filename !== undefined && filename !== null && typeof filename !== 'string') {
        throw new BadRequestException(`attachmentsJson[${i}].filename must be text`);
      }
      if (type !== undefined && type !== null && !ATTACHMENT_TYPES.includes(type as AttachmentType)) {
        throw new BadRequestException(`attachmentsJson[${i}].type must be one of: ${ATTACHMENT_TYPES.join(', ')}`);
      }
      return { filename: (filename as string | null) ?? undefined, type: (type as AttachmentType | null) ?? undefined };
    });
  }

  /** Checks every file first (nothing is stored if one is refused), then names its storage. */
  async prepare(threadId: string, files: Express.Multer.File[], attachmentsJson?: string): Promise<PreparedAttachment[]> {
    const declared = this.parseDeclared(attachmentsJson, files.length);
    const prepared: PreparedAttachment[] = [];
    for (const [i, file] of files.entries()) {
      const filename = cleanFilename(declared[i]?.filename ?? file.originalname);
      const sniffed = await sniffAttachment(file.path);
      if (!sniffed) throw new BadRequestException(`'${filename}' is not an image, video or PDF`);
      if (sniffed.type === 'image' && !(await imageDecodes(file.path))) {
        throw new BadRequestException(`'${filename}' could not be read (the image is damaged or incomplete); send images that open correctly, videos or PDFs`);
      }
      const claimed = declared[i]?.type;
      if (claimed && claimed !== sniffed.type) {
        throw new BadRequestException(`'${filename}' was declared as ${claimed} but its content is ${sniffed.type === 'pdf' ? 'a PDF' : `a ${sniffed.type}`}`);
      }
      const id = randomUUID();
      prepared.push({
        path: file.path,
        value: {
          _id: id,
          type: sniffed.type,
          filename,
          size: file.size,
          contentType: sniffed.contentType,
          storageKey: `messages/${threadId}/${id}`,
        },
      });
    }
    return prepared;
  }

  /** Moves the checked files into private storage; if one fails, none stays. */
  async store(prepared: PreparedAttachment[]): Promise<void> {
    try {
      for (const p of prepared) await this.storage.putFile('private', p.value.storageKey, p.path);
    } catch (err) {
      await this.remove(prepared.map((p) => p.value));
      throw err;
    }
  }

  async remove(values: MessageAttachmentValue[]): Promise<void> {
    await Promise.all(values.map((v) => this.storage.remove('private', v.storageKey).catch(() => undefined)));
  }

  size(value: MessageAttachmentValue) {
    return this.storage.size('private', value.storageKey);
  }

  open(value: MessageAttachmentValue, range?: ByteRange) {
    return this.storage.open('private', value.storageKey, range);
  }

  /** The signed link of an attachment, valid for 24 hours (up to one more, rounded to the hour). */
  url(threadId: string, attachmentId: string, nowMs = Date.now()): string {
    return `/api/threads/${threadId}/attachments/${attachmentId}?${this.links.query(`${threadId}/${attachmentId}`, ATTACHMENT_LINK_SECONDS, LINK_ROUNDING_SECONDS, nowMs)}`;
  }

  /** Whether a link's signature is ours and it has not expired; answers the seconds it has left. */
  verify(threadId: string, attachmentId: string, expires: string | undefined, signature: string | undefined): number | null {
    return this.links.verify(`${threadId}/${attachmentId}`, expires, signature);
  }
}
