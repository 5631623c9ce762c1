import { messageFromBody } from '@/lib/api/errors';
import type { ExportBody, ExportEntity, ExportFormat, ExportJob } from './console-api';

/** An absolute URL for an API path (the page's origin), as fetch() everywhere accepts it. */
export function apiUrl(path: string): string {
  return new URL(path, window.location.href).toString();
}

export type ExportOutcome =
  | { kind: 'file'; blob: Blob; fileName: string }
  | { kind: 'job'; job: ExportJob & { statusUrl?: string } }
  | { kind: 'error'; status: number; message: string };

/** The file name of a Content-Disposition header (RFC 6266: filename* first, then filename). */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  return plain ? (plain[2] ?? plain[1]).trim() : null;
}

/**
 * POST /{entity}/export/{format}: a small export answers 200 with the file, a large one 202 with the job
 * to follow (GET /export/{id}). Anything else is an error with the HTTP status text.
 */
export async function requestExport(entity: ExportEntity, format: ExportFormat, body: ExportBody, token: string | null): Promise<ExportOutcome> {
  let res: Response;
  try {
    res = await fetch(apiUrl(`/api/${entity}/export/${format}`), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token && { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: 'error', status: 0, message: 'Could not reach the server' };
  }
  if (res.status === 202) {
    const job = (await res.json()) as ExportJob & { statusUrl?: string };
    return { kind: 'job', job };
  }
  if (res.ok) {
    const blob = await res.blob();
    const fileName = fileNameFrom(res.headers.get('content-disposition')) ?? `${entity}_report_${Date.now()}.${format}`;
    return { kind: 'file', blob, fileName };
  }
  let message = res.statusText;
  if (!message) {
    try {
      message = messageFromBody(await res.json()) ?? '';
    } catch {
      // no JSON body
    }
  }
  return {
    kind: 'error',
    status: res.status,
    message: message || `HTTP ${res.status}`,
  };
}

/** Saves a blob as a download with its name. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
