import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type request from 'supertest';
import { loadConfig } from '../config/config';
import { MP4_BYTES } from '../../../test/fixtures';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';
import { startLocalS3, type LocalS3 } from '../../../test/s3rver';
import { FileStorage } from './storage.service';
import { s3Client, S3Storage } from './s3-storage';

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** supertest's parser for a binary body of any type. */
const binary: Parameters<ReturnType<ReturnType<typeof request>['get']>['parse']>[0] = (res, cb) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** Bytes that differ at every offset, so a wrong range cannot pass. */
const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + 7) % 256));

describe('S3Storage (against s3rver, a local S3-compatible server)', () => {
  let s3: LocalS3;
  let storage: S3Storage;
  let tmp: string;
  const config = () => loadConfig({ ...s3.env, S3_PREFIX: 'tenant-a' });

  beforeAll(async () => {
    s3 = await startLocalS3();
    storage = new S3Storage(config());
    tmp = mkdtempSync(path.join(os.tmpdir(), 'tahanan-s3-files-'));
  });
  afterAll(async () => {
    storage?.onModuleDestroy();
    await s3?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  /** The keys in the bucket, straight from the server. */
  async function bucketKeys(): Promise<string[]> {
    const client = s3Client(config().storage.s3!);
    const res = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    client.destroy();
    return (res.Contents ?? []).map((o) => o.Key!).sort();
  }

  it('puts bytes under <prefix><visibility>/<key> and reads them back whole, with the size', async () => {
    const data = bytes(1000);
    await storage.put('public', 'avatars/u1/a.webp', data);
    await storage.put('private', 'avatars/u1/a.webp', Buffer.from('private twin'));
    expect(await bucketKeys()).toEqual(expect.arrayContaining(['tenant-a/private/avatars/u1/a.webp', 'tenant-a/public/avatars/u1/a.webp']));
    const file = await storage.open('public', 'avatars/u1/a.webp');
    expect(file?.size).toBe(1000);
    expect((await read(file!.stream)).equals(data)).toBe(true);
    expect((await read((await storage.open('private', 'avatars/u1/a.webp'))!.stream)).toString()).toBe('private twin');
    expect(await storage.size('public', 'avatars/u1/a.webp')).toBe(1000);
  });

  it('reads a byte range (both ends inclusive) and still tells the whole size', async () => {
    const data = bytes(5000);
    await storage.put('private', 'ranges/r.bin', data);
    for (const range of [
      // (not 0-0: s3rver reads an end of 0 as "to the end"; S3 itself does not)
      { start: 0, end: 1 },
      { start: 100, end: 199 },
      { start: 4990, end: 4999 },
    ]) {
      const file = await storage.open('private', 'ranges/r.bin', range);
      expect(file?.size).toBe(5000);
      expect((await read(file!.stream)).equals(data.subarray(range.start, range.end + 1))).toBe(true);
    }
  });

  it('streams a file from disk up (multipart past 5 MB) and leaves the source for the caller to remove', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024 + 123);
    for (let i = 0; i < big.length; i += 4096) big[i] = (i / 4096) % 256;
    const source = path.join(tmp, 'upload.bin');
    writeFileSync(source, big);
    await storage.putFile('private', 'documents/l1/deed.pdf', source);
    expect(await storage.size('private', 'documents/l1/deed.pdf')).toBe(big.length);
    const file = await storage.open('private', 'documents/l1/deed.pdf');
    expect((await read(file!.stream)).equals(big)).toBe(true);
    const tail = await storage.open('private', 'documents/l1/deed.pdf', { start: big.length - 10, end: big.length - 1 });
    expect((await read(tail!.stream)).equals(big.subarray(big.length - 10))).toBe(true);
    expect(existsSync(source)).toBe(true);
  });

  it('streams a readable of unknown length up (an export being written)', async () => {
    const chunk = bytes(64 * 1024);
    async function* rows() {
      for (let i = 0; i < 100; i++) yield chunk; // 6.4 MB: two parts
    }
    await storage.putStream('private', 'exports/e1/report.csv', Readable.from(rows()));
    expect(await storage.size('private', 'exports/e1/report.csv')).toBe(100 * chunk.length);
    const part = await storage.open('private', 'exports/e1/report.csv', { start: 5 * 1024 * 1024, end: 5 * 1024 * 1024 + 99 });
    const offset = (5 * 1024 * 1024) % chunk.length;
    expect((await read(part!.stream)).equals(chunk.subarray(offset, offset + 100))).toBe(true);
  });

  it('answers null for a missing key, a key of the other visibility and an unsafe key', async () => {
    await storage.put('private', 'only-private.txt', Buffer.from('x'));
    expect(await storage.open('public', 'only-private.txt')).toBeNull();
    expect(await storage.size('public', 'only-private.txt')).toBeNull();
    expect(await storage.open('private', 'nothing/here.bin')).toBeNull();
    expect(await storage.open('private', 'nothing/here.bin', { start: 0, end: 9 })).toBeNull();
    expect(await storage.size('private', 'nothing/here.bin')).toBeNull();
    for (const unsafe of ['../private/only-private.txt', '/abs', 'a//b', '.hidden']) {
      expect(await storage.open('public', unsafe)).toBeNull();
      expect(await storage.size('public', unsafe)).toBeNull();
      await expect(storage.put('public', unsafe, Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
    }
  });

  it('removes a file (and removing a missing one is no error)', async () => {
    await storage.put('public', 'gone/soon.webp', Buffer.from('bye'));
    expect(await storage.size('public', 'gone/soon.webp')).toBe(3);
    await storage.remove('public', 'gone/soon.webp');
    expect(await storage.size('public', 'gone/soon.webp')).toBeNull();
    expect(await storage.open('public', 'gone/soon.webp')).toBeNull();
    await expect(storage.remove('public', 'gone/soon.webp')).resolves.toBeUndefined();
    expect(await bucketKeys()).not.toContain('tenant-a/public/gone/soon.webp');
  });

  it('removes every file under a folder prefix, and only those (not a longer sibling name, not the other visibility)', async () => {
    for (const k of ['kyc/u1/s1/front-a', 'kyc/u1/s1/selfie-b', 'kyc/u1/s2/front-c', 'kyc/u10/s3/front-d']) await storage.put('private', k, Buffer.from(k));
    await storage.put('public', 'kyc/u1/s1/front-a', Buffer.from('public twin'));
    expect(await storage.removePrefix('private', 'kyc/u1/')).toBe(3);
    const keys = await bucketKeys();
    expect(keys.filter((k) => k.startsWith('tenant-a/private/kyc/'))).toEqual(['tenant-a/private/kyc/u10/s3/front-d']);
    expect(keys).toContain('tenant-a/public/kyc/u1/s1/front-a');
    expect(await storage.removePrefix('private', 'kyc/u1')).toBe(0);
    await expect(storage.removePrefix('private', '../x/')).rejects.toThrow(/Unsafe storage key/);
  });

  it('refuses an S3 configuration without a bucket or with half the access keys', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET: required when STORAGE_DRIVER=s3/);
    expect(() => loadConfig({ ...s3.env, S3_SECRET_ACCESS_KEY: '' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both/);
    expect(() => loadConfig({ ...s3.env, S3_PREFIX: '../x' })).toThrow(/S3_PREFIX/);
    expect(loadConfig({}).storage).toEqual({ driver: 'local', s3: undefined });
  });
});

describe('The app on S3 (STORAGE_DRIVER=s3)', () => {
  let s3: LocalS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startLocalS3('tahanan-app');
    t = await startTestApp({ ...s3.env, S3_PREFIX: 'app/' });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores an uploaded avatar in the bucket and serves it from /api/media; a replaced one is gone', async () => {
    expect(t.app.get(FileStorage)).toBeInstanceOf(S3Storage);
    const { token } = await createUser(t);
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
    const first = await t.http.post('/api/user/upload/avatar').set(auth(token)).attach('image', png, 'me.png').expect(200);
    const key = (first.body.avatar as string).replace(/^\/api\/media\//, '');

    // the object is in the bucket, not on the local disk
    const client = s3Client(t.config.storage.s3!);
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `app/public/${key}` }));
    const stored = Buffer.from(await object.Body!.transformToByteArray());
    client.destroy();
    expect(existsSync(path.join(t.config.storageDir, 'public', key))).toBe(false);

    const served = await t.http.get(first.body.avatar).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(Number(served.headers['content-length'])).toBe(stored.length);
    expect((served.body as Buffer).equals(stored)).toBe(true);
    expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });

    const second = await t.http.post('/api/user/upload/avatar').set(auth(token)).attach('image', png, 'again.png').expect(200);
    await t.http.get(second.body.avatar).expect(200);
    await t.http.get(first.body.avatar).expect(404);
  });

  it('keeps message attachments private in the bucket and serves them, whole and by byte range, through their signed links', async () => {
    const carol = await createUser(t);
    const bob = await createUser(t);
    const thread = await t.http.post('/api/threads').set(auth(carol.token)).send({ participantId: bob.user._id }).expect(201);
    const sent = await t.http
      .post(`/api/threads/${thread.body._id}/messages`)
      .set(auth(carol.token))
      .field('content', 'The walkthrough')
      .attach('attachments', MP4_BYTES, 'walkthrough.mp4')
      .expect(201);
    const video = sent.body.attachments[0] as { _id: string; url: string };
    const client = s3Client(t.config.storage.s3!);
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'app/private/messages/' }));
    client.destroy();
    expect((listed.Contents ?? []).map((o) => o.Key)).toContain(`app/private/messages/${thread.body._id}/${video._id}`);

    const whole = await t.http.get(video.url).buffer(true).parse(binary).expect(200);
    expect((whole.body as Buffer).equals(MP4_BYTES)).toBe(true);
    const part = await t.http.get(video.url).set('Range', 'bytes=4-11').buffer(true).parse(binary).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${MP4_BYTES.length}`);
    expect((part.body as Buffer).equals(MP4_BYTES.subarray(4, 12))).toBe(true);
    await t.http.get(video.url).set('Range', `bytes=${MP4_BYTES.length + 10}-`).expect(416);
  });

  it('releases the bucket connection when a client goes away mid-download (no pool left waiting)', async () => {
    // the SDK keeps at most 50 connections to the bucket: 60 abandoned downloads would hold them all
    const big = bytes(4 * 1024 * 1024);
    await t.app.get(FileStorage).put('public', 'listings/big/photo.webp', big);
    const server = t.app.getHttpServer();
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    for (let i = 0; i < 60; i++) {
      await new Promise<void>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/api/media/listings/big/photo.webp' }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (err) => ((err as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(err)));
        req.setTimeout(5000, () => {
          req.destroy();
          reject(new Error(`download ${i + 1} got no answer in 5 s: the bucket's connections are all held by abandoned downloads`));
        });
      });
    }
    const started = Date.now();
    const whole = await t.http.get('/api/media/listings/big/photo.webp').timeout(10_000).expect(200);
    expect((whole.body as Buffer).equals(big)).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
