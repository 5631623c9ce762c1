/**
 * Philippine property-finance formulas (issue 17): housing-loan amortisation (Pag-IBIG and banks),
 * affordability, the taxes and fees of buying (capital gains tax or creditable withholding tax,
 * documentary stamp tax, local transfer tax, registration and notarial fees), the real property tax
 * estimate and the feasibility run ARIA reports (cash flow, yields, cap rate, payback, sensitivity).
 * Pure functions, no framework imports; unit-tested against worked examples in
 * `apps/api/src/modules/aria/finance/property-finance.spec.ts`.
 *
 * Money is in pesos; every peso figure these functions return is rounded to centavos (2 decimals), and
 * percentages to 2 decimals. Bad input throws a RangeError whose message names the field.
 */

/** Who lends: the Pag-IBIG Fund (HDMF) or a bank. */
export type LenderKind = 'pagibig' | 'bank';
export const LENDER_KINDS: readonly LenderKind[] = ['pagibig', 'bank'];

/** One lender's published terms, as ARIA uses them. */
export interface LoanProgram {
  label: string;
  /** Where the figures come from. */
  source: string;
  /** The period the figures are for (YYYY-MM or YYYY). */
  asOf: string;
  /** The rate used when the member gives none, in percent a year. */
  defaultRatePct: number;
  /** The fixing period the default rate belongs to (years). */
  defaultFixingYears: number;
  maxTermYears: number;
  /** The largest loan as a share of the property's (appraised) value, in percent. */
  maxLoanToValuePct: number;
  /** The largest loan in pesos; null when the lender publishes none. */
  maxLoan: number | null;
  /** The largest monthly amortisation as a share of gross monthly income, in percent. */
  maxIncomeSharePct: number;
  /** Rates (percent a year) by fixing (repricing) period in years. */
  ratesByFixingYears?: Record<number, number>;
  /** What the figures leave out or simplify. */
  note: string;
}

/**
 * The lenders' published terms.
 *
 * Pag-IBIG Fund: rates per repricing period effective 1 January 2025 (1-year fixing 5.750 %, 3-year
 * 6.250 %, 5-year 6.500 %, 10-year 7.125 %, 15-year 7.750 %, 20-year 8.500 %, 25-year 9.125 %, 30-year
 * 9.750 %); up to ₱6,000,000 and 30 years (the loan must also mature by the borrower's 70th birthday);
 * the loan is the lowest of actual need, capacity to pay (amortisation at most 35 % of gross monthly
 * income) and the loan-to-appraised-value ratio (Pag-IBIG Circular No. 396 as amended: 95 % up to the
 * economic-housing ceiling, 90 % above it up to ₱6,000,000; we use 90 %). The default is the 3-year
 * fixing, the period most borrowers choose. The affordable-housing (socialized) rates for minimum-wage
 * earners are not modelled.
 *
 * Banks: no single published table. Major Philippine banks quoted about 6.5-8 % for 1- to 5-year
 * fixing in 2025, lend up to 80 % of appraised value (less for condominiums and lots at some banks),
 * for up to 20-25 years, with amortisation at most 30-35 % of gross income; we use 7.5 %, 80 %,
 * 25 years and 30 %. Each bank sets its own terms.
 */
export const LOAN_PROGRAMS: Record<LenderKind, LoanProgram> = {
  pagibig: {
    label: 'Pag-IBIG Fund housing loan',
    source: 'Pag-IBIG Fund (HDMF): housing loan rates per repricing period effective 1 January 2025; End-User Home Financing Program (Circular No. 396, as amended)',
    asOf: '2025-01',
    defaultRatePct: 6.25,
    defaultFixingYears: 3,
    maxTermYears: 30,
    maxLoanToValuePct: 90,
    maxLoan: 6_000_000,
    maxIncomeSharePct: 35,
    ratesByFixingYears: { 1: 5.75, 3: 6.25, 5: 6.5, 10: 7.125, 15: 7.75, 20: 8.5, 25: 9.125, 30: 9.75 },
    note: 'The rate is fixed for the chosen period and then repriced. Loan-to-value is 95 % up to the economic-housing ceiling and 90 % above it; the loan must be repaid by age 70.',
  },
  bank: {
    label: 'Bank housing loan (typical terms)',
    source: 'Typical published home-loan terms of major Philippine banks (1- to 5-year fixing), 2025; each bank sets its own',
    asOf: '2025',
    defaultRatePct: 7.5,
    defaultFixingYears: 1,
    maxTermYears: 25,
    maxLoanToValuePct: 80,
    maxLoan: null,
    maxIncomeSharePct: 30,
    note: 'Banks reprice after the fixing period; some lend less than 80 % on condominiums and lots, and accept 30-35 % of gross income.',
  },
};

/** A short note every finance answer and run carries. */
export const FINANCE_DISCLAIMER =
  'Estimates only, not tax, legal or financial advice: rates, zonal values and local ordinances change. Verify with a licensed broker, your lender and the BIR/LGU before you decide.';

/** The PSGC code of Metro Manila (NCR); any 10-digit code starting with 13 is inside it. */
export const NCR_REGION_CODE = '1300000000';

/* ------------------------------------------------------------------------------------------------
 * Validation and rounding
 * ---------------------------------------------------------------------------------------------- */

const MAX_YEARS = 40;
const MAX_RATE_PCT = 50;

/** Rounds to centavos (half away from zero, after removing binary noise). */
export const roundPesos = (v: number): number => {
  const r = Math.round(Math.abs(v) * 100 + 1e-7) / 100;
  return v < 0 ? -r : r;
};
const round2 = roundPesos;

