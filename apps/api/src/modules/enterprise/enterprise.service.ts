import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  GoneException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  ADMIN_ROLES,
  ENTERPRISE_DEFAULT_SEATS,
  ENTERPRISE_INVITE_TTL_HOURS,
  buildPagination,
  hasVerifiedIdentity,
  type DomainEventType,
  type EnterpriseRole,
  type NewDomainEvent,
} from '@app/domain';
import type { EnterpriseInviteRow, EnterpriseMemberRow, EnterpriseRow } from '@app/db';
import type { AuthUser } from '../../common/auth/auth-user';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { Transactions } from '../../common/db/transactions';
import { EventsService } from '../../common/events/events.service';
import { pageWindow } from '../../common/http/page-query.dto';
import { MailQueue } from '../../common/mail/mail.queue';
import { CreditsService } from '../credits/credits.service';
import type { PoolAccountDto, PoolLedgerQueryDto } from '../credits/dto/credit-pool.dto';
import { ListingTeamService } from '../listings/team/listing-team.service';
import { MessagingService } from '../messaging/messaging.service';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { AuthResponseDto } from '../users/dto/user-output.dto';
import { UsersService, type RequestMeta } from '../users/users.service';
import type {
  ActivateInviteDto,
  AddPoolCreditsDto,
  AddPoolCreditsResultDto,
  CreateEnterpriseDto,
  DashboardQueryDto,
  EnterpriseDashboardDto,
  EnterpriseDto,
  EnterpriseInviteDto,
  EnterpriseListDto,
  EnterpriseListQueryDto,
  EnterpriseMemberDto,
  EnterpriseSummaryDto,
  InviteMemberDto,
  InvitePreviewDto,
  InviteStatus,
  MyEnterpriseDto,
  RemoveSubAccountQueryDto,
  UpdateSubAccountDto,
} from './dto/enterprise.dto';
import { canReadEnterprise, enterprisesVisibleTo, isEnterpriseStaff } from './enterprise-access';
import { teamInviteEmail } from './enterprise-emails';
import { EnterpriseRepository, type MemberPatch } from './enterprise.repository';

export const ENTERPRISE_NOT_FOUND = 'Team not found';
export const VERIFY_IDENTITY_FIRST = 'Verify your identity before you create or administer a team (Verification page)';
export const INVITE_EXPIRED = 'This invitation has expired: ask your team admin for a new one';
export const INVITE_USED = 'This invitation has been used already: ask your team admin for a new one if you need to join again';
export const INVITE_REVOKED = 'This invitation was withdrawn: ask your team admin for a new one';
const INVITE_NOT_FOUND = 'This invitation link is not valid: check that you opened the whole link from the e-mail';
const MEMBER_NOT_FOUND = 'This member is not in a team you manage';

const MANILA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;
const DEFAULT_DASHBOARD_DAYS = 30;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const isAdminStaff = (caller: Pick<AuthUser, 'role'>) => ADMIN_ROLES.includes(caller.role);
const ref = (e: EnterpriseRow) => ({
  enterpriseId: e.id,
  name: e.name,
  ownerId: e.ownerId,
});
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function inviteStatus(row: EnterpriseInviteRow, now = new Date()): InviteStatus {
  if (row.acceptedAt) return 'used';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt <= now) return 'expired';
  return 'open';
}

