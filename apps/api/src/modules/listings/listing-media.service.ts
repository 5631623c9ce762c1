import { BadRequestException, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { ListingImage } from '@app/db';
import { FileStorage } from '../../common/storage/storage.service';
import { decodeUpload, imageDecodes, readHead, sniffImageFormat, STRICT_DECODE, type ImageInput } from '../../common/upload/image-sniffer';

const WEB_MAX = 1600;
const THUMB = { width: 480, height: 360 };
export const MAX_IMAGES_PER_LISTING = 20;

export interface PreparedImage {
  web: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/** Listing photos (a web copy and a thumbnail, public) and ownership documents (private). */
@Injectable()
export class ListingMediaService {
  constructor(private readonly storage: FileStorage) {}

  /**
   * Checks every file by its bytes and encodes all of them before storing any, so a bad file (not an
   * image, or an image whose data is truncated or corrupt) stores nothing and answers 400.
   */
  async storeImages(listingId: string, files: Express.Multer.File[]): Promise<ListingImage[]> {
    for (const file of files) {
      if (!(await sniffImageFormat(file.path))) {
        throw new BadRequestException(`'${file.originalname}' is not an image; upload JPEG, PNG, WebP, GIF or AVIF photos`);
      }
    }
    const prepared: PreparedImage[] = [];
    for (const file of files) {
      prepared.push(
        await decodeUpload(
          () => this.prepareImage(file.path),
          `'${file.originalname}' could not be read (the file is damaged or incomplete); upload JPEG, PNG, WebP, GIF or AVIF photos that open correctly`,
        ),
      );
    }
    const stored: ListingImage[] = [];
    for (const image of prepared) stored.push(await this.putPrepared(listingId, image));
    return stored;
  }

  /** The web copy and the thumbnail of a photo (bytes, or the path of an upload), encoded once (the demo seed reuses them). */
  async prepareImage(input: ImageInput): Promise<PreparedImage> {
    const base = sharp(input, STRICT_DECODE).rotate();
    const web = await base
      .clone()
      .resize(WEB_MAX, WEB_MAX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await base.clone().resize(THUMB.width, THUMB.height, { fit: 'cover' }).webp({ quality: 72 }).toBuffer();
    return { web: web.data, thumb, width: web.info.width, height: web.info.height };
  }

  async putPrepared(listingId: string, image: PreparedImage): Promise<ListingImage> {
    const id = randomUUID();
    const webKey = `listings/${listingId}/${id}.webp`;
    const thumbKey = `listings/${listingId}/${id}-thumb.webp`;
    await this.storage.put('public', webKey, image.web);
    await this.storage.put('public', thumbKey, image.thumb);
    return {
      _id: id,
      url: this.storage.publicUrl(webKey),
      thumbnailUrl: this.storage.publicUrl(thumbKey),
      width: image.width,
      height: image.height,
      createdAt: new Date().toISOString(),
    };
  }

  async removeImage(listingId: string, imageId: string): Promise<void> {
    await this.storage.remove('public', `listings/${listingId}/${imageId}.webp`);
    await this.storage.remove('public', `listings/${listingId}/${imageId}-thumb.webp`);
  }

  /** Answers the content type of a proof document (PDF, or an image that decodes whole) from its bytes. */
  async sniffDocument(file: Express.Multer.File): Promise<string> {
    if ((await readHead(file.path, 5)).toString('latin1') === '%PDF-') return 'application/pdf';
    const format = await sniffImageFormat(file.path);
    if (!format) throw new BadRequestException(`'${file.originalname}' is neither a PDF nor an image`);
    if (!(await imageDecodes(file.path))) {
      throw new BadRequestException(`'${file.originalname}' could not be read (the image is damaged or incomplete); upload a PDF or an image that opens correctly`);
    }
    return `image/${format}`;
  }

  /** Moves an uploaded document (its temporary file) into private storage. */
  async storeDocument(listingId: string, documentId: string, file: Express.Multer.File): Promise<string> {
    const key = `ownership/${listingId}/${documentId}`;
    await this.storage.putFile('private', key, file.path);
    return key;
  }

  openDocument(key: string) {
    return this.storage.open('private', key);
  }

  async removeAll(listingId: string, images: ListingImage[], documentKeys: string[]): Promise<void> {
    await Promise.all([
      ...images.map((img) => this.removeImage(listingId, img._id)),
      ...documentKeys.map((key) => this.storage.remove('private', key)),
    ]);
  }
}
