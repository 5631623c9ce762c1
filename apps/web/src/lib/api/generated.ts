import { baseApi as api } from "./base-api";
export const addTagTypes = ["auth", "user", "health"] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listAuthProviders: build.query<
        ListAuthProvidersApiResponse,
        ListAuthProvidersApiArg
      >({
        query: () => ({ url: `/api/auth/providers` }),
        providesTags: ["auth"],
      }),
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
      createUser: build.mutation<CreateUserApiResponse, CreateUserApiArg>({
        query: (queryArg) => ({
          url: `/api/user/create`,
          method: "POST",
          body: queryArg.createUserDto,
        }),
        invalidatesTags: ["user"],
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
      logoutUser: build.query<LogoutUserApiResponse, LogoutUserApiArg>({
        query: () => ({ url: `/api/user/logout` }),
        providesTags: ["user"],
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
      searchUsers: build.mutation<SearchUsersApiResponse, SearchUsersApiArg>({
        query: (queryArg) => ({
          url: `/api/user/search`,
          method: "POST",
          body: queryArg.searchUsersDto,
        }),
        invalidatesTags: ["user"],
      }),
      updateUser: build.mutation<UpdateUserApiResponse, UpdateUserApiArg>({
        query: (queryArg) => ({
          url: `/api/user/update`,
          method: "PUT",
          body: queryArg.updateUserDto,
        }),
        invalidatesTags: ["user"],
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
export type ListAuthProvidersApiResponse = /** status 200  */ AuthProvidersDto;
export type ListAuthProvidersApiArg = void;
export type GetCurrentUserApiResponse = /** status 200  */ UserDto;
export type GetCurrentUserApiArg = void;
export type GetHealthApiResponse = /** status 200  */ HealthDto;
export type GetHealthApiArg = void;
export type CreateAdminUserApiResponse = /** status 201  */ UserDto;
export type CreateAdminUserApiArg = {
  createAdminDto: CreateAdminDto;
};
export type CreateUserApiResponse = /** status 201  */ AuthResponseDto;
export type CreateUserApiArg = {
  createUserDto: CreateUserDto;
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
export type LogoutUserApiResponse = /** status 200  */ MessageResponseDto;
export type LogoutUserApiArg = void;
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
export type SearchUsersApiResponse = /** status 200  */ UserListDto;
export type SearchUsersApiArg = {
  searchUsersDto: SearchUsersDto;
};
export type UpdateUserApiResponse = /** status 200  */ UserDto;
export type UpdateUserApiArg = {
  updateUserDto: UpdateUserDto;
};
export type UpdateUserPasswordApiResponse =
  /** status 200  */ MessageResponseDto;
export type UpdateUserPasswordApiArg = {
  updatePasswordDto: UpdatePasswordDto;
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
export type VerifyEmailApiResponse = /** status 200  */ MessageResponseDto;
export type VerifyEmailApiArg = {
  verifyEmailDto: VerifyEmailDto;
};
export type AuthProvidersDto = {
  providers: ("google" | "facebook")[];
};
export type CreditsDto = {
  remaining: number;
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
  plan: "free" | "basic" | "premium";
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
  isVerified: boolean;
  isVisible: boolean;
  /** Identity verification (not yet available) */
  kyc: object | null;
  lastActive: string | null;
  lastName: string;
  middleName: string | null;
  phoneNumber: string | null;
  preferences: PreferencesDto;
  provider: "local" | "google" | "facebook";
  role: "user" | "viewer" | "admin" | "super_admin";
  saved: SavedItemsDto;
  status: "active" | "suspended";
  subscription: SubscriptionDto;
  subscriptionHistory: SubscriptionDto[];
  type: "customer" | "broker" | "real_estate_salesperson" | "property_owner";
  updatedAt: string;
  username: string | null;
};
export type HealthDto = {
  database: "up" | "down";
  redis: "up" | "down";
  status: "ok" | "error";
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
  type?: "customer" | "broker" | "real_estate_salesperson" | "property_owner";
};
export type AuthResponseDto = {
  /** Bearer token for the Authorization header */
  token: string;
  user: UserDto;
};
export type CreateUserDto = {
  email: string;
  firstName: string;
  lastName: string;
  middleName?: string | null;
  /** At least 8 characters */
  password: string;
  phoneNumber?: string | null;
  type?: "customer" | "broker" | "real_estate_salesperson" | "property_owner";
};
export type PaginationDto = {
  currentPage: number;
  itemsOnPage: number;
  itemsPerPage: number;
  totalItems: number;
  totalPages: number;
};
export type UserViewDto = {
  _id?: string;
  avatar?: string | null;
  createdAt?: string;
  credits?: CreditsDto;
  dateSignedUp?: string;
  email?: string;
  firstName?: string;
  isVerified?: boolean;
  isVisible?: boolean;
  /** Identity verification (not yet available) */
  kyc?: object | null;
  lastActive?: string | null;
  lastName?: string;
  middleName?: string | null;
  phoneNumber?: string | null;
  preferences?: PreferencesDto;
  provider?: "local" | "google" | "facebook";
  role?: "user" | "viewer" | "admin" | "super_admin";
  saved?: SavedItemsDto;
  status?: "active" | "suspended";
  subscription?: SubscriptionDto;
  subscriptionHistory?: SubscriptionDto[];
  type?: "customer" | "broker" | "real_estate_salesperson" | "property_owner";
  updatedAt?: string;
  username?: string | null;
};
export type UserListDto = {
  pagination: PaginationDto;
  users: UserViewDto[];
};
export type LoginDto = {
  email: string;
  password: string;
};
export type MessageResponseDto = {
  message: string;
};
export type EmailRequestDto = {
  email: string;
};
export type ResetPasswordDto = {
  newPassword: string;
  /** The token from the reset e-mail */
  token: string;
};
export type SearchUsersDto = {
  lean?: boolean;
  limit?: number;
  page?: number;
  populateArray?: {
    [key: string]: any;
  }[];
  /** Free text (matched against names, e-mail and username) or an object of filters: role, status, type, provider (a value or a list), isVerified, email */
  query?:
    | string
    | {
        [key: string]: any;
      };
  select?: string | string[];
  skip?: number;
  sort?:
    | string
    | {
        [key: string]: any;
      };
};
export type CreditsInputDto = {
  remaining: number;
};
export type UpdateUserDto = {
  /** The user to update; defaults to the caller. Only admins may name another user. */
  _id?: string;
  /** Admins only, never on oneself */
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
  type?: "customer" | "broker" | "real_estate_salesperson" | "property_owner";
  /** 3-30 letters, digits, dots, dashes or underscores */
  username?: string | null;
};
export type UpdatePasswordDto = {
  currentPassword: string;
  newPassword: string;
  userId: string;
};
export type UpdateVisibilityDto = {
  field: "isVisible" | "receiveMonthlyUpdates" | "seeProfileViewers";
  visible: boolean;
};
export type VerifyEmailDto = {
  /** The token from the verification e-mail */
  token: string;
};
export const {
  useListAuthProvidersQuery,
  useLazyListAuthProvidersQuery,
  useGetCurrentUserQuery,
  useLazyGetCurrentUserQuery,
  useGetHealthQuery,
  useLazyGetHealthQuery,
  useCreateAdminUserMutation,
  useCreateUserMutation,
  useGetAllUsersQuery,
  useLazyGetAllUsersQuery,
  useGetUserByIdQuery,
  useLazyGetUserByIdQuery,
  useLoginUserMutation,
  useLogoutUserQuery,
  useLazyLogoutUserQuery,
  useRemoveUserMutation,
  useRequestPasswordResetMutation,
  useRequestEmailVerificationMutation,
  useResetPasswordMutation,
  useSearchUsersMutation,
  useUpdateUserMutation,
  useUpdateUserPasswordMutation,
  useUpdateUserVisibilityMutation,
  useUploadUserAvatarMutation,
  useVerifyEmailMutation,
} = injectedRtkApi;
