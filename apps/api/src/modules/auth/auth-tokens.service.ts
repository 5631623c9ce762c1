import { Inject, Injectable, Optional } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import type { AuthUser } from '../../common/auth/auth-user';
import { isUuid } from '../../common/http/ids';
import { Transactions } from '../../common/db/transactions';
import { RealtimeService } from '../../common/realtime/realtime.service';
import { SessionsRepository } from './sessions.repository';

const LAST_ACTIVE_RESOLUTION_MS = 5 * 60 * 1000;

/** Issues bearer tokens bound to a server-side session, verifies them, and revokes sessions. */
@Injectable()
export class AuthTokensService {
  constructor(
    private readonly jwt: JwtService,
    private readonly sessions: SessionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
    @Optional() private readonly realtime?: RealtimeService,
  ) {}

  async issue(userId: string, meta: { userAgent?: string; ip?: string } = {}): Promise<string> {
    const ttlMs = this.config.auth.sessionTtlHours * 3600 * 1000;
    const sessionId = await this.sessions.create({ userId, expiresAt: new Date(Date.now() + ttlMs), ...meta });
    return this.jwt.signAsync({ sub: userId, sid: sessionId }, { expiresIn: this.config.auth.sessionTtlHours * 3600 });
  }

  /** The caller behind a token, or null when the token is bad, expired, revoked or the user is suspended. */
  async verify(token: string): Promise<AuthUser | null> {
    let payload: { sub?: string; sid?: string };
    try {
      payload = await this.jwt.verifyAsync(token);
    } catch {
      return null;
    }
    return this.sessionUser(payload.sid, payload.sub);
  }

  /**
   * The caller of a live session (not revoked, not expired, the member active and still its owner), or
   * null: the check behind every bearer token, also used by the job dashboard's cookie.
   */
  async sessionUser(sessionId: unknown, userId: unknown): Promise<AuthUser | null> {
    if (!isUuid(sessionId)) return null;
    const row = await this.sessions.findActiveWithUser(sessionId);
    if (!row || row.userId !== userId || row.status !== 'active') return null;
    if (!row.lastActive || Date.now() - row.lastActive.getTime() > LAST_ACTIVE_RESOLUTION_MS) {
      void this.sessions.touchUser(row.userId).catch(() => undefined);
    }
    return { id: row.userId, sessionId: row.sessionId, role: row.role, type: row.type, email: row.email };
  }

  /** Revokes a session; its open realtime connections (on any process) are closed too. */
  async revoke(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId);
    // after the revocation commits (inside a unit of work): a socket that reconnects sooner would still pass
    this.transactions.afterCommit(() => this.realtime?.disconnectSession(sessionId));
  }

  async revokeAllForUser(userId: string, exceptSessionId?: string): Promise<void> {
    await this.sessions.revokeAllForUser(userId, exceptSessionId);
    this.transactions.afterCommit(() => this.realtime?.disconnectUser(userId, exceptSessionId));
  }
}
