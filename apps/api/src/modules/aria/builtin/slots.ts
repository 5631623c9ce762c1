/**
 * Slot extraction of the built-in assistant: what a question says about money, size, rooms, kinds,
 * buy or rent, loan terms and listings, read with rules (English, Filipino and Taglish where easy).
 * Places are matched separately (place-names.ts). Pure functions, no I/O.
 */
import type { ListingKind } from '@app/domain';

/** What a question asks for, as far as rules can tell. Every field is optional. */
export interface Slots {
  offer?: 'sale' | 'rent';
  kinds?: ListingKind[];
  minPrice?: number;
  maxPrice?: number;
  /** An amount with no qualifier ("a ₱6M house"): the price of a property for the finance tools, a budget for search. */
  price?: number;
  /** A price per m² ("₱180k/m²"). */
  pricePerSqm?: number;
  /** A monthly amount given as rent the member expects to earn or pay ("rent it out at 25k a month"). */
  monthlyRent?: number;
  /** 0 for a studio. */
  bedrooms?: number;
  minFloorArea?: number;
  floorArea?: number;
  furnished?: boolean;
  petFriendly?: boolean;
  lender?: 'pagibig' | 'bank';
  downPaymentPct?: number;
  /** A down payment in pesos ("₱1M down"). */
  downPayment?: number;
  years?: number;
  annualRatePct?: number;
  vacancyPct?: number;
  monthlyDues?: number;
  /** Listing codes (upper case) and listing ids (uuids), in the order written. */
  listings?: string[];
  /** The seller is a developer (creditable withholding tax instead of capital gains tax). */
  sellerIsHabitualDealer?: boolean;
}

/** Number words people write for counts (English and Filipino, with the Filipino linkers). */
const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  single: 1, double: 2,
  isa: 1, isang: 1, dalawa: 2, dalawang: 2, tatlo: 3, tatlong: 3, apat: 4, lima: 5, limang: 5, anim: 6, pito: 7, pitong: 7,
};

const MULTIPLIERS: Record<string, number> = {
  k: 1e3, thousand: 1e3, libo: 1e3, 'k php': 1e3,
  m: 1e6, mil: 1e6, mill: 1e6, million: 1e6, millions: 1e6, mn: 1e6, milyon: 1e6,
  b: 1e9, bn: 1e9, billion: 1e9,
};

/** A money amount found in the text, with where it sits and what surrounds it. */
export interface MoneyMention {
  value: number;
  start: number;
  end: number;
  /** "per m²" right after it. */
  perSqm: boolean;
  /** "a month", "/mo", "monthly" right after it. */
  monthly: boolean;
  /** How the text qualifies it. */
  bound: 'max' | 'min' | null;
  /** Inside "between A and B" / "A to B" / "A-B". */
  range?: 'low' | 'high';
  /** A currency sign or a k/M suffix made it money (not a bare number). */
  explicit: boolean;
}

const CURRENCY = String.raw`(?:₱|php\.?\s?|phP|p(?=\s?\d)|pesos?\s)`;
const NUM = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const SUFFIX = String.raw`(?:\s?(?:k|thousand|libo|m(?![²2]|\s?(?:sq|²))|mil(?:l|lion|lions)?|mn|milyon|bn|billion|b(?!r|ed|ath)))`;
const PER_SQM = String.raw`\s*(?:\/|per|a|kada)\s*(?:m²|m2|sqm|sq\.?\s?m\.?|square\s?met(?:er|re)s?|metro\s?kwadrado)`;
const MONTHLY = String.raw`\s*(?:\/\s?mo(?:nth)?\b|(?:a|per|every|kada|isang)\s+(?:month|buwan)|monthly|buwan-buwan|buwanan|\/month)`;
/** Units that make a number not money. */
const NOT_MONEY_UNIT = /^\s*(?:%|percent|porsyento|sq\.?\s?m|sqm|m²|m2|square|sq\b|br\b|bed|bdr|bedrooms?|kwarto|silid|baths?|bathrooms?|t&b|cr\b|years?|yrs?|taon|months?|mos?\b|buwan|storey|stories|floors?|parking|slots?|cars?|minutes?|mins?|km|kilomet|hectares?|ha\b|days?|weeks?|x\b)(?![a-z])/i;