function num(field: string, v: unknown, min: number, max: number, message: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) throw new RangeError(`${field} ${message}`);
  return v;
}
const positive = (field: string, v: unknown) => {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw new RangeError(`${field} must be a number above 0`);
  return v;
};
const nonNegative = (field: string, v: unknown) => num(field, v, 0, Number.MAX_VALUE, 'must be a number of 0 or more');
const pct = (field: string, v: unknown) => num(field, v, 0, 100, 'must be between 0 and 100');
const rate = (field: string, v: unknown) => num(field, v, 0, MAX_RATE_PCT, `must be between 0 and ${MAX_RATE_PCT}`);
function wholeYears(field: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_YEARS) {
    throw new RangeError(`${field} must be a whole number between 1 and ${MAX_YEARS}`);
  }
  return v;
}
function lenderOf(v: unknown): LenderKind {
  if (!(LENDER_KINDS as readonly unknown[]).includes(v)) throw new RangeError('lender must be pagibig or bank');
  return v as LenderKind;
}
/** Null/undefined stay null; anything else must be a number above 0. */
const optionalPositive = (field: string, v: number | null | undefined): number | null => (v == null ? null : positive(field, v));
function regionCodeOf(v: string | null | undefined): string | null {
  if (v == null || v === '') return null;
  if (typeof v !== 'string' || !/^\d{10}$/.test(v)) throw new RangeError('regionCode must be a 10-digit PSGC code, e.g. 1300000000');
  return v;
}
/** True for Metro Manila (a PSGC code of NCR or of a place in it: region part 13). */
export const isMetroManila = (regionCode: string | null | undefined): boolean => typeof regionCode === 'string' && /^13\d{8}$/.test(regionCode);

const peso = (v: number) => `₱${v.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

/* ------------------------------------------------------------------------------------------------
 * Loans
 * ---------------------------------------------------------------------------------------------- */

/**
 * The Pag-IBIG rate (percent a year) for a fixing period in years (1, 3, 5, 10, 15, 20, 25 or 30);
 * a period between two published ones takes the rate of the next longer one. Source: LOAN_PROGRAMS.pagibig.
 */
export function pagibigRateForFixing(fixingYears: number): number {
  const table = LOAN_PROGRAMS.pagibig.ratesByFixingYears!;
  const periods = Object.keys(table).map(Number).sort((a, b) => a - b);
  if (typeof fixingYears !== 'number' || !Number.isInteger(fixingYears) || fixingYears < 1 || fixingYears > periods[periods.length - 1]) {
    throw new RangeError(`fixingYears must be a whole number between 1 and ${periods[periods.length - 1]}`);
  }
  return table[periods.find((p) => p >= fixingYears)!];
}

/**
 * The level monthly payment of a loan: the standard annuity (Excel PMT):
 *
 *   r = annual rate ÷ 12 ÷ 100, n = years × 12
 *   payment = P × r ÷ (1 − (1 + r)^−n)      (r > 0)
 *   payment = P ÷ n                           (r = 0)
 *
 * Rounded to centavos. Pag-IBIG and banks compute interest monthly on the diminishing balance, which is
 * what this assumes. Example: ₱4,800,000 at 6.25 % for 30 years → ₱29,554.53 a month.
 */
export function monthlyAmortization(principal: number, annualRatePct: number, years: number): number {
  nonNegative('principal', principal);
  rate('annualRatePct', annualRatePct);
  wholeYears('years', years);
  return round2(rawPayment(principal, annualRatePct, years));
}

function rawPayment(principal: number, annualRatePct: number, years: number): number {
  const n = years * 12;
  const r = annualRatePct / 1200;
  if (principal === 0) return 0;
  if (r === 0) return principal / n;
  return (principal * r) / (1 - Math.pow(1 + r, -n));
}

/** One year of an amortisation schedule: what the year's 12 payments repaid, cost in interest, and the balance after them. */
export interface AmortizationRow {
  year: number;
  principalPaid: number;
  interestPaid: number;
  balance: number;
}

/**
 * The amortisation schedule, summarised by year, from a month-by-month computation in centavos:
 * each month interest = balance × r (rounded to the centavo), principal = payment − interest; the last
 * payment is whatever clears the balance (so it differs from the others by a few centavos). Hence the
 * principal paid over all years sums exactly to the loan, and totalPaid = loan + totalInterest.
 */
export function amortizationSchedule(
  principal: number,
  annualRatePct: number,
  years: number,
): { monthly: number; totalInterest: number; totalPaid: number; years: AmortizationRow[] } {
  const monthly = monthlyAmortization(principal, annualRatePct, years);
  const r = annualRatePct / 1200;
  const payment = Math.round(monthly * 100);
  let balance = Math.round(principal * 100);
  let totalInterest = 0;
  const rows: AmortizationRow[] = [];
  for (let y = 1; y <= years; y++) {
    let principalPaid = 0;
    let interestPaid = 0;
    for (let m = 1; m <= 12; m++) {
      if (balance <= 0) break;
      const interest = Math.round(balance * r);
      const last = y === years && m === 12;
      let repaid = payment - interest;
      if (last || repaid > balance) repaid = balance;
      balance -= repaid;
      principalPaid += repaid;
      interestPaid += interest;
    }
    totalInterest += interestPaid;
    rows.push({ year: y, principalPaid: principalPaid / 100, interestPaid: interestPaid / 100, balance: balance / 100 });
  }
  return {
    monthly,
    totalInterest: totalInterest / 100,
    totalPaid: (Math.round(principal * 100) + totalInterest) / 100,
    years: rows,
  };
}

export interface AffordabilityInput {
  price: number;
  downPaymentPct: number;
  years: number;
  lender: LenderKind;
  /** Percent a year; when missing, the lender's rate (Pag-IBIG: the rate of `fixingYears`, else of its default fixing). */
  annualRatePct?: number;
  /** Pag-IBIG only: the fixing period whose published rate to use when no annualRatePct is given. */
  fixingYears?: number;
}

export interface AffordabilityResult {
  price: number;
  downPayment: number;
  loanAmount: number;
  annualRatePct: number;
  years: number;
  monthly: number;
  totalInterest: number;
  /** Gross monthly income at which the amortisation is the lender's maximum share of income. */
  incomeNeededMonthly: number;
  notes: string[];
}

/** The rate to use and the sentence saying where it comes from. */
function resolveRate(lender: LenderKind, annualRatePct: number | undefined, fixingYears?: number): { ratePct: number; note: string } {
  const program = LOAN_PROGRAMS[lender];
  if (annualRatePct != null) return { ratePct: rate('annualRatePct', annualRatePct), note: `Rate ${annualRatePct} % a year as given.` };
  if (lender === 'pagibig') {
    const fixing = fixingYears ?? program.defaultFixingYears;
    const ratePct = pagibigRateForFixing(fixing);
    return { ratePct, note: `Rate ${ratePct} % a year: Pag-IBIG's ${fixing}-year fixing (effective 1 January 2025); repriced after ${fixing} year${fixing === 1 ? '' : 's'}.` };
  }
  return { ratePct: program.defaultRatePct, note: `Rate ${program.defaultRatePct} % a year: a typical bank rate for 1- to 5-year fixing (${program.asOf}); ask your bank for its rate.` };
}

