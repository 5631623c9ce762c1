import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuditLogRow } from '@app/db';
import { auditSeverityOf, buildPagination, describeEvent, type AuditSeverity, type DomainEvent } from '@app/domain';
import type { AuthUser } from '../../common/auth/auth-user';
import { Transactions } from '../../common/db/transactions';
import { EventsService } from '../../common/events/events.service';
import { pageWindow, type PageQueryDto } from '../../common/http/page-query.dto';
import { UsersService } from '../users/users.service';
import type { AuditEntryDto, AuditFacetsDto, AuditListDto, AuditQueryDto, AuditSearchDto } from './dto/audit.dto';
import { AuditRepository, type AuditQuery } from './audit.repository';

export const AUDIT_NOT_FOUND = 'Audit entry not found';
/** The day facet covers at most this many days (the newest that have entries). */
export const AUDIT_FACET_DAYS = 90;

/**
 * The words of an audit text search as to_tsquery('simple') texts: `exact`, each word (letters, digits
 * and @ . _ + -) as a whole word; `prefix`, the same with the last word also matching words it begins
 * ("Dela Cru" finds "Dela Cruz"), or null when the last word cannot be a beginning (a hyphenated code,
 * which the parser splits into parts, or a single character). Both null when nothing searchable is left.
 * A search tries the exact words first and the beginning only when they match nothing: a beginning
 * gathers every word it starts, which for a common name costs tens of milliseconds over millions of
 * entries, where a whole word costs one.
 */
export function auditTextQuery(text: string): { exact: string; prefix: string | null } | null {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}@._+-]/gu, '').replace(/^[-.]+|[-.]+$/g, ''))
    .filter(Boolean)
    .slice(0, 8);
  if (!words.length) return null;
  const exact = words.map((w) => `'${w}'`).join(' & ');
  const last = words[words.length - 1];
  const prefix = last.length >= 2 && !last.includes('-') ? [...words.slice(0, -1).map((w) => `'${w}'`), `'${last}':*`].join(' & ') : null;
  return { exact, prefix };
}

function toAuditEntryDto(row: AuditLogRow): AuditEntryDto {
  return {
    _id: row.id,
    user: row.actorId ? { _id: row.actorId, name: row.actorName, email: row.actorEmail } : null,
    type: row.type,
    severity: row.severity,
    entity: row.entityKind && row.entityId ? { kind: row.entityKind as never, id: row.entityId } : null,
    description: row.description,
    timestamp: row.occurredAt.toISOString(),
    ip: row.ip,
    userAgent: row.userAgent,
    requestId: row.requestId,
  };
}

/** The audit log: written from events (never edited), read by staff, an entry removed only by a super admin. */
@Injectable()
export class AuditService {
  constructor(
    private readonly audit: AuditRepository,
    private readonly users: UsersService,
    private readonly events: EventsService,
    private readonly transactions: Transactions,
  ) {}

  /** Writes the entry of an audited event (the subscriber calls it); nothing for an event that is not audited. */
  async record(event: DomainEvent): Promise<boolean> {
    const severity = auditSeverityOf(event);
    if (!severity) return false;
    const [actor] = event.actorId ? await this.users.contactsByIds([event.actorId]) : [];
    await this.audit.insert({
      eventId: event.id,
      actorId: event.actorId,
      actorName: actor ? `${actor.firstName} ${actor.lastName}`.trim() : null,
      actorEmail: actor?.email ?? null,
      type: event.type,
      severity,
      entityKind: event.entity?.kind ?? null,
      entityId: event.entity?.id ?? null,
      description: describeEvent(event),
      ip: event.context.ip ?? null,
      userAgent: event.context.userAgent ?? null,
      requestId: event.context.requestId ?? null,
      occurredAt: new Date(event.occurredAt),
    });
    return true;
  }

  async list(query: PageQueryDto): Promise<AuditListDto> {
    return this.search({ page: query.page, limit: query.limit });
  }

  async get(id: string): Promise<AuditEntryDto> {
    const row = await this.audit.findById(id);
    if (!row) throw new NotFoundException(AUDIT_NOT_FOUND);
    return toAuditEntryDto(row);
  }

