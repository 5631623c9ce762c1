import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  ARIA_COMPARE_MAX,
  ARIA_COMPARE_MIN,
  FINANCE_DISCLAIMER,
  KIND_LABELS,
  LOAN_PROGRAMS,
  MARKET_MIN_SAMPLE,
  feasibility,
  type AriaCitation,
  type AriaListingCard,
  type FeasibilityResult,
  type ListingKind,
} from '@app/domain';
import type { AuthUser } from '../../../common/auth/auth-user';
import type { ListingCard } from '../../listings/listing.mapper';
import { NearbyService } from '../../nearby/nearby.service';
import type {
  AriaRunComputer,
  AriaRunOutcome,
  AriaRunProgress,
  CompareListingsData,
  CompareRunResult,
  FeasibilityRunInput,
  FeasibilityRunResult,
} from '../aria-contracts';
import { AriaFactsService, listingCitation, toAriaCard, type AriaPlace, type AreaMedian } from './aria-facts.service';
import { DEFAULT_REPORT_GROUP, MarketReportTool } from './market-report.tool';
import { financeInput } from './tool-args';

const peso = (n: number) => `₱${Math.round(n).toLocaleString('en-US')}`;
const pct = (n: number) => `${Math.round(n * 10) / 10} %`;
/** A price this far below the barangay median per m² (per cent) is a warning sign. */
export const FAR_BELOW_MEDIAN_PCT = -30;
/** The kinds whose zonal value is of the land (the lot area), not the unit. */
const LAND_ZONAL_KINDS = new Set(['lot', 'farm', 'house_and_lot', 'townhouse']);
/** Nearby amenities counted around each compared listing (half-width of the box, degrees: about 1 km). */
const AMENITY_BOX_DEG = 0.01;
const kindLabel = (kind: string | null) => (kind ? (KIND_LABELS[kind as ListingKind] ?? kind) : 'property');

const formulaCitation = (lender: 'pagibig' | 'bank'): AriaCitation => ({
  kind: 'formula',
  label: `${LOAN_PROGRAMS[lender].label}; Philippine taxes on property sales (NIRC, LGC)`,
  url: null,
  source: LOAN_PROGRAMS[lender].source,
});

/**
 * ARIA's runs (`/ai/run/*`, computed in the aria-runs worker; the tools compare_listings and
 * feasibility compute the same without the narrative): a feasibility run of a listing or a described
 * property, and a comparison of 2-5 listings the member may see. Every formula is property-finance's.
 */
@Injectable()
export class AriaRunComputerService implements AriaRunComputer {
  constructor(
    private readonly facts: AriaFactsService,
    private readonly nearby: NearbyService,
    private readonly marketReport: MarketReportTool,
  ) {}

  /* ------------------------------------------------------------------------------------------- */
  /* Feasibility                                                                                   */
  /* ------------------------------------------------------------------------------------------- */

  async feasibility(caller: AuthUser, input: FeasibilityRunInput, progress: AriaRunProgress): Promise<AriaRunOutcome<FeasibilityRunResult>> {
    await progress(10);
    const { result, citations } = await this.computeFeasibility(caller, input, progress);
    await progress(100);
    return { result, narrative: feasibilityNarrative(result), citations };
  }

