import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  userIdentities,
  users,
  userTokens,
  type KycSummaryValue,
  type LicenceSummaryValue,
  type NewUserRow,
  type SubscriptionValue,
  type UserIdentityRow,
  type UserRow,
} from '@app/db';
import type { SocialProvider } from '@app/domain';
import { InjectDb, type Database } from '../../common/db/database.module';
import type { SortTerm } from '../../common/query/list-query';
import { countInWindow, countsByPeriod, type PeriodCount, type PeriodWindow } from '../../common/db/period-counts';

export const USER_SORT_COLUMNS = {
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  dateSignedUp: users.dateSignedUp,
  lastActive: users.lastActive,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  username: users.username,
  role: users.role,
  status: users.status,
  type: users.type,
} as const;
export type UserSortKey = keyof typeof USER_SORT_COLUMNS;

export interface UserFilters {
  text?: string;
  role?: string[];
  status?: string[];
  type?: string[];
  provider?: string[];
  isVerified?: boolean;
  email?: string;
  /** The current plan (`users.subscription->>'plan'`). */
  plan?: string[];
  /** Signed up (date_signed_up) at or after this instant. */
  signedUpFrom?: Date;
  /** Signed up before this instant (the day after the `signedUpTo` date). */
  signedUpBefore?: Date;
}

export type TokenPurpose = 'reset_password' | 'verify_email';

export interface NewIdentity {
  userId: string;
  provider: SocialProvider;
  providerId: string;
  email: string | null;
  emailVerified: boolean;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A member as other modules see them (messaging participants). */
export interface UserProfile {
  id: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  type: UserRow['type'];
  status: UserRow['status'];
}

/** A token of this purpose and hash that is neither used nor expired. */
const liveToken = (purpose: TokenPurpose, tokenHash: string) =>
  and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt), gt(userTokens.expiresAt, new Date()));

