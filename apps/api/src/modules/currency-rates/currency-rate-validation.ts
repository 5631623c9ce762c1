import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { ValidateBy } from 'class-validator';
import {
  BASE_CURRENCY,
  CURRENCY_RATE_LIMITS,
  FOREIGN_CURRENCIES,
  isCalendarDate,
  todayIn,
  type ForeignCurrency,
} from '@app/domain';
import { hasAtMostDecimals } from '../../common/http/decimal-number';

const L = CURRENCY_RATE_LIMITS;

export const BASE_CURRENCY_RATE = `${BASE_CURRENCY} is the base currency: its rate is always 1`;
export const UNKNOWN_CURRENCY = `currency must be one of: ${FOREIGN_CURRENCIES.join(', ')}`;

/** The `:currency` of a rate route: one of FOREIGN_CURRENCIES (as written, upper case), else a 400 that says which. */
export class ForeignCurrencyPipe implements PipeTransform<unknown, ForeignCurrency> {
  transform(value: unknown): ForeignCurrency {
    if (value === BASE_CURRENCY) throw new BadRequestException(BASE_CURRENCY_RATE);
    if (typeof value !== 'string' || !(FOREIGN_CURRENCIES as readonly string[]).includes(value)) {
      throw new BadRequestException(UNKNOWN_CURRENCY);
    }
    return value as ForeignCurrency;
  }
}

/** What is wrong with a phpPerUnit, or null when it is a valid rate. */
export function phpPerUnitProblem(value: unknown): string | null {
  if (value === undefined || value === null) return 'phpPerUnit is required: the pesos for one unit of the currency, e.g. 58.9';
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return 'phpPerUnit must be a number: the pesos for one unit of the currency, e.g. 58.9';
  }
  if (value <= 0 || value > L.maxPhpPerUnit) {
    return `phpPerUnit must be above 0 and at most ${L.maxPhpPerUnit.toLocaleString('en-US')}`;
  }
  if (!hasAtMostDecimals(value, L.phpPerUnitDecimals)) return `phpPerUnit must have at most ${L.phpPerUnitDecimals} decimals`;
  return null;
}

/** What is wrong with an asOf, or null when it is a calendar date from 2000-01-01 to today in Manila. */
export function asOfProblem(value: unknown, now: Date = new Date()): string | null {
  if (value === undefined || value === null) return 'asOf is required: the date of the rate, written YYYY-MM-DD';
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'asOf must be a date written YYYY-MM-DD, e.g. 2026-11-20';
  if (!isCalendarDate(value)) return `asOf ${value} is not a real calendar date`;
  if (value < L.earliestAsOf) return `asOf cannot be before ${L.earliestAsOf}`;
  const today = todayIn(L.timeZone, now);
  if (value > today) return `asOf cannot be after today (${today} in ${L.timeZone})`;
  return null;
}

/** What is wrong with a source, or null when it is absent or text of at most 200 characters. */
export function sourceProblem(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return 'source must be text';
  if (value.length > L.sourceMaxLength) return `source must be at most ${L.sourceMaxLength} characters`;
  return null;
}

/** phpPerUnit of a rate, refused with the one message that says what to fix. */
export const PhpPerUnit = (): PropertyDecorator =>
  ValidateBy({
    name: 'phpPerUnit',
    validator: {
      validate: (value) => phpPerUnitProblem(value) === null,
      defaultMessage: (args) => phpPerUnitProblem(args?.value) ?? 'phpPerUnit is not valid',
    },
  });

/** asOf of a rate, refused with the one message that says what to fix. */
export const AsOfDate = (): PropertyDecorator =>
  ValidateBy({
    name: 'asOfDate',
    validator: {
      validate: (value) => asOfProblem(value) === null,
      defaultMessage: (args) => asOfProblem(args?.value) ?? 'asOf is not valid',
    },
  });

/** The optional source of a rate, refused with the one message that says what to fix. */
export const RateSource = (): PropertyDecorator =>
  ValidateBy({
    name: 'rateSource',
    validator: {
      validate: (value) => sourceProblem(value) === null,
      defaultMessage: (args) => sourceProblem(args?.value) ?? 'source is not valid',
    },
  });
