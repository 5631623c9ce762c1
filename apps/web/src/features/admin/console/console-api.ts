/**
 * The admin console's calls that the generated client does not have as queries yet: searches sent as
 * POST but read as queries (users, audit), and the routes of issue 14 (user page, dashboard, bulk
 * listing actions, reports, exports, imports, job dashboard session) typed after their planned
 * contracts. Injected into the one API (lib/api/base-api.ts) when the console loads.
 */
import { enhancedApi } from '@/lib/api/tags';
import type {
  AdminDashboardDto,
  AuditFacetsDto,
  AuditFilterDto,
  AuditListDto,
  AuditSearchDto,
  DashboardInputDto,
  DashboardPointDto,
  ExportJobDto,
  ExportJobListDto,
  ExportLayoutDto,
  ExportPreviewDto,
  ImportDto,
  ImportListDto,
  ImportSummaryDto,
  ListingBulkDto,
  ListingBulkResultDto,
  ListingDto,
  ListingListDto,
  ListingReportDto,
  ListingReportListDto,
  SearchUsersDto,
  UserListDto,
  UserPageDto,
} from '@/lib/api/generated';

export type ExportEntity = 'user' | 'listing' | 'audit';
export type ExportFormat = 'csv' | 'pdf';

/** The body of POST /{entity}/export/{format} and /{entity}/export/preview. */
export interface ExportBody {
  filters?: Record<string, unknown>;
  sort?: string;
  select?: string[];
  layout?: ExportLayoutDto;
  title?: string;
}

export type ExportPreview = ExportPreviewDto;
/** An export job (GET /export/{id}); a 202 answer carries the same with `statusUrl`. */
export type ExportJob = Pick<ExportJobDto, 'id' | 'status'> & Partial<ExportJobDto>;
export type ListingImport = Pick<ImportDto, 'id' | 'status'> & Partial<ImportDto>;
export type ImportSummary = ImportSummaryDto;
export type BulkResult = ListingBulkResultDto;
export type BulkAction = ListingBulkDto['action'];
export type ListingReport = ListingReportDto;
export type UserPage = UserPageDto;
export type DashboardPoint = DashboardPointDto;
export type DashboardAnswer = AdminDashboardDto;
export type DashboardArg = DashboardInputDto;

/** A listing as staff see it in the management table (with its documents and open reports). */
export type StaffListing = ListingDto;

const LIST = { type: 'Listing' as const, id: 'LIST' };

export const consoleApi = enhancedApi
  .enhanceEndpoints({
    addTagTypes: ['Export', 'Import', 'Report'],
    endpoints: {
      verifyListing: {
        invalidatesTags: (_r, _e, arg) => [{ type: 'Listing', id: arg.id }, LIST, 'audit'],
      },
      updateListingVisibility: {
        invalidatesTags: (_r, _e, arg) => [{ type: 'Listing', id: arg.listingVisibilityDto.listingId }, LIST, 'audit'],
      },
    },
  })
  .injectEndpoints({
    // a name the generated client already has would silently keep the generated definition (its
    // argument shape differs: `resolveListingReports` once sent no body): refuse it at load instead
    overrideExisting: 'throw',
    endpoints: (build) => ({
      adminSearchUsers: build.query<UserListDto, SearchUsersDto>({
        query: (body) => ({ url: '/api/user/search', method: 'POST', body }),
        providesTags: ['user'],
      }),
      adminSearchAudit: build.query<AuditListDto, AuditSearchDto>({
        query: (body) => ({ url: '/api/audit/search', method: 'POST', body }),
        providesTags: ['audit'],
      }),
      adminSearchListings: build.query<ListingListDto, Record<string, unknown>>({
        query: (body) => ({ url: '/api/listing/search', method: 'POST', body }),
        providesTags: [LIST],
      }),
      adminAuditFacets: build.query<AuditFacetsDto, AuditFilterDto>({
        query: (body) => ({ url: '/api/audit/filter', method: 'POST', body }),
        providesTags: ['audit'],
      }),
      adminUserPage: build.query<UserPage, { id: string; page: number }>({
        query: (body) => ({ url: '/api/user/page', method: 'POST', body }),
        providesTags: ['user', LIST, 'audit'],
      }),
      adminDashboard: build.query<DashboardAnswer, DashboardArg>({
        query: (body) => ({ url: '/api/user/dashboard', method: 'POST', body }),
      }),
      bulkListings: build.mutation<BulkResult, { ids: string[]; action: BulkAction }>({
        query: (body) => ({ url: '/api/listing/bulk', method: 'POST', body }),
        invalidatesTags: [LIST, 'audit', 'user'],
      }),
      listingReports: build.query<ListingReportListDto, string>({
        query: (id) => ({
          url: `/api/listing/reports/${encodeURIComponent(id)}`,
        }),
        providesTags: (_r, _e, id) => [{ type: 'Report', id }],
      }),
      closeListingReports: build.mutation<unknown, { id: string; resolution: string }>({
        query: ({ id, resolution }) => ({
          url: `/api/listing/reports/${encodeURIComponent(id)}/resolve`,
          method: 'POST',
          body: { resolution },
        }),
        invalidatesTags: (_r, _e, arg) => [{ type: 'Report', id: arg.id }, LIST, 'audit'],
      }),
      exportPreview: build.query<ExportPreview, { entity: ExportEntity; body: ExportBody }>({
        query: ({ entity, body }) => ({
          url: `/api/${entity}/export/preview`,
          method: 'POST',
          body,
        }),
      }),
      exportStatus: build.query<ExportJobDto, string>({
        query: (id) => ({ url: `/api/export/${encodeURIComponent(id)}` }),
        providesTags: (_r, _e, id) => [{ type: 'Export', id }],
      }),
      myExports: build.query<ExportJobListDto, { page?: number; limit?: number } | void>({
        query: (arg) => ({ url: '/api/export/my', params: arg ?? undefined }),
        providesTags: ['Export'],
      }),
      importStatus: build.query<ImportDto, string>({
        query: (id) => ({
          url: `/api/listing/import/${encodeURIComponent(id)}`,
        }),
        providesTags: (_r, _e, id) => [{ type: 'Import', id }],
      }),
      myImports: build.query<ImportListDto, { page?: number; limit?: number } | void>({
        query: (arg) => ({
          url: '/api/listing/import/get/all',
          params: arg ?? undefined,
        }),
        providesTags: ['Import'],
      }),
      jobDashboardSession: build.mutation<unknown, void>({
        query: () => ({ url: '/api/admin/queues/session', method: 'POST' }),
      }),
    }),
  });

export const {
  useAdminSearchUsersQuery,
  useAdminSearchAuditQuery,
  useAdminAuditFacetsQuery,
  useAdminSearchListingsQuery,
  useAdminUserPageQuery,
  useAdminDashboardQuery,
  useBulkListingsMutation,
  useListingReportsQuery,
  useCloseListingReportsMutation,
  useLazyExportPreviewQuery,
  useExportStatusQuery,
  useMyExportsQuery,
  useImportStatusQuery,
  useMyImportsQuery,
  useJobDashboardSessionMutation,
} = consoleApi;
