/**
 * The built-in assistant's turn: from the conversation, either the tool calls to make (with arguments
 * per aria-contracts.ts) or the answer's sentences, composed from the tools' data. Deterministic: the
 * same messages give the same turn, so a later round re-derives the plan instead of keeping state.
 */
import { ARIA_BUILTIN_NOTICE, ARIA_COMPARE_MAX, ARIA_COMPARE_MIN, ARIA_SEARCH_RESULTS, ARIA_VERIFY_NOTE, LOAN_PROGRAMS, type AriaToolName } from '@app/domain';
import type {
  AcquisitionCostsArgs,
  AffordabilityArgs,
  CompareListingsArgs,
  FeasibilityArgs,
  GetListingArgs,
  LlmMessage,
  LlmToolCall,
  MarketReportArgs,
  SearchListingsArgs,
  SearchListingsData,
} from '../aria-contracts';
import {
  composeAcquisition,
  composeAffordability,
  composeCompare,
  composeFeasibility,
  composeListing,
  composeMarket,
  composeSearch,
  oneLine,
} from './compose';
import { guardOf, keywordIntents, type AriaGuard, type AriaIntent } from './intents';
import type { PlaceMatch, PlaceNameIndex } from './place-names';
import { extractSlots, findListingRefs, type Slots } from './slots';
import { readToolData, type ToolOutcome } from './tool-data';

/** The price the taxes answer uses when the member gives none (said as an example in the answer). */
export const EXAMPLE_PRICE = 5_000_000;
export const DEFAULT_DOWN_PAYMENT_PCT = 20;
export const DEFAULT_LOAN_YEARS = 20;

/** What the assistant understood of a question (also what the eval's first-turn mode checks). */
export interface Understanding {
  guard: AriaGuard | null;
  intents: AriaIntent[];
  slots: Slots;
  place: PlaceMatch | null;
  /** The words left for semantic ranking. */
  text?: string;
}

/** A planned call: the tool and its arguments. */
export interface PlannedCall {
  name: AriaToolName;
  arguments: Record<string, unknown>;
}

/** A turn: calls to make, or the answer. */
export type Turn = { calls: PlannedCall[] } | { sentences: string[] };

/** Options of a plan: the place index, and an intent guess for questions the rules miss. */
export interface PlanContext {
  places: PlaceNameIndex | null;
  /** Intent by meaning (sentence embeddings), asked only when the keyword rules find none. */
  classify?: (question: string) => Promise<AriaIntent | null>;
}

const CAPABILITIES =
  'I can search listings ("3-bedroom condo for rent in Cebu IT Park under ₱60k"), check a price against the market ("is ₱180k/m² fair for a Makati condo?"), compare listings by their codes, work out a monthly amortisation ("₱6M house with Pag-IBIG"), list the taxes and fees of buying, and run a feasibility (yield and cash flow) on a listing or a price.';

/* ------------------------------------------------------------------------------------------------
 * Understanding a question
 * ---------------------------------------------------------------------------------------------- */

/** Words that carry no meaning for the semantic ranking once the slots are read. */
const FILLER = new Set(
  (
    'a an the i im i\'m me my we our you your is are am be was it its this that these those for to of in on at by with and or but ' +
    'please pls po naman lang show find search look looking want need would like some any there available can could do does ' +
    'condo condos condominium condominiums unit units house houses home homes lot lots land apartment apartments townhouse townhouses office offices ' +
    'space spaces commercial warehouse warehouses farm farms property properties listing listings bahay lupa ' +
    'rent rental rentals lease sale buy buying bili benta paupahan upa for under below above over less more than between to max min maximum minimum ' +
    'budget around about near sa ng na ang mga may meron hanap naghahanap bedroom bedrooms br bed beds studio sqm m2 square meters at least ' +
    'php peso pesos k m million month monthly a month per furnished unfurnished pet friendly pets allowed cheap cheapest new what which where how much ' +
    'hi hello hey aria magkano cheapest cheaper sell selling ibenta how much is are sulit mahal mura not ' +
    'get give tell list me us ko ka ako kami namin gusto kong ko yung nasa malapit bumili magrenta umupa hinahanap'
  ).split(/\s+/),
);

