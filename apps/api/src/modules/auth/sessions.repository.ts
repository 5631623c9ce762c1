import { Injectable } from '@nestjs/common';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { UserRole, UserType } from '@app/domain';
import { sessions, users } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';
import { preparedStatement } from '../../common/db/prepared-statement';

/** A live session with the member it belongs to (see SessionsRepository.findActiveWithUser). */
export interface ActiveSessionRow {
  sessionId: string;
  userId: string;
  email: string;
  role: UserRole;
  type: UserType;
  status: string;
  lastActive: Date | null;
}

@Injectable()
export class SessionsRepository {
  /** Runs for every request that sends a bearer token: its SQL is built once per process (prepared statement). */
  private readonly activeWithUser: (values: { sessionId: string }) => Promise<Record<string, unknown>[]>;

  constructor(@InjectDb() private readonly db: Database) {
    this.activeWithUser = preparedStatement<{ sessionId: string }>(
      db,
      'auth_active_session_with_user',
      sql`select ${sessions.id} as "sessionId", ${users.id} as "userId", ${users.email} as "email", ${users.role} as "role",
          ${users.type} as "type", ${users.status} as "status", ${users.lastActive} as "lastActive"
        from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
        where ${sessions.id} = ${sql.placeholder('sessionId')}::uuid and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now()
        limit 1`,
    );
  }

  async create(input: { userId: string; expiresAt: Date; userAgent?: string; ip?: string }): Promise<string> {
    const [row] = await this.db.insert(sessions).values(input).returning({ id: sessions.id });
    return row.id;
  }

  /** The session with its user, when the session is neither revoked nor expired. */
  async findActiveWithUser(sessionId: string): Promise<ActiveSessionRow | null> {
    const [row] = await this.activeWithUser({ sessionId });
    if (!row) return null;
    const lastActive = row.lastActive as Date | string | null;
    return { ...(row as unknown as ActiveSessionRow), lastActive: lastActive === null ? null : new Date(lastActive) };
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
