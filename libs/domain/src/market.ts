/**
 * Market reports (issue 16): the 13 report groups of spec section 9, which plan unlocks each, the
 * levels figures come at, the minimum sample and the documented cost assumptions. The API enforces
 * these tables and the web app shows them. Formulas used by the reports live in `market-formulas.ts`.
 */
import type { Entitlement, PlanId, ReportTier } from "./billing";
import { PLAN_IDS, PLANS } from "./billing";

/** The report groups, in the spec's order. */
export const REPORT_GROUP_IDS = [
  "demographics",
  "economic_data",
  "historic_and_current",
  "job_types",
  "monthly_expenditures",
  "cap_ex_rate_data",
  "capitalization_rate",
  "future_opportunities",
  "ongoing_development",
  "market_cycles",
  "property_trends",
  "safety_and_crime",
  "zonal_values",
] as const;
export type ReportGroupId = (typeof REPORT_GROUP_IDS)[number];

/** Where a figure applies. Barangay and city figures from listings; the rest from public statistics. */
export const AREA_LEVELS = [
  "barangay",
  "city",
  "province",
  "region",
  "national",
] as const;
export type AreaLevel = (typeof AREA_LEVELS)[number];

export interface ReportGroupDefinition {
  id: ReportGroupId;
  title: string;
  /** One sentence: what the report answers. */
  summary: string;
  tier: ReportTier;
  /** What its figures come from (names of sources, shown in the picker). */
  sources: readonly string[];
}

export const LISTINGS_SOURCE = "Tahanan listings";
export const PSA_PSGC_SOURCE =
  "PSA, Philippine Standard Geographic Code (4Q 2025) and 2024 population";
export const PSA_FIES_SOURCE = "PSA, 2023 Family Income and Expenditure Survey";
export const PSA_LFS_SOURCE = "PSA, Labor Force Survey";
export const PSA_CPI_SOURCE = "PSA, Consumer Price Index (2018=100)";
export const PSA_CPI_WEIGHTS_SOURCE =
  "PSA, CPI 2018-based weights (from the 2018 FIES)";
export const BIS_RPPI_SOURCE =
  "BIS (Bank for International Settlements), selected residential property prices (BSP)";
export const PNP_CRIME_SOURCE =
  "Philippine National Police, monthly crime statistics";
export const BIR_ZONAL_SOURCE = "BIR zonal values (imported by the operator)";
export const OSM_SOURCE = "© OpenStreetMap contributors";
export const DEVELOPMENTS_SOURCE =
  "Development projects recorded by Tahanan staff";
export const COST_ASSUMPTIONS_SOURCE =
  "Tahanan cost assumptions (documented defaults, kept by staff)";

/**
 * Which plan unlocks which group: tier 1 for everyone (Free, and guests), tier 2 from Basic, tier 3
 * from Premium (`PLANS[...].reportTiers`, entitlements `reports.tierN`).
 */
