import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { APP_CONFIG, type AppConfig, type S3StorageConfig } from '../config/config';
import { type ByteRange, FileStorage, SAFE_KEY, type StorageVisibility } from './storage.service';

/** The client for an S3-compatible service as configured (AWS S3, Cloudflare R2, MinIO, s3rver in tests). */
export function s3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // checksums only where an operation requires one: R2, MinIO and older servers differ on the SDK's
    // default CRC32 checksums (since 3.729); transport integrity is TLS's, and MD5s stay with the servers
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // an unreachable endpoint fails in 10 s rather than the system's TCP timeout; a connection idle for
    // a minute (a download nobody reads any more) is closed, so it cannot hold one of the 50 pooled sockets
    requestHandler: { connectionTimeout: 10_000, socketTimeout: 60_000 },
  });
}

/** A missing object: NoSuchKey from GetObject, a bare 404 from HeadObject (which has no body to name it). */
function isMissing(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
}

/** The whole size from a Content-Range answer (`bytes 0-99/1234`). */
function totalOf(contentRange: string | undefined): number | null {
  const m = /\/(\d+)$/.exec(contentRange ?? '');
  return m ? Number(m[1]) : null;
}

/**
 * The storage port on an S3-compatible bucket (STORAGE_DRIVER=s3), so several API and worker machines
 * share one set of files. Public and private files are kept apart by key (`<prefix>public/<key>`,
 * `<prefix>private/<key>`); the bucket itself stays private (public media is still served by
 * `/api/media/...`, which reads it through here). Keys are checked like the local disk's.
 */
@Injectable()
export class S3Storage extends FileStorage implements OnModuleDestroy {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super();
    const s3 = config.storage.s3;
    if (!s3) throw new Error('S3Storage needs the S3 settings (STORAGE_DRIVER=s3, S3_BUCKET)');
    this.client = s3Client(s3);
    this.bucket = s3.bucket;
    this.prefix = s3.prefix;
  }

  onModuleDestroy(): void {
    this.client.destroy();
  }

  private objectKey(visibility: StorageVisibility, key: string): string | null {
    if (!SAFE_KEY.test(key) || key.includes('..')) return null;
    return `${this.prefix}${visibility}/${key}`;
  }

  private requireKey(visibility: StorageVisibility, key: string): string {
    const objectKey = this.objectKey(visibility, key);
    if (!objectKey) throw new Error(`Unsafe storage key: ${key}`);
    return objectKey;
  }

  async put(visibility: StorageVisibility, key: string, data: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.requireKey(visibility, key), Body: data, ContentLength: data.length }));
  }

  /** Streams the file up (multipart past 5 MB); the caller removes its temporary file. */
  async putFile(visibility: StorageVisibility, key: string, sourcePath: string): Promise<void> {
    await this.upload(visibility, key, createReadStream(sourcePath));
  }

  /** Streams any readable up, in parts of 5 MB (nothing is held whole in memory). */
  async putStream(visibility: StorageVisibility, key: string, stream: Readable): Promise<void> {
    await this.upload(visibility, key, stream);
  }

  private async upload(visibility: StorageVisibility, key: string, body: Readable): Promise<void> {
    const objectKey = this.requireKey(visibility, key);
    const upload = new Upload({ client: this.client, params: { Bucket: this.bucket, Key: objectKey, Body: body }, queueSize: 2 });
    await upload.done();
  }

  async open(visibility: StorageVisibility, key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null> {
    const objectKey = this.objectKey(visibility, key);
    if (!objectKey) return null;
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: objectKey, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      if (!(res.Body instanceof Readable)) throw new Error(`No readable body for ${objectKey}`);
      const stream = res.Body;
      const size = (range ? totalOf(res.ContentRange) : null) ?? res.ContentLength ?? 0;
      return { stream, size };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async size(visibility: StorageVisibility, key: string): Promise<number | null> {
    const objectKey = this.objectKey(visibility, key);
    if (!objectKey) return null;
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      return res.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async remove(visibility: StorageVisibility, key: string): Promise<void> {
    const objectKey = this.objectKey(visibility, key);
    if (objectKey) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey }));
  }

  /** Lists the folder's objects page by page (1,000 a page) and deletes them, a few at a time. */
  async removePrefix(visibility: StorageVisibility, prefix: string): Promise<number> {
    const folder = prefix.replace(/\/+$/, '');
    const objectPrefix = `${this.requireKey(visibility, folder)}/`;
    let removed = 0;
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: objectPrefix, ContinuationToken: token }));
      const keys = (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => !!k);
      for (let i = 0; i < keys.length; i += 8) {
        await Promise.all(keys.slice(i, i + 8).map((Key) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }))));
      }
      removed += keys.length;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return removed;
  }
}
