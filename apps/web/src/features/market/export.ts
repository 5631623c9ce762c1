import { messageFromBody } from '@/lib/api/errors';
import { apiUrl, fileNameFrom, saveBlob } from '@/features/admin/console/export-client';
import type { ReportArgs } from './market-api';

export type ReportExportFormat = 'pdf' | 'csv';

/** The text of a failed export, as the admin console's exports say it. */
export const exportFailedText = (reason: string) => `Failed to export file: ${reason}`;

/** "market-demographics-1376000000.pdf" when the answer does not name the file. */
export const fallbackFileName = (args: ReportArgs, format: ReportExportFormat) => `market-${args.group}-${args.area}.${format}`;

/**
 * POST /bi/export/{format} with the report's group, area, offer and kind: the API answers the file
 * (PDF, A4 landscape, or CSV). Fetched with the session's bearer token as every API call is and saved
 * from an object URL; answers the file name. A failure throws "Failed to export file: {status text}".
 */
export async function downloadReport(format: ReportExportFormat, args: ReportArgs, token: string | null): Promise<string> {
  let res: Response;
  try {
    res = await fetch(apiUrl(`/api/bi/export/${format}`), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: format === 'pdf' ? 'application/pdf' : 'text/csv',
        ...(token && { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(args),
    });
  } catch {
    throw new Error(exportFailedText('Could not reach the server'));
  }
  if (!res.ok) {
    let reason = res.statusText;
    const body: unknown = await res.json().catch(() => null);
    reason = messageFromBody(body) ?? reason;
    throw new Error(exportFailedText(reason || `HTTP ${res.status}`));
  }
  const blob = await res.blob();
  const fileName = fileNameFrom(res.headers.get('content-disposition')) ?? fallbackFileName(args, format);
  saveBlob(blob, fileName);
  return fileName;
}
