import { InjectQueue } from '@nestjs/bullmq';
import {
  BadRequestException,
  ForbiddenException,
  GoneException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  OnModuleDestroy,
  ServiceUnavailableException,
} from '@nestjs/common';
import { Queue, QueueEvents, type Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buildPagination } from '@app/domain';
import type { ExportJobRow } from '@app/db';
import type { AuthUser } from '../../common/auth/auth-user';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { Transactions } from '../../common/db/transactions';
import { tooManyRequests } from '../../common/errors/retry-after';
import { EventsService } from '../../common/events/events.service';
import { pageWindow, type PageQueryDto } from '../../common/http/page-query.dto';
import { bullConnection } from '../../common/queue/queue.module';
import { QUEUES } from '../../common/queue/queues';
import { LinkSigner } from '../../common/security/link-signer';
import { FileStorage } from '../../common/storage/storage.service';
import {
  EXPORT_MAX_ROWS,
  type ExportAcceptedDto,
  type ExportJobDto,
  type ExportJobListDto,
  type ExportOptionsDto,
  type ExportPreviewDto,
  type ExportStatus,
} from './dto/export.dto';
import {
  exportFileName,
  manilaTime,
  RESOURCES,
  type CellValue,
  type ExportColumn,
  type ExportFormat,
  type ExportResource,
} from './export-columns';
import { ExportSources, type ExportOwner } from './export-sources';
import { CsvExportWriter, PdfExportWriter, resolvePdfFonts, type ExportWriter, type PdfFonts, type PdfOrientation, type PdfPageSize } from './export-writers';
import { ExportsRepository } from './exports.repository';

/** The request as validated and stored with the job (`export_jobs.params`). */
export interface ExportParams {
  filters: unknown;
  sort: string;
  select: string[];
  skip: number;
  limit: number;
  layout: { orientation: PdfOrientation; pageSize: PdfPageSize };
  title: string;
  /** "status: active, suspended" lines for the PDF's first page. */
  filterSummary: string[];
  /** The owner's role when asked: the rows are those this role may read. */
  ownerRole: AuthUser['role'];
}

export interface ExportJobData {
  exportId: string;
}

/** Rows read and written at a time; progress is saved after each batch. */
export const EXPORT_BATCH_ROWS = 1000;
export const EXPORT_PREVIEW_ROWS = 10;
export const EXPORT_LINK_SECONDS = 5 * 60;
export const EXPORT_FILE_DAYS = 1;
export const EXPORT_JOB_ATTEMPTS = 3;
/** Exports a member may have queued or running at once (asked within the last hour: a lost job does not block for ever). */
export const EXPORTS_OPEN_PER_MEMBER = 3;
export const EXPORT_EXPIRED = 'This export has expired; export again';
export const EXPORT_NOT_FOUND = 'Export not found';
const LINK_INVALID = 'This download link is invalid';
const LINK_EXPIRED = 'This download link has expired; open the export again for a new one';

const CONTENT_TYPES: Record<ExportFormat, string> = { csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' };

/** A stored export file to send. */
export interface ExportFile {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  stream: Readable;
}

/** A summary of filters for people: "status: active, suspended", "price: 1,000,000 to 5,000,000". */
export function describeFilters(filters: unknown, prefix = ''): string[] {
  if (filters === undefined || filters === null || filters === '') return [];
  if (typeof filters !== 'object') return [`${prefix || 'text'}: ${String(filters)}`];
  const lines: string[] = [];
  for (const [key, value] of Object.entries(filters as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length)) continue;
    const name = key === 'fuzzySearch' ? 'text' : key;
    if (Array.isArray(value)) lines.push(`${prefix}${name}: ${value.join(', ')}`);
    else if (typeof value === 'object') {
      const v = value as Record<string, unknown>;
      if (key === 'bounds') lines.push(`${prefix}map area: ${v.south}, ${v.west} to ${v.north}, ${v.east}`);
      else if ('min' in v || 'max' in v) {
        const n = (x: unknown) => (typeof x === 'number' ? x.toLocaleString('en-PH') : String(x));
        lines.push(`${prefix}${name}: ${v.min !== undefined && v.min !== null ? `from ${n(v.min)}` : ''}${v.min != null && v.max != null ? ' ' : ''}${v.max !== undefined && v.max !== null ? `to ${n(v.max)}` : ''}`);
      } else if ('in' in v && Array.isArray(v.in)) lines.push(`${prefix}${name}: ${v.in.join(', ')}`);
      else if (key === 'query' || key === 'match') lines.push(...describeFilters(v));
      else lines.push(`${prefix}${name}: ${Object.values(v).filter((x) => x !== undefined && x !== null).join(' ')}`);
    } else lines.push(`${prefix}${name}: ${typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value)}`);
  }
  return lines;
}

