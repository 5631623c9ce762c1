import { Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuditEntryDto } from '../audit/dto/audit.dto';
import { ListingsService } from '../listings/listings.service';
import { MessagingService } from '../messaging/messaging.service';
import { PaymentsService } from '../payments/payments.service';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { UsersService } from '../users/users.service';
import { dashboardWindow, DASHBOARD_METRICS, fillSeries, type DashboardMetric } from './dashboard-window';
import type { AdminDashboardDto, DashboardInputDto, DashboardSeriesDto, DashboardTotalsDto, UserPageDto } from './dto/admin.dto';

/** Listings on the admin's user page. */
export const USER_PAGE_LISTINGS = 10;
/** Audit entries on the admin's user page. */
export const USER_PAGE_AUDIT = 10;

/**
 * The admin console's user page and dashboard (no tables of its own): every figure comes from the
 * service of the module that owns it.
 */
@Injectable()
export class AdminService {
  constructor(
    private readonly users: UsersService,
    private readonly listings: ListingsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly payments: PaymentsService,
    private readonly messaging: MessagingService,
    private readonly audit: AuditService,
  ) {}

  async userPage(id: string, page = 1): Promise<UserPageDto> {
    const user = await this.users.staffView(id);
    const [subscription, credits, totals, threads, paid, listings, recentAudit] = await Promise.all([
      this.subscriptions.currentOf(id),
      this.users.creditProfile(id),
      this.listings.totals(id),
      this.messaging.threadCountOf(id),
      this.payments.paidTotals(null, id),
      this.listings.ofOwnerForStaff(id, USER_PAGE_LISTINGS, (page - 1) * USER_PAGE_LISTINGS),
      this.recentAuditOf(id),
    ]);
    return {
      user,
      subscription,
      credits: { balance: credits?.balance ?? user.credits.remaining },
      stats: { listings: totals.listings, activeListings: totals.active, threads, payments: paid.count, paidCentavos: paid.amount },
      listings,
      recentAudit,
    };
  }

  /** The newest entries where the member acted or was acted on (two index walks of the audit log, merged). */
  private async recentAuditOf(id: string): Promise<AuditEntryDto[]> {
    const [asActor, asEntity] = await Promise.all([
      this.audit.search({ query: { actor: id }, limit: USER_PAGE_AUDIT }),
      this.audit.search({ query: { entity: { kind: 'user', id } }, limit: USER_PAGE_AUDIT }),
    ]);
    const byId = new Map([...asActor.entries, ...asEntity.entries].map((e) => [e._id, e]));
    return [...byId.values()]
      .sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b._id.localeCompare(a._id))
      .slice(0, USER_PAGE_AUDIT);
  }

  async dashboard(dto: DashboardInputDto, now = new Date()): Promise<AdminDashboardDto> {
    const w = dashboardWindow(dto.filter, now);
    const userId = dto.filter?.userId;
    if (userId && (await this.users.countAll(userId)) === 0) throw new NotFoundException('User not found');
    const metrics: DashboardMetric[] = dto.data?.length ? DASHBOARD_METRICS.filter((m) => dto.data!.includes(m)) : [...DASHBOARD_METRICS];
    const totals: DashboardTotalsDto = {};
    const series: DashboardSeriesDto[] = [];
    await Promise.all(
      metrics.map(async (metric) => {
        switch (metric) {
          case 'users': {
            const [all, created, byPeriod] = await Promise.all([this.users.countAll(userId), this.users.createdIn(w, userId), this.users.createdByPeriod(w, userId)]);
            Object.assign(totals, { users: all, newUsers: created });
            series.push({ metric, points: fillSeries(w, byPeriod) });
            return;
          }
          case 'listings': {
            const [now_, created, byPeriod] = await Promise.all([this.listings.totals(userId), this.listings.createdIn(w, userId), this.listings.createdByPeriod(w, userId)]);
            Object.assign(totals, { listings: now_.listings, activeListings: now_.active, newListings: created });
            series.push({ metric, points: fillSeries(w, byPeriod) });
            return;
          }
          case 'messages': {
            const [sent, byPeriod] = await Promise.all([this.messaging.sentIn(w, userId), this.messaging.sentByPeriod(w, userId)]);
            totals.messages = sent;
            series.push({ metric, points: fillSeries(w, byPeriod) });
            return;
          }
          case 'payments': {
            const [paid, byPeriod] = await Promise.all([this.payments.paidTotals(w, userId), this.payments.paidByPeriod(w, userId)]);
            Object.assign(totals, { payments: paid.count, paidCentavos: paid.amount });
            series.push({ metric, points: fillSeries(w, byPeriod, true) });
            return;
          }
        }
      }),
    );
    series.sort((a, b) => metrics.indexOf(a.metric) - metrics.indexOf(b.metric));
    return { totals, series, from: w.fromDay, to: w.toDay, interval: w.interval };
  }
}
