/**
 * POST /api/kyc/create as multipart/form-data with upload progress, through lib/api/upload.ts (the
 * XMLHttpRequest the listing photos use) with the bearer token of the session; the caller refreshes
 * the cache afterwards.
 */
import { messageFromBody } from '@/lib/api/errors';
import { uploadMultipart } from '@/lib/api/upload';
import type { KycFileKind } from '@app/domain';

export const KYC_CREATE_URL = '/api/kyc/create';

export interface KycUpload {
  fields: Record<string, string>;
  files: Partial<Record<KycFileKind, File>>;
  token: string | null;
  onProgress?: (fraction: number) => void;
}

export interface KycUploadResult {
  ok: boolean;
  status: number;
  body: unknown;
  /** The server's refusal as written, or a sentence for a network failure. */
  message: string | null;
}

export function buildKycForm(fields: Record<string, string>, files: Partial<Record<KycFileKind, File>>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [kind, file] of Object.entries(files)) if (file) form.append(kind, file, file.name);
  return form;
}

export async function sendKyc({ fields, files, token, onProgress }: KycUpload): Promise<KycUploadResult> {
  const { ok, status, body } = await uploadMultipart({ url: KYC_CREATE_URL, form: buildKycForm(fields, files), token, onProgress });
  const message = ok
    ? null
    : status === 0
      ? 'Could not reach the server. Check your connection and try again.'
      : (messageFromBody(body) ?? (status === 413 ? `The photos are too large to send. Choose smaller ones.` : `HTTP error! status: ${status}`));
  return { ok, status, body, message };
}
