import { baseApi as api } from "./base-api";
export const addTagTypes = [
  "activity",
  "admin",
  "aria",
  "export",
  "audit",
  "auth",
  "market reports",
  "currency",
  "enterprise",
  "kyc",
  "licences",
  "listing",
  "notification",
  "payment",
  "places",
  "subscription",
  "threads",
  "user",
  "ai-credits",
] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      createActivity: build.mutation<
        CreateActivityApiResponse,
        CreateActivityApiArg
      >({
        query: (queryArg) => ({
          url: `/api/activity/create`,
          method: "POST",
          body: queryArg.createActivityDto,
        }),
        invalidatesTags: ["activity"],
      }),
      getAllActivity: build.query<
        GetAllActivityApiResponse,
        GetAllActivityApiArg
      >({
        query: (queryArg) => ({
          url: `/api/activity/get/all`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
          },
        }),
        providesTags: ["activity"],
      }),
      getActivity: build.query<GetActivityApiResponse, GetActivityApiArg>({
        query: (queryArg) => ({ url: `/api/activity/get/${queryArg.id}` }),
        providesTags: ["activity"],
      }),
      removeActivity: build.mutation<
        RemoveActivityApiResponse,
        RemoveActivityApiArg
      >({
        query: (queryArg) => ({
          url: `/api/activity/remove/${queryArg.id}`,
          method: "DELETE",
        }),
        invalidatesTags: ["activity"],
      }),
      searchActivity: build.query<
        SearchActivityApiResponse,
        SearchActivityApiArg
      >({
        query: (queryArg) => ({
          url: `/api/activity/search`,
          method: "POST",
          body: queryArg.activitySearchDto,
        }),
        providesTags: ["activity"],
      }),
      updateActivity: build.mutation<
        UpdateActivityApiResponse,
        UpdateActivityApiArg
      >({
        query: (queryArg) => ({
          url: `/api/activity/update`,
          method: "PUT",
          body: queryArg.updateActivityDto,
        }),
        invalidatesTags: ["activity"],
      }),
      clearMyActivity: build.mutation<
        ClearMyActivityApiResponse,
        ClearMyActivityApiArg
      >({
        query: () => ({ url: `/api/activity/user`, method: "DELETE" }),
        invalidatesTags: ["activity"],
      }),
      getMyActivity: build.query<GetMyActivityApiResponse, GetMyActivityApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/activity/user`,
            params: {
              page: queryArg.page,
              limit: queryArg.limit,
            },
          }),
          providesTags: ["activity"],
        },
      ),
      openJobDashboard: build.mutation<
        OpenJobDashboardApiResponse,
        OpenJobDashboardApiArg
      >({
        query: () => ({ url: `/api/admin/queues/session`, method: "POST" }),
        invalidatesTags: ["admin"],
      }),
      askAria: build.mutation<AskAriaApiResponse, AskAriaApiArg>({
        query: (queryArg) => ({
          url: `/api/ai/chat`,
          method: "POST",
          body: queryArg.ariaChatDto,
        }),
        invalidatesTags: ["aria"],
      }),
      askAriaStreamed: build.mutation<
        AskAriaStreamedApiResponse,
        AskAriaStreamedApiArg
      >({
        query: (queryArg) => ({
          url: `/api/ai/chat/stream`,
          method: "POST",
          body: queryArg.ariaChatDto,
        }),
        invalidatesTags: ["aria"],
      }),
      getAriaUsage: build.query<GetAriaUsageApiResponse, GetAriaUsageApiArg>({
        query: () => ({ url: `/api/ai/chat/usage` }),
        providesTags: ["aria"],
      }),
      createAriaConversation: build.mutation<
        CreateAriaConversationApiResponse,
        CreateAriaConversationApiArg
      >({
        query: (queryArg) => ({
          url: `/api/ai/history/create`,
          method: "POST",
          body: queryArg.ariaHistoryCreateDto,
        }),
        invalidatesTags: ["aria"],
      }),
      getAllAriaHistory: build.query<
        GetAllAriaHistoryApiResponse,
        GetAllAriaHistoryApiArg
      >({
        query: (queryArg) => ({
          url: `/api/ai/history/get/all`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            kind: queryArg.kind,
            userId: queryArg.userId,
            member: queryArg.member,
            from: queryArg["from"],
            to: queryArg.to,
          },
        }),
        providesTags: ["aria"],
      }),
      getAriaConversation: build.query<
        GetAriaConversationApiResponse,
        GetAriaConversationApiArg
      >({
        query: (queryArg) => ({ url: `/api/ai/history/get/${queryArg.id}` }),
        providesTags: ["aria"],
      }),
      getMyAriaHistory: build.query<
        GetMyAriaHistoryApiResponse,
        GetMyAriaHistoryApiArg
      >({
        query: (queryArg) => ({
          url: `/api/ai/history/my`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            kind: queryArg.kind,
          },
        }),
        providesTags: ["aria"],
      }),
      removeAriaConversation: build.mutation<
        RemoveAriaConversationApiResponse,
        RemoveAriaConversationApiArg
      >({
        query: (queryArg) => ({
          url: `/api/ai/history/remove/${queryArg.id}`,
          method: "DELETE",
        }),
        invalidatesTags: ["aria"],
      }),
      searchAriaHistory: build.query<
        SearchAriaHistoryApiResponse,
        SearchAriaHistoryApiArg
      >({
        query: (queryArg) => ({
          url: `/api/ai/history/search`,
          method: "POST",
          body: queryArg.ariaHistorySearchDto,
        }),
        providesTags: ["aria"],
      }),
      updateAriaConversation: build.mutation<
        UpdateAriaConversationApiResponse,
        UpdateAriaConversationApiArg
      >({
        query: (queryArg) => ({
          url: `/api/ai/history/update`,
          method: "PUT",
          body: queryArg.ariaHistoryUpdateDto,
        }),
        invalidatesTags: ["aria"],
      }),
      startAriaCompareRun: build.mutation<
        StartAriaCompareRunApiResponse,
        StartAriaCompareRunApiArg
      >({
        query: (queryArg) => ({
          url: `/api/ai/run/compare`,
          method: "POST",
          body: queryArg.compareRunDto,
        }),
        invalidatesTags: ["aria"],
      }),
      startAriaFeasibilityRun: build.mutation<
        StartAriaFeasibilityRunApiResponse,
        StartAriaFeasibilityRunApiArg
      >({
        query: (queryArg) => ({
          url: `/api/ai/run/feasibility`,
          method: "POST",
          body: queryArg.feasibilityRunDto,
        }),
        invalidatesTags: ["aria"],
      }),
      quoteAriaRun: build.query<QuoteAriaRunApiResponse, QuoteAriaRunApiArg>({
        query: (queryArg) => ({ url: `/api/ai/run/quote/${queryArg.kind}` }),
        providesTags: ["aria"],
      }),
      getAriaRun: build.query<GetAriaRunApiResponse, GetAriaRunApiArg>({
        query: (queryArg) => ({ url: `/api/ai/run/${queryArg.id}` }),
        providesTags: ["aria"],
      }),
      getAriaRunPdf: build.query<GetAriaRunPdfApiResponse, GetAriaRunPdfApiArg>(
        {
          query: (queryArg) => ({ url: `/api/ai/run/${queryArg.id}/pdf` }),
          providesTags: ["aria"],
        },
      ),
      exportAudit: build.mutation<ExportAuditApiResponse, ExportAuditApiArg>({
        query: (queryArg) => ({
          url: `/api/audit/export`,
          method: "POST",
          body: queryArg.auditExportWithFormatDto,
        }),
        invalidatesTags: ["export"],
      }),
      exportAuditCsv: build.mutation<
        ExportAuditCsvApiResponse,
        ExportAuditCsvApiArg
      >({
        query: (queryArg) => ({
          url: `/api/audit/export/csv`,
          method: "POST",
          body: queryArg.auditExportDto,
        }),
        invalidatesTags: ["export"],
      }),
      exportAuditPdf: build.mutation<
        ExportAuditPdfApiResponse,
        ExportAuditPdfApiArg
      >({
        query: (queryArg) => ({
          url: `/api/audit/export/pdf`,
          method: "POST",
          body: queryArg.auditExportDto,
        }),
        invalidatesTags: ["export"],
      }),
      previewAuditExport: build.mutation<
        PreviewAuditExportApiResponse,
        PreviewAuditExportApiArg
      >({
        query: (queryArg) => ({
          url: `/api/audit/export/preview`,
          method: "POST",
          body: queryArg.auditExportPreviewDto,
        }),
        invalidatesTags: ["export"],
      }),
      filterAudit: build.mutation<FilterAuditApiResponse, FilterAuditApiArg>({
        query: (queryArg) => ({
          url: `/api/audit/filter`,
          method: "POST",
          body: queryArg.auditFilterDto,
        }),
        invalidatesTags: ["audit"],
      }),
      getAuditEntries: build.query<
        GetAuditEntriesApiResponse,
        GetAuditEntriesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/audit/get/all`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
          },
        }),
        providesTags: ["audit"],
      }),
      getAuditEntry: build.query<GetAuditEntryApiResponse, GetAuditEntryApiArg>(
        {
          query: (queryArg) => ({ url: `/api/audit/get/${queryArg.id}` }),
          providesTags: ["audit"],
        },
      ),
      removeAuditEntry: build.mutation<
        RemoveAuditEntryApiResponse,
        RemoveAuditEntryApiArg
      >({
        query: (queryArg) => ({
          url: `/api/audit/remove/${queryArg.id}`,
          method: "DELETE",
        }),
        invalidatesTags: ["audit"],
      }),
      searchAudit: build.mutation<SearchAuditApiResponse, SearchAuditApiArg>({
        query: (queryArg) => ({
          url: `/api/audit/search`,
          method: "POST",
          body: queryArg.auditSearchDto,
        }),
        invalidatesTags: ["audit"],
      }),
      exchangeSignInCode: build.mutation<
        ExchangeSignInCodeApiResponse,
        ExchangeSignInCodeApiArg
      >({
        query: (queryArg) => ({
          url: `/api/auth/exchange`,
          method: "POST",
          body: queryArg.exchangeCodeDto,
        }),
        invalidatesTags: ["auth"],
      }),
      listIdentities: build.query<
        ListIdentitiesApiResponse,
        ListIdentitiesApiArg
      >({
        query: () => ({ url: `/api/auth/identities` }),
        providesTags: ["auth"],
      }),
      disconnectIdentity: build.mutation<
        DisconnectIdentityApiResponse,
        DisconnectIdentityApiArg
      >({
        query: (queryArg) => ({
          url: `/api/auth/identities/${queryArg.provider}`,
          method: "DELETE",
        }),
        invalidatesTags: ["auth"],
      }),
      listAuthProviders: build.query<
        ListAuthProvidersApiResponse,
        ListAuthProvidersApiArg
      >({
        query: () => ({ url: `/api/auth/providers` }),
        providesTags: ["auth"],
      }),
      connectProvider: build.mutation<
        ConnectProviderApiResponse,
        ConnectProviderApiArg
      >({
        query: (queryArg) => ({
          url: `/api/auth/${queryArg.provider}/connect`,
          method: "POST",
        }),
        invalidatesTags: ["auth"],
      }),
      getAmenities: build.query<GetAmenitiesApiResponse, GetAmenitiesApiArg>({
        query: (queryArg) => ({
          url: `/api/bi/amenities/${queryArg.barangay}`,
          params: {
            radiusKm: queryArg.radiusKm,
          },
        }),
        providesTags: ["market reports"],
      }),
      areaDemographics: build.query<
        AreaDemographicsApiResponse,
        AreaDemographicsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/bi/area/demographics/${queryArg.barangay}`,
        }),
        providesTags: ["market reports"],
      }),
      compare: build.query<CompareApiResponse, CompareApiArg>({
        query: (queryArg) => ({
          url: `/api/bi/areas/compare`,
          params: {
            offer: queryArg.offer,
            kind: queryArg.kind,
            areas: queryArg.areas,
          },
        }),
        providesTags: ["market reports"],
      }),
      similar: build.query<SimilarApiResponse, SimilarApiArg>({
        query: (queryArg) => ({
          url: `/api/bi/areas/similar/${queryArg.barangay}`,
          params: {
            offer: queryArg.offer,
            kind: queryArg.kind,
          },
        }),
        providesTags: ["market reports"],
      }),
      getCostAssumptions: build.query<
        GetCostAssumptionsApiResponse,
        GetCostAssumptionsApiArg
      >({
        query: () => ({ url: `/api/bi/cost-assumptions` }),
        providesTags: ["market reports"],
      }),
      resetCostAssumptions: build.mutation<
        ResetCostAssumptionsApiResponse,
        ResetCostAssumptionsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/bi/cost-assumptions/${queryArg.kind}`,
          method: "DELETE",
        }),
        invalidatesTags: ["market reports"],
      }),
      updateCostAssumptions: build.mutation<
        UpdateCostAssumptionsApiResponse,
        UpdateCostAssumptionsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/bi/cost-assumptions/${queryArg.kind}`,
          method: "PUT",
          body: queryArg.updateCostAssumptionsDto,
        }),
        invalidatesTags: ["market reports"],
      }),
      dataDemographics: build.query<
        DataDemographicsApiResponse,
        DataDemographicsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/bi/data/demographics`,
          params: {
            offer: queryArg.offer,
            kind: queryArg.kind,
            area: queryArg.area,
          },
        }),
        providesTags: ["market reports"],
      }),
      getDevelopments: build.query<
        GetDevelopmentsApiResponse,
        GetDevelopmentsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/bi/data/developments`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            city: queryArg.city,
            barangay: queryArg.barangay,
            region: queryArg.region,
            status: queryArg.status,
          },
        }),
        providesTags: ["market reports"],
      }),
      dataEconomic: build.query<DataEconomicApiResponse, DataEconomicApiArg>({
        query: (queryArg) => ({
          url: `/api/bi/data/economic`,
          params: {
            offer: queryArg.offer,
            kind: queryArg.kind,
            area: queryArg.area,
          },
        }),
        providesTags: ["market reports"],
      }),
      dataPropertyTrends: build.query<
        DataPropertyTrendsApiResponse,
        DataPropertyTrendsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/bi/data/property-trends`,
          params: {
            offer: queryArg.offer,
            kind: queryArg.kind,
            area: queryArg.area,
          },
        }),
        providesTags: ["market reports"],
      }),
      dataSafety: build.query<DataSafetyApiResponse, DataSafetyApiArg>({
        query: (queryArg) => ({
          url: `/api/bi/data/safety-index`,
          params: {
            region: queryArg.region,
          },
        }),
        providesTags: ["market reports"],
      }),
      getDatasets: build.query<GetDatasetsApiResponse, GetDatasetsApiArg>({
        query: () => ({ url: `/api/bi/datasets` }),
        providesTags: ["market reports"],
      }),
      createDevelopment: build.mutation<
        CreateDevelopmentApiResponse,
        CreateDevelopmentApiArg
      >({
        query: (queryArg) => ({
          url: `/api/bi/developments`,
          method: "POST",
          body: queryArg.saveDevelopmentDto,
        }),
        invalidatesTags: ["market reports"],
      }),
      deleteDevelopment: build.mutation<
        DeleteDevelopmentApiResponse,
        DeleteDevelopmentApiArg
      >({
        query: (queryArg) => ({
          url: `/api/bi/developments/${queryArg.id}`,
          method: "DELETE",
        }),
        invalidatesTags: ["market reports"],
      }),
      updateDevelopment: build.mutation<
        UpdateDevelopmentApiResponse,
        UpdateDevelopmentApiArg
      >({
        query: (queryArg) => ({
          url: `/api/bi/developments/${queryArg.id}`,
          method: "PUT",
          body: queryArg.saveDevelopmentDto,
        }),
        invalidatesTags: ["market reports"],
      }),
      dropdownValues: build.query<
        DropdownValuesApiResponse,
        DropdownValuesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/bi/dropdownvalue`,
          params: {
            region: queryArg.region,
            city: queryArg.city,
            offer: queryArg.offer,
          },
        }),
        providesTags: ["market reports"],
      }),
      exportReport: build.mutation<ExportReportApiResponse, ExportReportApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/bi/export/${queryArg.format}`,
            method: "POST",
            body: queryArg.exportReportDto,
          }),
          invalidatesTags: ["market reports"],
        },
      ),
      getAllReports: build.query<GetAllReportsApiResponse, GetAllReportsApiArg>(
        {
          query: () => ({ url: `/api/bi/get/all` }),
          providesTags: ["market reports"],
        },
      ),
      getReport: build.query<GetReportApiResponse, GetReportApiArg>({
        query: (queryArg) => ({
          url: `/api/bi/get/${queryArg.id}`,
          params: {
            offer: queryArg.offer,
            kind: queryArg.kind,
            area: queryArg.area,
          },
        }),
        providesTags: ["market reports"],
      }),
      opportunities: build.query<OpportunitiesApiResponse, OpportunitiesApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/bi/investment/opportunities`,
            params: {
              offer: queryArg.offer,
              kind: queryArg.kind,
              within: queryArg.within,
            },
          }),
          providesTags: ["market reports"],
        },
      ),
      location: build.query<LocationApiResponse, LocationApiArg>({
        query: (queryArg) => ({
          url: `/api/bi/location/analysis`,
          params: {
            offer: queryArg.offer,
            kind: queryArg.kind,
            lat: queryArg.lat,
            lng: queryArg.lng,
          },
        }),
        providesTags: ["market reports"],
      }),
      getMapBarangays: build.query<
        GetMapBarangaysApiResponse,
        GetMapBarangaysApiArg
      >({
        query: (queryArg) => ({
          url: `/api/bi/map/barangays`,
          params: {
            city: queryArg.city,
            metric: queryArg.metric,
            offer: queryArg.offer,
            kind: queryArg.kind,
          },
        }),
        providesTags: ["market reports"],
      }),
      overview: build.query<OverviewApiResponse, OverviewApiArg>({
        query: (queryArg) => ({
          url: `/api/bi/market/overview`,
          params: {
            offer: queryArg.offer,
            kind: queryArg.kind,
          },
        }),
        providesTags: ["market reports"],
      }),
      projections: build.query<ProjectionsApiResponse, ProjectionsApiArg>({
        query: (queryArg) => ({
          url: `/api/bi/market/projections/${queryArg.barangay}`,
          params: {
            offer: queryArg.offer,
            kind: queryArg.kind,
            months: queryArg.months,
          },
        }),
        providesTags: ["market reports"],
      }),
      propertyAnalysis: build.query<
        PropertyAnalysisApiResponse,
        PropertyAnalysisApiArg
      >({
        query: (queryArg) => ({
          url: `/api/bi/property/analysis/${queryArg.barangay}`,
          params: {
            offer: queryArg.offer,
            kind: queryArg.kind,
          },
        }),
        providesTags: ["market reports"],
      }),
      propertyHistorical: build.query<
        PropertyHistoricalApiResponse,
        PropertyHistoricalApiArg
      >({
        query: (queryArg) => ({
          url: `/api/bi/property/historical/${queryArg.barangay}`,
          params: {
            offer: queryArg.offer,
            kind: queryArg.kind,
          },
        }),
        providesTags: ["market reports"],
      }),
      propertyMarket: build.query<
        PropertyMarketApiResponse,
        PropertyMarketApiArg
      >({
        query: (queryArg) => ({
          url: `/api/bi/property/market`,
          params: {
            offer: queryArg.offer,
            kind: queryArg.kind,
            area: queryArg.area,
          },
        }),
        providesTags: ["market reports"],
      }),
      priceRanges: build.query<PriceRangesApiResponse, PriceRangesApiArg>({
        query: (queryArg) => ({
          url: `/api/bi/property/price-ranges`,
          params: {
            offer: queryArg.offer,
            kind: queryArg.kind,
            area: queryArg.area,
          },
        }),
        providesTags: ["market reports"],
      }),
      topAreas: build.query<TopAreasApiResponse, TopAreasApiArg>({
        query: (queryArg) => ({
          url: `/api/bi/property/top-areas`,
          params: {
            offer: queryArg.offer,
            kind: queryArg.kind,
            level: queryArg.level,
            within: queryArg.within,
            metric: queryArg.metric,
            order: queryArg.order,
            limit: queryArg.limit,
          },
        }),
        providesTags: ["market reports"],
      }),
      risk: build.query<RiskApiResponse, RiskApiArg>({
        query: (queryArg) => ({
          url: `/api/bi/risk/assessment/${queryArg.barangay}`,
          params: {
            offer: queryArg.offer,
            kind: queryArg.kind,
          },
        }),
        providesTags: ["market reports"],
      }),
      searchPlaces: build.mutation<SearchPlacesApiResponse, SearchPlacesApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/bi/search`,
            method: "POST",
            body: queryArg.placeSearchDto,
          }),
          invalidatesTags: ["market reports"],
        },
      ),
      getCurrencyRates: build.query<
        GetCurrencyRatesApiResponse,
        GetCurrencyRatesApiArg
      >({
        query: () => ({ url: `/api/currency/rates` }),
        providesTags: ["currency"],
      }),
      updateCurrencyRate: build.mutation<
        UpdateCurrencyRateApiResponse,
        UpdateCurrencyRateApiArg
      >({
        query: (queryArg) => ({
          url: `/api/currency/rates/${queryArg.currency}`,
          method: "PUT",
          body: queryArg.updateCurrencyRateDto,
        }),
        invalidatesTags: ["currency"],
      }),
      getCurrencyRateHistory: build.query<
        GetCurrencyRateHistoryApiResponse,
        GetCurrencyRateHistoryApiArg
      >({
        query: (queryArg) => ({
          url: `/api/currency/rates/${queryArg.currency}/history`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
          },
        }),
        providesTags: ["currency"],
      }),
      activateEnterpriseInvite: build.mutation<
        ActivateEnterpriseInviteApiResponse,
        ActivateEnterpriseInviteApiArg
      >({
        query: (queryArg) => ({
          url: `/api/enterprise/activate/${queryArg.token}`,
          method: "POST",
          body: queryArg.activateInviteDto,
        }),
        invalidatesTags: ["enterprise"],
      }),
      addEnterpriseCredits: build.mutation<
        AddEnterpriseCreditsApiResponse,
        AddEnterpriseCreditsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/enterprise/add-credits`,
          method: "POST",
          body: queryArg.addPoolCreditsDto,
        }),
        invalidatesTags: ["enterprise"],
      }),
      createEnterprise: build.mutation<
        CreateEnterpriseApiResponse,
        CreateEnterpriseApiArg
      >({
        query: (queryArg) => ({
          url: `/api/enterprise/create`,
          method: "POST",
          body: queryArg.createEnterpriseDto,
        }),
        invalidatesTags: ["enterprise"],
      }),
      getAllEnterprises: build.query<
        GetAllEnterprisesApiResponse,
        GetAllEnterprisesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/enterprise/get/all`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            text: queryArg.text,
            status: queryArg.status,
          },
        }),
        providesTags: ["enterprise"],
      }),
      inviteToEnterprise: build.mutation<
        InviteToEnterpriseApiResponse,
        InviteToEnterpriseApiArg
      >({
        query: (queryArg) => ({
          url: `/api/enterprise/invite`,
          method: "POST",
          body: queryArg.inviteMemberDto,
        }),
        invalidatesTags: ["enterprise"],
      }),
      revokeEnterpriseInvite: build.mutation<
        RevokeEnterpriseInviteApiResponse,
        RevokeEnterpriseInviteApiArg
      >({
        query: (queryArg) => ({
          url: `/api/enterprise/invite/${queryArg.id}`,
          method: "DELETE",
        }),
        invalidatesTags: ["enterprise"],
      }),
      getEnterpriseInvite: build.query<
        GetEnterpriseInviteApiResponse,
        GetEnterpriseInviteApiArg
      >({
        query: (queryArg) => ({
          url: `/api/enterprise/invite/${queryArg.token}`,
        }),
        providesTags: ["enterprise"],
      }),
      getMyEnterprise: build.query<
        GetMyEnterpriseApiResponse,
        GetMyEnterpriseApiArg
      >({
        query: () => ({ url: `/api/enterprise/my-account` }),
        providesTags: ["enterprise"],
      }),
      removeEnterpriseSubAccount: build.mutation<
        RemoveEnterpriseSubAccountApiResponse,
        RemoveEnterpriseSubAccountApiArg
      >({
        query: (queryArg) => ({
          url: `/api/enterprise/sub-account/remove/${queryArg.id}`,
          method: "DELETE",
          params: {
            reassignTo: queryArg.reassignTo,
            archive: queryArg.archive,
          },
        }),
        invalidatesTags: ["enterprise"],
      }),
      updateEnterpriseSubAccount: build.mutation<
        UpdateEnterpriseSubAccountApiResponse,
        UpdateEnterpriseSubAccountApiArg
      >({
        query: (queryArg) => ({
          url: `/api/enterprise/sub-account/update`,
          method: "PUT",
          body: queryArg.updateSubAccountDto,
        }),
        invalidatesTags: ["enterprise"],
      }),
      getEnterprise: build.query<GetEnterpriseApiResponse, GetEnterpriseApiArg>(
        {
          query: (queryArg) => ({ url: `/api/enterprise/${queryArg.id}` }),
          providesTags: ["enterprise"],
        },
      ),
      getEnterpriseCredits: build.query<
        GetEnterpriseCreditsApiResponse,
        GetEnterpriseCreditsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/enterprise/${queryArg.id}/credits`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            memberId: queryArg.memberId,
            action: queryArg.action,
            from: queryArg["from"],
            to: queryArg.to,
          },
        }),
        providesTags: ["enterprise"],
      }),
      getEnterpriseDashboard: build.query<
        GetEnterpriseDashboardApiResponse,
        GetEnterpriseDashboardApiArg
      >({
        query: (queryArg) => ({
          url: `/api/enterprise/${queryArg.id}/dashboard`,
          params: {
            from: queryArg["from"],
            to: queryArg.to,
          },
        }),
        providesTags: ["enterprise"],
      }),
      getMyExports: build.query<GetMyExportsApiResponse, GetMyExportsApiArg>({
        query: (queryArg) => ({
          url: `/api/export/my`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
          },
        }),
        providesTags: ["export"],
      }),
      getExport: build.query<GetExportApiResponse, GetExportApiArg>({
        query: (queryArg) => ({ url: `/api/export/${queryArg.id}` }),
        providesTags: ["export"],
      }),
      downloadExport: build.query<
        DownloadExportApiResponse,
        DownloadExportApiArg
      >({
        query: (queryArg) => ({ url: `/api/export/${queryArg.id}/download` }),
        providesTags: ["export"],
      }),
      createKyc: build.mutation<CreateKycApiResponse, CreateKycApiArg>({
        query: (queryArg) => ({
          url: `/api/kyc/create`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["kyc"],
      }),
      getKycFileLink: build.mutation<
        GetKycFileLinkApiResponse,
        GetKycFileLinkApiArg
      >({
        query: (queryArg) => ({
          url: `/api/kyc/file-link/${queryArg.fileId}`,
          method: "POST",
          body: queryArg.kycFileLinkRequestDto,
        }),
        invalidatesTags: ["kyc"],
      }),
      getKycFile: build.query<GetKycFileApiResponse, GetKycFileApiArg>({
        query: (queryArg) => ({
          url: `/api/kyc/file/${queryArg.fileId}`,
          params: {
            signature: queryArg.signature,
            expires: queryArg.expires,
            viewer: queryArg.viewer,
          },
        }),
        providesTags: ["kyc"],
      }),
      getAllKyc: build.query<GetAllKycApiResponse, GetAllKycApiArg>({
        query: (queryArg) => ({
          url: `/api/kyc/get/all`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            status: queryArg.status,
            assigned: queryArg.assigned,
            text: queryArg.text,
          },
        }),
        providesTags: ["kyc"],
      }),
      getKyc: build.query<GetKycApiResponse, GetKycApiArg>({
        query: (queryArg) => ({ url: `/api/kyc/get/${queryArg.id}` }),
        providesTags: ["kyc"],
      }),
      getMyKyc: build.query<GetMyKycApiResponse, GetMyKycApiArg>({
        query: () => ({ url: `/api/kyc/my` }),
        providesTags: ["kyc"],
      }),
      updateKycStatus: build.mutation<
        UpdateKycStatusApiResponse,
        UpdateKycStatusApiArg
      >({
        query: (queryArg) => ({
          url: `/api/kyc/update/status/${queryArg.id}`,
          method: "PUT",
          body: queryArg.updateKycStatusDto,
        }),
        invalidatesTags: ["kyc"],
      }),
      withdrawKyc: build.mutation<WithdrawKycApiResponse, WithdrawKycApiArg>({
        query: (queryArg) => ({
          url: `/api/kyc/withdraw/${queryArg.id}`,
          method: "POST",
        }),
        invalidatesTags: ["kyc"],
      }),
      getLicensedBrokers: build.query<
        GetLicensedBrokersApiResponse,
        GetLicensedBrokersApiArg
      >({
        query: (queryArg) => ({
          url: `/api/licence/brokers`,
          params: {
            text: queryArg.text,
          },
        }),
        providesTags: ["licences"],
      }),
      createLicence: build.mutation<
        CreateLicenceApiResponse,
        CreateLicenceApiArg
      >({
        query: (queryArg) => ({
          url: `/api/licence/create`,
          method: "POST",
          body: queryArg.createLicenceDto,
        }),
        invalidatesTags: ["licences"],
      }),
      getAllLicences: build.query<
        GetAllLicencesApiResponse,
        GetAllLicencesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/licence/get/all`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            status: queryArg.status,
            kind: queryArg.kind,
            text: queryArg.text,
          },
        }),
        providesTags: ["licences"],
      }),
      getLicenceById: build.query<
        GetLicenceByIdApiResponse,
        GetLicenceByIdApiArg
      >({
        query: (queryArg) => ({ url: `/api/licence/get/${queryArg.id}` }),
        providesTags: ["licences"],
      }),
      getMyLicences: build.query<GetMyLicencesApiResponse, GetMyLicencesApiArg>(
        {
          query: () => ({ url: `/api/licence/my` }),
          providesTags: ["licences"],
        },
      ),
      superviseLicence: build.mutation<
        SuperviseLicenceApiResponse,
        SuperviseLicenceApiArg
      >({
        query: (queryArg) => ({
          url: `/api/licence/supervise/${queryArg.id}`,
          method: "POST",
          body: queryArg.superviseLicenceDto,
        }),
        invalidatesTags: ["licences"],
      }),
      updateLicenceStatus: build.mutation<
        UpdateLicenceStatusApiResponse,
        UpdateLicenceStatusApiArg
      >({
        query: (queryArg) => ({
          url: `/api/licence/update/status/${queryArg.id}`,
          method: "PUT",
          body: queryArg.reviewLicenceDto,
        }),
        invalidatesTags: ["licences"],
      }),
      updateLicence: build.mutation<
        UpdateLicenceApiResponse,
        UpdateLicenceApiArg
      >({
        query: (queryArg) => ({
          url: `/api/licence/update/${queryArg.id}`,
          method: "PUT",
          body: queryArg.updateLicenceDto,
        }),
        invalidatesTags: ["licences"],
      }),
      withdrawLicence: build.mutation<
        WithdrawLicenceApiResponse,
        WithdrawLicenceApiArg
      >({
        query: (queryArg) => ({
          url: `/api/licence/withdraw/${queryArg.id}`,
          method: "POST",
        }),
        invalidatesTags: ["licences"],
      }),
      bulkListingAction: build.mutation<
        BulkListingActionApiResponse,
        BulkListingActionApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/bulk`,
          method: "POST",
          body: queryArg.listingBulkDto,
        }),
        invalidatesTags: ["listing"],
      }),
      getListingClusters: build.query<
        GetListingClustersApiResponse,
        GetListingClustersApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/clusters`,
          method: "POST",
          body: queryArg.listingClustersQueryDto,
        }),
        providesTags: ["listing"],
      }),
      createListing: build.mutation<
        CreateListingApiResponse,
        CreateListingApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/create`,
          method: "POST",
          body: queryArg.createListingDto,
        }),
        invalidatesTags: ["listing"],
      }),
      getListingDashboard: build.query<
        GetListingDashboardApiResponse,
        GetListingDashboardApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/dashboard`,
          method: "POST",
          body: queryArg.dashboardDto,
        }),
        providesTags: ["listing"],
      }),
      deleteListingImage: build.mutation<
        DeleteListingImageApiResponse,
        DeleteListingImageApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/delete-image`,
          method: "DELETE",
          body: queryArg.deleteImageDto,
        }),
        invalidatesTags: ["listing"],
      }),
      exportListings: build.mutation<
        ExportListingsApiResponse,
        ExportListingsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/export`,
          method: "POST",
          body: queryArg.listingExportWithFormatDto,
        }),
        invalidatesTags: ["export"],
      }),
      exportListingsCsv: build.mutation<
        ExportListingsCsvApiResponse,
        ExportListingsCsvApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/export/csv`,
          method: "POST",
          body: queryArg.listingExportDto,
        }),
        invalidatesTags: ["export"],
      }),
      exportListingsPdf: build.mutation<
        ExportListingsPdfApiResponse,
        ExportListingsPdfApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/export/pdf`,
          method: "POST",
          body: queryArg.listingExportDto,
        }),
        invalidatesTags: ["export"],
      }),
      previewListingExport: build.mutation<
        PreviewListingExportApiResponse,
        PreviewListingExportApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/export/preview`,
          method: "POST",
          body: queryArg.listingExportPreviewDto,
        }),
        invalidatesTags: ["export"],
      }),
      filterListings: build.query<
        FilterListingsApiResponse,
        FilterListingsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/filter`,
          method: "POST",
          body: queryArg.listingSearchDto,
        }),
        providesTags: ["listing"],
      }),
      getAllListings: build.query<
        GetAllListingsApiResponse,
        GetAllListingsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/get/all`,
          params: {
            select: queryArg.select,
            populateArray: queryArg.populateArray,
            sort: queryArg.sort,
            limit: queryArg.limit,
            page: queryArg.page,
            skip: queryArg.skip,
            lean: queryArg.lean,
          },
        }),
        providesTags: ["listing"],
      }),
      getListingById: build.query<
        GetListingByIdApiResponse,
        GetListingByIdApiArg
      >({
        query: (queryArg) => ({ url: `/api/listing/get/${queryArg.id}` }),
        providesTags: ["listing"],
      }),
      getListingImports: build.query<
        GetListingImportsApiResponse,
        GetListingImportsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/import/get/all`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
          },
        }),
        providesTags: ["listing"],
      }),
      importListingsJson: build.mutation<
        ImportListingsJsonApiResponse,
        ImportListingsJsonApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/import/json`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["listing"],
      }),
      getListingImport: build.query<
        GetListingImportApiResponse,
        GetListingImportApiArg
      >({
        query: (queryArg) => ({ url: `/api/listing/import/${queryArg.id}` }),
        providesTags: ["listing"],
      }),
      listOwnershipDocuments: build.query<
        ListOwnershipDocumentsApiResponse,
        ListOwnershipDocumentsApiArg
      >({
        query: (queryArg) => ({ url: `/api/listing/ownership/${queryArg.id}` }),
        providesTags: ["listing"],
      }),
      getOwnershipDocument: build.query<
        GetOwnershipDocumentApiResponse,
        GetOwnershipDocumentApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/ownership/${queryArg.id}/${queryArg.documentId}`,
        }),
        providesTags: ["listing"],
      }),
      removeListing: build.mutation<
        RemoveListingApiResponse,
        RemoveListingApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/remove/${queryArg.id}`,
          method: "DELETE",
        }),
        invalidatesTags: ["listing"],
      }),
      reportListing: build.mutation<
        ReportListingApiResponse,
        ReportListingApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/report/${queryArg.id}`,
          method: "POST",
          body: queryArg.reportListingDto,
        }),
        invalidatesTags: ["listing"],
      }),
      getListingReports: build.query<
        GetListingReportsApiResponse,
        GetListingReportsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/reports/${queryArg.id}`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
          },
        }),
        providesTags: ["listing"],
      }),
      resolveListingReports: build.mutation<
        ResolveListingReportsApiResponse,
        ResolveListingReportsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/reports/${queryArg.id}/resolve`,
          method: "POST",
          body: queryArg.resolveReportsDto,
        }),
        invalidatesTags: ["listing"],
      }),
      createListingReview: build.mutation<
        CreateListingReviewApiResponse,
        CreateListingReviewApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/review/${queryArg.id}`,
          method: "POST",
          body: queryArg.reviewInputDto,
        }),
        invalidatesTags: ["listing"],
      }),
      getListingReviews: build.query<
        GetListingReviewsApiResponse,
        GetListingReviewsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/reviews/${queryArg.id}`,
          params: {
            select: queryArg.select,
            populateArray: queryArg.populateArray,
            sort: queryArg.sort,
            limit: queryArg.limit,
            page: queryArg.page,
            skip: queryArg.skip,
            lean: queryArg.lean,
          },
        }),
        providesTags: ["listing"],
      }),
      saveListing: build.mutation<SaveListingApiResponse, SaveListingApiArg>({
        query: (queryArg) => ({
          url: `/api/listing/save`,
          method: "POST",
          body: queryArg.listingIdDto,
        }),
        invalidatesTags: ["listing"],
      }),
      searchListings: build.query<
        SearchListingsApiResponse,
        SearchListingsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/search`,
          method: "POST",
          body: queryArg.listingSearchDto,
        }),
        providesTags: ["listing"],
      }),
      searchNearbyListings: build.query<
        SearchNearbyListingsApiResponse,
        SearchNearbyListingsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/search/nearby`,
          method: "POST",
          body: queryArg.nearbySearchDto,
        }),
        providesTags: ["listing"],
      }),
      unsaveListing: build.mutation<
        UnsaveListingApiResponse,
        UnsaveListingApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/unsave`,
          method: "PUT",
          body: queryArg.listingIdDto,
        }),
        invalidatesTags: ["listing"],
      }),
      updateListing: build.mutation<
        UpdateListingApiResponse,
        UpdateListingApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/update`,
          method: "PUT",
          body: queryArg.updateListingDto,
        }),
        invalidatesTags: ["listing"],
      }),
      recordListingBehavior: build.mutation<
        RecordListingBehaviorApiResponse,
        RecordListingBehaviorApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/update/behavior/${queryArg.id}`,
          method: "POST",
          body: queryArg.behaviorDto,
        }),
        invalidatesTags: ["listing"],
      }),
      updateListingVisibility: build.mutation<
        UpdateListingVisibilityApiResponse,
        UpdateListingVisibilityApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/update/visibility`,
          method: "POST",
          body: queryArg.listingVisibilityDto,
        }),
        invalidatesTags: ["listing"],
      }),
      uploadListingImages: build.mutation<
        UploadListingImagesApiResponse,
        UploadListingImagesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/upload-image/${queryArg.id}`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["listing"],
      }),
      uploadOwnershipDocuments: build.mutation<
        UploadOwnershipDocumentsApiResponse,
        UploadOwnershipDocumentsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/upload-ownership/${queryArg.id}`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["listing"],
      }),
      verifyListing: build.mutation<
        VerifyListingApiResponse,
        VerifyListingApiArg
      >({
        query: (queryArg) => ({
          url: `/api/listing/verify/${queryArg.id}`,
          method: "POST",
          body: queryArg.verifyListingDto,
        }),
        invalidatesTags: ["listing"],
      }),
      getNotifications: build.query<
        GetNotificationsApiResponse,
        GetNotificationsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/notification/get/all`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            unreadFirst: queryArg.unreadFirst,
          },
        }),
        providesTags: ["notification"],
      }),
      getNotificationPreferences: build.query<
        GetNotificationPreferencesApiResponse,
        GetNotificationPreferencesApiArg
      >({
        query: () => ({ url: `/api/notification/preferences` }),
        providesTags: ["notification"],
      }),
      updateNotificationPreferences: build.mutation<
        UpdateNotificationPreferencesApiResponse,
        UpdateNotificationPreferencesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/notification/preferences`,
          method: "PUT",
          body: queryArg.updateNotificationPreferencesDto,
        }),
        invalidatesTags: ["notification"],
      }),
      markAllNotificationsRead: build.mutation<
        MarkAllNotificationsReadApiResponse,
        MarkAllNotificationsReadApiArg
      >({
        query: () => ({ url: `/api/notification/read-all`, method: "POST" }),
        invalidatesTags: ["notification"],
      }),
      getUnreadNotificationCount: build.query<
        GetUnreadNotificationCountApiResponse,
        GetUnreadNotificationCountApiArg
      >({
        query: () => ({ url: `/api/notification/unread-count` }),
        providesTags: ["notification"],
      }),
      markNotificationRead: build.mutation<
        MarkNotificationReadApiResponse,
        MarkNotificationReadApiArg
      >({
        query: (queryArg) => ({
          url: `/api/notification/${queryArg.id}/read`,
          method: "PATCH",
        }),
        invalidatesTags: ["notification"],
      }),
      payByCard: build.mutation<PayByCardApiResponse, PayByCardApiArg>({
        query: (queryArg) => ({
          url: `/api/payment/card/web`,
          method: "POST",
          body: queryArg.createPaymentDto,
        }),
        invalidatesTags: ["payment"],
      }),
      payByGcash: build.mutation<PayByGcashApiResponse, PayByGcashApiArg>({
        query: (queryArg) => ({
          url: `/api/payment/e-wallet/gcash`,
          method: "POST",
          body: queryArg.createPaymentDto,
        }),
        invalidatesTags: ["payment"],
      }),
      payByMayaWallet: build.mutation<
        PayByMayaWalletApiResponse,
        PayByMayaWalletApiArg
      >({
        query: (queryArg) => ({
          url: `/api/payment/e-wallet/maya`,
          method: "POST",
          body: queryArg.createPaymentDto,
        }),
        invalidatesTags: ["payment"],
      }),
      getAllPayments: build.query<
        GetAllPaymentsApiResponse,
        GetAllPaymentsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/payment/get/all`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            userId: queryArg.userId,
            status: queryArg.status,
            method: queryArg.method,
            reference: queryArg.reference,
            text: queryArg.text,
          },
        }),
        providesTags: ["payment"],
      }),
      getPaymentHistory: build.query<
        GetPaymentHistoryApiResponse,
        GetPaymentHistoryApiArg
      >({
        query: (queryArg) => ({
          url: `/api/payment/history`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            userId: queryArg.userId,
            status: queryArg.status,
            method: queryArg.method,
            reference: queryArg.reference,
            text: queryArg.text,
          },
        }),
        providesTags: ["payment"],
      }),
      getPaymentMethods: build.query<
        GetPaymentMethodsApiResponse,
        GetPaymentMethodsApiArg
      >({
        query: () => ({ url: `/api/payment/methods` }),
        providesTags: ["payment"],
      }),
      payByMayaQr: build.mutation<PayByMayaQrApiResponse, PayByMayaQrApiArg>({
        query: (queryArg) => ({
          url: `/api/payment/qr/maya`,
          method: "POST",
          body: queryArg.createPaymentDto,
        }),
        invalidatesTags: ["payment"],
      }),
      getSandboxCheckout: build.query<
        GetSandboxCheckoutApiResponse,
        GetSandboxCheckoutApiArg
      >({
        query: (queryArg) => ({
          url: `/api/payment/sandbox/${queryArg.checkoutId}`,
        }),
        providesTags: ["payment"],
      }),
      decideSandboxCheckout: build.mutation<
        DecideSandboxCheckoutApiResponse,
        DecideSandboxCheckoutApiArg
      >({
        query: (queryArg) => ({
          url: `/api/payment/sandbox/${queryArg.checkoutId}/decide`,
          method: "POST",
          body: queryArg.sandboxDecisionDto,
        }),
        invalidatesTags: ["payment"],
      }),
      getPaymentStatus: build.query<
        GetPaymentStatusApiResponse,
        GetPaymentStatusApiArg
      >({
        query: (queryArg) => ({
          url: `/api/payment/status`,
          params: {
            id: queryArg.id,
            reference: queryArg.reference,
          },
        }),
        providesTags: ["payment"],
      }),
      receivePaymentWebhook: build.mutation<
        ReceivePaymentWebhookApiResponse,
        ReceivePaymentWebhookApiArg
      >({
        query: (queryArg) => ({
          url: `/api/payment/webhook/${queryArg.provider}`,
          method: "POST",
        }),
        invalidatesTags: ["payment"],
      }),
      cancelPayment: build.mutation<
        CancelPaymentApiResponse,
        CancelPaymentApiArg
      >({
        query: (queryArg) => ({
          url: `/api/payment/${queryArg.id}/cancel`,
          method: "POST",
        }),
        invalidatesTags: ["payment"],
      }),
      getPaymentReceipt: build.query<
        GetPaymentReceiptApiResponse,
        GetPaymentReceiptApiArg
      >({
        query: (queryArg) => ({ url: `/api/payment/${queryArg.id}/receipt` }),
        providesTags: ["payment"],
      }),
      listBarangays: build.query<ListBarangaysApiResponse, ListBarangaysApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/places/barangays`,
            params: {
              cityCode: queryArg.cityCode,
            },
          }),
          providesTags: ["places"],
        },
      ),
      listCities: build.query<ListCitiesApiResponse, ListCitiesApiArg>({
        query: (queryArg) => ({
          url: `/api/places/cities`,
          params: {
            provinceCode: queryArg.provinceCode,
            regionCode: queryArg.regionCode,
            cityCode: queryArg.cityCode,
          },
        }),
        providesTags: ["places"],
      }),
      geocode: build.query<GeocodeApiResponse, GeocodeApiArg>({
        query: (queryArg) => ({
          url: `/api/places/geocode`,
          params: {
            q: queryArg.q,
          },
        }),
        providesTags: ["places"],
      }),
      listProvinces: build.query<ListProvincesApiResponse, ListProvincesApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/places/provinces`,
            params: {
              regionCode: queryArg.regionCode,
            },
          }),
          providesTags: ["places"],
        },
      ),
      listRegions: build.query<ListRegionsApiResponse, ListRegionsApiArg>({
        query: () => ({ url: `/api/places/regions` }),
        providesTags: ["places"],
      }),
      reverseGeocode: build.query<
        ReverseGeocodeApiResponse,
        ReverseGeocodeApiArg
      >({
        query: (queryArg) => ({
          url: `/api/places/reverse`,
          params: {
            lat: queryArg.lat,
            lng: queryArg.lng,
          },
        }),
        providesTags: ["places"],
      }),
      getPlace: build.query<GetPlaceApiResponse, GetPlaceApiArg>({
        query: (queryArg) => ({ url: `/api/places/${queryArg.code}` }),
        providesTags: ["places"],
      }),
      search: build.mutation<SearchApiResponse, SearchApiArg>({
        query: (queryArg) => ({
          url: `/api/properties/search`,
          method: "POST",
          body: queryArg.propertiesSearchDto,
        }),
        invalidatesTags: ["market reports"],
      }),
      cancelSubscription: build.mutation<
        CancelSubscriptionApiResponse,
        CancelSubscriptionApiArg
      >({
        query: (queryArg) => ({
          url: `/api/subscription/cancel`,
          method: "POST",
          body: queryArg.cancelSubscriptionDto,
        }),
        invalidatesTags: ["subscription"],
      }),
      createSubscription: build.mutation<
        CreateSubscriptionApiResponse,
        CreateSubscriptionApiArg
      >({
        query: (queryArg) => ({
          url: `/api/subscription/create`,
          method: "POST",
          body: queryArg.createSubscriptionDto,
        }),
        invalidatesTags: ["subscription"],
      }),
      getCurrentSubscription: build.query<
        GetCurrentSubscriptionApiResponse,
        GetCurrentSubscriptionApiArg
      >({
        query: () => ({ url: `/api/subscription/current` }),
        providesTags: ["subscription"],
      }),
      getAllSubscriptions: build.query<
        GetAllSubscriptionsApiResponse,
        GetAllSubscriptionsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/subscription/get/all`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            plan: queryArg.plan,
            status: queryArg.status,
            billingPeriod: queryArg.billingPeriod,
          },
        }),
        providesTags: ["subscription"],
      }),
      getSubscription: build.query<
        GetSubscriptionApiResponse,
        GetSubscriptionApiArg
      >({
        query: (queryArg) => ({ url: `/api/subscription/get/${queryArg.id}` }),
        providesTags: ["subscription"],
      }),
      removeSubscription: build.mutation<
        RemoveSubscriptionApiResponse,
        RemoveSubscriptionApiArg
      >({
        query: (queryArg) => ({
          url: `/api/subscription/remove/${queryArg.id}`,
          method: "DELETE",
        }),
        invalidatesTags: ["subscription"],
      }),
      searchSubscriptions: build.query<
        SearchSubscriptionsApiResponse,
        SearchSubscriptionsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/subscription/search`,
          method: "POST",
          body: queryArg.searchSubscriptionsDto,
        }),
        providesTags: ["subscription"],
      }),
      updateSubscription: build.mutation<
        UpdateSubscriptionApiResponse,
        UpdateSubscriptionApiArg
      >({
        query: (queryArg) => ({
          url: `/api/subscription/update`,
          method: "PUT",
          body: queryArg.updateSubscriptionDto,
        }),
        invalidatesTags: ["subscription"],
      }),
      upgradeSubscription: build.mutation<
        UpgradeSubscriptionApiResponse,
        UpgradeSubscriptionApiArg
      >({
        query: (queryArg) => ({
          url: `/api/subscription/upgrade`,
          method: "POST",
          body: queryArg.upgradeDto,
        }),
        invalidatesTags: ["subscription"],
      }),
      getThreads: build.query<GetThreadsApiResponse, GetThreadsApiArg>({
        query: (queryArg) => ({
          url: `/api/threads`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            archived: queryArg.archived,
          },
        }),
        providesTags: ["threads"],
      }),
      createThread: build.mutation<CreateThreadApiResponse, CreateThreadApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/threads`,
            method: "POST",
            body: queryArg.createThreadDto,
          }),
          invalidatesTags: ["threads"],
        },
      ),
      getThreadUnreadCount: build.query<
        GetThreadUnreadCountApiResponse,
        GetThreadUnreadCountApiArg
      >({
        query: () => ({ url: `/api/threads/unread-count` }),
        providesTags: ["threads"],
      }),
      deleteThread: build.mutation<DeleteThreadApiResponse, DeleteThreadApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/threads/${queryArg.threadId}`,
            method: "DELETE",
          }),
          invalidatesTags: ["threads"],
        },
      ),
      getThread: build.query<GetThreadApiResponse, GetThreadApiArg>({
        query: (queryArg) => ({ url: `/api/threads/${queryArg.threadId}` }),
        providesTags: ["threads"],
      }),
      archiveThread: build.mutation<
        ArchiveThreadApiResponse,
        ArchiveThreadApiArg
      >({
        query: (queryArg) => ({
          url: `/api/threads/${queryArg.threadId}/archive`,
          method: "POST",
          body: queryArg.archiveThreadDto,
        }),
        invalidatesTags: ["threads"],
      }),
      getThreadMessages: build.query<
        GetThreadMessagesApiResponse,
        GetThreadMessagesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/threads/${queryArg.threadId}/messages`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
          },
        }),
        providesTags: ["threads"],
      }),
      sendThreadMessage: build.mutation<
        SendThreadMessageApiResponse,
        SendThreadMessageApiArg
      >({
        query: (queryArg) => ({
          url: `/api/threads/${queryArg.threadId}/messages`,
          method: "POST",
          body: queryArg.sendMessageDto,
        }),
        invalidatesTags: ["threads"],
      }),
      markThreadRead: build.mutation<
        MarkThreadReadApiResponse,
        MarkThreadReadApiArg
      >({
        query: (queryArg) => ({
          url: `/api/threads/${queryArg.threadId}/read`,
          method: "POST",
        }),
        invalidatesTags: ["threads"],
      }),
      createAdminUser: build.mutation<
        CreateAdminUserApiResponse,
        CreateAdminUserApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/admin/create`,
          method: "POST",
          body: queryArg.createAdminDto,
        }),
        invalidatesTags: ["user"],
      }),
      getAllCredits: build.query<GetAllCreditsApiResponse, GetAllCreditsApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/user/ai/credits/get/all`,
            params: {
              page: queryArg.page,
              limit: queryArg.limit,
              text: queryArg.text,
            },
          }),
          providesTags: ["ai-credits"],
        },
      ),
      getCredits: build.query<GetCreditsApiResponse, GetCreditsApiArg>({
        query: (queryArg) => ({
          url: `/api/user/ai/credits/${queryArg.id}`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
          },
        }),
        providesTags: ["ai-credits"],
      }),
      updateCredits: build.mutation<
        UpdateCreditsApiResponse,
        UpdateCreditsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/ai/credits/${queryArg.id}`,
          method: "PUT",
          body: queryArg.adjustCreditsDto,
        }),
        invalidatesTags: ["ai-credits"],
      }),
      createUser: build.mutation<CreateUserApiResponse, CreateUserApiArg>({
        query: (queryArg) => ({
          url: `/api/user/create`,
          method: "POST",
          body: queryArg.createUserDto,
        }),
        invalidatesTags: ["user"],
      }),
      getAdminDashboard: build.mutation<
        GetAdminDashboardApiResponse,
        GetAdminDashboardApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/dashboard`,
          method: "POST",
          body: queryArg.dashboardInputDto,
        }),
        invalidatesTags: ["user"],
      }),
      deleteUserSavedItem: build.mutation<
        DeleteUserSavedItemApiResponse,
        DeleteUserSavedItemApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/delete/save/items`,
          method: "POST",
          body: queryArg.deleteSavedItemDto,
        }),
        invalidatesTags: ["user"],
      }),
      previewUserExport: build.mutation<
        PreviewUserExportApiResponse,
        PreviewUserExportApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/export/preview`,
          method: "POST",
          body: queryArg.userExportPreviewDto,
        }),
        invalidatesTags: ["export"],
      }),
      exportUsers: build.mutation<ExportUsersApiResponse, ExportUsersApiArg>({
        query: (queryArg) => ({
          url: `/api/user/export/${queryArg.format}`,
          method: "POST",
          body: queryArg.userExportDto,
        }),
        invalidatesTags: ["export"],
      }),
      getAllUsers: build.query<GetAllUsersApiResponse, GetAllUsersApiArg>({
        query: (queryArg) => ({
          url: `/api/user/get/all`,
          params: {
            select: queryArg.select,
            populateArray: queryArg.populateArray,
            sort: queryArg.sort,
            limit: queryArg.limit,
            page: queryArg.page,
            skip: queryArg.skip,
            lean: queryArg.lean,
          },
        }),
        providesTags: ["user"],
      }),
      getUserSavedItems: build.query<
        GetUserSavedItemsApiResponse,
        GetUserSavedItemsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/get/save/items`,
          method: "POST",
          body: queryArg.getSavedItemsDto,
        }),
        providesTags: ["user"],
      }),
      getUserById: build.query<GetUserByIdApiResponse, GetUserByIdApiArg>({
        query: (queryArg) => ({
          url: `/api/user/get/${queryArg.id}`,
          params: {
            select: queryArg.select,
            populateArray: queryArg.populateArray,
            sort: queryArg.sort,
            limit: queryArg.limit,
            page: queryArg.page,
            skip: queryArg.skip,
            lean: queryArg.lean,
          },
        }),
        providesTags: ["user"],
      }),
      loginUser: build.mutation<LoginUserApiResponse, LoginUserApiArg>({
        query: (queryArg) => ({
          url: `/api/user/login`,
          method: "POST",
          body: queryArg.loginDto,
        }),
        invalidatesTags: ["user"],
      }),
      getUserPage: build.mutation<GetUserPageApiResponse, GetUserPageApiArg>({
        query: (queryArg) => ({
          url: `/api/user/page`,
          method: "POST",
          body: queryArg.userPageInputDto,
        }),
        invalidatesTags: ["user"],
      }),
      removeUser: build.mutation<RemoveUserApiResponse, RemoveUserApiArg>({
        query: (queryArg) => ({
          url: `/api/user/remove/${queryArg.id}`,
          method: "DELETE",
        }),
        invalidatesTags: ["user"],
      }),
      requestPasswordReset: build.mutation<
        RequestPasswordResetApiResponse,
        RequestPasswordResetApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/request/reset-password`,
          method: "POST",
          body: queryArg.emailRequestDto,
        }),
        invalidatesTags: ["user"],
      }),
      requestEmailVerification: build.mutation<
        RequestEmailVerificationApiResponse,
        RequestEmailVerificationApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/request/verify-email`,
          method: "POST",
          body: queryArg.emailRequestDto,
        }),
        invalidatesTags: ["user"],
      }),
      resetPassword: build.mutation<
        ResetPasswordApiResponse,
        ResetPasswordApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/reset-password`,
          method: "POST",
          body: queryArg.resetPasswordDto,
        }),
        invalidatesTags: ["user"],
      }),
      setSavedSearchAlert: build.mutation<
        SetSavedSearchAlertApiResponse,
        SetSavedSearchAlertApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/save/search/${queryArg.id}/alert`,
          method: "PUT",
          body: queryArg.setSavedSearchAlertDto,
        }),
        invalidatesTags: ["user"],
      }),
      saveUserItem: build.mutation<SaveUserItemApiResponse, SaveUserItemApiArg>(
        {
          query: (queryArg) => ({
            url: `/api/user/save/${queryArg["type"]}`,
            method: "POST",
            body: queryArg.saveItemDto,
          }),
          invalidatesTags: ["user"],
        },
      ),
      searchUsers: build.mutation<SearchUsersApiResponse, SearchUsersApiArg>({
        query: (queryArg) => ({
          url: `/api/user/search`,
          method: "POST",
          body: queryArg.searchUsersDto,
        }),
        invalidatesTags: ["user"],
      }),
      getSubscriptionHistory: build.query<
        GetSubscriptionHistoryApiResponse,
        GetSubscriptionHistoryApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/subscription/history`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            userId: queryArg.userId,
          },
        }),
        providesTags: ["subscription"],
      }),
      updateUserPassword: build.mutation<
        UpdateUserPasswordApiResponse,
        UpdateUserPasswordApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/update/password`,
          method: "POST",
          body: queryArg.updatePasswordDto,
        }),
        invalidatesTags: ["user"],
      }),
      verifyEmail: build.mutation<VerifyEmailApiResponse, VerifyEmailApiArg>({
        query: (queryArg) => ({
          url: `/api/user/verify-email`,
          method: "POST",
          body: queryArg.verifyEmailDto,
        }),
        invalidatesTags: ["user"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as api };
export type CreateActivityApiResponse =
  /** status 201 Records a share of a listing the caller can see */ ActivityDto;
export type CreateActivityApiArg = {
  createActivityDto: CreateActivityDto;
};
export type GetAllActivityApiResponse =
  /** status 200 Every member’s activity, newest first */ ActivityListDto;
export type GetAllActivityApiArg = {
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
};
export type GetActivityApiResponse = /** status 200  */ ActivityDto;
export type GetActivityApiArg = {
  id: string;
};
export type RemoveActivityApiResponse = /** status 200  */ MessageResponseDto;
export type RemoveActivityApiArg = {
  id: string;
};
export type SearchActivityApiResponse =
  /** status 200 The caller’s activity (staff: anyone’s) by kind, words and time */ ActivityListDto;
export type SearchActivityApiArg = {
  activitySearchDto: ActivitySearchDto;
};
export type UpdateActivityApiResponse = /** status 200  */ ActivityDto;
export type UpdateActivityApiArg = {
  updateActivityDto: UpdateActivityDto;
};
export type ClearMyActivityApiResponse =
  /** status 200 Clears the caller’s whole history */ ClearedActivityDto;
export type ClearMyActivityApiArg = void;
export type GetMyActivityApiResponse =
  /** status 200 The caller’s activity, newest first */ ActivityListDto;
export type GetMyActivityApiArg = {
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
};
export type OpenJobDashboardApiResponse =
  /** status 200 Sets the job dashboard cookie (httpOnly, SameSite=Strict, Path=/api/admin/queues, 15 minutes, bound to this session); then open `url` in the browser. Logging out ends it at once. */ JobDashboardSessionDto;
export type OpenJobDashboardApiArg = void;
export type AskAriaApiResponse = /** status 200  */ AriaReplyDto;
export type AskAriaApiArg = {
  ariaChatDto: AriaChatDto;
};
export type AskAriaStreamedApiResponse = unknown;
export type AskAriaStreamedApiArg = {
  ariaChatDto: AriaChatDto;
};
export type GetAriaUsageApiResponse = /** status 200  */ AriaUsageDto;
export type GetAriaUsageApiArg = void;
export type CreateAriaConversationApiResponse =
  /** status 201  */ AriaConversationSummaryDto;
export type CreateAriaConversationApiArg = {
  ariaHistoryCreateDto: AriaHistoryCreateDto;
};
export type GetAllAriaHistoryApiResponse =
  /** status 200  */ AriaStaffHistoryListDto;
export type GetAllAriaHistoryApiArg = {
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  kind?: "chat" | "feasibility" | "compare";
  /** One member's entries */
  userId?: string;
  /** Words in the member's name or e-mail (case-insensitive) */
  member?: string;
  /** Last active from this Philippine day (YYYY-MM-DD, inclusive) or instant (ISO date-time) */
  from?: string;
  /** Last active to this Philippine day (YYYY-MM-DD, inclusive) or instant (ISO date-time, exclusive) */
  to?: string;
};
export type GetAriaConversationApiResponse =
  /** status 200  */ AriaConversationDto;
export type GetAriaConversationApiArg = {
  id: string;
};
export type GetMyAriaHistoryApiResponse = /** status 200  */ AriaHistoryListDto;
export type GetMyAriaHistoryApiArg = {
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  kind?: "chat" | "feasibility" | "compare";
};
export type RemoveAriaConversationApiResponse =
  /** status 200  */ MessageResponseDto;
export type RemoveAriaConversationApiArg = {
  id: string;
};
export type SearchAriaHistoryApiResponse =
  /** status 200  */ AriaHistoryListDto;
export type SearchAriaHistoryApiArg = {
  ariaHistorySearchDto: AriaHistorySearchDto;
};
export type UpdateAriaConversationApiResponse =
  /** status 200  */ AriaConversationSummaryDto;
export type UpdateAriaConversationApiArg = {
  ariaHistoryUpdateDto: AriaHistoryUpdateDto;
};
export type StartAriaCompareRunApiResponse =
  /** status 202 Queued: GET /ai/run/{id} for its progress */ AriaRunDto;
export type StartAriaCompareRunApiArg = {
  compareRunDto: CompareRunDto;
};
export type StartAriaFeasibilityRunApiResponse =
  /** status 202 Queued: GET /ai/run/{id} for its progress */ AriaRunDto;
export type StartAriaFeasibilityRunApiArg = {
  feasibilityRunDto: FeasibilityRunDto;
};
export type QuoteAriaRunApiResponse = /** status 200  */ AriaRunQuoteDto;
export type QuoteAriaRunApiArg = {
  kind: "feasibility" | "compare";
};
export type GetAriaRunApiResponse = /** status 200  */ AriaRunDto;
export type GetAriaRunApiArg = {
  id: string;
};
export type GetAriaRunPdfApiResponse = unknown;
export type GetAriaRunPdfApiArg = {
  id: string;
};
export type ExportAuditApiResponse =
  | /** status 200 The file (small exports: audit_report_{timestamp}.{format}, header X-Export-Id). Columns (select): timestamp, severity, type, actor, actorEmail, entity, description, ip, userAgent, requestId; default timestamp, severity, type, actor, entity, description. Sort: -timestamp, timestamp (default -timestamp). */ Blob
  | /** status 202 A large export (or one not done in time) runs on: GET statusUrl */ ExportAcceptedDto;
export type ExportAuditApiArg = {
  auditExportWithFormatDto: AuditExportWithFormatDto;
};
export type ExportAuditCsvApiResponse =
  | /** status 200 The file (small exports: audit_report_{timestamp}.{format}, header X-Export-Id). Columns (select): timestamp, severity, type, actor, actorEmail, entity, description, ip, userAgent, requestId; default timestamp, severity, type, actor, entity, description. Sort: -timestamp, timestamp (default -timestamp). */ Blob
  | /** status 202 A large export (or one not done in time) runs on: GET statusUrl */ ExportAcceptedDto;
export type ExportAuditCsvApiArg = {
  auditExportDto: AuditExportDto;
};
export type ExportAuditPdfApiResponse =
  | /** status 200 The file (small exports: audit_report_{timestamp}.{format}, header X-Export-Id). Columns (select): timestamp, severity, type, actor, actorEmail, entity, description, ip, userAgent, requestId; default timestamp, severity, type, actor, entity, description. Sort: -timestamp, timestamp (default -timestamp). */ Blob
  | /** status 202 A large export (or one not done in time) runs on: GET statusUrl */ ExportAcceptedDto;
export type ExportAuditPdfApiArg = {
  auditExportDto: AuditExportDto;
};
export type PreviewAuditExportApiResponse =
  /** status 200 The columns, the first 10 rows as the file will have them, and the rows the export would write. Columns (select): timestamp, severity, type, actor, actorEmail, entity, description, ip, userAgent, requestId; default timestamp, severity, type, actor, entity, description. Sort: -timestamp, timestamp (default -timestamp). */ ExportPreviewDto;
export type PreviewAuditExportApiArg = {
  auditExportPreviewDto: AuditExportPreviewDto;
};
export type FilterAuditApiResponse =
  /** status 200 How many entries the query matches per type, severity and day */ AuditFacetsDto;
export type FilterAuditApiArg = {
  auditFilterDto: AuditFilterDto;
};
export type GetAuditEntriesApiResponse =
  /** status 200 Entries, newest first */ AuditListDto;
export type GetAuditEntriesApiArg = {
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
};
export type GetAuditEntryApiResponse = /** status 200  */ AuditEntryDto;
export type GetAuditEntryApiArg = {
  id: string;
};
export type RemoveAuditEntryApiResponse =
  /** status 200 Removed; the removal is itself audited as critical */ MessageResponseDto;
export type RemoveAuditEntryApiArg = {
  id: string;
};
export type SearchAuditApiResponse =
  /** status 200 Entries matching the query (text, types, severities, actor, entity, time range), newest first unless sort says timestamp */ AuditListDto;
export type SearchAuditApiArg = {
  auditSearchDto: AuditSearchDto;
};
export type ExchangeSignInCodeApiResponse =
  /** status 200 The session, as a login answers it */ AuthResponseDto;
export type ExchangeSignInCodeApiArg = {
  exchangeCodeDto: ExchangeCodeDto;
};
export type ListIdentitiesApiResponse = /** status 200  */ IdentitiesDto;
export type ListIdentitiesApiArg = void;
export type DisconnectIdentityApiResponse =
  /** status 200  */ MessageResponseDto;
export type DisconnectIdentityApiArg = {
  provider: "google" | "facebook";
};
export type ListAuthProvidersApiResponse = /** status 200  */ AuthProvidersDto;
export type ListAuthProvidersApiArg = void;
export type ConnectProviderApiResponse =
  /** status 200 Also sets the browser-binding cookie; navigate to `url`. The callback lands on /settings?tab=connections with `connected` or `error`. */ ConnectUrlDto;
export type ConnectProviderApiArg = {
  provider: "google" | "facebook";
};
export type GetAmenitiesApiResponse =
  /** status 200 The barangay's centroid and what is near it by the map legend's categories (barangays, malls, residential areas, schools, transport hubs, restaurants): counts and the nearest, with sources (tier 1) */ AmenitiesDto;
export type GetAmenitiesApiArg = {
  barangay: string;
  /** Half-width of the search square, km */
  radiusKm?: number;
};
export type AreaDemographicsApiResponse = /** status 200  */ MarketReportDto;
export type AreaDemographicsApiArg = {
  /** PSGC code of the barangay (10 digits) */
  barangay: string;
};
export type CompareApiResponse = /** status 200  */ CompareAreasDto;
export type CompareApiArg = {
  offer?: "sale" | "rent";
  kind?:
    | "all"
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm";
  /** 2 to 4 PSGC codes separated by commas */
  areas: string[];
};
export type SimilarApiResponse = /** status 200  */ SimilarAreasDto;
export type SimilarApiArg = {
  /** PSGC code of the barangay (10 digits) */
  barangay: string;
  offer?: "sale" | "rent";
  kind?:
    | "all"
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm";
};
export type GetCostAssumptionsApiResponse =
  /** status 200 The cost assumptions per property kind: the documented defaults unless staff changed them */ CostAssumptionsListDto;
export type GetCostAssumptionsApiArg = void;
export type ResetCostAssumptionsApiResponse =
  /** status 200 Back to the documented default (event market.assumptions_updated when it had been changed) */ CostAssumptionsEntryDto;
export type ResetCostAssumptionsApiArg = {
  kind: string;
};
export type UpdateCostAssumptionsApiResponse =
  /** status 200 Changed (event market.assumptions_updated) */ CostAssumptionsEntryDto;
export type UpdateCostAssumptionsApiArg = {
  kind: string;
  updateCostAssumptionsDto: UpdateCostAssumptionsDto;
};
export type DataDemographicsApiResponse = /** status 200  */ MarketReportDto;
export type DataDemographicsApiArg = {
  offer?: "sale" | "rent";
  kind?:
    | "all"
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm";
  /** PSGC code of a barangay, city or municipality, province or region */
  area: string;
};
export type GetDevelopmentsApiResponse =
  /** status 200 Development projects staff recorded, the most recently updated first (tier 2: guests and Free members get 402) */ DevelopmentListDto;
export type GetDevelopmentsApiArg = {
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  /** PSGC code of a city or municipality */
  city?: string;
  /** PSGC code of a barangay */
  barangay?: string;
  /** PSGC code of a region */
  region?: string;
  status?:
    "planned" | "approved" | "under_construction" | "completed" | "on_hold";
};
export type DataEconomicApiResponse = /** status 200  */ MarketReportDto;
export type DataEconomicApiArg = {
  offer?: "sale" | "rent";
  kind?:
    | "all"
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm";
  /** PSGC code of a barangay, city or municipality, province or region */
  area: string;
};
export type DataPropertyTrendsApiResponse = /** status 200  */ MarketReportDto;
export type DataPropertyTrendsApiArg = {
  offer?: "sale" | "rent";
  kind?:
    | "all"
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm";
  /** PSGC code of a barangay, city or municipality, province or region */
  area: string;
};
export type DataSafetyApiResponse = /** status 200  */ MarketReportDto;
export type DataSafetyApiArg = {
  /** PSGC code of a region */
  region: string;
};
export type GetDatasetsApiResponse =
  /** status 200 The public statistics loaded (source, file, rows, period, when imported), for staff */ DatasetListDto;
export type GetDatasetsApiArg = void;
export type CreateDevelopmentApiResponse =
  /** status 201 Recorded (event market.development_saved) */ DevelopmentDto;
export type CreateDevelopmentApiArg = {
  saveDevelopmentDto: SaveDevelopmentDto;
};
export type DeleteDevelopmentApiResponse = unknown;
export type DeleteDevelopmentApiArg = {
  id: string;
};
export type UpdateDevelopmentApiResponse =
  /** status 200 Every field replaced (event market.development_saved) */ DevelopmentDto;
export type UpdateDevelopmentApiArg = {
  id: string;
  saveDevelopmentDto: SaveDevelopmentDto;
};
export type DropdownValuesApiResponse = /** status 200  */ DropdownValuesDto;
export type DropdownValuesApiArg = {
  /** A region: its cities and municipalities are listed */
  region?: string;
  /** A city or municipality: its barangays are listed with their listing counts */
  city?: string;
  /** The offer the listing counts are of */
  offer?: "sale" | "rent";
};
export type ExportReportApiResponse = /** status 200 The file */ Blob;
export type ExportReportApiArg = {
  format: "csv" | "pdf";
  exportReportDto: ExportReportDto;
};
export type GetAllReportsApiResponse = /** status 200  */ ReportGroupListDto;
export type GetAllReportsApiArg = void;
export type GetReportApiResponse = /** status 200  */ MarketReportDto;
export type GetReportApiArg = {
  /** The report group */
  id:
    | "demographics"
    | "economic_data"
    | "historic_and_current"
    | "job_types"
    | "monthly_expenditures"
    | "cap_ex_rate_data"
    | "capitalization_rate"
    | "future_opportunities"
    | "ongoing_development"
    | "market_cycles"
    | "property_trends"
    | "safety_and_crime"
    | "zonal_values";
  offer?: "sale" | "rent";
  kind?:
    | "all"
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm";
  /** PSGC code of a barangay, city or municipality, province or region */
  area: string;
};
export type OpportunitiesApiResponse = /** status 200  */ OpportunitiesDto;
export type OpportunitiesApiArg = {
  offer?: "sale" | "rent";
  kind?:
    | "all"
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm";
  /** A barangay (its city is searched), city, province or region */
  within: string;
};
export type LocationApiResponse = /** status 200  */ LocationAnalysisDto;
export type LocationApiArg = {
  offer?: "sale" | "rent";
  kind?:
    | "all"
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm";
  lat: number;
  lng: number;
};
export type GetMapBarangaysApiResponse =
  /** status 200 GeoJSON of the barangays of a Metro Manila city (or all of Metro Manila) with each one's listing figure, for a choropleth (tier 1) */ ChoroplethDto;
export type GetMapBarangaysApiArg = {
  /** PSGC code of a Metro Manila city or municipality; absent: all of Metro Manila */
  city?: string;
  metric?: "median_price_per_sqm" | "active_count";
  offer?: "sale" | "rent";
  kind?:
    | "all"
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm";
};
export type OverviewApiResponse = /** status 200  */ MarketReportDto;
export type OverviewApiArg = {
  offer?: "sale" | "rent";
  kind?:
    | "all"
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm";
};
export type ProjectionsApiResponse = /** status 200  */ MarketReportDto;
export type ProjectionsApiArg = {
  /** PSGC code of the barangay (10 digits) */
  barangay: string;
  offer?: "sale" | "rent";
  kind?:
    | "all"
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm";
  /** Months past the last one to project */
  months?: number;
};
export type PropertyAnalysisApiResponse = /** status 200  */ MarketReportDto;
export type PropertyAnalysisApiArg = {
  /** PSGC code of the barangay (10 digits) */
  barangay: string;
  offer?: "sale" | "rent";
  kind?:
    | "all"
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm";
};
export type PropertyHistoricalApiResponse = /** status 200  */ MarketReportDto;
export type PropertyHistoricalApiArg = {
  /** PSGC code of the barangay (10 digits) */
  barangay: string;
  offer?: "sale" | "rent";
  kind?:
    | "all"
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm";
};
export type PropertyMarketApiResponse = /** status 200  */ MarketReportDto;
export type PropertyMarketApiArg = {
  offer?: "sale" | "rent";
  kind?:
    | "all"
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm";
  /** PSGC code of a barangay, city or municipality, province or region */
  area: string;
};
export type PriceRangesApiResponse = /** status 200  */ PriceRangesDto;
export type PriceRangesApiArg = {
  offer?: "sale" | "rent";
  kind?:
    | "all"
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm";
  /** PSGC code of a barangay, city or municipality, province or region */
  area: string;
};
export type TopAreasApiResponse = /** status 200  */ TopAreasDto;
export type TopAreasApiArg = {
  offer?: "sale" | "rent";
  kind?:
    | "all"
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm";
  level?: "barangay" | "city" | "province" | "region";
  /** A region, province or city to rank inside */
  within?: string;
  metric?:
    | "median_price_per_sqm"
    | "active_count"
    | "new_30d"
    | "inquiries_per_listing"
    | "median_days_on_market";
  order?: "asc" | "desc";
  limit?: number;
};
export type RiskApiResponse = /** status 200  */ MarketReportDto;
export type RiskApiArg = {
  /** PSGC code of the barangay (10 digits) */
  barangay: string;
  offer?: "sale" | "rent";
  kind?:
    | "all"
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm";
};
export type SearchPlacesApiResponse = /** status 200  */ PlaceSearchResultDto;
export type SearchPlacesApiArg = {
  placeSearchDto: PlaceSearchDto;
};
export type GetCurrencyRatesApiResponse =
  /** status 200 The current rate of each foreign currency (revalidated on every request) */ CurrencyRatesDto;
export type GetCurrencyRatesApiArg = void;
export type UpdateCurrencyRateApiResponse =
  /** status 200 The rate as written, and whether it is now the current rate */ CurrencyRateWrittenDto;
export type UpdateCurrencyRateApiArg = {
  /** A foreign currency (PHP is the base: its rate is always 1) */
  currency: "USD" | "EUR" | "GBP" | "INR" | "CNY" | "JPY" | "KRW" | "BRL";
  updateCurrencyRateDto: UpdateCurrencyRateDto;
};
export type GetCurrencyRateHistoryApiResponse =
  /** status 200 The currency's rates, newest asOf first, with who wrote them */ CurrencyRateHistoryDto;
export type GetCurrencyRateHistoryApiArg = {
  /** A foreign currency (PHP is the base: its rate is always 1) */
  currency: "USD" | "EUR" | "GBP" | "INR" | "CNY" | "JPY" | "KRW" | "BRL";
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
};
export type ActivateEnterpriseInviteApiResponse =
  | /** status 200 Signed in: the team account the caller joined. Signed out: the new account’s session, as login answers it */ MyEnterpriseDto
  | AuthResponseDto;
export type ActivateEnterpriseInviteApiArg = {
  token: string;
  activateInviteDto: ActivateInviteDto;
};
export type AddEnterpriseCreditsApiResponse =
  /** status 200 Credits added to the team’s pool (audited with the reason) */ AddPoolCreditsResultDto;
export type AddEnterpriseCreditsApiArg = {
  addPoolCreditsDto: AddPoolCreditsDto;
};
export type CreateEnterpriseApiResponse =
  /** status 201 Staff for an Enterprise-plan member (ownerId), or the member for themself */ EnterpriseDto;
export type CreateEnterpriseApiArg = {
  createEnterpriseDto: CreateEnterpriseDto;
};
export type GetAllEnterprisesApiResponse =
  /** status 200 Teams, newest first */ EnterpriseListDto;
export type GetAllEnterprisesApiArg = {
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  /** Part of the team’s name */
  text?: string;
  status?: "active" | "suspended";
};
export type InviteToEnterpriseApiResponse =
  /** status 201 The invitation (its link is e-mailed; the token is never answered) */ EnterpriseInviteDto;
export type InviteToEnterpriseApiArg = {
  inviteMemberDto: InviteMemberDto;
};
export type RevokeEnterpriseInviteApiResponse =
  /** status 200 The revoked invitation */ EnterpriseInviteDto;
export type RevokeEnterpriseInviteApiArg = {
  id: string;
};
export type GetEnterpriseInviteApiResponse =
  /** status 200 What the join page shows (the token is the secret) */ InvitePreviewDto;
export type GetEnterpriseInviteApiArg = {
  token: string;
};
export type GetMyEnterpriseApiResponse =
  /** status 200 The caller’s team, role and membership (nulls when in none) */ MyEnterpriseDto;
export type GetMyEnterpriseApiArg = void;
export type RemoveEnterpriseSubAccountApiResponse = unknown;
export type RemoveEnterpriseSubAccountApiArg = {
  id: string;
  /** The active member who takes over the leaving member’s team listings (and their threads) */
  reassignTo?: string;
  /** true: archive the leaving member’s team listings instead */
  archive?: boolean;
};
export type UpdateEnterpriseSubAccountApiResponse =
  /** status 200  */ EnterpriseMemberDto;
export type UpdateEnterpriseSubAccountApiArg = {
  updateSubAccountDto: UpdateSubAccountDto;
};
export type GetEnterpriseApiResponse =
  /** status 200 The team (staff, or its members; others 404) */ EnterpriseDto;
export type GetEnterpriseApiArg = {
  id: string;
};
export type GetEnterpriseCreditsApiResponse =
  /** status 200 The pool’s ledger (a plain member sees only their own spending) */ PoolAccountDto;
export type GetEnterpriseCreditsApiArg = {
  id: string;
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  /** Only this member's spending (reserve, commit, refund) */
  memberId?: string;
  /** grant: credits added to the pool; reserve, commit, refund: members’ spending */
  action?: "grant" | "reserve" | "commit" | "refund";
  /** From this Philippine day (YYYY-MM-DD, inclusive) or instant (ISO date-time) */
  from?: string;
  /** To this Philippine day (YYYY-MM-DD, inclusive) or instant (ISO date-time, exclusive) */
  to?: string;
};
export type GetEnterpriseDashboardApiResponse =
  /** status 200 Per member and in total: listings, inquiries, first-response time, pool credits used */ EnterpriseDashboardDto;
export type GetEnterpriseDashboardApiArg = {
  id: string;
  /** From this Philippine day (YYYY-MM-DD, inclusive) or instant; default 30 days before `to` */
  from?: string;
  /** To this Philippine day (YYYY-MM-DD, inclusive) or instant (exclusive); default now */
  to?: string;
};
export type GetMyExportsApiResponse =
  /** status 200 The caller’s exports, newest first */ ExportJobListDto;
export type GetMyExportsApiArg = {
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
};
export type GetExportApiResponse =
  /** status 200 The caller’s own export (another’s is 404); downloadUrl when ready */ ExportJobDto;
export type GetExportApiArg = {
  id: string;
};
export type DownloadExportApiResponse = unknown;
export type DownloadExportApiArg = {
  id: string;
};
export type CreateKycApiResponse = /** status 201  */ KycSubmissionDto;
export type CreateKycApiArg = {
  body: {
    /** The back of the ID (optional for passports and PhilSys paper/digital IDs) */
    back?: Blob;
    birthDate?: string;
    /** The front of the ID (JPEG, PNG or WebP) */
    front?: Blob;
    fullName?: string;
    idExpiresOn?: string;
    idNumber?: string;
    idType?:
      | "philsys_card"
      | "philsys_paper"
      | "philsys_digital"
      | "passport"
      | "drivers_license"
      | "umid"
      | "sss"
      | "prc"
      | "postal"
      | "pagibig"
      | "acr_icard";
    /** A selfie holding the ID */
    selfie?: Blob;
    submit?: boolean;
  };
};
export type GetKycFileLinkApiResponse = /** status 200  */ KycFileLinkDto;
export type GetKycFileLinkApiArg = {
  fileId: string;
  kycFileLinkRequestDto: KycFileLinkRequestDto;
};
export type GetKycFileApiResponse = unknown;
export type GetKycFileApiArg = {
  fileId: string;
  signature: any;
  expires: any;
  viewer: any;
};
export type GetAllKycApiResponse =
  /** status 200 Oldest submittedAt first (the queue) */ KycListDto;
export type GetAllKycApiArg = {
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  /** Only this status (default: the queue, submitted and in_review) */
  status?:
    | "draft"
    | "submitted"
    | "in_review"
    | "approved"
    | "rejected"
    | "resubmission_requested"
    | "expired"
    | "withdrawn";
  assigned?: "me" | "unassigned" | "any";
  /** Words of the member's name or e-mail, the name on the ID, or the ID number's last 4 digits */
  text?: string;
};
export type GetKycApiResponse =
  /** status 200 The owner, or a reviewer (with user and reviews) */ KycSubmissionDto;
export type GetKycApiArg = {
  id: string;
};
export type GetMyKycApiResponse = /** status 200  */ MyKycDto;
export type GetMyKycApiArg = void;
export type UpdateKycStatusApiResponse = /** status 200  */ KycSubmissionDto;
export type UpdateKycStatusApiArg = {
  id: string;
  updateKycStatusDto: UpdateKycStatusDto;
};
export type WithdrawKycApiResponse = /** status 200  */ KycSubmissionDto;
export type WithdrawKycApiArg = {
  id: string;
};
export type GetLicensedBrokersApiResponse =
  /** status 200 Brokers with an approved licence matching the name, e-mail or number (at most 20) */ LicensedBrokerListDto;
export type GetLicensedBrokersApiArg = {
  /** Part of the broker's name or e-mail, or the start of their licence number */
  text?: string;
};
export type CreateLicenceApiResponse =
  /** status 201 Submitted for review (a salesperson: waiting for their broker to confirm) */ LicenceDto;
export type CreateLicenceApiArg = {
  createLicenceDto: CreateLicenceDto;
};
export type GetAllLicencesApiResponse =
  /** status 200 Licences for staff, the oldest submission first (status=submitted: the review queue) */ LicenceListDto;
export type GetAllLicencesApiArg = {
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  /** Only licences in this status (the review queue: submitted) */
  status?:
    | "pending_broker"
    | "submitted"
    | "approved"
    | "rejected"
    | "expired"
    | "revoked"
    | "withdrawn";
  kind?: "broker" | "salesperson" | "appraiser" | "consultant";
  /** Part of the member's name or e-mail, or the start of the licence number */
  text?: string;
};
export type GetLicenceByIdApiResponse =
  /** status 200 The holder, their named broker, or staff (who also get the account and its KYC summary) */ LicenceDto;
export type GetLicenceByIdApiArg = {
  id: string;
};
export type GetMyLicencesApiResponse =
  /** status 200 My current licence, the earlier ones, and the salespersons naming me as their broker */ MyLicencesDto;
export type GetMyLicencesApiArg = void;
export type SuperviseLicenceApiResponse =
  /** status 200 Confirmed (to the reviewers) or declined (the salesperson names another broker) */ LicenceDto;
export type SuperviseLicenceApiArg = {
  id: string;
  superviseLicenceDto: SuperviseLicenceDto;
};
export type UpdateLicenceStatusApiResponse =
  /** status 200 Approved, rejected or revoked (audited; the member is notified) */ LicenceDto;
export type UpdateLicenceStatusApiArg = {
  id: string;
  reviewLicenceDto: ReviewLicenceDto;
};
export type UpdateLicenceApiResponse =
  /** status 200 Back to review with the new details (the badge is off until approved again) */ LicenceDto;
export type UpdateLicenceApiArg = {
  id: string;
  updateLicenceDto: UpdateLicenceDto;
};
export type WithdrawLicenceApiResponse = /** status 200  */ LicenceDto;
export type WithdrawLicenceApiArg = {
  id: string;
};
export type BulkListingActionApiResponse =
  /** status 200 Each listing through its single-listing rule; a failure does not stop the others */ ListingBulkResultDto;
export type BulkListingActionApiArg = {
  listingBulkDto: ListingBulkDto;
};
export type GetListingClustersApiResponse =
  /** status 200  */ ListingClustersDto;
export type GetListingClustersApiArg = {
  listingClustersQueryDto: ListingClustersQueryDto;
};
export type CreateListingApiResponse = /** status 201  */ ListingDto;
export type CreateListingApiArg = {
  createListingDto: CreateListingDto;
};
export type GetListingDashboardApiResponse =
  /** status 200  */ DashboardResultDto;
export type GetListingDashboardApiArg = {
  dashboardDto: DashboardDto;
};
export type DeleteListingImageApiResponse = /** status 200  */ ListingDto;
export type DeleteListingImageApiArg = {
  deleteImageDto: DeleteImageDto;
};
export type ExportListingsApiResponse =
  | /** status 200 The file (small exports: listing_report_{timestamp}.{format}, header X-Export-Id). Columns (select): code, name, status, type, offer, kind, price, currency, bedrooms, bathrooms, floorSize, lotSize, region, province, city, barangay, owner, verified, visible, views, saved, createdAt, updatedAt; default code, name, status, type, offer, price, city, barangay, owner, verified, createdAt. Sort: -createdAt, createdAt, -updatedAt, updatedAt, -name, name, -code, code, -price, price (default -createdAt). */ Blob
  | /** status 202 A large export (or one not done in time) runs on: GET statusUrl */ ExportAcceptedDto;
export type ExportListingsApiArg = {
  listingExportWithFormatDto: ListingExportWithFormatDto;
};
export type ExportListingsCsvApiResponse =
  | /** status 200 The file (small exports: listing_report_{timestamp}.{format}, header X-Export-Id). Columns (select): code, name, status, type, offer, kind, price, currency, bedrooms, bathrooms, floorSize, lotSize, region, province, city, barangay, owner, verified, visible, views, saved, createdAt, updatedAt; default code, name, status, type, offer, price, city, barangay, owner, verified, createdAt. Sort: -createdAt, createdAt, -updatedAt, updatedAt, -name, name, -code, code, -price, price (default -createdAt). */ Blob
  | /** status 202 A large export (or one not done in time) runs on: GET statusUrl */ ExportAcceptedDto;
export type ExportListingsCsvApiArg = {
  listingExportDto: ListingExportDto;
};
export type ExportListingsPdfApiResponse =
  | /** status 200 The file (small exports: listing_report_{timestamp}.{format}, header X-Export-Id). Columns (select): code, name, status, type, offer, kind, price, currency, bedrooms, bathrooms, floorSize, lotSize, region, province, city, barangay, owner, verified, visible, views, saved, createdAt, updatedAt; default code, name, status, type, offer, price, city, barangay, owner, verified, createdAt. Sort: -createdAt, createdAt, -updatedAt, updatedAt, -name, name, -code, code, -price, price (default -createdAt). */ Blob
  | /** status 202 A large export (or one not done in time) runs on: GET statusUrl */ ExportAcceptedDto;
export type ExportListingsPdfApiArg = {
  listingExportDto: ListingExportDto;
};
export type PreviewListingExportApiResponse =
  /** status 200 The columns, the first 10 rows as the file will have them, and the rows the export would write. Columns (select): code, name, status, type, offer, kind, price, currency, bedrooms, bathrooms, floorSize, lotSize, region, province, city, barangay, owner, verified, visible, views, saved, createdAt, updatedAt; default code, name, status, type, offer, price, city, barangay, owner, verified, createdAt. Sort: -createdAt, createdAt, -updatedAt, updatedAt, -name, name, -code, code, -price, price (default -createdAt). */ ExportPreviewDto;
export type PreviewListingExportApiArg = {
  listingExportPreviewDto: ListingExportPreviewDto;
};
export type FilterListingsApiResponse = /** status 200  */ ListingFacetsDto;
export type FilterListingsApiArg = {
  listingSearchDto: ListingSearchDto;
};
export type GetAllListingsApiResponse = /** status 200  */ ListingListDto;
export type GetAllListingsApiArg = {
  /** Fields to return, e.g. 'firstName lastName' or '-email' */
  select?: string;
  /** Relations to populate: a comma list or a JSON array of {path, select} */
  populateArray?: string;
  /** Sort, e.g. '-createdAt' (newest first) or 'lastName' */
  sort?: string;
  /** Items per page (capped) */
  limit?: string;
  /** Page number, from 1 */
  page?: string;
  /** Items to skip; overrides page */
  skip?: string;
  /** Accepted for compatibility; answers are always plain JSON */
  lean?: string;
};
export type GetListingByIdApiResponse = /** status 200  */ ListingDto;
export type GetListingByIdApiArg = {
  id: string;
};
export type GetListingImportsApiResponse =
  /** status 200 Imports, newest first, without their rejected rows */ ImportListDto;
export type GetListingImportsApiArg = {
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
};
export type ImportListingsJsonApiResponse =
  | /** status 200 A small import (at most 2,000 rows) finished within the call: its report */ ImportAnswerDto
  | /** status 202 A larger import runs on: poll GET /listing/import/{id} */ ImportAnswerDto;
export type ImportListingsJsonApiArg = {
  /** A JSON array of listings as POST /listing/create takes them (or as get, search and the export give them), each with its `code` (required: it finds the listing on re-import) and optionally `owner`/`ownerId` (a member id or e-mail; default: a new listing is the importer’s, an existing one keeps its owner). Up to LISTING_IMPORT_MAX_BYTES (100 MB). */
  body: {
    file: Blob;
  };
};
export type GetListingImportApiResponse = /** status 200  */ ImportDto;
export type GetListingImportApiArg = {
  id: string;
};
export type ListOwnershipDocumentsApiResponse =
  /** status 200  */ OwnershipDocumentListDto;
export type ListOwnershipDocumentsApiArg = {
  id: string;
};
export type GetOwnershipDocumentApiResponse = unknown;
export type GetOwnershipDocumentApiArg = {
  id: string;
  documentId: string;
};
export type RemoveListingApiResponse = /** status 200  */ MessageResponseDto;
export type RemoveListingApiArg = {
  id: string;
};
export type ReportListingApiResponse = /** status 201  */ ReportCreatedDto;
export type ReportListingApiArg = {
  id: string;
  reportListingDto: ReportListingDto;
};
export type GetListingReportsApiResponse =
  /** status 200  */ ListingReportListDto;
export type GetListingReportsApiArg = {
  id: string;
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
};
export type ResolveListingReportsApiResponse =
  /** status 200  */ ReportsResolvedDto;
export type ResolveListingReportsApiArg = {
  id: string;
  resolveReportsDto: ResolveReportsDto;
};
export type CreateListingReviewApiResponse = /** status 201  */ ReviewDto;
export type CreateListingReviewApiArg = {
  id: string;
  reviewInputDto: ReviewInputDto;
};
export type GetListingReviewsApiResponse = /** status 200  */ ReviewListDto;
export type GetListingReviewsApiArg = {
  id: string;
  /** Fields to return, e.g. 'firstName lastName' or '-email' */
  select?: string;
  /** Relations to populate: a comma list or a JSON array of {path, select} */
  populateArray?: string;
  /** Sort, e.g. '-createdAt' (newest first) or 'lastName' */
  sort?: string;
  /** Items per page (capped) */
  limit?: string;
  /** Page number, from 1 */
  page?: string;
  /** Items to skip; overrides page */
  skip?: string;
  /** Accepted for compatibility; answers are always plain JSON */
  lean?: string;
};
export type SaveListingApiResponse = /** status 200  */ SaveResultDto;
export type SaveListingApiArg = {
  listingIdDto: ListingIdDto;
};
export type SearchListingsApiResponse = /** status 200  */ ListingListDto;
export type SearchListingsApiArg = {
  listingSearchDto: ListingSearchDto;
};
export type SearchNearbyListingsApiResponse =
  /** status 200  */ NearbyResultDto;
export type SearchNearbyListingsApiArg = {
  nearbySearchDto: NearbySearchDto;
};
export type UnsaveListingApiResponse =
  /** status 200 savedCount is 0 when the caller cannot see the listing (its own saved row is still removed) */ SaveResultDto;
export type UnsaveListingApiArg = {
  listingIdDto: ListingIdDto;
};
export type UpdateListingApiResponse = /** status 200  */ ListingDto;
export type UpdateListingApiArg = {
  updateListingDto: UpdateListingDto;
};
export type RecordListingBehaviorApiResponse =
  /** status 200  */ BehaviorResultDto;
export type RecordListingBehaviorApiArg = {
  id: string;
  behaviorDto: BehaviorDto;
};
export type UpdateListingVisibilityApiResponse = /** status 200  */ ListingDto;
export type UpdateListingVisibilityApiArg = {
  listingVisibilityDto: ListingVisibilityDto;
};
export type UploadListingImagesApiResponse = /** status 200  */ ListingDto;
export type UploadListingImagesApiArg = {
  id: string;
  body: {
    image: Blob[];
  };
};
export type UploadOwnershipDocumentsApiResponse =
  /** status 200  */ OwnershipDocumentListDto;
export type UploadOwnershipDocumentsApiArg = {
  id: string;
  body: {
    documents: Blob[];
  };
};
export type VerifyListingApiResponse = /** status 200  */ ListingDto;
export type VerifyListingApiArg = {
  id: string;
  verifyListingDto: VerifyListingDto;
};
export type GetNotificationsApiResponse =
  /** status 200 The caller's notifications, newest first (unread first with unreadFirst=true), with their unread count */ NotificationListDto;
export type GetNotificationsApiArg = {
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  /** Unread notifications first, then the rest; each newest first */
  unreadFirst?: boolean;
};
export type GetNotificationPreferencesApiResponse =
  /** status 200 Per kind: in-app (always) and whether it is also e-mailed */ NotificationPreferencesDto;
export type GetNotificationPreferencesApiArg = void;
export type UpdateNotificationPreferencesApiResponse =
  /** status 200  */ NotificationPreferencesDto;
export type UpdateNotificationPreferencesApiArg = {
  updateNotificationPreferencesDto: UpdateNotificationPreferencesDto;
};
export type MarkAllNotificationsReadApiResponse =
  /** status 200  */ MarkedReadDto;
export type MarkAllNotificationsReadApiArg = void;
export type GetUnreadNotificationCountApiResponse =
  /** status 200  */ UnreadNotificationsDto;
export type GetUnreadNotificationCountApiArg = void;
export type MarkNotificationReadApiResponse =
  /** status 200  */ NotificationDto;
export type MarkNotificationReadApiArg = {
  id: string;
};
export type PayByCardApiResponse =
  /** status 200 A card payment: send the member to checkoutUrl (or show qr), then poll /payment/status */ PaymentDto;
export type PayByCardApiArg = {
  createPaymentDto: CreatePaymentDto;
};
export type PayByGcashApiResponse =
  /** status 200 A GCash payment: send the member to checkoutUrl (or show qr), then poll /payment/status */ PaymentDto;
export type PayByGcashApiArg = {
  createPaymentDto: CreatePaymentDto;
};
export type PayByMayaWalletApiResponse =
  /** status 200 A Maya e-wallet payment: send the member to checkoutUrl (or show qr), then poll /payment/status */ PaymentDto;
export type PayByMayaWalletApiArg = {
  createPaymentDto: CreatePaymentDto;
};
export type GetAllPaymentsApiResponse =
  /** status 200 Every payment, newest first */ PaymentListDto;
export type GetAllPaymentsApiArg = {
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  /** Staff: a member's payments */
  userId?: string;
  status?: (
    | "pending"
    | "awaiting_action"
    | "paid"
    | "failed"
    | "expired"
    | "cancelled"
    | "refunded"
  )[];
  /** Staff list only */
  method?: ("maya_qr" | "maya_wallet" | "gcash" | "card")[];
  /** Staff list only: an exact reference */
  reference?: string;
  /** Staff list only: part of the payer's name or e-mail */
  text?: string;
};
export type GetPaymentHistoryApiResponse =
  /** status 200 The caller's payments, newest first (staff: ?userId) */ PaymentListDto;
export type GetPaymentHistoryApiArg = {
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  /** Staff: a member's payments */
  userId?: string;
  status?: (
    | "pending"
    | "awaiting_action"
    | "paid"
    | "failed"
    | "expired"
    | "cancelled"
    | "refunded"
  )[];
  /** Staff list only */
  method?: ("maya_qr" | "maya_wallet" | "gcash" | "card")[];
  /** Staff list only: an exact reference */
  reference?: string;
  /** Staff list only: part of the payer's name or e-mail */
  text?: string;
};
export type GetPaymentMethodsApiResponse =
  /** status 200 The methods a member can pay with now, and which provider serves each */ PaymentMethodsDto;
export type GetPaymentMethodsApiArg = void;
export type PayByMayaQrApiResponse =
  /** status 200 A Maya QR (the answer holds the QR code) payment: send the member to checkoutUrl (or show qr), then poll /payment/status */ PaymentDto;
export type PayByMayaQrApiArg = {
  createPaymentDto: CreatePaymentDto;
};
export type GetSandboxCheckoutApiResponse =
  /** status 200  */ SandboxCheckoutDto;
export type GetSandboxCheckoutApiArg = {
  checkoutId: string;
};
export type DecideSandboxCheckoutApiResponse =
  /** status 200 Recorded (the first decision stands); the webhook is on its way */ SandboxDecisionResultDto;
export type DecideSandboxCheckoutApiArg = {
  checkoutId: string;
  sandboxDecisionDto: SandboxDecisionDto;
};
export type GetPaymentStatusApiResponse =
  /** status 200 Our record; an open payment not checked for 10 s is first re-checked with its provider */ PaymentDto;
export type GetPaymentStatusApiArg = {
  /** The payment id */
  id?: string;
  /** Or its reference (TH-XXXXX-XXXXX) */
  reference?: string;
};
export type ReceivePaymentWebhookApiResponse =
  /** status 200 Acknowledged (a repeated event too); the provider stops retrying */ WebhookAckDto;
export type ReceivePaymentWebhookApiArg = {
  provider: string;
};
export type CancelPaymentApiResponse =
  /** status 200 The member gave up; checked with the provider first (it may be paid already) */ PaymentDto;
export type CancelPaymentApiArg = {
  id: string;
};
export type GetPaymentReceiptApiResponse = unknown;
export type GetPaymentReceiptApiArg = {
  id: string;
};
export type ListBarangaysApiResponse = /** status 200  */ PlaceDto[];
export type ListBarangaysApiArg = {
  /** A city, municipality or sub-municipality; for the City of Manila, the barangays of all its sub-municipalities */
  cityCode: string;
};
export type ListCitiesApiResponse =
  /** status 200 Cities and municipalities, or the sub-municipalities of a city */ PlaceDto[];
export type ListCitiesApiArg = {
  /** Cities and municipalities of this province */
  provinceCode?: string;
  /** Cities and municipalities of this region (with provinceCode null when directly under it) */
  regionCode?: string;
  /** The sub-municipalities of this city (the City of Manila has 14); empty for other cities */
  cityCode?: string;
};
export type GeocodeApiResponse =
  /** status 200 Up to 5 places, best first; empty when nothing matches */ GeocodeResultDto[];
export type GeocodeApiArg = {
  /** A PSGC code, or "barangay, city[, province]" text */
  q: string;
};
export type ListProvincesApiResponse = /** status 200  */ PlaceDto[];
export type ListProvincesApiArg = {
  /** Only the provinces of this region; all when absent */
  regionCode?: string;
};
export type ListRegionsApiResponse = /** status 200  */ PlaceDto[];
export type ListRegionsApiArg = void;
export type ReverseGeocodeApiResponse =
  /** status 200 The barangay the point is nearest to */ GeocodeResultDto;
export type ReverseGeocodeApiArg = {
  lat: number;
  lng: number;
};
export type GetPlaceApiResponse = /** status 200  */ PlaceDto;
export type GetPlaceApiArg = {
  /** 10-digit PSGC code */
  code: string;
};
export type SearchApiResponse =
  /** status 200 Pages of at most 100; see #/components/schemas/ListingVsMedianDto */ PropertiesSearchResultDto;
export type SearchApiArg = {
  propertiesSearchDto: PropertiesSearchDto;
};
export type CancelSubscriptionApiResponse =
  /** status 200 cancel true: back to Free at the period’s end (no refund); false: keep the plan */ CurrentSubscriptionDto;
export type CancelSubscriptionApiArg = {
  cancelSubscriptionDto: CancelSubscriptionDto;
};
export type CreateSubscriptionApiResponse =
  /** status 200 The member is on the plan now (the current plan ends as replaced); audited */ SubscriptionDetailDto;
export type CreateSubscriptionApiArg = {
  createSubscriptionDto: CreateSubscriptionDto;
};
export type GetCurrentSubscriptionApiResponse =
  /** status 200 The caller's plan, its period and what it includes */ CurrentSubscriptionDto;
export type GetCurrentSubscriptionApiArg = void;
export type GetAllSubscriptionsApiResponse =
  /** status 200 Every subscription, newest first, with its member */ SubscriptionListDto;
export type GetAllSubscriptionsApiArg = {
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  plan?: ("free" | "basic" | "premium" | "enterprise")[];
  status?: ("active" | "suspended" | "expired" | "scheduled")[];
  billingPeriod?: ("free" | "monthly" | "annually" | "lifetime")[];
};
export type GetSubscriptionApiResponse =
  /** status 200  */ SubscriptionDetailDto;
export type GetSubscriptionApiArg = {
  id: string;
};
export type RemoveSubscriptionApiResponse =
  /** status 200 Removed (critical audit entry); a current one leaves the member on Free */ MessageResponseDto;
export type RemoveSubscriptionApiArg = {
  id: string;
};
export type SearchSubscriptionsApiResponse =
  /** status 200  */ SubscriptionListDto;
export type SearchSubscriptionsApiArg = {
  searchSubscriptionsDto: SearchSubscriptionsDto;
};
export type UpdateSubscriptionApiResponse =
  /** status 200 Suspended, reinstated, its end moved or its cancellation changed; audited */ SubscriptionDetailDto;
export type UpdateSubscriptionApiArg = {
  updateSubscriptionDto: UpdateSubscriptionDto;
};
export type UpgradeSubscriptionApiResponse =
  /** status 200 A paid plan: the payment to complete. Free: the plan set to end with its period */ UpgradeResultDto;
export type UpgradeSubscriptionApiArg = {
  upgradeDto: UpgradeDto;
};
export type GetThreadsApiResponse = /** status 200  */ ThreadListDto;
export type GetThreadsApiArg = {
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  /** false: threads not archived by the caller; true: only archived ones */
  archived?: boolean;
};
export type CreateThreadApiResponse =
  | /** status 200 The thread already existed */ ThreadDto
  | /** status 201 Created */ ThreadDto;
export type CreateThreadApiArg = {
  createThreadDto: CreateThreadDto;
};
export type GetThreadUnreadCountApiResponse = /** status 200  */ UnreadCountDto;
export type GetThreadUnreadCountApiArg = void;
export type DeleteThreadApiResponse = /** status 200  */ SuccessDto;
export type DeleteThreadApiArg = {
  threadId: string;
};
export type GetThreadApiResponse = /** status 200  */ ThreadDto;
export type GetThreadApiArg = {
  threadId: string;
};
export type ArchiveThreadApiResponse = /** status 200  */ ThreadDto;
export type ArchiveThreadApiArg = {
  threadId: string;
  archiveThreadDto: ArchiveThreadDto;
};
export type GetThreadMessagesApiResponse = /** status 200  */ MessageListDto;
export type GetThreadMessagesApiArg = {
  threadId: string;
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
};
export type SendThreadMessageApiResponse = /** status 201  */ MessageDto;
export type SendThreadMessageApiArg = {
  threadId: string;
  sendMessageDto: SendMessageDto;
};
export type MarkThreadReadApiResponse = /** status 200  */ MarkReadResultDto;
export type MarkThreadReadApiArg = {
  threadId: string;
};
export type CreateAdminUserApiResponse = /** status 201  */ UserDto;
export type CreateAdminUserApiArg = {
  createAdminDto: CreateAdminDto;
};
export type GetAllCreditsApiResponse =
  /** status 200 Members and their balances, the largest first */ CreditBalanceListDto;
export type GetAllCreditsApiArg = {
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  /** Part of the member's name or e-mail */
  text?: string;
};
export type GetCreditsApiResponse =
  /** status 200 A member's balance and ledger (the member themselves, or staff) */ CreditsAccountDto;
export type GetCreditsApiArg = {
  id: string;
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
};
export type UpdateCreditsApiResponse =
  /** status 200 The balance after the adjustment (audited with its reason) */ CreditsAccountDto;
export type UpdateCreditsApiArg = {
  id: string;
  adjustCreditsDto: AdjustCreditsDto;
};
export type CreateUserApiResponse = /** status 201  */ AuthResponseDto;
export type CreateUserApiArg = {
  createUserDto: CreateUserDto;
};
export type GetAdminDashboardApiResponse = /** status 200  */ AdminDashboardDto;
export type GetAdminDashboardApiArg = {
  dashboardInputDto: DashboardInputDto;
};
export type DeleteUserSavedItemApiResponse =
  /** status 200 Removed; a removed saved search takes its pins with it */ MessageResponseDto;
export type DeleteUserSavedItemApiArg = {
  deleteSavedItemDto: DeleteSavedItemDto;
};
export type PreviewUserExportApiResponse =
  /** status 200 The columns, the first 10 rows as the file will have them, and the rows the export would write. Columns (select): userName, username, firstName, lastName, email, phoneNumber, role, status, type, provider, isVerified, plan, credits, dateSignedUp, lastActive, createdAt, updatedAt; default userName, email, role, status, createdAt. Sort: -createdAt, createdAt, -updatedAt, updatedAt, -dateSignedUp, dateSignedUp, -email, email, -firstName, firstName, -lastName, lastName, -role, role, -status, status, -type, type (default -createdAt). */ ExportPreviewDto;
export type PreviewUserExportApiArg = {
  userExportPreviewDto: UserExportPreviewDto;
};
export type ExportUsersApiResponse =
  | /** status 200 The file (small exports: user_report_{timestamp}.{format}, header X-Export-Id). Columns (select): userName, username, firstName, lastName, email, phoneNumber, role, status, type, provider, isVerified, plan, credits, dateSignedUp, lastActive, createdAt, updatedAt; default userName, email, role, status, createdAt. Sort: -createdAt, createdAt, -updatedAt, updatedAt, -dateSignedUp, dateSignedUp, -email, email, -firstName, firstName, -lastName, lastName, -role, role, -status, status, -type, type (default -createdAt). */ Blob
  | /** status 202 A large export (or one not done in time) runs on: GET statusUrl */ ExportAcceptedDto;
export type ExportUsersApiArg = {
  format: "csv" | "pdf";
  userExportDto: UserExportDto;
};
export type GetAllUsersApiResponse = /** status 200  */ UserListDto;
export type GetAllUsersApiArg = {
  /** Fields to return, e.g. 'firstName lastName' or '-email' */
  select?: string;
  /** Relations to populate: a comma list or a JSON array of {path, select} */
  populateArray?: string;
  /** Sort, e.g. '-createdAt' (newest first) or 'lastName' */
  sort?: string;
  /** Items per page (capped) */
  limit?: string;
  /** Page number, from 1 */
  page?: string;
  /** Items to skip; overrides page */
  skip?: string;
  /** Accepted for compatibility; answers are always plain JSON */
  lean?: string;
};
export type GetUserSavedItemsApiResponse = /** status 200  */ SavedItemListDto;
export type GetUserSavedItemsApiArg = {
  getSavedItemsDto: GetSavedItemsDto;
};
export type GetUserByIdApiResponse = /** status 200  */ UserViewDto;
export type GetUserByIdApiArg = {
  id: string;
  /** Fields to return, e.g. 'firstName lastName' or '-email' */
  select?: string;
  /** Relations to populate: a comma list or a JSON array of {path, select} */
  populateArray?: string;
  /** Sort, e.g. '-createdAt' (newest first) or 'lastName' */
  sort?: string;
  /** Items per page (capped) */
  limit?: string;
  /** Page number, from 1 */
  page?: string;
  /** Items to skip; overrides page */
  skip?: string;
  /** Accepted for compatibility; answers are always plain JSON */
  lean?: string;
};
export type LoginUserApiResponse = /** status 200  */ AuthResponseDto;
export type LoginUserApiArg = {
  loginDto: LoginDto;
};
export type GetUserPageApiResponse = /** status 200  */ UserPageDto;
export type GetUserPageApiArg = {
  userPageInputDto: UserPageInputDto;
};
export type RemoveUserApiResponse = /** status 200  */ MessageResponseDto;
export type RemoveUserApiArg = {
  id: string;
};
export type RequestPasswordResetApiResponse =
  /** status 200  */ MessageResponseDto;
export type RequestPasswordResetApiArg = {
  emailRequestDto: EmailRequestDto;
};
export type RequestEmailVerificationApiResponse =
  /** status 200  */ MessageResponseDto;
export type RequestEmailVerificationApiArg = {
  emailRequestDto: EmailRequestDto;
};
export type ResetPasswordApiResponse = /** status 200  */ MessageResponseDto;
export type ResetPasswordApiArg = {
  resetPasswordDto: ResetPasswordDto;
};
export type SetSavedSearchAlertApiResponse =
  /** status 200 The saved search with its alert setting */ SavedItemDto;
export type SetSavedSearchAlertApiArg = {
  /** The saved search (saved item) id */
  id: string;
  setSavedSearchAlertDto: SetSavedSearchAlertDto;
};
export type SaveUserItemApiResponse =
  /** status 201 The saved item; a listing saved or pinned again, or a saved search pinned again, answers the existing item */ SavedItemDto;
export type SaveUserItemApiArg = {
  type: "listing" | "search" | "pinned";
  saveItemDto: SaveItemDto;
};
export type SearchUsersApiResponse = /** status 200  */ UserListDto;
export type SearchUsersApiArg = {
  searchUsersDto: SearchUsersDto;
};
export type GetSubscriptionHistoryApiResponse =
  /** status 200 Newest first */ SubscriptionListDto;
export type GetSubscriptionHistoryApiArg = {
  page?: number;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  /** Staff: another member's history */
  userId?: string;
};
export type UpdateUserPasswordApiResponse =
  /** status 200  */ MessageResponseDto;
export type UpdateUserPasswordApiArg = {
  updatePasswordDto: UpdatePasswordDto;
};
export type VerifyEmailApiResponse = /** status 200  */ MessageResponseDto;
export type VerifyEmailApiArg = {
  verifyEmailDto: VerifyEmailDto;
};
export type ActivityEntityDto = {
  id: string;
  kind: "listing" | "saved_item" | "thread" | "review";
};
export type ActivityDto = {
  _id: string;
  /** True when the member did it; false when someone did something to their listing */
  byMe: boolean;
  data: {
    [key: string]: any;
  };
  entity: ActivityEntityDto | null;
  kind:
    | "viewed_listing"
    | "saved_listing"
    | "saved_search"
    | "messaged"
    | "reviewed"
    | "created_listing"
    | "listing_saved_by_other"
    | "listing_reviewed_by_other"
    | "listing_verified"
    | "shared";
  /** Where the web app opens it */
  link: string;
  timestamp: string;
  title: string;
  /** Whose history it is */
  userId: string;
};
export type PoolRefusalDto = {
  /** The pool's balance (why balance) */
  balance?: number;
  /** The member's monthly cap (why cap) */
  cap?: number;
  /** Credits the member used from the pool this month (why cap) */
  spent?: number;
  /** paused: the member is paused in the team; cap: their monthly cap is reached; balance: the pool is short */
  why: "paused" | "cap" | "balance";
};
export type UpgradeRequiredDto = {
  /** The caller's plan now */
  currentPlan?: string;
  /** The locked feature (reason plan) */
  entitlement?: string;
  /** Its name, for people */
  feature?: string;
  /** Credits the work needs (reason credits) */
  needed?: number;
  /** A team member: why the team's pool could not pay (reason credits) */
  pool?: PoolRefusalDto;
  reason: "plan" | "credits";
  /** Credits left (reason credits) */
  remaining?: number;
  /** The cheapest plan that includes it */
  requiredPlan?: string;
};
export type ErrorResponseDto = {
  error: string;
  message: string | string[];
  statusCode: number;
  /** On 402 only */
  upgrade?: UpgradeRequiredDto;
};
export type CreateActivityDto = {
  channel:
    | "copy_link"
    | "facebook"
    | "messenger"
    | "viber"
    | "whatsapp"
    | "x"
    | "email"
    | "sms"
    | "other";
  kind: "shared";
  /** The listing shared */
  listingId: string;
};
export type PaginationDto = {
  currentPage: number;
  itemsOnPage: number;
  itemsPerPage: number;
  totalItems: number;
  totalPages: number;
};
export type ActivityListDto = {
  activities: ActivityDto[];
  pagination: PaginationDto;
};
export type MessageResponseDto = {
  message: string;
};
export type ActivityQueryDto = {
  from?: string;
  kind?: (
    | "viewed_listing"
    | "saved_listing"
    | "saved_search"
    | "messaged"
    | "reviewed"
    | "created_listing"
    | "listing_saved_by_other"
    | "listing_reviewed_by_other"
    | "listing_verified"
    | "shared"
  )[];
  /** Words of the title */
  text?: string;
  to?: string;
  /** Staff only: one member’s activity */
  userId?: string;
};
export type ActivitySearchDto = {
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  page?: number;
  query?: ActivityQueryDto;
  /** Items to skip; overrides page */
  skip?: number;
};
export type UpdateActivityDto = {
  _id: string;
  /** The channel of a share (the only thing a member may correct) */
  channel:
    | "copy_link"
    | "facebook"
    | "messenger"
    | "viber"
    | "whatsapp"
    | "x"
    | "email"
    | "sms"
    | "other";
};
export type ClearedActivityDto = {
  /** How many entries were removed */
  removed: number;
};
export type JobDashboardSessionDto = {
  /** When the cookie ends (15 minutes); ask again for a new one */
  expiresAt: string;
  /** Open this page (a new tab) while the cookie lasts */
  url: string;
};
export type AriaCitationDto = {
  kind: "listing" | "report" | "formula";
  label: string;
  source?: string;
  /** A web path (/listings/{id}, /market/{area}/{group}) */
  url: string | null;
};
export type AriaListingCardDto = {
  barangayCode: string | null;
  barangayName: string;
  bathrooms: number | null;
  bedrooms: number | null;
  cityName: string;
  code: string;
  currency: string;
  floorArea: number | null;
  id: string;
  imageUrl: string | null;
  kind: string | null;
  lotArea: number | null;
  name: string;
  offer: "sale" | "rent";
  /** Pesos (a monthly rent for offer rent) */
  price: number;
  pricePerSqm: number | null;
  /** Cosine similarity to the question, when ranked by meaning */
  score?: number;
  type: string;
  /** The web path of the listing */
  url: string;
  verified: boolean;
};
export type AriaChartPointDto = {
  label: string;
  value: number;
};
export type AriaChartDto = {
  points: AriaChartPointDto[];
  title: string;
  unit: string;
};
export type AriaToolTraceDto = {
  arguments: {
    [key: string]: any;
  };
  cards?: AriaListingCardDto[];
  chart?: AriaChartDto;
  /** Why the tool could not answer */
  error?: string;
  name:
    | "search_listings"
    | "get_listing"
    | "market_report"
    | "compare_listings"
    | "affordability"
    | "acquisition_costs"
    | "feasibility";
  summary: string;
};
export type AriaMessageDto = {
  citations: AriaCitationDto[];
  content: string;
  createdAt: string;
  id: string;
  role: "user" | "assistant";
  toolCalls: AriaToolTraceDto[];
};
export type AriaProviderDto = {
  /** "builtin" or "openai-compatible:<model>" */
  id: string;
  label: string;
};
export type AriaReplyDto = {
  answer: AriaMessageDto;
  conversationId: string;
  provider: AriaProviderDto;
  question: AriaMessageDto;
  /** Free plan: questions left today (Asia/Manila day); null: unlimited */
  remainingToday: number | null;
  title: string;
};
export type AriaChatDto = {
  /** Continue this conversation (yours); a new chat when left out */
  conversationId?: string;
  message: string;
};
export type AriaRunCreditsDto = {
  /** AI credits a comparison costs */
  compare: number;
  /** AI credits a feasibility run costs */
  feasibility: number;
};
export type AriaUsageDto = {
  /** Whether the built-in assistant answers (no language model) */
  builtin: boolean;
  /** The member's AI credit balance */
  creditBalance: number;
  /** null: unlimited */
  limitPerDay: number | null;
  /** Questions asked today (Asia/Manila day) */
  messagesToday: number;
  plan: "free" | "basic" | "premium" | "enterprise";
  provider: AriaProviderDto;
  /** null: unlimited */
  remainingToday: number | null;
  runCredits: AriaRunCreditsDto;
};
export type AriaRunRefDto = {
  id: string;
  kind: "feasibility" | "compare";
  status: "queued" | "running" | "succeeded" | "failed";
};
export type AriaConversationSummaryDto = {
  createdAt: string;
  id: string;
  kind: "chat" | "feasibility" | "compare";
  /** The newest run of a feasibility or compare entry */
  lastRun: AriaRunRefDto | null;
  messageCount: number;
  /** The provider that answered last */
  provider: string;
  title: string;
  updatedAt: string;
  userId: string;
};
export type AriaHistoryCreateDto = {
  /** Runs make their own entries (/ai/run/*) */
  kind?: "chat";
  title?: string;
};
export type AriaMemberRefDto = {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
};
export type AriaStaffConversationSummaryDto = {
  createdAt: string;
  id: string;
  kind: "chat" | "feasibility" | "compare";
  /** The newest run of a feasibility or compare entry */
  lastRun: AriaRunRefDto | null;
  /** null when the member is gone */
  member: AriaMemberRefDto | null;
  messageCount: number;
  /** The provider that answered last */
  provider: string;
  title: string;
  updatedAt: string;
  userId: string;
};
export type AriaStaffHistoryListDto = {
  /** Most recently updated first */
  items: AriaStaffConversationSummaryDto[];
  pagination: PaginationDto;
};
export type AriaRunDto = {
  /** Its history entry */
  conversationId: string;
  createdAt: string;
  /** AI credits held (spent when it succeeds, refunded when it fails) */
  credits: number;
  /** Why it failed */
  error: string | null;
  finishedAt: string | null;
  id: string;
  /** The request as validated (defaults filled in) */
  input: {
    [key: string]: any;
  };
  kind: "feasibility" | "compare";
  narrative: string | null;
  /** GET this path (with your token) for the PDF, once succeeded */
  pdfUrl: string | null;
  progress: number;
  /** FeasibilityRunResult or CompareRunResult once succeeded */
  result: {
    [key: string]: any;
  } | null;
  startedAt: string | null;
  status: "queued" | "running" | "succeeded" | "failed";
};
export type AriaConversationDto = {
  createdAt: string;
  id: string;
  kind: "chat" | "feasibility" | "compare";
  /** The newest run of a feasibility or compare entry */
  lastRun: AriaRunRefDto | null;
  /** Staff reading another member's entry: that member (null when gone); absent for your own */
  member?: AriaMemberRefDto | null;
  messageCount: number;
  /** Oldest first */
  messages: AriaMessageDto[];
  /** The provider that answered last */
  provider: string;
  /** Oldest first */
  runs: AriaRunDto[];
  title: string;
  updatedAt: string;
  userId: string;
};
export type AriaHistoryListDto = {
  /** Most recently updated first */
  items: AriaConversationSummaryDto[];
  pagination: PaginationDto;
};
export type AriaHistorySearchDto = {
  kind?: "chat" | "feasibility" | "compare";
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  page?: number;
  /** Words in the title or in a message (case-insensitive) */
  query?: string;
  /** Items to skip; overrides page */
  skip?: number;
};
export type AriaHistoryUpdateDto = {
  id: string;
  title: string;
};
export type CompareRunDto = {
  /** 2 to 5 different listing ids */
  listingIds: string[];
};
export type FeasibilityAssumptionsDto = {
  /** Yearly interest rate in %; the lender's table rate when left out */
  annualRatePct?: number;
  /** Real property tax a year, pesos; estimated from the assessed value when left out */
  annualRealPropertyTax?: number;
  /** Down payment, % of the price */
  downPaymentPct?: number;
  lender?: "pagibig" | "bank";
  /** Association dues a month, pesos */
  monthlyDues?: number;
  /** Expected monthly rent in pesos (use rent); the barangay's median when left out */
  monthlyRent?: number;
  /** Rent it out, or live in it */
  use?: "rent" | "own";
  /** Vacancy, % of the year */
  vacancyPct?: number;
  /** Loan term in years */
  years?: number;
};
export type FeasibilityPropertyDto = {
  /** PSGC code of the barangay (10 digits) */
  barangayCode?: string;
  description?: string;
  /** Floor area in m² */
  floorArea?: number;
  kind?:
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm";
  /** Price in pesos */
  price: number;
  /** The BIR zonal value of the whole property in pesos, when known (taxes use the higher of price and zonal value) */
  zonalValue?: number;
};
export type FeasibilityRunDto = {
  /** Defaults: 20 % down, 20 years, Pag-IBIG, rent, 5 % vacancy, no dues */
  assumptions?: FeasibilityAssumptionsDto;
  /** A listing you may see; or give property */
  listingId?: string;
  /** A described property; or give listingId */
  property?: FeasibilityPropertyDto;
};
export type AriaRunLockDto = {
  /** The cheapest plan that has it */
  plan: "free" | "basic" | "premium" | "enterprise";
  /** The entitlement the plan lacks */
  reason: string;
};
export type AriaRunQuoteDto = {
  /** The member's own AI credit balance */
  balance: number;
  /** AI credits the run costs */
  credits: number;
  /** Whether the pool or the own balance covers the run */
  enough: boolean;
  kind: "feasibility" | "compare";
  /** Set when the member's plan does not include this kind of run */
  locked: AriaRunLockDto | null;
  /** For a team member: what the team's pool would pay for them now (the pool's balance within their monthly cap; 0 when paused), tried before their own balance; null for others */
  pool: number | null;
};
export type ExportAcceptedDto = {
  fileName: string;
  id: string;
  status: "queued" | "running" | "ready" | "failed" | "expired";
  /** GET it for progress, then its downloadUrl */
  statusUrl: string;
  /** Rows expected (an estimate until the export ends) */
  totalRows: number | null;
};
export type AuditEntityFilterDto = {
  id?: string;
  kind:
    | "user"
    | "listing"
    | "review"
    | "saved_item"
    | "thread"
    | "message"
    | "audit"
    | "activity"
    | "currency_rate"
    | "subscription"
    | "payment"
    | "credits"
    | "export"
    | "import"
    | "listing_report"
    | "kyc"
    | "licence"
    | "enterprise"
    | "development"
    | "dataset"
    | "market"
    | "assistant";
};
export type AuditQueryDto = {
  /** The actor’s user id */
  actor?: string;
  entity?: AuditEntityFilterDto;
  /** From this time (inclusive) */
  from?: string;
  severity?: ("low" | "medium" | "high" | "critical")[];
  /** Words of the description or the actor’s name or e-mail: each must appear as a whole word; when that matches nothing, the last word also matches the words it begins ("Dela Cru" finds "Dela Cruz") */
  text?: string;
  /** Before this time (exclusive) */
  to?: string;
  type?: (
    | "user.signed_up"
    | "user.admin_created"
    | "user.logged_in"
    | "user.login_failed"
    | "user.logged_out"
    | "user.updated"
    | "user.role_changed"
    | "user.status_changed"
    | "user.verified_changed"
    | "user.credits_adjusted"
    | "user.removed"
    | "user.password_changed"
    | "user.password_reset"
    | "user.email_verified"
    | "user.visibility_changed"
    | "user.avatar_changed"
    | "user.identity_connected"
    | "user.identity_disconnected"
    | "listing.created"
    | "listing.updated"
    | "listing.removed"
    | "listing.visibility_changed"
    | "listing.verified"
    | "listing.photos_changed"
    | "listing.documents_uploaded"
    | "listing.document_opened"
    | "listing.viewed"
    | "listing.saved"
    | "listing.unsaved"
    | "review.created"
    | "search.saved"
    | "saved_item.removed"
    | "item.pinned"
    | "thread.created"
    | "message.sent"
    | "audit.removed"
    | "activity.created"
    | "currency_rate.updated"
    | "subscription.activated"
    | "subscription.scheduled"
    | "subscription.cancel_scheduled"
    | "subscription.adjusted"
    | "subscription.suspended"
    | "subscription.reinstated"
    | "subscription.expired"
    | "subscription.removed"
    | "credits.granted"
    | "credits.adjusted"
    | "credits.reserved"
    | "credits.committed"
    | "credits.refunded"
    | "payment.created"
    | "payment.paid"
    | "payment.closed"
    | "payment.refunded"
    | "payment.webhook_rejected"
    | "payment.notice_received"
    | "export.requested"
    | "export.ready"
    | "export.failed"
    | "export.downloaded"
    | "listing.import_started"
    | "listing.import_finished"
    | "listing.reported"
    | "listing.reports_resolved"
    | "kyc.submitted"
    | "kyc.withdrawn"
    | "kyc.assigned"
    | "kyc.reviewed"
    | "kyc.expired"
    | "kyc.file_viewed"
    | "kyc.files_purged"
    | "licence.submitted"
    | "licence.broker_answered"
    | "licence.reviewed"
    | "licence.expired"
    | "licence.withdrawn"
    | "enterprise.created"
    | "enterprise.updated"
    | "enterprise.invited"
    | "enterprise.invite_revoked"
    | "enterprise.member_joined"
    | "enterprise.member_updated"
    | "enterprise.member_removed"
    | "enterprise.credits_added"
    | "market.development_saved"
    | "market.development_removed"
    | "market.assumptions_updated"
    | "market.dataset_imported"
    | "market.report_exported"
    | "aria.run_requested"
    | "aria.run_finished"
    | "aria.history_deleted"
    | "aria.history_read_by_staff"
  )[];
};
export type ExportLayoutDto = {
  orientation?: "landscape" | "portrait";
  pageSize?: "A4" | "Letter" | "Legal";
};
export type AuditExportWithFormatDto = {
  /** The `query` of /audit/search */
  filters?: AuditQueryDto;
  format: "csv" | "pdf";
  /** PDF page: landscape A4 unless said */
  layout?: ExportLayoutDto;
  /** Rows at most (more than 10,000,000 is served as that) */
  limit?: number;
  /** With limit: which block of `limit` rows (skip overrides it) */
  page?: number;
  /** Column keys, in the order wanted (whitelisted per resource); the resource’s defaults when left out */
  select?: string[];
  /** Rows to skip first; overrides page */
  skip?: number;
  /** The order: a column key, "-" first for descending (whitelisted per resource; see each route) */
  sort?: string;
  /** The PDF’s title (default "Users", "Listings" or "Audit log" report) */
  title?: string;
};
export type AuditExportDto = {
  /** The `query` of /audit/search */
  filters?: AuditQueryDto;
  /** PDF page: landscape A4 unless said */
  layout?: ExportLayoutDto;
  /** Rows at most (more than 10,000,000 is served as that) */
  limit?: number;
  /** With limit: which block of `limit` rows (skip overrides it) */
  page?: number;
  /** Column keys, in the order wanted (whitelisted per resource); the resource’s defaults when left out */
  select?: string[];
  /** Rows to skip first; overrides page */
  skip?: number;
  /** The order: a column key, "-" first for descending (whitelisted per resource; see each route) */
  sort?: string;
  /** The PDF’s title (default "Users", "Listings" or "Audit log" report) */
  title?: string;
};
export type ExportColumnDto = {
  key: string;
  label: string;
};
export type ExportPreviewDto = {
  columns: ExportColumnDto[];
  /** The first 10 rows as the file will have them */
  rows: string[][];
  /** Rows the export will write (the filters’ matches within skip and limit) */
  total: number;
  /** True when total is an estimate (large listing and audit selections) */
  totalIsEstimate: boolean;
};
export type AuditExportPreviewDto = {
  /** The `query` of /audit/search */
  filters?: AuditQueryDto;
  /** Which file the rows read as (CSV: numbers bare, times ISO 8601 UTC; PDF: formatted, Asia/Manila) */
  format?: "csv" | "pdf";
  /** PDF page: landscape A4 unless said */
  layout?: ExportLayoutDto;
  /** Rows at most (more than 10,000,000 is served as that) */
  limit?: number;
  /** With limit: which block of `limit` rows (skip overrides it) */
  page?: number;
  /** Column keys, in the order wanted (whitelisted per resource); the resource’s defaults when left out */
  select?: string[];
  /** Rows to skip first; overrides page */
  skip?: number;
  /** The order: a column key, "-" first for descending (whitelisted per resource; see each route) */
  sort?: string;
  /** The PDF’s title (default "Users", "Listings" or "Audit log" report) */
  title?: string;
};
export type AuditFacetCountDto = {
  count: number;
  value: string;
};
export type AuditFacetsDto = {
  day: AuditFacetCountDto[];
  /** Null: the counts cover every match. A number: the query has an actor, an entity or common words, and its other filters select more entries than this; the counts cover the newest this many of those (and, with words, the ones that have them) */
  limitedToNewest: number | null;
  severity: AuditFacetCountDto[];
  /** The entries counted */
  total: number;
  type: AuditFacetCountDto[];
};
export type AuditFilterDto = {
  query?: AuditQueryDto;
};
export type AuditEntityDto = {
  id: string;
  kind:
    | "user"
    | "listing"
    | "review"
    | "saved_item"
    | "thread"
    | "message"
    | "audit"
    | "activity"
    | "currency_rate"
    | "subscription"
    | "payment"
    | "credits"
    | "export"
    | "import"
    | "listing_report"
    | "kyc"
    | "licence"
    | "enterprise"
    | "development"
    | "dataset"
    | "market"
    | "assistant";
};
export type AuditActorDto = {
  _id: string;
  email: string | null;
  /** Their name when the entry was written */
  name: string | null;
};
export type AuditEntryDto = {
  _id: string;
  description: string;
  entity: AuditEntityDto | null;
  ip: string | null;
  requestId: string | null;
  severity: "low" | "medium" | "high" | "critical";
  timestamp: string;
  /** The event type, e.g. user.role_changed */
  type: string;
  /** Who did it (null: the system, or someone not signed in) */
  user: AuditActorDto | null;
  userAgent: string | null;
};
export type AuditListDto = {
  entries: AuditEntryDto[];
  pagination: PaginationDto;
  /** True when totalItems is an estimate (more than 10,000 matches) */
  totalIsEstimate: boolean;
};
export type AuditSearchDto = {
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  page?: number;
  query?: AuditQueryDto;
  /** Items to skip; overrides page */
  skip?: number;
  sort?: "-timestamp" | "timestamp";
};
export type CreditsDto = {
  remaining: number;
};
export type KycSummaryDto = {
  approvedAt: string | null;
  /** When the approval stops counting */
  expiresAt: string | null;
  idType:
    | "philsys_card"
    | "philsys_paper"
    | "philsys_digital"
    | "passport"
    | "drivers_license"
    | "umid"
    | "sss"
    | "prc"
    | "postal"
    | "pagibig"
    | "acr_icard";
  status:
    | "draft"
    | "submitted"
    | "in_review"
    | "approved"
    | "rejected"
    | "resubmission_requested"
    | "expired"
    | "withdrawn";
  submissionId: string;
  updatedAt: string;
};
export type LicenceSummaryDto = {
  kind: "broker" | "salesperson" | "appraiser" | "consultant";
  licenceId: string;
  number: string;
  status:
    | "pending_broker"
    | "submitted"
    | "approved"
    | "rejected"
    | "expired"
    | "revoked"
    | "withdrawn";
  supervisingBrokerId: string | null;
  supervisingBrokerName: string | null;
  validUntil: string;
};
export type PreferencesDto = {
  /** Receive monthly product updates */
  receiveMonthlyUpdates: boolean;
  /** See info about people who view my profile */
  seeProfileViewers: boolean;
};
export type SavedItemsDto = {
  listings: string[];
};
export type SubscriptionDto = {
  billingPeriod: "free" | "monthly" | "annually" | "lifetime";
  plan: "free" | "basic" | "premium" | "enterprise";
  status: "active" | "suspended" | "expired";
};
export type UserDto = {
  _id: string;
  avatar: string | null;
  createdAt: string;
  credits: CreditsDto;
  dateSignedUp: string;
  email: string;
  firstName: string;
  /** The member verified their identity with a government ID (approved KYC): the "Verified identity" badge */
  identityVerified: boolean;
  /** The account's e-mail address is confirmed (or staff vouched for the account) */
  isVerified: boolean;
  isVisible: boolean;
  /** Identity verification (KYC): null until the member starts one */
  kyc: KycSummaryDto | null;
  lastActive: string | null;
  lastName: string;
  /** PRC licence or accreditation (brokers, salespersons, appraisers, consultants) */
  licence: LicenceSummaryDto | null;
  middleName: string | null;
  phoneNumber: string | null;
  preferences: PreferencesDto;
  provider: "local" | "google" | "facebook";
  role: "user" | "viewer" | "admin" | "super_admin";
  saved: SavedItemsDto;
  status: "active" | "suspended";
  subscription: SubscriptionDto;
  subscriptionHistory: SubscriptionDto[];
  type:
    | "customer"
    | "broker"
    | "real_estate_salesperson"
    | "property_owner"
    | "real_estate_appraiser"
    | "real_estate_consultant";
  updatedAt: string;
  username: string | null;
};
export type AuthResponseDto = {
  /** Bearer token for the Authorization header */
  token: string;
  user: UserDto;
};
export type ExchangeCodeDto = {
  /** The single-use code the social sign-in callback put in /auth/callback#code= */
  code: string;
};
export type IdentityDto = {
  connectedAt: string;
  /** The e-mail address the provider gave */
  email: string | null;
  provider: "google" | "facebook";
};
export type IdentitiesDto = {
  /** Whether the member can also log in with a password */
  hasPassword: boolean;
  identities: IdentityDto[];
};
export type AuthProvidersDto = {
  providers: ("google" | "facebook")[];
};
export type ConnectUrlDto = {
  /** Where the browser goes next (the provider's consent page) */
  url: string;
};
export type AmenityBarangayDto = {
  cityCode: string;
  cityName: string;
  code: string;
  lat: number;
  lng: number;
  name: string;
};
export type AmenityPointDto = {
  /** km from the barangay's centroid */
  distanceKm: number;
  /** Point of interest id, or a barangay PSGC code */
  id: string;
  lat: number;
  lng: number;
  name: string | null;
};
export type AmenityGroupDto = {
  /** False: no data source has this category (see note) */
  available: boolean;
  category:
    "barangay" | "mall" | "residential" | "school" | "transport" | "restaurant";
  label: string;
  /** The nearest, nearest first */
  nearest: AmenityPointDto[];
  note: string | null;
  source: string | null;
  /** How many in the search area */
  total: number;
};
export type AmenitiesDto = {
  /** The barangay and its centroid (else its city's) */
  barangay: AmenityBarangayDto;
  /** The map legend's categories in order */
  categories: AmenityGroupDto[];
  notes: string[];
  poiAttribution: string;
  /** none: no OpenStreetMap points of interest were imported for this area (missing data, not an absence of places) */
  poiCoverage: "imported" | "none";
  radiusKm: number;
};
export type ReportAreaRefDto = {
  code: string;
  level: "barangay" | "city" | "province" | "region" | "national";
  name: string;
};
export type ChartPointDto = {
  sample?: number | null;
  /** YYYY-MM, YYYY-Qn or a category */
  x: string;
  y: number | null;
};
export type ReportChartSeriesDto = {
  areaName: string;
  granularity: "barangay" | "city" | "province" | "region" | "national";
  name: string;
  points: ChartPointDto[];
  source: string;
};
export type ReportChartDto = {
  id: string;
  /** line: a trend over time; bar: a mix or comparison */
  kind: "line" | "bar";
  note?: string;
  series: ReportChartSeriesDto[];
  title: string;
  unit:
    | "php"
    | "php_per_sqm"
    | "pct"
    | "count"
    | "days"
    | "ratio"
    | "persons"
    | "thousand_persons"
    | "per_100k"
    | "index"
    | "families"
    | "per_km2";
};
export type ReportFallbackDto = {
  /** The area whose figures are shown instead (the city) */
  area: ReportAreaRefDto;
  reason: "not_enough_listings";
  /** Active listings in the barangay asked about */
  sampleSize: number;
};
export type MarketFigureDto = {
  areaCode: string;
  areaName: string;
  /** The level the figure applies at */
  granularity: "barangay" | "city" | "province" | "region" | "national";
  label: string;
  /** A caveat ("Regional figure: …") */
  note?: string;
  period: string;
  /** Listings (or observations) behind it; null when the source does not say */
  sampleSize: number | null;
  /** Where the number comes from */
  source: string;
  unit:
    | "php"
    | "php_per_sqm"
    | "pct"
    | "count"
    | "days"
    | "ratio"
    | "persons"
    | "thousand_persons"
    | "per_100k"
    | "index"
    | "families"
    | "per_km2";
  value: number | null;
};
export type ReportMapPointDto = {
  /** Legend category: barangay, development, … */
  category: string;
  detail?: string;
  id: string;
  lat: number;
  lng: number;
  name: string;
};
export type ReportSourceDto = {
  granularity: "barangay" | "city" | "province" | "region" | "national";
  name: string;
  period: string;
};
export type ReportTableColumnDto = {
  key: string;
  label: string;
  unit?:
    | "php"
    | "php_per_sqm"
    | "pct"
    | "count"
    | "days"
    | "ratio"
    | "persons"
    | "thousand_persons"
    | "per_100k"
    | "index"
    | "families"
    | "per_km2"
    | "text";
};
export type ReportTableDto = {
  columns: ReportTableColumnDto[];
  granularity: "barangay" | "city" | "province" | "region" | "national";
  id: string;
  note?: string;
  period: string;
  /** One object per row, keyed by the columns' keys */
  rows: {
    [key: string]: ((string | null) | (number | null)) | null;
  }[];
  source: string;
  title: string;
};
export type MarketReportDto = {
  area: ReportAreaRefDto;
  charts: ReportChartDto[];
  /** The listing figures come from the demo seed */
  demoData: boolean;
  fallback: ReportFallbackDto | null;
  figures: MarketFigureDto[];
  generatedAt: string;
  group:
    | "demographics"
    | "economic_data"
    | "historic_and_current"
    | "job_types"
    | "monthly_expenditures"
    | "cap_ex_rate_data"
    | "capitalization_rate"
    | "future_opportunities"
    | "ongoing_development"
    | "market_cycles"
    | "property_trends"
    | "safety_and_crime"
    | "zonal_values";
  kind:
    | "all"
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm";
  mapPoints: ReportMapPointDto[];
  notes: string[];
  offer: "sale" | "rent";
  /** Parents, nearest first */
  parents: ReportAreaRefDto[];
  sources: ReportSourceDto[];
  summary: string;
  tables: ReportTableDto[];
  tier: 1 | 2 | 3;
  title: string;
};
export type CompareAreaDto = {
  area: ReportAreaRefDto;
  enoughListings: boolean;
  figures: MarketFigureDto[];
  parents: ReportAreaRefDto[];
};
export type CompareAreasDto = {
  areas: CompareAreaDto[];
  chart: ReportChartDto;
  demoData: boolean;
  kind: string;
  offer: "sale" | "rent";
};
export type SimilarFeaturesDto = {
  /** Places of the ten nearby categories within 1 km of the centroid (OpenStreetMap); null where none were imported */
  amenityCount?: number | null;
  densityPerKm2?: number | null;
  familyIncome?: number | null;
  pricePerSqm?: number | null;
};
export type SimilarItemDto = {
  area: ReportAreaRefDto;
  cityName: string | null;
  /** Root mean square of the z-score differences */
  distance: number;
  features: SimilarFeaturesDto;
  featuresUsed: string[];
  sampleSize: number;
};
export type SimilarAreasDto = {
  area: ReportAreaRefDto;
  features: SimilarFeaturesDto;
  items: SimilarItemDto[];
  kind: string;
  method: string;
  offer: "sale" | "rent";
  sources: string[];
};
export type CostAssumptionRangeDto = {
  field:
    | "vacancyPct"
    | "managementPctOfRent"
    | "maintenancePctOfRent"
    | "insurancePctOfValue"
    | "realPropertyTaxPctOfValue"
    | "capexReservePctOfRent"
    | "associationDuesPerSqmMonth";
  label: string;
  max: number;
  min: number;
  unit: string;
};
export type CostAssumptionValuesDto = {
  /** Association dues, ₱ per m² a month */
  associationDuesPerSqmMonth: number;
  /** Capital-expenditure reserve, % of rent */
  capexReservePctOfRent: number;
  /** Insurance, % of value a year */
  insurancePctOfValue: number;
  /** Maintenance, % of rent */
  maintenancePctOfRent: number;
  /** Management fee, % of rent */
  managementPctOfRent: number;
  /** Real property tax, % of market value a year */
  realPropertyTaxPctOfValue: number;
  /** Vacancy, % of the year */
  vacancyPct: number;
};
export type CostAssumptionsEntryDto = {
  /** The documented default of this kind */
  defaults: CostAssumptionValuesDto;
  /** True: the documented default (no staff change on record) */
  isDefault: boolean;
  kind: string;
  note: string;
  updatedAt: string | null;
  values: CostAssumptionValuesDto;
};
export type CostAssumptionsListDto = {
  /** The accepted range of each field */
  fields: CostAssumptionRangeDto[];
  items: CostAssumptionsEntryDto[];
  source: string;
};
export type UpdateCostAssumptionsDto = {
  /** Why (the source of the new figures) */
  note: string;
  /** Any of the fields; each a number in its range (see GET /bi/cost-assumptions, fields) */
  values: CostAssumptionValuesDto;
};
export type DevelopmentDto = {
  /** PSGC code of the barangay */
  barangayCode: string;
  barangayName: string | null;
  /** PSGC code of its city or municipality */
  cityCode: string;
  cityName: string | null;
  /** Plain text */
  description: string;
  /** km from the barangay asked about; null in lists */
  distanceKm: number | null;
  /** Expected completion (YYYY-MM-DD), null when not announced */
  expectedCompletion: string | null;
  id: string;
  kind:
    | "residential"
    | "mixed_use"
    | "commercial"
    | "office"
    | "mall"
    | "industrial"
    | "transport"
    | "infrastructure"
    | "institutional";
  lat: number;
  lng: number;
  name: string;
  /** PSGC code of its region */
  regionCode: string;
  /** Where staff learned of it (a developer announcement, a government notice) */
  sourceNote: string;
  status:
    "planned" | "approved" | "under_construction" | "completed" | "on_hold";
  updatedAt: string;
};
export type DevelopmentListDto = {
  items: DevelopmentDto[];
  pagination: PaginationDto;
  source: string;
};
export type DatasetInfoDto = {
  dataset: string;
  fileName: string;
  importedAt: string;
  periodFrom: string | null;
  periodTo: string | null;
  rows: number;
  /** The attribution to show */
  source: string;
  title: string;
};
export type DatasetListDto = {
  items: DatasetInfoDto[];
};
export type SaveDevelopmentDto = {
  /** PSGC code of the barangay (its city and region are derived) */
  barangayCode: string;
  /** Plain text */
  description?: string;
  /** YYYY-MM-DD; null or absent when not announced */
  expectedCompletion?: string | null;
  kind:
    | "residential"
    | "mixed_use"
    | "commercial"
    | "office"
    | "mall"
    | "industrial"
    | "transport"
    | "infrastructure"
    | "institutional";
  /** Latitude; with lng. Absent: the barangay's centroid */
  lat?: number;
  /** Longitude; with lat. Absent: the barangay's centroid */
  lng?: number;
  name: string;
  /** Where staff learned of it (required) */
  sourceNote: string;
  status:
    "planned" | "approved" | "under_construction" | "completed" | "on_hold";
};
export type BarangayOptionDto = {
  activeListings: number;
  code: string;
  enoughListings: boolean;
  name: string;
};
export type CityOptionDto = {
  activeListings: number;
  code: string;
  name: string;
};
export type GroupOptionDto = {
  id:
    | "demographics"
    | "economic_data"
    | "historic_and_current"
    | "job_types"
    | "monthly_expenditures"
    | "cap_ex_rate_data"
    | "capitalization_rate"
    | "future_opportunities"
    | "ongoing_development"
    | "market_cycles"
    | "property_trends"
    | "safety_and_crime"
    | "zonal_values";
  tier: number;
  title: string;
};
export type CodeNameDto = {
  code: string;
  name: string;
};
export type DropdownValuesDto = {
  /** Barangays of `city` (empty without it) */
  barangays: BarangayOptionDto[];
  /** Cities and municipalities of `region` (empty without it) */
  cities: CityOptionDto[];
  groups: GroupOptionDto[];
  kinds: (
    | "all"
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm"
  )[];
  minSample: number;
  /** Months (YYYY-MM) with listings in the country */
  months: string[];
  offers: ("sale" | "rent")[];
  regions: CodeNameDto[];
};
export type ExportReportDto = {
  area: string;
  group:
    | "demographics"
    | "economic_data"
    | "historic_and_current"
    | "job_types"
    | "monthly_expenditures"
    | "cap_ex_rate_data"
    | "capitalization_rate"
    | "future_opportunities"
    | "ongoing_development"
    | "market_cycles"
    | "property_trends"
    | "safety_and_crime"
    | "zonal_values";
  kind?:
    | "all"
    | "condominium"
    | "house_and_lot"
    | "townhouse"
    | "apartment"
    | "lot"
    | "office"
    | "commercial_space"
    | "warehouse"
    | "farm";
  offer?: "sale" | "rent";
};
export type ReportGroupInfoDto = {
  entitlement: string;
  id:
    | "demographics"
    | "economic_data"
    | "historic_and_current"
    | "job_types"
    | "monthly_expenditures"
    | "cap_ex_rate_data"
    | "capitalization_rate"
    | "future_opportunities"
    | "ongoing_development"
    | "market_cycles"
    | "property_trends"
    | "safety_and_crime"
    | "zonal_values";
  /** The caller's plan does not unlock it (guests read as Free; staff see everything) */
  locked: boolean;
  /** The cheapest plan that unlocks it */
  requiredPlan: "free" | "basic" | "premium" | "enterprise";
  requiredPlanName: string;
  sources: string[];
  summary: string;
  tier: 1 | 2 | 3;
  title: string;
};
export type ReportGroupListDto = {
  currentPlan: "free" | "basic" | "premium" | "enterprise";
  groups: ReportGroupInfoDto[];
  /** Listings an area needs before its own figures are shown */
  minSample: number;
};
export type OpportunityReasonDto = {
  factor:
    "rising_price" | "high_yield" | "demand_above_supply" | "below_city_median";
  points: number;
  text: string;
};
export type OpportunityItemDto = {
  area: ReportAreaRefDto;
  cityName: string | null;
  grossYieldPct: number | null;
  medianPricePerSqm: number | null;
  priceChangePct: number | null;
  reasons: OpportunityReasonDto[];
  sampleSize: number;
  /** 0-100 */
  score: number;
};
export type OpportunitiesDto = {
  comparedWith: string;
  /** Barangays scored */
  considered: number;
  items: OpportunityItemDto[];
  method: string;
  minSample: number;
  period: string;
  source: string;
  within: ReportAreaRefDto;
};
export type LocationAnalysisDto = {
  barangay: ReportAreaRefDto;
  /** From the point to the barangay centroid */
  distanceKm: number | null;
  method: string;
  summary: MarketReportDto;
};
export type ChoroplethGeometryDto = {
  /** GeoJSON coordinates (lng, lat) */
  coordinates: any[];
  type: "Polygon" | "MultiPolygon";
};
export type ChoroplethPropertiesDto = {
  cityCode: string | null;
  /** 2023 PSGC code of the boundary */
  code: string;
  computedAt: string | null;
  /** The current (4Q 2025) PSGC code, null when the 2023 code is not a current barangay */
  currentCode: string | null;
  name: string;
  /** Listings behind the value */
  sample: number;
  /** null: no data (below the minimum sample) */
  value: number | null;
};
export type ChoroplethFeatureDto = {
  geometry: ChoroplethGeometryDto;
  properties: ChoroplethPropertiesDto;
  type: "Feature";
};
export type ChoroplethDto = {
  boundarySource: string;
  cityCode: string | null;
  features: ChoroplethFeatureDto[];
  granularity: "barangay";
  kind: string;
  max: number | null;
  metric: "median_price_per_sqm" | "active_count";
  min: number | null;
  minSample: number;
  notes: string[];
  offer: "sale" | "rent";
  period: string;
  source: string;
  type: "FeatureCollection";
  unit: "php_per_sqm" | "count";
};
export type PriceBandDto = {
  count: number;
  label: string;
  max: number | null;
  min: number;
};
export type PriceRangesDto = {
  area: ReportAreaRefDto;
  /** The spec's price bands (PRICE_BANDS), in pesos */
  bands: PriceBandDto[];
  demoData: boolean;
  fallback: ReportFallbackDto | null;
  granularity: "barangay" | "city" | "province" | "region" | "national";
  kind: string;
  notes: string[];
  offer: "sale" | "rent";
  period: string;
  sampleSize: number;
  /** The area counted (the city when the barangay has too few listings) */
  shownArea: ReportAreaRefDto;
  source: string;
};
export type TopAreaItemDto = {
  activeCount: number;
  area: ReportAreaRefDto;
  parentName: string | null;
  rank: number;
  sampleSize: number;
  value: number | null;
};
export type TopAreasDto = {
  demoData: boolean;
  items: TopAreaItemDto[];
  kind: string;
  level: "barangay" | "city" | "province" | "region" | "national";
  metric:
    | "median_price_per_sqm"
    | "active_count"
    | "new_30d"
    | "inquiries_per_listing"
    | "median_days_on_market";
  minSample: number;
  offer: "sale" | "rent";
  period: string;
  source: string;
};
export type PlaceHitDto = {
  /** Active listings (the offer asked, all kinds) */
  activeListings: number;
  cityName: string | null;
  code: string;
  /** At least the minimum sample of listings */
  enoughListings: boolean;
  level: "barangay" | "city" | "province" | "region" | "national";
  name: string;
  provinceName: string | null;
  regionName: string | null;
};
export type PlaceSearchResultDto = {
  items: PlaceHitDto[];
  pagination: PaginationDto;
};
export type PlaceSearchDto = {
  /** Levels to search (default: all four) */
  levels?: ("barangay" | "city" | "province" | "region")[];
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  /** The offer the listing counts are of */
  offer?: "sale" | "rent";
  page?: number;
  /** Items to skip; overrides page */
  skip?: number;
  /** Part of a place name (at least 2 characters) */
  text: string;
};
export type CurrencyRateDto = {
  /** The date the rate is of (YYYY-MM-DD) */
  asOf: string;
  currency: "USD" | "EUR" | "GBP" | "INR" | "CNY" | "JPY" | "KRW" | "BRL";
  /** Pesos for one unit of the currency (at most 6 decimals) */
  phpPerUnit: number;
  /** Where the rate came from */
  source: string;
  /** When the rate was last written */
  updatedAt: string;
};
export type CurrencyRatesDto = {
  /** Prices are in this currency; its rate is always 1 */
  base: "PHP";
  /** The current rate (latest asOf) of each foreign currency, in the order USD, EUR, GBP, INR, CNY, JPY, KRW, BRL */
  rates: CurrencyRateDto[];
};
export type CurrencyRateWrittenDto = {
  /** The date the rate is of (YYYY-MM-DD) */
  asOf: string;
  currency: "USD" | "EUR" | "GBP" | "INR" | "CNY" | "JPY" | "KRW" | "BRL";
  /** Whether this is now the current rate (false when a rate of a later asOf exists) */
  current: boolean;
  /** Pesos for one unit of the currency (at most 6 decimals) */
  phpPerUnit: number;
  /** Where the rate came from */
  source: string;
  /** When the rate was last written */
  updatedAt: string;
};
export type UpdateCurrencyRateDto = {
  /** The date the rate is of (YYYY-MM-DD): from 2000-01-01 to today in Asia/Manila */
  asOf: string;
  /** Pesos for one unit of the currency: above 0, at most 1,000,000, at most 6 decimals */
  phpPerUnit: number;
  /** Where the rate came from */
  source?: string;
};
export type CurrencyRateEditorDto = {
  firstName: string;
  id: string;
  lastName: string;
};
export type CurrencyRateHistoryItemDto = {
  /** The date the rate is of (YYYY-MM-DD) */
  asOf: string;
  currency: "USD" | "EUR" | "GBP" | "INR" | "CNY" | "JPY" | "KRW" | "BRL";
  /** Pesos for one unit of the currency (at most 6 decimals) */
  phpPerUnit: number;
  /** Where the rate came from */
  source: string;
  /** When the rate was last written */
  updatedAt: string;
  /** Who last wrote the rate; null for the shipped starting rates and for a removed account */
  updatedBy: CurrencyRateEditorDto | null;
};
export type CurrencyRateHistoryDto = {
  pagination: PaginationDto;
  /** Newest asOf first */
  rates: CurrencyRateHistoryItemDto[];
};
export type EnterpriseInviteDto = {
  _id: string;
  createdAt: string;
  email: string;
  expiresAt: string;
  monthlyCreditCap: number | null;
  role: "admin" | "member";
  status: "open" | "expired" | "used" | "revoked";
};
export type EnterpriseMemberDto = {
  avatar: string | null;
  email: string;
  firstName: string;
  /** Verified identity (needed to be the owner or an admin) */
  isVerified: boolean;
  joinedAt: string;
  lastName: string;
  /** Credits a month from the pool; null: no cap */
  monthlyCreditCap: number | null;
  role: "owner" | "admin" | "member";
  status: "active" | "paused";
  userId: string;
};
export type EnterprisePersonDto = {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
};
export type EnterpriseDto = {
  _id: string;
  createdAt: string;
  /** Open and expired invitations (owner, admins and staff; empty for members) */
  invites: EnterpriseInviteDto[];
  memberCount: number;
  /** Owner first, then admins, then members */
  members: EnterpriseMemberDto[];
  name: string;
  owner: EnterprisePersonDto;
  /** Credits in the team’s pool */
  poolBalance: number;
  seatLimit: number;
  /** Members (paused ones too) and open invitations */
  seatsUsed: number;
  status: "active" | "suspended";
  updatedAt: string;
};
export type MyEnterpriseDto = {
  enterprise: EnterpriseDto | null;
  membership: EnterpriseMemberDto | null;
  role: ("owner" | "admin" | "member") | null;
};
export type ActivateInviteDto = {
  /** Signed out: the new account’s first name */
  firstName?: string;
  /** Signed out: the new account’s last name */
  lastName?: string;
  /** Signed out: the new account’s password */
  password?: string;
};
export type AddPoolCreditsResultDto = {
  /** false: this idempotency key added credits already */
  applied: boolean;
  /** The pool’s balance now */
  balance: number;
  enterpriseId: string;
};
export type AddPoolCreditsDto = {
  amount: number;
  enterpriseId: string;
  /** The same key adds the credits once (a retried request); default: every request adds */
  idempotencyKey?: string;
  /** Why (kept in the ledger and the audit log) */
  reason: string;
};
export type CreateEnterpriseDto = {
  name: string;
  /** The owner (staff: required; a member creates their own team and leaves it out) */
  ownerId?: string;
  /** Seats (staff only; default the Enterprise plan’s seats) */
  seatLimit?: number;
};
export type EnterpriseSummaryDto = {
  _id: string;
  createdAt: string;
  memberCount: number;
  name: string;
  owner: EnterprisePersonDto;
  seatLimit: number;
  /** Members (paused ones too) and open invitations */
  seatsUsed: number;
  status: "active" | "suspended";
  updatedAt: string;
};
export type EnterpriseListDto = {
  enterprises: EnterpriseSummaryDto[];
  pagination: PaginationDto;
};
export type InviteMemberDto = {
  email: string;
  /** The team (staff; members invite to their own team) */
  enterpriseId?: string;
  /** Credits a month from the pool; none: no cap */
  monthlyCreditCap?: number | null;
  role: "admin" | "member";
};
export type InvitePreviewDto = {
  /** An account with the invited e-mail exists (sign in to accept) or not (create one) */
  accountExists: boolean;
  email: string;
  enterpriseName: string;
  expiresAt: string;
  role: "admin" | "member";
  status: "open" | "expired" | "used" | "revoked";
};
export type UpdateSubAccountDto = {
  /** Credits a month from the pool; null: no cap */
  monthlyCreditCap?: number | null;
  /** admin or member (nobody makes a second owner) */
  role?: "admin" | "member";
  /** paused: cannot act for the team or spend the pool */
  status?: "active" | "paused";
  /** The member */
  userId: string;
};
export type PoolMemberSpendDto = {
  firstName: string;
  lastName: string;
  /** Credits spent from the pool in the asked window (this month when none) */
  spentInRange: number;
  /** Credits spent from the pool this calendar month (Asia/Manila): held or committed, refunds excluded */
  spentThisMonth: number;
  userId: string;
};
export type PoolMemberRefDto = {
  _id: string;
  firstName: string;
  lastName: string;
};
export type PoolEntryDto = {
  /** The ledger row id */
  _id: string;
  /** Credits moved in the pool: positive added, negative taken (a commit moves 0: the reserve took them) */
  amount: number;
  /** The pool's balance after this row */
  balanceAfter: number;
  createdAt: string;
  kind:
    | "allowance"
    | "purchase"
    | "adjustment"
    | "reserve"
    | "commit"
    | "refund"
    | "transfer";
  /** The member who spent (null on credits added to the pool) */
  member: PoolMemberRefDto | null;
  reason: string | null;
  reservationId: string | null;
};
export type PoolAccountDto = {
  /** Credits in the team's pool now */
  balance: number;
  /** Spending by member, the largest in the window first */
  byMember: PoolMemberSpendDto[];
  enterpriseId: string;
  /** The pool's ledger, newest first */
  entries: PoolEntryDto[];
  pagination: PaginationDto;
  /** Credits held from the pool by work in progress (already taken off balance) */
  reserved: number;
};
export type DashboardListingsDto = {
  active: number;
  total: number;
};
export type DashboardMemberDto = {
  /** Credits they spent from the pool in the window */
  creditsUsed: number;
  firstName: string;
  /** Threads about their team listings that someone else started in the window */
  inquiries: number;
  lastName: string;
  /** Their team listings now */
  listings: DashboardListingsDto;
  /** Median seconds from the first message by someone else to their first reply (threads whose first such message is in the window); null: none */
  medianFirstResponseSeconds: number | null;
  role: "owner" | "admin" | "member";
  status: "active" | "paused";
  userId: string;
};
export type DashboardTotalsDto = {
  creditsUsed: number;
  inquiries: number;
  /** All the team’s listings (those of former members too) */
  listings: DashboardListingsDto;
  medianFirstResponseSeconds: number | null;
  members: number;
};
export type EnterpriseDashboardDto = {
  enterpriseId: string;
  from: string;
  members: DashboardMemberDto[];
  to: string;
  totals: DashboardTotalsDto;
};
export type ExportJobDto = {
  createdAt: string;
  /** Only when ready: a signed link valid 5 minutes (works as <a href download>, no token needed); GET the job again for a fresh one */
  downloadUrl?: string;
  error: string | null;
  /** When the file is removed (a day after it is ready) */
  expiresAt: string | null;
  fileName: string;
  /** Bytes, once ready */
  fileSize: number | null;
  finishedAt: string | null;
  format: "csv" | "pdf";
  id: string;
  /** 0-100 */
  progress: number;
  resource: "users" | "listings" | "audit";
  rowsWritten: number;
  status: "queued" | "running" | "ready" | "failed" | "expired";
  totalRows: number | null;
};
export type ExportJobListDto = {
  exports: ExportJobDto[];
  pagination: PaginationDto;
};
export type KycPersonDto = {
  _id: string;
  firstName: string;
  lastName: string;
};
export type KycFileDto = {
  _id: string;
  kind: "front" | "back" | "selfie";
  mimeType: "image/jpeg" | "image/png" | "image/webp";
  /** Bytes of the image */
  size: number;
};
export type KycReviewDto = {
  action:
    | "assigned"
    | "released"
    | "approved"
    | "rejected"
    | "resubmission_requested"
    | "expired";
  createdAt: string;
  note: string | null;
  reasonCodes: (
    | "image_blurry"
    | "image_cropped"
    | "glare"
    | "id_expired"
    | "name_mismatch"
    | "birth_date_mismatch"
    | "id_number_mismatch"
    | "selfie_mismatch"
    | "selfie_missing_id"
    | "unsupported_id"
    | "suspected_tampering"
    | "other"
  )[];
  /** null for the system (expiry) or a removed reviewer */
  reviewer: KycPersonDto | null;
};
export type KycMemberDto = {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  type: string;
};
export type KycSubmissionDto = {
  _id: string;
  approvedAt: string | null;
  /** The reviewer who took it (in_review) */
  assignedTo: KycPersonDto | null;
  birthDate: string;
  createdAt: string;
  /** When an approval stops counting */
  expiresAt: string | null;
  files: KycFileDto[];
  /** The images were deleted (retention); files is then empty */
  filesPurged: boolean;
  fullName: string;
  idExpiresOn: string | null;
  /** The last 4 characters of the ID number (the rest is never shown) */
  idNumberLast4: string;
  idType:
    | "philsys_card"
    | "philsys_paper"
    | "philsys_digital"
    | "passport"
    | "drivers_license"
    | "umid"
    | "sss"
    | "prc"
    | "postal"
    | "pagibig"
    | "acr_icard";
  /** The last decision's reasons (what to fix) */
  reasonCodes: (
    | "image_blurry"
    | "image_cropped"
    | "glare"
    | "id_expired"
    | "name_mismatch"
    | "birth_date_mismatch"
    | "id_number_mismatch"
    | "selfie_mismatch"
    | "selfie_missing_id"
    | "unsupported_id"
    | "suspected_tampering"
    | "other"
  )[];
  reviewNote: string | null;
  reviewedAt: string | null;
  /** Reviewers only (GET /kyc/get/{id}): every reviewer action, oldest first */
  reviews?: KycReviewDto[];
  status:
    | "draft"
    | "submitted"
    | "in_review"
    | "approved"
    | "rejected"
    | "resubmission_requested"
    | "expired"
    | "withdrawn";
  submittedAt: string | null;
  updatedAt: string;
  /** Reviewers only: the member */
  user?: KycMemberDto;
  userId: string;
};
export type KycFileLinkDto = {
  expiresAt: string;
  /** GET it with the same bearer token; valid 5 minutes */
  url: string;
};
export type KycFileLinkRequestDto = {
  /** Why the file is opened (recorded in the audit log); the owner may give any */
  reason:
    "review" | "appeal" | "fraud_investigation" | "legal_request" | "support";
};
export type KycListDto = {
  pagination: PaginationDto;
  /** Oldest submittedAt first (the queue order) */
  submissions: KycSubmissionDto[];
};
export type MyKycDto = {
  /** The newest submission (the open one while there is one), or null */
  current: KycSubmissionDto | null;
  /** The older submissions, newest first */
  history: KycSubmissionDto[];
};
export type UpdateKycStatusDto = {
  /** What the member should know (plain text, shown to them) */
  note?: string;
  /** Needed (at least one) to reject or ask for a resubmission; other needs a note */
  reasonCodes?: (
    | "image_blurry"
    | "image_cropped"
    | "glare"
    | "id_expired"
    | "name_mismatch"
    | "birth_date_mismatch"
    | "id_number_mismatch"
    | "selfie_mismatch"
    | "selfie_missing_id"
    | "unsupported_id"
    | "suspected_tampering"
    | "other"
  )[];
  /** in_review: take it (assign to me); submitted: release it; approved, rejected, resubmission_requested: decide */
  status:
    | "in_review"
    | "submitted"
    | "approved"
    | "rejected"
    | "resubmission_requested";
};
export type LicensedBrokerDto = {
  /** The broker's member id (supervisingBrokerId) */
  _id: string;
  firstName: string;
  lastName: string;
  licenceNumber: string;
};
export type LicensedBrokerListDto = {
  /** At most 20 */
  brokers: LicensedBrokerDto[];
};
export type LicenceMemberDto = {
  _id: string;
  firstName: string;
  lastName: string;
};
export type SupervisingBrokerDto = {
  /** The broker's member id */
  _id: string;
  firstName: string;
  lastName: string;
  /** The broker's PRC licence number (their latest broker licence) */
  licenceNumber: string;
  /** Whether the broker's licence is approved now: false once it expired or was revoked (the salesperson's accreditation stays, marked so: they should name another broker) */
  licenceValid: boolean;
};
export type LicenceUserDto = {
  _id: string;
  email: string;
  firstName: string;
  /** Identity verified (approved KYC) */
  identityVerified: boolean;
  /** The account's e-mail address is confirmed */
  isVerified: boolean;
  /** The member's KYC summary: reviewers check the number against a verified PRC ID */
  kyc: KycSummaryDto | null;
  lastName: string;
  type:
    | "customer"
    | "broker"
    | "real_estate_salesperson"
    | "property_owner"
    | "real_estate_appraiser"
    | "real_estate_consultant";
};
export type LicenceDto = {
  _id: string;
  approvedAt: string | null;
  /** The badge text while approved ("PRC-licensed broker No. 0012345"), else null */
  badge: string | null;
  brokerConfirmedAt: string | null;
  /** Set when the named broker declined (status stays pending_broker: name another broker) */
  brokerDeclinedAt: string | null;
  createdAt: string;
  kind: "broker" | "salesperson" | "appraiser" | "consultant";
  /** Staff only: whether the member's verified identity (KYC) is a PRC ID to check the number against (false: the screen warns) */
  kycPrcIdVerified?: boolean;
  /** The licence holder, for the supervising broker and staff */
  member?: LicenceMemberDto;
  number: string;
  reasonCodes: (
    | "number_not_on_prc_id"
    | "name_mismatch"
    | "expired"
    | "no_kyc_prc_id"
    | "broker_not_licensed"
    | "other"
  )[];
  reviewNote: string | null;
  reviewedAt: string | null;
  status:
    | "pending_broker"
    | "submitted"
    | "approved"
    | "rejected"
    | "expired"
    | "revoked"
    | "withdrawn";
  submittedAt: string;
  /** A salesperson's supervising broker */
  supervisingBroker: SupervisingBrokerDto | null;
  updatedAt: string;
  /** Staff only */
  user?: LicenceUserDto;
  userId: string;
  validUntil: string;
};
export type CreateLicenceDto = {
  /** The member type's licence: broker, salesperson (accreditation), appraiser or consultant */
  kind: "broker" | "salesperson" | "appraiser" | "consultant";
  /** The PRC registration or accreditation number: up to 7 digits, leading zeros kept */
  number: string;
  /** Salespersons only: the member id of the licensed broker they work under (see GET /licence/brokers) */
  supervisingBrokerId?: string;
  /** The validity date on the PRC ID (YYYY-MM-DD), after today (Asia/Manila) */
  validUntil: string;
};
export type LicenceListDto = {
  licences: LicenceDto[];
  pagination: PaginationDto;
};
export type MyLicencesDto = {
  /** The licence pending, in review or approved */
  current: LicenceDto | null;
  /** Earlier licences (rejected, expired, revoked, withdrawn), newest first */
  history: LicenceDto[];
  /** Salespersons naming me as their supervising broker, those waiting for my answer first */
  supervising: LicenceDto[];
};
export type SuperviseLicenceDto = {
  /** true: I supervise this salesperson; false: I do not */
  confirm: boolean;
};
export type ReviewLicenceDto = {
  /** Shown to the member */
  note?: string;
  /** Required (at least one) to reject or revoke; `other` needs a note */
  reasonCodes?: (
    | "number_not_on_prc_id"
    | "name_mismatch"
    | "expired"
    | "no_kyc_prc_id"
    | "broker_not_licensed"
    | "other"
  )[];
  status: "approved" | "rejected" | "revoked";
};
export type UpdateLicenceDto = {
  /** The PRC number: up to 7 digits, leading zeros kept */
  number?: string;
  /** Salespersons only: the broker they work under (naming one again after a decline asks them again) */
  supervisingBrokerId?: string;
  /** The validity date (YYYY-MM-DD), after today (Asia/Manila) */
  validUntil?: string;
};
export type BulkItemResultDto = {
  id: string;
  /** Why it failed (the message the single-listing route would give) */
  message?: string;
  ok: boolean;
};
export type ListingBulkResultDto = {
  done: number;
  failed: number;
  /** One per distinct id, in the order given */
  results: BulkItemResultDto[];
};
export type ListingBulkDto = {
  action: "hide" | "show" | "verify" | "unverify" | "remove";
  ids: string[];
};
export type MapBoxDto = {
  east: number;
  north: number;
  south: number;
  west: number;
};
export type ListingClusterDto = {
  /** The extent of its listings (zoom to it to split the cluster) */
  bounds: MapBoxDto;
  /** Listings in the cluster (scaled from a sample when the answer is approximate) */
  count: number;
  /** Where its listings are (their count-weighted centre) */
  lat: number;
  lng: number;
};
export type ListingPinDto = {
  _id: string;
  currency: string;
  lat: number;
  lng: number;
  name: string;
  offer: "sale" | "rent";
  price: number;
};
export type ListingClustersDto = {
  /** True when a broad filter over a box with very many listings was counted on a sample of them (counts are scaled, rounded); false: every count is exact */
  approximate: boolean;
  /** The box counted: the box sent, or (taller than 4°) widened to whole cells of 0.005° × 2^k so its edges need no listing-by-listing count */
  box: MapBoxDto;
  /** Empty when the box holds at most 200 matches (see pins) */
  clusters: ListingClusterDto[];
  /** The matches' extent in the box (fit the map to it); null when none */
  extent: MapBoxDto | null;
  /** The cluster cell: 0.005° × 2^level on a side */
  level: number;
  /** Every match, when the box holds at most 200; else empty */
  pins: ListingPinDto[];
  /** Matches in the box (the sum of the clusters' counts) */
  total: number;
};
export type BoundsDto = {
  east: number;
  north: number;
  south: number;
  west: number;
};
export type ListingClustersQueryDto = {
  /** The map's visible box (at most 30° on a side) */
  bounds: BoundsDto;
  /** Typo-tolerant text over name, description, code and address */
  fuzzySearch?: string;
  /** Filters: ranges {min,max} (inclusive) for price, lotSize, floorSize, bedrooms, bathrooms, parkingSlots ({min: N} is "at least N"); lists (any may match) for type, offer (sale, rent), kind, furnishing, status, city, barangay (PSGC codes); tags (all must match); rating {min}; verified */
  match?: {
    [key: string]: any;
  };
  /** Exact filters: owner (user id), code, status, type, verified, visible (true/false); staff only (else 400 "query.<field> is for staff"): hasDocuments (has ownership documents), reported (has open reports) */
  query?: {
    [key: string]: any;
  };
  /** The map's zoom level: clusters are about a quarter of a map tile across (coarser when the box would hold more than 32 across) */
  zoom: number;
};
export type ListingAddressDto = {
  barangay: string;
  barangayCode: string;
  city: string;
  cityCode: string;
  province: string | null;
  provinceCode: string | null;
  region: string;
  regionCode: string;
  street: string | null;
  type: string | null;
};
export type ListingImageDto = {
  _id: string;
  height: number;
  thumbnailUrl: string;
  url: string;
  width: number;
};
export type ListingLocationDto = {
  lat: number;
  lng: number;
};
export type ListingOwnerLicenceDto = {
  kind: "broker" | "salesperson" | "appraiser" | "consultant";
  number: string;
};
export type ListingOwnerDto = {
  _id: string;
  avatar: string | null;
  firstName: string;
  /** Always present: the owner verified their identity (approved KYC), the "Verified identity" badge */
  isVerified?: boolean;
  lastName: string;
  /** Always present: the owner's PRC licence while approved (the badge), else null */
  licence?: ListingOwnerLicenceDto | null;
};
export type RatingDto = {
  average: number;
  count: number;
};
export type ListingDto = {
  _id: string;
  address: ListingAddressDto;
  amenities: string[];
  bathrooms: number | null;
  bedrooms: number | null;
  code: string;
  createdAt: string;
  currency: string;
  description: string;
  descriptionHtml: string;
  /** Staff only (search pages, the admin user page): how many ownership documents it has */
  documentsCount?: number;
  floorSize: number | null;
  furnishing: ("furnished" | "semi_furnished" | "unfurnished") | null;
  /** Present (true) when it is hidden because its owner is suspended: reinstating the owner shows it again */
  hiddenForSuspension?: boolean;
  images: ListingImageDto[];
  /** Whether the caller saved it (false for guests) */
  isSaved: boolean;
  isVisible: boolean;
  /** The property kind, inside `type` */
  kind:
    | (
        | "condominium"
        | "house_and_lot"
        | "townhouse"
        | "apartment"
        | "lot"
        | "office"
        | "commercial_space"
        | "warehouse"
        | "farm"
      )
    | null;
  location: ListingLocationDto;
  lotSize: number | null;
  name: string;
  /** Buy (sale) or rent; the "for sale" / "for rent" tag follows it */
  offer: "sale" | "rent";
  /** Staff only (search pages, the admin user page): how many open reports it has */
  openReports?: number;
  owner: ListingOwnerDto;
  /** The owner is a broker, salesperson, appraiser or consultant without an approved PRC licence (RESA requires one): buyers are told so */
  ownerUnlicensed: boolean;
  parkingSlots: number | null;
  price: number;
  rating: RatingDto;
  savedCount: number;
  status: string;
  tags: string[];
  type: string;
  updatedAt: string;
  uploadedBy: string | null;
  verified: boolean;
  views: number;
};
export type AddressInputDto = {
  barangayCode: string;
  cityCode?: string;
  provinceCode?: string | null;
  regionCode?: string;
  street?: string | null;
  /** Kind of address: house and lot, condominium, lot, ... */
  type?: string | null;
};
export type LocationDto = {
  lat: number;
  lng: number;
};
export type CreateListingDto = {
  address: AddressInputDto;
  amenities?: string[];
  bathrooms?: number | null;
  bedrooms?: number | null;
  currency?:
    "PHP" | "USD" | "EUR" | "GBP" | "INR" | "CNY" | "JPY" | "KRW" | "BRL";
  /** Plain-text description (derived from descriptionHtml when only that is sent) */
  description?: string;
  /** Rich description; sanitised on the server */
  descriptionHtml?: string;
  /** Floor size in square metres */
  floorSize?: number | null;
  /** Default: read from the "furnished" / "unfurnished" tag; the tags follow it (semi_furnished carries neither) */
  furnishing?: ("furnished" | "semi_furnished" | "unfurnished") | null;
  /** The property kind; it must belong to the type (condominium, house_and_lot, townhouse, apartment: residential; lot: land; office, commercial_space: commercial; warehouse: industrial; farm: agricultural); null clears it */
  kind?:
    | (
        | "condominium"
        | "house_and_lot"
        | "townhouse"
        | "apartment"
        | "lot"
        | "office"
        | "commercial_space"
        | "warehouse"
        | "farm"
      )
    | null;
  location: LocationDto;
  /** Lot size in square metres */
  lotSize?: number | null;
  name: string;
  /** Buy (sale) or rent. Default: read from the "for rent" / "for sale" tag, else sale; the tags follow it */
  offer?: "sale" | "rent";
  /** Parking slots */
  parkingSlots?: number | null;
  /** Asking price, or monthly rent for rentals */
  price: number;
  status?: "draft" | "active" | "sold" | "rented" | "archived";
  tags?: (
    | "for sale"
    | "for rent"
    | "as is where is"
    | "clean title"
    | "has ATS"
    | "looking for joint venture"
    | "company owned"
    | "individual owner"
    | "Tahanan verified"
    | "short term"
    | "long term"
    | "new"
    | "old"
    | "under construction"
    | "renovated"
    | "furnished"
    | "unfurnished"
    | "pet friendly"
    | "no pets allowed"
  )[];
  type:
    | "residential"
    | "commercial"
    | "industrial"
    | "agricultural"
    | "land"
    | "other";
};
export type DashboardResultDto = {
  /** Threads about the member's listings that other members started */
  totalInquiries?: number;
  totalListings?: number;
  totalSaved?: number;
  totalViews?: number;
};
export type DashboardDto = {
  /** The totals wanted; an empty list answers all of them */
  data: ("totalListings" | "totalSaved" | "totalViews" | "totalInquiries")[];
  filter: {
    userId?: string;
  };
};
export type DeleteImageDto = {
  imageId: string;
  listingId: string;
};
export type ListingExportFiltersDto = {
  bounds?: BoundsDto;
  /** Text over name, description, code and address */
  fuzzySearch?: string;
  /** Ranges and lists as /listing/search takes them (price, type, offer, city, barangay, status, verified, …) */
  match?: {
    [key: string]: any;
  };
  /** Exact filters: owner (user id), code, status, verified, type */
  query?: {
    [key: string]: any;
  };
};
export type ListingExportWithFormatDto = {
  filters?: ListingExportFiltersDto;
  format: "csv" | "pdf";
  /** PDF page: landscape A4 unless said */
  layout?: ExportLayoutDto;
  /** Rows at most (more than 10,000,000 is served as that) */
  limit?: number;
  /** With limit: which block of `limit` rows (skip overrides it) */
  page?: number;
  /** Column keys, in the order wanted (whitelisted per resource); the resource’s defaults when left out */
  select?: string[];
  /** Rows to skip first; overrides page */
  skip?: number;
  /** The order: a column key, "-" first for descending (whitelisted per resource; see each route) */
  sort?: string;
  /** The PDF’s title (default "Users", "Listings" or "Audit log" report) */
  title?: string;
};
export type ListingExportDto = {
  filters?: ListingExportFiltersDto;
  /** PDF page: landscape A4 unless said */
  layout?: ExportLayoutDto;
  /** Rows at most (more than 10,000,000 is served as that) */
  limit?: number;
  /** With limit: which block of `limit` rows (skip overrides it) */
  page?: number;
  /** Column keys, in the order wanted (whitelisted per resource); the resource’s defaults when left out */
  select?: string[];
  /** Rows to skip first; overrides page */
  skip?: number;
  /** The order: a column key, "-" first for descending (whitelisted per resource; see each route) */
  sort?: string;
  /** The PDF’s title (default "Users", "Listings" or "Audit log" report) */
  title?: string;
};
export type ListingExportPreviewDto = {
  filters?: ListingExportFiltersDto;
  /** Which file the rows read as (CSV: numbers bare, times ISO 8601 UTC; PDF: formatted, Asia/Manila) */
  format?: "csv" | "pdf";
  /** PDF page: landscape A4 unless said */
  layout?: ExportLayoutDto;
  /** Rows at most (more than 10,000,000 is served as that) */
  limit?: number;
  /** With limit: which block of `limit` rows (skip overrides it) */
  page?: number;
  /** Column keys, in the order wanted (whitelisted per resource); the resource’s defaults when left out */
  select?: string[];
  /** Rows to skip first; overrides page */
  skip?: number;
  /** The order: a column key, "-" first for descending (whitelisted per resource; see each route) */
  sort?: string;
  /** The PDF’s title (default "Users", "Listings" or "Audit log" report) */
  title?: string;
};
export type CityFacetDto = {
  code: string;
  count: number;
  name: string;
};
export type FacetValueDto = {
  count: number;
  value: string;
};
export type PriceBandFacetDto = {
  count: number;
  max: number | null;
  min: number;
};
export type ListingFacetsDto = {
  cities: CityFacetDto[];
  /** true when there were too many matches to count one by one: the counts are estimates (two significant digits) from the first 2,000 matches read, or from a fixed sample of pages */
  estimated: boolean;
  /** Listings per furnishing (those without one are not counted) */
  furnishings: FacetValueDto[];
  /** Listings per property kind (those without a kind are not counted) */
  kinds: FacetValueDto[];
  /** Listings per offer (sale, rent) */
  offers: FacetValueDto[];
  priceBands: PriceBandFacetDto[];
  tags: FacetValueDto[];
  types: FacetValueDto[];
};
export type ListingSearchDto = {
  /** Map bounding box */
  bounds?: BoundsDto;
  /** Typo-tolerant text over name, description, code and address */
  fuzzySearch?: string;
  lean?: boolean;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  /** Filters: ranges {min,max} (inclusive) for price, lotSize, floorSize, bedrooms, bathrooms, parkingSlots ({min: N} is "at least N"); lists (any may match) for type, offer (sale, rent), kind, furnishing, status, city, barangay (PSGC codes); tags (all must match); rating {min}; verified */
  match?: {
    [key: string]: any;
  };
  page?: number;
  populateArray?: {
    [key: string]: any;
  }[];
  /** Exact filters: owner (user id), code, status, type, verified, visible (true/false); staff only (else 400 "query.<field> is for staff"): hasDocuments (has ownership documents), reported (has open reports) */
  query?: {
    [key: string]: any;
  };
  select?: string | string[];
  /** Items to skip; overrides page */
  skip?: number;
  /** -createdAt (latest), createdAt (oldest), name (A-Z), -name (Z-A), price, -price */
  sort?:
    | string
    | {
        [key: string]: any;
      };
};
export type SearchPaginationDto = {
  currentPage: number;
  itemsOnPage: number;
  itemsPerPage: number;
  /** true when totalItems (and totalPages) is an estimate, two significant digits: a search with more than 2,000 matches is not counted one by one (show it as "about 130,000") */
  totalIsEstimate: boolean;
  totalItems: number;
  totalPages: number;
};
export type ListingListDto = {
  listings: ListingDto[];
  pagination: SearchPaginationDto;
  /** When no listing had all the words of fuzzySearch (misspelt or partial): the known words searched instead, e.g. ["house"] for "houe" */
  searchedWords?: string[];
};
export type ImportSummaryDto = {
  created: number;
  createdAt: string;
  /** Why the import stopped (status failed), e.g. where the file stops being JSON */
  error: string | null;
  fileName: string;
  finishedAt: string | null;
  id: string;
  /** Percent of the file read, 0-100 (100 when done) */
  progress: number;
  /** Rows not imported (exact; the first 1,000 are listed in rejections) */
  rejected: number;
  /** Rows handled so far (created, updated, unchanged or rejected) */
  rowsDone: number;
  status: "queued" | "running" | "done" | "failed";
  /** Rows in the file; known when the import is done */
  totalRows: number | null;
  unchanged: number;
  updated: number;
  /** The admin who imported it (null once that account is removed) */
  userId: string | null;
};
export type ImportListDto = {
  imports: ImportSummaryDto[];
  pagination: PaginationDto;
};
export type ImportRejectionDto = {
  /** The row’s code when it had one */
  code: string | null;
  /** Why it was not imported (the validation messages, joined by "; ") */
  reason: string;
  /** The row in the file: 1 is the array’s first element */
  row: number;
};
export type ImportDto = {
  created: number;
  createdAt: string;
  /** Why the import stopped (status failed), e.g. where the file stops being JSON */
  error: string | null;
  fileName: string;
  finishedAt: string | null;
  id: string;
  /** Percent of the file read, 0-100 (100 when done) */
  progress: number;
  /** Rows not imported (exact; the first 1,000 are listed in rejections) */
  rejected: number;
  /** The rejected rows in file order, at most 1,000 (rejected is the exact count) */
  rejections: ImportRejectionDto[];
  /** Rows handled so far (created, updated, unchanged or rejected) */
  rowsDone: number;
  status: "queued" | "running" | "done" | "failed";
  /** Rows in the file; known when the import is done */
  totalRows: number | null;
  unchanged: number;
  updated: number;
  /** The admin who imported it (null once that account is removed) */
  userId: string | null;
};
export type ImportAnswerDto = {
  import: ImportDto;
  /** For people (the web shows it): the report when the import finished in the call (200), else "Import started: …" (202) */
  message: string;
};
export type OwnershipDocumentDto = {
  _id: string;
  contentType: string;
  createdAt: string;
  filename: string;
  size: number;
};
export type OwnershipDocumentListDto = {
  documents: OwnershipDocumentDto[];
};
export type ReportCreatedDto = {
  _id: string;
  message: string;
};
export type ReportListingDto = {
  /** Plain text (shown escaped) */
  note?: string;
  reason:
    | "scam"
    | "wrong_details"
    | "unavailable"
    | "duplicate"
    | "offensive"
    | "other";
};
export type ReportPersonDto = {
  _id: string;
  email: string;
  name: string;
};
export type ListingReportDto = {
  _id: string;
  createdAt: string;
  listingId: string;
  note: string;
  /** Open until an admin resolves the listing’s reports */
  open: boolean;
  reason:
    | "scam"
    | "wrong_details"
    | "unavailable"
    | "duplicate"
    | "offensive"
    | "other";
  /** null when the reporter has since been removed */
  reporter: ReportPersonDto | null;
  resolution: string | null;
  resolvedAt: string | null;
  resolvedBy: ReportPersonDto | null;
};
export type ListingReportListDto = {
  /** How many of the listing’s reports are open */
  openCount: number;
  pagination: PaginationDto;
  /** Open reports first, then the newest */
  reports: ListingReportDto[];
};
export type ReportsResolvedDto = {
  message: string;
  /** How many open reports were closed */
  resolved: number;
};
export type ResolveReportsDto = {
  /** What was done (plain text) */
  resolution: string;
};
export type ReviewUserDto = {
  _id: string;
  avatar: string | null;
  firstName: string;
  lastName: string;
};
export type ReviewDto = {
  _id: string;
  comment: string;
  createdAt: string;
  rating: number;
  user: ReviewUserDto;
};
export type ReviewInputDto = {
  comment?: string;
  rating: number;
};
export type ReviewListDto = {
  pagination: PaginationDto;
  reviews: ReviewDto[];
};
export type SaveResultDto = {
  saved: boolean;
  savedCount: number;
};
export type ListingIdDto = {
  listingId: string;
};
export type NearbyItemDto = {
  _id: string;
  distanceMeters: number;
  lat: number;
  lng: number;
  name: string | null;
};
export type AreaNearbyDto = {
  category: string;
  items: NearbyItemDto[];
  /** How many places of this category are in the searched box (items lists the nearest ones, at most 10) */
  total: number;
};
export type NearbyResultDto = {
  areasNearby: AreaNearbyDto[];
  listings: ListingDto[];
  /** The data's attribution to show with the places ('© OpenStreetMap contributors', ODbL); null when none were imported */
  poiAttribution: string | null;
  /** 'imported': points of interest were imported for this area (about 11 km around the point), so an empty category means none of that kind nearby; 'none': no points of interest were imported for this area, so areasNearby says nothing about it (an admin imports them with npm run import:poi) */
  poiCoverage: "imported" | "none";
};
export type NearbySearchDto = {
  categories?: (
    | "restaurants"
    | "malls"
    | "schools"
    | "hospitals"
    | "gas stations"
    | "hotels"
    | "government buildings"
    | "firestations"
    | "banks"
    | "warehouses"
  )[];
  lat?: number;
  /** Search around this listing instead of a point */
  listingId?: string;
  lng?: number;
};
export type UpdateListingDto = {
  /** The listing id */
  _id: string;
  address?: AddressInputDto;
  amenities?: string[];
  bathrooms?: number | null;
  bedrooms?: number | null;
  currency?:
    "PHP" | "USD" | "EUR" | "GBP" | "INR" | "CNY" | "JPY" | "KRW" | "BRL";
  /** Plain-text description (derived from descriptionHtml when only that is sent) */
  description?: string;
  /** Rich description; sanitised on the server */
  descriptionHtml?: string;
  /** Floor size in square metres */
  floorSize?: number | null;
  /** Default: read from the "furnished" / "unfurnished" tag; the tags follow it (semi_furnished carries neither) */
  furnishing?: ("furnished" | "semi_furnished" | "unfurnished") | null;
  /** The property kind; it must belong to the type (condominium, house_and_lot, townhouse, apartment: residential; lot: land; office, commercial_space: commercial; warehouse: industrial; farm: agricultural); null clears it */
  kind?:
    | (
        | "condominium"
        | "house_and_lot"
        | "townhouse"
        | "apartment"
        | "lot"
        | "office"
        | "commercial_space"
        | "warehouse"
        | "farm"
      )
    | null;
  location?: LocationDto;
  /** Lot size in square metres */
  lotSize?: number | null;
  name?: string;
  /** Buy (sale) or rent. Default: read from the "for rent" / "for sale" tag, else sale; the tags follow it */
  offer?: "sale" | "rent";
  /** The owner's user id */
  owner: string;
  /** Parking slots */
  parkingSlots?: number | null;
  price?: number;
  status?: "draft" | "active" | "sold" | "rented" | "archived";
  tags?: (
    | "for sale"
    | "for rent"
    | "as is where is"
    | "clean title"
    | "has ATS"
    | "looking for joint venture"
    | "company owned"
    | "individual owner"
    | "Tahanan verified"
    | "short term"
    | "long term"
    | "new"
    | "old"
    | "under construction"
    | "renovated"
    | "furnished"
    | "unfurnished"
    | "pet friendly"
    | "no pets allowed"
  )[];
  type?:
    | "residential"
    | "commercial"
    | "industrial"
    | "agricultural"
    | "land"
    | "other";
};
export type BehaviorResultDto = {
  views: number;
};
export type BehaviorDto = {
  behavior: "view" | "share" | "inquiry" | "call" | "direction";
};
export type ListingVisibilityDto = {
  listingId: string;
  visible: boolean;
};
export type VerifyListingDto = {
  verified: boolean;
};
export type NotificationDto = {
  _id: string;
  body: string;
  createdAt: string;
  /** What it is about: for a message threadId, messageId, senderId, listingId; for a review or verification listingId; for a saved search savedSearchId and listingIds */
  data: {
    [key: string]: any;
  };
  isRead: boolean;
  /** Where the web app opens it, e.g. /messages/<threadId> */
  link: string;
  title: string;
  /** The kind of notification */
  type:
    | "message"
    | "review"
    | "listing_verified"
    | "saved_search"
    | "security"
    | "billing"
    | "exports"
    | "verification"
    | "team"
    | "aria";
};
export type NotificationListDto = {
  notifications: NotificationDto[];
  pagination: PaginationDto;
  /** The caller's unread notifications */
  unreadCount: number;
};
export type NotificationPreferenceViewDto = {
  /** Also send it by e-mail (in-app is always on) */
  email: boolean;
  /** True for the kinds that are always shown in the app */
  inApp: boolean;
  kind:
    | "message"
    | "review"
    | "listing_verified"
    | "saved_search"
    | "security"
    | "billing"
    | "exports"
    | "verification"
    | "team"
    | "aria";
  label: string;
};
export type NotificationPreferencesDto = {
  preferences: NotificationPreferenceViewDto[];
};
export type NotificationPreferenceDto = {
  /** Also send it by e-mail (in-app is always on) */
  email: boolean;
  kind:
    | "message"
    | "review"
    | "listing_verified"
    | "saved_search"
    | "security"
    | "billing"
    | "exports"
    | "verification"
    | "team"
    | "aria";
};
export type UpdateNotificationPreferencesDto = {
  preferences: NotificationPreferenceDto[];
};
export type MarkedReadDto = {
  /** How many notifications were marked read */
  marked: number;
};
export type UnreadNotificationsDto = {
  count: number;
};
export type PaymentQrDto = {
  /** The QR code as a PNG data URL */
  image: string;
  /** What the QR code holds (the checkout address a phone opens) */
  payload: string;
};
export type PaymentDto = {
  _id: string;
  /** Amount charged, in centavos */
  amountCentavos: number;
  billingPeriod: ("free" | "monthly" | "annually" | "lifetime") | null;
  /** Where to send the member to pay (while open) */
  checkoutUrl: string | null;
  createdAt: string;
  creditPack: string | null;
  /** AI credits it buys (credit packs) */
  credits: number;
  currency: string;
  description: string;
  expiresAt: string;
  failureReason: string | null;
  method: "maya_qr" | "maya_wallet" | "gcash" | "card";
  paidAt: string | null;
  plan: ("free" | "basic" | "premium" | "enterprise") | null;
  /** Taken off the price for the unused part of the current period, in centavos */
  prorationCentavos: number;
  provider: "sandbox" | "paymongo" | "maya";
  purpose: "subscription" | "credit_pack";
  /** Maya QR, while open */
  qr: PaymentQrDto | null;
  /** Official receipt number, once paid */
  receiptNumber: string | null;
  /** Our reference (TH-XXXXX-XXXXX), on the receipt and at the provider */
  reference: string;
  /** The local sandbox: no money moves */
  sandbox: boolean;
  status:
    | "pending"
    | "awaiting_action"
    | "paid"
    | "failed"
    | "expired"
    | "cancelled"
    | "refunded";
};
export type CreatePaymentDto = {
  /** purpose subscription */
  billingPeriod?: "monthly" | "annually";
  /** purpose credit_pack */
  creditPack?: "starter" | "standard" | "bulk";
  /** The same key from the same member answers the same payment (a retried request starts no second checkout) */
  idempotencyKey?: string;
  /** purpose subscription */
  plan?: "basic" | "premium";
  purpose: "subscription" | "credit_pack";
};
export type PaymentListDto = {
  pagination: PaginationDto;
  payments: PaymentDto[];
};
export type PaymentMethodDto = {
  method: "maya_qr" | "maya_wallet" | "gcash" | "card";
  provider: "sandbox" | "paymongo" | "maya";
};
export type PaymentMethodsDto = {
  methods: PaymentMethodDto[];
};
export type SandboxCheckoutDto = {
  amountCentavos: number;
  /** Where "Back to Tahanan" goes */
  cancelUrl: string;
  checkoutId: string;
  description: string;
  expiresAt: string;
  method: "maya_qr" | "maya_wallet" | "gcash" | "card";
  payerEmail: string;
  reference: string;
  status: "awaiting_action" | "paid" | "failed" | "expired" | "refunded";
};
export type SandboxDecisionResultDto = {
  /** Where to send the tester now (our result page) */
  redirectUrl: string;
  status: "awaiting_action" | "paid" | "failed" | "expired" | "refunded";
};
export type SandboxDecisionDto = {
  /** refund: a paid checkout refunded or charged back */
  decision: "approve" | "decline" | "expire" | "refund";
};
export type WebhookAckDto = {
  /** Whether this delivery changed the payment before the answer (notices confirmed with the provider, Maya) */
  applied: boolean;
  /** The event was delivered before */
  duplicate?: boolean;
  /** A signed notice the payment can act on: queued, applied within moments by the events worker */
  queued?: boolean;
  received: boolean;
};
export type PlaceDto = {
  /** Area in km² (barangays with a known boundary) */
  areaKm2: number | null;
  /** For a barangay: its city, municipality or sub-municipality; for a sub-municipality: its city */
  cityCode: string | null;
  /** 10-digit PSGC code */
  code: string;
  /** Centroid latitude */
  lat: number | null;
  level:
    | "region"
    | "province"
    | "city"
    | "municipality"
    | "submunicipality"
    | "barangay";
  /** Centroid longitude */
  lng: number | null;
  name: string;
  /** 2024 census population */
  population: number | null;
  /** Null for regions, provinces and places directly under a region (Metro Manila) */
  provinceCode: string | null;
  /** Null for a region */
  regionCode: string | null;
};
export type GeocodeResultDto = {
  /** The place's city or municipality */
  cityCode: string | null;
  /** PSGC code of the place (the nearest barangay for a service result) */
  code: string | null;
  label: string;
  lat: number;
  level:
    | (
        | "region"
        | "province"
        | "city"
        | "municipality"
        | "submunicipality"
        | "barangay"
      )
    | null;
  lng: number;
  source: "local" | "nominatim";
};
export type ListingVsMedianDto = {
  /** Its barangay's median (same offer, same kind), or null below the minimum sample */
  barangayMedianPerSqm: number | null;
  /** (price per m² ÷ median − 1) × 100 */
  diffPct: number | null;
  /** The listing's price per m² (pesos) */
  pricePerSqm: number | null;
  sampleSize: number;
  source: string;
};
export type PropertyWithMarketDto = {
  _id: string;
  address: ListingAddressDto;
  amenities: string[];
  bathrooms: number | null;
  bedrooms: number | null;
  code: string;
  createdAt: string;
  currency: string;
  description: string;
  descriptionHtml: string;
  /** Staff only (search pages, the admin user page): how many ownership documents it has */
  documentsCount?: number;
  floorSize: number | null;
  furnishing: ("furnished" | "semi_furnished" | "unfurnished") | null;
  /** Present (true) when it is hidden because its owner is suspended: reinstating the owner shows it again */
  hiddenForSuspension?: boolean;
  images: ListingImageDto[];
  /** Whether the caller saved it (false for guests) */
  isSaved: boolean;
  isVisible: boolean;
  /** The property kind, inside `type` */
  kind:
    | (
        | "condominium"
        | "house_and_lot"
        | "townhouse"
        | "apartment"
        | "lot"
        | "office"
        | "commercial_space"
        | "warehouse"
        | "farm"
      )
    | null;
  location: ListingLocationDto;
  lotSize: number | null;
  market: ListingVsMedianDto;
  name: string;
  /** Buy (sale) or rent; the "for sale" / "for rent" tag follows it */
  offer: "sale" | "rent";
  /** Staff only (search pages, the admin user page): how many open reports it has */
  openReports?: number;
  owner: ListingOwnerDto;
  /** The owner is a broker, salesperson, appraiser or consultant without an approved PRC licence (RESA requires one): buyers are told so */
  ownerUnlicensed: boolean;
  parkingSlots: number | null;
  price: number;
  rating: RatingDto;
  savedCount: number;
  status: string;
  tags: string[];
  type: string;
  updatedAt: string;
  uploadedBy: string | null;
  verified: boolean;
  views: number;
};
export type PropertiesSearchResultDto = {
  listings: PropertyWithMarketDto[];
  pagination: SearchPaginationDto;
  /** When no listing had all the words of fuzzySearch (misspelt or partial): the known words searched instead, e.g. ["house"] for "houe" */
  searchedWords?: string[];
};
export type PropertiesSearchDto = {
  /** A barangay or city (PSGC): only its listings */
  area?: string;
  /** Map bounding box */
  bounds?: BoundsDto;
  /** Typo-tolerant text over name, description, code and address */
  fuzzySearch?: string;
  lean?: boolean;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  /** Filters: ranges {min,max} (inclusive) for price, lotSize, floorSize, bedrooms, bathrooms, parkingSlots ({min: N} is "at least N"); lists (any may match) for type, offer (sale, rent), kind, furnishing, status, city, barangay (PSGC codes); tags (all must match); rating {min}; verified */
  match?: {
    [key: string]: any;
  };
  page?: number;
  populateArray?: {
    [key: string]: any;
  }[];
  /** Exact filters: owner (user id), code, status, type, verified, visible (true/false); staff only (else 400 "query.<field> is for staff"): hasDocuments (has ownership documents), reported (has open reports) */
  query?: {
    [key: string]: any;
  };
  select?: string | string[];
  /** Items to skip; overrides page */
  skip?: number;
  /** -createdAt (latest), createdAt (oldest), name (A-Z), -name (Z-A), price, -price */
  sort?:
    | string
    | {
        [key: string]: any;
      };
};
export type SubscriptionMemberDto = {
  email: string;
  firstName: string;
  lastName: string;
};
export type SubscriptionDetailDto = {
  _id: string;
  billingPeriod: "free" | "monthly" | "annually" | "lifetime";
  /** Back to Free when the period ends */
  cancelAtPeriodEnd: boolean;
  createdAt: string;
  /** period_end, upgraded, replaced, cancelled, staff, chargeback */
  endReason: string | null;
  endedAt: string | null;
  /** End of the paid period (null: free or lifetime) */
  expiresAt: string | null;
  /** The plan stays usable until then if not renewed */
  graceEndsAt: string | null;
  /** Staff lists only */
  member: SubscriptionMemberDto | null;
  /** Staff's note */
  note: string | null;
  /** Value of the period in centavos (what was paid plus any proration credit) */
  paidCentavos: number;
  paymentId: string | null;
  plan: "free" | "basic" | "premium" | "enterprise";
  source: "payment" | "staff";
  startedAt: string;
  /** scheduled: paid for, starts when the current period ends */
  status: "active" | "suspended" | "expired" | "scheduled";
  userId: string;
};
export type CurrentSubscriptionDto = {
  /** null: no limit */
  activeListings: number | null;
  entitlements: (
    | "aria.chat.unlimited"
    | "property.teaser"
    | "research.comparison"
    | "reports.tier1"
    | "reports.tier2"
    | "reports.tier3"
    | "enterprise.team"
  )[];
  monthlyCredits: number;
  /** The plan whose features the member has now (Free when suspended or ended) */
  plan: "free" | "basic" | "premium" | "enterprise";
  /** Paid periods waiting to start */
  scheduled: SubscriptionDetailDto[];
  subscription: SubscriptionDetailDto | null;
};
export type CancelSubscriptionDto = {
  /** true: back to Free when the period ends; false: keep the plan going */
  cancel: boolean;
};
export type CreateSubscriptionDto = {
  billingPeriod: "free" | "monthly" | "annually" | "lifetime";
  /** End of the period (monthly/annually; default one period from now) */
  expiresAt?: string;
  /** Why (audited) */
  note: string;
  plan: "free" | "basic" | "premium" | "enterprise";
  userId: string;
};
export type SubscriptionListDto = {
  pagination: PaginationDto;
  subscriptions: SubscriptionDetailDto[];
};
export type SubscriptionSearchQueryDto = {
  billingPeriod?: ("free" | "monthly" | "annually" | "lifetime")[];
  plan?: ("free" | "basic" | "premium" | "enterprise")[];
  status?: ("active" | "suspended" | "expired" | "scheduled")[];
  /** Part of the member's name or e-mail */
  text?: string;
  userId?: string;
};
export type SearchSubscriptionsDto = {
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  page?: number;
  query?: SubscriptionSearchQueryDto;
  /** Items to skip; overrides page */
  skip?: number;
};
export type UpdateSubscriptionDto = {
  _id: string;
  cancelAtPeriodEnd?: boolean;
  /** A new end of the period */
  expiresAt?: string;
  /** Why (audited) */
  note: string;
  /** Suspend, or reinstate */
  status?: "active" | "suspended";
};
export type UpgradeResultDto = {
  /** The payment to complete (a paid plan) */
  payment: PaymentDto | null;
  /** The plan after a move to Free (set to end) */
  subscription: CurrentSubscriptionDto | null;
};
export type UpgradeDto = {
  billingPeriod?: "monthly" | "annually";
  idempotencyKey?: string;
  method?: "maya_qr" | "maya_wallet" | "gcash" | "card";
  /** free: back to Free when the paid period ends */
  plan: "free" | "basic" | "premium";
};
export type AttachmentDto = {
  _id: string;
  contentType: string;
  filename: string;
  /** Bytes */
  size: number;
  type: "image" | "video" | "pdf";
  /** A signed link that works for 24 hours (usable in <img> and <video>) */
  url: string;
};
export type UserSummaryDto = {
  _id: string;
  avatar: string | null;
  firstName: string;
  lastName: string;
  type:
    | "customer"
    | "broker"
    | "real_estate_salesperson"
    | "property_owner"
    | "real_estate_appraiser"
    | "real_estate_consultant";
};
export type MessageDto = {
  _id: string;
  attachments: AttachmentDto[];
  /** The clientId given with the send, echoed (never stored): only in the answer to that send and in newMessage to the sender's own connections */
  clientId?: string;
  /** Plain text, exactly as sent */
  content: string;
  createdAt: string;
  isRead: boolean;
  readAt: string | null;
  sender: UserSummaryDto;
  threadId: string;
  /** Same as createdAt */
  timestamp: string;
};
export type ThreadListingDto = {
  _id: string;
  code: string;
  currency: string;
  name: string;
  price: number;
  thumbnailUrl: string | null;
};
export type ThreadDto = {
  _id: string;
  /** Whether the caller archived it */
  archived: boolean;
  createdAt: string;
  lastActivityAt: string;
  lastMessage: MessageDto | null;
  listing: ThreadListingDto | null;
  otherParticipant: UserSummaryDto;
  participants: UserSummaryDto[];
  /** The caller's unread messages in this thread */
  unreadCount: number;
};
export type ThreadListDto = {
  pagination: PaginationDto;
  threads: ThreadDto[];
};
export type CreateThreadDto = {
  /** The listing the conversation is about */
  listingId?: string;
  /** The member to talk to; defaults to the owner of `listingId` */
  participantId?: string;
};
export type UnreadCountDto = {
  count: number;
};
export type SuccessDto = {
  success: boolean;
};
export type ArchiveThreadDto = {
  /** false takes the thread out of the archive */
  archived?: boolean;
};
export type MessageListDto = {
  /** Oldest first within the page */
  messages: MessageDto[];
  pagination: PaginationDto;
};
export type SendMessageDto = {
  /** multipart/form-data: the files (image, video or PDF; at most 5, 10 MB each), checked by their bytes. In JSON it must be empty or absent. */
  attachments?: Blob[];
  /** multipart/form-data only: a JSON array of { filename?, type? } (type: image, video or pdf), one per file in order */
  attachmentsJson?: string;
  /** The sender's own token for this send (JSON or multipart), e.g. the temporary id of its optimistic copy. Never stored: it comes back as `clientId` in the answer and in newMessage to the sender's own connections only, so the sender can tell its message whichever arrives first. */
  clientId?: string;
  /** Plain text (trimmed; stored and returned as sent, never turned into markup) */
  content?: string;
};
export type MarkReadResultDto = {
  /** The messages that turned read */
  messageIds: string[];
  threadId: string;
  /** Always 0: nothing in the thread is unread for the caller any more */
  unreadCount: number;
};
export type CreateAdminDto = {
  email: string;
  firstName: string;
  lastName: string;
  middleName?: string | null;
  /** At least 8 characters */
  password: string;
  phoneNumber?: string | null;
  role?: "admin" | "viewer" | "super_admin";
  type?:
    | "customer"
    | "broker"
    | "real_estate_salesperson"
    | "property_owner"
    | "real_estate_appraiser"
    | "real_estate_consultant";
};
export type CreditBalanceDto = {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  plan: "free" | "basic" | "premium" | "enterprise";
  remaining: number;
};
export type CreditBalanceListDto = {
  balances: CreditBalanceDto[];
  pagination: PaginationDto;
};
export type CreditEntryDto = {
  /** The ledger row id */
  _id: string;
  /** Credits moved: positive added, negative taken (a commit moves 0: the reserve took them) */
  amount: number;
  /** The balance after this row */
  balanceAfter: number;
  createdAt: string;
  kind:
    | "allowance"
    | "purchase"
    | "adjustment"
    | "reserve"
    | "commit"
    | "refund"
    | "transfer";
  paymentId: string | null;
  reason: string | null;
  reservationId: string | null;
};
export type CreditsAccountDto = {
  /** The member's id */
  _id: string;
  /** The ledger, newest first */
  entries: CreditEntryDto[];
  /** Credits the plan adds each month (0 unless the plan is active) */
  monthlyAllowance: number;
  pagination: PaginationDto;
  plan: "free" | "basic" | "premium" | "enterprise";
  /** Credits available now (the User’s credits.remaining) */
  remaining: number;
  /** Credits held by work in progress (already taken off remaining) */
  reserved: number;
};
export type AdjustCreditsDto = {
  /** Credits to add (negative: to take) */
  change?: number;
  /** Why (shown in the ledger and the audit log) */
  reason: string;
  /** The new balance */
  remaining?: number;
};
export type CreateUserDto = {
  email: string;
  firstName: string;
  lastName: string;
  middleName?: string | null;
  /** At least 8 characters */
  password: string;
  phoneNumber?: string | null;
  type?:
    | "customer"
    | "broker"
    | "real_estate_salesperson"
    | "property_owner"
    | "real_estate_appraiser"
    | "real_estate_consultant";
};
export type DashboardPointDto = {
  /** payments only: the sum paid in the bucket, centavos */
  amountCentavos?: number;
  count: number;
  /** First Philippine day of the bucket, YYYY-MM-DD */
  date: string;
};
export type DashboardSeriesDto = {
  /** users: sign-ups; listings: new listings; messages: messages sent; payments: payments paid */
  metric: "users" | "listings" | "messages" | "payments";
  /** Every bucket of the window in order, 0 where nothing happened */
  points: DashboardPointDto[];
};
export type AdminDashboardDto = {
  /** First day of the window (YYYY-MM-DD, Manila) */
  from: string;
  interval: "day" | "week" | "month";
  series: DashboardSeriesDto[];
  /** Last day of the window, included */
  to: string;
  totals: DashboardTotalsDto;
};
export type DashboardFilterDto = {
  /** First Philippine day (YYYY-MM-DD, or an ISO date-time: its Manila day); default 29 days before `to` */
  from?: string;
  /** Buckets: Manila days, weeks from Monday, calendar months; day covers at most 366 days */
  interval?: "day" | "week" | "month";
  /** Last Philippine day, included (YYYY-MM-DD or an ISO date-time); default today in Manila */
  to?: string;
  /** One member's figures (their sign-up, their listings, messages they sent, their payments) */
  userId?: string;
};
export type DashboardInputDto = {
  /** Which metrics; default all */
  data?: ("users" | "listings" | "messages" | "payments")[];
  filter?: DashboardFilterDto;
};
export type DeleteSavedItemDto = {
  /** The saved item id, or for type listing also the listing id */
  itemId: string;
  type: "listing" | "search" | "pinned";
  userId: string;
};
export type UserExportPreviewDto = {
  /** The `query` of /user/search: a text, or filters (text, email, role[], status[], type[], provider[], isVerified, …) */
  filters?:
    | string
    | {
        [key: string]: any;
      };
  /** Which file the rows read as (CSV: numbers bare, times ISO 8601 UTC; PDF: formatted, Asia/Manila) */
  format?: "csv" | "pdf";
  /** PDF page: landscape A4 unless said */
  layout?: ExportLayoutDto;
  /** Rows at most (more than 10,000,000 is served as that) */
  limit?: number;
  /** With limit: which block of `limit` rows (skip overrides it) */
  page?: number;
  /** Column keys, in the order wanted (whitelisted per resource); the resource’s defaults when left out */
  select?: string[];
  /** Rows to skip first; overrides page */
  skip?: number;
  /** The order: a column key, "-" first for descending (whitelisted per resource; see each route) */
  sort?: string;
  /** The PDF’s title (default "Users", "Listings" or "Audit log" report) */
  title?: string;
};
export type UserExportDto = {
  /** The `query` of /user/search: a text, or filters (text, email, role[], status[], type[], provider[], isVerified, …) */
  filters?:
    | string
    | {
        [key: string]: any;
      };
  /** PDF page: landscape A4 unless said */
  layout?: ExportLayoutDto;
  /** Rows at most (more than 10,000,000 is served as that) */
  limit?: number;
  /** With limit: which block of `limit` rows (skip overrides it) */
  page?: number;
  /** Column keys, in the order wanted (whitelisted per resource); the resource’s defaults when left out */
  select?: string[];
  /** Rows to skip first; overrides page */
  skip?: number;
  /** The order: a column key, "-" first for descending (whitelisted per resource; see each route) */
  sort?: string;
  /** The PDF’s title (default "Users", "Listings" or "Audit log" report) */
  title?: string;
};
export type UserViewDto = {
  _id?: string;
  avatar?: string | null;
  createdAt?: string;
  credits?: CreditsDto;
  dateSignedUp?: string;
  email?: string;
  firstName?: string;
  /** The member verified their identity with a government ID (approved KYC): the "Verified identity" badge */
  identityVerified?: boolean;
  /** The account's e-mail address is confirmed (or staff vouched for the account) */
  isVerified?: boolean;
  isVisible?: boolean;
  /** Identity verification (KYC): null until the member starts one */
  kyc?: KycSummaryDto | null;
  lastActive?: string | null;
  lastName?: string;
  /** PRC licence or accreditation (brokers, salespersons, appraisers, consultants) */
  licence?: LicenceSummaryDto | null;
  middleName?: string | null;
  phoneNumber?: string | null;
  preferences?: PreferencesDto;
  provider?: "local" | "google" | "facebook";
  role?: "user" | "viewer" | "admin" | "super_admin";
  saved?: SavedItemsDto;
  status?: "active" | "suspended";
  subscription?: SubscriptionDto;
  subscriptionHistory?: SubscriptionDto[];
  type?:
    | "customer"
    | "broker"
    | "real_estate_salesperson"
    | "property_owner"
    | "real_estate_appraiser"
    | "real_estate_consultant";
  updatedAt?: string;
  username?: string | null;
};
export type UserListDto = {
  pagination: PaginationDto;
  users: UserViewDto[];
};
export type UnavailableListingDto = {
  _id: string;
  /** Always true: the listing is hidden or a draft; the web shows "No longer available" */
  unavailable: true;
};
export type SavedItemDto = {
  _id: string;
  /** A saved search's alerts; null for a saved listing or a pinned item */
  alert: ("off" | "instant" | "daily") | null;
  createdAt: string;
  data: {
    [key: string]: any;
  };
  /** When the member was last alerted of new matches of this search */
  lastNotifiedAt: string | null;
  /** The saved or pinned listing; { _id, unavailable: true } when the caller can no longer see it; null for a saved search */
  listing: (ListingDto | UnavailableListingDto) | null;
  name: string | null;
  type: "listing" | "search" | "pinned";
};
export type SavedItemListDto = {
  items: SavedItemDto[];
};
export type GetSavedItemsDto = {
  type?: "listing" | "search" | "pinned" | "all";
  userId: string;
};
export type LoginDto = {
  email: string;
  password: string;
};
export type UserPageCreditsDto = {
  /** AI credits the member has now */
  balance: number;
};
export type UserPageStatsDto = {
  /** Of those, with status active */
  activeListings: number;
  /** Listings the member owns (any status or visibility) */
  listings: number;
  /** Their sum, in centavos */
  paidCentavos: number;
  /** Payments the member paid (ever; refunded ones included) */
  payments: number;
  /** Message threads the member takes part in */
  threads: number;
};
export type UserPageDto = {
  credits: UserPageCreditsDto;
  /** A page of the member's listings (10, newest first; drafts and hidden ones included), each with documentsCount and openReports */
  listings: ListingListDto;
  /** The last 10 audit entries where the member is the actor or the entity (user), newest first */
  recentAudit: AuditEntryDto[];
  stats: UserPageStatsDto;
  subscription: CurrentSubscriptionDto;
  user: UserDto;
};
export type UserPageInputDto = {
  /** The member */
  id: string;
  /** The page of the member's listings (10 a page, newest first) */
  page?: number;
};
export type EmailRequestDto = {
  email: string;
};
export type ResetPasswordDto = {
  newPassword: string;
  /** The token from the reset e-mail */
  token: string;
};
export type SetSavedSearchAlertDto = {
  /** off, instant (the matches of a batch window together, a minute by default) or daily (one digest a day) */
  alert: "off" | "instant" | "daily";
};
export type SaveItemDto = {
  /** For a saved search: alert me of new listings it matches, soon after (instant, batched) or in a daily digest */
  alert?: "off" | "instant" | "daily";
  /** For a saved search: { query: "<the search URL query string>" }. For a pinned item: what it points to; a pinned saved search is { kind: "search", savedItemId: "<one of the caller's saved searches>" } (its name and query are copied from the search) */
  data?: {
    [key: string]: any;
  };
  /** For type listing (and optionally pinned): the listing */
  listingId?: string;
  /** A label, e.g. the name of a saved search */
  name?: string;
  /** Must be the caller */
  userId: string;
};
export type SearchUsersDto = {
  lean?: boolean;
  /** Items per page (more than 100 is served as 100) */
  limit?: number;
  page?: number;
  populateArray?: {
    [key: string]: any;
  }[];
  /** Free text (matched against names, e-mail and username) or an object of filters: text, role, status, type, provider, plan (the current plan; a value or a list each), isVerified, email, signedUpFrom and signedUpTo (YYYY-MM-DD as whole Philippine days, both included, or ISO date-times) */
  query?:
    | string
    | {
        [key: string]: any;
      };
  select?: string | string[];
  /** Items to skip; overrides page */
  skip?: number;
  sort?:
    | string
    | {
        [key: string]: any;
      };
};
export type UpdatePasswordDto = {
  currentPassword: string;
  newPassword: string;
  userId: string;
};
export type VerifyEmailDto = {
  /** The token from the verification e-mail */
  token: string;
};
export const {
  useCreateActivityMutation,
  useGetAllActivityQuery,
  useLazyGetAllActivityQuery,
  useGetActivityQuery,
  useLazyGetActivityQuery,
  useRemoveActivityMutation,
  useSearchActivityQuery,
  useLazySearchActivityQuery,
  useUpdateActivityMutation,
  useClearMyActivityMutation,
  useGetMyActivityQuery,
  useLazyGetMyActivityQuery,
  useOpenJobDashboardMutation,
  useAskAriaMutation,
  useAskAriaStreamedMutation,
  useGetAriaUsageQuery,
  useLazyGetAriaUsageQuery,
  useCreateAriaConversationMutation,
  useGetAllAriaHistoryQuery,
  useLazyGetAllAriaHistoryQuery,
  useGetAriaConversationQuery,
  useLazyGetAriaConversationQuery,
  useGetMyAriaHistoryQuery,
  useLazyGetMyAriaHistoryQuery,
  useRemoveAriaConversationMutation,
  useSearchAriaHistoryQuery,
  useLazySearchAriaHistoryQuery,
  useUpdateAriaConversationMutation,
  useStartAriaCompareRunMutation,
  useStartAriaFeasibilityRunMutation,
  useQuoteAriaRunQuery,
  useLazyQuoteAriaRunQuery,
  useGetAriaRunQuery,
  useLazyGetAriaRunQuery,
  useGetAriaRunPdfQuery,
  useLazyGetAriaRunPdfQuery,
  useExportAuditMutation,
  useExportAuditCsvMutation,
  useExportAuditPdfMutation,
  usePreviewAuditExportMutation,
  useFilterAuditMutation,
  useGetAuditEntriesQuery,
  useLazyGetAuditEntriesQuery,
  useGetAuditEntryQuery,
  useLazyGetAuditEntryQuery,
  useRemoveAuditEntryMutation,
  useSearchAuditMutation,
  useExchangeSignInCodeMutation,
  useListIdentitiesQuery,
  useLazyListIdentitiesQuery,
  useDisconnectIdentityMutation,
  useListAuthProvidersQuery,
  useLazyListAuthProvidersQuery,
  useConnectProviderMutation,
  useGetAmenitiesQuery,
  useLazyGetAmenitiesQuery,
  useAreaDemographicsQuery,
  useLazyAreaDemographicsQuery,
  useCompareQuery,
  useLazyCompareQuery,
  useSimilarQuery,
  useLazySimilarQuery,
  useGetCostAssumptionsQuery,
  useLazyGetCostAssumptionsQuery,
  useResetCostAssumptionsMutation,
  useUpdateCostAssumptionsMutation,
  useDataDemographicsQuery,
  useLazyDataDemographicsQuery,
  useGetDevelopmentsQuery,
  useLazyGetDevelopmentsQuery,
  useDataEconomicQuery,
  useLazyDataEconomicQuery,
  useDataPropertyTrendsQuery,
  useLazyDataPropertyTrendsQuery,
  useDataSafetyQuery,
  useLazyDataSafetyQuery,
  useGetDatasetsQuery,
  useLazyGetDatasetsQuery,
  useCreateDevelopmentMutation,
  useDeleteDevelopmentMutation,
  useUpdateDevelopmentMutation,
  useDropdownValuesQuery,
  useLazyDropdownValuesQuery,
  useExportReportMutation,
  useGetAllReportsQuery,
  useLazyGetAllReportsQuery,
  useGetReportQuery,
  useLazyGetReportQuery,
  useOpportunitiesQuery,
  useLazyOpportunitiesQuery,
  useLocationQuery,
  useLazyLocationQuery,
  useGetMapBarangaysQuery,
  useLazyGetMapBarangaysQuery,
  useOverviewQuery,
  useLazyOverviewQuery,
  useProjectionsQuery,
  useLazyProjectionsQuery,
  usePropertyAnalysisQuery,
  useLazyPropertyAnalysisQuery,
  usePropertyHistoricalQuery,
  useLazyPropertyHistoricalQuery,
  usePropertyMarketQuery,
  useLazyPropertyMarketQuery,
  usePriceRangesQuery,
  useLazyPriceRangesQuery,
  useTopAreasQuery,
  useLazyTopAreasQuery,
  useRiskQuery,
  useLazyRiskQuery,
  useSearchPlacesMutation,
  useGetCurrencyRatesQuery,
  useLazyGetCurrencyRatesQuery,
  useUpdateCurrencyRateMutation,
  useGetCurrencyRateHistoryQuery,
  useLazyGetCurrencyRateHistoryQuery,
  useActivateEnterpriseInviteMutation,
  useAddEnterpriseCreditsMutation,
  useCreateEnterpriseMutation,
  useGetAllEnterprisesQuery,
  useLazyGetAllEnterprisesQuery,
  useInviteToEnterpriseMutation,
  useRevokeEnterpriseInviteMutation,
  useGetEnterpriseInviteQuery,
  useLazyGetEnterpriseInviteQuery,
  useGetMyEnterpriseQuery,
  useLazyGetMyEnterpriseQuery,
  useRemoveEnterpriseSubAccountMutation,
  useUpdateEnterpriseSubAccountMutation,
  useGetEnterpriseQuery,
  useLazyGetEnterpriseQuery,
  useGetEnterpriseCreditsQuery,
  useLazyGetEnterpriseCreditsQuery,
  useGetEnterpriseDashboardQuery,
  useLazyGetEnterpriseDashboardQuery,
  useGetMyExportsQuery,
  useLazyGetMyExportsQuery,
  useGetExportQuery,
  useLazyGetExportQuery,
  useDownloadExportQuery,
  useLazyDownloadExportQuery,
  useCreateKycMutation,
  useGetKycFileLinkMutation,
  useGetKycFileQuery,
  useLazyGetKycFileQuery,
  useGetAllKycQuery,
  useLazyGetAllKycQuery,
  useGetKycQuery,
  useLazyGetKycQuery,
  useGetMyKycQuery,
  useLazyGetMyKycQuery,
  useUpdateKycStatusMutation,
  useWithdrawKycMutation,
  useGetLicensedBrokersQuery,
  useLazyGetLicensedBrokersQuery,
  useCreateLicenceMutation,
  useGetAllLicencesQuery,
  useLazyGetAllLicencesQuery,
  useGetLicenceByIdQuery,
  useLazyGetLicenceByIdQuery,
  useGetMyLicencesQuery,
  useLazyGetMyLicencesQuery,
  useSuperviseLicenceMutation,
  useUpdateLicenceStatusMutation,
  useUpdateLicenceMutation,
  useWithdrawLicenceMutation,
  useBulkListingActionMutation,
  useGetListingClustersQuery,
  useLazyGetListingClustersQuery,
  useCreateListingMutation,
  useGetListingDashboardQuery,
  useLazyGetListingDashboardQuery,
  useDeleteListingImageMutation,
  useExportListingsMutation,
  useExportListingsCsvMutation,
  useExportListingsPdfMutation,
  usePreviewListingExportMutation,
  useFilterListingsQuery,
  useLazyFilterListingsQuery,
  useGetAllListingsQuery,
  useLazyGetAllListingsQuery,
  useGetListingByIdQuery,
  useLazyGetListingByIdQuery,
  useGetListingImportsQuery,
  useLazyGetListingImportsQuery,
  useImportListingsJsonMutation,
  useGetListingImportQuery,
  useLazyGetListingImportQuery,
  useListOwnershipDocumentsQuery,
  useLazyListOwnershipDocumentsQuery,
  useGetOwnershipDocumentQuery,
  useLazyGetOwnershipDocumentQuery,
  useRemoveListingMutation,
  useReportListingMutation,
  useGetListingReportsQuery,
  useLazyGetListingReportsQuery,
  useResolveListingReportsMutation,
  useCreateListingReviewMutation,
  useGetListingReviewsQuery,
  useLazyGetListingReviewsQuery,
  useSaveListingMutation,
  useSearchListingsQuery,
  useLazySearchListingsQuery,
  useSearchNearbyListingsQuery,
  useLazySearchNearbyListingsQuery,
  useUnsaveListingMutation,
  useUpdateListingMutation,
  useRecordListingBehaviorMutation,
  useUpdateListingVisibilityMutation,
  useUploadListingImagesMutation,
  useUploadOwnershipDocumentsMutation,
  useVerifyListingMutation,
  useGetNotificationsQuery,
  useLazyGetNotificationsQuery,
  useGetNotificationPreferencesQuery,
  useLazyGetNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
  useMarkAllNotificationsReadMutation,
  useGetUnreadNotificationCountQuery,
  useLazyGetUnreadNotificationCountQuery,
  useMarkNotificationReadMutation,
  usePayByCardMutation,
  usePayByGcashMutation,
  usePayByMayaWalletMutation,
  useGetAllPaymentsQuery,
  useLazyGetAllPaymentsQuery,
  useGetPaymentHistoryQuery,
  useLazyGetPaymentHistoryQuery,
  useGetPaymentMethodsQuery,
  useLazyGetPaymentMethodsQuery,
  usePayByMayaQrMutation,
  useGetSandboxCheckoutQuery,
  useLazyGetSandboxCheckoutQuery,
  useDecideSandboxCheckoutMutation,
  useGetPaymentStatusQuery,
  useLazyGetPaymentStatusQuery,
  useReceivePaymentWebhookMutation,
  useCancelPaymentMutation,
  useGetPaymentReceiptQuery,
  useLazyGetPaymentReceiptQuery,
  useListBarangaysQuery,
  useLazyListBarangaysQuery,
  useListCitiesQuery,
  useLazyListCitiesQuery,
  useGeocodeQuery,
  useLazyGeocodeQuery,
  useListProvincesQuery,
  useLazyListProvincesQuery,
  useListRegionsQuery,
  useLazyListRegionsQuery,
  useReverseGeocodeQuery,
  useLazyReverseGeocodeQuery,
  useGetPlaceQuery,
  useLazyGetPlaceQuery,
  useSearchMutation,
  useCancelSubscriptionMutation,
  useCreateSubscriptionMutation,
  useGetCurrentSubscriptionQuery,
  useLazyGetCurrentSubscriptionQuery,
  useGetAllSubscriptionsQuery,
  useLazyGetAllSubscriptionsQuery,
  useGetSubscriptionQuery,
  useLazyGetSubscriptionQuery,
  useRemoveSubscriptionMutation,
  useSearchSubscriptionsQuery,
  useLazySearchSubscriptionsQuery,
  useUpdateSubscriptionMutation,
  useUpgradeSubscriptionMutation,
  useGetThreadsQuery,
  useLazyGetThreadsQuery,
  useCreateThreadMutation,
  useGetThreadUnreadCountQuery,
  useLazyGetThreadUnreadCountQuery,
  useDeleteThreadMutation,
  useGetThreadQuery,
  useLazyGetThreadQuery,
  useArchiveThreadMutation,
  useGetThreadMessagesQuery,
  useLazyGetThreadMessagesQuery,
  useSendThreadMessageMutation,
  useMarkThreadReadMutation,
  useCreateAdminUserMutation,
  useGetAllCreditsQuery,
  useLazyGetAllCreditsQuery,
  useGetCreditsQuery,
  useLazyGetCreditsQuery,
  useUpdateCreditsMutation,
  useCreateUserMutation,
  useGetAdminDashboardMutation,
  useDeleteUserSavedItemMutation,
  usePreviewUserExportMutation,
  useExportUsersMutation,
  useGetAllUsersQuery,
  useLazyGetAllUsersQuery,
  useGetUserSavedItemsQuery,
  useLazyGetUserSavedItemsQuery,
  useGetUserByIdQuery,
  useLazyGetUserByIdQuery,
  useLoginUserMutation,
  useGetUserPageMutation,
  useRemoveUserMutation,
  useRequestPasswordResetMutation,
  useRequestEmailVerificationMutation,
  useResetPasswordMutation,
  useSetSavedSearchAlertMutation,
  useSaveUserItemMutation,
  useSearchUsersMutation,
  useGetSubscriptionHistoryQuery,
  useLazyGetSubscriptionHistoryQuery,
  useUpdateUserPasswordMutation,
  useVerifyEmailMutation,
} = injectedRtkApi;