  /** The feasibility of a listing (one the caller may see) or a described property: the subject, property-finance's feasibility(), the market context. */
  async computeFeasibility(
    caller: AuthUser,
    input: FeasibilityRunInput,
    progress: AriaRunProgress = async () => undefined,
  ): Promise<{ result: FeasibilityRunResult; citations: AriaCitation[] }> {
    if (!!input.listingId === !!input.property) throw new BadRequestException('Give exactly one of listingId and property');
    const a = input.assumptions;
    if (!a) throw new BadRequestException('assumptions are required');
    const citations: AriaCitation[] = [];

    let listing: ListingCard | null = null;
    let price: number;
    let floorArea: number | null;
    let lotArea: number | null = null;
    let kind: string | null;
    let barangayCode: string | null;
    if (input.listingId) {
      [listing] = await this.facts.visibleListings(caller, [input.listingId]);
      if (!listing) throw new NotFoundException(`No listing you can see has the id ${input.listingId}`);
      if (listing.currency !== 'PHP') throw new BadRequestException(`${listing.code} is priced in ${listing.currency}: a feasibility run needs a price in pesos (describe the property with its peso price instead)`);
      if (listing.offer !== 'sale') throw new BadRequestException(`${listing.code} is for rent: a feasibility run is for buying a property`);
      citations.push(listingCitation(listing));
      price = Number(listing.price);
      floorArea = listing.floorSize === null ? null : Number(listing.floorSize);
      lotArea = listing.lotSize === null ? null : Number(listing.lotSize);
      kind = listing.kind;
      barangayCode = listing.barangayCode;
    } else {
      const p = input.property!;
      price = p.price;
      floorArea = p.floorArea ?? null;
      kind = p.kind ?? null;
      barangayCode = p.barangayCode ?? null;
    }

    const place: AriaPlace | null = barangayCode ? await this.facts.place(barangayCode) : null;
    if (barangayCode && !place) throw new BadRequestException(`property.barangayCode '${barangayCode}': no place has this PSGC code`);
    const cityLevel = place?.level === 'city' || place?.level === 'municipality' ? place.level : place?.detail.cityRow?.level;
    const isCity = cityLevel ? cityLevel === 'city' : null;

    // the zonal value: given, or the barangay's median per m² × the area it applies to
    let zonalValue: number | null = input.property?.zonalValue ?? null;
    let zonalSource: string | null = zonalValue !== null ? 'given' : null;
    if (zonalValue === null && place?.level === 'barangay') {
      const z = await this.facts.zonalPerSqm(place.code);
      const area = kind && LAND_ZONAL_KINDS.has(kind) ? (lotArea ?? floorArea) : (floorArea ?? lotArea);
      if (z && area) {
        zonalValue = Math.round(z.value * area);
        zonalSource = `${z.source}: median ${peso(z.value)}/m² of ${z.entries} entr${z.entries === 1 ? 'y' : 'ies'} in ${place.name} (${z.period}) × ${area} m²`;
      }
    }
    await progress(40);

    // the rent: given, or the barangay's (or city's) median asking rent per m² × the floor area
    let monthlyRent: number | null = a.use === 'rent' ? (a.monthlyRent ?? null) : null;
    let monthlyRentSource: string | null = monthlyRent !== null ? 'given' : null;
    if (a.use === 'rent' && monthlyRent === null) {
      const m = place ? await this.facts.medianPerSqm(this.whereOf(place, listing), 'rent', kind) : null;
      if (!m || !floorArea) {
        throw new BadRequestException(
          `Give assumptions.monthlyRent: ${!floorArea ? 'the floor area is not known' : `no median asking rent per m² is known for ${place ? place.name : 'this place'}`}, so it cannot be estimated`,
        );
      }
      monthlyRent = Math.round(m.value * floorArea);
      monthlyRentSource = `Estimated: the median asking rent of ${m.area} (${peso(m.value)}/m² a month, ${m.sampleSize} listing${m.sampleSize === 1 ? '' : 's'}${m.sampleSize < MARKET_MIN_SAMPLE ? ', a thin sample' : ''}, ${m.source}, ${m.period}) × ${floorArea} m²`;
    }

    const regionCode = place?.detail.regionCode ?? (place?.level === 'region' ? place.code : null);
    const finance: FeasibilityResult = financeInput(() =>
      feasibility({
        price,
        floorAreaSqm: floorArea,
        zonalValue,
        regionCode,
        isCity,
        downPaymentPct: a.downPaymentPct,
        years: a.years,
        lender: a.lender,
        annualRatePct: a.annualRatePct,
        use: a.use,
        monthlyRent,
        vacancyPct: a.vacancyPct,
        monthlyDues: a.monthlyDues,
        annualRealPropertyTax: a.annualRealPropertyTax,
      }),
    );
    citations.push(formulaCitation(a.lender));
    await progress(70);

    let market: FeasibilityRunResult['market'] = null;
    if (place && place.level !== 'submunicipality') {
      const kindForReport = kind ?? 'all';
      const report = await this.marketReport.report(caller, place.code, 'sale', kindForReport, DEFAULT_REPORT_GROUP);
      market = report.data;
      citations.push(report.citation);
    }
    const result: FeasibilityRunResult = {
      subject: {
        listing: listing ? toAriaCard(listing) : null,
        price,
        floorArea,
        kind,
        place: place ? { code: place.code, name: place.name } : null,
        zonalValue,
        zonalSource,
      },
      finance: finance as unknown as Record<string, unknown>,
      market,
      // (the contract's type intersects FeasibilityAssumptions' `monthlyRent?: number` with `number | null`: null is meant for own use)
      assumptions: { ...a, annualRatePct: finance.loan.annualRatePct, monthlyRent, monthlyRentSource },
      disclaimer: FINANCE_DISCLAIMER,
    };
    return { result, citations };
  }

