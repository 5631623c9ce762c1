/**
 * RTK Query codegen: reads the committed OpenAPI document and writes the typed hooks, in two files
 * injected into the same `baseApi`:
 *   - generated-shell.ts: the endpoints the app shell calls before any page has loaded (health check,
 *     session check, logout) and those whose answers the store's auth slice reads, part of the first
 *     download;
 *   - generated.ts: every other endpoint (new ones land here), loaded with the pages that use them
 *     (see src/lib/api/endpoints.ts).
 * RTK_CODEGEN_SUFFIX (scripts/check-generated.mjs) writes `generated<suffix>.ts` files beside them instead.
 */
const SHELL_ENDPOINTS = [
  'getHealth',
  'getCurrentUser',
  'logoutUser',
  // the auth slice keeps the session's user from these answers (its matchers are part of the store)
  'updateUser',
  'updateUserVisibility',
  'uploadUserAvatar',
];
const suffix = process.env.RTK_CODEGEN_SUFFIX || '';
const out = (name) => `./src/lib/api/${name}${suffix}.ts`;

module.exports = {
  schemaFile: process.env.RTK_CODEGEN_SCHEMA || '../../openapi/openapi.json',
  apiFile: './src/lib/api/base-api.ts',
  apiImport: 'baseApi',
  exportName: 'api',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  tag: true,
  outputFiles: {
    [out('generated-shell')]: { filterEndpoints: SHELL_ENDPOINTS },
    [out('generated')]: {
      filterEndpoints: (name) => !SHELL_ENDPOINTS.includes(name),
      // Reads that the API serves as POST (a JSON body): generate them as cached queries, so lists can
      // subscribe, refetch on tag invalidation and dedupe, instead of one-shot mutations.
      endpointOverrides: [
        {
          pattern: ['searchListings', 'filterListings', 'getListingClusters', 'searchNearbyListings', 'getListingDashboard', 'getUserSavedItems', 'searchActivity', 'searchSubscriptions', 'searchAriaHistory'],
          type: 'query',
        },
      ],
    },
  },
};