/** The notes on a loan that breaks one of the lender's limits. */
function loanLimitNotes(lender: LenderKind, price: number, loanAmount: number, downPaymentPct: number, years: number): string[] {
  const p = LOAN_PROGRAMS[lender];
  const notes: string[] = [];
  if (p.maxLoan != null && loanAmount > p.maxLoan) {
    notes.push(
      `The loan of ${peso(loanAmount)} is above the ${p.label}'s ${peso(p.maxLoan)} maximum: the other ${peso(roundPesos(loanAmount - p.maxLoan))} needs a bigger down payment or another lender.`,
    );
  }
  if (years > p.maxTermYears) notes.push(`A ${years}-year term is longer than the ${p.label}'s ${p.maxTermYears}-year maximum.`);
  const ltv = 100 - downPaymentPct;
  if (loanAmount > 0 && ltv > p.maxLoanToValuePct) {
    notes.push(
      `Borrowing ${roundPesos(ltv)} % of the price is above the ${p.label}'s ${p.maxLoanToValuePct} % loan-to-value limit: expect to put down at least ${peso(roundPesos((price * (100 - p.maxLoanToValuePct)) / 100))} (${100 - p.maxLoanToValuePct} %), more if the appraisal is below the price.`,
    );
  }
  return notes;
}

/**
 * What a purchase costs a month on a loan, and the gross monthly income a lender wants for it:
 *
 *   down payment = price × down payment %;  loan = price − down payment
 *   monthly      = PMT(rate ÷ 12, years × 12, loan)           (monthlyAmortization)
 *   income needed = monthly ÷ the lender's maximum share of income (Pag-IBIG 35 %, banks 30 %)
 *
 * Notes say when the loan breaks the lender's limits (Pag-IBIG's ₱6,000,000 maximum, the maximum
 * term, the loan-to-value limit) and where the rate comes from. Sources: LOAN_PROGRAMS.
 */
export function affordability(i: AffordabilityInput): AffordabilityResult {
  const price = positive('price', i.price);
  const downPaymentPct = pct('downPaymentPct', i.downPaymentPct);
  const years = wholeYears('years', i.years);
  const lender = lenderOf(i.lender);
  const { ratePct, note } = resolveRate(lender, i.annualRatePct, i.fixingYears);
  const downPayment = round2((price * downPaymentPct) / 100);
  const loanAmount = round2(price - downPayment);
  const schedule = amortizationSchedule(loanAmount, ratePct, years);
  const program = LOAN_PROGRAMS[lender];
  const notes = [
    ...loanLimitNotes(lender, price, loanAmount, downPaymentPct, years),
    note,
    `Income needed assumes the amortisation is at most ${program.maxIncomeSharePct} % of gross monthly income (${program.label}).`,
  ];
  return {
    price: round2(price),
    downPayment,
    loanAmount,
    annualRatePct: ratePct,
    years,
    monthly: schedule.monthly,
    totalInterest: schedule.totalInterest,
    incomeNeededMonthly: round2(schedule.monthly / (program.maxIncomeSharePct / 100)),
    notes,
  };
}

export interface MaxLoanInput {
  /** Gross monthly income (the household's, for tacked loans), pesos. */
  grossMonthlyIncome: number;
  years: number;
  lender: LenderKind;
  annualRatePct?: number;
  /** Pag-IBIG only: the fixing period whose rate to use when annualRatePct is missing. */
  fixingYears?: number;
}

export interface MaxLoanResult {
  /** The largest amortisation the lender accepts: income × its maximum share. */
  maxMonthly: number;
  /** The loan that amortisation repays (present value of the payments). */
  loanByIncome: number;
  /** loanByIncome, capped at the lender's maximum loan. */
  loanAmount: number;
  cappedBy: 'income' | 'lender maximum';
  /** The price that loan covers at the lender's loan-to-value limit (loan ÷ LTV). */
  priceAtMaxLoanToValue: number;
  annualRatePct: number;
  years: number;
  notes: string[];
}

