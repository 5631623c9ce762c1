/**
 * Files sent with a message (spec sections 5, 7 and 9): at most 5 files of 10 MB each, images,
 * videos or PDFs; checked here before anything is sent, and again by the API.
 */
import { UPLOAD_LIMITS } from '@app/domain';
import type { AttachmentKind } from '@/lib/api/messaging';
import type { LocalAttachment } from './messages-state';

export const MAX_ATTACHMENTS = UPLOAD_LIMITS.maxFiles;
export const MAX_ATTACHMENT_BYTES = UPLOAD_LIMITS.maxFileBytes;
export const MAX_ATTACHMENT_MB = MAX_ATTACHMENT_BYTES / (1024 * 1024);
/** What the file picker offers. */
export const ATTACHMENT_ACCEPT = 'image/*,video/*,application/pdf,.pdf';

export const tooManyFilesMessage = () => `You can attach at most ${MAX_ATTACHMENTS} files to a message`;
export const tooLargeMessage = (name: string) => `${name} is larger than ${MAX_ATTACHMENT_MB} MB`;
export const wrongTypeMessage = (name: string) => `${name} is not an image, video or PDF`;

/** image, video or pdf from the MIME type (or the .pdf extension when the browser gives no type). */
export function attachmentKindOf(file: { type: string; name?: string }): AttachmentKind | null {
  const type = file.type.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type === 'application/pdf') return 'pdf';
  if (!type && file.name?.toLowerCase().endsWith('.pdf')) return 'pdf';
  return null;
}

/** Splits a selection into the files to add and the reasons for the ones refused. */
export function checkAttachments(currentCount: number, incoming: readonly File[]): { accepted: File[]; problems: string[] } {
  const accepted: File[] = [];
  const problems: string[] = [];
  for (const file of incoming) {
    if (!attachmentKindOf(file)) {
      problems.push(wrongTypeMessage(file.name));
    } else if (file.size > MAX_ATTACHMENT_BYTES) {
      problems.push(tooLargeMessage(file.name));
    } else if (currentCount + accepted.length >= MAX_ATTACHMENTS) {
      problems.push(tooManyFilesMessage());
      break;
    } else {
      accepted.push(file);
    }
  }
  return { accepted, problems };
}

/** The checks for a whole message, right before it is sent. */
export function validateAttachments(attachments: readonly Pick<LocalAttachment, 'filename' | 'size' | 'type'>[]): string | null {
  if (attachments.length > MAX_ATTACHMENTS) return tooManyFilesMessage();
  for (const a of attachments) {
    if (a.type !== 'image' && a.type !== 'video' && a.type !== 'pdf') return wrongTypeMessage(a.filename);
    if (a.size > MAX_ATTACHMENT_BYTES) return tooLargeMessage(a.filename);
  }
  return null;
}

/**
 * The multipart body of a message with files: `content`, the files in the repeated field
 * `attachments`, `attachmentsJson`, their `{ filename, type }` in file order, and the send's
 * `clientId` (the optimistic message's tempId, echoed by the server) when given.
 */
export function buildMessageFormData(content: string, files: readonly { file: File; type: AttachmentKind }[], clientId?: string): FormData {
  const form = new FormData();
  form.append('content', content);
  for (const { file } of files) form.append('attachments', file, file.name);
  form.append('attachmentsJson', JSON.stringify(files.map(({ file, type }) => ({ filename: file.name, type }))));
  if (clientId) form.append('clientId', clientId);
  return form;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A preview URL for a picked file (none where the browser cannot make one). */
export function createPreviewUrl(file: Blob): string {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
}

export function revokePreviewUrl(url: string): void {
  if (url.startsWith('blob:') && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}
