/**
 * What the ARIA screens read from a run's `result` (GET /ai/run/{id}: an object the API documents as
 * FeasibilityRunResult / CompareRunResult in its aria-contracts). The finance part is
 * `feasibility()` of libs/domain; each field is read defensively (a missing part is left out).
 */
import type { AriaListingCard, FeasibilityResult } from '@app/domain';

export interface MarketFigureView {
  label: string;
  value: number | null;
  unit: string;
  source: string;
  period: string;
  granularity?: string;
  sampleSize?: number | null;
}

export interface MarketContextView {
  area?: { code: string; name: string; level: string };
  title?: string;
  summary?: string;
  figures?: MarketFigureView[];
  notes?: string[];
  fallback?: { reason: string; area: { code: string; name: string }; sampleSize: number } | null;
  url?: string;
}

export interface FeasibilityResultView {
  subject?: {
    listing: AriaListingCard | null;
    price: number;
    floorArea: number | null;
    kind: string | null;
    place: { code: string; name: string } | null;
    zonalValue: number | null;
    zonalSource: string | null;
  };
  finance?: Partial<FeasibilityResult>;
  market?: MarketContextView | null;
  assumptions?: Record<string, unknown> & { monthlyRentSource?: string | null };
  disclaimer?: string;
}

export type CompareRowView = AriaListingCard & {
  barangayMedianPricePerSqm?: number | null;
  vsBarangayPct?: number | null;
  estimatedGrossYieldPct?: number | null;
  amenities?: Array<{ category: string; count: number; nearestMeters: number | null }>;
  riskNotes?: string[];
};

export interface CompareResultView {
  rows?: CompareRowView[];
  recommendation?: { listingId: string; reasons: string[] } | null;
  notes?: string[];
  disclaimer?: string;
}
