import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { PAGINATION } from '@app/domain';

const grouped = (n: number) => n.toLocaleString('en-US');

/** "page must be a whole number from 1 to 1,000,000": the one message for any bad value of a bounded count. */
export const wholeNumberMessage = (name: string, min: number, max: number) =>
  `${name} must be a whole number from ${grouped(min)} to ${grouped(max)}`;

/** True for a whole number within [min, max] (never NaN, Infinity, 1.5 or a number past 2^53). */
export const isWholeNumberIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;

/**
 * A bounded whole number, refused with one message that says the range. In a query string only plain
 * digits count ("1e3", "0x10", " 1", "1.0" are refused); in a JSON body the value must be a number.
 */
export function WholeNumber(name: string, min: number, max: number, options: { query?: boolean } = {}): PropertyDecorator {
  const validate = ValidateBy({
    name: 'wholeNumberIn',
    constraints: [min, max],
    validator: { validate: (value) => isWholeNumberIn(value, min, max), defaultMessage: () => wholeNumberMessage(name, min, max) },
  });
  if (!options.query) return validate;
  // 16 digits is past any max here, and keeps Number() exact enough to compare
  const digits = Transform(({ value }) => (typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value));
  return applyDecorators(digits, validate);
}

/** page, limit and skip as the lists take them. */
export const PageNumber = (options?: { query?: boolean }) => WholeNumber('page', 1, PAGINATION.maxPage, options);
export const LimitNumber = (options?: { query?: boolean }) => WholeNumber('limit', 1, PAGINATION.maxLimitParam, options);
export const SkipNumber = (options?: { query?: boolean }) => WholeNumber('skip', 0, PAGINATION.maxSkip, options);
