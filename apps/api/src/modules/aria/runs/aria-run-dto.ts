import type { AriaRunRow } from '@app/db';
import type { AriaRunDto } from '../dto/aria.dto';

/** The web path of a succeeded run's PDF (GET with the member's token). */
export const runPdfPath = (id: string) => `/api/ai/run/${id}/pdf`;

/** A run as the API shows it. */
export function toRunDto(row: AriaRunRow): AriaRunDto {
  return {
    id: row.id,
    conversationId: row.conversationId,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    credits: row.credits,
    input: row.input,
    result: row.result ?? null,
    narrative: row.narrative,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    pdfUrl: row.status === 'succeeded' && row.pdfKey ? runPdfPath(row.id) : null,
  };
}
