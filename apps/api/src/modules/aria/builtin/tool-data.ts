/**
 * Reading a tool result back (the built-in assistant). The engine wraps a tool's data as untrusted
 * JSON; this finds the data object inside whatever wrapper it uses, by the fields each tool's data
 * has, and never looks at anything else.
 */
import type { AriaToolName } from '@app/domain';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields that identify each tool's data (aria-contracts.ts *Data). */
const MARKERS: Record<AriaToolName, (o: Obj) => boolean> = {
  search_listings: (o) => Array.isArray(o.listings) && ('total' in o || 'applied' in o),
  get_listing: (o) => isObj(o.listing) && 'barangayMedianPricePerSqm' in o,
  market_report: (o) => Array.isArray(o.figures) && isObj(o.area),
  compare_listings: (o) => Array.isArray(o.rows),
  affordability: (o) => typeof o.monthly === 'number',
  acquisition_costs: (o) => Array.isArray(o.lines) && typeof o.buyerTotal === 'number',
  feasibility: (o) => isObj(o.finance) || isObj(o.loan) || typeof o.cashNeeded === 'number' || (isObj(o.subject) && 'disclaimer' in o),
};

/** A tool result as read: its data, or the error the tool reported. */
export type ToolOutcome = { ok: true; data: Obj } | { ok: false; error: string };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const start = text.indexOf('{');
    const end = text.lastIndexOf('}');
    if (start < 0 || end <= start) return null;
    try {
      return JSON.parse(text.slice(start, end + 1));
    } catch {
      return null;
    }
  }
}

/** Finds the tool's data in a tool message's content (breadth first, a few levels deep, JSON strings included). */
export function readToolData(name: AriaToolName, content: string): ToolOutcome {
  const root = parseJson(content);
  const isData = MARKERS[name];
  const queue: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 0 }];
  let error: string | null = null;
  while (queue.length) {
    const { value, depth } = queue.shift()!;
    let v = value;
    if (typeof v === 'string' && depth > 0 && /^\s*[{[]/.test(v)) v = parseJson(v);
    if (!isObj(v)) continue;
    if (isData?.(v)) return { ok: true, data: v };
    if (error === null) {
      const e = v.error;
      if (typeof e === 'string' && e.trim()) error = e;
      else if (isObj(e) && typeof e.message === 'string') error = e.message;
    }
    if (depth < 4) for (const child of Object.values(v)) if (isObj(child) || typeof child === 'string') queue.push({ value: child, depth: depth + 1 });
  }
  return { ok: false, error: error ?? 'the tool returned no data' };
}
