import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { withRetryAfter } from '../errors/retry-after';

const HASH_OPTIONS = { type: argon2.argon2id } as const;
export const SERVER_BUSY_MESSAGE = 'The server is busy; please try again in a moment';

/** 503 with Retry-After: the hashing queue is full. */
function serverBusy(): HttpException {
  return withRetryAfter(
    new HttpException(
      { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: SERVER_BUSY_MESSAGE, error: 'Service Unavailable' },
      HttpStatus.SERVICE_UNAVAILABLE,
    ),
    1,
  );
}

/**
 * Every argon2 hash and verify of the API goes through here. argon2 runs on libuv's thread pool
 * (4 threads by default), which file reads, DNS and zlib share; a flood of sign-ups or logins would
 * fill it and slow every other request. So at most `concurrency` hashes run at once (default 2, below
 * the pool size), at most `maxWaiting` wait in line, and anything beyond is refused at once with
 * 503 "busy" and Retry-After: 1, without touching argon2.
 */
@Injectable()
export class PasswordHasher {
  private readonly concurrency: number;
  private readonly maxWaiting: number;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly dummy: Promise<string>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.concurrency = config.passwordHashing.concurrency;
    this.maxWaiting = config.passwordHashing.maxWaiting;
    // verified against when an e-mail is unknown, so both login failures cost the same
    this.dummy = argon2.hash(randomBytes(16).toString('hex'), HASH_OPTIONS);
    this.dummy.catch(() => undefined);
  }

  hash(password: string): Promise<string> {
    return this.run(() => argon2.hash(password, HASH_OPTIONS));
  }

  verify(hash: string, password: string): Promise<boolean> {
    return this.run(() => argon2.verify(hash, password));
  }

  /** Does the work of a verify against a hash nobody knows the password of; always false. */
  async verifyNothing(password: string): Promise<false> {
    const dummy = await this.dummy;
    await this.run(() => argon2.verify(dummy, password));
    return false;
  }

  /** How many run and wait right now (for tests and diagnostics). */
  load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(serverBusy());
    // the slot is handed over by release(): `running` stays counted
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