  private whereOf(place: AriaPlace, listing: ListingCard | null) {
    if (listing) return { barangayCode: listing.barangayCode, barangayName: listing.barangayName, cityCode: listing.cityCode, cityName: listing.cityName };
    const barangay = place.level === 'barangay';
    return {
      barangayCode: barangay ? place.code : null,
      barangayName: barangay ? place.name : undefined,
      cityCode: barangay ? (place.detail.cityRow?.code ?? null) : place.code,
      cityName: barangay ? (place.detail.cityRow?.name ?? undefined) : place.name,
    };
  }

  /* ------------------------------------------------------------------------------------------- */
  /* Compare                                                                                       */
  /* ------------------------------------------------------------------------------------------- */

  async compare(caller: AuthUser, listingIds: string[], progress: AriaRunProgress): Promise<AriaRunOutcome<CompareRunResult>> {
    await progress(10);
    const data = await this.computeCompare(caller, listingIds, progress);
    await progress(100);
    return {
      result: { ...data, disclaimer: FINANCE_DISCLAIMER },
      narrative: compareNarrative(data),
      citations: data.rows.map((r) => listingCitation(r)),
    };
  }

  /** 2-5 listings the caller may see side by side (400 naming those missing or unseen). */
  async computeCompare(caller: AuthUser, refs: string[], progress: AriaRunProgress = async () => undefined): Promise<CompareListingsData> {
    if (!Array.isArray(refs) || refs.some((r) => typeof r !== 'string' || !r.trim())) throw new BadRequestException('listings must be a list of listing ids or codes');
    const wanted = [...new Set(refs.map((r) => r.trim()))];
    if (wanted.length < ARIA_COMPARE_MIN || wanted.length > ARIA_COMPARE_MAX) {
      throw new BadRequestException(`A comparison takes ${ARIA_COMPARE_MIN} to ${ARIA_COMPARE_MAX} different listings; ${wanted.length} ${wanted.length === 1 ? 'was' : 'were'} given`);
    }
    const rows = await this.facts.visibleListings(caller, wanted);
    const found = new Set(rows.flatMap((r) => [r.id, r.code.toUpperCase()]));
    const missing = wanted.filter((w) => !found.has(w) && !found.has(w.toUpperCase()));
    if (missing.length) throw new BadRequestException(`Not found, or not a listing you can see: ${missing.join(', ')}`);
    await progress(40);

    const out: CompareListingsData['rows'] = [];
    for (const l of rows) {
      const card = toAriaCard(l);
      const inPesos = l.currency === 'PHP';
      const median = inPesos ? await this.facts.medianPerSqm(l, l.offer, l.kind) : null;
      const other = inPesos ? await this.facts.medianPerSqm(l, l.offer === 'sale' ? 'rent' : 'sale', l.kind) : null;
      const vsBarangayPct = median && card.pricePerSqm ? Math.round((card.pricePerSqm / median.value - 1) * 1000) / 10 : null;
      const estimatedGrossYieldPct = grossYield(card, other);
      const groups = await this.nearby.nearbyPlaces({ lat: l.lat, lng: l.lng, halfWidthDeg: AMENITY_BOX_DEG, limitPerCategory: 1 });
      const amenities = groups.map((g) => ({ category: g.category, count: g.total, nearestMeters: g.items[0]?.distanceMeters ?? null }));
      out.push({ ...card, barangayMedianPricePerSqm: median?.value ?? null, vsBarangayPct, estimatedGrossYieldPct, amenities, riskNotes: riskNotes(card, vsBarangayPct, median) });
    }
    await progress(70);
    const notes: string[] = [];
    const offers = new Set(out.map((r) => r.offer));
    if (offers.size > 1) notes.push('These listings mix sale and rent: their prices cannot be compared, so there is no recommendation.');
    if (out.some((r) => r.currency !== 'PHP')) notes.push('Listings priced in another currency are not compared with the peso medians.');
    if (out.every((r) => r.barangayMedianPricePerSqm === null)) notes.push('No barangay median price per m² is known for these listings yet: data is thin.');
    if (out.every((r) => r.amenities.every((a) => a.count === 0))) notes.push('No points of interest are imported around these listings, so the amenity counts are zero.');
    const recommendation = offers.size > 1 ? null : recommend(out);
    return { rows: out, recommendation, notes };
  }
}

