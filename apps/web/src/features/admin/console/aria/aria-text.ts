import type { AriaHistoryKind, AriaRunStatus } from '@app/domain';

export const ARIA_KIND_LABELS: Record<AriaHistoryKind, string> = {
  chat: 'Chat',
  feasibility: 'Feasibility run',
  compare: 'Comparison',
};

export const RUN_STATUS_LABELS: Record<AriaRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

export const RUN_STATUS_COLORS: Record<AriaRunStatus, 'default' | 'info' | 'success' | 'error'> = {
  queued: 'default',
  running: 'info',
  succeeded: 'success',
  failed: 'error',
};

/** What staff read on both pages: why they may open an entry, and that opening it is recorded. */
export const AUDITED_NOTICE =
  "Members' ARIA conversations are personal. Open one only to help its member: every opening is recorded in the audit log under your name (aria.history_read_by_staff).";
