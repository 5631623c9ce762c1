import {
  BadRequestException,
  CallHandler,
  ExecutionContext,
  mixin,
  NestInterceptor,
  PayloadTooLargeException,
  Type,
} from '@nestjs/common';
import multer from 'multer';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';

export interface UploadRule {
  field: string;
  maxFiles: number;
  maxBytes: number;
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/**
 * Reads multipart files into memory with hard limits, answering with messages that say what to fix.
 * The bytes are checked afterwards by the feature (sniffed, never trusted by name or declared type).
 */
export function FilesUpload(rule: UploadRule): Type<NestInterceptor> {
  class FilesUploadInterceptor implements NestInterceptor {
    private readonly upload = multer({
      storage: multer.memoryStorage(),
      limits: { fileSize: rule.maxBytes, files: rule.maxFiles, fields: 20, fieldSize: 64 * 1024 },
    }).array(rule.field, rule.maxFiles);

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      await new Promise<void>((resolve, reject) =>
        this.upload(http.getRequest<Request>(), http.getResponse<Response>(), (err: unknown) => {
          if (!err) return resolve();
          const code = (err as { code?: string }).code;
          if (code === 'LIMIT_FILE_SIZE') {
            return reject(new PayloadTooLargeException(`Each file in '${rule.field}' must be at most ${megabytes(rule.maxBytes)}`));
          }
          if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE') {
            const unexpected = (err as { field?: string }).field;
            return reject(
              new BadRequestException(
                unexpected && unexpected !== rule.field
                  ? `Unexpected file field '${unexpected}'; send files in '${rule.field}'`
                  : `At most ${rule.maxFiles} file(s) may be sent in '${rule.field}'`,
              ),
            );
          }
          return reject(new BadRequestException(`Could not read the upload: ${(err as Error).message}`));
        }),
      );
      return next.handle();
    }
  }
  return mixin(FilesUploadInterceptor);
}
