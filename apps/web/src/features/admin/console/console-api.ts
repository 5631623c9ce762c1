/**
 * The admin console's calls that the generated client does not have as queries yet: searches sent as
 * POST but read as queries (users, audit), and the routes of issue 14 (user page, dashboard, bulk
 * listing actions, reports, exports, imports, job dashboard session) typed after their planned
 * contracts. Injected into the one API (lib/api/base-api.ts) when the console loads.
 */
import { enhancedApi } from '@/lib/api/tags';
import type {
  AuditListDto,
  AuditSearchDto,
  ListingDto,
  PaginationDto,
  SearchUsersDto,
  UserListDto,
  UserViewDto,
  AuditEntryDto,
  AuditFacetsDto,
  AuditFilterDto,
} from '@/lib/api/generated';

export type ExportEntity = 'user' | 'listing' | 'audit';
export type ExportFormat = 'csv' | 'pdf';

export interface ExportBody {
  filters?: Record<string, unknown>;
  sort?: string;
  select?: string[];
  layout?: {
    orientation?: 'landscape' | 'portrait';
    pageSize?: 'A4' | 'Letter' | 'Legal';
  };
  title?: string;
}

export interface ExportPreview {
  columns: { key: string; label: string }[];
  rows: string[][];
  total: number;
}

export interface ExportJob {
  _id?: string;
  id?: string;
  status: 'queued' | 'running' | 'ready' | 'failed' | 'expired' | string;
  progress?: number | null;
  rowsWritten?: number | null;
  totalRows?: number | null;
  fileName?: string | null;
  format?: string | null;
  entity?: string | null;
  downloadUrl?: string | null;
  error?: string | null;
  createdAt?: string;
  finishedAt?: string | null;
  expiresAt?: string | null;
}

export interface ImportRejection {
  row: number;
  code?: string | null;
  reason: string;
}

export interface ListingImport {
  _id?: string;
  id?: string;
  status: 'queued' | 'running' | 'done' | 'finished' | 'failed' | string;
  progress?: number | null;
  fileName?: string | null;
  totalRows?: number | null;
  created?: number;
  updated?: number;
  unchanged?: number;
  rejected?: number;
  rejections?: ImportRejection[];
  error?: string | null;
  createdAt?: string;
  finishedAt?: string | null;
}

export interface BulkResult {
  results: { id: string; ok: boolean; message?: string | null }[];
  done: number;
  failed: number;
}

export type BulkAction = 'hide' | 'show' | 'verify' | 'unverify' | 'remove';

export interface ListingReport {
  _id: string;
  reason?: string | null;
  note?: string | null;
  open?: boolean;
  status?: string | null;
  resolution?: string | null;
  createdAt: string;
  resolvedAt?: string | null;
  reporter?: {
    _id?: string;
    name?: string | null;
    email?: string | null;
  } | null;
}

export interface UserPage {
  user: UserViewDto;
  subscription?: {
    plan?: string;
    status?: string;
    billingPeriod?: string;
    expiresAt?: string | null;
    startedAt?: string | null;
  } | null;
  credits?: { balance?: number; remaining?: number } | number | null;
  stats?: Record<string, number | null | undefined> | null;
  listings?: { listings: ListingDto[]; pagination: PaginationDto } | null;
  recentAudit?: AuditEntryDto[] | { entries: AuditEntryDto[] } | null;
}

export interface DashboardPoint {
  date: string;
  count: number;
  amountCentavos?: number | null;
}

export interface DashboardAnswer {
  totals: Record<string, number | null | undefined>;
  series: { metric: string; points: DashboardPoint[] }[];
}

export interface DashboardArg {
  data?: string[];
  filter: { from?: string; to?: string; interval?: 'day' | 'week' | 'month' };
}

/** A listing as staff see it in the management table. */
export type StaffListing = ListingDto & {
  documentsCount?: number | null;
  openReports?: number | null;
};

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
    endpoints: (build) => ({
      adminSearchUsers: build.query<UserListDto, SearchUsersDto>({
        query: (body) => ({ url: '/api/user/search', method: 'POST', body }),
        providesTags: ['user'],
      }),
      adminSearchAudit: build.query<AuditListDto, AuditSearchDto>({
        query: (body) => ({ url: '/api/audit/search', method: 'POST', body }),
        providesTags: ['audit'],
      }),
      adminSearchListings: build.query<
        {
          listings: StaffListing[];
          pagination: PaginationDto & { totalIsEstimate?: boolean };
        },
        Record<string, unknown>
      >({
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
      listingReports: build.query<{ reports: ListingReport[] } | ListingReport[], string>({
        query: (id) => ({
          url: `/api/listing/reports/${encodeURIComponent(id)}`,
        }),
        providesTags: (_r, _e, id) => [{ type: 'Report', id }],
      }),
      resolveListingReports: build.mutation<unknown, { id: string; resolution: string }>({
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
      exportStatus: build.query<ExportJob, string>({
        query: (id) => ({ url: `/api/export/${encodeURIComponent(id)}` }),
        providesTags: (_r, _e, id) => [{ type: 'Export', id }],
      }),
      myExports: build.query<{ exports: ExportJob[]; pagination?: PaginationDto } | ExportJob[], { page?: number; limit?: number } | void>({
        query: (arg) => ({ url: '/api/export/my', params: arg ?? undefined }),
        providesTags: ['Export'],
      }),
      importStatus: build.query<ListingImport, string>({
        query: (id) => ({
          url: `/api/listing/import/${encodeURIComponent(id)}`,
        }),
        providesTags: (_r, _e, id) => [{ type: 'Import', id }],
      }),
      myImports: build.query<{ imports: ListingImport[]; pagination?: PaginationDto } | ListingImport[], { page?: number; limit?: number } | void>({
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
  useResolveListingReportsMutation,
  useLazyExportPreviewQuery,
  useExportStatusQuery,
  useMyExportsQuery,
  useImportStatusQuery,
  useMyImportsQuery,
  useJobDashboardSessionMutation,
} = consoleApi;

export const jobIdOf = (job: { _id?: string; id?: string }): string => job._id ?? job.id ?? '';

export function listOf<T>(answer: { [k: string]: unknown } | T[] | undefined, key: string): T[] {
  if (!answer) return [];
  if (Array.isArray(answer)) return answer;
  const v = answer[key];
  return Array.isArray(v) ? (v as T[]) : [];
}
