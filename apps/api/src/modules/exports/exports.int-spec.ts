import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { eq, sql } from 'drizzle-orm';
import { auditLog, exportJobs, listings } from '@app/db';
import { eventsSettled } from '../../../test/events';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';
import { ExportExpiryTask } from './export-expiry.task';
import { QUEUES } from '../../common/queue/queues';
import { eventually } from '../../../test/realtime';
import { ExportsService } from './exports.service';

const INSPECT = path.resolve(__dirname, '../../../test/pdf-inspect.mjs');
const BOM = '\uFEFF';

/** The PDF's pages (size, text lines) as pdfjs-dist reads them; with `png`, page 1 drawn there. */
function inspectPdf(pdf: Buffer, png?: string): { numPages: number; pages: Array<{ width: number; height: number; lines: string[] }> } {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'tahanan-export-pdf-')), 'export.pdf');
  writeFileSync(file, pdf);
  const out = execFileSync(process.execPath, [INSPECT, file, ...(png ? ['--png', png] : [])], { cwd: path.dirname(INSPECT), maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(out.toString());
}

/** supertest: the body as bytes, whatever the type. */
const binary = (res: { on: (e: string, f: (c?: Buffer) => void) => void }, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c?: Buffer) => chunks.push(c!));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** CSV rows of a simple file (no quoted line breaks): split on CRLF, cells on commas outside quotes. */
function csvRows(text: string): string[][] {
  return text
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const cells: string[] = [];
      let cur = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const ch = line[i];
        if (quoted && ch === '"' && line[i + 1] === '"') {
          cur += '"';
          i++;
        } else if (ch === '"') quoted = !quoted;
        else if (ch === ',' && !quoted) {
          cells.push(cur);
          cur = '';
        } else cur += ch;
      }
      cells.push(cur);
      return cells;
    });
}

