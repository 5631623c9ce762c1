/**
 * The state of an admin table (page, page size, sort, filters, visible columns) in the address's query
 * string, so a reload or a pasted link shows the same table. Pure functions: `readGridState` parses
 * (anything unknown or malformed falls back to the default), `writeGridState` writes only what differs
 * from the defaults, in a stable order.
 */

export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

export interface GridSort {
  field: string;
  direction: 'asc' | 'desc';
}

export interface GridConfig {
  /** Filter keys the table knows (each its own query parameter). */
  filterKeys: readonly string[];
  /** Fields the server can sort by. */
  sortable: readonly string[];
  defaultSort: GridSort | null;
  /** Every column's field, in order. */
  columns: readonly string[];
  /** The columns shown when the address names none. */
  defaultColumns: readonly string[];
}

export interface GridState {
  /** 1-based. */
  page: number;
  pageSize: number;
  sort: GridSort | null;
  filters: Record<string, string>;
  /** Visible columns, in the table's order. */
  columns: string[];
}

export function sortToParam(sort: GridSort | null): string {
  if (!sort) return '';
  return sort.direction === 'desc' ? `-${sort.field}` : sort.field;
}

export function parseSort(raw: string | null, sortable: readonly string[]): GridSort | null | undefined {
  if (!raw) return undefined;
  const desc = raw.startsWith('-');
  const field = desc ? raw.slice(1) : raw;
  return sortable.includes(field) ? { field, direction: desc ? 'desc' : 'asc' } : undefined;
}

export function readGridState(params: URLSearchParams, config: GridConfig): GridState {
  const page = Number(params.get('page'));
  const size = Number(params.get('pageSize'));
  const filters: Record<string, string> = {};
  for (const key of config.filterKeys) {
    const value = params.get(key);
    if (value !== null && value.trim() !== '') filters[key] = value;
  }
  const sortParam = params.get('sort');
  const sort = sortParam === 'none' ? null : (parseSort(sortParam, config.sortable) ?? config.defaultSort);
  const cols = params.get('cols');
  const named = cols === null ? null : cols.split(',').filter((c) => config.columns.includes(c));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort,
    filters,
    columns: named ? config.columns.filter((c) => named.includes(c)) : [...config.defaultColumns],
  };
}

export function writeGridState(state: GridState, config: GridConfig): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of config.filterKeys) {
    const value = state.filters[key];
    if (value !== undefined && value !== '') out.set(key, value);
  }
  if (state.page > 1) out.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) out.set('pageSize', String(state.pageSize));
  const sort = sortToParam(state.sort);
  if (sort !== sortToParam(config.defaultSort)) out.set('sort', sort || 'none');
  const visible = config.columns.filter((c) => state.columns.includes(c));
  const defaults = config.columns.filter((c) => config.defaultColumns.includes(c));
  if (visible.join(',') !== defaults.join(',')) out.set('cols', visible.join(','));
  return out;
}