/**
 * The largest loan an income supports (the inverse of affordability):
 *
 *   max monthly = gross monthly income × the lender's maximum share (Pag-IBIG 35 %, banks 30 %)
 *   loan        = max monthly × (1 − (1 + r)^−n) ÷ r      (present value; max monthly × n at 0 %)
 *   loan amount = min(loan, the lender's maximum loan — Pag-IBIG ₱6,000,000)
 *   price       = loan amount ÷ the loan-to-value limit (the down payment covers the rest)
 *
 * Example: ₱50,000 a month on Pag-IBIG at 6.25 % for 30 years → ₱17,500 a month → about ₱2,842,214.
 */
export function maxLoanForIncome(i: MaxLoanInput): MaxLoanResult {
  const income = positive('grossMonthlyIncome', i.grossMonthlyIncome);
  const years = wholeYears('years', i.years);
  const lender = lenderOf(i.lender);
  const { ratePct, note } = resolveRate(lender, i.annualRatePct, i.fixingYears);
  const program = LOAN_PROGRAMS[lender];
  const maxMonthly = round2((income * program.maxIncomeSharePct) / 100);
  const r = ratePct / 1200;
  const n = years * 12;
  const loanByIncome = round2(r === 0 ? maxMonthly * n : (maxMonthly * (1 - Math.pow(1 + r, -n))) / r);
  const capped = program.maxLoan != null && loanByIncome > program.maxLoan;
  const loanAmount = capped ? program.maxLoan! : loanByIncome;
  const notes = [note, `At most ${program.maxIncomeSharePct} % of gross monthly income goes to the amortisation (${program.label}).`];
  if (capped) notes.push(`The income supports ${peso(loanByIncome)}, but the ${program.label} lends at most ${peso(program.maxLoan!)}.`);
  if (years > program.maxTermYears) notes.push(`A ${years}-year term is longer than the ${program.label}'s ${program.maxTermYears}-year maximum.`);
  return {
    maxMonthly,
    loanByIncome,
    loanAmount,
    cappedBy: capped ? 'lender maximum' : 'income',
    priceAtMaxLoanToValue: round2(loanAmount / (program.maxLoanToValuePct / 100)),
    annualRatePct: ratePct,
    years,
    notes,
  };
}

/* ------------------------------------------------------------------------------------------------
 * Taxes and fees of buying
 * ---------------------------------------------------------------------------------------------- */

export interface AcquisitionInput {
  price: number;
  /** The BIR zonal value of the property (whole property, pesos), when known. */
  zonalValue?: number | null;
  /** PSGC region code; '1300000000' (NCR) means Metro Manila transfer-tax rate */
  regionCode?: string | null;
  /** The seller is habitually engaged in real estate (a developer or dealer): creditable withholding tax instead of capital gains tax. */
  sellerIsHabitualDealer?: boolean;
  /** The property is in a city (outside Metro Manila too): cities may charge up to 0.75 % transfer tax (LGC Sec. 151). */
  isCity?: boolean | null;
}

export interface CostLine {
  id: string;
  label: string;
  base: number;
  /** Null for a fee that is not a flat percentage (the registration fee schedule). */
  ratePct: number | null;
  amount: number;
  paidBy: 'buyer' | 'seller';
  legalBasis: string;
}

export interface AcquisitionResult {
  taxBase: number;
  baseIs: 'price' | 'zonal value';
  lines: CostLine[];
  buyerTotal: number;
  sellerTotal: number;
  total: number;
  note: string;
}

/**
 * Creditable withholding tax rates for a seller habitually engaged in real estate (RR 2-98
 * Sec. 2.57.2(J) as amended): 1.5 % up to ₱500,000; 3 % above ₱500,000 up to ₱2,000,000; 5 % above
 * ₱2,000,000 — of the higher of the selling price and the fair market value. 6 % applies to ordinary
 * assets sold by a seller not habitually engaged in real estate. The whole base takes the tier's rate
 * (the tiers are not marginal brackets).
 */
export const CWT_TIERS: ReadonlyArray<{ upTo: number | null; ratePct: number }> = [
  { upTo: 500_000, ratePct: 1.5 },
  { upTo: 2_000_000, ratePct: 3 },
  { upTo: null, ratePct: 5 },
];
export const CWT_NOT_HABITUAL_PCT = 6;
export const CAPITAL_GAINS_TAX_PCT = 6;
export const DOCUMENTARY_STAMP_TAX_PCT = 1.5;
/** Local transfer tax caps: provinces 50 % of 1 % (LGC Sec. 135); cities, and Metro Manila, 50 % more (Sec. 151). */
export const TRANSFER_TAX_PROVINCE_PCT = 0.5;
export const TRANSFER_TAX_CITY_PCT = 0.75;
/** Customary notarial fee for a deed of absolute sale (not a legal rate: notaries and IBP chapters set their own). */
export const NOTARIAL_FEE_PCT = 1;

/** The creditable-withholding rate (percent) of a habitual seller for a tax base (CWT_TIERS). */
export function creditableWithholdingRatePct(taxBase: number): number {
  positive('taxBase', taxBase);
  return CWT_TIERS.find((t) => t.upTo == null || taxBase <= t.upTo)!.ratePct;
}

/**
 * Documentary stamp tax on a deed of sale: ₱15 for each ₱1,000, or fraction of ₱1,000, of the
 * consideration or the fair market value, whichever is higher (NIRC Sec. 196) — 1.5 % with the last
 * ₱1,000 rounded up.
 */
export function documentaryStampTax(taxBase: number): number {
  positive('taxBase', taxBase);
  return Math.ceil(roundPesos(taxBase) / 1000 - 1e-9) * 15;
}

