import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger, NotFoundException } from '@nestjs/common';
import { STATUS_CODES } from 'node:http';
import type { Request, Response } from 'express';
import { requestErrorToHttp } from '../http/body-parsing';
import { retryAfterOf } from './retry-after';
import type { RouteMethodIndex } from './route-methods';

export interface ErrorBody {
  statusCode: number;
  message: string | string[];
  error: string;
  /** A feature the caller's plan does not include (402): what the web's Upgrade prompt needs. */
  upgrade?: unknown;
}

function errorName(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/**
 * Every error leaves as JSON `{ statusCode, message, error }`. A request Nest could not route is
 * 405 with an Allow header when the path exists with another method, else 404.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  constructor(private readonly routes?: RouteMethodIndex) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    const res = ctx.getResponse<Response>();
    if (res.headersSent) return;

    // body-parser errors and input too deep for the call stack are the client's, not a 500
    const requestError = exception instanceof HttpException ? null : requestErrorToHttp(exception);
    if (requestError && exception instanceof RangeError) {
      this.logger.warn({ err: exception, path: req.originalUrl }, 'Request input overflowed the call stack');
    }
    const body = this.toBody(requestError ?? exception, req, res);
    const retryAfter = retryAfterOf(exception);
    if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
    if (body.statusCode >= 500) {
      this.logger.error({ err: exception, path: req.originalUrl }, 'Unhandled error');
    }
    res.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, req: Request, res: Response): ErrorBody {
    if (exception instanceof NotFoundException && this.isUnroutedRequest(exception, req)) {
      const allowed = this.routes?.allowedMethods(req.path) ?? [];
      if (allowed.length > 0) {
        res.setHeader('Allow', allowed.join(', '));
        return {
          statusCode: HttpStatus.METHOD_NOT_ALLOWED,
          message: `Method ${req.method} is not allowed on ${req.path}; allowed: ${allowed.join(', ')}`,
          error: errorName(405),
        };
      }
      return { statusCode: 404, message: `No route ${req.method} ${req.path}`, error: errorName(404) };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      if (typeof response === 'string') return { statusCode: status, message: response, error: errorName(status) };
      const r = response as { message?: string | string[]; error?: string; upgrade?: unknown };
      return {
        statusCode: status,
        message: r.message ?? exception.message,
        error: typeof r.error === 'string' && r.error !== r.message ? r.error : errorName(status),
        ...(r.upgrade !== undefined ? { upgrade: r.upgrade } : {}),
      };
    }
    return { statusCode: 500, message: 'Internal server error', error: errorName(500) };
  }

  /** Nest's router answers an unknown route with NotFoundException("Cannot METHOD /path"). */
  private isUnroutedRequest(exception: NotFoundException, req: Request): boolean {
    return exception.message === `Cannot ${req.method} ${req.path}` || exception.message === `Cannot ${req.method} ${req.originalUrl}`;
  }
}
