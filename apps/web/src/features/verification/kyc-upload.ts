/**
 * POST /api/kyc/create as multipart/form-data with upload progress. fetch() cannot report upload
 * progress, so this goes through XMLHttpRequest (as the listing photos do, lib/api/upload.ts) with the
 * bearer token of the session; the caller refreshes the cache afterwards.
 */
import { messageFromBody } from '@/lib/api/errors';
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

export function sendKyc({ fields, files, token, onProgress }: KycUpload): Promise<KycUploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', KYC_CREATE_URL);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // not JSON: keep the text
      }
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (ok) onProgress?.(1);
      const message = ok
        ? null
        : (messageFromBody(body) ??
          (xhr.status === 413 ? `The photos are too large to send. Choose smaller ones.` : `HTTP error! status: ${xhr.status}`));
      resolve({ ok, status: xhr.status, body, message });
    };
    const failed = () =>
      resolve({ ok: false, status: 0, body: null, message: 'Could not reach the server. Check your connection and try again.' });
    xhr.onerror = failed;
    xhr.onabort = failed;
    xhr.send(buildKycForm(fields, files));
  });
}
