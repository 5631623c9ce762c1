import {
  acquisitionCosts,
  affordability,
  amortizationSchedule,
  creditableWithholdingRatePct,
  estimatedRealPropertyTax,
  feasibility,
  FINANCE_DISCLAIMER,
  LOAN_PROGRAMS,
  maxLoanForIncome,
  monthlyAmortization,
  pagibigRateForFixing,
  registrationFee,
  type FeasibilityInput,
  type FeasibilityResult,
} from '@app/domain';

/**
 * Worked examples for libs/domain/src/property-finance.ts. Expected figures were computed apart from the
 * code under test: annuity payments with Python's decimal module at 50 digits (and checked with `bc -l`),
 * taxes by hand from the rules written next to each case.
 */

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
const line = (r: ReturnType<typeof acquisitionCosts>, id: string) => {
  const l = r.lines.find((x) => x.id === id);
  if (!l) throw new Error(`no line ${id}`);
  return l;
};
const row = (r: FeasibilityResult, label: string, change: string) => {
  const x = r.sensitivity.find((s) => s.label === label && s.change.startsWith(change));
  if (!x) throw new Error(`no sensitivity row ${label} ${change}`);
  return x;
};

describe('monthlyAmortization (annuity, Excel PMT)', () => {
  it('₱4,800,000 at 6.25 % for 30 years is ₱29,554.43 a month', () => {
    // r = 0.0625 / 12 = 0.005208333…, n = 360, (1 + r)^360 = 6.4906…
    // PMT = 4,800,000 × r ÷ (1 − (1 + r)^−360) = 29,554.4256… (Python decimal, 50 digits; bc -l agrees)
    // (The brief quoted 29,554.53; three independent computations give 29,554.43.)
    expect(monthlyAmortization(4_800_000, 6.25, 30)).toBe(29_554.43);
  });

  it('₱1,000,000 at 7.5 % for 20 years is ₱8,055.93; ₱1,500,000 at 7.5 % for 15 years is ₱13,905.19', () => {
    // 8,055.9319… and 13,905.1854… (Python decimal)
    expect(monthlyAmortization(1_000_000, 7.5, 20)).toBe(8_055.93);
    expect(monthlyAmortization(1_500_000, 7.5, 15)).toBe(13_905.19);
  });

  it('a 0 % loan is the principal divided by the months; a 0 loan costs nothing', () => {
    expect(monthlyAmortization(1_200_000, 0, 10)).toBe(10_000);
    expect(monthlyAmortization(1_000_000, 0, 30)).toBe(2_777.78); // 1,000,000 ÷ 360 = 2,777.777…
    expect(monthlyAmortization(0, 6.25, 30)).toBe(0);
  });

  it('a higher rate or a shorter term costs more a month', () => {
    expect(monthlyAmortization(1_000_000, 8, 20)).toBeGreaterThan(monthlyAmortization(1_000_000, 7, 20));
    expect(monthlyAmortization(1_000_000, 7, 15)).toBeGreaterThan(monthlyAmortization(1_000_000, 7, 20));
  });
});

