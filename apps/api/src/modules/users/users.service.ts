import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { ADMIN_ROLES, STAFF_ROLES, SUBSCRIPTION_PLANS, USER_ROLES, USER_STATUSES, USER_TYPES, AUTH_PROVIDERS, buildPagination, type NewDomainEvent } from '@app/domain';
import type { KycSummaryValue, LicenceSummaryValue, NewUserRow, SubscriptionValue, UserRow } from '@app/db';
import type { Placeholder, SQL } from 'drizzle-orm';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import type { AuthUser } from '../../common/auth/auth-user';
import { MailQueue } from '../../common/mail/mail.queue';
import { AuthThrottleService } from '../../common/rate-limit/auth-throttle.service';
import { PasswordHasher } from '../../common/security/password-hasher';
import { applySelection, parseListQuery, type RawListQuery, type ResourceQuerySpec } from '../../common/query/list-query';
import { AuthTokensService } from '../auth/auth-tokens.service';
import { Transactions } from '../../common/db/transactions';
import type { PeriodCount, PeriodWindow } from '../../common/db/period-counts';
import { EventsService } from '../../common/events/events.service';
import type {
  CreateAdminDto,
  CreateUserDto,
  LoginDto,
  SearchUsersDto,
  UpdatePasswordDto,
  UpdateUserDto,
  UpdateVisibilityDto,
} from './dto/user-input.dto';
import type { AuthResponseDto, UserDto, UserListDto, UserViewDto } from './dto/user-output.dto';
import { toPublicUserDto, toUserDto, USER_FIELDS } from './user.mapper';
import { isUniqueViolation } from '../../common/db/pg-errors';
import { USER_SORT_COLUMNS, UsersRepository, type TokenPurpose, type UserFilters, type UserProfile, type UserSortKey } from './users.repository';
import { passwordResetEmail, verificationEmail } from './user-emails';
import { AccountRequestQueue, type AccountRequestJob } from './account-request.queue';
import { AccountRemovalSteps } from './account-removal-steps';

export const USER_QUERY_SPEC: ResourceQuerySpec<UserSortKey> = {
  resource: 'user',
  selectable: USER_FIELDS,
  sortable: Object.keys(USER_SORT_COLUMNS) as UserSortKey[],
  relations: [],
  defaultSort: '-createdAt',
};

