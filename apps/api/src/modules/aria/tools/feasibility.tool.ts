import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import type { FeasibilityResult } from '@app/domain';
import type { AriaTool, AriaToolContext, AriaToolResult, FeasibilityData, FeasibilityRunInput, LlmToolSpec } from '../aria-contracts';
import { AriaFactsService } from './aria-facts.service';
import { AriaRunComputerService } from './aria-run-computer';
import { badArg, onlyKnown, optEnum, optNumber, optPsgc, optString } from './tool-args';

const peso = (n: number) => `₱${Math.round(n).toLocaleString('en-US')}`;
const ARGS = ['listing', 'price', 'floorArea', 'placeCode', 'downPaymentPct', 'years', 'lender', 'annualRatePct', 'use', 'monthlyRent', 'vacancyPct', 'monthlyDues'] as const;

/**
 * feasibility: buying a listing (or a described property) to rent out or live in: cash needed,
 * amortisation, monthly cash flow, yields, cap rate, payback and a sensitivity table
 * (property-finance's feasibility(), as the feasibility run computes it), with the barangay's market
 * context. Defaults: 20 % down, 20 years, Pag-IBIG, rent at the barangay's median rent per m², 5 % vacancy.
 */
@Injectable()
export class FeasibilityTool implements AriaTool {
  readonly spec: LlmToolSpec = {
    name: 'feasibility',
    description:
      'Investment feasibility of buying a listing (id or code) or a described property (price, floorArea, placeCode): cash needed, monthly amortisation and cash flow, gross and net yield, cap rate, payback, sensitivity.',
    parameters: {
      type: 'object',
      additionalProperties: false,
      properties: {
        listing: { type: 'string', description: 'A listing id or code; or give price (and floorArea, placeCode).' },
        price: { type: 'number', exclusiveMinimum: 0 },
        floorArea: { type: 'number', exclusiveMinimum: 0 },
        placeCode: { type: 'string', pattern: '^\\d{10}$', description: 'PSGC code of the barangay.' },
        downPaymentPct: { type: 'number', minimum: 0, maximum: 100 },
        years: { type: 'integer', minimum: 1, maximum: 40 },
        lender: { type: 'string', enum: ['pagibig', 'bank'] },
        annualRatePct: { type: 'number', minimum: 0, maximum: 50 },
        use: { type: 'string', enum: ['rent', 'own'] },
        monthlyRent: { type: 'number', exclusiveMinimum: 0 },
        vacancyPct: { type: 'number', minimum: 0, maximum: 100 },
        monthlyDues: { type: 'number', minimum: 0 },
      },
    },
  };

  constructor(
    private readonly facts: AriaFactsService,
    private readonly runs: AriaRunComputerService,
  ) {}

  async run(raw: Record<string, unknown>, ctx: AriaToolContext): Promise<AriaToolResult> {
    onlyKnown(raw, ARGS);
    const ref = optString(raw, 'listing', 80);
    const price = optNumber(raw, 'price', 1, 10_000_000_000);
    if (!ref && price === undefined) badArg('listing', 'or price is required');
    if (ref && price !== undefined) badArg('price', 'goes with a described property, not with listing');
    const assumptions: FeasibilityRunInput['assumptions'] = {
      downPaymentPct: optNumber(raw, 'downPaymentPct', 0, 100) ?? 20,
      years: optNumber(raw, 'years', 1, 40, true) ?? 20,
      lender: optEnum(raw, 'lender', ['pagibig', 'bank'] as const) ?? 'pagibig',
      annualRatePct: optNumber(raw, 'annualRatePct', 0, 50),
      use: optEnum(raw, 'use', ['rent', 'own'] as const) ?? 'rent',
      monthlyRent: optNumber(raw, 'monthlyRent', 1, 1_000_000_000),
      vacancyPct: optNumber(raw, 'vacancyPct', 0, 100) ?? 5,
      monthlyDues: optNumber(raw, 'monthlyDues', 0, 100_000_000) ?? 0,
    };
    let input: FeasibilityRunInput;
    if (ref) {
      const id = isUUID(ref) ? ref : (await this.facts.visibleListings(ctx.caller, [ref]))[0]?.id;
      input = { listingId: id ?? ref, assumptions };
    } else {
      input = { property: { price: price!, floorArea: optNumber(raw, 'floorArea', 1, 10_000_000), barangayCode: optPsgc(raw, 'placeCode') }, assumptions };
    }
    const { result, citations } = await this.runs.computeFeasibility(ctx.caller, input);
    const f = result.finance as unknown as FeasibilityResult;
    // the schedule's yearly rows are for the chart; the model gets the totals
    const { years: scheduleRows, ...loan } = f.loan;
    const data: FeasibilityData = { ...result, finance: { ...f, loan } };
    const summary =
      result.assumptions.use === 'rent'
        ? `Cash needed ${peso(f.cashNeeded)}; ${peso(f.monthly.amortization)} a month amortisation; net cash flow ${peso(f.monthly.netCashFlow)} a month; gross yield ${f.grossYieldPct} %, net ${f.netYieldPct} %`
        : `Cash needed ${peso(f.cashNeeded)}; owning costs ${peso(-f.monthly.netCashFlow)} a month`;
    return {
      data,
      trace: {
        name: 'feasibility',
        arguments: raw,
        ...(result.subject.listing && { cards: [result.subject.listing] }),
        summary,
        chart: { title: 'Loan balance at the end of each year', unit: 'php', points: scheduleRows.map((y) => ({ label: `Year ${y.year}`, value: y.balance })) },
      },
      citations,
    };
  }
}