/** The filter names of an export, for its `export.requested` event. */
function filterNames(filters: unknown): string[] {
  return describeFilters(filters).map((l) => l.slice(0, l.indexOf(':')));
}

/**
 * Exports of the users, listings and audit tables to CSV or PDF. The request is checked and stored
 * (`export_jobs` and `export.requested` in one transaction) and always run by the `exports` queue's
 * worker; a small one is awaited and answered as the file, a large one answered 202 with its job.
 * The worker reads keyset batches through the owning module and writes them to a temporary file as it
 * goes, then stores the whole file privately; only then is the export ready (a day), so a killed
 * worker's half-written file is never offered: BullMQ gives the job to another, which starts over.
 */
@Injectable()
export class ExportsService implements OnModuleDestroy {
  private readonly logger = new Logger('ExportsService');
  private readonly links: LinkSigner;
  private queueEvents?: Promise<QueueEvents>;
  readonly fonts: PdfFonts;

  constructor(
    private readonly repo: ExportsRepository,
    private readonly sources: ExportSources,
    private readonly storage: FileStorage,
    private readonly events: EventsService,
    private readonly transactions: Transactions,
    @InjectQueue(QUEUES.exports) private readonly queue: Queue<ExportJobData>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.links = new LinkSigner(config.auth.jwtSecret, 'tahanan:export-download-links:v1');
    this.fonts = resolvePdfFonts({ regular: config.exports.pdfFont, bold: config.exports.pdfFontBold });
  }

  async onModuleDestroy(): Promise<void> {
    if (this.queueEvents) await (await this.queueEvents).close();
  }

  /** The request checked and completed with the resource's defaults (400 with what to fix). */
  params(caller: AuthUser, resource: ExportResource, body: ExportOptionsDto & { filters?: unknown }): ExportParams {
    const spec = RESOURCES[resource];
    const sort = body.sort ?? spec.defaultSort;
    if (!spec.sorts.includes(sort)) throw new BadRequestException(`sort must be one of: ${spec.sorts.join(', ')}`);
    const keys = spec.columns.map((c) => c.key);
    const select = body.select?.length ? body.select : spec.defaultSelect;
    const unknown = select.filter((k) => !keys.includes(k));
    if (unknown.length) throw new BadRequestException(`select: unknown column ${unknown.map((k) => `'${k}'`).join(', ')}; columns: ${keys.join(', ')}`);
    if (new Set(select).size !== select.length) throw new BadRequestException('select: each column at most once');
    const limit = Math.min(body.limit ?? EXPORT_MAX_ROWS, EXPORT_MAX_ROWS);
    const skip = body.skip ?? ((body.page ?? 1) - 1) * limit;
    const filters = this.sources.checkFilters(resource, body.filters);
    return {
      filters,
      sort,
      select,
      skip,
      limit,
      layout: { orientation: body.layout?.orientation ?? 'landscape', pageSize: body.layout?.pageSize ?? 'A4' },
      title: body.title?.trim() || `${spec.title} report`,
      filterSummary: describeFilters(filters),
      ownerRole: caller.role,
    };
  }

  private columnsOf(resource: ExportResource, select: string[]): ExportColumn<unknown>[] {
    const all = RESOURCES[resource].columns as unknown as ExportColumn<unknown>[];
    return select.map((k) => all.find((c) => c.key === k)!);
  }

  private cellsOf(columns: ExportColumn<unknown>[], format: ExportFormat, row: unknown): CellValue[] {
    return format === 'csv' ? columns.map((c) => c.csv(row)) : columns.map((c) => c.pdf(row));
  }

  private open(resource: ExportResource, owner: ExportOwner, p: ExportParams) {
    return this.sources.open(resource, owner, p.filters, p.sort, { skip: p.skip, limit: p.limit });
  }

