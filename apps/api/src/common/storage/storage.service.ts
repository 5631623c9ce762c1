import { Inject, Injectable } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { APP_CONFIG, type AppConfig } from '../config/config';

export type StorageVisibility = 'public' | 'private';

/** A byte range of a file, both ends inclusive (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/** The storage port: local disk by default; an S3-compatible adapter can stand in for it. */
export abstract class FileStorage {
  abstract put(visibility: StorageVisibility, key: string, data: Buffer): Promise<void>;
  /** Stores a file from local disk (an upload's temporary file), which may be moved rather than copied. */
  abstract putFile(visibility: StorageVisibility, key: string, sourcePath: string): Promise<void>;
  /** The file's bytes (all, or the range) and its whole size; null if there is no such file. */
  abstract open(visibility: StorageVisibility, key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
  /** The whole size of a file, or null if there is no such file. */
  abstract size(visibility: StorageVisibility, key: string): Promise<number | null>;
  abstract remove(visibility: StorageVisibility, key: string): Promise<void>;
  /**
   * Removes every file whose key starts with the folder `prefix` (e.g. `kyc/<userId>/`: a `/` is added
   * when missing, so `kyc/ab` never takes `kyc/abc/…`); answers how many files were removed.
   */
  abstract removePrefix(visibility: StorageVisibility, prefix: string): Promise<number>;
  /** The URL a browser fetches a public file from. */
  publicUrl(key: string): string {
    return `/api/media/${key}`;
  }
}

/** A storage key: /-separated names of letters, digits, `.`, `_` and `-` (no `..`, no leading dot). */
export const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9._-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)*$/;

@Injectable()
export class LocalDiskStorage extends FileStorage {
  private readonly root: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super();
    this.root = path.resolve(config.storageDir);
  }

  private resolve(visibility: StorageVisibility, key: string): string | null {
    if (!SAFE_KEY.test(key) || key.includes('..')) return null;
    return path.join(this.root, visibility, key);
  }

  async put(visibility: StorageVisibility, key: string, data: Buffer): Promise<void> {
    const file = this.resolve(visibility, key);
    if (!file) throw new Error(`Unsafe storage key: ${key}`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
  }

  async putFile(visibility: StorageVisibility, key: string, sourcePath: string): Promise<void> {
    const file = this.resolve(visibility, key);
    if (!file) throw new Error(`Unsafe storage key: ${key}`);
    await mkdir(path.dirname(file), { recursive: true });
    try {
      await rename(sourcePath, file);
    } catch (err) {
      // the temp folder is on another file system: copy (the caller removes its temporary file)
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await copyFile(sourcePath, file);
    }
  }

  async open(visibility: StorageVisibility, key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null> {
    const file = this.resolve(visibility, key);
    const size = await this.size(visibility, key);
    if (!file || size === null) return null;
    return { stream: createReadStream(file, range ? { start: range.start, end: range.end } : undefined), size };
  }

  async size(visibility: StorageVisibility, key: string): Promise<number | null> {
    const file = this.resolve(visibility, key);
    if (!file) return null;
    try {
      const info = await stat(file);
      return info.isFile() ? info.size : null;
    } catch {
      return null;
    }
  }

  async remove(visibility: StorageVisibility, key: string): Promise<void> {
    const file = this.resolve(visibility, key);
    if (file) await rm(file, { force: true });
  }

  async removePrefix(visibility: StorageVisibility, prefix: string): Promise<number> {
    const folder = this.resolve(visibility, prefix.replace(/\/+$/, ''));
    if (!folder) throw new Error(`Unsafe storage prefix: ${prefix}`);
    const files = await countFiles(folder);
    await rm(folder, { recursive: true, force: true });
    return files;
  }
}

async function countFiles(folder: string): Promise<number> {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    let n = 0;
    for (const e of entries) n += e.isDirectory() ? await countFiles(path.join(folder, e.name)) : 1;
    return n;
  } catch {
    return 0;
  }
}
