/** Client-side checks for the listing uploads (spec sections 5 and 9: at most 5 files, 10 MB each). */
import { UPLOAD_LIMITS } from '@app/domain';

export type UploadKind = 'images' | 'documents';

export interface QueuedFile {
  id: string;
  file: File;
  /** 0 to 1. */
  progress: number;
  status: 'pending' | 'uploading' | 'done' | 'error';
  error?: string;
}

export const MAX_FILE_MB = UPLOAD_LIMITS.maxFileBytes / (1024 * 1024);

export function isAcceptedType(kind: UploadKind, file: File): boolean {
  if (file.type.startsWith('image/')) return true;
  return kind === 'documents' && file.type === 'application/pdf';
}

/** Splits a selection into the files to queue and the reasons for the ones refused. */
export function checkFiles(kind: UploadKind, queuedCount: number, incoming: File[]): { accepted: File[]; problems: string[] } {
  const accepted: File[] = [];
  const problems: string[] = [];
  for (const file of incoming) {
    if (!isAcceptedType(kind, file)) {
      problems.push(kind === 'images' ? `${file.name} is not an image` : `${file.name} is not a PDF or an image`);
    } else if (file.size > UPLOAD_LIMITS.maxFileBytes) {
      problems.push(`${file.name} is larger than ${MAX_FILE_MB} MB`);
    } else if (queuedCount + accepted.length >= UPLOAD_LIMITS.maxFiles) {
      problems.push(`Choose at most ${UPLOAD_LIMITS.maxFiles} ${kind === 'images' ? 'photos' : 'documents'} at a time`);
      break;
    } else {
      accepted.push(file);
    }
  }
  return { accepted, problems };
}

let seq = 0;
export function queueFiles(files: File[]): QueuedFile[] {
  return files.map((file) => ({ id: `f${++seq}`, file, progress: 0, status: 'pending' }));
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
