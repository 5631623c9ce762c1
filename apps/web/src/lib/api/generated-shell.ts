import { baseApi as api } from "./base-api";
export const addTagTypes = ["user", "health"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getCurrentUser: build.query<
        GetCurrentUserApiResponse,
        GetCurrentUserApiArg
      >({
        query: () => ({ url: `/api/current/user` }),
        providesTags: ["user"],
      }),
      getHealth: build.query<GetHealthApiResponse, GetHealthApiArg>({
        query: () => ({ url: `/api/health` }),
        providesTags: ["health"],
      }),
      logoutUser: build.query<LogoutUserApiResponse, LogoutUserApiArg>({
        query: () => ({ url: `/api/user/logout` }),
        providesTags: ["user"],
      }),
      updateUser: build.mutation<UpdateUserApiResponse, UpdateUserApiArg>({
        query: (queryArg) => ({
          url: `/api/user/update`,
          method: "PUT",
          body: queryArg.updateUserDto,
        }),
        invalidatesTags: ["user"],
      }),
      updateUserVisibility: build.mutation<
        UpdateUserVisibilityApiResponse,
        UpdateUserVisibilityApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/update/visibility`,
          method: "POST",
          body: queryArg.updateVisibilityDto,
        }),
        invalidatesTags: ["user"],
      }),
      uploadUserAvatar: build.mutation<
        UploadUserAvatarApiResponse,
        UploadUserAvatarApiArg
      >({
        query: (queryArg) => ({
          url: `/api/user/upload/avatar`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["user"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as api };
export type GetCurrentUserApiResponse = /** status 200  */ UserDto;
export type GetCurrentUserApiArg = void;
export type GetHealthApiResponse = /** status 200  */ HealthDto;
export type GetHealthApiArg = void;
export type LogoutUserApiResponse = /** status 200  */ MessageResponseDto;
export type LogoutUserApiArg = void;
export type UpdateUserApiResponse = /** status 200  */ UserDto;
export type UpdateUserApiArg = {
  updateUserDto: UpdateUserDto;
};
export type UpdateUserVisibilityApiResponse = /** status 200  */ UserDto;
export type UpdateUserVisibilityApiArg = {
  updateVisibilityDto: UpdateVisibilityDto;
};
export type UploadUserAvatarApiResponse = /** status 200  */ UserDto;
export type UploadUserAvatarApiArg = {
  body: {
    image: Blob;
  };
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
export type HealthDto = {
  database: "up" | "down";
  /** Which API process answered (1 to API_PROCESSES): each holds its own search index */
  process: number;
  redis: "up" | "down";
  /** Where public searches are answered: from the listings held in memory, PostgreSQL while they load, or PostgreSQL always (LISTING_SEARCH_INDEX=false or the worker role) */
  search: "memory" | "loading" | "database";
  status: "ok" | "error";
};
export type MessageResponseDto = {
  message: string;
};
export type CreditsInputDto = {
  remaining: number;
};
export type UpdateUserDto = {
  /** The user to update; defaults to the caller. Only admins may name another user. */
  _id?: string;
  /** Refused (400): AI credits are a ledger, changed with PUT /user/ai/credits/{id} and a reason */
  credits?: CreditsInputDto;
  firstName?: string;
  /** Admins only, never on oneself */
  isVerified?: boolean;
  lastName?: string;
  middleName?: string | null;
  phoneNumber?: string | null;
  /** Admins only, never on oneself */
  role?: "user" | "viewer" | "admin" | "super_admin";
  /** Admins only, never on oneself */
  status?: "active" | "suspended";
  type?:
    | "customer"
    | "broker"
    | "real_estate_salesperson"
    | "property_owner"
    | "real_estate_appraiser"
    | "real_estate_consultant";
  /** 3-30 letters, digits, dots, dashes or underscores */
  username?: string | null;
};
export type UpdateVisibilityDto = {
  field: "isVisible" | "receiveMonthlyUpdates" | "seeProfileViewers";
  visible: boolean;
};
export const {
  useGetCurrentUserQuery,
  useLazyGetCurrentUserQuery,
  useGetHealthQuery,
  useLazyGetHealthQuery,
  useLogoutUserQuery,
  useLazyLogoutUserQuery,
  useUpdateUserMutation,
  useUpdateUserVisibilityMutation,
  useUploadUserAvatarMutation,
} = injectedRtkApi;