/**
 * Registration fee at the Registry of Deeds, an approximation of the Land Registration Authority's
 * schedule (PD 1529 Sec. 111 as revised by LRA circulars): the published table charges ₱8,796 for
 * ₱1,700,000 and ₱90 for every ₱20,000 or fraction above it; below ₱1,700,000 we scale ₱8,796 in
 * proportion to the base (the real table is graduated and charges small deeds somewhat more). Entry,
 * IT-service and annotation fees (a few hundred pesos) are not included. Confirm with the Registry.
 */
export function registrationFee(taxBase: number): number {
  positive('taxBase', taxBase);
  const base = roundPesos(taxBase);
  if (base <= 1_700_000) return round2((8_796 * base) / 1_700_000);
  return 8_796 + Math.ceil((base - 1_700_000) / 20_000 - 1e-9) * 90;
}

/**
 * The taxes and fees of buying a property, line by line with their legal basis and who customarily
 * pays (the parties may agree otherwise in the deed of sale). Tax base = the higher of the price and
 * the BIR zonal value when a zonal value is known, else the price (NIRC Sec. 6(E): the fair market
 * value is the higher of the zonal value and the assessor's value; we do not have the latter).
 *
 *   seller: capital gains tax 6 % of the base (NIRC Sec. 24(D)(1); a final tax on a capital asset), or
 *           for a seller habitually engaged in real estate creditable withholding tax 1.5 / 3 / 5 % by
 *           tier (RR 2-98 Sec. 2.57.2(J) as amended; CWT_TIERS)
 *   buyer:  documentary stamp tax ₱15 per ₱1,000 or fraction of the base (NIRC Sec. 196)
 *           local transfer tax: up to 0.75 % of the base in Metro Manila and other cities (Local
 *           Government Code Sec. 135 with Sec. 151), up to 0.5 % in provinces (Sec. 135); we use the caps
 *           registration fee: LRA schedule, approximated (registrationFee)
 *           notarial fee: customary about 1 % of the price (not a legal rate)
 *
 * Not included: 12 % VAT on a developer's sale (usually inside its price), the broker's commission
 * (usually the seller's, 3-5 %), the Pag-IBIG or bank loan fees, and the transfer of the tax declaration.
 */
export function acquisitionCosts(i: AcquisitionInput): AcquisitionResult {
  const price = positive('price', i.price);
  const zonal = optionalPositive('zonalValue', i.zonalValue);
  const regionCode = regionCodeOf(i.regionCode);
  const metro = isMetroManila(regionCode);
  const habitual = i.sellerIsHabitualDealer === true;
  const baseIs: AcquisitionResult['baseIs'] = zonal != null && zonal > price ? 'zonal value' : 'price';
  const taxBase = round2(baseIs === 'zonal value' ? zonal! : price);

  const lines: CostLine[] = [];
  if (habitual) {
    const ratePct = creditableWithholdingRatePct(taxBase);
    lines.push({
      id: 'creditable_withholding_tax',
      label: 'Creditable withholding tax (seller is a developer or dealer)',
      base: taxBase,
      ratePct,
      amount: round2((taxBase * ratePct) / 100),
      paidBy: 'seller',
      legalBasis:
        'NIRC Sec. 57(B); RR 2-98 Sec. 2.57.2(J) as amended: 1.5 % up to ₱500,000, 3 % up to ₱2,000,000, 5 % above, of the higher of selling price and fair market value; withheld by the buyer from the price, borne by the seller',
    });
  } else {
    lines.push({
      id: 'capital_gains_tax',
      label: 'Capital gains tax',
      base: taxBase,
      ratePct: CAPITAL_GAINS_TAX_PCT,
      amount: round2((taxBase * CAPITAL_GAINS_TAX_PCT) / 100),
      paidBy: 'seller',
      legalBasis:
        'NIRC Sec. 24(D)(1) (Sec. 27(D)(5) for corporations): 6 % final tax on the higher of the gross selling price and the fair market value; customarily paid by the seller',
    });
  }
  lines.push({
    id: 'documentary_stamp_tax',
    label: 'Documentary stamp tax',
    base: taxBase,
    ratePct: DOCUMENTARY_STAMP_TAX_PCT,
    amount: documentaryStampTax(taxBase),
    paidBy: 'buyer',
    legalBasis: 'NIRC Sec. 196: ₱15 per ₱1,000 or fraction of the consideration or fair market value, whichever is higher; customarily paid by the buyer',
  });
  const cityRate = metro || i.isCity === true;
  const transferPct = cityRate ? TRANSFER_TAX_CITY_PCT : TRANSFER_TAX_PROVINCE_PCT;
  lines.push({
    id: 'transfer_tax',
    label: metro ? 'Local transfer tax (Metro Manila)' : cityRate ? 'Local transfer tax (city)' : 'Local transfer tax (province)',
    base: taxBase,
    ratePct: transferPct,
    amount: round2((taxBase * transferPct) / 100),
    paidBy: 'buyer',
    legalBasis: cityRate
      ? 'Local Government Code Sec. 135 and Sec. 151: cities may levy up to 0.75 % (50 % above the provinces\' 0.5 %) of the consideration or fair market value, whichever is higher; every Metro Manila LGU but Pateros is a city and Pateros is treated the same here; the ordinance sets the rate; customarily paid by the buyer'
      : 'Local Government Code Sec. 135: provinces may levy up to 0.5 % (50 % of 1 %) of the consideration or fair market value, whichever is higher; the ordinance sets the rate; customarily paid by the buyer',
  });
  lines.push({
    id: 'registration_fee',
    label: 'Registration fee (Registry of Deeds), approximate',
    base: taxBase,
    ratePct: null,
    amount: registrationFee(taxBase),
    paidBy: 'buyer',
    legalBasis:
      'PD 1529 Sec. 111 and the LRA schedule of fees (₱8,796 at ₱1,700,000 plus ₱90 per ₱20,000 or fraction above; below that scaled in proportion — an approximation); entry and IT fees not included; customarily paid by the buyer',
  });
  const notarialBase = round2(price);
  lines.push({
    id: 'notarial_fee',
    label: 'Notarial fee (customary, not a legal rate)',
    base: notarialBase,
    ratePct: NOTARIAL_FEE_PCT,
    amount: round2((notarialBase * NOTARIAL_FEE_PCT) / 100),
    paidBy: 'buyer',
    legalBasis: 'Customary: about 1 % of the price stated in the deed (2004 Rules on Notarial Practice; fees follow the notary and the IBP chapter, not a statute); negotiable',
  });

  const sum = (paidBy: CostLine['paidBy']) => round2(lines.filter((l) => l.paidBy === paidBy).reduce((s, l) => s + l.amount, 0));
  const buyerTotal = sum('buyer');
  const sellerTotal = sum('seller');
  const baseNote =
    zonal == null
      ? 'No zonal value known: taxes are computed on the price; the BIR uses the zonal value if it is higher.'
      : baseIs === 'zonal value'
        ? `The zonal value (${peso(round2(zonal))}) is above the price, so taxes are computed on the zonal value.`
        : `The price is at or above the zonal value (${peso(round2(zonal))}), so taxes are computed on the price.`;
  return {
    taxBase,
    baseIs,
    lines,
    buyerTotal,
    sellerTotal,
    total: round2(buyerTotal + sellerTotal),
    note: `${baseNote} Who pays is custom, not law: the deed of sale may say otherwise. Transfer tax is at the legal maximum; your LGU may charge less. Not included: VAT on a developer's sale (usually in its price), the broker's commission, loan fees. ${FINANCE_DISCLAIMER}`,
  };
}