const TOKEN_TTL_MS: Record<TokenPurpose, number> = { reset_password: 3600_000, verify_email: 24 * 3600_000 };
const INVALID_CREDENTIALS = 'Invalid email or password';
const EMAIL_TAKEN = 'An account with this e-mail already exists';
const INVALID_RESET_TOKEN = 'This reset link is invalid or has expired; ask for a new one';
const LAST_SUPER_ADMIN = 'At least one active super admin must remain';
const RESET_REQUEST_ANSWER = 'If an account exists for that e-mail, we have sent a link to reset its password';
const VERIFY_REQUEST_ANSWER = 'If an unverified account exists for that e-mail, we have sent a new confirmation link';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: AuthTokensService,
    private readonly throttle: AuthThrottleService,
    private readonly mail: MailQueue,
    private readonly hasher: PasswordHasher,
    private readonly accountRequests: AccountRequestQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
    private readonly events: EventsService,
    private readonly removalSteps: AccountRemovalSteps,
  ) {}

  async signUp(dto: CreateUserDto, meta: RequestMeta): Promise<AuthResponseDto> {
    await this.throttle.consumeSignUp(meta.ip);
    const passwordHash = await this.hashForNewAccount(dto);
    const { user, token } = await this.transactions.run(async () => {
      const user = await this.createAccount(dto, 'user', passwordHash);
      await this.events.publish({
        type: 'user.signed_up',
        actorId: user.id,
        entity: { kind: 'user', id: user.id },
        data: { userId: user.id, email: user.email, type: user.type, provider: 'local' },
      });
      return { user, token: await this.tokens.issue(user.id, meta) };
    });
    await this.sendToken(user, 'verify_email');
    return { token, user: toUserDto(user) };
  }

  /**
   * Creates an account from an invitation (the enterprise module's team invite): the e-mail is the
   * invitation's, which the link proved (it came by e-mail), so the address counts as confirmed
   * (`isVerified`) and no confirmation mail is sent; `join` runs in the same transaction as the account (the
   * team membership), and the answer is a session like sign-up and login give.
   */
  async signUpInvited(
    dto: { email: string; firstName: string; lastName: string; password: string },
    meta: RequestMeta,
    join: (userId: string) => Promise<void>,
  ): Promise<AuthResponseDto> {
    await this.throttle.consumeSignUp(meta.ip);
    const passwordHash = await this.hashForNewAccount(dto);
    const { user, token } = await this.transactions.run(async () => {
      const created = await this.createAccount(dto, 'user', passwordHash);
      const user = (await this.users.update(created.id, { lastActive: new Date(), isVerified: true })) ?? created;
      await this.events.publish({
        type: 'user.signed_up',
        actorId: user.id,
        entity: { kind: 'user', id: user.id },
        data: { userId: user.id, email: user.email, type: user.type, provider: 'local' },
      });
      await join(user.id);
      return { user, token: await this.tokens.issue(user.id, meta) };
    });
    return { token, user: toUserDto(user) };
  }

  async createAdmin(caller: AuthUser, dto: CreateAdminDto): Promise<UserDto> {
    if (caller.role !== 'super_admin') throw new ForbiddenException('Only a super admin can create admins');
    const passwordHash = await this.hashForNewAccount(dto);
    const user = await this.transactions.run(async () => {
      const user = await this.createAccount(dto, dto.role ?? 'admin', passwordHash);
      await this.events.publish({
        type: 'user.admin_created',
        actorId: caller.id,
        entity: { kind: 'user', id: user.id },
        data: { userId: user.id, email: user.email, role: user.role },
      });
      return user;
    });
    return toUserDto(user);
  }

  /** The new account's password hash; the cheap check first: an e-mail in use costs no hashing (the unique index still decides races). */
  private async hashForNewAccount(dto: CreateUserDto): Promise<string> {
    if (await this.users.findByEmail(dto.email)) throw new ConflictException(EMAIL_TAKEN);
    return this.hasher.hash(dto.password);
  }

  private async createAccount(dto: CreateUserDto, role: UserRow['role'], passwordHash: string): Promise<UserRow> {
    const values: NewUserRow = {
      email: dto.email,
      passwordHash,
      firstName: dto.firstName,
      middleName: dto.middleName ?? null,
      lastName: dto.lastName,
      phoneNumber: dto.phoneNumber ?? null,
      type: dto.type ?? 'customer',
      role,
      provider: 'local',
    };
    try {
      return await this.users.insert(values);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictException(EMAIL_TAKEN);
      throw err;
    }
  }

  async login(dto: LoginDto, meta: RequestMeta): Promise<AuthResponseDto> {
    // counted before the password is checked (atomically in Redis); a right password gives it back
    const attempt = await this.throttle.beginLogin(meta.ip, dto.email);
    let user: UserRow | null;
    let ok: boolean;
    try {
      user = await this.users.findByEmail(dto.email);
      ok = user?.passwordHash ? await this.hasher.verify(user.passwordHash, dto.password) : await this.hasher.verifyNothing(dto.password);
    } catch (err) {
      // not checked (server busy, database down): the try does not count as a failure
      await this.throttle.loginAborted(attempt);
      throw err;
    }
    if (!user || !ok) {
      await this.throttle.loginFailed(attempt);
      await this.events.publish({
        type: 'user.login_failed',
        actorId: null,
        entity: user ? { kind: 'user', id: user.id } : null,
        data: { email: dto.email.slice(0, 254), reason: user ? 'wrong_password' : 'unknown_email' },
      });
      throw new UnauthorizedException(INVALID_CREDENTIALS);
    }
    await this.throttle.loginSucceeded(attempt);
    if (user.status !== 'active') {
      await this.events.publish({
        type: 'user.login_failed',
        actorId: null,
        entity: { kind: 'user', id: user.id },
        data: { email: user.email, reason: 'suspended' },
      });
      throw new ForbiddenException('This account is suspended. Contact support to restore it.');
    }
    const signedIn = user;
    const { token, updated } = await this.transactions.run(async () => {
      const token = await this.tokens.issue(signedIn.id, meta);
      const updated = (await this.users.update(signedIn.id, { lastActive: new Date() })) ?? signedIn;
      await this.events.publish({
        type: 'user.logged_in',
        actorId: signedIn.id,
        entity: { kind: 'user', id: signedIn.id },
        data: { userId: signedIn.id, email: signedIn.email, provider: 'local' },
      });
      return { token, updated };
    });
    return { token, user: toUserDto(updated) };
  }

  async logout(caller: AuthUser): Promise<{ message: string }> {
    await this.transactions.run(async () => {
      await this.tokens.revoke(caller.sessionId);
      await this.events.publish({ type: 'user.logged_out', actorId: caller.id, entity: { kind: 'user', id: caller.id }, data: { userId: caller.id } });
    });
    return { message: 'Logged out' };
  }

  async getCurrent(caller: AuthUser): Promise<UserDto> {
    return toUserDto(await this.mustFind(caller.id));
  }

  async getById(caller: AuthUser, id: string, raw: RawListQuery): Promise<UserViewDto> {
    const query = parseListQuery(raw, USER_QUERY_SPEC);
    const user = await this.users.findById(id);
    const isStaff = STAFF_ROLES.includes(caller.role);
    if (!user || (!isStaff && caller.id !== id && (!user.isVisible || user.status !== 'active'))) {
      throw new NotFoundException('User not found');
    }
    const dto: UserViewDto = isStaff || caller.id === id ? toUserDto(user) : toPublicUserDto(user);
    return applySelection(dto, query) as UserViewDto;
  }

  async list(raw: RawListQuery, filters: UserFilters = {}): Promise<UserListDto> {
    const query = parseListQuery(raw, USER_QUERY_SPEC);
    const { rows, total } = await this.users.search(filters, query.sort, query.limit, query.skip);
    return {
      users: rows.map((r) => applySelection(toUserDto(r), query) as UserViewDto),
      pagination: buildPagination(total, rows.length, query.limit, query.skip),
    };
  }

  search(body: SearchUsersDto): Promise<UserListDto> {
    return this.list(body, parseUserFilters(body.query));
  }

  async update(caller: AuthUser, dto: UpdateUserDto): Promise<UserDto> {
    const targetId = dto._id ?? caller.id;
    const self = targetId === caller.id;
    const isAdmin = ADMIN_ROLES.includes(caller.role);
    if (!self && !isAdmin) throw new ForbiddenException('You can only update your own profile');
    const target = await this.mustFind(targetId);
    if (dto.credits !== undefined) {
      throw new BadRequestException(
        'AI credits are kept in a ledger: change them with PUT /api/user/ai/credits/{id} and a reason (admins only)',
      );
    }
    const guarded = (['role', 'status', 'isVerified'] as const).filter((f) => dto[f] !== undefined);
    if (self && guarded.length) {
      throw new ForbiddenException(`You cannot change your own ${guarded.join(', ')}`);
    }
    if (!self && target.role === 'super_admin' && caller.role !== 'super_admin') {
      throw new ForbiddenException('Only a super admin can change a super admin');
    }
    if (!self && ADMIN_ROLES.includes(target.role) && caller.role !== 'super_admin') {
      const changesStanding = dto.role !== undefined || dto.status !== undefined;
      throw new ForbiddenException(
        changesStanding ? 'Only a super admin can change the role or status of an admin' : "Only a super admin can change an admin's account",
      );
    }
    if (dto.role && ['admin', 'super_admin'].includes(dto.role) && caller.role !== 'super_admin') {
      throw new ForbiddenException('Only a super admin can grant the admin roles');
    }
    const patch: Partial<NewUserRow> = {};
    if (dto.firstName !== undefined) patch.firstName = dto.firstName;
    if (dto.middleName !== undefined) patch.middleName = dto.middleName;
    if (dto.lastName !== undefined) patch.lastName = dto.lastName;
    if (dto.username !== undefined) patch.username = dto.username;
    if (dto.phoneNumber !== undefined) patch.phoneNumber = dto.phoneNumber;
    if (dto.type !== undefined) patch.type = dto.type;
    if (dto.role !== undefined) patch.role = dto.role;
    if (dto.status !== undefined) patch.status = dto.status;
    if (dto.isVerified !== undefined) patch.isVerified = dto.isVerified;
    if (Object.keys(patch).length === 0) return toUserDto(target);
    const losesSuperAdmin =
      target.role === 'super_admin' && ((dto.role !== undefined && dto.role !== 'super_admin') || dto.status === 'suspended');
    let updated: UserRow | null;
    try {
      updated = await this.transactions.run(async () => {
        if (losesSuperAdmin) await this.assertAnotherSuperAdmin(this.users, targetId);
        const row = await this.users.update(targetId, patch);
        await this.events.publish(...userChangeEvents(caller.id, target, patch));
        if (dto.status === 'suspended' && target.status !== 'suspended') await this.tokens.revokeAllForUser(targetId);
        return row;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictException('That username is taken');
      throw err;
    }
    return toUserDto(updated ?? target);
  }

  /** Members' names, avatars, types and statuses by id, in one query (for other modules: users is this module's table). */
  /** A member's profile (first_name, last_name, avatar, type) as a query for another module's statement. */
  profileQuery(userId: SQL | Placeholder): SQL {
    return this.users.profileQuery(userId);
  }

  /** Members' profiles (id, first_name, last_name, avatar, type) as a query for another module's statement. */
  profilesQuery(userIds: SQL): SQL {
    return this.users.profilesQuery(userIds);
  }

  profilesByIds(ids: string[]): Promise<UserProfile[]> {
    return this.users.profilesByIds([...new Set(ids)]);
  }

  /** Adds to (or, negative, takes from) a member's cached credit balance unless it would go below zero; only the credits module calls it, inside its ledger transaction. */
  moveCredits(userId: string, delta: number): Promise<{ balance: number; email: string } | null> {
    return this.users.moveCredits(userId, delta);
  }

  /** A member's credit balance, locked until the transaction ends. */
  lockCredits(userId: string): Promise<{ balance: number; email: string } | null> {
    return this.users.lockCredits(userId);
  }

  /** Caches the member's current subscription on the account (the session's User shows it); the subscriptions module calls it in its transaction. */
  setSubscription(userId: string, value: SubscriptionValue): Promise<void> {
    return this.users.setSubscription(userId, value);
  }

  /**
   * Caches the member's identity verification on the account (the User's `kyc`; approved is the
   * verified identity, `hasVerifiedIdentity`); the kyc module calls it in its transaction.
   */
  setKyc(userId: string, value: KycSummaryValue | null): Promise<void> {
    return this.users.setKyc(userId, value);
  }

  /** Caches the member's current licence (the badge on profiles and listings); the licences module calls it in its transaction. */
  setLicence(userId: string, value: LicenceSummaryValue | null): Promise<void> {
    return this.users.setLicence(userId, value);
  }

  /** Ids of members whose name or e-mail contains the text (at most `limit`). */
  idsMatching(text: string, limit: number): Promise<string[]> {
    return this.users.idsMatching(text, limit);
  }

  /** A member's credit balance and current plan; null for an unknown member. */
  creditProfile(userId: string) {
    return this.users.creditProfile(userId);
  }

  /** A page of members with their credit balance and plan, the largest balance first. */
  creditBalances(limit: number, skip: number, ids?: string[]) {
    return this.users.creditBalances(limit, skip, ids);
  }

  /** Members' names and e-mail addresses by id (for the audit log, which keeps them as they were). */
  contactsByIds(ids: string[]): Promise<Array<{ id: string; firstName: string; lastName: string; email: string }>> {
    return this.users.contactsByIds([...new Set(ids)]);
  }

  async remove(caller: AuthUser, id: string): Promise<{ message: string }> {
    if (id === caller.id) throw new BadRequestException('You cannot remove your own account here');
    const target = await this.mustFind(id);
    if (target.role === 'super_admin' && caller.role !== 'super_admin') {
      throw new ForbiddenException('Only a super admin can remove a super admin');
    }
    if (ADMIN_ROLES.includes(target.role) && caller.role !== 'super_admin') {
      throw new ForbiddenException('Only a super admin can remove an admin');
    }
    const cleanups = await this.transactions.run(async () => {
      if (target.role === 'super_admin') await this.assertAnotherSuperAdmin(this.users, id);
      // other modules' parts first (the listings, each with its listing.removed event), then the row
      const after = await this.removalSteps.beforeRemoval(id, caller.id);
      await this.users.remove(id);
      await this.events.publish({
        type: 'user.removed',
        actorId: caller.id,
        entity: { kind: 'user', id },
        data: { userId: id, email: target.email, role: target.role },
      });
      return after;
    });
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    // the sessions went with the row (cascade); this also closes the member's open sockets on every API process
    await this.tokens.revokeAllForUser(id);
    return { message: 'User removed' };
  }

  async updateVisibility(caller: AuthUser, dto: UpdateVisibilityDto): Promise<UserDto> {
    const user = await this.mustFind(caller.id);
    const patch: Partial<NewUserRow> =
      dto.field === 'isVisible'
        ? { isVisible: dto.visible }
        : { preferences: { ...user.preferences, [dto.field]: dto.visible } };
    const updated = await this.transactions.run(async () => {
      const row = await this.users.update(caller.id, patch);
      await this.events.publish({
        type: 'user.visibility_changed',
        actorId: caller.id,
        entity: { kind: 'user', id: caller.id },
        data: { userId: caller.id, field: dto.field, visible: dto.visible },
      });
      return row;
    });
    return toUserDto(updated ?? user);
  }

  async updatePassword(caller: AuthUser, dto: UpdatePasswordDto): Promise<{ message: string }> {
    if (dto.userId !== caller.id) throw new ForbiddenException('You can only change your own password');
    const user = await this.mustFind(caller.id);
    if (!user.passwordHash) {
      throw new BadRequestException('This account has no password yet; use "Forgot password" to set one');
    }
    if (!(await this.hasher.verify(user.passwordHash, dto.currentPassword))) {
      throw new BadRequestException('Current password is incorrect');
    }
    const passwordHash = await this.hasher.hash(dto.newPassword);
    await this.transactions.run(async () => {
      await this.users.update(user.id, { passwordHash });
      await this.tokens.revokeAllForUser(user.id, caller.sessionId);
      await this.events.publish({ type: 'user.password_changed', actorId: user.id, entity: { kind: 'user', id: user.id }, data: { userId: user.id } });
    });
    return { message: 'Password updated; other sessions were logged out' };
  }

  async requestPasswordReset(email: string, meta: RequestMeta): Promise<{ message: string }> {
    await this.throttle.consumeEmailRequest('reset_password', email, meta.ip);
    // the same work for every address: the worker looks the account up (handleAccountRequest)
    await this.accountRequests.enqueue({ purpose: 'reset_password', email });
    return { message: RESET_REQUEST_ANSWER };
  }

  /** Worker side of a reset or confirmation request: mails a link when the account qualifies. */
  async handleAccountRequest(job: AccountRequestJob): Promise<boolean> {
    const user = await this.users.findByEmail(job.email);
    const qualifies =
      !!user && user.status === 'active' && (job.purpose === 'reset_password' || !user.isVerified);
    if (!user || !qualifies) return false;
    await this.sendToken(user, job.purpose);
    return true;
  }

  async resetPassword(token: string, newPassword: string, meta: RequestMeta): Promise<{ message: string }> {
    await this.throttle.consumePasswordReset(meta.ip);
    const tokenHash = sha256(token);
    // the cheap check first: a bogus or used token costs no hashing
    if (!(await this.users.hasLiveToken('reset_password', tokenHash))) throw new BadRequestException(INVALID_RESET_TOKEN);
    // hashed before the token is used, so a refused hash (server busy) does not burn the link
    const passwordHash = await this.hasher.hash(newPassword);
    const userId = await this.transactions.run(async () => {
      const repo = this.users;
      // conditional update: of two concurrent requests with one token, only one gets the user id
      const id = await repo.consumeToken('reset_password', tokenHash);
      if (!id) return null;
      const before = await repo.findById(id);
      await repo.update(id, { passwordHash, isVerified: true });
      // The link reached the address, which proves it. An account that had never confirmed it may have
      // been opened by someone else through a provider that did not vouch for the e-mail: such
      // identities stop signing in (the owner can connect their own in Settings).
      if (before && !before.isVerified) await repo.deleteUnvouchedIdentities(id);
      await this.tokens.revokeAllForUser(id);
      await this.events.publish({ type: 'user.password_reset', actorId: id, entity: { kind: 'user', id }, data: { userId: id } });
      return id;
    });
    if (!userId) throw new BadRequestException(INVALID_RESET_TOKEN);
    return { message: 'Password changed; log in with the new password' };
  }

  async requestEmailVerification(email: string, meta: RequestMeta): Promise<{ message: string }> {
    await this.throttle.consumeEmailRequest('verify_email', email, meta.ip);
    await this.accountRequests.enqueue({ purpose: 'verify_email', email });
    return { message: VERIFY_REQUEST_ANSWER };
  }

  async verifyEmail(token: string): Promise<{ message: string }> {
    const userId = await this.transactions.run(async () => {
      const id = await this.users.consumeToken('verify_email', sha256(token));
      if (!id) return null;
      await this.users.update(id, { isVerified: true });
      await this.events.publish({ type: 'user.email_verified', actorId: id, entity: { kind: 'user', id }, data: { userId: id } });
      return id;
    });
    if (!userId) throw new BadRequestException('This confirmation link is invalid or has expired; ask for a new one');
    return { message: 'E-mail address confirmed' };
  }

  async setAvatar(userId: string, avatarUrl: string): Promise<{ user: UserDto; previous: string | null }> {
    const user = await this.mustFind(userId);
    const updated = await this.transactions.run(async () => {
      const row = await this.users.update(userId, { avatar: avatarUrl });
      await this.events.publish({ type: 'user.avatar_changed', actorId: userId, entity: { kind: 'user', id: userId }, data: { userId } });
      return row;
    });
    return { user: toUserDto(updated ?? user), previous: user.avatar };
  }

  private async sendToken(user: UserRow, purpose: TokenPurpose): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await this.users.retireTokens(user.id, purpose);
    await this.users.createToken(user.id, purpose, sha256(token), new Date(Date.now() + TOKEN_TTL_MS[purpose]));
    const name = user.firstName;
    const link = (page: string) => `${this.config.appUrl}/${page}?token=${encodeURIComponent(token)}`;
    await this.mail.enqueue(
      purpose === 'reset_password'
        ? passwordResetEmail(user.email, name, link('reset-password'))
        : verificationEmail(user.email, name, link('verify-email')),
    );
  }

  /** Inside a transaction: 409 unless an active super admin other than `targetId` remains (rows locked). */
  private async assertAnotherSuperAdmin(repo: UsersRepository, targetId: string): Promise<void> {
    const ids = await repo.lockActiveSuperAdmins();
    if (!ids.some((id) => id !== targetId)) throw new ConflictException(LAST_SUPER_ADMIN);
  }

  private async mustFind(id: string): Promise<UserRow> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundException('User not found');
    return user;
  }

  /**
   * Rows of a user export (the exports module reads members only through here): a keyset batch of the
   * members `parseUserFilters` selects, in `sort` order then id; see UsersRepository.exportBatch.
   */
  exportBatch(
    filters: UserFilters,
    sort: { field: UserSortKey; desc: boolean },
    after: { key: string; id: string } | null,
    limit: number,
    skip = 0,
  ): Promise<Array<{ user: UserRow; sortKey: string }>> {
    return this.users.exportBatch(filters, sort, after, limit, skip);
  }

  /** How many members a user export's filters select, counted exactly up to `cap`. */
  exportCount(filters: UserFilters, cap: number): Promise<number> {
    return this.users.exportCount(filters, cap);
  }

  /** A member's id by e-mail (any case), or null (the listing import names owners by id or e-mail). */
  async idByEmail(email: string): Promise<string | null> {
    return (await this.users.findByEmail(email))?.id ?? null;
  }

  /** A member's whole record for staff (the admin's user page); 404 when unknown. */
  async staffView(userId: string): Promise<UserDto> {
    return toUserDto(await this.mustFind(userId));
  }

  /** Several members' whole records for staff, by id, in one query; unknown ids are left out. */
  async staffViews(userIds: string[]): Promise<Map<string, UserDto>> {
    const rows = await this.users.findByIds([...new Set(userIds)]);
    return new Map(rows.map((r) => [r.id, toUserDto(r)]));
  }

  /** How many members there are (or 1/0 for one member's id; the admin dashboard). */
  countAll(userId?: string): Promise<number> {
    return this.users.countAll(userId);
  }

  /** Accounts created per Manila day (week, month) of the window, all or one member's (the admin dashboard). */
  createdByPeriod(window: PeriodWindow, userId?: string): Promise<PeriodCount[]> {
    return this.users.createdByPeriod(window, userId);
  }

  /** Accounts created in the window, all or one member's. */
  createdIn(window: { from: Date; to: Date }, userId?: string): Promise<number> {
    return this.users.createdIn(window, userId);
  }
}

