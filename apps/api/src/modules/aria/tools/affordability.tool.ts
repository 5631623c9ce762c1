import { Injectable } from '@nestjs/common';
import { FINANCE_DISCLAIMER, LOAN_PROGRAMS, affordability, amortizationSchedule } from '@app/domain';
import type { AffordabilityData, AriaTool, AriaToolResult, LlmToolSpec } from '../aria-contracts';
import { badArg, financeInput, onlyKnown, optEnum, optNumber } from './tool-args';

const peso = (n: number) => `₱${Math.round(n).toLocaleString('en-US')}`;

/** affordability: the monthly amortisation of a price on a Pag-IBIG or bank loan, and the income a lender wants for it (property-finance's affordability()). */
@Injectable()
export class AffordabilityTool implements AriaTool {
  readonly spec: LlmToolSpec = {
    name: 'affordability',
    description:
      'Monthly amortisation of a property price on a Pag-IBIG or bank housing loan, the loan, total interest and the gross monthly income needed. Defaults: 20 % down, 20 years, Pag-IBIG.',
    parameters: {
      type: 'object',
      additionalProperties: false,
      required: ['price'],
      properties: {
        price: { type: 'number', exclusiveMinimum: 0, description: 'Pesos.' },
        downPaymentPct: { type: 'number', minimum: 0, maximum: 100 },
        years: { type: 'integer', minimum: 1, maximum: 40 },
        lender: { type: 'string', enum: ['pagibig', 'bank'] },
        annualRatePct: { type: 'number', minimum: 0, maximum: 50 },
      },
    },
  };

  async run(raw: Record<string, unknown>): Promise<AriaToolResult> {
    onlyKnown(raw, ['price', 'downPaymentPct', 'years', 'lender', 'annualRatePct']);
    const price = optNumber(raw, 'price', 1, 10_000_000_000) ?? badArg('price', 'is required: the price in pesos');
    const lender = optEnum(raw, 'lender', ['pagibig', 'bank'] as const) ?? 'pagibig';
    const input = {
      price,
      downPaymentPct: optNumber(raw, 'downPaymentPct', 0, 100) ?? 20,
      years: optNumber(raw, 'years', 1, 40, true) ?? 20,
      lender,
      annualRatePct: optNumber(raw, 'annualRatePct', 0, 50),
    };
    const result = financeInput(() => affordability(input));
    const schedule = financeInput(() => amortizationSchedule(result.loanAmount, result.annualRatePct, result.years));
    const data: AffordabilityData = { ...result, disclaimer: FINANCE_DISCLAIMER };
    return {
      data,
      trace: {
        name: 'affordability',
        arguments: raw,
        summary: `${peso(result.monthly)} a month for ${result.years} years on a ${peso(result.loanAmount)} loan at ${result.annualRatePct} %; income needed ${peso(result.incomeNeededMonthly)} a month`,
        chart: { title: 'Loan balance at the end of each year', unit: 'php', points: schedule.years.map((y) => ({ label: `Year ${y.year}`, value: y.balance })) },
      },
      citations: [{ kind: 'formula', label: LOAN_PROGRAMS[lender].label, url: null, source: LOAN_PROGRAMS[lender].source }],
    };
  }
}