/** Estimated gross yield (per cent a year) from the barangay's median of the other offer per m² (rent for a sale listing, price for a rental). */
function grossYield(card: AriaListingCard, other: AreaMedian | null): number | null {
  if (!other || !card.pricePerSqm) return null;
  const annualRentPerSqm = card.offer === 'sale' ? other.value * 12 : card.pricePerSqm * 12;
  const pricePerSqm = card.offer === 'sale' ? card.pricePerSqm : other.value;
  return pricePerSqm > 0 ? Math.round((annualRentPerSqm / pricePerSqm) * 1000) / 10 : null;
}

function riskNotes(card: AriaListingCard, vsBarangayPct: number | null, median: AreaMedian | null): string[] {
  const notes: string[] = [];
  if (!card.verified) notes.push('Not verified: Tahanan has not reviewed ownership documents for this listing.');
  if (vsBarangayPct !== null && vsBarangayPct <= FAR_BELOW_MEDIAN_PCT) {
    notes.push(`Price per m² is ${Math.abs(vsBarangayPct)} % below the median of ${median!.area}: verify the title and the seller before paying any reservation fee.`);
  }
  if (card.floorArea === null && card.lotArea === null) notes.push('No floor or lot area given: the price per m² cannot be checked.');
  if (median && median.sampleSize < MARKET_MIN_SAMPLE) notes.push(`The median of ${median.area} rests on only ${median.sampleSize} listing${median.sampleSize === 1 ? '' : 's'}.`);
  return notes;
}

/** The best value of listings with the same offer: lowest price per m² against its barangay, verified, higher yield, fewer risks. */
function recommend(rows: CompareListingsData['rows']): CompareListingsData['recommendation'] {
  const comparable = rows.filter((r) => r.currency === 'PHP');
  if (comparable.length < 2) return null;
  const perSqm = comparable.map((r) => r.pricePerSqm).filter((v): v is number => v !== null);
  const meanPerSqm = perSqm.length ? perSqm.reduce((s, v) => s + v, 0) / perSqm.length : null;
  const score = (r: CompareListingsData['rows'][number]) => {
    const vs = r.vsBarangayPct ?? (r.pricePerSqm !== null && meanPerSqm ? (r.pricePerSqm / meanPerSqm - 1) * 100 : 0);
    // a price far below the median is a warning, not a bargain
    const value = vs <= FAR_BELOW_MEDIAN_PCT ? 0 : -vs;
    return value + (r.verified ? 10 : 0) + (r.estimatedGrossYieldPct ?? 0) - 5 * r.riskNotes.length + Math.min(10, r.amenities.reduce((s, a) => s + a.count, 0) / 10);
  };
  const ranked = [...comparable].sort((a, b) => score(b) - score(a));
  const best = ranked[0];
  const reasons: string[] = [];
  const cheapest = [...comparable].filter((r) => r.pricePerSqm !== null).sort((a, b) => a.pricePerSqm! - b.pricePerSqm!)[0];
  if (best.vsBarangayPct !== null) {
    reasons.push(`${best.vsBarangayPct <= 0 ? `${Math.abs(best.vsBarangayPct)} % below` : `${best.vsBarangayPct} % above`} its barangay's median price per m² (${peso(best.barangayMedianPricePerSqm!)})`);
  }
  if (cheapest && cheapest.id === best.id) reasons.push(`the lowest price per m² of the ${comparable.length} (${peso(best.pricePerSqm!)})`);
  if (best.verified) reasons.push('a verified listing');
  if (best.estimatedGrossYieldPct !== null) reasons.push(`an estimated gross yield of ${pct(best.estimatedGrossYieldPct)}`);
  const amenityCount = best.amenities.reduce((s, a) => s + a.count, 0);
  if (amenityCount > 0) reasons.push(`${amenityCount} points of interest within about 1 km`);
  if (best.riskNotes.length === 0) reasons.push('no risk notes');
  if (!reasons.length) reasons.push('the best balance of price, verification and risks among these listings');
  return { listingId: best.id, reasons };
}

