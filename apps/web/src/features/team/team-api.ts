/**
 * The enterprise (team) API of issue 15, typed after the contract while the API is being written;
 * injected into the one API (lib/api/base-api.ts) when the team pages or the console load.
 */
import type { EnterpriseMemberStatus, EnterpriseRole } from '@app/domain';
import { enhancedApi } from '@/lib/api/tags';

export interface TeamPerson {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
}

export type InviteStatus = 'open' | 'expired' | 'used' | 'revoked';

/** A team in the staff list (EnterpriseSummaryDto); `seatsUsed` counts members and open invitations. */
export interface EnterpriseSummary {
  _id: string;
  name: string;
  status: 'active' | 'suspended';
  owner: TeamPerson;
  seatLimit: number;
  seatsUsed: number;
  memberCount: number;
  createdAt: string;
  updatedAt: string;
  /** Not in the list's answer (yet): shown when it is. */
  poolBalance?: number;
}

export interface TeamMember {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  avatar: string | null;
  isVerified: boolean;
  role: EnterpriseRole;
  status: EnterpriseMemberStatus;
  monthlyCreditCap: number | null;
  joinedAt: string;
}

export interface TeamInvite {
  _id: string;
  email: string;
  role: 'admin' | 'member';
  monthlyCreditCap: number | null;
  status: InviteStatus;
  expiresAt: string;
  createdAt: string;
}

/** A team with its pool, members (owner, admins, members) and invitations (EnterpriseDto). */
export interface Enterprise extends EnterpriseSummary {
  poolBalance: number;
  members: TeamMember[];
  invites: TeamInvite[];
}

export interface MyAccount {
  enterprise: Enterprise | null;
  role: EnterpriseRole | null;
  membership: TeamMember | null;
}

export interface DashboardRow {
  userId: string;
  firstName: string;
  lastName: string;
  role: EnterpriseRole;
  status: EnterpriseMemberStatus;
  listings: { active: number; total: number };
  inquiries: number;
  /** Median seconds to a first reply in the window; null without answered inquiries. */
  medianFirstResponseSeconds: number | null;
  creditsUsed: number;
}

export interface TeamDashboard {
  enterpriseId: string;
  from: string;
  to: string;
  members: DashboardRow[];
  totals: { members: number; listings: { active: number; total: number }; inquiries: number; medianFirstResponseSeconds: number | null; creditsUsed: number };
}

export interface PoolEntry {
  _id: string;
  kind: string;
  amount: number;
  balanceAfter: number;
  /** The member who spent (null on credits added to the pool). */
  member: { _id: string; firstName: string; lastName: string } | null;
  reason: string | null;
  reservationId: string | null;
  createdAt: string;
}

export const POOL_ACTIONS = ['grant', 'reserve', 'commit', 'refund'] as const;
export type PoolAction = (typeof POOL_ACTIONS)[number];

export interface Pagination {
  currentPage: number;
  itemsOnPage: number;
  totalPages: number;
  totalItems: number;
  itemsPerPage: number;
}

export interface PoolLedger {
  enterpriseId: string;
  balance: number;
  reserved: number;
  entries: PoolEntry[];
  byMember: Array<{
    userId: string;
    firstName: string;
    lastName: string;
    spentThisMonth: number;
    spentInRange: number;
  }>;
  pagination: Pagination;
}

export interface InvitePreview {
  enterpriseName: string;
  email: string;
  role: 'admin' | 'member';
  expiresAt: string;
  status: InviteStatus;
  accountExists: boolean;
}

export interface LedgerArg {
  id: string;
  memberId?: string;
  action?: PoolAction;
  from?: string;
  to?: string;
  page?: number;
  limit?: number;
}

const TEAM = 'Team' as const;

