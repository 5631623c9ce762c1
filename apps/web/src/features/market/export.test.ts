import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/msw-server';
import { downloadReport } from './export';

const args = { group: 'demographics', area: '1380300027', offer: 'sale', kind: 'all' };

describe('exporting a report', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the report with the bearer token and saves the file under the name the answer gives', async () => {
    const seen: { auth: string | null; body: unknown }[] = [];
    server.use(
      http.post('*/api/bi/export/pdf', async ({ request }) => {
        seen.push({ auth: request.headers.get('authorization'), body: await request.json() });
        return new HttpResponse('%PDF-1.7 …', { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="market_report_demographics_1380300027_20261127.pdf"' } });
      }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const name = await downloadReport('pdf', args, 'tok');
    expect(name).toBe('market_report_demographics_1380300027_20261127.pdf');
    expect(seen).toEqual([{ auth: 'Bearer tok', body: args }]);
  });

  it('says "Failed to export file: …" with the reason the API gives, or its status text', async () => {
    server.use(http.post('*/api/bi/export/csv', () => HttpResponse.json({ statusCode: 429, message: 'At most 30 exports an hour' }, { status: 429 })));
    await expect(downloadReport('csv', args, 'tok')).rejects.toThrow('Failed to export file: At most 30 exports an hour');
    server.use(http.post('*/api/bi/export/csv', () => new HttpResponse(null, { status: 502, statusText: 'Bad Gateway' })));
    await expect(downloadReport('csv', args, null)).rejects.toThrow('Failed to export file: Bad Gateway');
  });
});