/** 2-4 paragraphs on a feasibility run, citing its figures. */
export function feasibilityNarrative(r: FeasibilityRunResult): string {
  const f = r.finance as unknown as FeasibilityResult;
  const a = r.assumptions;
  const what = r.subject.listing ? `${r.subject.listing.name} (${r.subject.listing.code})` : `the ${kindLabel(r.subject.kind)} you described`;
  const where = r.subject.place ? ` in ${r.subject.place.name}` : '';
  const paragraphs = [
    `Buying ${what}${where} at ${peso(r.subject.price)}${r.subject.floorArea ? ` (${r.subject.floorArea} m²)` : ''} with ${a.downPaymentPct} % down and a ${a.years}-year ${LOAN_PROGRAMS[a.lender].label} at ${a.annualRatePct} % a year means borrowing ${peso(f.loan.amount)} and paying ${peso(f.monthly.amortization)} a month. The buyer's taxes and fees come to ${peso(f.acquisition.buyerTotal)} (tax base: the ${f.acquisition.baseIs}, ${peso(f.acquisition.taxBase)}${r.subject.zonalSource && r.subject.zonalSource !== 'given' ? `; zonal value from ${r.subject.zonalSource}` : ''}), so you need about ${peso(f.cashNeeded)} in cash.`,
    a.use === 'rent'
      ? `Renting it out at ${peso(a.monthlyRent ?? 0)} a month (${a.monthlyRentSource ?? 'given'}) with ${a.vacancyPct} % vacancy, after dues, real property tax, insurance and maintenance, leaves a net cash flow of ${peso(f.monthly.netCashFlow)} a month after the amortisation: a gross yield of ${f.grossYieldPct ?? 0} %, a net yield of ${f.netYieldPct ?? 0} % and a cap rate of ${f.capRatePct ?? 0} %${f.paybackYears !== null ? `; the cash put in comes back in about ${f.paybackYears} years` : '; at this cash flow the cash put in does not come back from rent alone'}.`
      : `Living in it costs about ${peso(-f.monthly.netCashFlow)} a month: the amortisation plus dues, real property tax, insurance and maintenance.`,
  ];
  const rateUp = f.sensitivity.find((s) => s.label === 'Interest rate' && s.change.startsWith('+'));
  const market = r.market;
  const headline = market?.figures.find((x) => x.unit === 'php_per_sqm' && x.value !== null);
  const context = [
    headline && market
      ? `In ${market.fallback ? market.fallback.area.name : market.area.name}, ${headline.label.toLowerCase()} is ${peso(headline.value!)} (${headline.source}, ${headline.period}, ${headline.sampleSize ?? 'unknown'} listings)${r.subject.floorArea ? `; this property asks ${peso(r.subject.price / r.subject.floorArea)} per m²` : ''}.`
      : market?.locked
        ? `The market context of ${market.area.name} needs the ${market.locked.upgradeTo} plan.`
        : 'No market figures are known for this place yet: data is thin.',
    rateUp ? `If the rate rises by one percentage point, the net cash flow becomes ${peso(rateUp.netCashFlow)} a month.` : '',
  ].filter(Boolean);
  paragraphs.push(context.join(' '));
  paragraphs.push(FINANCE_DISCLAIMER);
  return paragraphs.join('\n\n');
}

/** 2-4 paragraphs on a comparison. */
export function compareNarrative(d: CompareListingsData): string {
  const lines = d.rows.map(
    (r) =>
      `${r.name} (${r.code}): ${peso(r.price)}${r.offer === 'rent' ? ' a month' : ''}${r.pricePerSqm ? `, ${peso(r.pricePerSqm)}/m²` : ''}${r.vsBarangayPct !== null ? ` (${r.vsBarangayPct > 0 ? '+' : ''}${r.vsBarangayPct} % vs the barangay median)` : ''}${r.estimatedGrossYieldPct !== null ? `, estimated gross yield ${r.estimatedGrossYieldPct} %` : ''}.`,
  );
  const paragraphs = [`Compared side by side: ${lines.join(' ')}`];
  const best = d.recommendation ? d.rows.find((r) => r.id === d.recommendation!.listingId) : null;
  paragraphs.push(best ? `The best value here is ${best.name} (${best.code}): ${d.recommendation!.reasons.join('; ')}.` : d.notes[0] ?? 'These listings cannot be ranked against each other.');
  const risks = d.rows.filter((r) => r.riskNotes.length).map((r) => `${r.code}: ${r.riskNotes.join(' ')}`);
  if (risks.length) paragraphs.push(`Watch out for: ${risks.join(' ')}`);
  paragraphs.push(FINANCE_DISCLAIMER);
  return paragraphs.join('\n\n');
}