export const teamApi = enhancedApi.enhanceEndpoints({ addTagTypes: [TEAM] }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    teamMyAccount: build.query<MyAccount, void>({
      query: () => ({ url: '/api/enterprise/my-account' }),
      providesTags: [TEAM],
    }),
    teamEnterprise: build.query<Enterprise, string>({
      query: (id) => ({ url: `/api/enterprise/${encodeURIComponent(id)}` }),
      providesTags: [TEAM],
    }),
    teamAll: build.query<{ enterprises: Enterprise[]; pagination: Pagination }, { page: number; limit: number; text?: string }>({
      query: (params) => ({ url: '/api/enterprise/get/all', params }),
      providesTags: [TEAM],
    }),
    teamDashboard: build.query<TeamDashboard, { id: string; from?: string; to?: string }>({
      query: ({ id, ...params }) => ({
        url: `/api/enterprise/${encodeURIComponent(id)}/dashboard`,
        params,
      }),
      providesTags: [TEAM],
    }),
    teamLedger: build.query<PoolLedger, LedgerArg>({
      query: ({ id, ...params }) => ({
        url: `/api/enterprise/${encodeURIComponent(id)}/credits`,
        params,
      }),
      providesTags: [TEAM],
    }),
    teamInvitePreview: build.query<InvitePreview, string>({
      query: (token) => ({
        url: `/api/enterprise/invite/${encodeURIComponent(token)}`,
      }),
    }),
    teamCreate: build.mutation<Enterprise, { name: string; ownerId?: string; seatLimit?: number }>({
      query: (body) => ({
        url: '/api/enterprise/create',
        method: 'POST',
        body,
      }),
      invalidatesTags: [TEAM],
    }),
    teamInvite: build.mutation<TeamInvite, { email: string; role: 'admin' | 'member'; monthlyCreditCap?: number }>({
      query: (body) => ({
        url: '/api/enterprise/invite',
        method: 'POST',
        body,
      }),
      invalidatesTags: [TEAM],
    }),
    teamRevokeInvite: build.mutation<unknown, string>({
      query: (id) => ({
        url: `/api/enterprise/invite/${encodeURIComponent(id)}`,
        method: 'DELETE',
      }),
      invalidatesTags: [TEAM],
    }),
    teamActivate: build.mutation<
      unknown,
      {
        token: string;
        firstName?: string;
        lastName?: string;
        password?: string;
      }
    >({
      query: ({ token, ...body }) => ({
        url: `/api/enterprise/activate/${encodeURIComponent(token)}`,
        method: 'POST',
        body,
      }),
      invalidatesTags: [TEAM],
    }),
    teamUpdateMember: build.mutation<
      unknown,
      {
        userId: string;
        role?: EnterpriseRole;
        status?: EnterpriseMemberStatus;
        monthlyCreditCap?: number | null;
      }
    >({
      query: (body) => ({
        url: '/api/enterprise/sub-account/update',
        method: 'PUT',
        body,
      }),
      invalidatesTags: [TEAM],
    }),
    teamRemoveMember: build.mutation<unknown, { id: string; reassignTo?: string; archive?: boolean }>({
      query: ({ id, reassignTo, archive }) => ({
        url: `/api/enterprise/sub-account/remove/${encodeURIComponent(id)}`,
        method: 'DELETE',
        params: reassignTo ? { reassignTo } : archive ? { archive: 'true' } : undefined,
      }),
      invalidatesTags: [TEAM],
    }),
    teamAddCredits: build.mutation<unknown, { enterpriseId: string; amount: number; reason: string }>({
      query: (body) => ({
        url: '/api/enterprise/add-credits',
        method: 'POST',
        body,
      }),
      invalidatesTags: [TEAM],
    }),
  }),
});

export const {
  useTeamMyAccountQuery,
  useTeamEnterpriseQuery,
  useTeamAllQuery,
  useTeamDashboardQuery,
  useTeamLedgerQuery,
  useTeamInvitePreviewQuery,
  useTeamCreateMutation,
  useTeamInviteMutation,
  useTeamRevokeInviteMutation,
  useTeamActivateMutation,
  useTeamUpdateMemberMutation,
  useTeamRemoveMemberMutation,
  useTeamAddCreditsMutation,
} = teamApi;
