import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  enterpriseInvites,
  enterpriseMembers,
  enterprises,
  type EnterpriseInviteRow,
  type EnterpriseMemberRow,
  type EnterpriseRow,
} from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';

export type MemberPatch = Partial<Pick<EnterpriseMemberRow, 'role' | 'status' | 'monthlyCreditCap'>>;

/** An invitation with no answer yet that has not expired. */
const openInvite = (now: Date) =>
  and(isNull(enterpriseInvites.acceptedAt), isNull(enterpriseInvites.revokedAt), gt(enterpriseInvites.expiresAt, now));

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Enterprises, their members and invitations (tables enterprises, enterprise_members, enterprise_invites). */
@Injectable()
export class EnterpriseRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** The member's membership of an active enterprise (null when none, or the enterprise is suspended). */
  async poolMembershipOf(userId: string): Promise<{
    enterpriseId: string;
    monthlyCreditCap: number | null;
    status: 'active' | 'paused';
  } | null> {
    const [row] = await this.db
      .select({
        enterpriseId: enterpriseMembers.enterpriseId,
        monthlyCreditCap: enterpriseMembers.monthlyCreditCap,
        status: enterpriseMembers.status,
      })
      .from(enterpriseMembers)
      .innerJoin(enterprises, eq(enterprises.id, enterpriseMembers.enterpriseId))
      .where(and(eq(enterpriseMembers.userId, userId), eq(enterprises.status, 'active')))
      .limit(1);
    return row ?? null;
  }

  async insertEnterprise(values: { name: string; ownerId: string; seatLimit: number; createdById: string }): Promise<EnterpriseRow> {
    const [row] = await this.db.insert(enterprises).values(values).returning();
    return row;
  }

  async find(id: string): Promise<EnterpriseRow | null> {
    const [row] = await this.db.select().from(enterprises).where(eq(enterprises.id, id)).limit(1);
    return row ?? null;
  }

  /** The enterprise, locked until the transaction ends (seat counting and joining queue on it). */
  async lock(id: string): Promise<EnterpriseRow | null> {
    const [row] = await this.db.select().from(enterprises).where(eq(enterprises.id, id)).for('update').limit(1);
    return row ?? null;
  }

  /** The member's membership (any status) and its enterprise (any status), or null. */
  async membershipOf(userId: string): Promise<{
    member: EnterpriseMemberRow;
    enterprise: EnterpriseRow;
  } | null> {
    const [row] = await this.db
      .select({ member: enterpriseMembers, enterprise: enterprises })
      .from(enterpriseMembers)
      .innerJoin(enterprises, eq(enterprises.id, enterpriseMembers.enterpriseId))
      .where(eq(enterpriseMembers.userId, userId))
      .limit(1);
    return row ?? null;
  }

  /** Inserts a membership; null when the member is in an enterprise already (one at a time). */
  async insertMember(values: {
    enterpriseId: string;
    userId: string;
    role: EnterpriseMemberRow['role'];
    monthlyCreditCap?: number | null;
    invitedById?: string | null;
  }): Promise<EnterpriseMemberRow | null> {
    const [row] = await this.db.insert(enterpriseMembers).values(values).onConflictDoNothing().returning();
    return row ?? null;
  }

  members(enterpriseId: string): Promise<EnterpriseMemberRow[]> {
    return this.db
      .select()
      .from(enterpriseMembers)
      .where(eq(enterpriseMembers.enterpriseId, enterpriseId))
      .orderBy(
        sql`case ${enterpriseMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
        asc(enterpriseMembers.joinedAt),
        asc(enterpriseMembers.userId),
      );
  }

  async updateMember(enterpriseId: string, userId: string, patch: MemberPatch): Promise<EnterpriseMemberRow | null> {
    const [row] = await this.db
      .update(enterpriseMembers)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(enterpriseMembers.enterpriseId, enterpriseId), eq(enterpriseMembers.userId, userId)))
      .returning();
    return row ?? null;
  }

  async deleteMember(enterpriseId: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(enterpriseMembers)
      .where(and(eq(enterpriseMembers.enterpriseId, enterpriseId), eq(enterpriseMembers.userId, userId)))
      .returning({ userId: enterpriseMembers.userId });
    return rows.length > 0;
  }

  /** Members (any status) plus open invitations: the seats in use. */
  async seatsUsed(enterpriseId: string, now: Date): Promise<{ members: number; invites: number }> {
    const [[m], [i]] = await Promise.all([
      this.db.select({ n: count() }).from(enterpriseMembers).where(eq(enterpriseMembers.enterpriseId, enterpriseId)),
      this.db
        .select({ n: count() })
        .from(enterpriseInvites)
        .where(and(eq(enterpriseInvites.enterpriseId, enterpriseId), openInvite(now))),
    ]);
    return { members: Number(m.n), invites: Number(i.n) };
  }

  /** Invitations not answered (open or expired), newest first. */
  unansweredInvites(enterpriseId: string): Promise<EnterpriseInviteRow[]> {
    return this.db
      .select()
      .from(enterpriseInvites)
      .where(
        and(eq(enterpriseInvites.enterpriseId, enterpriseId), isNull(enterpriseInvites.acceptedAt), isNull(enterpriseInvites.revokedAt)),
      )
      .orderBy(desc(enterpriseInvites.createdAt))
      .limit(200);
  }

  /** Revokes the address's unanswered invitation to the team (open or expired); the revoked row, or null. */
  async revokeUnanswered(enterpriseId: string, email: string): Promise<EnterpriseInviteRow | null> {
    const [row] = await this.db
      .update(enterpriseInvites)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(enterpriseInvites.enterpriseId, enterpriseId),
          sql`lower(${enterpriseInvites.email}) = ${email.toLowerCase()}`,
          isNull(enterpriseInvites.acceptedAt),
          isNull(enterpriseInvites.revokedAt),
        ),
      )
      .returning();
    return row ?? null;
  }

  async insertInvite(values: {
    enterpriseId: string;
    email: string;
    role: EnterpriseInviteRow['role'];
    monthlyCreditCap: number | null;
    tokenHash: string;
    invitedById: string;
    expiresAt: Date;
  }): Promise<EnterpriseInviteRow> {
    const [row] = await this.db.insert(enterpriseInvites).values(values).returning();
    return row;
  }

  async inviteByHash(tokenHash: string): Promise<EnterpriseInviteRow | null> {
    const [row] = await this.db.select().from(enterpriseInvites).where(eq(enterpriseInvites.tokenHash, tokenHash)).limit(1);
    return row ?? null;
  }

  async invite(id: string): Promise<EnterpriseInviteRow | null> {
    const [row] = await this.db.select().from(enterpriseInvites).where(eq(enterpriseInvites.id, id)).limit(1);
    return row ?? null;
  }

  async revokeInvite(id: string): Promise<EnterpriseInviteRow | null> {
    const [row] = await this.db
      .update(enterpriseInvites)
      .set({ revokedAt: new Date() })
      .where(and(eq(enterpriseInvites.id, id), isNull(enterpriseInvites.acceptedAt), isNull(enterpriseInvites.revokedAt)))
      .returning();
    return row ?? null;
  }

  /** Uses the invitation once: null when it was used, revoked or expired meanwhile (single use under concurrency). */
  async accept(id: string, userId: string, now: Date): Promise<EnterpriseInviteRow | null> {
    const [row] = await this.db
      .update(enterpriseInvites)
      .set({ acceptedAt: now, acceptedById: userId })
      .where(and(eq(enterpriseInvites.id, id), openInvite(now)))
      .returning();
    return row ?? null;
  }

  /** A page of the enterprises `visible` allows, newest first, with their member counts. */
  async page(
    visible: SQL | undefined,
    filters: { text?: string; status?: EnterpriseRow['status'] },
    limit: number,
    skip: number,
  ): Promise<{
    rows: Array<EnterpriseRow & { memberCount: number }>;
    total: number;
  }> {
    const where = and(
      visible,
      filters.text ? ilike(enterprises.name, `%${escapeLike(filters.text)}%`) : undefined,
      filters.status ? eq(enterprises.status, filters.status) : undefined,
    );
    const memberCount = sql<number>`(select count(*)::int from ${enterpriseMembers} where ${enterpriseMembers.enterpriseId} = ${enterprises.id})`;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({ e: enterprises, memberCount })
        .from(enterprises)
        .where(where)
        .orderBy(desc(enterprises.createdAt), desc(enterprises.id))
        .limit(limit)
        .offset(skip),
      this.db.select({ total: count() }).from(enterprises).where(where),
    ]);
    return {
      rows: rows.map((r) => ({ ...r.e, memberCount: Number(r.memberCount) })),
      total: Number(total),
    };
  }

  /** Open invitations per enterprise (for the list's seats). */
  async openInviteCounts(ids: string[], now: Date): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: enterpriseInvites.enterpriseId, n: count() })
      .from(enterpriseInvites)
      .where(and(inArray(enterpriseInvites.enterpriseId, ids), openInvite(now)))
      .groupBy(enterpriseInvites.enterpriseId);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }
}