/* ------------------------------------------------------------------------------------------------
 * Real property tax
 * ---------------------------------------------------------------------------------------------- */

/** Assessment level used for the estimate: the Local Government Code's maximum for residential land (Sec. 218). */
export const RPT_ASSESSMENT_LEVEL_PCT = 20;
/** Special Education Fund levy on top of the basic tax (LGC Sec. 235). */
export const RPT_SEF_PCT = 1;

/**
 * Annual real property tax, estimated:
 *
 *   assessed value = fair market value × assessment level (20 %)
 *   tax            = assessed value × (basic rate + 1 % Special Education Fund)
 *   basic rate     = up to 2 % in Metro Manila and cities, up to 1 % in provinces (LGC Sec. 233, 235)
 *
 * Simplifications: the price stands in for the assessor's fair market value (usually well below asking
 * prices), one 20 % assessment level (the LGC maximum for residential land; residential buildings are
 * assessed at 0-60 % by value) and the legal maximum rates (many LGUs charge less). So Metro Manila
 * comes to 0.6 % of the price a year and provinces 0.4 %. The tax declaration shows the real figure.
 */
export function estimatedRealPropertyTax(
  price: number,
  regionCode?: string | null,
  isCity?: boolean | null,
): { annual: number; assessmentLevelPct: number; ratePct: number; note: string } {
  positive('price', price);
  const code = regionCodeOf(regionCode);
  const metro = isMetroManila(code);
  const basic = metro || isCity === true ? 2 : 1;
  const ratePct = basic + RPT_SEF_PCT;
  const annual = round2((price * RPT_ASSESSMENT_LEVEL_PCT * ratePct) / 10_000);
  const where = metro ? 'Metro Manila' : isCity === true ? 'a city' : 'a province';
  return {
    annual,
    assessmentLevelPct: RPT_ASSESSMENT_LEVEL_PCT,
    ratePct,
    note: `Estimated real property tax for ${where}: ${RPT_ASSESSMENT_LEVEL_PCT} % assessment level × (${basic} % basic + ${RPT_SEF_PCT} % SEF) of the price (LGC Sec. 218, 233, 235), at the legal maximum; the tax declaration's assessed value is usually lower.`,
  };
}

/* ------------------------------------------------------------------------------------------------
 * Feasibility
 * ---------------------------------------------------------------------------------------------- */

export interface FeasibilityInput {
  price: number;
  floorAreaSqm?: number | null;
  zonalValue?: number | null;
  regionCode?: string | null;
  /** See AcquisitionInput.isCity. */
  isCity?: boolean | null;
  /** See AcquisitionInput.sellerIsHabitualDealer. */
  sellerIsHabitualDealer?: boolean;
  downPaymentPct: number;
  years: number;
  lender: LenderKind;
  annualRatePct?: number;
  /** Pag-IBIG only: the fixing period whose rate to use when annualRatePct is missing. */
  fixingYears?: number;
  use: 'rent' | 'own';
  monthlyRent?: number | null;
  vacancyPct: number;
  /** Association dues a month, pesos. */
  monthlyDues: number;
  /** When missing, estimatedRealPropertyTax. */
  annualRealPropertyTax?: number | null;
  /** Insurance a year as a percent of the price; default 0.1. */
  annualInsurancePct?: number;
  /** Maintenance a year as a percent of the price; default 0.5. */
  annualMaintenancePct?: number;
}

