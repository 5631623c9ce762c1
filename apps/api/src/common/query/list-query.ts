import { BadRequestException } from '@nestjs/common';
import { PAGINATION } from '@app/domain';
import { isWholeNumberIn, wholeNumberMessage } from '../http/whole-number';

/** What a resource lets callers select, sort and populate. Anything else is a 400. */
export interface ResourceQuerySpec<SortKey extends string = string> {
  resource: string;
  /** Fields of the answer a caller may `select` (`_id` is always kept). */
  selectable: readonly string[];
  /** Fields a caller may `sort` by. */
  sortable: readonly SortKey[];
  /** Relations a caller may `populateArray`. */
  relations: readonly string[];
  defaultSort: string;
  defaultLimit?: number;
  maxLimit?: number;
}

export interface SortTerm<SortKey extends string = string> {
  field: SortKey;
  direction: 'asc' | 'desc';
}

export interface PopulateTerm {
  path: string;
  select?: string[];
}

export interface ParsedListQuery<SortKey extends string = string> {
  /** Fields to keep, or null for all. */
  select: string[] | null;
  /** Fields to drop (the `-field` form). */
  exclude: string[];
  populate: PopulateTerm[];
  sort: SortTerm<SortKey>[];
  limit: number;
  skip: number;
  page: number;
  lean: boolean;
}

/** The list parameters as they arrive: query strings on GET, JSON values in a search body. */
export interface RawListQuery {
  select?: unknown;
  populateArray?: unknown;
  sort?: unknown;
  limit?: unknown;
  page?: unknown;
  skip?: unknown;
  lean?: unknown;
}

function fail(message: string): never {
  throw new BadRequestException(message);
}

function splitTerms(value: unknown, name: string): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) {
    return value.flatMap((v) => {
      if (typeof v !== 'string') fail(`${name} must be a list of field names`);
      return splitTerms(v, name);
    });
  }
  if (typeof value !== 'string') fail(`${name} must be a string or a list of field names`);
  return value
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A whole number within [min, max], from a JSON number or a string of digits; else a 400 that names the range. */
function parseInteger(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,16}$/.test(value.trim()) ? Number(value) : NaN;
  if (!isWholeNumberIn(n, min, max)) fail(wholeNumberMessage(name, min, max));
  return n;
}

function parseBoolean(value: unknown, name: string): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  fail(`${name} must be true or false`);
}

function parseSelect(value: unknown, spec: ResourceQuerySpec): { select: string[] | null; exclude: string[] } {
  const terms = splitTerms(value, 'select');
  if (terms.length === 0) return { select: null, exclude: [] };
  const include: string[] = [];
  const exclude: string[] = [];
  for (const term of terms) {
    const negative = term.startsWith('-');
    const field = negative ? term.slice(1) : term;
    if (field !== '_id' && !spec.selectable.includes(field)) {
      fail(`Unknown select field '${field}' for ${spec.resource}; allowed: ${spec.selectable.join(', ')}`);
    }
    (negative ? exclude : include).push(field);
  }
  if (include.length && exclude.length) fail('select cannot mix included and excluded (-field) fields');
  return include.length ? { select: [...new Set(['_id', ...include])], exclude: [] } : { select: null, exclude };
}

function parseSort<K extends string>(value: unknown, spec: ResourceQuerySpec<K>): SortTerm<K>[] {
  let terms: string[];
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    terms = Object.entries(value as Record<string, unknown>).map(([field, dir]) => {
      if (![1, -1, 'asc', 'desc', '1', '-1'].includes(dir as never)) fail(`sort direction for '${field}' must be 1, -1, asc or desc`);
      return dir === -1 || dir === '-1' || dir === 'desc' ? `-${field}` : field;
    });
  } else {
    terms = splitTerms(value, 'sort');
  }
  if (terms.length === 0) terms = splitTerms(spec.defaultSort, 'sort');
  return terms.map((term) => {
    const desc = term.startsWith('-');
    const field = (desc || term.startsWith('+') ? term.slice(1) : term) as K;
    if (!spec.sortable.includes(field)) {
      fail(`Unknown sort field '${field}' for ${spec.resource}; allowed: ${spec.sortable.join(', ')}`);
    }
    return { field, direction: desc ? 'desc' : 'asc' };
  });
}

function parsePopulate(value: unknown, spec: ResourceQuerySpec): PopulateTerm[] {
  if (value === undefined || value === null || value === '') return [];
  let items: unknown = value;
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      items = JSON.parse(value);
    } catch {
      fail('populateArray must be a JSON array or a comma-separated list of relations');
    }
  }
  const list = Array.isArray(items) ? items : splitTerms(items, 'populateArray');
  return list.flatMap((item): PopulateTerm[] => {
    if (typeof item === 'string') return splitTerms(item, 'populateArray').map((path) => ({ path }));
    if (item && typeof item === 'object' && typeof (item as { path?: unknown }).path === 'string') {
      const { path, select } = item as { path: string; select?: unknown };
      return [{ path, select: select === undefined ? undefined : splitTerms(select, `populateArray[${path}].select`) }];
    }
    fail('populateArray items must be relation names or objects with a path');
  }).map((term) => {
    if (!spec.relations.includes(term.path)) {
      fail(
        spec.relations.length
          ? `Unknown populateArray relation '${term.path}' for ${spec.resource}; allowed: ${spec.relations.join(', ')}`
          : `Unknown populateArray relation '${term.path}': ${spec.resource} has no relations to populate`,
      );
    }
    return term;
  });
}

/** Parses and whitelists the spec's list parameters for one resource. */
export function parseListQuery<K extends string>(raw: RawListQuery, spec: ResourceQuerySpec<K>): ParsedListQuery<K> {
  const maxLimit = spec.maxLimit ?? PAGINATION.maxLimit;
  const requested = parseInteger(raw.limit, 'limit', 1, PAGINATION.maxLimitParam) ?? spec.defaultLimit ?? PAGINATION.defaultLimit;
  const limit = Math.min(requested, maxLimit);
  const page = parseInteger(raw.page, 'page', 1, PAGINATION.maxPage) ?? PAGINATION.defaultPage;
  const explicitSkip = parseInteger(raw.skip, 'skip', 0, PAGINATION.maxSkip);
  const skip = explicitSkip ?? (page - 1) * limit;
  return {
    ...parseSelect(raw.select, spec),
    populate: parsePopulate(raw.populateArray, spec),
    sort: parseSort(raw.sort, spec),
    limit,
    skip,
    page: Math.floor(skip / limit) + 1,
    lean: parseBoolean(raw.lean, 'lean'),
  };
}

/** Keeps only the selected fields of an answer object (and drops the excluded ones). */
export function applySelection<T extends object>(item: T, query: Pick<ParsedListQuery, 'select' | 'exclude'>): Partial<T> {
  if (query.select) {
    const out: Record<string, unknown> = {};
    for (const key of query.select) if (key in item) out[key] = (item as Record<string, unknown>)[key];
    return out as Partial<T>;
  }
  if (query.exclude.length) {
    const out = { ...(item as Record<string, unknown>) };
    for (const key of query.exclude) delete out[key];
    return out as Partial<T>;
  }
  return item;
}
