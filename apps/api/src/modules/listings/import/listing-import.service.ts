import { InjectQueue } from '@nestjs/bullmq';
import { BadRequestException, HttpException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { buildPagination, type NewDomainEvent } from '@app/domain';
import type { ListingCard } from '../listing.mapper';
import type { AuthUser } from '../../../common/auth/auth-user';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config';
import { Transactions } from '../../../common/db/transactions';
import { EventsService } from '../../../common/events/events.service';
import { pageWindow, type PageQueryDto } from '../../../common/http/page-query.dto';
import { QUEUES } from '../../../common/queue/queues';
import { FileStorage } from '../../../common/storage/storage.service';
import { firstJsonByte } from '../../../common/upload/json-sniffer';
import { PlacesService, type AddressInput, type PlaceLookup, type ResolvedAddress } from '../../places/places.service';
import { UsersService } from '../../users/users.service';
import { ListingsService, type ImportedListing } from '../listings.service';
import type { ImportAnswerDto, ImportDto, ImportListDto, ImportSummaryDto } from './dto/listing-import.dto';
import { parseImportRow, reasonOf } from './import-row';
import { locateJsonError, readJsonArray } from './json-array';
import { ListingImportRepository, type ImportRejection, type ListingImportRow } from './listing-import.repository';

export const NOT_A_JSON_ARRAY = 'The file must be a JSON array of listings';
export const IMPORT_NOT_FOUND = 'Import not found';
/** Rows written per transaction (and per progress report). */
export const IMPORT_BATCH_ROWS = 500;
/** Rejected rows listed on an import (the count is exact beyond). */
export const IMPORT_REJECTIONS_KEPT = 1000;
const WAIT_POLL_MS = 100;

export interface ImportJob {
  importId: string;
}

/** A failure of the file itself (not JSON, not an array): the import stops, it is not retried. */
class FileError extends Error {}

/** The report in words, as the answer's message and the web show it. */
export function importMessage(i: Pick<ListingImportRow, 'created' | 'updated' | 'unchanged' | 'rejected'>): string {
  const imported = i.created + i.updated + i.unchanged;
  return `Imported ${imported} listing${imported === 1 ? '' : 's'}: ${i.created} created, ${i.updated} updated, ${i.unchanged} unchanged, ${i.rejected} rejected`;
}

/**
 * Listing imports from JSON (staff keep the catalogue: admins and super admins import, viewers and
 * admins read the reports). The upload is stored privately and one `imports` job per import reads it
 * streaming, row by row through create's rules, and writes batches of IMPORT_BATCH_ROWS with their
 * events and the import's progress in one transaction each, so a retried job resumes after the last
 * batch written. Rows are matched by `code`: new codes are created, known ones updated when a column
 * differs, else counted unchanged and not written (a re-import of the same file writes nothing).
 */
@Injectable()
export class ListingImportService {
  constructor(
    private readonly imports: ListingImportRepository,
    private readonly listings: ListingsService,
    private readonly places: PlacesService,
    private readonly users: UsersService,
    private readonly storage: FileStorage,
    private readonly transactions: Transactions,
    private readonly events: EventsService,
    @InjectQueue(QUEUES.imports) private readonly queue: Queue<ImportJob>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Stores the upload, records the import (and `listing.import_started`) and queues its job; then
   * waits for a small import (at most inlineMaxRows rows, done within inlineWaitMs) to answer its report.
   */
  async start(caller: AuthUser, files: Express.Multer.File[] | undefined): Promise<{ status: 200 | 202; body: ImportAnswerDto }> {
    const file = files?.[0];
    if (!file) throw new BadRequestException("Send the JSON file in the multipart field 'file'");
    if ((await firstJsonByte(file.path)) !== '[') throw new BadRequestException(NOT_A_JSON_ARRAY);
    const id = randomUUID();
    const fileKey = `listing-imports/${id}.json`;
    await this.storage.putFile('private', fileKey, file.path);
    const fileName = (file.originalname || 'listings.json').slice(0, 200);
    await this.transactions.run(async () => {
      await this.imports.insert({
        id,
        userId: caller.id,
        fileName,
        fileKey,
        fileSize: file.size,
      });
      await this.events.publish({
        type: 'listing.import_started',
        actorId: caller.id,
        entity: { kind: 'import', id },
        data: { importId: id, userId: caller.id, fileName },
      });
    });
    await this.queue.add('import', { importId: id }, { jobId: id });
    const row = await this.waitInline(id);
    if (row.status === 'failed') throw new BadRequestException(row.error ?? 'The import stopped');
    if (row.status === 'done' && (row.totalRows ?? 0) <= this.config.listingImport.inlineMaxRows) {
      return {
        status: 200,
        body: { message: importMessage(row), import: await this.toDto(row) },
      };
    }
    return {
      status: 202,
      body: {
        message: 'Import started: the report will be in Imports when it finishes',
        import: await this.toDto(row),
      },
    };
  }

  /** The import once finished, or as it stands when it grew past inlineMaxRows rows or inlineWaitMs passed. */
  private async waitInline(id: string): Promise<ListingImportRow> {
    const { inlineMaxRows, inlineWaitMs } = this.config.listingImport;
    const until = Date.now() + inlineWaitMs;
    for (;;) {
      const row = await this.imports.find(id);
      if (!row) throw new NotFoundException(IMPORT_NOT_FOUND);
      if (row.status === 'done' || row.status === 'failed' || row.rowsDone > inlineMaxRows || Date.now() >= until) return row;
      await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    }
  }

  async get(id: string): Promise<ImportDto> {
    const row = await this.imports.find(id);
    if (!row) throw new NotFoundException(IMPORT_NOT_FOUND);
    return this.toDto(row);
  }

  async list(query: PageQueryDto): Promise<ImportListDto> {
    const { limit, skip } = pageWindow(query);
    const { rows, total } = await this.imports.page(limit, skip);
    const imports = await Promise.all(rows.map((r) => this.toSummary(r)));
    return {
      imports,
      pagination: buildPagination(total, rows.length, limit, skip),
    };
  }

  private async progressOf(row: ListingImportRow): Promise<number> {
    if (row.status === 'done') return 100;
    if (row.status !== 'running') return 0;
    const job = await this.queue.getJob(row.id);
    return typeof job?.progress === 'number' ? job.progress : 0;
  }

  private async toSummary(row: ListingImportRow): Promise<ImportSummaryDto> {
    return {
      id: row.id,
      fileName: row.fileName,
      userId: row.userId,
      status: row.status,
      totalRows: row.totalRows,
      rowsDone: row.rowsDone,
      progress: await this.progressOf(row),
      created: row.created,
      updated: row.updated,
      unchanged: row.unchanged,
      rejected: row.rejected,
      error: row.error,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    };
  }

  private async toDto(row: ListingImportRow): Promise<ImportDto> {
    return { ...(await this.toSummary(row)), rejections: row.rejections };
  }

  /**
   * The job: reads the file from the row after the last batch written (a retried job resumes there),
   * writes batch by batch, and finishes the import (done, or failed when the file is not a JSON array,
   * with where it stops being JSON). Other errors (the database) throw, and BullMQ retries the job;
   * after its last attempt the import is marked failed.
   */
  async run(job: Job<ImportJob>): Promise<void> {
    const row = await this.imports.find(job.data.importId);
    if (!row || row.status === 'done' || row.status === 'failed') return;
    try {
      await this.process(row, job);
    } catch (err) {
      const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (err instanceof FileError) await this.finish(row, 'failed', null, err.message);
      else if (last) await this.finish(row, 'failed', null, `The import stopped: ${(err as Error).message}`);
      if (!(err instanceof FileError)) throw err;
    }
  }

  private async process(row: ListingImportRow, job: Job<ImportJob>): Promise<void> {
    if (!row.userId) throw new FileError('The admin who started this import no longer has an account');
    await this.imports.markRunning(row.id);
    const opened = await this.storage.open('private', row.fileKey);
    if (!opened) throw new FileError('The uploaded file is no longer in storage');
    const state = {
      rowsDone: row.rowsDone,
      created: row.created,
      updated: row.updated,
      unchanged: row.unchanged,
      rejected: row.rejected,
      kept: row.rejections.length,
    };
    const run = new ImportRun(row.id, row.userId, this.listings, this.places, this.users);
    const reader = readJsonArray(opened.stream);
    type Prepared = Awaited<ReturnType<ImportRun['prepare']>>;
    const write = async (result: Prepared) => {
      const newRejections = result.rejections.slice(0, Math.max(0, IMPORT_REJECTIONS_KEPT - state.kept));
      await this.transactions.run(async () => {
        const counts = await this.listings.writeImported(run.actorId, result.creates, result.updates);
        state.rowsDone = result.lastRow;
        state.created += counts.created;
        state.updated += counts.updated;
        state.unchanged += counts.unchanged;
        state.rejected += result.rejections.length;
        await this.imports.saveProgress(row.id, { ...state, newRejections });
      });
      state.kept += newRejections.length;
      await job.updateProgress(Math.min(99, Math.floor((100 * reader.bytesRead()) / Math.max(1, opened.size))));
    };
    // A batch is read and checked while the one before it is written (one write at a time, in order;
    // the codes a write in flight adds are known to the run, so nothing is read stale).
    let batch: Array<{ row: number; value: unknown }> = [];
    let writing: Promise<void> | null = null;
    const flush = async () => {
      const items = batch;
      batch = [];
      try {
        const prepared = await run.prepare(items);
        if (writing) await writing;
        writing = write(prepared);
        writing.catch(() => undefined); // awaited by the next flush or the end
      } catch (err) {
        throw new WriteError(err);
      }
    };
    let total = 0;
    try {
      for await (const { key, value } of reader.items) {
        total = key + 1;
        if (key < state.rowsDone) {
          run.remember(value, key + 1); // written before this attempt: only its code is noted
          continue;
        }
        batch.push({ row: key + 1, value });
        if (batch.length >= IMPORT_BATCH_ROWS) await flush();
      }
      if (batch.length) await flush();
      if (writing) await (writing as Promise<void>).catch((err: unknown) => Promise.reject(new WriteError(err)));
    } catch (err) {
      if (writing) await (writing as Promise<void>).catch(() => undefined); // the report keeps what was written
      if (err instanceof WriteError) throw err.cause;
      const described = await this.describeFileError(row, err as Error);
      // the file reads as JSON on a second look: storage failed, not the file; the job is retried
      if (described === null) throw err;
      throw new FileError(described);
    }
    await this.finish({ ...row, ...state }, 'done', total, null);
  }

  /** Marks an import failed unless it already finished (its job will not run again). */
  async failIfOpen(importId: string, error: string): Promise<void> {
    const row = await this.imports.find(importId);
    if (row && (row.status === 'queued' || row.status === 'running')) await this.finish(row, 'failed', null, error);
  }

  /** What is wrong with the file (not an array, or where it stops being JSON), or null when it parses: then the error was not the file's. */
  private async describeFileError(row: ListingImportRow, err: Error): Promise<string | null> {
    if (/top-level object should be an array/i.test(err.message)) return NOT_A_JSON_ARRAY;
    const at = await locateJsonError(async () => {
      const opened = await this.storage.open('private', row.fileKey);
      if (!opened) throw err;
      return opened.stream;
    });
    if (!at) return null;
    return `The file is not valid JSON: ${at.message} at line ${at.line}, column ${at.column} (byte ${at.byte})`;
  }

  private async finish(
    row: Pick<ListingImportRow, 'id' | 'userId' | 'fileName'>,
    status: 'done' | 'failed',
    totalRows: number | null,
    error: string | null,
  ): Promise<void> {
    await this.transactions.run(async () => {
      const done = await this.imports.finish(row.id, {
        status,
        totalRows,
        error,
      });
      if (!row.userId) return;
      const event: NewDomainEvent<'listing.import_finished'> = {
        type: 'listing.import_finished',
        actorId: row.userId,
        entity: { kind: 'import', id: row.id },
        data: {
          importId: row.id,
          userId: row.userId,
          fileName: row.fileName,
          created: done.created,
          updated: done.updated,
          unchanged: done.unchanged,
          rejected: done.rejected,
          failed: error,
        },
      };
      await this.events.publish(event);
    });
  }
}

/** An error while writing a batch (the database), told apart from the file's own errors. */
class WriteError extends Error {
  constructor(readonly cause: unknown) {
    super((cause as Error)?.message ?? String(cause));
  }
}

/**
 * One run of an import's job: what it remembers across batches (codes seen in the file, owners and
 * addresses looked up), and the preparation of a batch by create's rules.
 */
class ImportRun {
  private readonly codes = new Map<string, number>();
  private readonly owners = new Map<string, Promise<string | null>>();
  private readonly addresses = new Map<string, Promise<ResolvedAddress>>();
  /** The places of the batch being prepared, read at once (resolveAddress's rules, a few queries a batch). */
  private batchPlaces: PlaceLookup | undefined;

  constructor(
    readonly importId: string,
    readonly actorId: string,
    private readonly listings: ListingsService,
    private readonly places: PlacesService,
    private readonly users: UsersService,
  ) {}

  /** Notes the code of a row written by an earlier attempt (a later duplicate is still refused). */
  remember(value: unknown, row: number): void {
    const code = (value as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && !this.codes.has(code.trim())) this.codes.set(code.trim(), row);
  }

  /** resolveAddress, once per distinct address (its failures too). */
  private static addressKey(address: AddressInput): string {
    return [address.regionCode, address.provinceCode, address.cityCode, address.barangayCode].join('|');
  }

  /** resolveAddress, once per distinct address in the run (its failures too). */
  private resolveAddress = (address: AddressInput): Promise<ResolvedAddress> => {
    const key = ImportRun.addressKey(address);
    let found = this.addresses.get(key);
    if (!found) {
      found = this.places.resolveAddress(address, this.batchPlaces);
      found.catch(() => undefined);
      this.addresses.set(key, found);
    }
    return found;
  };

  private ownerId(owner: string): Promise<string | null> {
    const key = owner.toLowerCase();
    let found = this.owners.get(key);
    if (!found) {
      found = owner.includes('@')
        ? this.users.idByEmail(owner)
        : this.users.profilesByIds([owner]).then((p) => (p.length ? p[0].id : null));
      this.owners.set(key, found);
    }
    return found;
  }

  async prepare(batch: Array<{ row: number; value: unknown }>): Promise<{
    creates: ImportedListing[];
    updates: Array<{ before: ListingCard; values: ImportedListing }>;
    rejections: ImportRejection[];
    lastRow: number;
  }> {
    const rejections: ImportRejection[] = [];
    const parsed: Array<{
      row: number;
      code: string;
      owner: string | null;
      dto: Parameters<ListingsService['listingValues']>[0];
    }> = [];
    for (const { row, value } of batch) {
      const outcome = await parseImportRow(value);
      if (!outcome.ok) {
        rejections.push({ row, code: outcome.code, reason: outcome.reason });
        continue;
      }
      const { code } = outcome.row;
      const earlier = this.codes.get(code);
      if (earlier !== undefined) {
        rejections.push({
          row,
          code,
          reason: `code ${code} is also row ${earlier} of this file; a listing may appear once`,
        });
        continue;
      }
      this.codes.set(code, row);
      parsed.push({ row, ...outcome.row });
    }
    const unresolved = parsed.map((p) => p.dto.address).filter((a) => !this.addresses.has(ImportRun.addressKey(a)));
    this.batchPlaces = await this.places.preloadPlaces(
      unresolved.flatMap((a) => [a.barangayCode, a.cityCode ?? '', a.provinceCode ?? '', a.regionCode ?? '']),
    );
    const existing = new Map((await this.listings.rowsByCodes(parsed.map((p) => p.code))).map((l) => [l.code, l]));
    const creates: ImportedListing[] = [];
    const updates: Array<{ before: ListingCard; values: ImportedListing }> = [];
    for (const p of parsed) {
      const before = existing.get(p.code);
      let ownerId = before?.ownerId ?? this.actorId;
      if (p.owner) {
        const found = await this.ownerId(p.owner);
        if (!found) {
          rejections.push({
            row: p.row,
            code: p.code,
            reason: `owner ${p.owner} is not a member`,
          });
          continue;
        }
        ownerId = found;
      }
      try {
        const values = await this.listings.listingValues(p.dto, {
          verified: before?.verified ?? false,
          resolveAddress: this.resolveAddress,
        });
        const listing: ImportedListing = { ...values, code: p.code, ownerId };
        if (before) updates.push({ before, values: listing });
        else creates.push(listing);
      } catch (err) {
        if (!(err instanceof HttpException)) throw err;
        rejections.push({ row: p.row, code: p.code, reason: reasonOf(err) });
      }
    }
    rejections.sort((a, b) => a.row - b.row);
    return {
      creates,
      updates,
      rejections,
      lastRow: batch[batch.length - 1].row,
    };
  }
}