export const REPORT_GROUPS: Record<ReportGroupId, ReportGroupDefinition> = {
  demographics: {
    id: "demographics",
    title: "Demographics",
    summary:
      "Population, density, urban or rural, city income class, families and their income.",
    tier: 1,
    sources: [PSA_PSGC_SOURCE, PSA_FIES_SOURCE],
  },
  economic_data: {
    id: "economic_data",
    title: "Economic data",
    summary:
      "Workforce and unemployment of the province or city, inflation and the industry mix of the region.",
    tier: 2,
    sources: [PSA_LFS_SOURCE, PSA_CPI_SOURCE],
  },
  historic_and_current: {
    id: "historic_and_current",
    title: "Historic and current data",
    summary:
      "Asking prices and price per m² of the listings here: today and month by month.",
    tier: 1,
    sources: [LISTINGS_SOURCE],
  },
  job_types: {
    id: "job_types",
    title: "Job types",
    summary:
      "What the people of the region work as and in which industries, with the white-collar share.",
    tier: 2,
    sources: [PSA_LFS_SOURCE],
  },
  monthly_expenditures: {
    id: "monthly_expenditures",
    title: "Monthly expenditures",
    summary:
      "A family's monthly spending here and how it divides between food, housing, transport and the rest.",
    tier: 2,
    sources: [PSA_FIES_SOURCE, PSA_CPI_WEIGHTS_SOURCE],
  },
  cap_ex_rate_data: {
    id: "cap_ex_rate_data",
    title: "Cap-ex rate data",
    summary:
      "The capital-expenditure and operating-cost assumptions per property kind behind the yields.",
    tier: 3,
    sources: [COST_ASSUMPTIONS_SOURCE],
  },
  capitalization_rate: {
    id: "capitalization_rate",
    title: "Capitalization rate",
    summary:
      "Net operating income over price, from the asking rents and prices here and the cost assumptions.",
    tier: 3,
    sources: [LISTINGS_SOURCE, COST_ASSUMPTIONS_SOURCE],
  },
  future_opportunities: {
    id: "future_opportunities",
    title: "Future opportunities",
    summary:
      "Nearby areas with rising prices, high yields, demand above supply or prices below the city: ranked and explained.",
    tier: 3,
    sources: [LISTINGS_SOURCE],
  },
  ongoing_development: {
    id: "ongoing_development",
    title: "Ongoing development",
    summary: "Projects planned or being built near this barangay.",
    tier: 2,
    sources: [DEVELOPMENTS_SOURCE],
  },
  market_cycles: {
    id: "market_cycles",
    title: "Market cycles",
    summary:
      "Where the city's market stands (recovery, expansion, hyper-supply, recession) and the indicators behind it.",
    tier: 2,
    sources: [LISTINGS_SOURCE],
  },
  property_trends: {
    id: "property_trends",
    title: "Property trends",
    summary:
      "The asking-price index and listing volume here against the national residential property price index.",
    tier: 1,
    sources: [LISTINGS_SOURCE, BIS_RPPI_SOURCE],
  },
  safety_and_crime: {
    id: "safety_and_crime",
    title: "Safety and crime index",
    summary:
      "The police region's crime rate per 100,000 people, its trend and the national rate. Regional, not per barangay.",
    tier: 2,
    sources: [PNP_CRIME_SOURCE],
  },
  zonal_values: {
    id: "zonal_values",
    title: "Zonal values",
    summary:
      "The BIR's zonal values per m² for streets here and asking prices against them.",
    tier: 2,
    sources: [BIR_ZONAL_SOURCE, LISTINGS_SOURCE],
  },
};

export const isReportGroupId = (v: unknown): v is ReportGroupId =>
  typeof v === "string" && (REPORT_GROUP_IDS as readonly string[]).includes(v);

/** The entitlement a report group needs. */
export const reportEntitlement = (group: ReportGroupId): Entitlement =>
  `reports.tier${REPORT_GROUPS[group].tier}` as Entitlement;

/** The cheapest plan that unlocks a group (for the Upgrade prompt). */
export function planForReport(group: ReportGroupId): PlanId {
  const tier = REPORT_GROUPS[group].tier;
  return (
    PLAN_IDS.find((id) => PLANS[id].reportTiers.includes(tier)) ?? "enterprise"
  );
}

/** Whether a plan (a guest reads as Free) unlocks a group. */
export const planUnlocksReport = (
  plan: PlanId,
  group: ReportGroupId,
): boolean => PLANS[plan].reportTiers.includes(REPORT_GROUPS[group].tier);

/**
 * Below this many listings an area's listing figure is not shown: the report says "Not enough
 * listings in this barangay" and offers the city's figure instead.
 */
export const MARKET_MIN_SAMPLE = 5;

/** At most this many areas side by side (`/bi/areas/compare`, the compare screen). */
export const MARKET_COMPARE_MAX = 4;

/** Kinds of development projects staff record, and their statuses. */
export const DEVELOPMENT_KINDS = [
  "residential",
  "mixed_use",
  "commercial",
  "office",
  "mall",
  "industrial",
  "transport",
  "infrastructure",
  "institutional",
] as const;
export type DevelopmentKind = (typeof DEVELOPMENT_KINDS)[number];
export const DEVELOPMENT_STATUSES = [
  "planned",
  "approved",
  "under_construction",
  "completed",
  "on_hold",
] as const;
export type DevelopmentStatus = (typeof DEVELOPMENT_STATUSES)[number];

/**
 * A figure as every report shows it: never a bare number. `sampleSize` is the number of listings
 * (or survey observations when the source gives it; null when the source does not say).
 */
export interface MarketFigure {
  label: string;
  value: number | null;
  unit:
    | "php"
    | "php_per_sqm"
    | "pct"
    | "count"
    | "days"
    | "ratio"
    | "persons"
    | "thousand_persons"
    | "per_100k"
    | "index"
    | "families"
    | "per_km2";
  source: string;
  /** e.g. "2023", "2025-04", "2024-Q4", "listings as of 2026-11-27", "Jan 2025 – Nov 2026". */
  period: string;
  granularity: AreaLevel;
  areaCode: string;
  areaName: string;
  sampleSize: number | null;
  /** A caveat to show with it ("regional figure", "demo data", "not enough listings in this barangay"). */
  note?: string;
}

