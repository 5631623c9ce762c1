/** Labels of the market console pages (development projects, cost assumptions). Pure. */
import { DEVELOPMENT_KINDS, DEVELOPMENT_STATUSES, type DevelopmentKind, type DevelopmentStatus } from '@app/domain';

export const DEVELOPMENT_KIND_LABELS: Record<DevelopmentKind, string> = {
  residential: 'Residential',
  mixed_use: 'Mixed use',
  commercial: 'Commercial',
  office: 'Office',
  mall: 'Mall',
  industrial: 'Industrial',
  transport: 'Transport',
  infrastructure: 'Infrastructure',
  institutional: 'Institutional',
};

export const DEVELOPMENT_STATUS_LABELS: Record<DevelopmentStatus, string> = {
  planned: 'Planned',
  approved: 'Approved',
  under_construction: 'Under construction',
  completed: 'Completed',
  on_hold: 'On hold',
};

export const DEVELOPMENT_STATUS_COLORS: Record<DevelopmentStatus, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  planned: 'default',
  approved: 'info',
  under_construction: 'warning',
  completed: 'success',
  on_hold: 'error',
};

export const kindOptions = DEVELOPMENT_KINDS.map((k) => [k, DEVELOPMENT_KIND_LABELS[k]] as const);
export const statusOptions = DEVELOPMENT_STATUSES.map((s) => [s, DEVELOPMENT_STATUS_LABELS[s]] as const);

/** "condominium" → "Condominium", "house_and_lot" → "House and lot". */
export const kindLabel = (kind: string) => {
  const t = kind.replace(/_/g, ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
};

/** A YYYY-MM-DD date as "30 Jun 2027"; "Not announced" for none. */
export function completionLabel(date: string | null | undefined): string {
  if (!date) return 'Not announced';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.toLocaleDateString('en-PH', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/**
 * Checks one cost-assumption input against its range: the number, or the message to show.
 * Empty is "not changed" (null).
 */
export function parseAssumption(raw: string, range: { min: number; max: number; unit: string; label: string }): number | null | string {
  const s = raw.trim();
  if (s === '') return null;
  if (!/^-?\d+(\.\d+)?$/.test(s)) return `${range.label}: a number, e.g. ${range.max / 10}`;
  const v = Number(s);
  if (v < range.min || v > range.max) return `${range.label}: from ${range.min} to ${range.max} (${range.unit})`;
  if (Number(v.toFixed(2)) !== v) return `${range.label}: at most 2 decimals`;
  return v;
}