describe('amortizationSchedule', () => {
  it('₱4,800,000 at 6.25 % for 30 years: 30 yearly rows whose principal sums to the loan', () => {
    const s = amortizationSchedule(4_800_000, 6.25, 30);
    expect(s.monthly).toBe(29_554.43);
    expect(s.years).toHaveLength(30);
    expect(sum(s.years.map((y) => y.principalPaid))).toBeCloseTo(4_800_000, 2);
    expect(s.years[29].balance).toBe(0);
    expect(s.totalPaid).toBeCloseTo(4_800_000 + s.totalInterest, 2);
    expect(sum(s.years.map((y) => y.interestPaid))).toBeCloseTo(s.totalInterest, 2);
    // 360 × 29,554.43 − 4,800,000 = 5,839,594.80; the payment is rounded up by 0.44 centavo, which
    // (with interest) shortens the last payment by about ₱4.6, and centavo rounding moves it by centavos
    expect(Math.abs(s.totalInterest - 5_839_594.8)).toBeLessThan(10);
    // Closed form with the rounded payment: B12 = P(1+r)^12 − A((1+r)^12 − 1)/r = 4,743,753.75 (Python decimal),
    // so year 1 repays 56,246.25 and costs 12 × 29,554.43 − 56,246.25 = 298,406.91 in interest
    expect(Math.abs(s.years[0].balance - 4_743_753.75)).toBeLessThan(1);
    expect(Math.abs(s.years[0].principalPaid - 56_246.25)).toBeLessThan(1);
    expect(Math.abs(s.years[0].interestPaid - 298_406.91)).toBeLessThan(1);
    // principal share grows, interest share shrinks, balance falls
    expect(s.years[10].principalPaid).toBeGreaterThan(s.years[0].principalPaid);
    expect(s.years[10].interestPaid).toBeLessThan(s.years[0].interestPaid);
    for (let k = 1; k < 30; k++) expect(s.years[k].balance).toBeLessThan(s.years[k - 1].balance);
  });

  it('at 0 % there is no interest and the principal still sums to the loan', () => {
    const s = amortizationSchedule(1_000_000, 0, 30);
    expect(s.totalInterest).toBe(0);
    expect(s.totalPaid).toBe(1_000_000);
    expect(sum(s.years.map((y) => y.principalPaid))).toBeCloseTo(1_000_000, 2);
    // 11 full years of 12 × 2,777.78 = 33,333.36
    expect(s.years[0].principalPaid).toBeCloseTo(33_333.36, 2);
    expect(s.years[29].balance).toBe(0);
  });
});

describe('LOAN_PROGRAMS', () => {
  it('holds the Pag-IBIG table (effective 1 January 2025) and its limits', () => {
    const p = LOAN_PROGRAMS.pagibig;
    expect(p.ratesByFixingYears).toEqual({ 1: 5.75, 3: 6.25, 5: 6.5, 10: 7.125, 15: 7.75, 20: 8.5, 25: 9.125, 30: 9.75 });
    expect(p.maxLoan).toBe(6_000_000);
    expect(p.maxIncomeSharePct).toBe(35);
    expect(p.maxTermYears).toBe(30);
    expect(p.source).toMatch(/Pag-IBIG/);
    expect(LOAN_PROGRAMS.bank.maxLoan).toBeNull();
    expect(pagibigRateForFixing(10)).toBe(7.125);
    expect(pagibigRateForFixing(4)).toBe(6.5); // between 3 and 5: the next longer published period
    expect(() => pagibigRateForFixing(31)).toThrow(/fixingYears/);
  });
});

