import { Injectable } from '@nestjs/common';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { sessions, users } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';

@Injectable()
export class SessionsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async create(input: { userId: string; expiresAt: Date; userAgent?: string; ip?: string }): Promise<string> {
    const [row] = await this.db.insert(sessions).values(input).returning({ id: sessions.id });
    return row.id;
  }

  /** The session with its user, when the session is neither revoked nor expired. */
  async findActiveWithUser(sessionId: string) {
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        userId: users.id,
        email: users.email,
        role: users.role,
        type: users.type,
        status: users.status,
        lastActive: users.lastActive,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
      .limit(1);
    return row ?? null;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  }

  /** Revokes every session of a user, except optionally the one making the request. */
  async revokeAllForUser(userId: string, exceptSessionId?: string): Promise<void> {
    const where = exceptSessionId
      ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, exceptSessionId))
      : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(where);
  }

  async touchUser(userId: string): Promise<void> {
    await this.db.update(users).set({ lastActive: new Date() }).where(eq(users.id, userId));
  }
}
