import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { startTestApp, type TestApp } from '../../../test/test-app';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose answer is read as the bytes on the wire (supertest and fetch would unpack them). */
function rawGet(port: number, urlPath: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const decode = (a: RawAnswer): Buffer => {
  switch (a.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(a.body);
    case 'gzip':
      return zlib.gunzipSync(a.body);
    default:
      return a.body;
  }
};

// a script the size of a real chunk, with the repetition real code has
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export function handler${i}(event) { return event.target.value + ${i}; }\n`).join('');

describe('compression and caching of the web app and the API', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await startTestApp();
    mkdirSync(path.join(t.dir, 'assets'), { recursive: true });
    writeFileSync(path.join(t.dir, 'assets', 'index-AbC123xy.js'), SCRIPT);
    writeFileSync(path.join(t.dir, 'assets', 'photo-AbC123xy.png'), Buffer.alloc(4096, 7));
    const server = t.app.getHttpServer() as http.Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('sends a hashed script brotli- or gzip-encoded as the browser asks, cached for a year as immutable', async () => {
    const br = await rawGet(port, '/assets/index-AbC123xy.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(decode(br).toString('utf8')).toBe(SCRIPT);

    const gzip = await rawGet(port, '/assets/index-AbC123xy.js', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(decode(gzip).toString('utf8')).toBe(SCRIPT);

    // a client that accepts no encoding gets the file as it is
    const plain = await rawGet(port, '/assets/index-AbC123xy.js', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(SCRIPT);
  });

  it('sends index.html (every app path) compressed and revalidated on each visit', async () => {
    for (const url of ['/', '/listings', '/index.html']) {
      const page = await rawGet(port, url, { 'Accept-Encoding': 'gzip' });
      expect({ url, status: page.status, cacheControl: page.headers['cache-control'] }).toEqual({ url, status: 200, cacheControl: 'no-cache' });
      expect(decode(page).toString('utf8')).toContain('<div id="root">');
    }
  });

  it('answers a missing hashed file (an old build’s chunk) with a 404, not the app page cached as that script', async () => {
    const missing = await rawGet(port, '/assets/index-gone0000.js', { 'Accept-Encoding': 'gzip' });
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(decode(missing).toString('utf8'))).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('sends a JSON answer of the API compressed when asked', async () => {
    const br = await rawGet(port, '/api/places/regions', { 'Accept-Encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers['content-encoding']).toBe('br');
    const regions = JSON.parse(decode(br).toString('utf8')) as unknown;
    expect(JSON.stringify(regions).length).toBeGreaterThan(br.body.length * 2);

    const gzip = await rawGet(port, '/api/places/regions', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(gzip).toString('utf8'))).toEqual(regions);
  });

  it('does not compress a byte range (its offsets are of the stored file) or an image', async () => {
    const part = await rawGet(port, '/assets/index-AbC123xy.js', { 'Accept-Encoding': 'gzip, br', Range: 'bytes=7-22' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 7-22/${Buffer.byteLength(SCRIPT)}`);
    expect(part.body.toString('utf8')).toBe(SCRIPT.slice(7, 23));

    const image = await rawGet(port, '/assets/photo-AbC123xy.png', { 'Accept-Encoding': 'gzip, br' });
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.length).toBe(4096);
  });
});