export interface FeasibilityResult {
  acquisition: ReturnType<typeof acquisitionCosts>;
  /**
   * The loan and its schedule. The brief's contract also named the term `years`, which collides with the
   * schedule's yearly rows (`years: AmortizationRow[]`); the rows keep `years` and the term is `termYears`.
   */
  loan: ReturnType<typeof amortizationSchedule> & { amount: number; annualRatePct: number; termYears: number };
  cashNeeded: number;
  monthly: {
    rent: number;
    vacancyLoss: number;
    dues: number;
    realPropertyTax: number;
    insurance: number;
    maintenance: number;
    amortization: number;
    netCashFlow: number;
  };
  grossYieldPct: number | null;
  netYieldPct: number | null;
  capRatePct: number | null;
  cashOnCashPct: number | null;
  paybackYears: number | null;
  sensitivity: Array<{ label: string; change: string; netCashFlow: number; netYieldPct: number | null }>;
  assumptions: string[];
}

export const DEFAULT_ANNUAL_INSURANCE_PCT = 0.1;
export const DEFAULT_ANNUAL_MAINTENANCE_PCT = 0.5;

interface Scenario {
  price: number;
  ratePct: number;
  rent: number;
  vacancyPct: number;
}

interface Core {
  acquisition: AcquisitionResult;
  loanAmount: number;
  schedule: ReturnType<typeof amortizationSchedule>;
  cashNeeded: number;
  monthly: FeasibilityResult['monthly'];
  noiAnnual: number;
  annualNetCashFlow: number;
  netYieldPct: number | null;
  rptNote: string | null;
}

function computeCore(i: ValidFeasibility, s: Scenario): Core {
  const acquisition = acquisitionCosts({
    price: s.price,
    zonalValue: i.zonalValue,
    regionCode: i.regionCode,
    isCity: i.isCity,
    sellerIsHabitualDealer: i.sellerIsHabitualDealer,
  });
  const downPayment = round2((s.price * i.downPaymentPct) / 100);
  const loanAmount = round2(s.price - downPayment);
  const schedule = amortizationSchedule(loanAmount, s.ratePct, i.years);
  const rpt = i.annualRealPropertyTax == null ? estimatedRealPropertyTax(s.price, i.regionCode, i.isCity) : null;
  const annualRpt = rpt ? rpt.annual : i.annualRealPropertyTax!;
  const rent = s.rent;
  const vacancyLoss = (rent * s.vacancyPct) / 100;
  const rptMonthly = annualRpt / 12;
  const insurance = (s.price * i.annualInsurancePct) / 1200;
  const maintenance = (s.price * i.annualMaintenancePct) / 1200;
  const operating = rent - vacancyLoss - i.monthlyDues - rptMonthly - insurance - maintenance;
  const netCashFlow = operating - schedule.monthly;
  const cashNeeded = round2(downPayment + acquisition.buyerTotal);
  const noiAnnual = operating * 12;
  return {
    acquisition,
    loanAmount,
    schedule,
    cashNeeded,
    monthly: {
      rent: round2(rent),
      vacancyLoss: round2(vacancyLoss),
      dues: round2(i.monthlyDues),
      realPropertyTax: round2(rptMonthly),
      insurance: round2(insurance),
      maintenance: round2(maintenance),
      amortization: schedule.monthly,
      netCashFlow: round2(netCashFlow),
    },
    noiAnnual,
    annualNetCashFlow: netCashFlow * 12,
    netYieldPct: i.use === 'rent' ? round2((noiAnnual / (s.price + acquisition.buyerTotal)) * 100) : null,
    rptNote: rpt ? rpt.note : null,
  };
}

type ValidFeasibility = Required<Pick<FeasibilityInput, 'downPaymentPct' | 'years' | 'lender' | 'use' | 'vacancyPct' | 'monthlyDues'>> & {
  price: number;
  zonalValue: number | null;
  regionCode: string | null;
  isCity: boolean | null;
  sellerIsHabitualDealer: boolean;
  floorAreaSqm: number | null;
  rent: number;
  ratePct: number;
  rateNote: string;
  annualRealPropertyTax: number | null;
  annualInsurancePct: number;
  annualMaintenancePct: number;
};

function validateFeasibility(i: FeasibilityInput): ValidFeasibility {
  const price = positive('price', i.price);
  const downPaymentPct = pct('downPaymentPct', i.downPaymentPct);
  const years = wholeYears('years', i.years);
  const lender = lenderOf(i.lender);
  if (i.use !== 'rent' && i.use !== 'own') throw new RangeError('use must be rent or own');
  const rent =
    i.use === 'rent'
      ? (() => {
          if (i.monthlyRent == null) throw new RangeError('monthlyRent is required when use is rent');
          return positive('monthlyRent', i.monthlyRent);
        })()
      : 0;
  const { ratePct, note } = resolveRate(lender, i.annualRatePct, i.fixingYears);
  return {
    price,
    downPaymentPct,
    years,
    lender,
    use: i.use,
    rent,
    ratePct,
    rateNote: note,
    vacancyPct: pct('vacancyPct', i.vacancyPct),
    monthlyDues: nonNegative('monthlyDues', i.monthlyDues),
    zonalValue: optionalPositive('zonalValue', i.zonalValue),
    regionCode: regionCodeOf(i.regionCode),
    isCity: i.isCity ?? null,
    sellerIsHabitualDealer: i.sellerIsHabitualDealer === true,
    floorAreaSqm: optionalPositive('floorAreaSqm', i.floorAreaSqm),
    annualRealPropertyTax: i.annualRealPropertyTax == null ? null : nonNegative('annualRealPropertyTax', i.annualRealPropertyTax),
    annualInsurancePct: num('annualInsurancePct', i.annualInsurancePct ?? DEFAULT_ANNUAL_INSURANCE_PCT, 0, 10, 'must be between 0 and 10'),
    annualMaintenancePct: num('annualMaintenancePct', i.annualMaintenancePct ?? DEFAULT_ANNUAL_MAINTENANCE_PCT, 0, 20, 'must be between 0 and 20'),
  };
}