const MAX_WORDS = /(?:under|below|less than|lower than|cheaper than|not more than|no more than|at most|max(?:imum)?|up to|upto|within|budget(?: is| of)?|hanggang|di lalampas sa|≤|<)\s*(?:of\s*)?$/i;
const MIN_WORDS = /(?:over|above|more than|greater than|at least|min(?:imum)?|starting(?: at| from)?|from|higit sa|≥|>)\s*$/i;

function toNumber(raw: string): number {
  return Number(raw.replace(/,/g, ''));
}

/** Every money amount of the text, in order ("₱60k", "60,000", "P6M", "6 million", "Php 2.5M", "180k/m²", "3M-5M"). */
export function findMoney(text: string): MoneyMention[] {
  const re = new RegExp(String.raw`(?:(${CURRENCY})\s?)?(${NUM})(${SUFFIX})?(?![\w])`, "giu");
  const found: MoneyMention[] = [];
  for (const m of text.matchAll(re)) {
    const start = m.index!;
    const end = start + m[0].length;
    const before = text.slice(Math.max(0, start - 40), start);
    const after = text.slice(end, end + 40);
    const currency = !!m[1];
    const suffix = m[3]?.trim().toLowerCase();
    let value = toNumber(m[2]);
    if (!Number.isFinite(value)) continue;
    // a letter or digit glued before ("3BR", "RES-001000") is not money
    if (!currency && (/[A-Za-z_]$/.test(before) || /[A-Za-z]-$/.test(before))) continue;
    if (suffix) value *= MULTIPLIERS[suffix] ?? MULTIPLIERS[suffix.replace(/s$/, '')] ?? 1;
    const perSqm = new RegExp(`^${PER_SQM}`, 'i').test(after);
    if (!suffix && !perSqm && NOT_MONEY_UNIT.test(after)) continue;
    const explicit = currency || !!suffix;
    // bare numbers are money only when large enough to be a price ("60,000", "25000"), not "3" or "2026"
    if (!explicit && !perSqm && (value < 1000 || (/^(19|20)\d\d$/.test(m[2]) && !/,/.test(m[2])))) continue;
    const monthly = new RegExp(`^${MONTHLY}`, 'i').test(after);
    const bound = MAX_WORDS.test(before) ? 'max' : MIN_WORDS.test(before) ? 'min' : null;
    found.push({ value: Math.round(value * 100) / 100, start, end, perSqm, monthly, bound, explicit });
  }
  // ranges: "between 3M and 5M", "3M to 5M", "3-5M" (the suffix of the second applies to the first)
  for (let i = 0; i + 1 < found.length; i++) {
    const a = found[i];
    const b = found[i + 1];
    const gap = text.slice(a.end, b.start);
    if (!/^\s*(?:-|–|to|and|hanggang|up to)\s*$/i.test(gap)) continue;
    const isBetween = /between\s*$|from\s*$|mula\s*$|range\s*(?:of\s*)?$/i.test(text.slice(Math.max(0, a.start - 20), a.start));
    if (!isBetween && !/^\s*(?:-|–|to|hanggang)\s*$/i.test(gap)) continue;
    if (!a.explicit && b.explicit && a.value < 1000 && a.value > 0) {
      const scale = b.value / Number(text.slice(b.start, b.end).replace(/[^\d.]/g, '') || 1);
      if (scale > 1) a.value = Math.round(a.value * scale * 100) / 100;
    }
    if (a.value <= b.value) {
      a.range = 'low';
      b.range = 'high';
      a.bound = 'min';
      b.bound = 'max';
      a.perSqm = a.perSqm || b.perSqm;
      a.monthly = a.monthly || b.monthly;
    }
  }
  // "3-5M": the first number was skipped as a bare small number; catch it here
  for (const b of found) {
    if (b.range) continue;
    const lead = /(\d+(?:\.\d+)?)\s*(?:-|–|to)\s*(?:₱|php\s?|p)?$/i.exec(text.slice(Math.max(0, b.start - 12), b.start));
    if (!lead || !b.explicit) continue;
    const digits = Number(text.slice(b.start, b.end).replace(/[^\d.]/g, ''));
    const scale = digits ? b.value / digits : 1;
    const low = Number(lead[1]) * scale;
    if (low > 0 && low < b.value && !found.some((f) => f.end <= b.start && f.end >= b.start - 12)) {
      b.range = 'high';
      b.bound = 'max';
      found.push({ value: Math.round(low * 100) / 100, start: b.start - lead[0].length, end: b.start, perSqm: b.perSqm, monthly: b.monthly, bound: 'min', range: 'low', explicit: true });
    }
  }
  return found.sort((x, y) => x.start - y.start);
}

