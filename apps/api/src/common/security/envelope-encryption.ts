import { Logger } from '@nestjs/common';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig, KycMasterKey } from '../config/config';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
/** The first byte of every sealed content: the format, so a later one can be told apart. */
const FORMAT_V1 = 1;

/** A sealed item: its ciphertext, and its data key wrapped by the master key `keyId`. */
export interface Sealed {
  keyId: string;
  /** base64 of IV, tag and the encrypted data key. */
  wrappedKey: string;
  /** format byte, IV, tag, encrypted content. */
  ciphertext: Buffer;
}

export class DecryptionError extends Error {}

function encrypt(key: Buffer, plaintext: Buffer, aad: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function decrypt(key: Buffer, sealed: Buffer, aad: Buffer): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new DecryptionError('The encrypted data is too short');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(aad);
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    throw new DecryptionError('The encrypted data does not authenticate (altered, or another key)');
  }
}

/**
 * Envelope encryption (AES-256-GCM): every item gets its own random 32-byte data key, which encrypts
 * the content; the data key is itself encrypted ("wrapped") with the master key and kept beside the
 * item with the master key's id. The master key never touches content, a leaked data key opens one
 * item, and rotating the master key means re-wrapping small keys (`rewrap`), never re-encrypting files.
 * New items use the current key; any configured previous key still opens what it wrapped. GCM's tag
 * makes any change to the ciphertext, the wrapped key or the key id fail to decrypt.
 */
export class EnvelopeEncryption {
  private readonly keys = new Map<string, Buffer>();

  constructor(
    private readonly current: KycMasterKey,
    previous: KycMasterKey[] = [],
  ) {
    for (const k of [current, ...previous]) {
      if (k.key.length !== KEY_BYTES) throw new Error(`Master key ${k.id} must be ${KEY_BYTES} bytes`);
      this.keys.set(k.id, k.key);
    }
  }

  /** The id of the key new items are wrapped with. */
  get currentKeyId(): string {
    return this.current.id;
  }

  private masterKey(keyId: string): Buffer {
    const key = this.keys.get(keyId);
    if (!key) throw new DecryptionError(`No master key '${keyId}' is configured (KYC_MASTER_KEY / KYC_PREVIOUS_MASTER_KEYS)`);
    return key;
  }

  private wrap(dataKey: Buffer): string {
    return encrypt(this.current.key, dataKey, Buffer.from(`wrap:${this.current.id}`)).toString('base64');
  }

  private unwrap(keyId: string, wrappedKey: string): Buffer {
    const dataKey = decrypt(this.masterKey(keyId), Buffer.from(wrappedKey, 'base64'), Buffer.from(`wrap:${keyId}`));
    if (dataKey.length !== KEY_BYTES) throw new DecryptionError('The wrapped data key is malformed');
    return dataKey;
  }

  /** Encrypts `plaintext` under a new data key; `context` (e.g. the item's kind) must be given again to open it. */
  seal(plaintext: Buffer, context = ''): Sealed {
    const dataKey = randomBytes(KEY_BYTES);
    try {
      const body = encrypt(dataKey, plaintext, Buffer.from(context));
      return { keyId: this.current.id, wrappedKey: this.wrap(dataKey), ciphertext: Buffer.concat([Buffer.from([FORMAT_V1]), body]) };
    } finally {
      dataKey.fill(0);
    }
  }

  /** The plaintext of a sealed item; DecryptionError when anything was altered or the key is unknown. */
  open(sealed: Sealed, context = ''): Buffer {
    if (sealed.ciphertext[0] !== FORMAT_V1) throw new DecryptionError('Unknown encrypted format');
    const dataKey = this.unwrap(sealed.keyId, sealed.wrappedKey);
    try {
      return decrypt(dataKey, sealed.ciphertext.subarray(1), Buffer.from(context));
    } finally {
      dataKey.fill(0);
    }
  }

  /** The data key wrapped again with the current master key (rotation: the content stays as it is). */
  rewrap(keyId: string, wrappedKey: string): { keyId: string; wrappedKey: string } {
    const dataKey = this.unwrap(keyId, wrappedKey);
    try {
      return { keyId: this.current.id, wrappedKey: this.wrap(dataKey) };
    } finally {
      dataKey.fill(0);
    }
  }

  /** A short text sealed into one string (a column): `v1.<keyId>.<wrapped key>.<ciphertext>`, base64url parts. */
  sealText(text: string, context = ''): string {
    const s = this.seal(Buffer.from(text, 'utf8'), context);
    return ['v1', s.keyId, Buffer.from(s.wrappedKey, 'base64').toString('base64url'), s.ciphertext.toString('base64url')].join('.');
  }

  openText(value: string, context = ''): string {
    const [version, keyId, wrapped, body, ...rest] = value.split('.');
    if (version !== 'v1' || !keyId || !wrapped || !body || rest.length) throw new DecryptionError('Not a sealed text');
    return this.open({ keyId, wrappedKey: Buffer.from(wrapped, 'base64url').toString('base64'), ciphertext: Buffer.from(body, 'base64url') }, context).toString('utf8');
  }
}

/**
 * The configured master key; outside production without one, a development key kept in
 * `config.kyc.devKeyFile` (created once, mode 0600, atomically so processes starting together agree).
 */
export function resolveKycMasterKey(config: AppConfig, logger = new Logger('KycEncryption')): KycMasterKey {
  if (config.kyc.masterKey) return config.kyc.masterKey;
  if (config.env === 'production') throw new Error('KYC_MASTER_KEY is required in production');
  const file = config.kyc.devKeyFile;
  const read = (): KycMasterKey | null => {
    try {
      const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
      return key.length === KEY_BYTES ? { id: 'dev', key } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  };
  let key = read();
  if (!key) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(tmp, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600 });
    try {
      linkSync(tmp, file); // fails if another process made it first: theirs is kept
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(tmp);
    }
    key = read();
    if (!key) throw new Error(`The development KYC key file ${file} is not a base64 32-byte key; remove it to make a new one`);
  }
  logger.warn(`KYC_MASTER_KEY is not set: identity documents are encrypted with a DEVELOPMENT key kept in ${file}; set KYC_MASTER_KEY in production`);
  return key;
}
