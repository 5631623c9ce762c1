import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { buildPagination } from '@app/domain';
import type { ListingReportRow } from '@app/db';
import type { AuthUser } from '../../../common/auth/auth-user';
import { Transactions } from '../../../common/db/transactions';
import { isUniqueViolation } from '../../../common/db/pg-errors';
import { tooManyRequests } from '../../../common/errors/retry-after';
import { EventsService } from '../../../common/events/events.service';
import { pageWindow, type PageQueryDto } from '../../../common/http/page-query.dto';
import { UsersService } from '../../users/users.service';
import { ListingsRepository } from '../listings.repository';
import { listingEntity, listingRef, ListingsService, NOT_FOUND_MESSAGE } from '../listings.service';
import type { ListingReportDto, ListingReportListDto, ReportCreatedDto, ReportListingDto, ReportsResolvedDto } from './listing-reports.dto';
import { ListingReportsRepository } from './listing-reports.repository';

/** How many listings a member may report in 24 hours. */
export const REPORTS_PER_DAY = 10;
export const ALREADY_REPORTED = 'You have already reported this listing';
export const TOO_MANY_REPORTS = `You can report at most ${REPORTS_PER_DAY} listings a day; try again tomorrow`;
const DAY_MS = 24 * 3600_000;

/**
 * Members' reports of listings (scam, wrong details...) and the admins' resolution. A member reports
 * a listing they can see and do not own, once while the report is open, at most REPORTS_PER_DAY a
 * day; staff read a listing's reports; admins close them all with a resolution.
 */
@Injectable()
export class ListingReportsService {
  constructor(
    private readonly reports: ListingReportsRepository,
    private readonly listingRows: ListingsRepository,
    private readonly listings: ListingsService,
    private readonly users: UsersService,
    private readonly transactions: Transactions,
    private readonly events: EventsService,
  ) {}

  async report(caller: AuthUser, listingId: string, dto: ReportListingDto): Promise<ReportCreatedDto> {
    // 404 when the caller cannot see it (a hidden listing is not confirmed to exist)
    const ref = await this.listings.mustSee(caller, listingId);
    if (ref.ownerId === caller.id) throw new ForbiddenException('You cannot report your own listing');
    // counted in the rows (listing_reports_reporter_idx): exact, and nothing to keep in step; two reports
    // sent at the same instant as the tenth could both pass (an eleventh, never a flood)
    if ((await this.reports.countBySince(caller.id, new Date(Date.now() - DAY_MS))) >= REPORTS_PER_DAY) {
      throw tooManyRequests(TOO_MANY_REPORTS);
    }
    try {
      const row = await this.transactions.run(async () => {
        const inserted = await this.reports.insert(listingId, caller.id, dto.reason, dto.note ?? '');
        await this.events.publish({
          type: 'listing.reported',
          actorId: caller.id,
          entity: { kind: 'listing', id: listingId },
          data: { ...ref, reportId: inserted.id, reason: dto.reason },
        });
        return inserted;
      });
      return { _id: row.id, message: 'Thank you: an admin will review this listing' };
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictException(ALREADY_REPORTED);
      throw err;
    }
  }

  /** A listing's reports for staff, open first, with reporters' and resolvers' names and e-mail addresses. */
  async list(listingId: string, query: PageQueryDto): Promise<ListingReportListDto> {
    if (!(await this.listingRows.findRow(listingId))) throw new NotFoundException(NOT_FOUND_MESSAGE);
    const { limit, skip } = pageWindow(query);
    const { rows, total, open } = await this.reports.page(listingId, limit, skip);
    const ids = rows.flatMap((r) => [r.reporterId, r.resolvedById]).filter((id): id is string => id !== null);
    const people = new Map((await this.users.contactsByIds(ids)).map((c) => [c.id, { _id: c.id, name: `${c.firstName} ${c.lastName}`, email: c.email }]));
    return {
      reports: rows.map((r) => toReportDto(r, people)),
      openCount: open,
      pagination: buildPagination(total, rows.length, limit, skip),
    };
  }

  /** Closes every open report of the listing with the resolution (admins); 409 when none is open. */
  async resolve(caller: AuthUser, listingId: string, resolution: string): Promise<ReportsResolvedDto> {
    const listing = await this.listingRows.findRow(listingId);
    if (!listing) throw new NotFoundException(NOT_FOUND_MESSAGE);
    const resolved = await this.transactions.run(async () => {
      const n = await this.reports.resolveAll(listingId, caller.id, resolution);
      if (n > 0) {
        await this.events.publish({
          type: 'listing.reports_resolved',
          actorId: caller.id,
          entity: listingEntity(listing),
          data: { ...listingRef(listing), count: n, resolution },
        });
      }
      return n;
    });
    if (resolved === 0) throw new ConflictException('This listing has no open reports');
    return { resolved, message: resolved === 1 ? '1 report resolved' : `${resolved} reports resolved` };
  }
}

function toReportDto(r: ListingReportRow, people: Map<string, { _id: string; name: string; email: string }>): ListingReportDto {
  return {
    _id: r.id,
    listingId: r.listingId,
    reason: r.reason,
    note: r.note,
    reporter: (r.reporterId && people.get(r.reporterId)) || null,
    open: r.resolvedAt === null,
    createdAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    resolvedBy: (r.resolvedById && people.get(r.resolvedById)) || null,
    resolution: r.resolution,
  };
}