  /** The first rows as the file will have them, the columns, and how many rows the export would write. */
  async preview(caller: AuthUser, resource: ExportResource, body: ExportOptionsDto & { filters?: unknown; format?: ExportFormat }): Promise<ExportPreviewDto> {
    const p = this.params(caller, resource, body);
    const format = body.format ?? 'csv';
    const columns = this.columnsOf(resource, p.select);
    const source = await this.open(resource, caller, p);
    const rows: string[][] = [];
    for await (const batch of source.batches(EXPORT_PREVIEW_ROWS, EXPORT_PREVIEW_ROWS)) {
      for (const row of batch) rows.push(this.cellsOf(columns, format, row).map((c) => (format === 'pdf' && !this.fonts.hasPeso ? String(c).replace(/₱/g, 'PHP ') : String(c))));
    }
    const { total, estimate } = await source.estimate();
    return { columns: columns.map((c) => ({ key: c.key, label: c.label })), rows, total, totalIsEstimate: estimate };
  }

  /**
   * Starts an export: the job's row and its `export.requested` event in one transaction, then the
   * queued job (its id the row's). A small one (at most EXPORT_INLINE_MAX_ROWS) is awaited up to
   * EXPORT_INLINE_WAIT_MS and answered as its file; otherwise (or when not done in time) the job.
   */
  async request(
    caller: AuthUser,
    resource: ExportResource,
    format: ExportFormat,
    body: ExportOptionsDto & { filters?: unknown },
  ): Promise<{ file: ExportFile } | { accepted: ExportAcceptedDto }> {
    const p = this.params(caller, resource, body);
    const open = await this.repo.openCountOf(caller.id, new Date(Date.now() - 3600_000));
    if (open >= EXPORTS_OPEN_PER_MEMBER) {
      throw tooManyRequests(`You have ${open} exports in progress; wait for one to finish (see Exports), then try again`, 30);
    }
    const source = await this.open(resource, caller, p);
    const { total } = await source.estimate();
    const fileName = exportFileName(resource, format, new Date());
    const row = await this.transactions.run(async () => {
      const created = await this.repo.insert({
        userId: caller.id,
        resource,
        format,
        params: p as unknown as Record<string, unknown>,
        totalRows: total,
        fileName,
      });
      await this.events.publish({
        type: 'export.requested',
        actorId: caller.id,
        entity: { kind: 'export', id: created.id },
        data: { exportId: created.id, userId: caller.id, resource, format, filters: filterNames(p.filters) },
      });
      return created;
    });
    let job: Job<ExportJobData>;
    try {
      job = await this.queue.add('export', { exportId: row.id }, {
        jobId: row.id,
        attempts: EXPORT_JOB_ATTEMPTS,
        backoff: { type: 'fixed', delay: 1000 },
        removeOnComplete: 1000,
        removeOnFail: 1000,
      });
    } catch (err) {
      await this.failed(row.id, `it could not be queued (${(err as Error).message})`);
      throw new ServiceUnavailableException('Exports cannot start right now; try again in a minute');
    }
    if (total <= this.config.exports.inlineMaxRows && this.config.exports.inlineWaitMs > 0) {
      try {
        await job.waitUntilFinished(await this.events$(), this.config.exports.inlineWaitMs);
      } catch {
        // failed or not done in time: the job answers
      }
      const done = await this.repo.findById(row.id);
      if (done?.status === 'ready') {
        const file = await this.openFile(done);
        if (file) return { file };
      }
    }
    const current = (await this.repo.findById(row.id)) ?? row;
    return {
      accepted: { id: current.id, status: current.status, fileName: current.fileName, totalRows: current.totalRows, statusUrl: `/api/export/${current.id}` },
    };
  }

  private events$(): Promise<QueueEvents> {
    this.queueEvents ??= (async () => {
      const events = new QueueEvents(QUEUES.exports, bullConnection(this.config));
      events.on('error', (err) => this.logger.warn(`Export queue events: ${err.message}`));
      await events.waitUntilReady();
      return events;
    })();
    return this.queueEvents;
  }

  private statusOf(row: ExportJobRow): ExportStatus {
    return row.status === 'ready' && row.expiresAt && row.expiresAt <= new Date() ? 'expired' : row.status;
  }

