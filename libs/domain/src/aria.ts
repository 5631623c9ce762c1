/**
 * ARIA, the AI assistant (issue 17): what the API enforces and the web app shows. The finance
 * formulas ARIA uses live in property-finance.ts.
 */

/** The kinds of history entries (/ai/history/*): a chat, a feasibility run or a comparison. */
export const ARIA_HISTORY_KINDS = ['chat', 'feasibility', 'compare'] as const;
export type AriaHistoryKind = (typeof ARIA_HISTORY_KINDS)[number];

export const ARIA_RUN_KINDS = ['feasibility', 'compare'] as const;
export type AriaRunKind = (typeof ARIA_RUN_KINDS)[number];
export const ARIA_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type AriaRunStatus = (typeof ARIA_RUN_STATUSES)[number];

/**
 * AI credits a run costs, reserved when it is asked for and refunded if it fails. Chat costs none:
 * Free has ARIA_FREE (PLANS.free.ariaMessagesPerDay) messages a day, Basic and above unlimited.
 * Basic's 300 monthly credits buy 30 feasibility runs or 60 comparisons.
 */
export const ARIA_RUN_CREDITS: Record<AriaRunKind, number> = {
  feasibility: 10,
  compare: 5,
};

/** Comparisons take 2 to 5 listings (issue 17). */
export const ARIA_COMPARE_MIN = 2;
export const ARIA_COMPARE_MAX = 5;
/** A member's question: at most this many characters. */
export const ARIA_MESSAGE_MAX_LENGTH = 2000;
export const ARIA_TITLE_MAX_LENGTH = 120;
/** Tool rounds an answer may take before ARIA answers with what it has. */
export const ARIA_MAX_TOOL_ROUNDS = 4;
/** Earlier messages of the conversation sent with a question (the newest ones). */
export const ARIA_CONTEXT_MESSAGES = 12;
/** Listing cards a search answer shows at most. */
export const ARIA_SEARCH_RESULTS = 6;

/** The tools every provider may call (same names, same arguments). */
export const ARIA_TOOL_NAMES = [
  'search_listings',
  'get_listing',
  'market_report',
  'compare_listings',
  'affordability',
  'acquisition_costs',
  'feasibility',
] as const;
export type AriaToolName = (typeof ARIA_TOOL_NAMES)[number];

/** What the built-in assistant says about itself (it must say it is the built-in assistant). */
export const ARIA_BUILTIN_NOTICE =
  "I'm ARIA's built-in assistant: I answer from Tahanan's listings, market reports and the Philippine tax and loan formulas, without a large language model.";

/** The note every legal or tax answer carries. */
export const ARIA_VERIFY_NOTE = 'Estimates only: verify with a licensed real estate broker, your lender and the BIR or your LGU before you commit.';

/** A listing as ARIA shows it: a card in the chat, a row in a comparison. */
export interface AriaListingCard {
  id: string;
  code: string;
  name: string;
  offer: 'sale' | 'rent';
  kind: string | null;
  type: string;
  price: number;
  currency: string;
  floorArea: number | null;
  lotArea: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  pricePerSqm: number | null;
  barangayCode: string | null;
  barangayName: string;
  cityName: string;
  imageUrl: string | null;
  verified: boolean;
  /** The web path of the listing: /listings/{id}. */
  url: string;
  /** Cosine similarity to the question (semantic ranking), when ranked. */
  score?: number;
}

/** Something an answer used, shown as a link under it. */
export interface AriaCitation {
  kind: 'listing' | 'report' | 'formula';
  label: string;
  /** A web path (/listings/{id}, /market/{area}/{group}). */
  url: string | null;
  /** Source and period of a figure ("Tahanan listings, 2026-11"; "PSA FIES 2023"). */
  source?: string;
}

/** A tool call of an answer as stored and shown: its arguments and the compact result. */
export interface AriaToolTrace {
  name: AriaToolName;
  arguments: Record<string, unknown>;
  /** Listing cards the tool returned (search, get, compare). */
  cards?: AriaListingCard[];
  /** Small series for a chart (a market report's price history, an amortisation). */
  chart?: { title: string; unit: string; points: Array<{ label: string; value: number }> };
  /** One line saying what it found ("12 listings match; 6 shown"). */
  summary: string;
  error?: string;
}

/** The events of a streamed answer (POST /ai/chat/stream, text/event-stream, one JSON per `data:`). */
export type AriaStreamEvent =
  | { type: 'conversation'; conversationId: string; title: string; provider: string }
  | { type: 'tool_call'; name: AriaToolName; arguments: Record<string, unknown> }
  | { type: 'tool_result'; trace: AriaToolTrace }
  | { type: 'text'; delta: string }
  | { type: 'done'; messageId: string; citations: AriaCitation[]; remainingToday: number | null }
  | { type: 'error'; status: number; message: string };