/** Kinds by the words people use, longest phrases first (so "house and lot" is not also "lot"). */
const KIND_WORDS: Array<[RegExp, ListingKind]> = [
  [/\bhouse\s*(?:and|&|n)\s*lot\b|\bh\s?&\s?l\b|\bbahay\s+at\s+lupa\b/i, 'house_and_lot'],
  [/\btown\s?-?house(?:s)?\b|\btown\s?homes?\b|\browhouses?\b/i, 'townhouse'],
  [/\bcondo(?:minium)?s?\b|\bcondo\s?unit|\bcondotel\b/i, 'condominium'],
  [/\bapartments?\b|\bapt\b|\bdoor\s?apartment|\bstudio\s+unit\b/i, 'apartment'],
  [/\boffice(?:\s?space)?s?\b|\bopisina\b/i, 'office'],
  [/\bcommercial\s+(?:space|unit|lot|property|building)s?\b|\bretail\s+space|\bshop\s?(?:space|house)?s?\b|\bstore\s?front|\bstall\b|\bpuwesto\b/i, 'commercial_space'],
  [/\bwarehouses?\b|\bbodegas?\b|\bstorage\s+facility/i, 'warehouse'],
  [/\bfarm(?:s|\s?land|\s?lot)?\b|\bagricultural\b|\bsakahan\b|\bbukid\b/i, 'farm'],
  [/\b(?:vacant\s+)?lots?\b(?!\s+area)|\bland\b|\blupa\b|\bresidential\s+lot/i, 'lot'],
  [/\bhouses?\b|\bbahay\b|\bsingle[-\s]detached\b|\bbungalow\b/i, 'house_and_lot'],
];

/** The kinds a text names (LISTING_KINDS values, in the order of KIND_WORDS). */
export function findKinds(text: string): ListingKind[] {
  let rest = text;
  const kinds: ListingKind[] = [];
  for (const [re, kind] of KIND_WORDS) {
    const global = new RegExp(re.source, 'gi');
    if (global.test(rest)) {
      if (!kinds.includes(kind)) kinds.push(kind);
      rest = rest.replace(global, ' ');
    }
  }
  // "parking lot", "lot area", "a lot of" are not lots
  if (kinds.includes('lot') && !/\b(?:vacant\s+)?lots?\b|\bland\b|\blupa\b/i.test(text.replace(/parking\s+lots?|a\s+lot\s+of|lots\s+of|lot\s+area|house\s*(?:and|&|n)\s*lot|farm\s?(?:lot|land)|commercial\s+lot/gi, ' '))) {
    kinds.splice(kinds.indexOf('lot'), 1);
  }
  return kinds;
}

/** Buy or rent, from the words (English and Filipino). */
export function findOffer(text: string): 'sale' | 'rent' | undefined {
  const rent = /\bfor\s+(?:rent|lease)\b|\brent(?:al|ing|s)?\b|\blease\b|\bleasing\b|\bpaupahan\b|\bupa(?:han)?\b|\buupahan\b|\bmangupahan\b|\btenant\b|\bbed\s?space\b/i.test(text);
  const sale = /\bfor\s+sale\b|\bbuy(?:ing)?\b|\bpurchas(?:e|ing)\b|\bbili(?:hin|in)?\b|\bbibili\b|\bbenta\b|\bbinebenta\b|\bibinebenta\b|\bpre-?selling\b|\bsale\b|\bown\b|\bacquire\b/i.test(text);
  if (rent && !sale) return 'rent';
  if (sale && !rent) return 'sale';
  if (rent && sale) {
    // "buy to rent out", "rental income": an investor buys
    if (/\brent(?:ing)?\s+(?:it\s+)?out\b|\brental\s+(?:income|yield)\b|\bbuy\b/i.test(text)) return 'sale';
    return 'rent';
  }
  return undefined;
}

/** Bedrooms: "3BR", "3-bedroom", "three bedroom", "tatlong kwarto"; a studio is 0. */
export function findBedrooms(text: string): number | undefined {
  const digit = /\b(\d{1,2})\s?-?\s?(?:br|bdr|bdrm|bed(?:room)?s?|b\/r|kwarto|silid)\b/i.exec(text) ?? /\b(\d{1,2})\s?br\+?/i.exec(text);
  if (digit) return Number(digit[1]);
  const word = new RegExp(String.raw`\b(${Object.keys(NUMBER_WORDS).join('|')})(?:\s+na)?[\s-]+(?:br|bed(?:room)?s?|kwarto|silid(?:-tulugan)?)\b`, 'i').exec(text);
  if (word) return NUMBER_WORDS[word[1].toLowerCase()];
  if (/\bstudio\b/i.test(text)) return 0;
  return undefined;
}

