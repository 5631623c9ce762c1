import { Injectable } from '@nestjs/common';
import { PLANS, REPORT_GROUP_IDS, isReportGroupId, type AriaCitation, type AriaToolTrace, type ReportGroupId } from '@app/domain';
import type { AuthUser } from '../../../common/auth/auth-user';
import { MARKET_KINDS, MarketReportsService } from '../../market/reports/market-reports.service';
import { EntitlementRequiredException, type UpgradeRequired } from '../../subscriptions/entitlement-required.exception';
import type { AriaTool, AriaToolContext, AriaToolResult, LlmToolSpec, MarketReportData } from '../aria-contracts';
import { AriaFactsService, reportUrl } from './aria-facts.service';
import { badArg, onlyKnown, optEnum, optPsgc, optString } from './tool-args';

/** The report a market question gets unless it names another. */
export const DEFAULT_REPORT_GROUP: ReportGroupId = 'historic_and_current';
/** Headline figures handed to the model at most. */
const MAX_FIGURES = 12;

/** A report of a place as ARIA hands it on: its figures with their source, period, granularity and sample; `locked` when the plan does not unlock it. */
export interface MarketReportOutcome {
  data: MarketReportData;
  chart?: AriaToolTrace['chart'];
  citation: AriaCitation;
}

/** market_report: a market report (any of the 13 groups) of a barangay, city, province or region, respecting the member's plan locks. */
@Injectable()
export class MarketReportTool implements AriaTool {
  readonly spec: LlmToolSpec = {
    name: 'market_report',
    description:
      'Market figures of a place (barangay, city, province or region): median asking prices and rents per m², supply, trends and other report groups, each figure with its source, period and sample size.',
    parameters: {
      type: 'object',
      additionalProperties: false,
      properties: {
        placeCode: { type: 'string', pattern: '^\\d{10}$', description: 'PSGC code of the area.' },
        placeName: { type: 'string', description: 'The area by name when the code is not known.' },
        offer: { type: 'string', enum: ['sale', 'rent'] },
        kind: { type: 'string', enum: [...MARKET_KINDS] },
        group: { type: 'string', enum: [...REPORT_GROUP_IDS], description: `Report group; default ${DEFAULT_REPORT_GROUP}.` },
      },
    },
  };

  constructor(
    private readonly facts: AriaFactsService,
    private readonly reports: MarketReportsService,
  ) {}

  async run(raw: Record<string, unknown>, ctx: AriaToolContext): Promise<AriaToolResult> {
    onlyKnown(raw, ['placeCode', 'placeName', 'offer', 'kind', 'group']);
    const placeCode = optPsgc(raw, 'placeCode');
    const placeName = optString(raw, 'placeName', 120);
    if (!placeCode && !placeName) badArg('placeCode', 'or placeName is required');
    const offer = optEnum(raw, 'offer', ['sale', 'rent'] as const) ?? 'sale';
    const kind = optEnum(raw, 'kind', MARKET_KINDS) ?? 'all';
    const groupArg = optString(raw, 'group', 60);
    const group = groupArg === undefined || groupArg === 'historic_current' ? DEFAULT_REPORT_GROUP : groupArg;
    if (!isReportGroupId(group)) badArg('group', `must be one of: ${REPORT_GROUP_IDS.join(', ')}`);
    const place = await this.facts.place(placeCode, placeName);
    if (!place) {
      const label = placeName ?? placeCode!;
      return {
        data: { error: `No place named or coded "${label}" was found`, unresolvedPlace: label },
        trace: { name: 'market_report', arguments: raw, summary: `No place "${label}" was found`, error: 'unknown place' },
        citations: [],
      };
    }
    // a sub-municipality (Manila's districts) has no report of its own: its city's
    const areaCode = place.level === 'submunicipality' ? (place.detail.cityRow?.code ?? place.code) : place.code;
    const out = await this.report(ctx.caller, areaCode, offer, kind, group as ReportGroupId);
    const d = out.data;
    const headline = d.figures.find((f) => f.value !== null);
    const summary = d.locked
      ? `${d.title} for ${d.area.name} needs the ${d.locked.upgradeTo} plan`
      : `${d.title}, ${d.area.name}: ${d.figures.length} figures${headline ? ` (${headline.label}: ${Math.round(headline.value!).toLocaleString('en-US')})` : ''}${d.fallback ? `; city figures (only ${d.fallback.sampleSize} listings in the barangay)` : ''}`;
    return {
      data: d,
      trace: { name: 'market_report', arguments: raw, summary, ...(out.chart && { chart: out.chart }) },
      citations: [out.citation],
    };
  }

  /** The report as data; a group the member's plan does not unlock answers `locked` (with the plan that does) instead of throwing. */
  async report(caller: AuthUser, areaCode: string, offer: 'sale' | 'rent', kind: string, group: ReportGroupId): Promise<MarketReportOutcome> {
    const url = reportUrl(areaCode, group);
    try {
      const r = await this.reports.report(group, areaCode, { offer, kind }, caller);
      const figures = r.figures.slice(0, MAX_FIGURES).map((f) => ({
        label: f.label,
        value: f.value === null ? null : Math.round(f.value * 100) / 100,
        unit: f.unit,
        source: f.source,
        period: f.period,
        granularity: f.granularity,
        sampleSize: f.sampleSize,
      }));
      const series = r.charts[0]?.series[0];
      const points = (series?.points ?? []).filter((p) => p.y !== null).map((p) => ({ label: p.x, value: Math.round(p.y! * 100) / 100 }));
      const data: MarketReportData = {
        area: { code: r.area.code, name: r.area.name, level: r.area.level },
        group: r.group,
        title: r.title,
        summary: r.summary,
        figures,
        notes: r.notes,
        fallback: r.fallback ? { reason: r.fallback.reason, area: { code: r.fallback.area.code, name: r.fallback.area.name }, sampleSize: r.fallback.sampleSize } : null,
        demoData: r.demoData,
        url,
      };
      const source = [...new Set(r.sources.map((s) => `${s.name}, ${s.period}`))].slice(0, 3).join('; ');
      return {
        data,
        chart: points.length ? { title: r.charts[0].title, unit: r.charts[0].unit, points } : undefined,
        citation: { kind: 'report', label: `${r.title}: ${r.area.name}`, url, ...(source && { source }) },
      };
    } catch (err) {
      if (!(err instanceof EntitlementRequiredException)) throw err;
      const upgrade = (err.getResponse() as { upgrade: UpgradeRequired }).upgrade;
      const area = await this.reports.area(areaCode);
      const title = (await this.reports.groups(caller)).groups.find((g) => g.id === group)?.title ?? group;
      return {
        data: {
          area: { code: area.ref.code, name: area.ref.name, level: area.ref.level },
          group,
          title,
          summary: `This report is part of the ${PLANS[upgrade.requiredPlan].name} plan and above.`,
          figures: [],
          notes: [`Upgrade to ${PLANS[upgrade.requiredPlan].name} to read ${title} for ${area.ref.name}.`],
          fallback: null,
          demoData: false,
          url,
          locked: { plan: upgrade.currentPlan, upgradeTo: upgrade.requiredPlan },
        },
        citation: { kind: 'report', label: `${title}: ${area.ref.name} (locked)`, url },
      };
    }
  }
}
