import { BadRequestException, Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import type { UserRole } from '@app/domain';
import { AuditQueryDto } from '../audit/dto/audit.dto';
import { AuditService } from '../audit/audit.service';
import { ListingsService } from '../listings/listings.service';
import type { ListingExportSortKey } from '../listings/listings.repository';
import { parseUserFilters, UsersService } from '../users/users.service';
import type { UserSortKey } from '../users/users.repository';
import { RESOURCES, type ExportResource, type ListingExportItem } from './export-columns';

/** Whose export: its rows are what this member may read. */
export interface ExportOwner {
  id: string;
  role: UserRole;
}

/** A keyset cursor: the last row's sort value (as text) and id. */
type Cursor = { key: string; id: string } | null;

/** An export's selection, read through the owning module's service. */
export interface ExportSource {
  /** The rows the export writes (after skip, at most limit): exact (counted up to skip + limit). */
  count(): Promise<number>;
  /** The same for a preview or the request's answer: exact, or the search's estimate when large. */
  estimate(): Promise<{ total: number; estimate: boolean }>;
  /** The rows, `batchSize` at a time, in order (the next batch is read while the caller writes this one). */
  batches(batchSize: number, limit?: number): AsyncGenerator<unknown[]>;
}

interface Window {
  skip: number;
  limit: number;
}

function sortOf(sort: string): { field: string; desc: boolean } {
  return sort.startsWith('-') ? { field: sort.slice(1), desc: true } : { field: sort, desc: false };
}

function validationMessage(errors: ValidationError[], prefix: string): string {
  const first: string[] = [];
  const walk = (list: ValidationError[], path: string) => {
    for (const e of list) {
      const at = `${path}${e.property}`;
      if (e.constraints) first.push(...Object.values(e.constraints).map((m) => (m.startsWith(e.property) ? `${path}${m}` : `${at}: ${m}`)));
      if (e.children?.length) walk(e.children, `${at}.`);
    }
  };
  walk(errors, prefix);
  return first.join('; ');
}

/**
 * Reads an export's rows from the module that owns them (users, listings, audit), never holding more
 * than two batches: keyset pages in the export's order (the sort column, then id).
 */
@Injectable()
export class ExportSources {
  constructor(
    private readonly users: UsersService,
    private readonly listings: ListingsService,
    private readonly audit: AuditService,
  ) {}

  /** Checks an export's filters as the resource's search would (400 with what to fix); answers them as stored. */
  checkFilters(resource: ExportResource, filters: unknown): unknown {
    if (resource === 'users') {
      parseUserFilters(filters);
      return filters ?? null;
    }
    if (filters !== undefined && filters !== null && (typeof filters !== 'object' || Array.isArray(filters))) {
      throw new BadRequestException('filters must be an object');
    }
    if (resource === 'listings') {
      this.listings.exportFilters((filters ?? {}) as never);
      return filters ?? null;
    }
    this.auditQueryDto(filters);
    return filters ?? null;
  }

  private auditQueryDto(filters: unknown): AuditQueryDto | undefined {
    if (filters === undefined || filters === null) return undefined;
    const dto = plainToInstance(AuditQueryDto, filters);
    const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length) throw new BadRequestException(validationMessage(errors, 'filters.'));
    return dto;
  }

  /** The source of an export (filters as stored; checked again). */
  async open(resource: ExportResource, owner: ExportOwner, filters: unknown, sort: string, window: Window): Promise<ExportSource> {
    if (!RESOURCES[resource].sorts.includes(sort)) throw new BadRequestException(`sort must be one of: ${RESOURCES[resource].sorts.join(', ')}`);
    const { field, desc } = sortOf(sort);
    const cap = window.skip + window.limit;
    const within = (n: number) => Math.max(0, Math.min(n, cap) - window.skip);

    if (resource === 'users') {
      const f = parseUserFilters(filters);
      const s = { field: field as UserSortKey, desc };
      return this.source(window, async () => within(await this.users.exportCount(f, cap)), null, async (after, n, skip) => {
        const rows = await this.users.exportBatch(f, s, after, n, skip);
        return { items: rows.map((r) => r.user), last: rows.length ? { key: rows[rows.length - 1].sortKey, id: rows[rows.length - 1].user.id } : null };
      });
    }

    if (resource === 'listings') {
      const f = this.listings.exportFilters((filters ?? {}) as never);
      const s = { field: field as ListingExportSortKey, desc };
      return this.source(
        window,
        async () => within(await this.listings.exportCount(owner, f, cap)),
        async () => {
          const { total, estimated } = await this.listings.exportTotal(owner, f);
          return { total: within(total), estimate: estimated };
        },
        async (after, n, skip) => {
          const rows = await this.listings.exportBatch(owner, f, s, after, n, skip);
          const owners = new Map(
            (await this.users.profilesByIds(rows.map((r) => r.ownerId))).map((p) => [p.id, `${p.firstName} ${p.lastName}`.trim()]),
          );
          const items: ListingExportItem[] = rows.map((r) => ({ ...r, ownerName: owners.get(r.ownerId) ?? '' }));
          return { items, last: rows.length ? { key: rows[rows.length - 1].sortKey, id: rows[rows.length - 1].id } : null };
        },
      );
    }

    const q = await this.audit.exportQuery(this.auditQueryDto(filters));
    const oldestFirst = !desc;
    return this.source(
      window,
      async () => within(await this.audit.exportCount(q, cap)),
      async () => {
        const { total, estimate } = await this.audit.exportTotal(q);
        return { total: within(total), estimate };
      },
      async (after, n, skip) => {
        const rows = await this.audit.exportBatch(q, oldestFirst, after, n, skip);
        return { items: rows, last: rows.length ? { key: rows[rows.length - 1].sortKey, id: rows[rows.length - 1].id } : null };
      },
    );
  }

  private source(
    window: Window,
    count: () => Promise<number>,
    estimate: (() => Promise<{ total: number; estimate: boolean }>) | null,
    read: (after: Cursor, n: number, skip: number) => Promise<{ items: unknown[]; last: Cursor }>,
  ): ExportSource {
    return {
      count,
      estimate: estimate ?? (async () => ({ total: await count(), estimate: false })),
      async *batches(batchSize: number, limit = window.limit) {
        let remaining = Math.min(limit, window.limit);
        if (remaining <= 0) return;
        let pending = read(null, Math.min(batchSize, remaining), window.skip);
        while (pending) {
          const { items, last } = await pending;
          const asked = Math.min(batchSize, remaining);
          remaining -= items.length;
          // read the next batch while this one is written
          pending = items.length === asked && remaining > 0 && last ? read(last, Math.min(batchSize, remaining), 0) : (null as never);
          if (items.length) yield items;
        }
      },
    };
  }
}