  private toDto(row: ExportJobRow): ExportJobDto {
    const status = this.statusOf(row);
    const progress =
      status === 'ready' ? 100 : row.totalRows ? Math.min(99, Math.floor((row.rowsWritten * 100) / row.totalRows)) : 0;
    return {
      id: row.id,
      resource: row.resource,
      format: row.format,
      status,
      totalRows: row.totalRows,
      rowsWritten: row.rowsWritten,
      progress,
      fileName: row.fileName,
      fileSize: row.fileSize,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      error: row.error,
      ...(status === 'ready' && { downloadUrl: this.downloadUrl(row.id) }),
    };
  }

  /** A signed link to the file, valid EXPORT_LINK_SECONDS (no token needed: `<a href download>`). */
  downloadUrl(id: string, nowMs = Date.now()): string {
    return `/api/export/${id}/download?${this.links.query(`export/${id}`, EXPORT_LINK_SECONDS, 1, nowMs)}`;
  }

  /** The caller's own export (another member's is 404). */
  async get(caller: AuthUser, id: string): Promise<ExportJobDto> {
    const row = await this.repo.findById(id);
    if (!row || row.userId !== caller.id) throw new NotFoundException(EXPORT_NOT_FOUND);
    return this.toDto(row);
  }

  async mine(caller: AuthUser, query: PageQueryDto): Promise<ExportJobListDto> {
    const { limit, skip } = pageWindow(query);
    const { rows, total } = await this.repo.pageOfUser(caller.id, limit, skip);
    return { exports: rows.map((r) => this.toDto(r)), pagination: buildPagination(total, rows.length, limit, skip) };
  }

  /** The file of a signed link: 403 for a link not ours, 410 for an expired link or export; `export.downloaded` published. */
  async download(id: string, expires: string | undefined, signature: string | undefined): Promise<ExportFile> {
    const check = this.links.check(`export/${id}`, expires, signature);
    if (check.state === 'invalid') throw new ForbiddenException(LINK_INVALID);
    if (check.state === 'expired') throw new GoneException(LINK_EXPIRED);
    const row = await this.repo.findById(id);
    if (!row) throw new NotFoundException(EXPORT_NOT_FOUND);
    if (this.statusOf(row) === 'expired') throw new GoneException(EXPORT_EXPIRED);
    if (row.status !== 'ready') throw new NotFoundException(EXPORT_NOT_FOUND);
    const file = await this.openFile(row);
    if (!file) throw new GoneException(EXPORT_EXPIRED);
    await this.transactions.run(() =>
      this.events.publish({
        type: 'export.downloaded',
        actorId: row.userId,
        entity: { kind: 'export', id: row.id },
        data: { exportId: row.id, userId: row.userId ?? '', resource: row.resource, format: row.format, fileName: row.fileName },
      }),
    );
    return file;
  }

  private async openFile(row: ExportJobRow): Promise<ExportFile | null> {
    if (!row.fileKey) return null;
    const opened = await this.storage.open('private', row.fileKey);
    if (!opened) return null;
    return { id: row.id, fileName: row.fileName, contentType: CONTENT_TYPES[row.format], size: opened.size, stream: opened.stream };
  }

