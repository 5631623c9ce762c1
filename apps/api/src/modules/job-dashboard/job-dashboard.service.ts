import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions } from 'express';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AuthUser } from '../../common/auth/auth-user';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { AuthTokensService } from '../auth/auth-tokens.service';
import { bearerToken } from '../auth/auth.guard';
import { readCookie } from '../auth/social/oauth-state.store';

/** Where bull-board lives (its page, its scripts and its JSON API): the cookie is sent to this path only. */
export const JOB_DASHBOARD_PATH = '/api/admin/queues';
export const JOB_DASHBOARD_COOKIE = 'tahanan_jobs';
/** How long the dashboard cookie lasts; the session behind it is checked on every request anyway. */
export const JOB_DASHBOARD_TTL_SECONDS = 15 * 60;

/** What a request to the dashboard is: let through (a super admin), or refused with a status and a message. */
export type DashboardAccess = { user: AuthUser } | { status: 401 | 403; message: string };

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/**
 * The job dashboard's browser credential. The page is opened by navigation (no bearer header), so a
 * super admin first asks `POST /api/admin/queues/session` for a cookie: an HMAC-signed token naming the
 * caller's session and an expiry (15 minutes), never a bearer token (its key is derived from the JWT
 * secret for this use alone, so it is not a JWT the API would take). Each dashboard request checks the
 * signature and expiry, then the session itself exactly as the auth guard does (not revoked, not
 * expired, the member active) and that the member is still a super admin.
 */
@Injectable()
export class JobDashboardService {
  private readonly key: Buffer;

  constructor(
    private readonly tokens: AuthTokensService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = createHmac('sha256', config.auth.jwtSecret).update('tahanan-job-dashboard-cookie').digest();
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  /** A signed cookie value for the caller's session, valid for `JOB_DASHBOARD_TTL_SECONDS`. */
  issue(user: AuthUser, now = Date.now()): { value: string; expiresAt: Date } {
    const exp = Math.floor(now / 1000) + JOB_DASHBOARD_TTL_SECONDS;
    const payload = base64url(JSON.stringify({ sid: user.sessionId, sub: user.id, exp }));
    return { value: `${payload}.${this.sign(payload)}`, expiresAt: new Date(exp * 1000) };
  }

  /** The session and member a cookie value names, when its signature is ours and it has not expired. */
  readCookieValue(value: string | undefined, now = Date.now()): { sid: unknown; sub: unknown } | null {
    if (!value) return null;
    const [payload, signature, ...rest] = value.split('.');
    if (!payload || !signature || rest.length) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let claims: { sid?: unknown; sub?: unknown; exp?: unknown };
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
    return { sid: claims.sid, sub: claims.sub };
  }

  cookieOptions(): CookieOptions {
    return {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.appUrl.startsWith('https:'),
      path: JOB_DASHBOARD_PATH,
      maxAge: JOB_DASHBOARD_TTL_SECONDS * 1000,
    };
  }

  /** Who may see the dashboard: a bearer token (API clients) or the dashboard cookie, of a live super admin session. */
  async authenticate(req: { headers: { authorization?: string; cookie?: string } }): Promise<DashboardAccess> {
    const token = bearerToken(req.headers.authorization);
    const cookie = token ? undefined : readCookie(req.headers.cookie, JOB_DASHBOARD_COOKIE);
    if (!token && !cookie) {
      return { status: 401, message: 'Please log in to continue, then open the job dashboard from the admin console' };
    }
    let user: AuthUser | null = null;
    if (token) user = await this.tokens.verify(token);
    else {
      const claims = this.readCookieValue(cookie);
      if (claims) user = await this.tokens.sessionUser(claims.sid, claims.sub);
    }
    if (!user) return { status: 401, message: 'Your session has ended; please log in again and reopen the job dashboard' };
    if (user.role !== 'super_admin') return { status: 403, message: 'Only a super admin may open the job dashboard' };
    return { user };
  }
}