describe('affordability', () => {
  it('a ₱6,000,000 house with 20 % down on Pag-IBIG (3-year fixing) for 30 years', () => {
    const a = affordability({ price: 6_000_000, downPaymentPct: 20, years: 30, lender: 'pagibig' });
    expect(a.downPayment).toBe(1_200_000);
    expect(a.loanAmount).toBe(4_800_000);
    expect(a.annualRatePct).toBe(6.25);
    expect(a.monthly).toBe(29_554.43);
    // 29,554.43 ÷ 0.35 = 84,441.2285…
    expect(a.incomeNeededMonthly).toBe(84_441.23);
    expect(Math.abs(a.totalInterest - 5_839_594.8)).toBeLessThan(10);
    expect(a.notes.join(' ')).toMatch(/3-year fixing/);
    expect(a.notes.join(' ')).not.toMatch(/maximum|limit/);
  });

  it('a bank loan uses the bank rate and the 30 % income share', () => {
    const a = affordability({ price: 3_000_000, downPaymentPct: 20, years: 20, lender: 'bank' });
    // 2,400,000 at 7.5 % for 20 years = 19,334.2366… (Python decimal); ÷ 0.30 = 64,447.47
    expect(a.monthly).toBe(19_334.24);
    expect(a.incomeNeededMonthly).toBe(64_447.47);
  });

  it('says when the loan is above Pag-IBIG\'s ₱6,000,000, the term above the maximum or the loan-to-value above the limit', () => {
    const big = affordability({ price: 8_000_000, downPaymentPct: 10, years: 30, lender: 'pagibig' });
    expect(big.loanAmount).toBe(7_200_000);
    expect(big.notes.join(' ')).toMatch(/above the Pag-IBIG Fund housing loan's ₱6,000,000 maximum/);
    const long = affordability({ price: 3_000_000, downPaymentPct: 20, years: 35, lender: 'pagibig' });
    expect(long.notes.join(' ')).toMatch(/35-year term is longer than .* 30-year maximum/);
    const ltv = affordability({ price: 3_000_000, downPaymentPct: 10, years: 20, lender: 'bank', annualRatePct: 7 });
    expect(ltv.notes.join(' ')).toMatch(/80 % loan-to-value limit/);
    expect(ltv.annualRatePct).toBe(7);
    const fine = affordability({ price: 3_000_000, downPaymentPct: 20, years: 20, lender: 'bank' });
    expect(fine.notes.join(' ')).not.toMatch(/limit|maximum/);
  });

  it('takes the rate of a chosen Pag-IBIG fixing period', () => {
    expect(affordability({ price: 2_000_000, downPaymentPct: 10, years: 30, lender: 'pagibig', fixingYears: 30 }).annualRatePct).toBe(9.75);
  });
});

describe('maxLoanForIncome', () => {
  it('₱50,000 a month on Pag-IBIG at 6.25 % for 30 years supports about ₱2,842,214', () => {
    // 35 % × 50,000 = 17,500; PV = 17,500 × (1 − (1 + r)^−360) ÷ r = 2,842,213.92 (Python decimal);
    // at the 90 % loan-to-value limit that covers a price of 2,842,213.92 ÷ 0.9 = 3,158,015.47
    const m = maxLoanForIncome({ grossMonthlyIncome: 50_000, years: 30, lender: 'pagibig' });
    expect(m.maxMonthly).toBe(17_500);
    expect(m.loanByIncome).toBeCloseTo(2_842_213.92, 2);
    expect(m.loanAmount).toBe(m.loanByIncome);
    expect(m.cappedBy).toBe('income');
    expect(m.priceAtMaxLoanToValue).toBeCloseTo(3_158_015.47, 2);
    // the inverse of the annuity: that loan costs the income's share a month
    expect(monthlyAmortization(m.loanAmount, 6.25, 30)).toBeCloseTo(17_500, 2);
  });

  it('a high income on Pag-IBIG is capped at ₱6,000,000', () => {
    // 35 % × 200,000 = 70,000 → PV 11,368,855.69, above the maximum
    const m = maxLoanForIncome({ grossMonthlyIncome: 200_000, years: 30, lender: 'pagibig' });
    expect(m.loanByIncome).toBeCloseTo(11_368_855.69, 2);
    expect(m.loanAmount).toBe(6_000_000);
    expect(m.cappedBy).toBe('lender maximum');
    expect(m.notes.join(' ')).toMatch(/lends at most ₱6,000,000/);
  });

  it('a bank: 30 % of ₱60,000 at 7.5 % for 20 years', () => {
    // 18,000 a month → PV 2,234,378.36; ÷ 0.8 = 2,792,972.95
    const m = maxLoanForIncome({ grossMonthlyIncome: 60_000, years: 20, lender: 'bank' });
    expect(m.maxMonthly).toBe(18_000);
    expect(m.loanAmount).toBeCloseTo(2_234_378.36, 2);
    expect(m.priceAtMaxLoanToValue).toBeCloseTo(2_792_972.95, 2);
    expect(maxLoanForIncome({ grossMonthlyIncome: 60_000, years: 10, lender: 'bank', annualRatePct: 0 }).loanAmount).toBe(2_160_000); // 18,000 × 120
    expect(() => maxLoanForIncome({ grossMonthlyIncome: 0, years: 20, lender: 'bank' })).toThrow(/^grossMonthlyIncome must be a number above 0$/);
  });
});

describe('acquisitionCosts', () => {
  it('a ₱5,000,000 Metro Manila condominium with a ₱5,500,000 zonal value: taxes on the zonal value', () => {
    const r = acquisitionCosts({ price: 5_000_000, zonalValue: 5_500_000, regionCode: '1300000000' });
    expect(r.baseIs).toBe('zonal value');
    expect(r.taxBase).toBe(5_500_000);
    // CGT 6 % × 5,500,000 = 330,000 (seller)
    expect(line(r, 'capital_gains_tax')).toMatchObject({ amount: 330_000, ratePct: 6, paidBy: 'seller', base: 5_500_000 });
    expect(line(r, 'capital_gains_tax').legalBasis).toMatch(/Sec\. 24\(D\)/);
    // DST 5,500 × ₱15 = 82,500 (buyer)
    expect(line(r, 'documentary_stamp_tax')).toMatchObject({ amount: 82_500, paidBy: 'buyer' });
    expect(line(r, 'documentary_stamp_tax').legalBasis).toMatch(/Sec\. 196/);
    // transfer tax 0.75 % × 5,500,000 = 41,250 (Metro Manila)
    expect(line(r, 'transfer_tax')).toMatchObject({ amount: 41_250, ratePct: 0.75, paidBy: 'buyer' });
    expect(line(r, 'transfer_tax').legalBasis).toMatch(/Sec\. 135.*Sec\. 151/);
    // registration 8,796 + ⌈3,800,000 ÷ 20,000⌉ = 190 × 90 = 17,100 → 25,896
    expect(line(r, 'registration_fee')).toMatchObject({ amount: 25_896, ratePct: null });
    // notarial 1 % of the price 5,000,000 = 50,000 (customary)
    expect(line(r, 'notarial_fee')).toMatchObject({ amount: 50_000, base: 5_000_000 });
    expect(line(r, 'notarial_fee').legalBasis).toMatch(/Customary/);
    expect(r.buyerTotal).toBe(199_646); // 82,500 + 41,250 + 25,896 + 50,000
    expect(r.sellerTotal).toBe(330_000);
    expect(r.total).toBe(529_646);
    expect(r.note).toMatch(/zonal value/);
    expect(r.note).toContain(FINANCE_DISCLAIMER);
  });

  it('a Makati code (1380300000) counts as Metro Manila too', () => {
    expect(line(acquisitionCosts({ price: 1_000_000, regionCode: '1380300000' }), 'transfer_tax').ratePct).toBe(0.75);
  });

  it('a ₱3,250,500 province property without a zonal value: taxes on the price, 0.5 % transfer tax', () => {
    const r = acquisitionCosts({ price: 3_250_500, regionCode: '0400000000' });
    expect(r.baseIs).toBe('price');
    expect(r.taxBase).toBe(3_250_500);
    expect(line(r, 'capital_gains_tax').amount).toBe(195_030); // 6 %
    expect(line(r, 'documentary_stamp_tax').amount).toBe(48_765); // ⌈3,250.5⌉ = 3,251 × 15
    expect(line(r, 'transfer_tax')).toMatchObject({ amount: 16_252.5, ratePct: 0.5 }); // 0.5 %
    expect(line(r, 'registration_fee').amount).toBe(15_816); // 8,796 + ⌈1,550,500 ÷ 20,000⌉ = 78 × 90
    expect(line(r, 'notarial_fee').amount).toBe(32_505);
    expect(r.buyerTotal).toBe(113_338.5);
    expect(r.note).toMatch(/No zonal value/);
    // a city outside Metro Manila may charge the city cap: 0.75 % × 3,250,500 = 24,378.75
    expect(line(acquisitionCosts({ price: 3_250_500, regionCode: '0400000000', isCity: true }), 'transfer_tax').amount).toBe(24_378.75);
  });

  it('a zonal value below the price leaves the price as the base', () => {
    const r = acquisitionCosts({ price: 4_000_000, zonalValue: 3_000_000 });
    expect(r.baseIs).toBe('price');
    expect(r.taxBase).toBe(4_000_000);
  });

  it('a developer seller: creditable withholding tax by tier (1.5 % to ₱500,000, 3 % to ₱2,000,000, 5 % above) instead of CGT', () => {
    const cwt = (price: number, zonalValue?: number) => {
      const r = acquisitionCosts({ price, zonalValue, sellerIsHabitualDealer: true });
      expect(r.lines.find((l) => l.id === 'capital_gains_tax')).toBeUndefined();
      return line(r, 'creditable_withholding_tax');
    };
    expect(cwt(450_000)).toMatchObject({ ratePct: 1.5, amount: 6_750, paidBy: 'seller' });
    expect(cwt(500_000)).toMatchObject({ ratePct: 1.5, amount: 7_500 });
    expect(cwt(1_500_000)).toMatchObject({ ratePct: 3, amount: 45_000 });
    expect(cwt(2_000_000)).toMatchObject({ ratePct: 3, amount: 60_000 });
    expect(cwt(2_000_001)).toMatchObject({ ratePct: 5, amount: 100_000.05 });
    expect(cwt(4_000_000)).toMatchObject({ ratePct: 5, amount: 200_000 });
    // the tier follows the base: price 1,800,000 but zonal 2,100,000 → 5 % of 2,100,000
    expect(cwt(1_800_000, 2_100_000)).toMatchObject({ ratePct: 5, amount: 105_000, base: 2_100_000 });
    expect(cwt(4_000_000).legalBasis).toMatch(/RR 2-98/);
    expect(creditableWithholdingRatePct(2_000_000)).toBe(3);
  });

  it('registration fee: proportional below ₱1,700,000, ₱90 per ₱20,000 or fraction above', () => {
    expect(registrationFee(1_700_000)).toBe(8_796);
    expect(registrationFee(1_000_000)).toBe(5_174.12); // 8,796 × 1,000,000 ÷ 1,700,000 = 5,174.117…
    expect(registrationFee(1_700_001)).toBe(8_886); // one started ₱20,000
  });
});

describe('estimatedRealPropertyTax', () => {
  it('Metro Manila: 20 % × (2 % + 1 % SEF) of ₱5,000,000 = ₱30,000 a year; a province: 20 % × 2 % of ₱3,000,000 = ₱12,000', () => {
    expect(estimatedRealPropertyTax(5_000_000, '1300000000')).toMatchObject({ annual: 30_000, assessmentLevelPct: 20, ratePct: 3 });
    expect(estimatedRealPropertyTax(3_000_000, '0700000000')).toMatchObject({ annual: 12_000, ratePct: 2 });
    expect(estimatedRealPropertyTax(3_000_000)).toMatchObject({ annual: 12_000 });
    expect(estimatedRealPropertyTax(3_000_000, '0700000000', true)).toMatchObject({ annual: 18_000, ratePct: 3 });
    expect(estimatedRealPropertyTax(5_000_000, '1300000000').note).toMatch(/Sec\. 218, 233, 235/);
  });
});

describe('feasibility', () => {
  const rentCase: FeasibilityInput = {
    price: 5_000_000,
    floorAreaSqm: 40,
    zonalValue: 5_500_000,
    regionCode: '1300000000',
    downPaymentPct: 20,
    years: 30,
    lender: 'pagibig',
    use: 'rent',
    monthlyRent: 30_000,
    vacancyPct: 5,
    monthlyDues: 4_000,
  };

  it('rent: a ₱5,000,000 Metro Manila condominium renting ₱30,000, 20 % down on Pag-IBIG', () => {
    const r = feasibility(rentCase);
    // loan 4,000,000 at 6.25 % for 30 years = 24,628.688… → 24,628.69
    expect(r.loan).toMatchObject({ amount: 4_000_000, annualRatePct: 6.25, termYears: 30, monthly: 24_628.69 });
    expect(r.loan.years).toHaveLength(30);
    expect(r.acquisition.buyerTotal).toBe(199_646);
    expect(r.cashNeeded).toBe(1_199_646); // 1,000,000 down + 199,646
    // rent 30,000 − vacancy 1,500 − dues 4,000 − RPT 30,000/12 = 2,500 − insurance 5,000/12 = 416.67
    // − maintenance 25,000/12 = 2,083.33 = 19,500 operating; − 24,628.69 = −5,128.69
    expect(r.monthly).toEqual({
      rent: 30_000,
      vacancyLoss: 1_500,
      dues: 4_000,
      realPropertyTax: 2_500,
      insurance: 416.67,
      maintenance: 2_083.33,
      amortization: 24_628.69,
      netCashFlow: -5_128.69,
    });
    expect(r.grossYieldPct).toBe(7.2); // 360,000 ÷ 5,000,000
    expect(r.capRatePct).toBe(4.68); // NOI 234,000 ÷ 5,000,000
    expect(r.netYieldPct).toBe(4.5); // 234,000 ÷ 5,199,646 = 4.5003 %
    expect(r.cashOnCashPct).toBe(-5.13); // −61,544.28 ÷ 1,199,646
    expect(r.paybackYears).toBeNull(); // cash flow not positive
    expect(r.assumptions.join(' ')).toMatch(/Price per m²: ₱125,000/);
    expect(r.assumptions).toContain(FINANCE_DISCLAIMER);
  });

  it('sensitivity: worked figures and directions', () => {
    const r = feasibility(rentCase);
    const base = row(r, 'Base case', '');
    expect(base.netCashFlow).toBe(-5_128.69);
    // price +10 %: 5,500,000, loan 4,400,000 → 27,091.56; costs on value rise → −8,091.56; net yield 4.00 %
    expect(row(r, 'Price', '+10')).toMatchObject({ netCashFlow: -8_091.56, netYieldPct: 4 });
    // price −10 %: 4,500,000 (taxes still on the 5,500,000 zonal value) → −2,165.82; net yield 5.11 %
    expect(row(r, 'Price', '−10')).toMatchObject({ netCashFlow: -2_165.82, netYieldPct: 5.11 });
    // rate 7.25 % → 27,287.05 → −7,787.05; 5.25 % → 22,088.15 → −2,588.15; net yield unchanged (NOI has no debt)
    expect(row(r, 'Interest rate', '+1')).toMatchObject({ netCashFlow: -7_787.05, netYieldPct: 4.5 });
    expect(row(r, 'Interest rate', '−1')).toMatchObject({ netCashFlow: -2_588.15, netYieldPct: 4.5 });
    // rent 33,000 → −2,278.69, net yield 5.16 %; vacancy 15 % → −8,128.69
    expect(row(r, 'Rent', '+10')).toMatchObject({ netCashFlow: -2_278.69, netYieldPct: 5.16 });
    expect(row(r, 'Rent', '−10').netCashFlow).toBeLessThan(base.netCashFlow);
    expect(row(r, 'Vacancy', '+10')).toMatchObject({ netCashFlow: -8_128.69 });
    expect(row(r, 'Vacancy', '+10').netYieldPct!).toBeLessThan(base.netYieldPct!);
  });

  it('rent with a positive cash flow: payback and cash on cash (province, bank, 50 % down, RPT given)', () => {
    const r = feasibility({
      price: 3_000_000,
      regionCode: '0700000000',
      downPaymentPct: 50,
      years: 15,
      lender: 'bank',
      use: 'rent',
      monthlyRent: 25_000,
      vacancyPct: 10,
      monthlyDues: 0,
      annualRealPropertyTax: 6_000,
    });
    // loan 1,500,000 at 7.5 % for 15 years = 13,905.19
    expect(r.loan.monthly).toBe(13_905.19);
    // buyer: DST 45,000 + transfer 0.5 % 15,000 + registration 8,796 + 65 × 90 = 14,646 + notarial 30,000 = 104,646
    expect(r.acquisition.buyerTotal).toBe(104_646);
    expect(r.cashNeeded).toBe(1_604_646);
    // 25,000 − 2,500 − 500 − 250 − 1,250 = 20,500; − 13,905.19 = 6,594.81
    expect(r.monthly.netCashFlow).toBe(6_594.81);
    expect(r.grossYieldPct).toBe(10);
    expect(r.capRatePct).toBe(8.2); // 246,000 ÷ 3,000,000
    expect(r.netYieldPct).toBe(7.92); // 246,000 ÷ 3,104,646
    expect(r.cashOnCashPct).toBe(4.93); // 79,137.72 ÷ 1,604,646
    expect(r.paybackYears).toBe(20.28); // 1,604,646 ÷ 79,137.72
    expect(r.assumptions.join(' ')).toMatch(/as given/);
  });

  it('own use: no rent, no yields; the net cash flow is the monthly cost of owning', () => {
    const r = feasibility({
      price: 6_000_000,
      regionCode: '1300000000',
      downPaymentPct: 10,
      years: 25,
      lender: 'pagibig',
      annualRatePct: 6.5,
      use: 'own',
      monthlyRent: 40_000, // ignored for own use
      vacancyPct: 0,
      monthlyDues: 3_500,
    });
    // loan 5,400,000 at 6.5 % for 25 years = 36,461.19; RPT 6,000,000 × 0.6 % ÷ 12 = 3,000; insurance 500; maintenance 2,500
    expect(r.monthly.rent).toBe(0);
    expect(r.monthly.amortization).toBe(36_461.19);
    expect(r.monthly.netCashFlow).toBe(-45_961.19);
    expect(r.cashNeeded).toBe(823_146); // 600,000 + 223,146
    expect(r.grossYieldPct).toBeNull();
    expect(r.netYieldPct).toBeNull();
    expect(r.capRatePct).toBeNull();
    expect(r.cashOnCashPct).toBeNull();
    expect(r.paybackYears).toBeNull();
    expect(r.sensitivity.map((s) => s.label)).not.toContain('Rent');
    expect(row(r, 'Interest rate', '+1').netCashFlow).toBeLessThan(r.monthly.netCashFlow);
    expect(row(r, 'Price', '−10').netCashFlow).toBeGreaterThan(r.monthly.netCashFlow);
  });

  it('notes a loan above Pag-IBIG\'s maximum in the assumptions', () => {
    const r = feasibility({ ...rentCase, price: 9_000_000, zonalValue: null });
    expect(r.assumptions.join(' ')).toMatch(/₱6,000,000 maximum/);
  });
});

describe('validation', () => {
  const ok: FeasibilityInput = {
    price: 3_000_000,
    downPaymentPct: 20,
    years: 20,
    lender: 'bank',
    use: 'rent',
    monthlyRent: 20_000,
    vacancyPct: 5,
    monthlyDues: 0,
  };
  it.each<[string, Partial<FeasibilityInput> | Record<string, unknown>, RegExp]>([
    ['price 0', { price: 0 }, /^price must be a number above 0$/],
    ['price NaN', { price: Number.NaN }, /^price/],
    ['down payment above 100', { downPaymentPct: 120 }, /^downPaymentPct must be between 0 and 100$/],
    ['negative down payment', { downPaymentPct: -1 }, /^downPaymentPct/],
    ['years 0', { years: 0 }, /^years must be a whole number between 1 and 40$/],
    ['years 2.5', { years: 2.5 }, /^years/],
    ['unknown lender', { lender: 'sss' }, /^lender must be pagibig or bank$/],
    ['unknown use', { use: 'flip' }, /^use must be rent or own$/],
    ['rent missing', { monthlyRent: null }, /^monthlyRent is required when use is rent$/],
    ['vacancy above 100', { vacancyPct: 101 }, /^vacancyPct/],
    ['negative dues', { monthlyDues: -5 }, /^monthlyDues/],
    ['rate 60 %', { annualRatePct: 60 }, /^annualRatePct must be between 0 and 50$/],
    ['bad region code', { regionCode: '13' }, /^regionCode must be a 10-digit PSGC code/],
    ['zonal value 0', { zonalValue: 0 }, /^zonalValue/],
    ['floor area negative', { floorAreaSqm: -40 }, /^floorAreaSqm/],
    ['negative RPT', { annualRealPropertyTax: -1 }, /^annualRealPropertyTax/],
    ['insurance 50 %', { annualInsurancePct: 50 }, /^annualInsurancePct/],
  ])('feasibility rejects %s with a RangeError naming the field', (_name, patch, message) => {
    const call = () => feasibility({ ...ok, ...patch } as FeasibilityInput);
    expect(call).toThrow(RangeError);
    expect(call).toThrow(message);
  });

  it('the other functions check their fields too', () => {
    expect(() => monthlyAmortization(-1, 6, 20)).toThrow(/^principal/);
    expect(() => monthlyAmortization(1_000_000, -1, 20)).toThrow(/^annualRatePct/);
    expect(() => amortizationSchedule(1_000_000, 6, 41)).toThrow(/^years/);
    expect(() => affordability({ price: 1_000_000, downPaymentPct: 101, years: 20, lender: 'bank' })).toThrow(/^downPaymentPct must be between 0 and 100$/);
    expect(() => acquisitionCosts({ price: -5 })).toThrow(/^price/);
    expect(() => acquisitionCosts({ price: 5, zonalValue: -1 })).toThrow(/^zonalValue/);
    expect(() => estimatedRealPropertyTax(0)).toThrow(/^price/);
    expect(() => acquisitionCosts({ price: 5 })).not.toThrow();
  });
});