/** Floor area in m²: "at least 50 sqm" (a minimum), "a 60 sqm unit" (the size). */
export function findFloorArea(text: string): { min?: number; size?: number } {
  const m = /(?:(at least|min(?:imum)?|over|above|more than|bigger than|larger than|not less than|≥)\s*)?(\d{1,3}(?:,\d{3})*(?:\.\d+)?)\s*(?:sq\.?\s?m\.?|sqm|m²|m2|square\s?met(?:er|re)s?|sq\.?\s?meters?)(?!\s*(?:\/|per)?\s*(?:price))/i.exec(text);
  if (!m) return {};
  // "180k/m²" is a price per m², not an area
  const before = text.slice(Math.max(0, m.index - 2), m.index);
  if (/[/]$/.test(before) || /per\s*$/i.test(text.slice(Math.max(0, m.index - 5), m.index))) return {};
  if (/k$|m$/i.test(text.slice(m.index + (m[1]?.length ?? 0), m.index + m[0].length).split(/\s/)[0] ?? '')) return {};
  const value = toNumber(m[2]);
  return m[1] ? { min: value } : { size: value };
}

/** Listing codes (RES-001000, DEMO-000012, DEMO-MH-00012, DEMO-LGP-0001) and listing ids, in order. */
export function findListingRefs(text: string): string[] {
  const re = /\b(?:[A-Z]{2,5}(?:-[A-Z]{2,4})?-\d{3,8})\b|\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
  const out: string[] = [];
  for (const m of text.matchAll(re)) {
    const ref = /^[0-9a-f]{8}-/i.test(m[0]) && m[0].length === 36 ? m[0].toLowerCase() : m[0].toUpperCase();
    // "COVID-19"-like words are not codes: a code's number has at least 4 digits
    if (!/^[0-9a-f]{8}-/i.test(ref) && !/-\d{4,8}$/.test(ref)) continue;
    if (!out.includes(ref)) out.push(ref);
  }
  return out;
}

