/**
 * Which module owns which table. A module's repository reads and writes only the tables it owns;
 * another module asks the owner's service (for example, saved items ask ListingsService for the
 * cards of the saved listings, messaging asks UsersService for participants' names). Keyed by the
 * table's export name in `@app/db`; `table-ownership.spec.ts` fails when a file under
 * `src/modules/<module>/` imports a table that another module owns, or a table has no owner.
 */
export const TABLE_OWNERS = {
  users: 'users',
  userTokens: 'users',
  userIdentities: 'users',
  sessions: 'auth',
  appState: 'seed',
  places: 'places',
  pointsOfInterest: 'nearby',
  listings: 'listings',
  listingGridCells: 'listings',
  listingWords: 'listings',
  listingGridBlocks: 'listings',
  listingSearchChanges: 'listings',
  listingDocuments: 'listings',
  listingReviews: 'listings',
  listingEvents: 'listings',
  savedItems: 'saved',
  savedSearchMatches: 'saved',
  savedSearchAlertKeys: 'saved',
  threads: 'messaging',
  threadParticipants: 'messaging',
  messages: 'messaging',
  notifications: 'notifications',
  currencyRates: 'currency-rates',
  outbox: 'events',
  eventHandled: 'events',
  auditLog: 'audit',
  auditDailyCounts: 'audit',
  activities: 'activity',
  notificationPreferences: 'notifications',
  subscriptions: 'subscriptions',
  creditLedger: 'credits',
  creditReservations: 'credits',
  payments: 'payments',
  paymentWebhookEvents: 'payments',
  exportJobs: 'exports',
  listingImports: 'listings',
  listingReports: 'listings',
  kycSubmissions: 'kyc',
  kycFiles: 'kyc',
  kycReviews: 'kyc',
  professionalLicences: 'licences',
  enterprises: 'enterprise',
  enterpriseMembers: 'enterprise',
  enterpriseInvites: 'enterprise',
  creditPools: 'credits',
  marketListings: 'market',
  marketPriceChanges: 'market',
  marketDirtyAreas: 'market',
  marketAreaStats: 'market',
  marketAreaMonthly: 'market',
  marketDevelopments: 'market',
  marketCostAssumptions: 'market',
  ariaConversations: 'aria',
  ariaMessages: 'aria',
  ariaRuns: 'aria',
  listingEmbeddings: 'aria',
  statDatasets: 'market-data',
  statValues: 'market-data',
  zonalValues: 'market-data',
} as const;

export type OwnedTable = keyof typeof TABLE_OWNERS;

/**
 * The few files allowed to use another module's table, each with its reason. Keep this list short:
 * a new entry needs a reason that a service call cannot serve. Test files (*.spec.ts,
 * *.int-spec.ts) set up their data directly and are not checked.
 */
export const TABLE_OWNERSHIP_EXCEPTIONS: { file: string; tables: OwnedTable[]; why: string }[] = [
  {
    file: 'seed/demo-listings.ts',
    tables: ['listings', 'places', 'users'],
    why: 'the demo data seeder bulk-inserts demo listings for demo accounts at startup (a data loader, not a request path)',
  },
  {
    file: 'seed/demo-market-history.ts',
    tables: ['listings', 'places', 'users'],
    why: 'the demo data seeder inserts the market-history demo listings (backdated, with their past written through MarketListingsService.recordHistory) for demo accounts at startup (a data loader, not a request path)',
  },
  {
    file: 'seed/demo-legazpi-listings.ts',
    tables: ['listings', 'users'],
    why: 'the demo data seeder inserts the Legazpi City demo listings for demo accounts at startup (a data loader, not a request path)',
  },
  {
    file: 'nearby/bundled-poi.ts',
    tables: ['appState'],
    why: 'the start-up loader of the shipped OSM extract records "loaded once" in app_state in the same transaction as the rows (a data loader, not a request path)',
  },
  {
    file: 'seed/seed.service.ts',
    tables: ['users'],
    why: 'the demo data seeder inserts the demo accounts in one transaction with its app_state marker',
  },
  {
    file: 'auth/sessions.repository.ts',
    tables: ['users'],
    why: "the global guard reads a session with its user's role and status in one query on every request, and stamps last_active",
  },
  {
    file: 'listings/listings.repository.ts',
    tables: ['users'],
    why: "a listing card's owner name and avatar are joined inside the search statements (prepared once and benchmarked); read only",
  },
  {
    file: 'listings/listing-map.repository.ts',
    tables: ['users'],
    why: "a large map box's page joins its cards' owners in the same statement as its page and exact total (one round trip; benchmarked, docs/benchmarks.md 'Map at every zoom'); read only",
  },
];
