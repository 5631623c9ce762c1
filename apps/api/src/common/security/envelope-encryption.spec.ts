import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config/config';
import { DecryptionError, EnvelopeEncryption, resolveKycMasterKey } from './envelope-encryption';

const k1 = { id: 'k1', key: randomBytes(32) };
const k2 = { id: 'k2', key: randomBytes(32) };

describe('EnvelopeEncryption', () => {
  const plaintext = Buffer.from('JUAN DELA CRUZ 1234-5678-9012 — a PhilSys card, front side');

  it('round-trips content under a fresh data key each time, wrapped by the current master key', () => {
    const crypto = new EnvelopeEncryption(k1);
    const a = crypto.seal(plaintext, 'front');
    const b = crypto.seal(plaintext, 'front');
    expect(a.keyId).toBe('k1');
    expect(a.wrappedKey).not.toBe(b.wrappedKey); // a data key per item
    expect(a.ciphertext.equals(b.ciphertext)).toBe(false);
    expect(a.ciphertext.includes(plaintext)).toBe(false);
    expect(a.ciphertext.includes(Buffer.from('DELA CRUZ'))).toBe(false);
    expect(crypto.open(a, 'front').equals(plaintext)).toBe(true);
    expect(crypto.open(b, 'front').equals(plaintext)).toBe(true);
  });

  it('detects tampering with the content, the wrapped key, the key id or the context', () => {
    const crypto = new EnvelopeEncryption(k1, [k2]);
    const sealed = crypto.seal(plaintext, 'front');
    const flipped = Buffer.from(sealed.ciphertext);
    flipped[flipped.length - 1] ^= 0x01;
    expect(() => crypto.open({ ...sealed, ciphertext: flipped }, 'front')).toThrow(DecryptionError);
    const wrapped = Buffer.from(sealed.wrappedKey, 'base64');
    wrapped[20] ^= 0x01;
    expect(() => crypto.open({ ...sealed, wrappedKey: wrapped.toString('base64') }, 'front')).toThrow(DecryptionError);
    expect(() => crypto.open({ ...sealed, keyId: 'k2' }, 'front')).toThrow(DecryptionError);
    expect(() => crypto.open({ ...sealed, keyId: 'k9' }, 'front')).toThrow(/No master key 'k9'/);
    expect(() => crypto.open(sealed, 'back')).toThrow(DecryptionError);
    expect(() => crypto.open({ ...sealed, ciphertext: sealed.ciphertext.subarray(0, 10) }, 'front')).toThrow(DecryptionError);
  });

  it('rotates: a new current key still opens what a previous key wrapped, and re-wraps it without touching the content', () => {
    const old = new EnvelopeEncryption(k1);
    const sealed = old.seal(plaintext);
    const text = old.sealText('N01-23-456789', 'id-number');

    const rotated = new EnvelopeEncryption(k2, [k1]);
    expect(rotated.currentKeyId).toBe('k2');
    expect(rotated.open(sealed).equals(plaintext)).toBe(true);
    expect(rotated.openText(text, 'id-number')).toBe('N01-23-456789');
    expect(rotated.seal(plaintext).keyId).toBe('k2');

    const rewrapped = rotated.rewrap(sealed.keyId, sealed.wrappedKey);
    expect(rewrapped.keyId).toBe('k2');
    const onlyNew = new EnvelopeEncryption(k2);
    expect(onlyNew.open({ ...sealed, ...rewrapped }).equals(plaintext)).toBe(true);
    // without the previous key, what it wrapped cannot be opened
    expect(() => onlyNew.open(sealed)).toThrow(DecryptionError);
  });

  it('seals a short text into one column value that hides it', () => {
    const crypto = new EnvelopeEncryption(k1);
    const value = crypto.sealText('P1234567A', 'id-number');
    expect(value).toMatch(/^v1\.k1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(value).not.toContain('P1234567A');
    expect(crypto.openText(value, 'id-number')).toBe('P1234567A');
    expect(() => crypto.openText('v1.k1.abc', 'id-number')).toThrow(DecryptionError);
  });
});

describe('resolveKycMasterKey', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-kyc-key-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const logger = () => ({ warn: jest.fn() }) as never;

  it('uses the configured key', () => {
    const key = randomBytes(32);
    const config = loadConfig({ KYC_MASTER_KEY: key.toString('base64'), KYC_MASTER_KEY_ID: 'prod-2026', STORAGE_DIR: path.join(dir, 'uploads') });
    expect(resolveKycMasterKey(config, logger())).toEqual({ id: 'prod-2026', key });
  });

  it('outside production without a key: makes a development key file once (0600), warns, and reuses it after a restart', () => {
    const config = loadConfig({ STORAGE_DIR: path.join(dir, 'uploads') });
    const log = { warn: jest.fn() };
    const first = resolveKycMasterKey(config, log as never);
    expect(first.id).toBe('dev');
    expect(first.key).toHaveLength(32);
    const file = path.join(dir, 'keys', 'kyc-master.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(first.key)).toBe(true);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('DEVELOPMENT key'));
    const again = resolveKycMasterKey(loadConfig({ STORAGE_DIR: path.join(dir, 'uploads') }), logger());
    expect(again.key.equals(first.key)).toBe(true);
  });
});
