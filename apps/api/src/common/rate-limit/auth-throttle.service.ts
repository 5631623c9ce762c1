import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { tooManyRequests } from '../errors/retry-after';
import { REDIS } from '../redis/redis.module';

export { tooManyRequests } from '../errors/retry-after';

const EMAIL_REQUESTS_PER_ADDRESS = 5;
const EMAIL_REQUESTS_PER_IP = 20;
const EMAIL_REQUEST_WINDOW_SECONDS = 3600;
const HOUR_SECONDS = 3600;

/**
 * The per-account gate, in one atomic script: while the gate key lives, answer its remaining
 * milliseconds (the try is refused and not counted). Otherwise count the try; once the count passes
 * the free failures, close the gate for base × 2^(count − free − 1) ms, capped, before the password
 * is even checked, so concurrent tries from many addresses cannot slip through together.
 * KEYS: count, gate. ARGV: free failures, base ms, cap ms, count lifetime ms.
 * Answers {wait ms, 0} when refused, {0, delay ms} when allowed (delay 0: no gate closed).
 */
const ACCOUNT_GATE_SCRIPT = `
local wait = redis.call('PTTL', KEYS[2])
if wait > 0 then return {wait, 0} end
local n = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
local free = tonumber(ARGV[1])
if n > free then
  local delay = tonumber(ARGV[2]) * (2 ^ math.min(n - free - 1, 30))
  local cap = tonumber(ARGV[3])
  if delay > cap then delay = cap end
  delay = math.max(1, math.floor(delay))
  redis.call('SET', KEYS[2], '1', 'PX', delay)
  return {0, delay}
end
return {0, 0}
`;

/** Takes one try back from an account's count, never below zero. KEYS: count. */
const UNCOUNT_SCRIPT = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

const minutes = (ms: number) => {
  const m = Math.max(1, Math.ceil(ms / 60000));
  return `${m} minute${m === 1 ? '' : 's'}`;
};

/** A login try that passed the limits: its points are already consumed. */
export interface LoginAttempt {
  ip: string;
  account: string;
  /** The per-account wait this try started (0: none); a failure restarts it from the answer. */
  delayMs: number;
}

/**
 * Throttles the account routes in Redis.
 *
 * Logins (OWASP's advice against lockout denial of service): every try is counted BEFORE the
 * password is checked, atomically, and a success gives the points back. Three limits:
 * - per (account, address) pair: LOGIN_MAX_FAILURES in LOGIN_WINDOW_SECONDS, then 429 for that pair;
 * - per address: LOGIN_IP_MAX_FAILURES in the window (an office or a carrier NAT shares one);
 * - per account across addresses: no lock; after LOGIN_ACCOUNT_FREE_FAILURES each try must wait a
 *   delay that doubles from LOGIN_ACCOUNT_DELAY_SECONDS up to LOGIN_ACCOUNT_MAX_DELAY_SECONDS, so a
 *   spread-out attacker gets few guesses while the owner with the right password waits at most the cap.
 *
 * Sign-ups and password resets are limited per address and hour; e-mails sent on request (reset,
 * verification) per address and per IP, so nobody can flood an inbox.
 */
