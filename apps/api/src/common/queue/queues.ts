/** Every BullMQ queue of the platform, by name. A feature registers its queue here. */
export const QUEUES = {
  email: 'email',
  /** Account e-mail requests (reset, verification): the worker looks the account up, so answers take the same time. */
  account: 'account',
  /** Domain events relayed from the outbox; one job per event (its id is the job id). */
  events: 'events',
  /** Repeatable housekeeping: audit retention, pruning relayed outbox rows and handler records. */
  maintenance: 'maintenance',
  /** Instant saved-search alerts: one delayed job per search and batch window (`<searchId>_<window>`). */
  savedSearchAlerts: 'saved-search-alerts',
  /** The payment sandbox's webhook deliveries to our own webhook route (retried like a real provider's). */
  paymentSandboxWebhooks: 'payment-sandbox-webhooks',
  /** Table exports to CSV or PDF (users, listings, audit log); one job per export row, retried after a crash. */
  exports: 'exports',
  /** Listing imports from a JSON file; one job per import, resumable by listing code. */
  imports: 'imports',
  /** ARIA's feasibility runs and comparisons; one job per run (its id is the job id), credits refunded when it fails for good. */
  ariaRuns: 'aria-runs',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