/** The words of a question left once the slots and the place are taken out ("with balcony", "near IT Park"). */
export function semanticText(question: string, place: PlaceMatch | null): string | undefined {
  let rest = question;
  if (place) rest = rest.slice(0, place.start) + ' ' + rest.slice(place.end);
  rest = rest
    .replace(/\b\d+\s?-?\s?(?:br|bedrooms?|beds?)\b/gi, ' ')
    .replace(/(?:₱|php|p)?\s?\d[\d,.]*\s?(?:k|m|mil|million|b)?\b(?:\s*\/\s*(?:m²|m2|sqm))?/gi, ' ')
    .replace(/\b(?:one|two|three|four|five)[\s-]+bedrooms?\b/gi, ' ')
    .replace(/\bhouse\s*(?:and|&)\s*lot\b/gi, ' ');
  const words = rest.split(/[^\p{L}\p{N}'-]+/u).filter((w) => w && !FILLER.has(w.toLowerCase()));
  const studio = /\bstudio\b/i.test(question) ? 'studio' : '';
  const text = [studio, place?.landmark ? `near ${place.landmark}` : '', ...words].filter(Boolean).join(' ').trim();
  return text.length >= 3 ? oneLine(text, 200) : undefined;
}

/** The place phrase after "in", "near", "sa", "at" when no PSGC name matched ("in Xyz Heights"). */
function placePhrase(question: string): string | undefined {
  const m = /(?<!\b(?:not|outside|except|hindi)\s)\b(?:in|near|sa|at|around|within)\s+((?:[A-Z][\p{L}.'-]*\s?){1,4})/u.exec(question);
  if (!m) return undefined;
  const phrase = m[1].trim().replace(/\s+(?:Under|For|With|Below|Above|And|Or)$/, '');
  if (!phrase || /^(?:I|A|The|Php|PHP|Pag-?IBIG)$/i.test(phrase)) return undefined;
  return phrase;
}

/** Reads a question: guardrail, intents, slots, place and the text left for ranking. */
export async function understand(question: string, ctx: PlanContext): Promise<Understanding> {
  const guard = guardOf(question);
  const slots = extractSlots(question);
  let place = ctx.places?.match(question) ?? null;
  // "not in Makati", "outside Cebu": the search tool has no exclusion, so no place filter at all
  if (place && /\b(?:not(?:\s+in)?|outside(?:\s+of)?|except|excluding|other\s+than|hindi\s+sa)\s*$/i.test(question.slice(0, place.start))) place = null;
  let intents = keywordIntents(question);
  // a single listing named: details (or the finance on it), not a search
  if (intents.includes('listing') && (slots.listings?.length ?? 0) !== 1) intents = intents.filter((i) => i !== 'listing');
  if (slots.pricePerSqm && !intents.includes('market') && !intents.includes('feasibility') && !intents.includes('compare')) intents.push('market');
  // loan terms with a price ("P4M house pagibig 30 yrs 10% dp"): the monthly amortisation
  const loanTerms = slots.lender || slots.downPaymentPct !== undefined || slots.annualRatePct !== undefined;
  if (loanTerms && (slots.price ?? slots.maxPrice) && !intents.some((i) => i !== 'search' && i !== 'market')) {
    intents = ['affordability'];
  }
  if (!intents.length && (slots.listings?.length ?? 0) >= 2) intents.push('compare');
  const searchy = !!(slots.kinds?.length || slots.bedrooms !== undefined || slots.offer || slots.maxPrice || slots.minPrice || slots.minFloorArea || slots.furnished !== undefined || slots.petFriendly);
  if (!intents.length && !guard && searchy && !slots.listings?.length) intents.push('search');
  if (!intents.length && !guard && ctx.classify) {
    const guessed = await ctx.classify(question);
    if (guessed && !(guessed === 'search' && slots.listings?.length)) intents.push(guessed);
  }
  // one listing named and nothing else asked: its details
  if (!intents.length && (slots.listings?.length ?? 0) === 1) intents.push('listing');
  return { guard, intents, slots, place, text: semanticText(question, place) };
}

/* ------------------------------------------------------------------------------------------------
 * The first round: which tools, with which arguments
 * ---------------------------------------------------------------------------------------------- */

/** Listing codes in the recent conversation, newest message first (each message's codes in order). */
export function refsFromHistory(history: Array<{ role: string; content: string }>): string[][] {
  return history
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .slice(-8)
    .reverse()
    .map((m) => findListingRefs(m.content))
    .filter((r) => r.length);
}

const COUNT_WORDS: Record<string, number> = { two: 2, both: 2, three: 3, four: 4, five: 5, '2': 2, '3': 3, '4': 4, '5': 5 };

/** The listings "these two" / "both" / "the first and the third" point at. */
function listingsToCompare(question: string, slots: Slots, history: Array<{ role: string; content: string }>): string[] {
  const own = slots.listings ?? [];
  if (own.length >= ARIA_COMPARE_MIN) return own.slice(0, ARIA_COMPARE_MAX);
  const count = /\b(?:these|those|the|both|last|top|first)\s+(two|three|four|five|2|3|4|5)\b/i.exec(question)?.[1] ?? (/\bboth\b/i.test(question) ? 'both' : null);
  const wanted = count ? COUNT_WORDS[count.toLowerCase()] : null;
  const recent = refsFromHistory(history);
  // the newest message naming at least two listings (or, with one named here, one more from the history)
  for (const refs of recent) {
    const merged = [...own, ...refs.filter((r) => !own.includes(r))];
    if (merged.length >= ARIA_COMPARE_MIN) return merged.slice(0, Math.min(wanted ?? ARIA_COMPARE_MAX, ARIA_COMPARE_MAX));
  }
  // codes spread over several messages ("compare it with the one before")
  const all = [...own, ...recent.flat().filter((r) => !own.includes(r))];
  const unique = [...new Set(all)];
  return unique.length >= ARIA_COMPARE_MIN ? unique.slice(0, Math.min(wanted ?? 2, ARIA_COMPARE_MAX)) : [];
}

/** The listing "this" / "it" / "that unit" points at: named here, else the newest one in the conversation. */
function listingInFocus(question: string, slots: Slots, history: Array<{ role: string; content: string }>): string | undefined {
  if (slots.listings?.length) return slots.listings[0];
  if (!/\b(?:this|that|it|the\s+(?:first|one|unit|listing|property|house|condo|lot)|ito|iyan|yan|yung)\b/i.test(question)) return undefined;
  return refsFromHistory(history)[0]?.[0];
}

function placeArgs(u: Understanding, question: string): { placeCode?: string; placeName?: string } {
  if (u.place?.confident) return { placeCode: u.place.code };
  if (u.place) return { placeName: u.place.phrase };
  const phrase = placePhrase(question);
  return phrase ? { placeName: phrase } : {};
}

/** The lender when none is named: Pag-IBIG when its loan ceiling covers the loan, else a bank. */
function lenderFor(slots: Slots, price: number): 'pagibig' | 'bank' {
  if (slots.lender) return slots.lender;
  const loan = price * (1 - (slots.downPaymentPct ?? DEFAULT_DOWN_PAYMENT_PCT) / 100);
  const ceiling = LOAN_PROGRAMS.pagibig.maxLoan;
  return ceiling !== null && loan > ceiling ? 'bank' : 'pagibig';
}

function loanArgs(slots: Slots, price: number): AffordabilityArgs {
  const lender = lenderFor(slots, price);
  const args: AffordabilityArgs = {
    price,
    downPaymentPct: slots.downPaymentPct ?? DEFAULT_DOWN_PAYMENT_PCT,
    years: Math.min(slots.years ?? DEFAULT_LOAN_YEARS, LOAN_PROGRAMS[lender].maxTermYears),
    lender,
  };
  if (slots.years && slots.years > LOAN_PROGRAMS[lender].maxTermYears) args.years = slots.years; // the tool's note says it is too long
  if (slots.annualRatePct !== undefined) args.annualRatePct = slots.annualRatePct;
  return args;
}

export function searchArgs(u: Understanding, question: string): SearchListingsArgs {
  const s = u.slots;
  const args: SearchListingsArgs = {};
  if (u.text) args.text = u.text;
  if (s.offer) args.offer = s.offer;
  if (s.kinds?.length) args.kinds = s.kinds;
  if (s.minPrice) args.minPrice = s.minPrice;
  // "where the rent is 20k": in a search, the most the member pays
  const max = s.maxPrice ?? (s.price && !s.minPrice ? s.price : undefined) ?? (s.monthlyRent && !s.minPrice ? s.monthlyRent : undefined);
  if (max) args.maxPrice = max;
  if (s.bedrooms) args.minBedrooms = s.bedrooms;
  if (s.minFloorArea) args.minFloorArea = s.minFloorArea;
  Object.assign(args, placeArgs(u, question));
  if (s.furnished !== undefined) args.furnished = s.furnished;
  if (s.petFriendly) args.petFriendly = true;
  args.limit = ARIA_SEARCH_RESULTS;
  return args;
}

/** What a question needs that it does not say: a sentence asking for it. */
export type Missing = { ask: string };

/** The calls of the first round, or what to ask when a needed figure is missing. */
export function firstCalls(u: Understanding, question: string, history: Array<{ role: string; content: string }>): PlannedCall[] | Missing {
  const s = u.slots;
  const primary = u.intents;
  const price = s.price ?? s.maxPrice;
  if (primary.includes('compare')) {
    const refs = listingsToCompare(question, s, history);
    if (refs.length < ARIA_COMPARE_MIN) {
      return { ask: 'Which listings should I compare? Give me two to five listing codes (like DEMO-000012), or search first and say "compare the first two".' };
    }
    const args: CompareListingsArgs = { listings: refs };
    return [{ name: 'compare_listings', arguments: { ...args } }];
  }
  if (primary.includes('feasibility')) {
    const listing = listingInFocus(question, s, history);
    const args: FeasibilityArgs = {};
    if (listing) args.listing = listing;
    else if (price) {
      args.price = price;
      if (s.floorArea ?? s.minFloorArea) args.floorArea = s.floorArea ?? s.minFloorArea;
      if (u.place?.confident) args.placeCode = u.place.code;
    } else return { ask: 'Which property should I run the feasibility on? Give me a listing code (like DEMO-000012) or a price, and the rent you expect if you will lease it out.' };
    const loan = loanArgs(s, price ?? 0);
    args.downPaymentPct = loan.downPaymentPct;
    args.years = loan.years;
    args.lender = s.lender ?? (price ? loan.lender : 'pagibig');
    if (s.annualRatePct !== undefined) args.annualRatePct = s.annualRatePct;
    args.use = /\b(?:live\s+in|own\s+use|for\s+myself|for\s+my\s+family|tirahan)\b/i.test(question) ? 'own' : 'rent';
    if (s.monthlyRent) args.monthlyRent = s.monthlyRent;
    if (s.vacancyPct !== undefined) args.vacancyPct = s.vacancyPct;
    if (s.monthlyDues !== undefined) args.monthlyDues = s.monthlyDues;
    return [{ name: 'feasibility', arguments: { ...args } }];
  }
  const calls: PlannedCall[] = [];
  const finance = primary.filter((i) => i === 'affordability' || i === 'acquisition');
  if (finance.length) {
    const listing = price ? undefined : listingInFocus(question, s, history);
    if (listing) return [{ name: 'get_listing', arguments: { listing } satisfies GetListingArgs }];
    for (const intent of finance) {
      if (intent === 'affordability') {
        if (!price) {
          if (!finance.includes('acquisition')) return { ask: 'What is the price of the property? For example: "monthly on a ₱6M house with Pag-IBIG, 20% down, 30 years".' };
          continue;
        }
        calls.push({ name: 'affordability', arguments: { ...loanArgs(s, price) } });
      } else {
        const args: AcquisitionCostsArgs = { price: price ?? EXAMPLE_PRICE };
        Object.assign(args, u.place?.confident ? { placeCode: u.place.code } : u.place ? { placeName: u.place.phrase } : {});
        if (s.sellerIsHabitualDealer) args.sellerIsHabitualDealer = true;
        if (s.floorArea ?? s.minFloorArea) Object.assign(args, { floorArea: s.floorArea ?? s.minFloorArea });
        calls.push({ name: 'acquisition_costs', arguments: { ...args } });
      }
    }
    return calls;
  }
  if (primary.includes('market')) {
    const where = placeArgs(u, question);
    if (!where.placeCode && !where.placeName) {
      const listing = listingInFocus(question, s, history);
      if (listing) return [{ name: 'get_listing', arguments: { listing } }];
      return { ask: 'Which place should I check? Name a city or barangay, for example "is ₱180k/m² fair for a Makati condo?".' };
    }
    const args: MarketReportArgs = { ...where, offer: s.offer ?? (s.monthlyRent ? 'rent' : 'sale') };
    if (s.kinds?.length) args.kind = s.kinds[0];
    return [{ name: 'market_report', arguments: { ...args } }];
  }
  if (primary.includes('listing') && s.listings?.length === 1) {
    return [{ name: 'get_listing', arguments: { listing: s.listings[0] } }];
  }
  if (primary.includes('search')) return [{ name: 'search_listings', arguments: { ...searchArgs(u, question) } }];
  return [];
}

/* ------------------------------------------------------------------------------------------------
 * Answers without tools
 * ---------------------------------------------------------------------------------------------- */

export function guardAnswer(guard: AriaGuard, firstAnswer: boolean): string[] {
  switch (guard) {
    case 'protected_trait':
      return [
        "I can't recommend or rule out places by religion, ethnicity, nationality or any other protected trait of the people who live there: that would be steering, and it is unfair to buyers, renters and neighbours alike.",
        'What I can do is describe places by facts: asking prices and rents, market figures, nearby schools, hospitals and malls, and safety statistics.',
        'Tell me the city or barangay, your budget and what matters to you (commute, schools, quiet streets), and I will find listings that fit.',
      ];
    case 'private_data':
      return [
        "I can't share other members' private data: their phone numbers, e-mail or home addresses, documents or messages stay private.",
        'To reach an owner or broker, open the listing and use its Message button; they can reply and share their contact details with you there if they wish.',
      ];
    case 'identity':
      return [ARIA_BUILTIN_NOTICE, "I'm not ChatGPT or another large language model: I read your question with rules, look up our data with tools and compose the answer from what they return.", CAPABILITIES];
    case 'greeting':
      return [...(firstAnswer ? [ARIA_BUILTIN_NOTICE] : []), `Hello! ${CAPABILITIES}`];
    case 'thanks':
      return ["You're welcome! Ask me anytime about listings, prices, loans or the taxes of buying."];
    case 'help':
      return [...(firstAnswer ? [ARIA_BUILTIN_NOTICE] : []), CAPABILITIES];
  }
}

export function unknownAnswer(firstAnswer: boolean): string[] {
  return [
    ...(firstAnswer ? [ARIA_BUILTIN_NOTICE] : []),
    "I'm not sure what you are asking.",
    CAPABILITIES,
  ];
}

/* ------------------------------------------------------------------------------------------------
 * Later rounds: follow-up calls, then the answer from the data
 * ---------------------------------------------------------------------------------------------- */

interface Round {
  call: LlmToolCall;
  name: AriaToolName;
  args: Record<string, unknown>;
  outcome: ToolOutcome;
}

/** The tool calls since the question and their results, in order. */
export function roundsOf(after: LlmMessage[]): Round[] {
  const rounds: Round[] = [];
  const byId = new Map<string, LlmMessage & { role: 'tool' }>();
  for (const m of after) if (m.role === 'tool') byId.set(m.toolCallId, m);
  for (const m of after) {
    if (m.role !== 'assistant' || !m.toolCalls) continue;
    for (const call of m.toolCalls) {
      const result = byId.get(call.id);
      let args: Record<string, unknown> = {};
      try {
        const parsed = JSON.parse(call.arguments);
        if (parsed && typeof parsed === 'object') args = parsed;
      } catch {
        /* our own call: always JSON */
      }
      const name = call.name as AriaToolName;
      rounds.push({ call, name, args, outcome: result ? readToolData(name, result.content) : { ok: false, error: 'no result' } });
    }
  }
  return rounds;
}

/** The city (for a barangay) or province/region (for a city) around a place code, for a search that found nothing. */
export function widerPlaceCode(code: string, level: string): string | null {
  if (!/^\d{10}$/.test(code)) return null;
  if (level === 'barangay') return `${code.slice(0, 7)}000`;
  if (level === 'city' || level === 'municipality' || level === 'submunicipality') return code.startsWith('13') ? '1300000000' : `${code.slice(0, 5)}00000`;
  return null;
}

const TOOL_WORDS: Record<AriaToolName, string> = {
  search_listings: 'search the listings',
  get_listing: 'open that listing',
  market_report: 'get the market report',
  compare_listings: 'compare those listings',
  affordability: 'work out the loan',
  acquisition_costs: 'work out the taxes and fees',
  feasibility: 'run the feasibility',
};

/** The next turn once tools have answered: more calls (a listing's price for the loan, a wider search) or the answer. */
export function afterTools(u: Understanding, question: string, after: LlmMessage[]): Turn {
  const rounds = roundsOf(after);
  const called = (name: AriaToolName) => rounds.some((r) => r.name === name);
  const more: PlannedCall[] = [];

  // a listing was opened for its price: now the loan, the taxes or the market check
  const opened = rounds.find((r) => r.name === 'get_listing' && r.outcome.ok);
  if (opened && opened.outcome.ok) {
    const listing = opened.outcome.data.listing as { price?: number; offer?: string; barangayCode?: string | null } | undefined;
    const price = typeof listing?.price === 'number' ? listing.price : null;
    if (price && listing?.offer === 'sale') {
      if (u.intents.includes('affordability') && !called('affordability')) more.push({ name: 'affordability', arguments: { ...loanArgs(u.slots, price) } });
      if (u.intents.includes('acquisition') && !called('acquisition_costs')) {
        more.push({ name: 'acquisition_costs', arguments: { price, ...(listing.barangayCode ? { placeCode: listing.barangayCode } : {}) } });
      }
    }
  }
  // a search that found nothing in a barangay or city: once more in the wider area
  const searches = rounds.filter((r) => r.name === 'search_listings');
  const lastSearch = searches.at(-1);
  if (lastSearch?.outcome.ok && searches.length === 1) {
    const data = lastSearch.outcome.data as unknown as SearchListingsData;
    const place = data.applied?.place;
    if ((data.total ?? 0) === 0 && place) {
      const wider = widerPlaceCode(place.code, place.level);
      if (wider && wider !== place.code) {
        const args: Record<string, unknown> = { ...lastSearch.args, placeCode: wider };
        delete args.placeName;
        if (typeof args.text !== 'string' && u.place?.landmark) args.text = `near ${u.place.landmark}`;
        more.push({ name: 'search_listings', arguments: args });
      }
    }
  }
  if (more.length) return { calls: more };
  return { sentences: composeRounds(u, rounds) };
}

function composeRounds(u: Understanding, rounds: Round[]): string[] {
  const out: string[] = [];
  const searches = rounds.filter((r) => r.name === 'search_listings');
  for (const r of rounds) {
    if (!r.outcome.ok) {
      out.push(`I could not ${TOOL_WORDS[r.name] ?? 'run that tool'}: ${oneLine(r.outcome.error, 200)}.`.replace(/\.\.$/, '.'));
      continue;
    }
    const data = r.outcome.data;
    switch (r.name) {
      case 'search_listings': {
        // with a widened search, answer from the last one and say so
        if (searches.length > 1 && r !== searches.at(-1)) continue;
        const first = searches[0];
        const firstPlace = first.outcome.ok ? (first.outcome.data as unknown as SearchListingsData).applied?.place?.name : undefined;
        out.push(...composeSearch(data as unknown as SearchListingsData, r.args as SearchListingsArgs, searches.length > 1 ? firstPlace ?? undefined : undefined));
        break;
      }
      case 'market_report':
        out.push(...composeMarket(data as never, u.slots.pricePerSqm, u.slots.price ?? u.slots.maxPrice));
        break;
      case 'get_listing':
        // opened only for its price when a loan or tax answer follows
        if (rounds.some((x) => x.name === 'affordability' || x.name === 'acquisition_costs')) {
          const l = (data as { listing?: { code?: string; name?: string } }).listing;
          if (l?.code) out.push(`For ${oneLine(String(l.code), 40)} (${oneLine(String(l.name ?? ''), 80)}):`);
        } else out.push(...composeListing(data as never));
        break;
      case 'compare_listings':
        out.push(...composeCompare(data as never));
        break;
      case 'affordability':
        out.push(...composeAffordability(data, r.args as { lender?: string; price?: number }));
        break;
      case 'acquisition_costs':
        out.push(...composeAcquisition(data, r.args as { price?: number }, !u.slots.price && !u.slots.maxPrice && !rounds.some((x) => x.name === 'get_listing') && r.args.price === EXAMPLE_PRICE));
        break;
      case 'feasibility':
        out.push(...composeFeasibility(data));
        break;
    }
  }
  // the verify note once, at the end
  const withoutNote = out.filter((s) => s !== ARIA_VERIFY_NOTE);
  if (withoutNote.length !== out.length || rounds.some((r) => ['affordability', 'acquisition_costs', 'feasibility'].includes(r.name))) withoutNote.push(ARIA_VERIFY_NOTE);
  return withoutNote.length ? withoutNote : ['I found nothing to answer with.'];
}