/** Reads every slot of a question. */
export function extractSlots(text: string): Slots {
  const slots: Slots = {};
  const t = text.replace(/\s+/g, ' ');
  const offer = findOffer(t);
  if (offer) slots.offer = offer;
  const kinds = findKinds(t);
  if (kinds.length) slots.kinds = kinds;
  const bedrooms = findBedrooms(t);
  if (bedrooms !== undefined) slots.bedrooms = bedrooms;
  const area = findFloorArea(t);
  if (area.min !== undefined) slots.minFloorArea = area.min;
  if (area.size !== undefined) slots.floorArea = area.size;

  if (/\bsemi[-\s]?furnished\b/i.test(t)) {
    // neither: left to the text ranking
  } else if (/\bun-?furnished\b|\bbare\s+unit\b|\bwalang\s+gamit\b/i.test(t)) slots.furnished = false;
  else if (/\b(?:fully[-\s])?furnished\b|\bmay\s+gamit\b|\bwith\s+furniture\b/i.test(t)) slots.furnished = true;
  if (/\bpet[-\s]?friendly\b|\bpets?\s+(?:are\s+)?(?:allowed|ok(?:ay)?|welcome)\b|\ballows?\s+pets?\b|\bwith\s+(?:my\s+|a\s+)?(?:dog|cat|pets?)\b|\bpwede\s+(?:ang\s+)?(?:aso|pusa|pets?)\b/i.test(t)) slots.petFriendly = true;

  if (/\bpag[-\s]?ibig\b|\bhdmf\b/i.test(t)) slots.lender = 'pagibig';
  else if (/\bbank(?:\s+loan|\s+financing)?\b|\bbangko\b|\b(?:bdo|bpi|metrobank|security bank|pnb|landbank|rcbc|unionbank|chinabank)\b/i.test(t)) slots.lender = 'bank';

  const dp = /(\d{1,2}(?:\.\d+)?)\s?(?:%|percent)\s*(?:down(?:\s?payment)?|dp|equity)\b/i.exec(t) ?? /\b(?:down\s?payment|dp|equity)\s*(?:of|is|at|na|:)?\s*(\d{1,2}(?:\.\d+)?)\s?(?:%|percent)/i.exec(t);
  if (dp) slots.downPaymentPct = Number(dp[1]);
  const years = /(\d{1,2})\s?-?\s?(?:years?|yrs?|taon)(?:\s+(?:to\s+pay|term|loan|na\s+hulugan))?/i.exec(t);
  if (years && Number(years[1]) >= 1 && Number(years[1]) <= 40 && !/\bold\b/i.test(t.slice(years.index + years[0].length, years.index + years[0].length + 5))) slots.years = Number(years[1]);
  const rate = /(\d{1,2}(?:\.\d+)?)\s?(?:%|percent)\s*(?:a\s+year\s+)?(?:interest|rate|p\.?a\.?|per\s+annum|annual)/i.exec(t) ?? /\b(?:interest(?:\s+rate)?|rate)\s*(?:of|is|at|:)?\s*(\d{1,2}(?:\.\d+)?)\s?(?:%|percent)/i.exec(t) ?? /\bat\s+(\d{1,2}(?:\.\d+)?)\s?%(?!\s*(?:down|dp|vacancy))/i.exec(t);
  if (rate) slots.annualRatePct = Number(rate[1]);
  const vacancy = /(\d{1,2}(?:\.\d+)?)\s?%\s*vacancy|vacancy\s*(?:of|rate|is|at|:)?\s*(\d{1,2}(?:\.\d+)?)\s?%/i.exec(t);
  if (vacancy) slots.vacancyPct = Number(vacancy[1] ?? vacancy[2]);
  if (/\bdeveloper\b|\bpre-?selling\b|\bfrom\s+the\s+developer\b|\bbrand\s+new\s+from\b/i.test(t)) slots.sellerIsHabitualDealer = true;

  const refs = findListingRefs(t);
  if (refs.length) slots.listings = refs;

  for (const m of findMoney(t)) {
    const ctxBefore = t.slice(Math.max(0, m.start - 30), m.start);
    const ctxAfter = t.slice(m.end, m.end + 30);
    if (m.perSqm) {
      if (m.range === 'low' || m.bound === 'min') continue;
      slots.pricePerSqm = m.value;
      continue;
    }
    if (/\b(?:dues|association|assoc\.?|condo\s+dues|hoa)\b[^.\d]*$/i.test(ctxBefore) || /^\s*(?:a\s+month\s+)?(?:in\s+)?(?:dues|association)/i.test(ctxAfter)) {
      slots.monthlyDues = m.value;
      continue;
    }
    if (/^\s*(?:down(?:\s?payment)?|dp|equity)\b/i.test(ctxAfter) || /\b(?:down\s?payment|dp|equity)\s*(?:of|is|:)?\s*$/i.test(ctxBefore)) {
      slots.downPayment = m.value;
      continue;
    }
    if (/\b(?:salary|income|sahod|sweldo|earn|kita)\b[^.\d]*$/i.test(ctxBefore) || /^\s*(?:a\s+month\s+|monthly\s+|per\s+month\s+)?(?:gross\s+|net\s+|monthly\s+)?(?:salary|income|sahod|sweldo|pay\b)/i.test(ctxAfter)) continue;
    const rentOut = /\brent\s+(?:it\s+)?out\b[^.\d]*$|\b(?:rent(?:al)?\s+(?:of|income|at)|charge|earn|rent(?:ed|ing|s)?\s+(?:it\s+)?(?:out\s+)?(?:at|for)|(?:if\s+(?:the\s+)?)?rent\s+(?:is|would\s+be|will\s+be))\s*$/i.test(ctxBefore);
    if (rentOut) {
      slots.monthlyRent = m.value;
      continue;
    }
    if (m.monthly && !slots.offer) slots.offer = 'rent';
    if (m.range === 'low' || m.bound === 'min') slots.minPrice = m.value;
    else if (m.range === 'high' || m.bound === 'max') slots.maxPrice = m.value;
    else if (/\bbudget\b/i.test(ctxBefore)) slots.maxPrice = m.value;
    else if (slots.price === undefined) slots.price = m.value;
  }
  if (slots.downPayment !== undefined && slots.downPaymentPct === undefined && slots.price) {
    slots.downPaymentPct = Math.round((slots.downPayment / slots.price) * 10000) / 100;
  }
  return slots;
}