const FILTER_VALUES: Record<string, readonly string[]> = {
  role: USER_ROLES,
  status: USER_STATUSES,
  type: USER_TYPES,
  provider: AUTH_PROVIDERS,
};

/** Turns the `query` of a user search body into whitelisted filters; anything else is a 400. */
export function parseUserFilters(query: unknown): UserFilters {
  if (query === undefined || query === null || query === '') return {};
  if (typeof query === 'string') return { text: query.trim().slice(0, 200) || undefined };
  if (typeof query !== 'object' || Array.isArray(query)) {
    throw new BadRequestException('query must be a search text or an object of filters');
  }
  const filters: UserFilters = {};
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (key in FILTER_VALUES) {
      const list = Array.isArray(value) ? value : [value];
      const allowed = FILTER_VALUES[key];
      for (const v of list) {
        if (typeof v !== 'string' || !allowed.includes(v)) {
          throw new BadRequestException(`query.${key} must be one of: ${allowed.join(', ')}`);
        }
      }
      (filters as Record<string, unknown>)[key] = list;
    } else if (key === 'plan') {
      const list = Array.isArray(value) ? value : [value];
      for (const v of list) {
        if (typeof v !== 'string' || !(SUBSCRIPTION_PLANS as readonly string[]).includes(v)) {
          throw new BadRequestException(`query.plan must be one of: ${SUBSCRIPTION_PLANS.join(', ')}`);
        }
      }
      filters.plan = list as string[];
    } else if (key === 'signedUpFrom' || key === 'signedUpTo') {
      const day = manilaDayStart(value);
      if (!day) throw new BadRequestException(`query.${key} must be a date (YYYY-MM-DD) or an ISO date-time`);
      if (key === 'signedUpFrom') filters.signedUpFrom = day.start;
      else filters.signedUpBefore = day.end;
    } else if (key === 'isVerified') {
      if (typeof value !== 'boolean') throw new BadRequestException('query.isVerified must be true or false');
      filters.isVerified = value;
    } else if (key === 'email' || key === 'text') {
      if (typeof value !== 'string') throw new BadRequestException(`query.${key} must be a string`);
      filters[key] = value.trim().slice(0, 254);
    } else {
      throw new BadRequestException(
        `Unknown query field '${key}' for user; allowed: text, email, isVerified, plan, signedUpFrom, signedUpTo, ${Object.keys(FILTER_VALUES).join(', ')}`,
      );
    }
  }
  if (filters.signedUpFrom && filters.signedUpBefore && filters.signedUpFrom >= filters.signedUpBefore) {
    throw new BadRequestException('query.signedUpTo must not be before query.signedUpFrom');
  }
  return filters;
}