  async search(body: AuditSearchDto): Promise<AuditListDto> {
    const { limit, skip } = pageWindow(body);
    const { query, beginning } = this.queryOf(body.query);
    const run = (q: AuditQuery) => this.audit.search(q, body.sort === 'timestamp', limit, skip);
    let { rows, total, estimate } = await run(query);
    if (beginning && total === 0) ({ rows, total, estimate } = await run(beginning));
    return {
      entries: rows.map(toAuditEntryDto),
      pagination: buildPagination(total, rows.length, limit, skip),
      totalIsEstimate: estimate,
    };
  }

  async facets(dto: { query?: AuditQueryDto }): Promise<AuditFacetsDto> {
    const { query, beginning } = this.queryOf(dto.query);
    const chosen = beginning && (await this.audit.search(query, false, 1, 0)).total === 0 ? beginning : query;
    const { types, severities, byDay, total, limitedToNewest } = await this.audit.facets(chosen, AUDIT_FACET_DAYS);
    return { type: types, severity: severities, day: byDay, total, limitedToNewest };
  }

  /** Removes an entry (super admin); the removal is itself audited, as critical, in the same transaction. */
  async remove(caller: AuthUser, id: string): Promise<{ message: string }> {
    await this.transactions.run(async () => {
      const row = await this.audit.remove(id);
      if (!row) throw new NotFoundException(AUDIT_NOT_FOUND);
      await this.events.publish({
        type: 'audit.removed',
        actorId: caller.id,
        entity: { kind: 'audit', id },
        data: { auditId: id, type: row.type, severity: row.severity as AuditSeverity, description: row.description },
      });
    });
    return { message: 'Audit entry removed' };
  }

  /** Deletes entries older than `days` days (the retention task). */
  prune(days: number): Promise<number> {
    return this.audit.pruneBefore(new Date(Date.now() - days * 24 * 3600 * 1000));
  }

  /**
   * The repository's query of a search body: `query` with the words matching whole, and `beginning`, the
   * same with the last word also matching the words it begins, to run when `query` matches nothing
   * (null when there are no words or the last cannot be a beginning; see auditTextQuery). Whether
   * anything matches is asked through the capped count, not a LIMIT 1 probe, which the planner may
   * answer with a scan of the whole log when the words are common but never together.
   */
  private queryOf(q: AuditQueryDto | undefined): { query: AuditQuery; beginning: AuditQuery | null } {
    if (!q) return { query: {}, beginning: null };
    const from = q.from ? new Date(q.from) : undefined;
    const to = q.to ? new Date(q.to) : undefined;
    if (from && to && from >= to) throw new BadRequestException('query.from must be before query.to');
    if (q.entity?.id && !q.entity.kind) throw new BadRequestException('query.entity needs its kind');
    const query: AuditQuery = {
      types: q.type,
      severities: q.severity,
      actorId: q.actor,
      entityKind: q.entity?.kind,
      entityId: q.entity?.id,
      from,
      to,
    };
    const words = q.text ? auditTextQuery(q.text) : null;
    if (!words) return { query, beginning: null };
    return { query: { ...query, tsquery: words.exact }, beginning: words.prefix ? { ...query, tsquery: words.prefix } : null };
  }

  /**
   * The repository's query of an audit export's filters (the `query` of /audit/search, same rules and
   * 400s): its words matching whole, or, when that matches nothing, the last word as a beginning.
   */
  async exportQuery(q: AuditQueryDto | undefined): Promise<AuditQuery> {
    const { query, beginning } = this.queryOf(q);
    if (beginning && (await this.audit.search(query, false, 1, 0)).total === 0) return beginning;
    return query;
  }

  /** How many entries an audit export's query selects (exact up to 10,000, then estimated, as in a search). */
  async exportTotal(q: AuditQuery): Promise<{ total: number; estimate: boolean }> {
    const { total, estimate } = await this.audit.search(q, false, 1, 0);
    return { total, estimate };
  }

  /** A keyset batch of an audit export (see AuditRepository.exportBatch). */
  exportBatch(q: AuditQuery, oldestFirst: boolean, after: { key: string; id: string } | null, limit: number, skip = 0) {
    return this.audit.exportBatch(q, oldestFirst, after, limit, skip);
  }

  /** The exact number of entries an export selects, up to `cap`. */
  exportCount(q: AuditQuery, cap: number): Promise<number> {
    return this.audit.exportCount(q, cap);
  }
}
