import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@app/domain';
import type { UserRow } from '@app/db';
import { isUniqueViolation } from '../../common/db/pg-errors';
import { AuthTokensService } from '../auth/auth-tokens.service';
import { Transactions } from '../../common/db/transactions';
import { EventsService } from '../../common/events/events.service';
import type { AuthResponseDto } from './dto/user-output.dto';
import type { IdentitiesDto } from './dto/social-account.dto';
import { toUserDto } from './user.mapper';
import { UsersRepository } from './users.repository';
import type { RequestMeta } from './users.service';

/** What a provider told us about the person who signed in. */
export interface SocialProfile {
  provider: SocialProvider;
  providerId: string;
  email?: string;
  /** Only when the provider asserts it; what a provider does not assert counts as unverified. */
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
  avatar?: string;
}

export const PROVIDER_LABELS: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };
const SUSPENDED = 'This account is suspended. Contact support to restore it.';

/**
 * The rules of social sign-in: which member a provider identity signs in as, when an identity may be
 * linked to an existing account, and connecting or disconnecting providers from account settings.
 */
@Injectable()
export class SocialAccountsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: AuthTokensService,
    private readonly transactions: Transactions,
    private readonly events: EventsService,
  ) {}

  /**
   * The member a provider profile signs in as. A known identity signs in its member; otherwise an
   * account with the same e-mail is linked only when the provider asserts the e-mail is verified
   * and the account confirmed it too (else the sign-in is refused: a second account with the same
   * e-mail is never created); with no such account, a new one is created.
   */
  async signIn(profile: SocialProfile): Promise<UserRow> {
    const linked = await this.users.findByIdentity(profile.provider, profile.providerId);
    if (linked) return assertActive(linked);
    const label = PROVIDER_LABELS[profile.provider];
    if (!profile.email) {
      throw new BadRequestException(
        `Your ${label} account did not share an e-mail address; allow access to it, or sign up with your e-mail`,
      );
    }
    const existing = await this.users.findByEmail(profile.email);
    if (existing) return this.linkByEmail(existing, profile);
    try {
      const email = profile.email.toLowerCase();
      const firstName = profile.firstName || email.split('@')[0];
      return await this.transactions.run(async () => {
        const user = await this.users.insertWithIdentity(
          {
            email,
            firstName,
            lastName: profile.lastName || '',
            avatar: profile.avatar ?? null,
            provider: profile.provider,
            isVerified: profile.emailVerified,
          },
          identityOf(profile),
        );
        await this.events.publish({
          type: 'user.signed_up',
          actorId: user.id,
          entity: { kind: 'user', id: user.id },
          data: { userId: user.id, email: user.email, type: user.type, provider: profile.provider },
        });
        return user;
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // another sign-in created the identity or an account with this e-mail at the same moment
      const raced = await this.users.findByIdentity(profile.provider, profile.providerId);
      if (raced) return assertActive(raced);
      const owner = await this.users.findByEmail(profile.email);
      if (owner) return this.linkByEmail(owner, profile);
      throw err;
    }
  }

  private async linkByEmail(existing: UserRow, profile: SocialProfile): Promise<UserRow> {
    if (!profile.emailVerified || !existing.isVerified) {
      throw new ConflictException(await this.existingAccountMessage(existing, profile.provider));
    }
    assertActive(existing);
    try {
      await this.transactions.run(async () => {
        await this.users.insertIdentity({ ...identityOf(profile), userId: existing.id });
        await this.identityEvent('user.identity_connected', existing.id, profile.provider);
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const owner = await this.users.findByIdentity(profile.provider, profile.providerId);
      if (owner?.id === existing.id) return existing;
      const label = PROVIDER_LABELS[profile.provider];
      throw new ConflictException(
        `The account with this e-mail is connected to a different ${label} account: log in with that one or with your password`,
      );
    }
    return existing;
  }

  /** Tells the person how to reach the account that has this e-mail, then connect the provider. */
  private async existingAccountMessage(existing: UserRow, provider: SocialProvider): Promise<string> {
    let how = 'your password';
    if (!existing.passwordHash) {
      const others = (await this.users.listIdentities(existing.id)).filter((i) => i.provider !== provider);
      if (others.length) how = others.map((i) => PROVIDER_LABELS[i.provider]).join(' or ');
    }
    return `This e-mail already has an account: log in with ${how}, then connect ${PROVIDER_LABELS[provider]} in Settings`;
  }

  /** Opens a session for a member whose social sign-in completed (the web app redeemed its code). */
  async startSession(userId: string, meta: RequestMeta): Promise<AuthResponseDto> {
    const user = await this.users.findById(userId);
    if (!user) throw new BadRequestException('This account no longer exists');
    assertActive(user);
    const { token, updated } = await this.transactions.run(async () => {
      const token = await this.tokens.issue(user.id, meta);
      const updated = (await this.users.update(user.id, { lastActive: new Date() })) ?? user;
      await this.events.publish({
        type: 'user.logged_in',
        actorId: user.id,
        entity: { kind: 'user', id: user.id },
        data: { userId: user.id, email: user.email, provider: 'social sign-in' },
      });
      return { token, updated };
    });
    return { token, user: toUserDto(updated) };
  }

  /** Connects a provider identity to a signed-in member. */
  async connect(userId: string, profile: SocialProfile): Promise<void> {
    const label = PROVIDER_LABELS[profile.provider];
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundException('User not found');
    assertActive(user);
    const owner = await this.users.findByIdentity(profile.provider, profile.providerId);
    if (owner?.id === userId) return;
    const alreadyConnected = () =>
      new ConflictException(`This ${label} account is already connected to another Tahanan account`);
    if (owner) throw alreadyConnected();
    const hasOther = () =>
      new ConflictException(`Your account is already connected to another ${label} account; disconnect it first`);
    if ((await this.users.listIdentities(userId)).some((i) => i.provider === profile.provider)) throw hasOther();
    try {
      await this.transactions.run(async () => {
        await this.users.insertIdentity({ ...identityOf(profile), userId });
        await this.identityEvent('user.identity_connected', userId, profile.provider);
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const now = await this.users.findByIdentity(profile.provider, profile.providerId);
      if (now?.id === userId) return;
      throw now ? alreadyConnected() : hasOther();
    }
  }

  private async identityEvent(type: 'user.identity_connected' | 'user.identity_disconnected', userId: string, provider: string) {
    await this.events.publish({ type, actorId: userId, entity: { kind: 'user', id: userId }, data: { userId, provider } });
  }

  async listIdentities(userId: string): Promise<IdentitiesDto> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundException('User not found');
    const rows = await this.users.listIdentities(userId);
    return {
      hasPassword: Boolean(user.passwordHash),
      identities: rows.map((r) => ({ provider: r.provider, email: r.email, connectedAt: r.createdAt.toISOString() })),
    };
  }

  /** Disconnects a provider, unless it is the member's last way to log in. */
  async disconnect(userId: string, provider: string): Promise<{ message: string }> {
    if (!(SOCIAL_PROVIDERS as readonly string[]).includes(provider)) {
      throw new NotFoundException(`Unknown sign-in provider '${provider}'; use google or facebook`);
    }
    const p = provider as SocialProvider;
    const label = PROVIDER_LABELS[p];
    await this.transactions.run(async () => {
      const repo = this.users;
      // the member's row is locked, so two disconnects at once cannot both pass the check below
      const user = await repo.findByIdForUpdate(userId);
      if (!user) throw new NotFoundException('User not found');
      const identities = await repo.listIdentities(userId);
      if (!identities.some((i) => i.provider === p)) throw new NotFoundException(`Your account is not connected to ${label}`);
      if (!user.passwordHash && identities.length === 1) {
        throw new ConflictException(
          `${label} is your only way to log in: set a password ("Forgot password" on the login page) or connect another provider first`,
        );
      }
      await repo.deleteIdentity(userId, p);
      await this.identityEvent('user.identity_disconnected', userId, p);
    });
    return { message: `${label} disconnected` };
  }
}

function assertActive(user: UserRow): UserRow {
  if (user.status !== 'active') throw new ForbiddenException(SUSPENDED);
  return user;
}

function identityOf(profile: SocialProfile) {
  return {
    provider: profile.provider,
    providerId: profile.providerId,
    email: profile.email ?? null,
    emailVerified: profile.emailVerified && Boolean(profile.email),
  };
}
