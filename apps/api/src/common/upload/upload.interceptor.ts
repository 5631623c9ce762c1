import {
  applyDecorators,
  BadRequestException,
  CallHandler,
  CanActivate,
  ExecutionContext,
  Inject,
  mixin,
  NestInterceptor,
  PayloadTooLargeException,
  Type,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import multer from 'multer';
import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { catchError, concatMap, from, type Observable, throwError } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { UploadRateLimitGuard } from './upload-rate-limit';
import { UploadTempFolder } from './upload-temp-folder';

export interface UploadRule {
  field: string;
  maxFiles: number;
  /** Bytes per file: a number, or read from the configuration (e.g. LISTING_IMPORT_MAX_BYTES). */
  maxBytes: number | ((config: AppConfig) => number);
}

/**
 * Several named file fields in one request (e.g. `front`, `back`, `selfie`); the handler's
 * `@UploadedFiles()` is then an object of arrays by field name (a field not sent is absent).
 */
export interface UploadFieldsRule {
  fields: ReadonlyArray<{ name: string; maxFiles: number }>;
  maxBytes: number | ((config: AppConfig) => number);
}

/** The files of an `UploadFieldsRule` route, by field. */
export type UploadedFieldFiles = Partial<Record<string, Express.Multer.File[]>>;

const fieldNames = (rule: UploadRule | UploadFieldsRule): string[] => ('fields' in rule ? rule.fields.map((f) => f.name) : [rule.field]);
const quotedList = (names: string[]) => names.map((n) => `'${n}'`).join(names.length === 2 ? ' or ' : ', ');

/** Every temporary file of the request, whichever shape multer left them in. */
function filesOf(req: Request): Express.Multer.File[] {
  const files = req.files as Express.Multer.File[] | UploadedFieldFiles | undefined;
  if (!files) return [];
  return Array.isArray(files) ? files : Object.values(files).flatMap((list) => list ?? []);
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

function uploadError(rule: UploadRule | UploadFieldsRule, maxBytes: number, err: unknown): Error {
  const code = (err as { code?: string }).code;
  const field = (err as { field?: string }).field;
  if ('fields' in rule) {
    const names = fieldNames(rule);
    if (code === 'LIMIT_FILE_SIZE') {
      return new PayloadTooLargeException(`Each file in ${field ? `'${field}'` : quotedList(names)} must be at most ${megabytes(maxBytes)}`);
    }
    if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE') {
      const known = rule.fields.find((f) => f.name === field);
      return new BadRequestException(
        known
          ? `At most ${known.maxFiles} file(s) may be sent in '${known.name}'`
          : field
            ? `Unexpected file field '${field}'; send files in ${quotedList(names)}`
            : `Too many files; send at most ${rule.fields.map((f) => `${f.maxFiles} in '${f.name}'`).join(', ')}`,
      );
    }
    return new BadRequestException(`Could not read the upload: ${(err as Error).message}`);
  }
  if (code === 'LIMIT_FILE_SIZE') {
    return new PayloadTooLargeException(`Each file in '${rule.field}' must be at most ${megabytes(maxBytes)}`);
  }
  if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE') {
    const unexpected = field;
    return new BadRequestException(
      unexpected && unexpected !== rule.field
        ? `Unexpected file field '${unexpected}'; send files in '${rule.field}'`
        : `At most ${rule.maxFiles} file(s) may be sent in '${rule.field}'`,
    );
  }
  return new BadRequestException(`Could not read the upload: ${(err as Error).message}`);
}

/**
 * Streams multipart files to the private temp folder (never memory) with hard limits, answering with
 * messages that say what to fix. Features read `file.path` (sniffed by their bytes, never trusted by
 * name or declared type) and may move a file into storage; whatever is left is removed before the
 * answer leaves, on success and on error alike (multer removes partial files when a client aborts).
 */
export function FilesUpload(rule: UploadRule | UploadFieldsRule): Type<NestInterceptor> {
  class FilesUploadInterceptor implements NestInterceptor {
    private readonly upload: RequestHandler;
    private readonly maxBytes: number;

    constructor(@Inject(UploadTempFolder) private readonly temp: UploadTempFolder, @Inject(APP_CONFIG) config: AppConfig) {
      this.maxBytes = typeof rule.maxBytes === 'function' ? rule.maxBytes(config) : rule.maxBytes;
      const maxFiles = 'fields' in rule ? rule.fields.reduce((n, f) => n + f.maxFiles, 0) : rule.maxFiles;
      const parser = multer({
        storage: multer.diskStorage({
          destination: temp.path,
          filename: (_req, _file, cb) => cb(null, `${randomBytes(16).toString('hex')}.upload`),
        }),
        limits: { fileSize: this.maxBytes, files: maxFiles, fields: 20, fieldSize: 64 * 1024 },
      });
      this.upload = 'fields' in rule ? parser.fields(rule.fields.map((f) => ({ name: f.name, maxCount: f.maxFiles }))) : parser.array(rule.field, rule.maxFiles);
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const req = http.getRequest<Request>();
      const cleanup = () => this.temp.remove(filesOf(req).map((f) => f.path));
      try {
        await new Promise<void>((resolve, reject) =>
          this.upload(req, http.getResponse<Response>(), (err: unknown) => (err ? reject(uploadError(rule, this.maxBytes, err)) : resolve())),
        );
      } catch (err) {
        await cleanup();
        throw err;
      }
      return next.handle().pipe(
        concatMap(async (value: unknown) => {
          await cleanup();
          return value;
        }),
        catchError((err: unknown) => from(cleanup()).pipe(concatMap(() => throwError(() => err)))),
      );
    }
  }
  return mixin(FilesUploadInterceptor);
}

/**
 * An upload route: `access` (a guard: may the caller send files here?) and the per-member upload rate
 * limit run before a byte of the body is read, so a refused upload is answered at once and never
 * buffered; then the files are streamed to temporary disk by `FilesUpload(rule)`: one field
 * (`UploadRule`) or several named fields (`UploadFieldsRule`).
 */
export const UploadRoute = (rule: UploadRule | UploadFieldsRule, access?: Type<CanActivate>) =>
  applyDecorators(
    UseGuards(...(access ? [access] : []), UploadRateLimitGuard),
    UseInterceptors(FilesUpload(rule)),
    ApiTooManyRequestsResponse({ description: 'Too many uploads by this member in the last hour (see Retry-After)' }),
  );
