import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AuthUser } from '../../../common/auth/auth-user';
import { Transactions } from '../../../common/db/transactions';
import { tooManyRequests } from '../../../common/errors/retry-after';
import { EventsService } from '../../../common/events/events.service';
import { REDIS } from '../../../common/redis/redis.module';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config';
import type { MarketKind, MarketOffer } from '../market-contracts';
import { reportCsv, reportFileName, reportPdf, type ReportExportFormat } from './market-report-export';
import { MarketReportsService } from './market-reports.service';

/** A report written as CSV or PDF: the same report and plan lock as GET /bi/get/{id}, counted per member, recorded as market.report_exported. */
@Injectable()
export class MarketReportExportsService {
  private readonly limiter: RateLimiterRedis;
  /** Exports per member and hour (MARKET_REPORT_EXPORTS_PER_HOUR, 60: a PDF takes tens of milliseconds of CPU). */
  private readonly perHour: number;

  constructor(
    private readonly reports: MarketReportsService,
    private readonly transactions: Transactions,
    private readonly events: EventsService,
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.perHour = config.market.reportExportsPerHour;
    this.limiter = new RateLimiterRedis({ storeClient: redis, points: this.perHour, duration: 3600, keyPrefix: 'market-report-export' });
  }

  async export(caller: AuthUser, format: ReportExportFormat, body: { group: string; area: string; offer?: MarketOffer; kind?: MarketKind }): Promise<{ fileName: string; contentType: string; body: Buffer; retryAfter?: number }> {
    const report = await this.reports.report(body.group, body.area, { offer: body.offer, kind: body.kind }, caller);
    try {
      await this.limiter.consume(caller.id);
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        const minutes = Math.max(1, Math.ceil(err.msBeforeNext / 60000));
        throw tooManyRequests(`Too many report exports: try again in ${minutes} minute${minutes === 1 ? "" : "s"} (at most ${this.perHour} an hour)`, Math.ceil(err.msBeforeNext / 1000));
      }
      throw err;
    }
    const file = format === 'csv' ? reportCsv(report) : await reportPdf(report);
    await this.transactions.run(async () => {
      await this.events.publish({
        type: 'market.report_exported',
        actorId: caller.id,
        entity: null,
        data: { group: report.group, areaCode: report.area.code, format },
      });
    });
    return { fileName: reportFileName(report, format), contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf', body: file };
  }
}
