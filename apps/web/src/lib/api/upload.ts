/**
 * Multipart uploads with progress.
 *
 * fetch() cannot report upload progress, so the listing photo and ownership-document uploads (and only
 * those) use XMLHttpRequest. They hit the same routes as the generated `uploadListingImages` and
 * `uploadOwnershipDocuments` mutations, carry the bearer token from the auth slice as the base query
 * does, and the caller invalidates the RTK Query cache afterwards so every list refetches.
 */

export interface UploadResponse {
  /** HTTP status; 0 when the request never got an answer (network failure, abort). */
  status: number;
  ok: boolean;
  /** Parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
}

export interface UploadOptions {
  url: string;
  /** Form field repeated for every file (`image`, `documents`). */
  field?: string;
  files?: File[];
  /** A whole form instead (named fields and files, e.g. the KYC submission); then `field` and `files` are not used. */
  form?: FormData;
  token: string | null;
  /** Fraction sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** POSTs `files` as multipart/form-data; resolves with the status and body, whatever the status. */
export function uploadMultipart({ url, field, files = [], form: given, token, onProgress, signal }: UploadOptions): Promise<UploadResponse> {
  return new Promise((resolve) => {
    const form = given ?? new FormData();
    if (!given) for (const file of files) form.append(field ?? 'file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
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
      resolve({ status: xhr.status, ok, body });
    };
    xhr.onerror = () => resolve({ status: 0, ok: false, body: null });
    xhr.onabort = () => resolve({ status: 0, ok: false, body: null });
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export const listingUploadUrls = {
  images: (listingId: string) => `/api/listing/upload-image/${encodeURIComponent(listingId)}`,
  ownership: (listingId: string) => `/api/listing/upload-ownership/${encodeURIComponent(listingId)}`,
};