@Injectable()
export class AuthThrottleService {
  private readonly byPair: RateLimiterRedis;
  private readonly byIp: RateLimiterRedis;
  private readonly signUpByIp: RateLimiterRedis;
  private readonly resetByIp: RateLimiterRedis;
  private readonly mailByAddress: RateLimiterRedis;
  private readonly mailByIp: RateLimiterRedis;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const a = config.auth;
    const login = { storeClient: redis, duration: a.loginWindowSeconds };
    this.byPair = new RateLimiterRedis({ ...login, points: a.loginMaxFailures, keyPrefix: 'login-fail-pair' });
    this.byIp = new RateLimiterRedis({ ...login, points: a.loginIpMaxFailures, keyPrefix: 'login-fail-ip' });
    const hourly = { storeClient: redis, duration: HOUR_SECONDS };
    this.signUpByIp = new RateLimiterRedis({ ...hourly, points: a.signUpPerIpPerHour, keyPrefix: 'signup-ip' });
    this.resetByIp = new RateLimiterRedis({ ...hourly, points: a.passwordResetPerIpPerHour, keyPrefix: 'reset-password-ip' });
    const mail = { storeClient: redis, duration: EMAIL_REQUEST_WINDOW_SECONDS };
    this.mailByAddress = new RateLimiterRedis({ ...mail, points: EMAIL_REQUESTS_PER_ADDRESS, keyPrefix: 'mail-request-address' });
    this.mailByIp = new RateLimiterRedis({ ...mail, points: EMAIL_REQUESTS_PER_IP, keyPrefix: 'mail-request-ip' });
  }

  /** Counts one e-mail request; answers 429 past the limit, whether or not the address has an account. */
  async consumeEmailRequest(kind: 'reset_password' | 'verify_email', email: string, ip: string): Promise<void> {
    try {
      await Promise.all([this.mailByAddress.consume(`${kind}:${email.toLowerCase()}`), this.mailByIp.consume(ip)]);
    } catch (err) {
      if (err instanceof Error) throw err;
      throw tooManyRequests('Too many e-mail requests. Please wait an hour before asking again.');
    }
  }

  /** Counts one sign-up try from the address (whatever its outcome); 429 past the hourly limit. */
  async consumeSignUp(ip: string): Promise<void> {
    await this.consumeOrRefuse(this.signUpByIp, ip, (ms) => `Too many sign-ups from this address. Try again in ${minutes(ms)}.`);
  }

  /** Counts one password-reset try (a token and a new password) from the address; 429 past the hourly limit. */
  async consumePasswordReset(ip: string): Promise<void> {
    await this.consumeOrRefuse(
      this.resetByIp,
      ip,
      (ms) => `Too many password reset tries from this address. Try again in ${minutes(ms)}.`,
    );
  }

  /**
   * Counts a login try against all three limits before the password is checked; throws 429 (with
   * Retry-After) when one refuses, giving back what the refused try took from the others.
   */
  async beginLogin(ip: string, email: string): Promise<LoginAttempt> {
    const account = email.toLowerCase();
    const pairKey = `${account}|${ip}`;
    const [ipRes, pairRes] = await Promise.allSettled([this.byIp.consume(ip), this.byPair.consume(pairKey)]);
    for (const r of [ipRes, pairRes]) if (r.status === 'rejected' && r.reason instanceof Error) throw r.reason;
    if (ipRes.status === 'rejected' || pairRes.status === 'rejected') {
      await Promise.all([
        ipRes.status === 'fulfilled' ? this.byIp.reward(ip, 1) : undefined,
        pairRes.status === 'fulfilled' ? this.byPair.reward(pairKey, 1) : undefined,
      ]);
      if (ipRes.status === 'rejected') {
        const ms = (ipRes.reason as RateLimiterRes).msBeforeNext;
        throw tooManyRequests(`Too many failed login attempts from this address. Try again in ${minutes(ms)}.`, ms / 1000);
      }
      const ms = ((pairRes as PromiseRejectedResult).reason as RateLimiterRes).msBeforeNext;
      throw tooManyRequests(
        `Too many failed login attempts from this address for this account. Try again in ${minutes(ms)}.`,
        ms / 1000,
      );
    }
    const a = this.config.auth;
    const [waitMs, delayMs] = (await this.redis.eval(
        ACCOUNT_GATE_SCRIPT,
        2,
        `login-fail-account:${account}`,
        `login-delay-account:${account}`,
        String(a.loginAccountFreeFailures),
        String(Math.round(a.loginAccountDelaySeconds * 1000)),
        String(Math.round(a.loginAccountMaxDelaySeconds * 1000)),
        String(a.loginWindowSeconds * 1000),
    )) as [number, number];
    if (waitMs > 0) {
      await Promise.all([this.byIp.reward(ip, 1), this.byPair.reward(pairKey, 1)]);
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw tooManyRequests(
        `Too many failed login attempts for this account. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        seconds,
      );
    }
    return { ip, account, delayMs };
  }

  /** The password was wrong: the account's wait (if any) counts from now, not from the start of the check. */
  async loginFailed(attempt: LoginAttempt): Promise<void> {
    if (attempt.delayMs > 0) await this.redis.set(`login-delay-account:${attempt.account}`, '1', 'PX', attempt.delayMs);
  }

  /** The password was right: forget the pair's and the account's failures, give the address its point back. */
  async loginSucceeded(attempt: LoginAttempt): Promise<void> {
    await Promise.all([
      this.byPair.delete(`${attempt.account}|${attempt.ip}`),
      this.byIp.reward(attempt.ip, 1),
      this.redis.del(`login-fail-account:${attempt.account}`, `login-delay-account:${attempt.account}`),
    ]);
  }

  /** The password could not be checked (server busy): give back what the try took. */
  async loginAborted(attempt: LoginAttempt): Promise<void> {
    await Promise.all([
      this.byPair.reward(`${attempt.account}|${attempt.ip}`, 1),
      this.byIp.reward(attempt.ip, 1),
      this.redis.eval(UNCOUNT_SCRIPT, 1, `login-fail-account:${attempt.account}`),
    ]);
  }

  private async consumeOrRefuse(limiter: RateLimiterRedis, key: string, message: (ms: number) => string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (err) {
      if (err instanceof Error) throw err;
      const ms = (err as RateLimiterRes).msBeforeNext;
      throw tooManyRequests(message(ms), ms / 1000);
    }
  }
}
