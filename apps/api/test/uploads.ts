import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import sharp from 'sharp';
import type { TestApp } from './test-app';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The files left in the app's upload temp folder (none when the folder does not exist). */
export function tempFiles(t: TestApp): string[] {
  const dir = t.config.uploads.tmpDir;
  return existsSync(dir) ? readdirSync(dir) : [];
}

/** Files of the temp folder this process still holds open (a removed file held open keeps its disk space). */
export function openTempFiles(t: TestApp): string[] {
  return readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((target) => target.startsWith(`${t.config.uploads.tmpDir}/`));
}

/** A noisy picture (so its compressed data is long) cut to 60 %, or with its data bytes flipped: the header is right, the data is not. */
export async function brokenImages(): Promise<{ truncatedPng: Buffer; corruptPng: Buffer; truncatedJpeg: Buffer }> {
  const raw = Buffer.alloc(200 * 200 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  const input = { raw: { width: 200, height: 200, channels: 3 as const } };
  const png = await sharp(raw, input).png().toBuffer();
  const jpeg = await sharp(raw, input).jpeg().toBuffer();
  const corruptPng = Buffer.from(png);
  for (let i = 200; i < corruptPng.length - 100; i += 50) corruptPng[i] ^= 0xff;
  return {
    truncatedPng: png.subarray(0, Math.floor(png.length * 0.6)),
    corruptPng,
    truncatedJpeg: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
  };
}

export interface HeldUpload {
  /** The answer, which arrived while the rest of the body was still held back. */
  response: Promise<{ status: number; body: unknown; headers: http.IncomingHttpHeaders }>;
  /** Gives up the upload (the client goes away mid-body). */
  abort(): void;
}

/**
 * Starts a multipart upload whose body is never finished: sends the headers (announcing a file of
 * `fileBytes`), the text `fields`, the part header of one file in `field` and its first `firstChunk`
 * bytes (a PNG signature and zeros), then holds the rest. `response` resolves with the answer, or
 * rejects when none arrives within `timeoutMs` (the server is waiting for a body that will not come).
 */
export function heldUpload(
  baseUrl: string,
  urlPath: string,
  options: { token?: string; field: string; fields?: Record<string, string>; fileBytes?: number; firstChunk?: number; timeoutMs?: number },
): HeldUpload {
  const { token, field, fields = {}, fileBytes = 10 * 1024 * 1024 - 1024, firstChunk = 64 * 1024, timeoutMs = 5000 } = options;
  const boundary = `----held${Date.now().toString(16)}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="held.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req = http.request(`${baseUrl}${urlPath}`, {
    method: 'POST',
    headers: {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': String(head.length + fileBytes + tail.length),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  const response = new Promise<{ status: number; body: unknown; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms while the upload body was held back (the server waits for the body)`));
    }, timeoutMs);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: keep the text
        }
        resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
        req.destroy();
      });
    });
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
  response.catch(() => undefined); // awaited by the test; this only keeps an unawaited failure from being reported twice
  req.flushHeaders();
  req.write(Buffer.concat([head, PNG_SIGNATURE, Buffer.alloc(Math.max(0, firstChunk - PNG_SIGNATURE.length))]));
  return {
    response,
    abort: () => {
      response.catch(() => undefined);
      req.destroy();
    },
  };
}
