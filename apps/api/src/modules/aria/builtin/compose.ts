/**
 * Answers of the built-in assistant, composed from the tools' data. Every figure in the text is a
 * field of that data (or the member's own figure compared with it); only known fields are read, so text
 * inside a listing or a report can never become an instruction. Legal, tax and loan answers end with
 * ARIA_VERIFY_NOTE; thin data is said as such.
 */
import { ARIA_VERIFY_NOTE, KIND_LABELS, type AriaListingCard, type ListingKind } from '@app/domain';
import type {
  CompareListingsData,
  GetListingData,
  MarketReportData,
  SearchListingsArgs,
  SearchListingsData,
} from '../aria-contracts';

/** Listings below this many make a search "thin". */
export const THIN_RESULTS = 3;
/** A report figure backed by fewer listings than this is "indicative". */
export const THIN_SAMPLE = 10;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? oneLine(v) : null);

/** A short single line (names and labels from data never carry line breaks or markup into the answer). */
export function oneLine(text: string, max = 160): string {
  const t = text.replace(/[\r\n\t]+/g, ' ').replace(/[<>`*_#[\]]/g, '').replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** ₱1,234,567 or ₱29,570.53 (centavos only when the figure has them). */
export function peso(value: number): string {
  const cents = Math.round(value * 100) % 100 !== 0;
  return `₱${value.toLocaleString('en-US', { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 })}`;
}

/** 6.25 → "6.25 %", 12.345 → "12.35 %" (rounded to 2 decimals, the figure otherwise as given). */
export function pct(value: number): string {
  return `${Math.round(value * 100) / 100} %`;
}

const normalizeWords = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
/** A sentence from data without its own final period (it gets one where it is used). */
const clause = (t: string, max = 200) => oneLine(t, max).replace(/[.;:\s]+$/, '');

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function kindLabel(kind: string | null | undefined): string | null {
  return kind && kind in KIND_LABELS ? KIND_LABELS[kind as ListingKind].toLowerCase() : null;
}

/** One listing as a sentence: code, name, price, rooms, size, price/m², place. */
export function listingLine(l: AriaListingCard): string {
  const parts = [`${oneLine(l.code, 40)}: ${oneLine(l.name, 90)}`, `${peso(l.price)}${l.offer === 'rent' ? ' a month' : ''}`];
  if (num(l.bedrooms) !== null) parts.push(l.bedrooms === 0 ? 'studio' : `${l.bedrooms} BR`);
  if (num(l.floorArea) !== null) parts.push(`${l.floorArea} m²`);
  else if (num(l.lotArea) !== null) parts.push(`lot ${l.lotArea} m²`);
  if (num(l.pricePerSqm) !== null) parts.push(`${peso(l.pricePerSqm!)}/m²${l.offer === 'rent' ? ' a month' : ''}`);
  const place = [str(l.barangayName), str(l.cityName)].filter(Boolean).join(', ');
  // the place once: names often say it already ("2BR condo in Lahug, Cebu City")
  const named = normalizeWords(l.name ?? '');
  if (place && !(str(l.barangayName) && named.includes(normalizeWords(String(l.barangayName))))) parts.push(place);
  if (l.verified) parts.push('verified');
  return `${parts.join(', ')}.`;
}

/** "3+ bedroom condominiums for rent in Apas up to ₱60,000 a month". */
export function describeSearch(applied: SearchListingsData['applied'] | undefined, args: SearchListingsArgs): string {
  const a = applied ?? {};
  const kinds = (a.kinds ?? args.kinds ?? []).map(kindLabel).filter(Boolean) as string[];
  const offer = a.offer ?? args.offer;
  const beds = a.minBedrooms ?? args.minBedrooms;
  const pluralKind = (k: string) => (k === 'house and lot' ? 'houses and lots' : k.endsWith('s') ? k : `${k}s`);
  let what = kinds.length ? kinds.map(pluralKind).join(' or ') : 'listings';
  if (beds) what = `${beds}+ bedroom ${what}`;
  // "7 listings match in Legazpi City", not "7 listings match listings in …"
  const parts = what === 'listings' ? [] : [what];
  if (offer) parts.push(offer === 'rent' ? 'for rent' : 'for sale');
  const place = a.place?.name ?? args.placeName;
  if (place) parts.push(`in ${oneLine(place, 80)}`);
  const perMonth = offer === 'rent' ? ' a month' : '';
  const min = a.minPrice ?? args.minPrice;
  const max = a.maxPrice ?? args.maxPrice;
  if (min && max) parts.push(`between ${peso(min)} and ${peso(max)}${perMonth}`);
  else if (max) parts.push(`up to ${peso(max)}${perMonth}`);
  else if (min) parts.push(`from ${peso(min)}${perMonth}`);
  const area = a.minFloorArea ?? args.minFloorArea;
  if (area) parts.push(`of at least ${area} m²`);
  if (args.furnished === true) parts.push('furnished');
  if (args.furnished === false) parts.push('unfurnished');
  if (args.petFriendly) parts.push('pet friendly');
  return parts.length ? parts.join(' ') : 'your search';
}

/** A search's answer. `widenedFrom`: the place the first search found nothing in. */
export function composeSearch(data: SearchListingsData, args: SearchListingsArgs, widenedFrom?: string): string[] {
  const out: string[] = [];
  const listings = Array.isArray(data.listings) ? data.listings.filter(isObj) as unknown as AriaListingCard[] : [];
  const total = num(data.total) ?? listings.length;
  const desc = describeSearch(data.applied, args);
  if (widenedFrom) out.push(`No listing matched in ${oneLine(widenedFrom, 80)}, so I looked in the wider area.`);
  if (str(data.unresolvedPlace)) {
    out.push(`I could not find a place named "${oneLine(String(data.unresolvedPlace), 60)}". Tell me the city, municipality or barangay as the PSGC names it (for example "Makati", "Quezon City", "Lahug, Cebu City").`);
    return out;
  }
  if (total === 0 || listings.length === 0) {
    out.push(`No active listing matches ${desc} right now.`);
    out.push('Try a wider area, a higher budget or fewer filters, or save this search to be told when one is listed.');
    return out;
  }
  const shown = listings.length;
  const order = data.semantic ? 'closest to what you described first' : 'newest first';
  out.push(
    total > shown
      ? `${plural(total, 'listing')} match ${desc}; here are ${shown}, ${order}.`
      : `${plural(total, 'listing')} ${total === 1 ? 'matches' : 'match'} ${desc}${shown > 1 ? `, ${order}` : ''}.`,
  );
  if (total <= THIN_RESULTS) out.push(`Only ${plural(total, 'listing')} ${total === 1 ? 'matches' : 'match'}, so the choice is thin: a wider area or budget would show more.`);
  for (const l of listings) out.push(listingLine(l));
  const prices = listings.map((l) => l.price).filter((p): p is number => num(p) !== null);
  if (prices.length >= 2) {
    const lo = Math.min(...prices);
    const hi = Math.max(...prices);
    if (lo !== hi) out.push(`Asking prices shown run from ${peso(lo)} to ${peso(hi)}${(data.applied?.offer ?? args.offer) === 'rent' ? ' a month' : ''}.`);
  }
  out.push("Source: Tahanan's active listings (owners' asking prices). Ask me to compare any two of them, or for a listing's monthly cost.");
  return out;
}

/** The figure a market answer leads with: the median asking price per m², else the first figure with a value. */
export function headlineFigure(data: MarketReportData): MarketReportData['figures'][number] | null {
  const figures = Array.isArray(data.figures) ? data.figures.filter((f) => isObj(f) && num(f.value) !== null) : [];
  const perSqm = (f: MarketReportData['figures'][number]) => /m²|m2|sqm|square/i.test(`${f.label} ${f.unit}`);
  return figures.find((f) => /median/i.test(f.label) && perSqm(f)) ?? figures.find(perSqm) ?? figures.find((f) => /median/i.test(f.label)) ?? figures[0] ?? null;
}

/** A figure with its unit: ₱150,000/m², 5.2 %, 12 listings. */
export function figureValue(value: number, unit: string): string {
  const u = (unit ?? '').trim();
  // the report's unit codes: php, php_per_sqm, pct, ratio, count
  const code = u.toLowerCase();
  if (code === 'php') return peso(value);
  if (/^php_per_sqm/.test(code)) return `${peso(value)}/m²${/month/.test(code) ? ' a month' : ''}`;
  if (code === 'pct') return pct(value);
  if (code === 'ratio' || code === 'count' || code === 'number') return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  if (/php|₱|peso/i.test(u)) {
    const rest = u.replace(/php|₱|pesos?/gi, '').trim();
    return `${peso(value)}${rest ? (rest.startsWith('/') ? rest : ` ${rest}`) : ''}`;
  }
  if (u === '%' || /percent/i.test(u)) return pct(value);
  return u ? `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${u}` : value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

function figureSource(f: MarketReportData['figures'][number], like?: MarketReportData['figures'][number]): string {
  // the figures after the first say their source only when it differs
  if (like && like.source === f.source && like.period === f.period && like.sampleSize === f.sampleSize) return '';
  const bits = [str(f.source), str(f.period)].filter(Boolean) as string[];
  if (num(f.sampleSize) !== null) bits.push(plural(f.sampleSize!, 'listing'));
  return bits.length ? ` (${bits.join(', ')})` : '';
}

/** How a price per m² compares with a median: the percentage and a plain verdict. */
export function versusMedian(asked: number, median: number): { diffPct: number; sentence: string } {
  const diffPct = Math.round((asked / median - 1) * 1000) / 10;
  const where = diffPct === 0 ? 'exactly at' : `${Math.abs(diffPct)} % ${diffPct > 0 ? 'above' : 'below'}`;
  const verdict =
    Math.abs(diffPct) <= 10
      ? 'that is within the usual range, so the price looks fair for the area'
      : diffPct > 10
        ? 'that is on the high side: ask what justifies it (view, floor, building age, amenities) and negotiate'
        : 'that is below the usual range: a possible bargain, but check the condition, the title and why it is priced low';
  return { diffPct, sentence: `${peso(asked)}/m² is ${where} that median; ${verdict}.` };
}

/** A market report's answer; `askedPerSqm` / `askedPrice`: the member's price per m² or total price to judge against the medians. */
export function composeMarket(data: MarketReportData, askedPerSqm?: number, askedPrice?: number): string[] {
  const out: string[] = [];
  const area = str(data.area?.name) ?? 'this area';
  if (data.locked) {
    out.push(`The ${oneLine(data.title ?? 'market', 80)} report for ${area} is part of the ${oneLine(data.locked.upgradeTo, 30)} plan: upgrade to see it.`);
    return out;
  }
  const head = headlineFigure(data);
  if (!head) {
    out.push(`There is not enough data yet for a ${area} market figure, so I cannot judge prices there.`);
    return out;
  }
  // with a fallback the figures are the wider area's: say so before quoting them
  const figuresArea = data.fallback ? oneLine(data.fallback.area?.name ?? 'the wider area', 80) : area;
  if (data.fallback) {
    const n = num(data.fallback.sampleSize);
    out.push(`Data is thin in ${area}${n !== null ? ` (${plural(n, 'listing')} there)` : ''}, so these figures are for ${figuresArea}.`);
  }
  out.push(`In ${figuresArea}, the ${oneLine(head.label, 80).toLowerCase()} is ${figureValue(head.value!, head.unit)}${figureSource(head)}.`);
  if (askedPerSqm && /m²|m2|sqm|square/i.test(`${head.label} ${head.unit}`) && head.value! > 0) {
    out.push(versusMedian(askedPerSqm, head.value!).sentence);
  }
  const others = (Array.isArray(data.figures) ? data.figures : []).filter((f) => isObj(f) && f !== head && num(f.value) !== null).slice(0, 3);
  for (const f of others) out.push(`${oneLine(f.label, 80)}: ${figureValue(f.value!, f.unit)}${figureSource(f, head)}.`);
  // a total price asked ("is 14 million fair?"): against the median total price, when the report has one
  const medianTotal = (Array.isArray(data.figures) ? data.figures : []).find(
    (f) => isObj(f) && num(f.value) !== null && /median/i.test(f.label) && !/m²|m2|sqm|square|per/i.test(`${f.label} ${f.unit}`) && /^php$|₱|peso/i.test(String(f.unit)),
  );
  if (!askedPerSqm && askedPrice && medianTotal && medianTotal.value! > 0) {
    const diffPct = Math.round((askedPrice / medianTotal.value! - 1) * 1000) / 10;
    out.push(
      `${peso(askedPrice)} is ${diffPct === 0 ? 'exactly at' : `${Math.abs(diffPct)} % ${diffPct > 0 ? 'above' : 'below'}`} the ${oneLine(medianTotal.label, 60).toLowerCase()} of ${peso(medianTotal.value!)}; size matters, so compare prices per m² too (give me the floor area).`,
    );
  }
  if (!data.fallback && num(head.sampleSize) !== null && head.sampleSize! < THIN_SAMPLE) {
    out.push(`Only ${plural(head.sampleSize!, 'listing')} back this figure, so the data is thin: treat it as indicative.`);
  }
  if (data.demoData) out.push('These figures come from demo data.');
  if (str(data.url)) out.push(`Full report: ${oneLine(String(data.url), 120)}.`);
  return out;
}

/** A listing's details with its barangay's median. */
export function composeListing(data: GetListingData): string[] {
  const l = data.listing;
  if (!isObj(l)) return ['I could not read that listing.'];
  const out = [listingLine(l)];
  const extra: string[] = [];
  if (str(l.furnishing)) out.push(`It is ${String(l.furnishing).replace(/_/g, '-')}.`);
  if (num(l.parkingSlots) !== null) extra.push(plural(l.parkingSlots!, 'parking slot'));
  if (num(l.bathrooms) !== null) extra.push(plural(l.bathrooms!, 'bathroom'));
  if (extra.length) out.push(`It has ${extra.join(', ')}.`);
  const m = data.barangayMedianPricePerSqm;
  if (m && num(m.value) !== null) {
    const rent = l.offer === 'rent';
    out.push(`The median asking ${rent ? 'rent' : 'price'} in ${oneLine(m.area, 80)} is ${peso(m.value)}/m²${rent ? ' a month' : ''} (${[str(m.source), str(m.period), plural(m.sampleSize, 'listing')].filter(Boolean).join(', ')}).`);
    if (num(l.pricePerSqm) !== null && m.value > 0) out.push(`This listing's ${versusMedian(l.pricePerSqm!, m.value).sentence}`);
    if (m.sampleSize < THIN_SAMPLE) out.push(`Only ${plural(m.sampleSize, 'listing')} back that median, so the data is thin.`);
  } else {
    out.push('There is no barangay median for this kind of listing yet, so I cannot say how its price compares.');
  }
  out.push(`Details: ${oneLine(l.url, 120)}.`);
  return out;
}

/** A comparison's answer. */
export function composeCompare(data: CompareListingsData): string[] {
  const rows = Array.isArray(data.rows) ? data.rows.filter(isObj) : [];
  if (rows.length < 2) return ['I need at least two listings I can see to compare.'];
  const out = [`Here are the ${rows.length} listings side by side.`];
  for (const r of rows) {
    let line = listingLine(r).replace(/\.$/, '');
    if (num(r.vsBarangayPct) !== null && num(r.barangayMedianPricePerSqm) !== null) {
      const v = r.vsBarangayPct!;
      line += `; ${v === 0 ? 'at' : `${pct(Math.abs(v))} ${v > 0 ? 'above' : 'below'}`} the barangay median of ${peso(r.barangayMedianPricePerSqm!)}/m²`;
    }
    if (num(r.estimatedGrossYieldPct) !== null) line += `; estimated gross yield ${pct(r.estimatedGrossYieldPct!)}`;
    const near = (Array.isArray(r.amenities) ? r.amenities : []).filter((a) => isObj(a) && (num(a.count) ?? 0) > 0).slice(0, 3);
    if (near.length) line += `; nearby: ${near.map((a) => `${a.count} ${oneLine(a.category, 30)}`).join(', ')}`;
    out.push(`${line}.`);
    const risks = (Array.isArray(r.riskNotes) ? r.riskNotes : []).filter((n) => typeof n === 'string').slice(0, 2);
    if (risks.length) out.push(`${oneLine(r.code, 40)}, watch: ${risks.map((n) => clause(n, 140)).join('; ')}.`);
  }
  const rec = data.recommendation;
  const chosen = rec ? rows.find((r) => r.id === rec.listingId) : null;
  if (rec && chosen) {
    const reasons = (Array.isArray(rec.reasons) ? rec.reasons : []).filter((x) => typeof x === 'string').map((x) => clause(x, 160));
    out.push(`On these figures ${oneLine(chosen.code, 40)} comes out ahead${reasons.length ? `: ${reasons.join('; ')}` : ''}.`);
  } else {
    out.push('They cannot be ranked against each other (for example one is for sale and the other for rent).');
  }
  for (const n of (Array.isArray(data.notes) ? data.notes : []).filter((x) => typeof x === 'string').slice(0, 3)) out.push(oneLine(n, 200));
  return out;
}

const LENDER_LABEL: Record<string, string> = { pagibig: 'Pag-IBIG', bank: 'bank' };

/** An affordability answer (the result of affordability() in libs/domain plus its notes). */
export function composeAffordability(data: Obj, args: { lender?: string; price?: number }): string[] {
  const price = num(data.price) ?? num(args.price);
  const monthly = num(data.monthly);
  if (monthly === null || price === null) return ['I could not work out the monthly payment from that.', ARIA_VERIFY_NOTE];
  const lender = LENDER_LABEL[String(data.lender ?? args.lender ?? '')] ?? 'a';
  const down = num(data.downPayment);
  const loan = num(data.loanAmount);
  const rate = num(data.annualRatePct);
  const years = num(data.years) ?? num(data.termYears);
  const out: string[] = [];
  const loanPart = `${lender === 'a' ? 'a' : `a ${lender}`} loan${loan !== null ? ` of ${peso(loan)}` : ''}${years !== null ? ` over ${years} years` : ''}${rate !== null ? ` at ${pct(rate)} a year` : ''}`;
  out.push(`On a price of ${peso(price)}${down !== null ? ` with ${peso(down)} down` : ''}, ${loanPart} comes to about ${peso(monthly)} a month.`);
  if (num(data.totalInterest) !== null) out.push(`Total interest over the term: ${peso(num(data.totalInterest)!)}.`);
  if (num(data.incomeNeededMonthly) !== null) out.push(`Lenders would look for a gross monthly income of about ${peso(num(data.incomeNeededMonthly)!)}.`);
  for (const n of (Array.isArray(data.notes) ? data.notes : []).filter((x) => typeof x === 'string').slice(0, 4)) out.push(oneLine(n, 260));
  out.push(ARIA_VERIFY_NOTE);
  return out;
}

/** A taxes-and-fees answer (acquisitionCosts() in libs/domain). `example`: the price was an example, not the member's. */
export function composeAcquisition(data: Obj, args: { price?: number }, example = false): string[] {
  const lines = (Array.isArray(data.lines) ? data.lines : []).filter(isObj);
  const base = num(data.taxBase) ?? num(args.price);
  const out: string[] = [];
  const on = base !== null ? ` on a ${example ? 'sample ' : ''}${peso(num(args.price) ?? base)} purchase` : '';
  out.push(`Taxes and fees${on}${str(data.baseIs) ? ` (tax base: the ${data.baseIs}${base !== null ? `, ${peso(base)}` : ''})` : ''}:`);
  for (const l of lines) {
    const amount = num(l.amount);
    if (amount === null) continue;
    const rate = num(l.ratePct);
    out.push(`${oneLine(String(l.label ?? l.id ?? 'fee'), 80)}: ${peso(amount)}${rate !== null ? ` (${pct(rate)})` : ''}, paid by the ${l.paidBy === 'seller' ? 'seller' : 'buyer'}.`);
  }
  const buyer = num(data.buyerTotal);
  const seller = num(data.sellerTotal);
  if (buyer !== null) out.push(`The buyer pays about ${peso(buyer)} in all${seller !== null ? `, the seller about ${peso(seller)}` : ''}.`);
  if (str(data.note)) out.push(oneLine(String(data.note), 600));
  for (const n of (Array.isArray(data.notes) ? data.notes : []).filter((x) => typeof x === 'string').slice(0, 2)) out.push(oneLine(n, 240));
  if (example) out.push('That price is only an example: tell me the price (and the city) for your own figures.');
  out.push(ARIA_VERIFY_NOTE);
  return out;
}

/** A feasibility answer (feasibility() in libs/domain, with the market context when the tool adds it). */
export function composeFeasibility(data: Obj): string[] {
  const f: Obj = isObj(data.finance) ? data.finance : data;
  const out: string[] = [];
  const subject = isObj(data.subject) ? data.subject : null;
  const card = subject && isObj(subject.listing) ? (subject.listing as unknown as AriaListingCard) : null;
  const price = num(subject?.price) ?? num(isObj(f.acquisition) ? (f.acquisition as Obj).taxBase : null);
  out.push(`Feasibility of ${card ? `${oneLine(card.code, 40)} (${oneLine(card.name, 80)})` : 'this property'}${price !== null ? ` at ${peso(price)}` : ''}:`);
  if (num(f.cashNeeded) !== null) out.push(`Cash needed up front: about ${peso(num(f.cashNeeded)!)} (down payment plus taxes and fees).`);
  const loan = isObj(f.loan) ? f.loan : null;
  if (loan && num(loan.monthly) !== null) {
    out.push(`The loan${num(loan.amount) !== null ? ` of ${peso(num(loan.amount)!)}` : ''}${num(loan.termYears) !== null ? ` over ${loan.termYears} years` : ''}${num(loan.annualRatePct) !== null ? ` at ${pct(num(loan.annualRatePct)!)}` : ''} costs ${peso(num(loan.monthly)!)} a month.`);
  }
  const m = isObj(f.monthly) ? f.monthly : null;
  if (m && num(m.netCashFlow) !== null) {
    const net = num(m.netCashFlow)!;
    const rent = num(m.rent);
    if (rent) out.push(`With rent of ${peso(rent)} a month, the net monthly cash flow after vacancy, dues, tax, insurance, maintenance and the loan is ${net < 0 ? '-' : ''}${peso(Math.abs(net))}.`);
    else out.push(`Owning it costs ${peso(Math.abs(net))} a month in all (loan, dues, tax, insurance, maintenance).`);
    if (rent && net < 0) out.push(`The rent does not cover the costs: you would add about ${peso(Math.abs(net))} a month, so it pays only if the price rises or with a bigger down payment.`);
  }
  const ratios: string[] = [];
  if (num(f.grossYieldPct) !== null) ratios.push(`gross yield ${pct(num(f.grossYieldPct)!)}`);
  if (num(f.netYieldPct) !== null) ratios.push(`net yield ${pct(num(f.netYieldPct)!)}`);
  if (num(f.capRatePct) !== null) ratios.push(`cap rate ${pct(num(f.capRatePct)!)}`);
  if (num(f.cashOnCashPct) !== null) ratios.push(`cash-on-cash ${pct(num(f.cashOnCashPct)!)}`);
  if (num(f.paybackYears) !== null) ratios.push(`payback ${num(f.paybackYears)} years`);
  if (ratios.length) out.push(`${ratios.join(', ')}.`.replace(/^./, (c) => c.toUpperCase()));
  const sens = (Array.isArray(f.sensitivity) ? f.sensitivity : []).filter(isObj).slice(0, 3);
  if (sens.length) {
    out.push(`If things change: ${sens.map((s) => `${oneLine(String(s.label), 40)} ${oneLine(String(s.change ?? ''), 20)} → ${num(s.netCashFlow) !== null ? `${num(s.netCashFlow)! < 0 ? '-' : ''}${peso(Math.abs(num(s.netCashFlow)!))} a month` : 'n/a'}`.replace(/\s+/g, ' ')).join('; ')}.`);
  }
  const assumptions = isObj(data.assumptions) ? data.assumptions : null;
  if (assumptions && num(assumptions.monthlyRent) !== null && str(assumptions.monthlyRentSource)) {
    out.push(`Rent assumed: ${peso(num(assumptions.monthlyRent)!)} a month (${oneLine(String(assumptions.monthlyRentSource), 120)}).`);
  }
  const market = isObj(data.market) ? (data.market as unknown as MarketReportData) : null;
  if (market) {
    const head = headlineFigure(market);
    if (head) out.push(`Market context: in ${oneLine(market.area?.name ?? 'the area', 80)} the ${oneLine(head.label, 80).toLowerCase()} is ${figureValue(head.value!, head.unit)}${figureSource(head)}.`);
    if (market.fallback) out.push(`Data is thin there: those figures are for ${oneLine(market.fallback.area?.name ?? 'the wider area', 80)}.`);
  }
  out.push(ARIA_VERIFY_NOTE);
  return out;
}
