/** RTK Query codegen: reads the committed OpenAPI document and writes the typed hooks. */
module.exports = {
  schemaFile: process.env.RTK_CODEGEN_SCHEMA || '../../openapi/openapi.json',
  apiFile: './src/lib/api/base-api.ts',
  apiImport: 'baseApi',
  outputFile: process.env.RTK_CODEGEN_OUT || './src/lib/api/generated.ts',
  exportName: 'api',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  tag: true,
  // Reads that the API serves as POST (a JSON body): generate them as cached queries, so lists can
  // subscribe, refetch on tag invalidation and dedupe, instead of one-shot mutations.
  endpointOverrides: [
    {
      pattern: ['searchListings', 'filterListings', 'searchNearbyListings', 'getListingDashboard', 'getUserSavedItems'],
      type: 'query',
    },
  ],
};