/** Cost assumption fields per property kind, in percent unless the name says otherwise. */
export const COST_ASSUMPTION_FIELDS = [
  "vacancyPct",
  "managementPctOfRent",
  "maintenancePctOfRent",
  "insurancePctOfValue",
  "realPropertyTaxPctOfValue",
  "capexReservePctOfRent",
  "associationDuesPerSqmMonth",
] as const;
export type CostAssumptionField = (typeof COST_ASSUMPTION_FIELDS)[number];
export type CostAssumptions = Record<CostAssumptionField, number>;

/**
 * Documented defaults (README, "Market reports"): one month vacant a year (8.3 %); management 8 % of
 * rent (Philippine property managers charge 5-10 %); maintenance 5 % of rent (houses more, lots none);
 * insurance 0.1-0.2 % of value; real property tax 2 % of an assessed value that is a share of market
 * value (Metro Manila: 1 % basic + 1 % SEF on an assessment level of about 20-50 %: shown as 0.6-1 % of
 * value); capital reserve for roofs, pipes, lifts; condominium association dues ₱60-120/m² a month.
 * Staff change them in the console; every report using them names them.
 */
export const DEFAULT_COST_ASSUMPTIONS: Record<string, CostAssumptions> = {
  condominium: {
    vacancyPct: 8.3,
    managementPctOfRent: 8,
    maintenancePctOfRent: 3,
    insurancePctOfValue: 0.1,
    realPropertyTaxPctOfValue: 0.6,
    capexReservePctOfRent: 3,
    associationDuesPerSqmMonth: 90,
  },
  house_and_lot: {
    vacancyPct: 8.3,
    managementPctOfRent: 8,
    maintenancePctOfRent: 6,
    insurancePctOfValue: 0.15,
    realPropertyTaxPctOfValue: 0.8,
    capexReservePctOfRent: 5,
    associationDuesPerSqmMonth: 0,
  },
  townhouse: {
    vacancyPct: 8.3,
    managementPctOfRent: 8,
    maintenancePctOfRent: 5,
    insurancePctOfValue: 0.15,
    realPropertyTaxPctOfValue: 0.8,
    capexReservePctOfRent: 4,
    associationDuesPerSqmMonth: 15,
  },
  apartment: {
    vacancyPct: 8.3,
    managementPctOfRent: 8,
    maintenancePctOfRent: 6,
    insurancePctOfValue: 0.15,
    realPropertyTaxPctOfValue: 0.8,
    capexReservePctOfRent: 5,
    associationDuesPerSqmMonth: 0,
  },
  office: {
    vacancyPct: 12,
    managementPctOfRent: 6,
    maintenancePctOfRent: 3,
    insurancePctOfValue: 0.15,
    realPropertyTaxPctOfValue: 1,
    capexReservePctOfRent: 3,
    associationDuesPerSqmMonth: 120,
  },
  commercial_space: {
    vacancyPct: 10,
    managementPctOfRent: 6,
    maintenancePctOfRent: 3,
    insurancePctOfValue: 0.15,
    realPropertyTaxPctOfValue: 1,
    capexReservePctOfRent: 3,
    associationDuesPerSqmMonth: 80,
  },
  warehouse: {
    vacancyPct: 10,
    managementPctOfRent: 5,
    maintenancePctOfRent: 4,
    insurancePctOfValue: 0.2,
    realPropertyTaxPctOfValue: 1,
    capexReservePctOfRent: 4,
    associationDuesPerSqmMonth: 0,
  },
  lot: {
    vacancyPct: 0,
    managementPctOfRent: 0,
    maintenancePctOfRent: 0,
    insurancePctOfValue: 0,
    realPropertyTaxPctOfValue: 0.6,
    capexReservePctOfRent: 0,
    associationDuesPerSqmMonth: 0,
  },
  farm: {
    vacancyPct: 0,
    managementPctOfRent: 5,
    maintenancePctOfRent: 5,
    insurancePctOfValue: 0.05,
    realPropertyTaxPctOfValue: 0.4,
    capexReservePctOfRent: 2,
    associationDuesPerSqmMonth: 0,
  },
};

/** Market-cycle phases (Mueller's four-phase model) a city is classified into. */
export const MARKET_CYCLE_PHASES = [
  "recovery",
  "expansion",
  "hyper_supply",
  "recession",
] as const;
export type MarketCyclePhase = (typeof MARKET_CYCLE_PHASES)[number];
