import type { IncomingHttpHeaders } from 'node:http';
import { randomUUID } from 'node:crypto';

/** A client's X-Request-Id is used only when it is a short token of safe characters. */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The id of a request, for the logs and the X-Request-Id response header: the client's own when it is
 * a short safe token (so a trace can span a proxy or a client), else a fresh UUID. Anything else a
 * client sends (markup, quotes, control characters, kilobytes) never reaches a header or a log line.
 */
export function requestId(req: { headers: IncomingHttpHeaders }, res: { setHeader(name: string, value: string): unknown }): string {
  const sent = req.headers['x-request-id'];
  const id = typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
  res.setHeader('x-request-id', id);
  return id;
}
