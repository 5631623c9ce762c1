import { BadRequestException } from '@nestjs/common';

/**
 * Reading a tool's arguments (the JSON a model wrote): each reader answers the value, undefined when
 * absent (or null), or throws 400 naming the field and what it must be.
 */
export const badArg = (field: string, message: string): never => {
  throw new BadRequestException(`${field} ${message}`);
};

/** 400 for any argument the tool does not know. */
export function onlyKnown(args: Record<string, unknown>, known: readonly string[]): void {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) badArg('arguments', 'must be a JSON object');
  for (const key of Object.keys(args)) if (!known.includes(key)) badArg(key, `is not an argument of this tool; use: ${known.join(', ')}`);
}

export function optString(args: Record<string, unknown>, field: string, maxLength = 500): string | undefined {
  const v = args[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') return badArg(field, 'must be a string');
  const s = v.trim();
  if (s.length > maxLength) badArg(field, `must be at most ${maxLength} characters`);
  return s || undefined;
}

export function optNumber(args: Record<string, unknown>, field: string, min: number, max: number, integer = false): number | undefined {
  const v = args[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max || (integer && !Number.isInteger(v))) {
    return badArg(field, `must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}`);
  }
  return v;
}

export function optBoolean(args: Record<string, unknown>, field: string): boolean | undefined {
  const v = args[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') return badArg(field, 'must be true or false');
  return v;
}

export function optEnum<T extends string>(args: Record<string, unknown>, field: string, values: readonly T[]): T | undefined {
  const v = args[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || !values.includes(v as T)) return badArg(field, `must be one of: ${values.join(', ')}`);
  return v as T;
}

export function optEnumList<T extends string>(args: Record<string, unknown>, field: string, values: readonly T[]): T[] | undefined {
  const v = args[field];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.length > values.length) return badArg(field, `must be a list of: ${values.join(', ')}`);
  for (const x of v) if (typeof x !== 'string' || !values.includes(x as T)) badArg(field, `values must be among: ${values.join(', ')}`);
  return v.length ? [...new Set(v as T[])] : undefined;
}

export function optPsgc(args: Record<string, unknown>, field: string): string | undefined {
  const v = optString(args, field, 20);
  if (v !== undefined && !/^\d{10}$/.test(v)) badArg(field, 'must be a 10-digit PSGC code, e.g. 1380300000');
  return v;
}

/** A finance formula's RangeError (its message names the field) as a 400. */
export function financeInput<T>(compute: () => T): T {
  try {
    return compute();
  } catch (err) {
    if (err instanceof RangeError) throw new BadRequestException(err.message);
    throw err;
  }
}
