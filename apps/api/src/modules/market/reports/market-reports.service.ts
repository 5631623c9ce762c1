import { Injectable, NotFoundException } from '@nestjs/common';
import {
  LISTINGS_SOURCE,
  MARKET_MIN_SAMPLE,
  PLANS,
  REPORT_GROUP_IDS,
  REPORT_GROUPS,
  isReportGroupId,
  planForReport,
  planUnlocksReport,
  reportEntitlement,
  type AreaLevel,
  type PlanId,
  type ReportGroupId,
} from '@app/domain';
import type { AuthUser } from '../../../common/auth/auth-user';
import { EntitlementRequiredException } from '../../subscriptions/entitlement-required.exception';
import { SubscriptionsService } from '../../subscriptions/subscriptions.service';
import { MarketListingsService } from '../listing-figures/market-listings.service';
import type { MarketKind, MarketOffer, MarketReport } from '../market-contracts';
import { MarketAreasService, type AreaContext, type ReportOptions } from './market-areas.service';
import { sourcesOf } from './report-parts';
import { ListingReportGroups } from './listing-report-groups';
import { StatisticsReportGroups } from './statistics-report-groups';

export { MARKET_KINDS, MARKET_OFFERS, type ReportOptions } from './market-areas.service';

/** Staff see every report (they support members). */
const isStaff = (caller: AuthUser | undefined) => !!caller && caller.role !== 'user';

/**
 * Composes the 13 market reports and the /bi answers from the listing figures (MarketListingsService),
 * the public statistics (MarketDataService), places, developments and cost assumptions. Every figure
 * carries its source, period, granularity and sample; a barangay with fewer than MARKET_MIN_SAMPLE
 * listings shows its city's figures with `fallback` set. Plan locks are checked here (assertUnlocked).
 */
@Injectable()
export class MarketReportsService {
  constructor(
    private readonly listings: MarketListingsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly areas: MarketAreasService,
    private readonly statistics: StatisticsReportGroups,
    private readonly listingGroups: ListingReportGroups,
  ) {}

  /** The caller's plan for report locks: guests read as Free. */
  async planOf(caller: AuthUser | undefined): Promise<PlanId> {
    if (!caller) return 'free';
    return this.subscriptions.planOf(caller.id);
  }

  /** 402 with the Upgrade prompt when the caller's plan does not unlock the group (staff pass). */
  async assertUnlocked(group: ReportGroupId, caller: AuthUser | undefined): Promise<void> {
    if (isStaff(caller)) return;
    const plan = await this.planOf(caller);
    if (!planUnlocksReport(plan, group)) throw new EntitlementRequiredException(reportEntitlement(group), planForReport(group), plan);
  }

  /** The 13 groups with their tier, sources and whether the caller's plan unlocks them. */
  async groups(caller: AuthUser | undefined) {
    const plan = await this.planOf(caller);
    const staff = isStaff(caller);
    return {
      currentPlan: plan,
      minSample: MARKET_MIN_SAMPLE,
      groups: REPORT_GROUP_IDS.map((id) => {
        const g = REPORT_GROUPS[id];
        return {
          id,
          title: g.title,
          summary: g.summary,
          tier: g.tier,
          sources: [...g.sources],
          entitlement: reportEntitlement(id),
          requiredPlan: planForReport(id),
          requiredPlanName: PLANS[planForReport(id)].name,
          locked: !staff && !planUnlocksReport(plan, id),
        };
      }),
    };
  }

  /** The area a report is of (see MarketAreasService.area). */
  area(code: string, field = 'area', levels?: readonly AreaLevel[]): Promise<AreaContext> {
    return this.areas.area(code, field, levels);
  }

  parseGroup(id: string): ReportGroupId {
    if (!isReportGroupId(id)) throw new NotFoundException(`Unknown report '${id}': one of ${REPORT_GROUP_IDS.join(', ')}`);
    return id;
  }

  /** A report of one group for an area, after the plan check. */
  async report(groupId: string, areaCode: string, opts: ReportOptions, caller: AuthUser | undefined): Promise<MarketReport> {
    const group = this.parseGroup(groupId);
    const o = this.areas.options(opts);
    const ctx = await this.areas.area(areaCode);
    await this.assertUnlocked(group, caller);
    return this.compose(group, ctx, o);
  }

  /** A report without the plan check (the caller checked it). */
  async compose(group: ReportGroupId, ctx: AreaContext, o: { offer: MarketOffer; kind: MarketKind }): Promise<MarketReport> {
    const def = REPORT_GROUPS[group];
    const r: MarketReport = {
      group,
      title: def.title,
      summary: def.summary,
      tier: def.tier,
      area: ctx.ref,
      parents: ctx.parents,
      offer: o.offer,
      kind: o.kind,
      generatedAt: new Date().toISOString(),
      demoData: this.listings.isDemo(),
      figures: [],
      charts: [],
      tables: [],
      notes: [],
      sources: [],
      fallback: null,
      mapPoints: [],
    };
    switch (group) {
      case 'demographics':
        await this.statistics.demographics(r, ctx);
        break;
      case 'economic_data':
        await this.statistics.economic(r, ctx);
        break;
      case 'historic_and_current':
        await this.listingGroups.historic(r, ctx, o.offer, o.kind);
        break;
      case 'job_types':
        await this.statistics.jobTypes(r, ctx);
        break;
      case 'monthly_expenditures':
        await this.statistics.expenditures(r, ctx);
        break;
      case 'cap_ex_rate_data':
        await this.listingGroups.capex(r, o.kind);
        break;
      case 'capitalization_rate':
        await this.listingGroups.capRate(r, ctx, o.kind);
        break;
      case 'future_opportunities':
        await this.listingGroups.opportunities(r, ctx, o.kind);
        break;
      case 'ongoing_development':
        await this.listingGroups.ongoing(r, ctx);
        break;
      case 'market_cycles':
        await this.listingGroups.cycles(r, ctx, o.offer, o.kind);
        break;
      case 'property_trends':
        await this.listingGroups.trends(r, ctx, o.offer, o.kind);
        break;
      case 'safety_and_crime':
        await this.statistics.safety(r, ctx);
        break;
      case 'zonal_values':
        await this.listingGroups.zonal(r, ctx, o.kind);
        break;
    }
    if (r.demoData && REPORT_GROUPS[group].sources.includes(LISTINGS_SOURCE)) r.notes.push('Demo data: the listing figures come from the demonstration listings, not a real market.');
    r.sources = sourcesOf(r);
    return r;
  }
}