/**
 * A filter date: a day (YYYY-MM-DD) is a Philippine day, from its midnight (Asia/Manila, UTC+8) to the
 * next; a date-time is that instant (both bounds). Null when it is not a valid date.
 */
function manilaDayStart(value: unknown): { start: Date; end: Date } | null {
  if (typeof value !== 'string') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const utcMidnight = Date.parse(`${value}T00:00:00Z`);
    // 2026-02-30 parses as 2 March: only a real calendar date comes back the same
    if (Number.isNaN(utcMidnight) || new Date(utcMidnight).toISOString().slice(0, 10) !== value) return null;
    const start = new Date(utcMidnight - 8 * 3600_000);
    return { start, end: new Date(start.getTime() + 24 * 3600_000) };
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : { start: at, end: at };
}

/** The events of a change to an account: its standing (role, status, verification) each on its own, the rest as one profile update (credits move through the credits ledger). */
export function userChangeEvents(actorId: string, before: UserRow, patch: Partial<NewUserRow>): NewDomainEvent[] {
  const entity = { kind: 'user' as const, id: before.id };
  const base = { userId: before.id, email: before.email };
  const events: NewDomainEvent[] = [];
  if (patch.role !== undefined && patch.role !== before.role) {
    events.push({ type: 'user.role_changed', actorId, entity, data: { ...base, from: before.role, to: patch.role } });
  }
  if (patch.status !== undefined && patch.status !== before.status) {
    events.push({ type: 'user.status_changed', actorId, entity, data: { ...base, from: before.status, to: patch.status } });
  }
  if (patch.isVerified !== undefined && patch.isVerified !== before.isVerified) {
    events.push({ type: 'user.verified_changed', actorId, entity, data: { ...base, verified: patch.isVerified } });
  }
  const standing = new Set(['role', 'status', 'isVerified']);
  const fields = Object.keys(patch).filter((k) => !standing.has(k) && patch[k as keyof NewUserRow] !== before[k as keyof UserRow]);
  if (fields.length) events.push({ type: 'user.updated', actorId, entity, data: { userId: before.id, fields } });
  return events;
}
