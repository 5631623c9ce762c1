/**
 * How the server logs: one JSON line per event for machines (files, containers, CI, tests), short
 * readable lines when a person watches the terminal; requests for pages, scripts, photos, attachment
 * files and health checks only at debug (or on error), so the start-up banner stays in view.
 */
import { RequestMethod, type LoggerService } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import PinoPretty from 'pino-pretty';
import type { AppConfig, LogFormatSetting } from '../config/config';
import { requestId } from '../http/request-id';

export type LogFormat = 'json' | 'pretty';

/** Readable logs only for a person at a terminal: never when stdout is piped, in CI or in tests. */
export function resolveLogFormat(setting: LogFormatSetting, context: { isTty: boolean; ci: boolean; nodeEnv: string }): LogFormat {
  if (setting !== 'auto') return setting;
  return context.isTty && !context.ci && context.nodeEnv !== 'test' ? 'pretty' : 'json';
}

/** The API routes that serve files: listing photos, avatars, signed message attachments, and the health check. */
const QUIET_API_PATHS = [/^\/api\/media\//, /^\/api\/health\/?$/, /^\/api\/threads\/[^/]+\/attachments\/[^/]+\/?$/];

/** A request that is not worth a line at info: a GET or HEAD of a page, a static file, a photo or the health check. */
export function isQuietRequest(method: string | undefined, url: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = (url ?? '/').split('?')[0];
  if (pathname !== '/api' && !pathname.startsWith('/api/')) return true;
  return QUIET_API_PATHS.some((re) => re.test(pathname));
}

type Req = IncomingMessage & { originalUrl?: string };

/** The level of a request's log line: errors always, quiet requests at debug, the rest at info. */
export function requestLogLevel(req: Req, res: ServerResponse, err?: Error): 'error' | 'debug' | 'info' {
  if (err || res.statusCode >= 500) return 'error';
  return isQuietRequest(req.method, req.originalUrl ?? req.url) ? 'debug' : 'info';
}

/** A signed attachment link in a log line is a 24-hour key to the file: the signature is left out. */
export function urlForLog(url: string): string {
  return url.replace(/([?&]signature=)[^&]*/gi, '$1[Redacted]');
}

/** nestjs-pino's options for this configuration. */
export function loggerParams(config: AppConfig, format: LogFormat): Params {
  const pinoHttp: Params['pinoHttp'] = {
    level: config.logLevel,
    genReqId: requestId,
    // the client's X-Request-Id header is logged only as the checked req.id
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-request-id"]', 'req.query.signature'],
    customLogLevel: requestLogLevel,
    serializers: {
      req: (req: { url?: string }) => {
        if (typeof req.url === 'string') req.url = urlForLog(req.url);
        return req;
      },
    },
    ...(format === 'pretty'
      ? {
          customSuccessMessage: (req: Req, res: ServerResponse, responseTime: number) =>
            `${req.method} ${urlForLog(req.originalUrl ?? req.url ?? '')} ${res.statusCode} ${Math.round(responseTime)} ms`,
          customErrorMessage: (req: Req, res: ServerResponse, err: Error) =>
            `${req.method} ${urlForLog(req.originalUrl ?? req.url ?? '')} ${res.statusCode} ${err.message}`,
        }
      : {}),
  };
  return {
    // path-to-regexp 8 syntax; the default '*' triggers Nest's legacy route warning
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
    pinoHttp:
      format === 'pretty'
        ? [
            pinoHttp,
            PinoPretty({
              sync: true,
              colorize: true,
              translateTime: 'SYS:HH:MM:ss',
              ignore: 'pid,hostname,req,res,responseTime,context',
              messageFormat: '{if context}[{context}] {end}{msg}',
              singleLine: true,
            }),
          ]
        : pinoHttp,
  };
}

/** Nest's own start-up lines (modules loaded, each route mapped): some 120 of them, at debug. */
const STARTUP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'WebSocketsController']);

/** Passes everything to the app's logger, Nest's start-up chatter at debug instead of info. */
export class QuietStartupLogger implements LoggerService {
  constructor(private readonly inner: LoggerService) {}

  log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    if (typeof context === 'string' && STARTUP_CONTEXTS.has(context)) {
      this.inner.debug?.(message, ...rest);
      return;
    }
    this.inner.log(message, ...rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.inner.error(message, ...rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.inner.warn(message, ...rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.inner.debug?.(message, ...rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.inner.verbose?.(message, ...rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    (this.inner.fatal ?? this.inner.error).call(this.inner, message, ...rest);
  }
}
