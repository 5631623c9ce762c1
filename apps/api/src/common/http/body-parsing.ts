import { BadRequestException, HttpException, HttpStatus, PayloadTooLargeException } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';

/** The largest JSON body the API reads. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
/** How deeply arrays and objects may nest in a JSON body; deeper bodies are refused before parsing. */
export const JSON_MAX_DEPTH = 32;

export const NOT_JSON_MESSAGE = 'The request body is not valid JSON';
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${JSON_MAX_DEPTH} levels)`;
/** PostgreSQL text cannot hold U+0000: a body or an address carrying it is refused before anything reads it. */
export const NUL_IN_BODY_MESSAGE = 'Text in the request body must not contain the NUL character (\\u0000)';
export const NUL_IN_URL_MESSAGE = 'The address must not contain the NUL character (%00)';
export const UNSUPPORTED_BODY_MESSAGE =
  'Send the request body as JSON (Content-Type: application/json), or as multipart/form-data where the route takes files';

/**
 * The options every NestFactory.create of the HTTP app must use: Nest's own JSON and url-encoded
 * parsers stay off, because configureHttpApp installs the only body parsing the API does.
 */
export const NEST_HTTP_OPTIONS = { bodyParser: false } as const;

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} kB`;
  return `${bytes} bytes`;
}

/**
 * Throws (type `entity.too.deep`) when arrays/objects in a JSON text nest deeper than `maxDepth`, and
 * (type `entity.nul`) when a string holds the escape of U+0000 (unescaped it is not JSON at all).
 * One pass over the bytes, no recursion: brackets inside strings do not count. Works on UTF-8 and
 * UTF-16 alike, since JSON's structural characters are ASCII and never part of a multi-byte sequence.
 */
export function assertJsonDepth(buf: Buffer, maxDepth = JSON_MAX_DEPTH): void {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i];
    if (inString) {
      if (escaped) {
        escaped = false;
        // \u0000
        if (b === 0x75 && buf[i + 1] === 0x30 && buf[i + 2] === 0x30 && buf[i + 3] === 0x30 && buf[i + 4] === 0x30) {
          throw Object.assign(new Error(NUL_IN_BODY_MESSAGE), { type: 'entity.nul', status: 400 });
        }
      } else if (b === 0x5c) escaped = true; // backslash
      else if (b === 0x22) inString = false; // "
      continue;
    }
    if (b === 0x22) inString = true;
    else if (b === 0x5b || b === 0x7b) {
      // [ {
      if (++depth > maxDepth) throw Object.assign(new Error(TOO_DEEP_MESSAGE), { type: 'entity.too.deep', status: 400 });
    } else if (b === 0x5d || b === 0x7d) depth--; // ] }
  }
}

/** Routes under this path keep the raw bytes of their JSON body (`req.rawBody`) for signature checks. */
export const WEBHOOK_PATH_PREFIX = '/api/payment/webhook/';
export type RawBodyRequest = Request & { rawBody?: Buffer };

/**
 * JSON bodies (application/json and +json) up to 1 MB and 32 levels deep. Its errors are turned into
 * the API's 4xx here (Nest would pass a JSON SyntaxError's own message through, e.g. "Unexpected end
 * of JSON input").
 */
export function jsonBody() {
  const parse = express.json({
    limit: JSON_BODY_LIMIT_BYTES,
    type: ['application/json', 'application/*+json'],
    verify: (req, _res, buf) => {
      assertJsonDepth(buf);
      // signed webhooks are verified over the exact bytes received
      if ((req as Request).originalUrl?.startsWith(WEBHOOK_PATH_PREFIX)) (req as RawBodyRequest).rawBody = buf;
    },
  });
  return (req: Request, res: Response, next: NextFunction) =>
    parse(req, res, (err?: unknown) => (err ? next(requestErrorToHttp(err) ?? err) : next()));
}

/** Refuses an address whose path or query carries U+0000 (`%00`) with a 400, before any route reads it. */
export function refuseNulInUrl() {
  return (req: Request, _res: Response, next: NextFunction) => {
    next(/%00/i.test(req.url) ? new BadRequestException(NUL_IN_URL_MESSAGE) : undefined);
  };
}

/**
 * The API reads JSON, and multipart/form-data on the upload routes (their interceptors parse it);
 * any other body (url-encoded forms, plain text, no Content-Type) on an API path is a 415.
 */
export function refuseOtherBodies(apiPrefix: string) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!(req.path === `/${apiPrefix}` || req.path.startsWith(`/${apiPrefix}/`))) return next();
    const length = req.headers['content-length'];
    const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    if (!hasBody || req.is(['application/json', 'application/*+json', 'multipart/form-data'])) return next();
    next(new HttpException(UNSUPPORTED_BODY_MESSAGE, HttpStatus.UNSUPPORTED_MEDIA_TYPE));
  };
}

interface BodyParserError {
  type?: unknown;
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  limit?: unknown;
  charset?: unknown;
  encoding?: unknown;
  message?: unknown;
}

/**
 * The 4xx an error of the body parser (or of input too deep for the call stack) stands for, or null
 * for any other error. body-parser's errors carry `type` (entity.too.large, entity.parse.failed, …)
 * and a status, but are not HttpExceptions, so without this they would leave as 500s.
 */
export function requestErrorToHttp(err: unknown): HttpException | null {
  if (err instanceof RangeError && /call stack/i.test(err.message)) return new BadRequestException(TOO_DEEP_MESSAGE);
  if (!err || typeof err !== 'object') return null;
  const e = err as BodyParserError;
  switch (e.type) {
    case 'entity.too.large':
      return new PayloadTooLargeException(
        `The request body must be at most ${typeof e.limit === 'number' ? formatBytes(e.limit) : formatBytes(JSON_BODY_LIMIT_BYTES)}`,
      );
    case 'entity.parse.failed':
      return new BadRequestException(NOT_JSON_MESSAGE);
    case 'entity.too.deep':
      return new BadRequestException(TOO_DEEP_MESSAGE);
    case 'entity.nul':
      return new BadRequestException(NUL_IN_BODY_MESSAGE);
    case 'charset.unsupported':
      return new HttpException(
        `Unsupported charset "${String(e.charset ?? '').toUpperCase()}": send the request body in UTF-8`,
        HttpStatus.UNSUPPORTED_MEDIA_TYPE,
      );
    case 'encoding.unsupported':
      return new HttpException(
        `Unsupported content encoding "${String(e.encoding ?? '')}": send the body uncompressed, or gzip, deflate or br`,
        HttpStatus.UNSUPPORTED_MEDIA_TYPE,
      );
    case 'request.aborted':
      return new BadRequestException('The request was aborted before its body was complete');
    case 'request.size.invalid':
      return new BadRequestException('The request body does not match its Content-Length');
    case 'entity.verify.failed':
      return new BadRequestException(NOT_JSON_MESSAGE);
  }
  // any other http-errors error the client caused (status 4xx, exposable message)
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 0;
  if (status >= 400 && status < 500 && e.expose === true && typeof e.message === 'string') return new HttpException(e.message, status);
  return null;
}