describe('table exports to CSV and PDF (issue 14)', () => {
  let t: TestApp;
  let viewer: { token: string; user: { _id: string } };
  let admin: { token: string; user: { _id: string } };
  let member: { token: string; user: { _id: string } };
  let owner: { token: string; user: { _id: string } };
  const ids: string[] = [];

  beforeAll(async () => {
    // listings past 50 rows are "large" here: answered 202 and run on
    t = await startTestApp({ EXPORT_INLINE_MAX_ROWS: '50' });
    viewer = await createUser(t, { role: 'viewer', firstName: 'Vina', lastName: 'Viewer' });
    admin = await createUser(t, { role: 'admin', firstName: 'Ana', lastName: 'Admin' });
    member = await createUser(t, { firstName: 'Mem', lastName: 'Ber' });
    owner = await createUser(t, { firstName: 'Señor', lastName: 'Peñaflorida', type: 'property_owner' });
    const base = {
      type: 'residential' as const,
      offer: 'sale' as const,
      status: 'active' as const,
      lat: 14.55,
      lng: 121.02,
      regionCode: '1300000000',
      cityCode: '1380300000',
      barangayCode: '1380300001',
      regionName: 'NCR',
      cityName: 'City of Makati',
      barangayName: 'Bel-Air',
      ownerId: owner.user._id,
    };
    const rows = Array.from({ length: 70 }, (_, i) => ({
      ...base,
      code: `EXP-${String(i).padStart(3, '0')}`,
      name: i === 3 ? '=HYPERLINK("http://evil.example","click")' : i === 5 ? 'Casa Niño — ₱5M na lang, malapit sa Ayala Avenue at Paseo de Roxas, tanaw ang Makati skyline' : `Bahay ${i}`,
      price: 1_000_000 + i * 10_000,
      status: i % 10 === 9 ? ('sold' as const) : ('active' as const),
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    }));
    const made = await t.db.insert(listings).values(rows).returning({ id: listings.id });
    ids.push(...made.map((m) => m.id));
  }, 60000);

  afterAll(async () => {
    await t?.close();
  });

  it('refuses members on every export route (403) and reads a job only for its owner (404 for another staff member)', async () => {
    const routes: Array<['post' | 'get', string]> = [
      ['post', '/api/user/export/preview'],
      ['post', '/api/user/export/csv'],
      ['post', '/api/user/export/pdf'],
      ['post', '/api/listing/export/preview'],
      ['post', '/api/listing/export/csv'],
      ['post', '/api/listing/export/pdf'],
      ['post', '/api/listing/export/'],
      ['post', '/api/audit/export/preview'],
      ['post', '/api/audit/export/csv'],
      ['post', '/api/audit/export/pdf'],
      ['post', '/api/audit/export/'],
      ['get', '/api/export/my'],
      ['get', `/api/export/${ids[0]}`],
    ];
    for (const [method, route] of routes) {
      const res = await t.http[method](route).set(auth(member.token)).send(route.endsWith('export/') ? { format: 'csv' } : {});
      expect([route, res.status]).toEqual([route, 403]);
    }
    await t.http.post('/api/user/export/csv').send({}).expect(401);

    // the viewer exports and reads its own job; the admin cannot see the viewer's
    const res = await t.http.post('/api/user/export/csv').set(auth(viewer.token)).send({}).expect(200);
    const id = res.headers['x-export-id'];
    const job = await t.http.get(`/api/export/${id}`).set(auth(viewer.token)).expect(200);
    expect(job.body).toMatchObject({ id, resource: 'users', format: 'csv', status: 'ready', progress: 100, rowsWritten: 4, totalRows: 4 });
    await t.http.get(`/api/export/${id}`).set(auth(admin.token)).expect(404);
    await t.http.get('/api/export/not-a-uuid').set(auth(viewer.token)).expect(404);
    const mine = await t.http.get('/api/export/my').set(auth(viewer.token)).expect(200);
    expect(mine.body.exports.map((e: { id: string }) => e.id)).toContain(id);
    expect(mine.body.pagination).toMatchObject({ currentPage: 1, totalItems: mine.body.exports.length });
    const others = await t.http.get('/api/export/my').set(auth(admin.token)).expect(200);
    expect(others.body.exports.map((e: { id: string }) => e.id)).not.toContain(id);
  });

  it('a user export with the spec’s defaults: -createdAt, userName, email, role, status, createdAt, A4 landscape, limit 10,000,000 (CSV: BOM, CRLF, ñ)', async () => {
    const res = await t.http.post('/api/user/export/csv').set(auth(admin.token)).send({}).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="user_report_\d{8}T\d{6}Z\.csv"$/);
    const text = (res.body as Buffer).toString('utf8');
    expect(text.startsWith(BOM)).toBe(true);
    expect(text).toContain('\r\n');
    const rows = csvRows(text.slice(1));
    expect(rows[0]).toEqual(['Name', 'E-mail', 'Role', 'Status', 'Created']);
    expect(rows).toHaveLength(5);
    // newest first: the owner was made last
    expect(rows[1][0]).toBe('Señor Peñaflorida');
    expect(rows.slice(1).map((r) => r[4])).toEqual(rows.slice(1).map((r) => r[4]).sort().reverse());
    const [row] = await t.db.select().from(exportJobs).where(eq(exportJobs.id, res.headers['x-export-id']));
    expect(row.params).toMatchObject({
      sort: '-createdAt',
      select: ['userName', 'email', 'role', 'status', 'createdAt'],
      limit: 10_000_000,
      skip: 0,
      layout: { orientation: 'landscape', pageSize: 'A4' },
    });
    // the request is audited (high for users) and the member told when ready
    await eventsSettled(t.app);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, row.id));
    expect(audits.map((a) => [a.type, a.severity]).sort()).toEqual([
      ['export.ready', 'low'],
      ['export.requested', 'high'],
    ]);
  });

  it('previews the first 10 rows as the file will have them, with the columns and the total', async () => {
    const res = await t.http.post('/api/listing/export/preview').set(auth(viewer.token)).send({ sort: 'price' }).expect(200);
    expect(res.body.columns).toEqual([
      { key: 'code', label: 'Code' },
      { key: 'name', label: 'Name' },
      { key: 'status', label: 'Status' },
      { key: 'type', label: 'Type' },
      { key: 'offer', label: 'Offer' },
      { key: 'price', label: 'Price' },
      { key: 'city', label: 'City' },
      { key: 'barangay', label: 'Barangay' },
      { key: 'owner', label: 'Owner' },
      { key: 'verified', label: 'Verified' },
      { key: 'createdAt', label: 'Created' },
    ]);
    expect(res.body.rows).toHaveLength(10);
    expect(res.body.rows[0]).toEqual(['EXP-000', 'Bahay 0', 'active', 'residential', 'For sale', '1000000', 'City of Makati', 'Bel-Air', 'Señor Peñaflorida', 'No', '2026-01-01T00:00:00.000Z']);
    expect(res.body).toMatchObject({ total: 70, totalIsEstimate: false });
    const pdf = await t.http.post('/api/listing/export/preview').set(auth(viewer.token)).send({ sort: 'price', format: 'pdf', select: ['code', 'price', 'createdAt'] }).expect(200);
    expect(pdf.body.rows[0]).toEqual(['EXP-000', '₱1,000,000.00', '2026-01-01 08:00']);
    const users = await t.http.post('/api/user/export/preview').set(auth(viewer.token)).send({ filters: { role: ['viewer'] } }).expect(200);
    expect(users.body).toMatchObject({ rows: [['Vina Viewer', expect.any(String), 'viewer', 'active', expect.any(String)]], total: 1, totalIsEstimate: false });
    const audit = await t.http.post('/api/audit/export/preview').set(auth(viewer.token)).send({}).expect(200);
    expect(audit.body.columns.map((c: { key: string }) => c.key)).toEqual(['timestamp', 'severity', 'type', 'actor', 'entity', 'description']);
  });

  it('refuses bad bodies with what to fix (400)', async () => {
    const bad = async (route: string, body: object, message: RegExp) => {
      const res = await t.http.post(route).set(auth(admin.token)).send(body).expect(400);
      expect(String(res.body.message)).toMatch(message);
    };
    await bad('/api/listing/export/preview', { select: ['code', 'password'] }, /select: unknown column 'password'/);
    await bad('/api/listing/export/csv', { sort: '-views' }, /sort must be one of/);
    await bad('/api/listing/export/csv', { filters: { match: { colour: 'red' } } }, /Unknown match field 'colour'/);
    await bad('/api/user/export/csv', { filters: { role: ['king'] } }, /query.role must be one of/);
    await bad('/api/audit/export/csv', { filters: { severity: ['extreme'] } }, /severity must list some of/);
    await bad('/api/audit/export/', { format: 'xls' }, /format must be one of: csv, pdf/);
    await bad('/api/user/export/xls', {}, /format must be one of: csv, pdf/);
    await bad('/api/user/export/pdf', { title: 'x'.repeat(121) }, /title must be at most 120 characters/);
    await bad('/api/user/export/pdf', { layout: { pageSize: 'A3' } }, /layout.pageSize must be one of/);
    await bad('/api/user/export/csv', { limit: 0 }, /limit must be at least 1/);
  });

  it('a listing CSV: filters and sort applied, ₱ and ñ kept, a formula cell neutralised', async () => {
    const res = await t.http
      .post('/api/listing/export/csv')
      .set(auth(admin.token))
      .send({ filters: { match: { status: ['active'], price: { max: 1_200_000 } } }, sort: '-price', select: ['code', 'name', 'price', 'owner'] })
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="listing_report_\d{8}T\d{6}Z\.csv"$/);
    const text = (res.body as Buffer).toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = csvRows(text.slice(1));
    expect(rows[0]).toEqual(['Code', 'Name', 'Price', 'Owner']);
    // 0..20 priced up to 1,200,000, less the sold one (9, 19)
    const codes = rows.slice(1).map((r) => r[0]);
    expect(codes).toHaveLength(19);
    expect(codes[0]).toBe('EXP-020');
    expect(codes).not.toContain('EXP-009');
    expect(rows.slice(1).map((r) => Number(r[2]))).toEqual(rows.slice(1).map((r) => Number(r[2])).sort((a, b) => b - a));
    expect(rows.find((r) => r[0] === 'EXP-003')![1]).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(rows.find((r) => r[0] === 'EXP-005')![1]).toContain('Casa Niño — ₱5M');
    expect(rows[1][3]).toBe('Señor Peñaflorida');
  });

  it('a listing PDF: A4 landscape, title and summary, the header on every page, page numbers, ₱ prices; page 1 drawn to a PNG', async () => {
    const res = await t.http
      .post('/api/listing/export/pdf')
      .set(auth(viewer.token))
      .send({ sort: 'code', limit: 45, title: 'Makati listings — Peñafrancia' })
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="listing_report_\d{8}T\d{6}Z\.pdf"$/);
    const png = path.join(os.tmpdir(), `tahanan-listing-export-page1-${process.pid}.png`);
    const pdf = inspectPdf(res.body as Buffer, png);
    console.log(`Listing export, page 1 drawn to ${png}`);
    expect(existsSync(png)).toBe(true);
    expect(pdf.numPages).toBe(2);
    for (const page of pdf.pages) {
      expect(page.width).toBeCloseTo(841.89, 1);
      expect(page.height).toBeCloseTo(595.28, 1);
    }
    const [one, two] = pdf.pages.map((p) => p.lines);
    expect(one[0]).toBe('Makati listings — Peñafrancia');
    expect(one[1]).toMatch(/^Generated \d{4}-\d\d-\d\d \d\d:\d\d \(Asia\/Manila\) · 45 rows$/);
    expect(one).toContain('Filters: none');
    const header = 'Code | Name | Status | Type | Offer | Price | City | Barangay | Owner | Verified | Created';
    expect(one).toContain(header);
    expect(two).toContain(header);
    // a row's values (a text too long for its column ends with an ellipsis)
    expect(one.find((l) => l.startsWith('EXP-000 '))).toMatch(/^EXP-000 \| Bahay 0 \| active \| residential \| For sale \| ₱1,000,000.00 \| City of M[a-z]*…? \| Bel-Air \| Señor P[a-zñ]*…? \| No \| 2026-01-01 08:00$/);
    expect(one.some((l) => l.startsWith('Page 1') || l.endsWith('Page 1'))).toBe(true);
    expect(two.some((l) => l.startsWith('Page 2') || l.endsWith('Page 2'))).toBe(true);
    // the long name is cut to its column with an ellipsis, on one line
    const long = one.find((l) => l.startsWith('EXP-005'))!;
    expect(long).toMatch(/^EXP-005 \| Casa Niño[^|]*… \| active/);
    const rowsOnPages = [...one, ...two].filter((l) => /^EXP-\d{3} /.test(l));
    expect(rowsOnPages).toHaveLength(45);
    expect(rowsOnPages[44]).toMatch(/^EXP-044 /);
  });

  it('a large export answers 202, runs on in the worker, and downloads through a signed link (bad 403, expired 410)', async () => {
    const res = await t.http.post('/api/listing/export/').set(auth(viewer.token)).send({ format: 'csv', sort: 'createdAt' }).expect(202);
    expect(res.body).toMatchObject({ id: expect.any(String), fileName: expect.stringMatching(/^listing_report_\d{8}T\d{6}Z\.csv$/), totalRows: 70, statusUrl: `/api/export/${res.body.id}` });
    let job = (await t.http.get(res.body.statusUrl).set(auth(viewer.token)).expect(200)).body;
    for (const until = Date.now() + 20000; job.status !== 'ready' && Date.now() < until; ) {
      expect(['queued', 'running']).toContain(job.status);
      expect(job.downloadUrl).toBeUndefined();
      await new Promise((r) => setTimeout(r, 100));
      job = (await t.http.get(res.body.statusUrl).set(auth(viewer.token)).expect(200)).body;
    }
    expect(job).toMatchObject({ status: 'ready', rowsWritten: 70, totalRows: 70, progress: 100, fileSize: expect.any(Number), error: null });
    expect(new Date(job.expiresAt).getTime() - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    expect(job.downloadUrl).toMatch(new RegExp(`^/api/export/${job.id}/download\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    // no token needed: a plain link
    const file = await t.http.get(job.downloadUrl).buffer(true).parse(binary).expect(200);
    expect(file.headers['x-export-id']).toBe(job.id);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${job.fileName}"`);
    const rows = csvRows((file.body as Buffer).toString('utf8').slice(1));
    expect(rows).toHaveLength(71);
    expect(rows[1][0]).toBe('EXP-000');
    expect(rows[70][0]).toBe('EXP-069');
    expect(Number(file.headers['content-length'])).toBe(job.fileSize);
    // a tampered signature, another export's link, a link past its time
    // (the first hex digit changed: always another digit, never the same one by chance)
    const tampered = job.downloadUrl.replace(/signature=(.)/, (_m: string, c: string) => `signature=${c === '0' ? '1' : '0'}`);
    expect(tampered).not.toBe(job.downloadUrl);
    await t.http.get(tampered).expect(403);
    await t.http.get(`/api/export/${ids[0]}/download?${job.downloadUrl.split('?')[1]}`).expect(403);
    await t.http.get(`/api/export/${job.id}/download`).expect(403);
    const old = t.app.get(ExportsService).downloadUrl(job.id, Date.now() - 6 * 60 * 1000);
    const gone = await t.http.get(old).expect(410);
    expect(gone.body.message).toMatch(/link has expired/);
    await eventsSettled(t.app);
    const downloads = await t.db.select().from(auditLog).where(sql`${auditLog.entityId} = ${job.id} and ${auditLog.type} = 'export.downloaded'`);
    expect(downloads).toHaveLength(1);
    expect(downloads[0]).toMatchObject({ severity: 'medium', actorId: viewer.user._id });
  });

  it('an audit export by the generic route: its filters and order', async () => {
    await eventsSettled(t.app);
    const res = await t.http
      .post('/api/audit/export/')
      .set(auth(admin.token))
      .send({ format: 'csv', filters: { type: ['export.requested'] }, sort: 'timestamp', select: ['type', 'severity', 'actor', 'timestamp'] })
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-disposition']).toMatch(/filename="audit_report_\d{8}T\d{6}Z\.csv"/);
    const rows = csvRows((res.body as Buffer).toString('utf8').slice(1));
    expect(rows[0]).toEqual(['Type', 'Severity', 'Actor', 'Time']);
    expect(rows.length).toBeGreaterThan(3);
    expect(new Set(rows.slice(1).map((r) => r[0]))).toEqual(new Set(['export.requested']));
    const times = rows.slice(1).map((r) => r[3]);
    expect(times).toEqual([...times].sort());
    expect(rows.slice(1).map((r) => r[2])).toContain('Vina Viewer');
  });

  it('the expiry task removes files past their day and marks them expired (the link then answers 410)', async () => {
    const res = await t.http.post('/api/user/export/pdf').set(auth(admin.token)).send({}).buffer(true).parse(binary).expect(200);
    const id = res.headers['x-export-id'];
    const ready = (await t.http.get(`/api/export/${id}`).set(auth(admin.token)).expect(200)).body;
    const [row] = await t.db.select().from(exportJobs).where(eq(exportJobs.id, id));
    const stored = path.join(t.config.storageDir, 'private', row.fileKey!);
    expect(existsSync(stored)).toBe(true);
    await t.db.update(exportJobs).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(exportJobs.id, id));
    // past its time, the file is refused at once (before the task runs)
    expect((await t.http.get(ready.downloadUrl).expect(410)).body.message).toBe('This export has expired; export again');
    expect(await t.app.get(ExportExpiryTask).run()).toBeGreaterThanOrEqual(1);
    expect(existsSync(stored)).toBe(false);
    const [after] = await t.db.select().from(exportJobs).where(eq(exportJobs.id, id));
    expect(after).toMatchObject({ status: 'expired', fileKey: null });
    const job = (await t.http.get(`/api/export/${id}`).set(auth(admin.token)).expect(200)).body;
    expect(job.status).toBe('expired');
    expect(job.downloadUrl).toBeUndefined();
    const link = t.app.get(ExportsService).downloadUrl(id);
    expect((await t.http.get(link).expect(410)).body.message).toBe('This export has expired; export again');
    // an export that never expired is untouched
    const other = await t.db.select().from(exportJobs).where(sql`${exportJobs.status} = 'ready'`);
    expect(other.length).toBeGreaterThan(0);
  });

  it('an export that fails every attempt is marked failed with its reason, audited and never offered', async () => {
    // a stored request the worker cannot run (its order is not one an export may take)
    const [row] = await t.db
      .insert(exportJobs)
      .values({ userId: admin.user._id, resource: 'listings', format: 'csv', fileName: 'listing_report_20261127T000000Z.csv', params: { sort: 'views', filters: null, select: ['code'], skip: 0, limit: 10, layout: { orientation: 'landscape', pageSize: 'A4' }, title: 'x', filterSummary: [], ownerRole: 'admin' } })
      .returning();
    const queue = t.app.get<Queue>(getQueueToken(QUEUES.exports));
    await queue.add('export', { exportId: row.id }, { jobId: row.id, attempts: 2, backoff: { type: 'fixed', delay: 100 } });
    await eventually(async () => (await t.db.select().from(exportJobs).where(eq(exportJobs.id, row.id)))[0].status === 'failed', 'the export to fail', 20000);
    const job = (await t.http.get(`/api/export/${row.id}`).set(auth(admin.token)).expect(200)).body;
    expect(job).toMatchObject({ status: 'failed', error: expect.stringMatching(/^sort must be one of/), fileSize: null });
    expect(job.downloadUrl).toBeUndefined();
    await eventsSettled(t.app);
    const failed = await t.db.select().from(auditLog).where(sql`${auditLog.entityId} = ${row.id} and ${auditLog.type} = 'export.failed'`);
    expect(failed).toHaveLength(1);
  });

  it('lets a member have at most 3 exports in progress (429 with Retry-After); one asked over an hour ago no longer counts', async () => {
    const busy = await createUser(t, { role: 'admin', firstName: 'Busy', lastName: 'Admin' });
    const params = { sort: '-createdAt', filters: null, select: ['code'], skip: 0, limit: 10, layout: { orientation: 'landscape', pageSize: 'A4' }, title: 'x', filterSummary: [], ownerRole: 'admin' };
    const open = (createdAt: Date) => ({ userId: busy.user._id, resource: 'listings' as const, format: 'csv' as const, status: 'running' as const, fileName: 'listing_report_x.csv', params, createdAt });
    await t.db.insert(exportJobs).values([open(new Date()), open(new Date()), open(new Date(Date.now() - 2 * 3600_000))]);
    // two in progress (the third is over an hour old): one more may start
    await t.http.post('/api/listing/export/csv').set(auth(busy.token)).send({ limit: 1 }).expect(200);
    await t.db.insert(exportJobs).values([open(new Date()), open(new Date())]);
    const refused = await t.http.post('/api/listing/export/csv').set(auth(busy.token)).send({ limit: 1 }).expect(429);
    expect(refused.body.message).toBe('You have 4 exports in progress; wait for one to finish (see Exports), then try again');
    expect(refused.headers['retry-after']).toBe('30');
  });
});
