import { Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { enterpriseMembers, enterprises } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';

/** Enterprises, their members and invitations (tables enterprises, enterprise_members, enterprise_invites). */
@Injectable()
export class EnterpriseRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** The member's membership of an active enterprise (null when none, or the enterprise is suspended). */
  async poolMembershipOf(userId: string): Promise<{ enterpriseId: string; monthlyCreditCap: number | null; status: 'active' | 'paused' } | null> {
    const [row] = await this.db
      .select({ enterpriseId: enterpriseMembers.enterpriseId, monthlyCreditCap: enterpriseMembers.monthlyCreditCap, status: enterpriseMembers.status })
      .from(enterpriseMembers)
      .innerJoin(enterprises, eq(enterprises.id, enterpriseMembers.enterpriseId))
      .where(and(eq(enterpriseMembers.userId, userId), eq(enterprises.status, 'active')))
      .limit(1);
    return row ?? null;
  }
}