@Injectable()
export class UsersRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async insert(values: NewUserRow): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    return row;
  }

  async findById(id: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  /** What other modules show of members (names, avatar, type, status), by id, in one query. */
  async profilesByIds(ids: string[]): Promise<UserProfile[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatar: users.avatar, type: users.type, status: users.status })
      .from(users)
      .where(inArray(users.id, ids));
  }

  /** Whole accounts by id, in one query (staff views of several members). */
  async findByIds(ids: string[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(users).where(inArray(users.id, ids));
  }

  /** Members' names and e-mail addresses by id (the audit log keeps them as they were). */
  async contactsByIds(ids: string[]): Promise<Array<{ id: string; firstName: string; lastName: string; email: string }>> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(inArray(users.id, ids));
  }

  /**
   * A member's profile as a query to compose into another module's statement (columns first_name,
   * last_name, avatar, type; no row for an unknown id): messaging writes a message and reads its
   * sender's name in one statement.
   */
  profileQuery(userId: SQL | Placeholder): SQL {
    return sql`select ${users.firstName}, ${users.lastName}, ${users.avatar}, ${users.type} from ${users} where ${users.id} = ${userId}`;
  }

  /** Members' profiles (columns id, first_name, last_name, avatar, type) for ids given as a uuid[] expression. */
  profilesQuery(userIds: SQL): SQL {
    return sql`select ${users.id}, ${users.firstName}, ${users.lastName}, ${users.avatar}, ${users.type} from ${users} where ${users.id} = any(${userIds})`;
  }

  /**
   * Adds `delta` (negative: takes) to a member's cached credit balance in one statement, unless that
   * would take it below zero: the row lock makes concurrent spends queue, so none overdraws. Null when
   * the member is unknown or the balance is too small.
   */
  async moveCredits(id: string, delta: number): Promise<{ balance: number; email: string } | null> {
    const [row] = await this.db
      .update(users)
      .set({ creditsRemaining: sql`${users.creditsRemaining} + ${delta}` })
      .where(and(eq(users.id, id), sql`${users.creditsRemaining} + ${delta} >= 0`))
      .returning({ balance: users.creditsRemaining, email: users.email });
    return row ?? null;
  }

  /** A member's balance and e-mail, the row locked until the transaction ends (a staff adjustment to a set value). */
  async lockCredits(id: string): Promise<{ balance: number; email: string } | null> {
    const [row] = await this.db
      .select({ balance: users.creditsRemaining, email: users.email })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    return row ?? null;
  }

  async setSubscription(id: string, value: SubscriptionValue): Promise<void> {
    await this.db.update(users).set({ subscription: value }).where(eq(users.id, id));
  }

  /** Caches the member's KYC summary. */
  async setKyc(id: string, value: KycSummaryValue | null): Promise<void> {
    await this.db.update(users).set({ kyc: value, updatedAt: new Date() }).where(eq(users.id, id));
  }

  /** Caches the member's current licence (the badge). */
  async setLicence(id: string, value: LicenceSummaryValue | null): Promise<void> {
    await this.db.update(users).set({ licence: value, updatedAt: new Date() }).where(eq(users.id, id));
  }

  /** Members whose name or e-mail contains the text (at most `limit` ids), for other modules' searches. */
  async idsMatching(text: string, limit: number): Promise<string[]> {
    const rows = await this.db.select({ id: users.id }).from(users).where(this.whereOf({ text })).limit(limit);
    return rows.map((r) => r.id);
  }

  /** A member's credit balance and current plan (the credits account page). */
  async creditProfile(id: string): Promise<{ balance: number; subscription: SubscriptionValue } | null> {
    const [row] = await this.db
      .select({ balance: users.creditsRemaining, subscription: users.subscription })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row ?? null;
  }

  /** A page of members with their credit balance, the largest first (the staff credits table). */
  async creditBalances(limit: number, skip: number, ids?: string[]) {
    const where = ids ? inArray(users.id, ids) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          role: users.role,
          balance: users.creditsRemaining,
          subscription: users.subscription,
        })
        .from(users)
        .where(where)
        .orderBy(desc(users.creditsRemaining), asc(users.id))
        .limit(limit)
        .offset(skip),
      this.db.select({ total: count() }).from(users).where(where),
    ]);
    return { rows, total: Number(total) };
  }

  async findByEmail(email: string): Promise<UserRow | null> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    return row ?? null;
  }

  /** The member a provider identity belongs to. */
  async findByIdentity(provider: SocialProvider, providerId: string): Promise<UserRow | null> {
    const [row] = await this.db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.providerId, providerId)))
      .limit(1);
    return row?.user ?? null;
  }

  /** The member's row, locked until the end of the transaction (use inside `transaction`). */
  async findByIdForUpdate(id: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).for('update').limit(1);
    return row ?? null;
  }

  listIdentities(userId: string): Promise<UserIdentityRow[]> {
    return this.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, userId))
      .orderBy(asc(userIdentities.createdAt), asc(userIdentities.provider));
  }

  /** Throws a unique violation when the identity belongs to someone or the member has one of that provider. */
  async insertIdentity(values: NewIdentity): Promise<void> {
    await this.db.insert(userIdentities).values(values);
  }

  /** A new member and their first provider identity, together or not at all. */
  insertWithIdentity(user: NewUserRow, identity: Omit<NewIdentity, 'userId'>): Promise<UserRow> {
    return this.transaction(async (repo) => {
      const row = await repo.insert(user);
      await repo.insertIdentity({ ...identity, userId: row.id });
      return row;
    });
  }

  async deleteIdentity(userId: string, provider: SocialProvider): Promise<boolean> {
    const rows = await this.db
      .delete(userIdentities)
      .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)))
      .returning({ id: userIdentities.id });
    return rows.length > 0;
  }

  /** Removes the provider identities whose e-mail the provider never vouched for; answers how many. */
  async deleteUnvouchedIdentities(userId: string): Promise<number> {
    const rows = await this.db
      .delete(userIdentities)
      .where(and(eq(userIdentities.userId, userId), eq(userIdentities.emailVerified, false)))
      .returning({ id: userIdentities.id });
    return rows.length;
  }

  async update(id: string, patch: Partial<NewUserRow>): Promise<UserRow | null> {
    const [row] = await this.db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row ?? null;
  }

  async remove(id: string): Promise<boolean> {
    const rows = await this.db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    return rows.length > 0;
  }

  async search(filters: UserFilters, sort: SortTerm<UserSortKey>[], limit: number, skip: number) {
    const where = this.whereOf(filters);
    const orderBy = [
      ...sort.map((s) => (s.direction === 'desc' ? desc(USER_SORT_COLUMNS[s.field]) : asc(USER_SORT_COLUMNS[s.field]))),
      asc(users.id),
    ];
    const [rows, [{ total }]] = await Promise.all([
      this.db.select().from(users).where(where).orderBy(...orderBy).limit(limit).offset(skip),
      this.db.select({ total: count() }).from(users).where(where),
    ]);
    return { rows, total: Number(total) };
  }

  private whereOf(f: UserFilters): SQL | undefined {
    const parts: (SQL | undefined)[] = [];
    if (f.text) {
      const pattern = `%${escapeLike(f.text)}%`;
      parts.push(
        or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(users.email, pattern),
          ilike(users.username, pattern),
          sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
        ),
      );
    }
    if (f.role?.length) parts.push(inArray(users.role, f.role as UserRow['role'][]));
    if (f.status?.length) parts.push(inArray(users.status, f.status as UserRow['status'][]));
    if (f.type?.length) parts.push(inArray(users.type, f.type as UserRow['type'][]));
    if (f.provider?.length) parts.push(inArray(users.provider, f.provider as UserRow['provider'][]));
    if (f.isVerified !== undefined) parts.push(eq(users.isVerified, f.isVerified));
    if (f.email) parts.push(sql`lower(${users.email}) = ${f.email.toLowerCase()}`);
    if (f.plan?.length) parts.push(inArray(sql`${users.subscription}->>'plan'`, f.plan));
    if (f.signedUpFrom) parts.push(gte(users.dateSignedUp, f.signedUpFrom));
    if (f.signedUpBefore) parts.push(lt(users.dateSignedUp, f.signedUpBefore));
    return parts.length ? and(...parts) : undefined;
  }

  async createToken(userId: string, purpose: TokenPurpose, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.insert(userTokens).values({ userId, purpose, tokenHash, expiresAt });
  }

  /**
   * Marks a live token used and answers its user id, in one statement so a token can be consumed
   * only once even under concurrent requests.
   */
  async consumeToken(purpose: TokenPurpose, tokenHash: string): Promise<string | null> {
    const [row] = await this.db
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(liveToken(purpose, tokenHash))
      .returning({ userId: userTokens.userId });
    return row?.userId ?? null;
  }

  /** Whether a live (unused, unexpired) token exists, without using it up. */
  async hasLiveToken(purpose: TokenPurpose, tokenHash: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: userTokens.id })
      .from(userTokens)
      .where(liveToken(purpose, tokenHash))
      .limit(1);
    return row !== undefined;
  }

  /**
   * Locks the rows of the active super admins until the transaction ends and answers their ids, so
   * two concurrent demotions or removals cannot both see "another super admin remains".
   */
  async lockActiveSuperAdmins(): Promise<string[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'super_admin'), eq(users.status, 'active')))
      .orderBy(asc(users.id))
      .for('update');
    return rows.map((r) => r.id);
  }

  /** Retires the user's earlier unused tokens of a purpose, so only the newest link works. */
  async retireTokens(userId: string, purpose: TokenPurpose): Promise<void> {
    await this.db
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
  }

  /** Runs the callback in one transaction with a repository bound to it. */
  transaction<T>(fn: (repo: UsersRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new UsersRepository(tx as unknown as Database)));
  }

  /**
   * A batch of an export (exports module): the members the filters select, in `sort` order then id in
   * the same direction, after the `after` row (keyset: exact, whatever the column's type, through the
   * sort value as text); the first batch may skip some. Each row carries its `sortKey` for the next batch.
   */
  async exportBatch(
    filters: UserFilters,
    sort: { field: UserSortKey; desc: boolean },
    after: { key: string; id: string } | null,
    limit: number,
    skip = 0,
  ): Promise<Array<{ user: UserRow; sortKey: string }>> {
    const column = USER_SORT_COLUMNS[sort.field];
    const keyset = after
      ? sql`(${column}, ${users.id}) ${sql.raw(sort.desc ? '<' : '>')} (cast(${after.key} as ${sql.raw(column.getSQLType())}), cast(${after.id} as uuid))`
      : undefined;
    const order = sort.desc ? [desc(column), desc(users.id)] : [asc(column), asc(users.id)];
    return this.db
      .select({ user: users, sortKey: sql<string>`${column}::text` })
      .from(users)
      .where(and(this.whereOf(filters), keyset))
      .orderBy(...order)
      .limit(limit)
      .offset(after ? 0 : skip);
  }

  /** How many members the filters select (an export's total), counted exactly up to `cap`. */
  async exportCount(filters: UserFilters, cap: number): Promise<number> {
    const capped = this.db.select({ one: sql`1` }).from(users).where(this.whereOf(filters)).limit(cap).as('capped');
    const [{ n }] = await this.db.select({ n: count() }).from(capped);
    return Number(n);
  }
  /** How many members there are (or 1/0 for one member's id). */
  async countAll(userId?: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users).where(userId ? eq(users.id, userId) : undefined);
    return Number(row.n);
  }

  /** Accounts created per Manila day (week, month) of the window (users_created_at_idx), all or one member's. */
  createdByPeriod(window: PeriodWindow, userId?: string): Promise<PeriodCount[]> {
    return countsByPeriod(this.db, users, users.createdAt, window, { where: userId ? eq(users.id, userId) : undefined });
  }

  /** Accounts created in the window, all or one member's. */
  async createdIn(window: { from: Date; to: Date }, userId?: string): Promise<number> {
    return (await countInWindow(this.db, users, users.createdAt, window, { where: userId ? eq(users.id, userId) : undefined })).count;
  }
}