  /**
   * Runs an export (the worker): counts its rows, writes them batch by batch to a temporary file
   * (progress saved each batch), stores the whole file privately, then marks it ready with
   * `export.ready` in one transaction. A run that starts over (a retry, a killed worker's job taken
   * over) begins from nothing; nothing is ready until the whole file is stored.
   */
  async run(exportId: string, onProgress?: (percent: number) => Promise<void>): Promise<void> {
    const row = await this.repo.findById(exportId);
    if (!row || row.status === 'ready' || row.status === 'expired') return;
    const p = row.params as unknown as ExportParams;
    const owner: ExportOwner = { id: row.userId ?? '', role: p.ownerRole };
    const source = await this.open(row.resource, owner, p);
    const total = await source.count();
    const started = await this.repo.start(exportId, total);
    if (!started) return;
    const tmpDir = this.config.uploads.tmpDir;
    await mkdir(tmpDir, { recursive: true });
    await this.removeParts(exportId);
    const tmp = path.join(tmpDir, `export-${exportId}-${randomUUID()}.part`);
    const key = `exports/${exportId}/${row.fileName}`;
    try {
      const out = createWriteStream(tmp);
      const columns = this.columnsOf(row.resource, p.select);
      const writer: ExportWriter =
        row.format === 'csv'
          ? new CsvExportWriter(out, columns.map((c) => c.label))
          : new PdfExportWriter(out, {
              title: p.title,
              summary: this.summaryLines(row.resource, p, total, row.createdAt),
              columns: columns.map((c) => ({ label: c.label, kind: c.kind })),
              orientation: p.layout.orientation,
              pageSize: p.layout.pageSize,
              fonts: this.fonts,
            });
      let written = 0;
      try {
        for await (const batch of source.batches(EXPORT_BATCH_ROWS)) {
          await writer.writeRows(batch.map((r) => this.cellsOf(columns, row.format, r)));
          written += batch.length;
          await this.repo.progress(exportId, written);
          await onProgress?.(total ? Math.min(99, Math.floor((written * 100) / total)) : 0);
        }
      } finally {
        await writer.end();
      }
      const { size } = await stat(tmp);
      await this.storage.putFile('private', key, tmp);
      const ok = await this.transactions.run(async () => {
        const marked = await this.repo.ready(exportId, {
          fileKey: key,
          fileSize: size,
          rowsWritten: written,
          expiresAt: new Date(Date.now() + EXPORT_FILE_DAYS * 24 * 3600 * 1000),
        });
        if (!marked) return false;
        await this.events.publish({
          type: 'export.ready',
          actorId: row.userId,
          entity: { kind: 'export', id: exportId },
          data: { exportId, userId: row.userId ?? '', resource: row.resource, format: row.format, fileName: row.fileName, rows: written },
        });
        return true;
      });
      if (!ok) await this.storage.remove('private', key);
    } finally {
      await rm(tmp, { force: true });
    }
  }

  /** The PDF's first-page lines: when, how many rows, the filters, the order. */
  private summaryLines(resource: ExportResource, p: ExportParams, total: number, at: Date): string[] {
    const columns = RESOURCES[resource].columns as unknown as ExportColumn<unknown>[];
    const sortKey = p.sort.replace(/^-/, '');
    const sortLabel = columns.find((c) => c.key === sortKey)?.label ?? (sortKey === 'timestamp' ? 'Time' : sortKey);
    return [
      `Generated ${manilaTime(at)} (Asia/Manila) · ${total.toLocaleString('en-PH')} ${total === 1 ? 'row' : 'rows'}`,
      p.filterSummary.length ? `Filters: ${p.filterSummary.join('; ')}` : 'Filters: none',
      `Sorted by ${sortLabel}, ${p.sort.startsWith('-') ? 'descending' : 'ascending'}${p.skip ? ` · from row ${(p.skip + 1).toLocaleString('en-PH')}` : ''}`,
    ];
  }

  /** Removes the temporary files of earlier runs of an export (a killed worker's). */
  private async removeParts(exportId: string): Promise<void> {
    const dir = this.config.uploads.tmpDir;
    const names = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(names.filter((n) => n.startsWith(`export-${exportId}-`)).map((n) => rm(path.join(dir, n), { force: true })));
  }

  /** After the last attempt: failed, with `export.failed` (once; nothing when it was ready meanwhile). */
  async failed(exportId: string, reason: string): Promise<void> {
    await this.transactions.run(async () => {
      const row = await this.repo.fail(exportId, reason.slice(0, 500));
      if (!row) return;
      await this.events.publish({
        type: 'export.failed',
        actorId: row.userId,
        entity: { kind: 'export', id: exportId },
        data: { exportId, userId: row.userId ?? '', resource: row.resource, format: row.format, reason: reason.slice(0, 200) },
      });
    });
  }

  /**
   * The expiry task: removes the files of exports past their day and marks them expired, and the
   * temporary files older than a day that a dead worker left (its job failed for good, so no run
   * removed them).
   */
  async expireFiles(now = new Date()): Promise<number> {
    const dir = this.config.uploads.tmpDir;
    for (const name of (await readdir(dir).catch(() => [] as string[])).filter((n) => /^export-.+\.part$/.test(n))) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && now.getTime() - info.mtimeMs > EXPORT_FILE_DAYS * 24 * 3600 * 1000) await rm(file, { force: true });
    }
    let done = 0;
    for (;;) {
      const rows = await this.repo.expiredFiles(now, 100);
      for (const r of rows) {
        if (r.fileKey) await this.storage.remove('private', r.fileKey);
        await this.repo.markExpired(r.id);
      }
      done += rows.length;
      if (rows.length < 100) return done;
    }
  }
}