function toInviteDto(row: EnterpriseInviteRow, now = new Date()): EnterpriseInviteDto {
  return {
    _id: row.id,
    email: row.email,
    role: row.role,
    monthlyCreditCap: row.monthlyCreditCap,
    status: inviteStatus(row, now),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A window bound: a Philippine day (YYYY-MM-DD: its first instant, or for `to` the next day's) or an instant. */
function windowBound(value: string, name: 'from' | 'to'): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = Date.parse(`${value}T00:00:00Z`);
    if (Number.isNaN(day)) throw new BadRequestException(`${name} must be a date (YYYY-MM-DD) or an ISO date-time`);
    return new Date(day - MANILA_OFFSET_MS + (name === 'to' ? DAY_MS : 0));
  }
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new BadRequestException(`${name} must be a date (YYYY-MM-DD) or an ISO date-time`);
  return at;
}

/** The median of a list of numbers (the mean of the two middle ones for an even count); null for none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Who the caller is in a team: staff, or their membership of it (null: not in it). */
interface Standing {
  enterprise: EnterpriseRow;
  member: EnterpriseMemberRow | null;
}

/**
 * Enterprise accounts (teams): an owner, admins and members within a seat limit, invitations by
 * e-mail (single-use hashed tokens that expire), sub-account changes and removal (team listings and
 * their threads move to another member, or the listings are archived), the shared credit pool (kept
 * by CreditsService) and the team dashboard. Who reads a team: `enterprise-access.ts`.
 */
@Injectable()
export class EnterpriseService {
  constructor(
    private readonly repo: EnterpriseRepository,
    private readonly users: UsersService,
    private readonly subscriptions: SubscriptionsService,
    private readonly credits: CreditsService,
    private readonly teamListings: ListingTeamService,
    private readonly messaging: MessagingService,
    private readonly mail: MailQueue,
    private readonly transactions: Transactions,
    private readonly events: EventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /* ------------------------------------------------------------------ create and read */

  async create(caller: AuthUser, dto: CreateEnterpriseDto): Promise<EnterpriseDto> {
    let ownerId: string;
    if (isAdminStaff(caller)) {
      if (!dto.ownerId) throw new BadRequestException('ownerId is required: the member who will own the team');
      ownerId = dto.ownerId;
    } else if (caller.role === 'user') {
      if (dto.ownerId && dto.ownerId !== caller.id) throw new ForbiddenException('You can create a team only for yourself');
      if (dto.seatLimit !== undefined) throw new ForbiddenException('Only staff set a seat limit: ask us for more seats');
      ownerId = caller.id;
    } else {
      throw new ForbiddenException('You do not have permission to do this');
    }
    const owner = await this.users.staffView(ownerId).catch(() => {
      throw new NotFoundException('Owner not found: ownerId must be an existing member');
    });
    if (isAdminStaff(caller)) {
      const sub = owner.subscription;
      if (sub?.plan !== 'enterprise' || sub.status !== 'active') {
        throw new ConflictException(`Give ${owner.email} the Enterprise plan first (Admin → Subscriptions)`);
      }
    } else {
      await this.subscriptions.assertEntitled(caller.id, 'enterprise.team');
    }
    if (!hasVerifiedIdentity(owner.kyc)) {
      throw new ForbiddenException(
        ownerId === caller.id
          ? VERIFY_IDENTITY_FIRST
          : `${owner.email} must verify their identity before they own a team (Verification page)`,
      );
    }
    const id = await this.transactions.run(async () => {
      const current = await this.repo.membershipOf(ownerId);
      if (current) throw this.alreadyInTeam(owner.email, current.enterprise, ownerId === caller.id);
      const e = await this.repo.insertEnterprise({
        name: dto.name,
        ownerId,
        seatLimit: dto.seatLimit ?? ENTERPRISE_DEFAULT_SEATS,
        createdById: caller.id,
      });
      const joined = await this.repo.insertMember({
        enterpriseId: e.id,
        userId: ownerId,
        role: 'owner',
        invitedById: null,
      });
      if (!joined) throw this.alreadyInTeam(owner.email, null, ownerId === caller.id);
      await this.credits.openPool(e.id);
      await this.publish(caller.id, e, {
        type: 'enterprise.created',
        data: { ...ref(e), seatLimit: e.seatLimit },
      });
      return e.id;
    });
    return this.get(caller, id);
  }

  async myAccount(caller: AuthUser): Promise<MyEnterpriseDto> {
    const m = await this.repo.membershipOf(caller.id);
    if (!m) return { enterprise: null, role: null, membership: null };
    const enterprise = await this.view(m.enterprise, m.member.role !== 'member');
    const membership = enterprise.members.find((x) => x.userId === caller.id) ?? null;
    return { enterprise, role: m.member.role, membership };
  }

  async get(caller: AuthUser, id: string): Promise<EnterpriseDto> {
    const { enterprise, member } = await this.readable(caller, id);
    return this.view(enterprise, isEnterpriseStaff(caller) || (member !== null && member.role !== 'member'));
  }

  async list(caller: AuthUser, query: EnterpriseListQueryDto): Promise<EnterpriseListDto> {
    const { limit, skip } = pageWindow(query);
    const { rows, total } = await this.repo.page(enterprisesVisibleTo(caller), { text: query.text, status: query.status }, limit, skip);
    const now = new Date();
    const [contacts, invites] = await Promise.all([
      this.users.contactsByIds(rows.map((r) => r.ownerId)),
      this.repo.openInviteCounts(
        rows.map((r) => r.id),
        now,
      ),
    ]);
    const byId = new Map(contacts.map((c) => [c.id, c]));
    const enterprises = rows.map((r) => this.summary(r, byId.get(r.ownerId), r.memberCount, invites.get(r.id) ?? 0));
    return {
      enterprises,
      pagination: buildPagination(total, enterprises.length, limit, skip),
    };
  }

  /* ------------------------------------------------------------------ invitations */

  async invite(caller: AuthUser, dto: InviteMemberDto): Promise<EnterpriseInviteDto> {
    const enterpriseId = dto.enterpriseId ?? (await this.repo.membershipOf(caller.id))?.enterprise.id;
    if (!enterpriseId) throw new NotFoundException('You are not in a team: create one first');
    const { enterprise } = await this.administrable(caller, enterpriseId);
    const email = dto.email.trim().toLowerCase();
    const existingId = await this.users.idByEmail(email);
    if (existingId) {
      const m = await this.repo.membershipOf(existingId);
      if (m?.enterprise.id === enterprise.id) throw new ConflictException(`${email} is already in this team`);
      if (dto.role === 'admin' && !hasVerifiedIdentity((await this.users.staffView(existingId)).kyc)) {
        throw new ForbiddenException(
          `${email} must verify their identity before they can be a team admin: invite them as a member, and make them admin once verified`,
        );
      }
    } else if (dto.role === 'admin') {
      throw new ForbiddenException(
        `A team admin needs a verified identity, and ${email} has no account yet: invite them as a member, and make them admin once verified`,
      );
    }
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const row = await this.transactions.run(async () => {
      const locked = await this.repo.lock(enterprise.id);
      if (!locked) throw new NotFoundException(ENTERPRISE_NOT_FOUND);
      const old = await this.repo.revokeUnanswered(locked.id, email);
      if (old) {
        await this.publish(caller.id, locked, {
          type: 'enterprise.invite_revoked',
          data: { ...ref(locked), inviteId: old.id, email: old.email },
        });
      }
      const seats = await this.repo.seatsUsed(locked.id, now);
      if (seats.members + seats.invites >= locked.seatLimit) {
        throw new ConflictException(`All ${locked.seatLimit} seats are taken: remove a member or ask us for more seats`);
      }
      const invite = await this.repo.insertInvite({
        enterpriseId: locked.id,
        email,
        role: dto.role,
        monthlyCreditCap: dto.monthlyCreditCap ?? null,
        tokenHash: sha256(token),
        invitedById: caller.id,
        expiresAt: new Date(now.getTime() + ENTERPRISE_INVITE_TTL_HOURS * 3600_000),
      });
      await this.publish(caller.id, locked, {
        type: 'enterprise.invited',
        data: { ...ref(locked), inviteId: invite.id, email, role: dto.role },
      });
      return invite;
    });
    const [inviter] = await this.users.contactsByIds([caller.id]);
    const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : 'Tahanan';
    const url = `${this.config.appUrl}/team/join/${token}`;
    await this.mail.enqueue(teamInviteEmail(email, enterprise.name, inviterName, dto.role, url, ENTERPRISE_INVITE_TTL_HOURS));
    return toInviteDto(row, now);
  }

  async revokeInvite(caller: AuthUser, inviteId: string): Promise<EnterpriseInviteDto> {
    const invite = await this.repo.invite(inviteId);
    if (!invite) throw new NotFoundException('Invitation not found');
    const { enterprise } = await this.administrable(caller, invite.enterpriseId, 'Invitation not found');
    if (invite.acceptedAt) throw new ConflictException(`${invite.email} accepted this invitation already: remove the member instead`);
    if (invite.revokedAt) return toInviteDto(invite);
    const row = await this.transactions.run(async () => {
      const revoked = await this.repo.revokeInvite(invite.id);
      if (!revoked) throw new ConflictException('This invitation was answered meanwhile: reload the team page');
      await this.publish(caller.id, enterprise, {
        type: 'enterprise.invite_revoked',
        data: { ...ref(enterprise), inviteId: invite.id, email: invite.email },
      });
      return revoked;
    });
    return toInviteDto(row);
  }

  /** What the join page shows before anyone signs in (public: the token is the secret). */
  async previewInvite(token: string): Promise<InvitePreviewDto> {
    const invite = await this.inviteOf(token);
    const enterprise = await this.repo.find(invite.enterpriseId);
    if (!enterprise) throw new NotFoundException(INVITE_NOT_FOUND);
    return {
      enterpriseName: enterprise.name,
      email: invite.email,
      role: invite.role,
      expiresAt: invite.expiresAt.toISOString(),
      status: inviteStatus(invite),
      accountExists: (await this.users.idByEmail(invite.email)) !== null,
    };
  }

  /**
   * Uses an invitation. Signed in: the caller (with the invited e-mail, in no other team) joins and
   * gets their team account. Signed out: an account with the invited e-mail is created and joins,
   * answered with a session like login.
   */
  async activate(
    caller: AuthUser | undefined,
    token: string,
    dto: ActivateInviteDto,
    meta: RequestMeta,
  ): Promise<MyEnterpriseDto | AuthResponseDto> {
    const invite = await this.inviteOf(token);
    const status = inviteStatus(invite);
    if (status === 'expired') throw new GoneException(INVITE_EXPIRED);
    if (status === 'used') throw new GoneException(INVITE_USED);
    if (status === 'revoked') throw new GoneException(INVITE_REVOKED);
    const enterprise = await this.repo.find(invite.enterpriseId);
    if (!enterprise) throw new NotFoundException(INVITE_NOT_FOUND);
    if (enterprise.status !== 'active') throw new ConflictException(`${enterprise.name} is suspended: ask us or the team's owner`);
    if (caller) {
      if (!sameEmail(caller.email, invite.email)) {
        throw new ForbiddenException(`This invitation is for ${invite.email}: sign in as ${invite.email} to accept it`);
      }
      if (invite.role === 'admin' && !hasVerifiedIdentity((await this.users.staffView(caller.id)).kyc))
        throw new ForbiddenException(VERIFY_IDENTITY_FIRST);
      await this.transactions.run(() => this.join(invite, enterprise, caller.id, caller.email, true));
      return this.myAccount(caller);
    }
    const missing = (['firstName', 'lastName', 'password'] as const).filter((k) => !dto[k]);
    if (missing.length) {
      throw new BadRequestException(`To create your account, give ${missing.join(', ')} (or sign in as ${invite.email} first)`);
    }
    const signInFirst = `Sign in as ${invite.email} first, then open the link again`;
    if (await this.users.idByEmail(invite.email)) throw new ConflictException(signInFirst);
    if (invite.role === 'admin') throw new ForbiddenException(VERIFY_IDENTITY_FIRST);
    try {
      return await this.users.signUpInvited(
        {
          email: invite.email,
          firstName: dto.firstName!,
          lastName: dto.lastName!,
          password: dto.password!,
        },
        meta,
        (userId) => this.join(invite, enterprise, userId, invite.email, false),
      );
    } catch (err) {
      if (err instanceof ConflictException && /already exists/.test(err.message)) throw new ConflictException(signInFirst);
      throw err;
    }
  }

  /** In the caller's transaction: uses the invitation once and adds the member. */
  private async join(invite: EnterpriseInviteRow, enterprise: EnterpriseRow, userId: string, email: string, self: boolean): Promise<void> {
    // the invitation first: a second use of the link waits on its row and finds it used (410), whoever it is;
    // a refusal below rolls the use back
    const used = await this.repo.accept(invite.id, userId, new Date());
    if (!used) throw new GoneException(INVITE_USED);
    const current = await this.repo.membershipOf(userId);
    if (current) throw this.alreadyInTeam(email, current.enterprise, self);
    const member = await this.repo.insertMember({
      enterpriseId: enterprise.id,
      userId,
      role: invite.role,
      monthlyCreditCap: invite.monthlyCreditCap,
      invitedById: invite.invitedById,
    });
    if (!member) throw this.alreadyInTeam(email, null, self);
    await this.publish(userId, enterprise, {
      type: 'enterprise.member_joined',
      data: { ...ref(enterprise), userId, email, role: invite.role },
    });
  }

  /* ------------------------------------------------------------------ sub-accounts */

  async updateSubAccount(caller: AuthUser, dto: UpdateSubAccountDto): Promise<EnterpriseMemberDto> {
    const target = await this.repo.membershipOf(dto.userId);
    if (!target) throw new NotFoundException(MEMBER_NOT_FOUND);
    const { enterprise, member: actor } = await this.administrable(caller, target.enterprise.id, MEMBER_NOT_FOUND);
    const t = target.member;
    const actorIsOwner = isAdminStaff(caller) || actor?.role === 'owner';
    if (!actorIsOwner && t.role === 'owner') throw new ForbiddenException("Only the owner changes the owner's membership");
    if (!actorIsOwner && t.role === 'admin' && t.userId !== caller.id && dto.role !== undefined && dto.role !== t.role) {
      throw new ForbiddenException("Only the owner changes another admin's role");
    }
    const patch: MemberPatch = {};
    if (dto.role !== undefined && dto.role !== t.role) {
      if (t.role === 'owner') throw new BadRequestException('The owner stays the owner: a team has one owner');
      if (dto.role === 'admin' && !hasVerifiedIdentity((await this.users.staffView(t.userId)).kyc)) {
        throw new ForbiddenException(`${(await this.contact(t.userId)).email} must verify their identity before they can be a team admin`);
      }
      patch.role = dto.role;
    }
    if (dto.status !== undefined && dto.status !== t.status) {
      if (t.role === 'owner') throw new BadRequestException('The owner cannot be paused');
      if (t.userId === caller.id) throw new BadRequestException('You cannot pause yourself');
      patch.status = dto.status;
    }
    if (dto.monthlyCreditCap !== undefined && dto.monthlyCreditCap !== t.monthlyCreditCap) patch.monthlyCreditCap = dto.monthlyCreditCap;
    const fields = Object.keys(patch);
    if (fields.length) {
      const email = (await this.contact(t.userId)).email;
      await this.transactions.run(async () => {
        const updated = await this.repo.updateMember(enterprise.id, t.userId, patch);
        if (!updated) throw new NotFoundException(MEMBER_NOT_FOUND);
        await this.publish(caller.id, enterprise, {
          type: 'enterprise.member_updated',
          data: { ...ref(enterprise), userId: t.userId, email, fields },
        });
      });
    }
    const view = await this.view(enterprise, true);
    return view.members.find((m) => m.userId === t.userId)!;
  }

  /**
   * Removes a member (or the member leaves): at once, their team listings go to `reassignTo` (with
   * their threads) or are archived, in one transaction with the removal. The owner cannot be removed.
   */
  async removeSubAccount(caller: AuthUser, userId: string, query: RemoveSubAccountQueryDto): Promise<{ message: string }> {
    const target = await this.repo.membershipOf(userId);
    if (!target) throw new NotFoundException(MEMBER_NOT_FOUND);
    const leaving = userId === caller.id;
    let enterprise = target.enterprise;
    if (!leaving) {
      const standing = await this.administrable(caller, target.enterprise.id, MEMBER_NOT_FOUND);
      enterprise = standing.enterprise;
      const actorIsOwner = isAdminStaff(caller) || standing.member?.role === 'owner';
      if (target.member.role === 'admin' && !actorIsOwner) throw new ForbiddenException('Only the owner removes an admin');
    }
    if (target.member.role === 'owner') {
      throw new ConflictException(
        leaving
          ? 'The owner cannot leave the team: ask us to close it or to give it another owner'
          : 'The owner cannot be removed from the team',
      );
    }
    const archive = query.archive === true;
    if (archive && query.reassignTo) throw new BadRequestException('Choose one: reassignTo or archive=true, not both');
    const before = await this.teamListings.countOf(enterprise.id, userId);
    const choose = (n: number) => new BadRequestException(`Choose who takes over their ${n} team listing${n === 1 ? '' : 's'}, or archive them`);
    if (before > 0 && !archive && !query.reassignTo) throw choose(before);
    const email = (await this.contact(userId)).email;
    await this.transactions.run(async () => {
      await this.repo.lock(enterprise.id);
      // counted again under the team's lock: a listing created since the first count moves too
      const count = await this.teamListings.countOf(enterprise.id, userId);
      if (count > 0 && !archive && !query.reassignTo) throw choose(count);
      let reassignedToId: string | null = null;
      if (count > 0 && query.reassignTo) {
        const heir = await this.repo.membershipOf(query.reassignTo);
        if (!heir || heir.enterprise.id !== enterprise.id || heir.member.status !== 'active' || query.reassignTo === userId) {
          throw new BadRequestException('reassignTo must be another active member of the team');
        }
        reassignedToId = query.reassignTo;
      }
      if (!(await this.repo.deleteMember(enterprise.id, userId))) throw new NotFoundException(MEMBER_NOT_FOUND);
      let moved = 0;
      if (count > 0) {
        const ids = await this.teamListings.moveFrom(
          enterprise.id,
          userId,
          reassignedToId ? { toId: reassignedToId } : { archive: true },
          caller.id,
        );
        moved = ids.length;
        if (reassignedToId) await this.messaging.moveListingThreads(ids, userId, reassignedToId);
      }
      await this.publish(caller.id, enterprise, {
        type: 'enterprise.member_removed',
        data: {
          ...ref(enterprise),
          userId,
          email,
          listings: {
            count: moved,
            reassignedToId,
            archived: moved > 0 && !reassignedToId,
          },
        },
      });
    });
    return {
      message: leaving ? `You left ${enterprise.name}` : `${email} was removed from ${enterprise.name}`,
    };
  }

  /* ------------------------------------------------------------------ credits and dashboard */

  async addCredits(caller: AuthUser, dto: AddPoolCreditsDto): Promise<AddPoolCreditsResultDto> {
    const enterprise = await this.repo.find(dto.enterpriseId);
    if (!enterprise) throw new NotFoundException(ENTERPRISE_NOT_FOUND);
    return this.transactions.run(async () => {
      const r = await this.credits.addToPool(enterprise.id, {
        amount: dto.amount,
        reason: dto.reason,
        actorId: caller.id,
        idempotencyKey: `enterprise-add:${enterprise.id}:${dto.idempotencyKey ?? randomUUID()}`,
      });
      if (r.applied) {
        await this.publish(caller.id, enterprise, {
          type: 'enterprise.credits_added',
          data: {
            ...ref(enterprise),
            amount: dto.amount,
            balance: r.balance,
            reason: dto.reason,
          },
        });
      }
      return {
        enterpriseId: enterprise.id,
        applied: r.applied,
        balance: r.balance,
      };
    });
  }

  /** The pool's ledger: staff and the team's owner and admins see everyone's; a member only their own spending. */
  async poolAccount(caller: AuthUser, id: string, query: PoolLedgerQueryDto): Promise<PoolAccountDto> {
    const { enterprise, member } = await this.readable(caller, id);
    const seesAll = isEnterpriseStaff(caller) || (member !== null && member.role !== 'member');
    return this.credits.poolAccount(enterprise.id, query, seesAll ? {} : { memberId: caller.id });
  }

  async dashboard(caller: AuthUser, id: string, query: DashboardQueryDto): Promise<EnterpriseDashboardDto> {
    const { enterprise, member } = await this.readable(caller, id);
    if (!isEnterpriseStaff(caller) && member?.role === 'member') {
      throw new ForbiddenException("Only the team's owner and admins see the team dashboard");
    }
    const to = query.to ? windowBound(query.to, 'to') : new Date();
    const from = query.from ? windowBound(query.from, 'from') : new Date(to.getTime() - DEFAULT_DASHBOARD_DAYS * DAY_MS);
    if (to <= from)
      throw new BadRequestException(`to (${query.to ?? to.toISOString()}) must be after from (${query.from ?? from.toISOString()})`);
    const [members, listings, spend] = await Promise.all([
      this.repo.members(enterprise.id),
      this.teamListings.teamListings(enterprise.id),
      this.credits.poolSpendByMember(enterprise.id, from, to),
    ]);
    const [contacts, stats] = await Promise.all([
      this.users.contactsByIds(members.map((m) => m.userId)),
      this.messaging.listingResponseStats(
        listings.map((l) => ({ listingId: l.id, ownerId: l.ownerId })),
        { from, to },
      ),
    ]);
    const byId = new Map(contacts.map((c) => [c.id, c]));
    const rows = members.map((m) => {
      const own = listings.filter((l) => l.ownerId === m.userId);
      const s = stats.get(m.userId);
      const ms = median(s?.responseMs ?? []);
      return {
        userId: m.userId,
        firstName: byId.get(m.userId)?.firstName ?? '',
        lastName: byId.get(m.userId)?.lastName ?? '',
        role: m.role,
        status: m.status,
        listings: {
          active: own.filter((l) => l.status === 'active').length,
          total: own.length,
        },
        inquiries: s?.inquiries ?? 0,
        medianFirstResponseSeconds: ms === null ? null : Math.round(ms / 1000),
        creditsUsed: spend.get(m.userId) ?? 0,
      };
    });
    const all = [...stats.values()];
    const allMs = median(all.flatMap((s) => s.responseMs));
    return {
      enterpriseId: enterprise.id,
      from: from.toISOString(),
      to: to.toISOString(),
      members: rows,
      totals: {
        members: members.length,
        listings: {
          active: listings.filter((l) => l.status === 'active').length,
          total: listings.length,
        },
        inquiries: all.reduce((n, s) => n + s.inquiries, 0),
        medianFirstResponseSeconds: allMs === null ? null : Math.round(allMs / 1000),
        creditsUsed: [...spend.values()].reduce((n, v) => n + v, 0),
      },
    };
  }

  /* ------------------------------------------------------------------ helpers */

  /** The team when the access rule lets the caller read it (404 otherwise), with the caller's membership. */
  private async readable(caller: AuthUser, id: string): Promise<Standing> {
    const enterprise = await this.repo.find(id);
    const mine = await this.repo.membershipOf(caller.id);
    if (!enterprise || !canReadEnterprise(caller, id, mine?.enterprise.id ?? null)) throw new NotFoundException(ENTERPRISE_NOT_FOUND);
    return {
      enterprise,
      member: mine?.enterprise.id === id ? mine.member : null,
    };
  }

  /**
   * The team when the caller may administer it: admin staff, or its owner or an admin who is active
   * (not paused) and has a verified identity. Others who cannot read it get 404; members 403.
   */
  private async administrable(caller: AuthUser, id: string, notFound = ENTERPRISE_NOT_FOUND): Promise<Standing> {
    const enterprise = await this.repo.find(id);
    if (!enterprise) throw new NotFoundException(notFound);
    if (isAdminStaff(caller)) return { enterprise, member: null };
    const mine = await this.repo.membershipOf(caller.id);
    if (mine?.enterprise.id !== id) throw new NotFoundException(notFound);
    if (mine.member.role === 'member') throw new ForbiddenException("Only the team's owner and admins do this");
    if (mine.member.status !== 'active') throw new ForbiddenException('Your membership is paused: you cannot act for the team');
    if (enterprise.status !== 'active') throw new ConflictException(`${enterprise.name} is suspended: ask us to restore it`);
    if (!hasVerifiedIdentity((await this.users.staffView(caller.id)).kyc)) throw new ForbiddenException(VERIFY_IDENTITY_FIRST);
    return { enterprise, member: mine.member };
  }

  private async inviteOf(token: string): Promise<EnterpriseInviteRow> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new NotFoundException(INVITE_NOT_FOUND);
    const invite = await this.repo.inviteByHash(sha256(token));
    if (!invite) throw new NotFoundException(INVITE_NOT_FOUND);
    return invite;
  }

  private alreadyInTeam(email: string, team: EnterpriseRow | null, self: boolean): ConflictException {
    const where = team ? ` (${team.name})` : '';
    return new ConflictException(
      self
        ? `You are already in a team${where}: leave it first (a member is in one team at a time)`
        : `${email} is already in a team${where}: a member is in one team at a time`,
    );
  }

  private async contact(userId: string): Promise<{
    id: string;
    firstName: string;
    lastName: string;
    email: string;
  }> {
    const [c] = await this.users.contactsByIds([userId]);
    if (!c) throw new NotFoundException('Member not found');
    return c;
  }

  private summary(
    e: EnterpriseRow,
    owner: { id: string; firstName: string; lastName: string; email: string } | undefined,
    memberCount: number,
    openInvites: number,
  ): EnterpriseSummaryDto {
    return {
      _id: e.id,
      name: e.name,
      status: e.status,
      owner: {
        _id: e.ownerId,
        firstName: owner?.firstName ?? '',
        lastName: owner?.lastName ?? '',
        email: owner?.email ?? '',
      },
      seatLimit: e.seatLimit,
      seatsUsed: memberCount + openInvites,
      memberCount,
      createdAt: e.createdAt.toISOString(),
      updatedAt: e.updatedAt.toISOString(),
    };
  }

  /** The whole team: members (with names, e-mail and verification), invitations for those who manage it, the pool's balance. */
  private async view(e: EnterpriseRow, manages: boolean): Promise<EnterpriseDto> {
    const now = new Date();
    const [members, invites, balance] = await Promise.all([
      this.repo.members(e.id),
      manages ? this.repo.unansweredInvites(e.id) : Promise.resolve([]),
      this.credits.poolBalance(e.id),
    ]);
    const ids = [...new Set([e.ownerId, ...members.map((m) => m.userId)])];
    // one read of the owner's and members' accounts (names, e-mail, avatar, verified identity)
    const accounts = await this.users.staffViews(ids);
    const contact = new Map([...accounts].map(([id, u]) => [id, { id, firstName: u.firstName, lastName: u.lastName, email: u.email }]));
    const openInvites = invites.filter((i) => inviteStatus(i, now) === 'open').length;
    return {
      ...this.summary(e, contact.get(e.ownerId), members.length, openInvites),
      poolBalance: balance,
      members: members.map((m) => ({
        userId: m.userId,
        firstName: contact.get(m.userId)?.firstName ?? '',
        lastName: contact.get(m.userId)?.lastName ?? '',
        email: contact.get(m.userId)?.email ?? '',
        avatar: accounts.get(m.userId)?.avatar ?? null,
        isVerified: accounts.get(m.userId)?.identityVerified ?? false,
        role: m.role as EnterpriseRole,
        status: m.status,
        monthlyCreditCap: m.monthlyCreditCap,
        joinedAt: m.joinedAt.toISOString(),
      })),
      invites: invites.map((i) => toInviteDto(i, now)),
    };
  }

  private publish<T extends DomainEventType>(
    actorId: string,
    e: EnterpriseRow,
    event: { type: T; data: NewDomainEvent<T>['data'] },
  ): Promise<unknown> {
    const full: NewDomainEvent<T> = {
      type: event.type,
      actorId,
      entity: { kind: 'enterprise', id: e.id },
      data: event.data,
    };
    return this.events.publish(full as unknown as NewDomainEvent);
  }
}
