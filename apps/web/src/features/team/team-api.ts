/**
 * The enterprise (team) API: the generated endpoints (lib/api/generated.ts, tag 'enterprise': every
 * change refetches the team's reads) under the names the team pages and the console use, and the
 * generated DTOs under shorter names. The generated names follow the API controller's method names:
 * if those change, only this file does.
 */
import type {
  DashboardMemberDto,
  EnterpriseDashboardDto,
  EnterpriseDto,
  EnterpriseInviteDto,
  EnterpriseMemberDto,
  EnterprisePersonDto,
  EnterpriseSummaryDto,
  InvitePreviewDto,
  MyEnterpriseDto,
  PoolAccountDto,
  PoolEntryDto,
} from '@/lib/api/generated';

export {
  useActivateEnterpriseInviteMutation as useTeamActivateMutation,
  useAddEnterpriseCreditsMutation as useTeamAddCreditsMutation,
  useCreateEnterpriseMutation as useTeamCreateMutation,
  useGetEnterpriseDashboardQuery as useTeamDashboardQuery,
  useGetAllEnterprisesQuery as useTeamAllQuery,
  useGetEnterpriseQuery as useTeamEnterpriseQuery,
  useInviteToEnterpriseMutation as useTeamInviteMutation,
  useGetMyEnterpriseQuery as useTeamMyAccountQuery,
  useGetEnterpriseCreditsQuery as useTeamLedgerQuery,
  useGetEnterpriseInviteQuery as useTeamInvitePreviewQuery,
  useRemoveEnterpriseSubAccountMutation as useTeamRemoveMemberMutation,
  useRevokeEnterpriseInviteMutation as useTeamRevokeInviteMutation,
  useUpdateEnterpriseSubAccountMutation as useTeamUpdateMemberMutation,
} from '@/lib/api/generated';

export type TeamPerson = EnterprisePersonDto;
export type InviteStatus = EnterpriseInviteDto['status'];
/** A team in the staff list; `seatsUsed` counts members and open invitations. The list has no pool balance (yet): shown when it has. */
export type EnterpriseSummary = EnterpriseSummaryDto & { poolBalance?: number };
export type TeamMember = EnterpriseMemberDto;
export type TeamInvite = EnterpriseInviteDto;
/** A team with its pool, members (owner, admins, members) and invitations. */
export type Enterprise = EnterpriseDto;
export type MyAccount = MyEnterpriseDto;
export type DashboardRow = DashboardMemberDto;
export type TeamDashboard = EnterpriseDashboardDto;
export type PoolEntry = PoolEntryDto;
export type PoolLedger = PoolAccountDto;
export type InvitePreview = InvitePreviewDto;

export const POOL_ACTIONS = ['grant', 'reserve', 'commit', 'refund'] as const;
export type PoolAction = (typeof POOL_ACTIONS)[number];