/**
 * A feasibility run for buying a property, to rent out or to live in:
 *
 *   cash needed     = down payment + the buyer's taxes and fees (acquisitionCosts)
 *   monthly         = rent − vacancy loss (rent × vacancy %) − association dues − real property tax ÷ 12
 *                     − insurance (price × % ÷ 12) − maintenance (price × % ÷ 12) − amortisation
 *                     = net cash flow
 *   NOI (a year)    = 12 × (rent − vacancy loss − dues − RPT − insurance − maintenance)   (no debt service)
 *   gross yield     = rent × 12 ÷ price × 100
 *   net yield       = NOI ÷ (price + the buyer's taxes and fees) × 100
 *   cap rate        = NOI ÷ price × 100
 *   cash on cash    = net cash flow × 12 ÷ cash needed × 100
 *   payback (years) = cash needed ÷ (net cash flow × 12); null unless the cash flow is positive
 *
 * For use 'own' the rent is 0 and the yields, cap rate, cash on cash and payback are null: the net cash
 * flow is then what owning costs a month. Sensitivity: the net cash flow and net yield again with the
 * price ±10 % (loan, taxes and value-based costs follow; the zonal value stays), the rate ±1 percentage
 * point, and for 'rent' the rent ±10 % and the vacancy +10 percentage points; the first row is the base case.
 */
export function feasibility(input: FeasibilityInput): FeasibilityResult {
  const i = validateFeasibility(input);
  const base: Scenario = { price: i.price, ratePct: i.ratePct, rent: i.rent, vacancyPct: i.vacancyPct };
  const core = computeCore(i, base);
  const rent = i.use === 'rent';

  const grossYieldPct = rent ? round2(((i.rent * 12) / i.price) * 100) : null;
  const capRatePct = rent ? round2((core.noiAnnual / i.price) * 100) : null;
  const cashOnCashPct = rent && core.cashNeeded > 0 ? round2((core.annualNetCashFlow / core.cashNeeded) * 100) : null;
  const paybackYears = rent && core.annualNetCashFlow > 0 ? round2(core.cashNeeded / core.annualNetCashFlow) : null;

  const row = (label: string, change: string, s: Scenario) => {
    const c = computeCore(i, s);
    return { label, change, netCashFlow: c.monthly.netCashFlow, netYieldPct: c.netYieldPct };
  };
  const lowerRate = Math.max(0, i.ratePct - 1);
  const sensitivity = [
    { label: 'Base case', change: 'as assumed', netCashFlow: core.monthly.netCashFlow, netYieldPct: core.netYieldPct },
    row('Price', '+10 %', { ...base, price: i.price * 1.1 }),
    row('Price', '−10 %', { ...base, price: i.price * 0.9 }),
    row('Interest rate', '+1 percentage point', { ...base, ratePct: Math.min(MAX_RATE_PCT, i.ratePct + 1) }),
    row('Interest rate', i.ratePct >= 1 ? '−1 percentage point' : `−${roundPesos(i.ratePct)} percentage point (to 0 %)`, { ...base, ratePct: lowerRate }),
  ];
  if (rent) {
    sensitivity.push(
      row('Rent', '+10 %', { ...base, rent: i.rent * 1.1 }),
      row('Rent', '−10 %', { ...base, rent: i.rent * 0.9 }),
      row('Vacancy', i.vacancyPct <= 90 ? '+10 percentage points' : `to 100 %`, { ...base, vacancyPct: Math.min(100, i.vacancyPct + 10) }),
    );
  }

  const program = LOAN_PROGRAMS[i.lender];
  const assumptions = [
    `${program.label}: ${i.downPaymentPct} % down, ${peso(core.loanAmount)} over ${i.years} years. ${i.rateNote}`,
    ...loanLimitNotes(i.lender, i.price, core.loanAmount, i.downPaymentPct, i.years),
    `Taxes and fees on ${core.acquisition.baseIs === 'zonal value' ? 'the zonal value' : 'the price'} (${peso(core.acquisition.taxBase)}); the buyer's share (${peso(core.acquisition.buyerTotal)}) is in the cash needed, the seller's (${peso(core.acquisition.sellerTotal)}) is not.`,
    core.rptNote ?? `Real property tax ${peso(round2(i.annualRealPropertyTax!))} a year as given.`,
    `Insurance ${i.annualInsurancePct} % and maintenance ${i.annualMaintenancePct} % of the price a year; association dues ${peso(round2(i.monthlyDues))} a month.`,
    rent
      ? `Rent ${peso(round2(i.rent))} a month with ${i.vacancyPct} % vacancy. Net yield is NOI ÷ (price + buyer's taxes and fees); cap rate is NOI ÷ price; both leave out the loan. No income tax on rent, management fee or rent growth.`
      : 'Own use: no rent, so no yields; the net cash flow is what owning costs a month.',
  ];
  if (i.floorAreaSqm != null) assumptions.push(`Price per m²: ${peso(round2(i.price / i.floorAreaSqm))} (${i.floorAreaSqm} m²).`);
  assumptions.push(FINANCE_DISCLAIMER);

  return {
    acquisition: core.acquisition,
    loan: { ...core.schedule, amount: core.loanAmount, annualRatePct: i.ratePct, termYears: i.years },
    cashNeeded: core.cashNeeded,
    monthly: core.monthly,
    grossYieldPct,
    netYieldPct: core.netYieldPct,
    capRatePct,
    cashOnCashPct,
    paybackYears,
    sensitivity,
    assumptions,
  };
}
