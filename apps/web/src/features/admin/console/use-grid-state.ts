import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readGridState, writeGridState, type GridConfig, type GridSort, type GridState } from './grid-url-state';

export interface GridControls {
  state: GridState;
  config: GridConfig;
  setPage: (page: number, pageSize: number) => void;
  setSort: (sort: GridSort | null) => void;
  /** Sets (or, with '' / undefined, clears) filters; back to page 1. */
  setFilters: (next: Record<string, string | undefined>) => void;
  clearFilters: () => void;
  setColumns: (columns: string[]) => void;
}

/** A table's state kept in the address (see grid-url-state.ts); each change replaces the query string. */
export function useGridState(config: GridConfig): GridControls {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readGridState(params, config), [params, config]);
  const go = useCallback((next: GridState) => setParams(writeGridState(next, config)), [setParams, config]);
  return {
    state,
    config,
    setPage: (page, pageSize) => go({ ...state, page: pageSize !== state.pageSize ? 1 : page, pageSize }),
    setSort: (sort) => go({ ...state, sort, page: 1 }),
    setFilters: (next) => {
      const filters = { ...state.filters };
      for (const [k, v] of Object.entries(next)) {
        if (v === undefined || v === '') delete filters[k];
        else filters[k] = v;
      }
      go({ ...state, filters, page: 1 });
    },
    clearFilters: () => go({ ...state, filters: {}, page: 1 }),
    setColumns: (columns) => go({ ...state, columns }),
  };
}
