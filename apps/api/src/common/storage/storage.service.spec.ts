import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/config';
import { LocalDiskStorage } from './storage.service';

describe('LocalDiskStorage.removePrefix', () => {
  let dir: string;
  let storage: LocalDiskStorage;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-storage-'));
    storage = new LocalDiskStorage(loadConfig({ STORAGE_DIR: dir }));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('removes every file under the folder, and only those (not a longer sibling name, not the other visibility)', async () => {
    for (const k of ['kyc/u1/s1/front-a', 'kyc/u1/s1/selfie-b', 'kyc/u1/s2/front-c', 'kyc/u10/s3/front-d']) await storage.put('private', k, Buffer.from(k));
    await storage.put('public', 'kyc/u1/s1/front-a', Buffer.from('public twin'));
    expect(await storage.removePrefix('private', 'kyc/u1/')).toBe(3);
    expect(existsSync(path.join(dir, 'private', 'kyc', 'u1'))).toBe(false);
    expect(await storage.size('private', 'kyc/u10/s3/front-d')).toBe('kyc/u10/s3/front-d'.length);
    expect(await storage.size('public', 'kyc/u1/s1/front-a')).toBe(11);
    expect(await storage.removePrefix('private', 'kyc/u1')).toBe(0);
  });

  it('refuses an unsafe prefix', async () => {
    await expect(storage.removePrefix('private', '../etc/')).rejects.toThrow(/Unsafe storage prefix/);
    await expect(storage.removePrefix('private', '')).rejects.toThrow(/Unsafe storage prefix/);
  });
});
