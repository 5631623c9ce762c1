import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { mkdirSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/config';

/** A file older than this in the temp folder was left by a process that stopped mid-request. */
const STALE_MS = 3600 * 1000;

/**
 * The private folder uploads are streamed to while their request is handled (never memory). It is
 * created at start (owner only); each request removes its own files when it ends, whatever the outcome.
 */
@Injectable()
export class UploadTempFolder implements OnModuleInit {
  readonly path: string;
  private readonly logger = new Logger('UploadTempFolder');

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.path = path.resolve(config.uploads.tmpDir);
    mkdirSync(this.path, { recursive: true, mode: 0o700 });
  }

  /** Removes files a stopped process left behind (only old ones: other processes may share the folder). */
  async onModuleInit(): Promise<void> {
    const now = Date.now();
    for (const name of await readdir(this.path)) {
      const file = path.join(this.path, name);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > STALE_MS) {
        await rm(file, { force: true, recursive: true }).catch((err: Error) => this.logger.warn(`Could not remove ${file}: ${err.message}`));
      }
    }
  }

  /** Removes a request's temporary files (those already moved to storage are simply gone). */
  async remove(paths: (string | undefined)[]): Promise<void> {
    await Promise.all(
      paths
        .filter((p): p is string => !!p && path.dirname(path.resolve(p)) === this.path)
        .map((p) => rm(p, { force: true }).catch((err: Error) => this.logger.warn(`Could not remove ${p}: ${err.message}`))),
    );
  }
}
