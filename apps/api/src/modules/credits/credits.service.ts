import { BadRequestException, ForbiddenException, HttpException, HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  CREDIT_MAX_MOVE,
  CREDIT_RESERVATION_TTL_MS,
  PLANS,
  STAFF_ROLES,
  buildPagination,
  type CreditEntryKind,
  type PlanId,
} from '@app/domain';
import type { CreditLedgerRow, CreditReservationRow } from '@app/db';
import type { AuthUser } from '../../common/auth/auth-user';
import { isForeignKeyViolation } from '../../common/db/pg-errors';
import { Transactions } from '../../common/db/transactions';
import { EventsService } from '../../common/events/events.service';
import { pageWindow } from '../../common/http/page-query.dto';
import { UsersService } from '../users/users.service';
import { CREDIT_POOL_MEMBERSHIP, type CreditPoolMembership, type CreditPoolMembershipLookup } from './credit-pool-membership';
import { CreditsRepository } from './credits.repository';
import type { PoolAccountDto, PoolLedgerAction, PoolLedgerQueryDto } from './dto/credit-pool.dto';
import type {
  AdjustCreditsDto,
  CreditBalanceListDto,
  CreditEntryDto,
  CreditsAccountDto,
  CreditsPageQueryDto,
  CreditBalancesQueryDto,
} from './dto/credits.dto';

export interface CreditGrant {
  kind: Extract<CreditEntryKind, 'allowance' | 'purchase' | 'transfer'>;
  amount: number;
  reason: string;
  /** Makes the grant happen once: a payment's id, an allowance month. */
  idempotencyKey: string;
  paymentId?: string;
  subscriptionId?: string;
  actorId?: string | null;
}

export interface Reservation {
  id: string;
  amount: number;
  /** The balance left where the credits came from: the member's own, or their team pool's (`poolId`). */
  balance: number;
  /** Set when the credits were held from the member's enterprise pool. */
  poolId?: string;
}

/** Credits added to an enterprise's pool (by staff, or for the enterprise's purchase). */
export interface PoolGrant {
  amount: number;
  reason: string;
  /**
   * Who adds them: required, because every ledger row names a member (`credit_ledger.user_id`) and a
   * pool row names whoever moved the pool (the member who spent, or the staff member who added).
   */
  actorId: string;
  /** Makes the grant happen once (a payment's id, a request's key). */
  idempotencyKey: string;
  kind?: Extract<CreditEntryKind, 'allowance' | 'purchase' | 'transfer'>;
  paymentId?: string;
}

/** Why a member's pool could not pay for a piece of work (the 402 names it). */
type PoolRefusal =
  | { why: 'paused' }
  | { why: 'cap'; cap: number; spent: number }
  | { why: 'balance'; balance: number };

const GRANT_KINDS: readonly CreditEntryKind[] = ['allowance', 'purchase', 'transfer', 'adjustment'];
const SPEND_KINDS: readonly CreditEntryKind[] = ['reserve', 'commit', 'refund'];
const KINDS_OF_ACTION: Record<PoolLedgerAction, readonly CreditEntryKind[]> = {
  grant: GRANT_KINDS,
  reserve: ['reserve'],
  commit: ['commit'],
  refund: ['refund'],
};

const MANILA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** The first instant of the calendar month (Asia/Manila, UTC+8 all year) that `at` falls in. */
export function manilaMonthStart(at: Date): Date {
  const local = new Date(at.getTime() + MANILA_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - MANILA_OFFSET_MS);
}

/** A window bound: a Philippine day (YYYY-MM-DD: its first instant, or for `to` the next day's) or an instant; 400 when neither. */
export function windowBound(value: string | undefined, name: 'from' | 'to'): Date | undefined {
  if (value === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = Date.parse(`${value}T00:00:00Z`);
    if (Number.isNaN(day)) throw new BadRequestException(`${name} must be a date (YYYY-MM-DD) or an ISO date-time`);
    return new Date(day - MANILA_OFFSET_MS + (name === 'to' ? DAY_MS : 0));
  }
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new BadRequestException(`${name} must be a date (YYYY-MM-DD) or an ISO date-time`);
  return at;
}

const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;

/**
 * Credits a team member may take from their enterprise's pool now: the pool's balance, within what
 * their monthly cap leaves this month (`spentThisMonth` is what they took from it since the month
 * began in Manila, less refunds); 0 when their place is paused; never negative. The one rule behind
 * both the quote a member sees (`spendable`) and the hold (`reserve`): a hold of `amount` from the
 * pool succeeds exactly when `amount <= poolShare(...)`.
 */
export function poolShare(m: Pick<CreditPoolMembership, 'paused' | 'monthlyCreditCap'>, balance: number, spentThisMonth: number): number {
  if (m.paused) return 0;
  const left = m.monthlyCreditCap === null ? balance : Math.min(balance, m.monthlyCreditCap - spentThisMonth);
  return Math.max(0, left);
}

function poolRefusalText(r: PoolRefusal): string {
  if (r.why === 'paused') return "Your place in your team is paused, so the team's pool is not open to you";
  if (r.why === 'balance') return `Your team's pool has ${credits(r.balance)} left`;
  if (r.spent >= r.cap) return `Your team's monthly cap of ${credits(r.cap)} is reached (${r.spent} used)`;
  return `Your team's monthly cap of ${credits(r.cap)} leaves ${credits(r.cap - r.spent)} this month (${r.spent} used)`;
}

function toEntryDto(row: CreditLedgerRow): CreditEntryDto {
  return {
    _id: String(row.id),
    kind: row.kind,
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    reason: row.reason,
    paymentId: row.paymentId,
    reservationId: row.reservationId,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * AI credits as a ledger: every grant, spend and refund is a row and the member's balance
 * (`users.credits_remaining`, the User's `credits.remaining`) moves in the same transaction, by one
 * conditional update that never takes it below zero. Work that costs credits reserves them first, then
 * commits (spent) or refunds (failed: costs nothing); a reservation left open is refunded by the
 * `credit-reservations` task.
 *
 * An enterprise's credit pool (`credit_pools`) is a second balance on the same ledger: its rows carry
 * `pool_id` and the pool's balance; a member of an enterprise (CREDIT_POOL_MEMBERSHIP) spends from it
 * first, within their monthly cap, then from their own balance.
 */
@Injectable()
export class CreditsService {
  constructor(
    private readonly credits: CreditsRepository,
    private readonly users: UsersService,
    private readonly transactions: Transactions,
    private readonly events: EventsService,
    @Inject(CREDIT_POOL_MEMBERSHIP) private readonly membership: CreditPoolMembershipLookup,
  ) {}

  /** Adds credits once per idempotency key; `applied` false when that key was granted already. */
  grant(userId: string, g: CreditGrant): Promise<{ applied: boolean; balance: number }> {
    if (!Number.isInteger(g.amount) || g.amount <= 0) throw new Error(`A credit grant must be a positive whole number (got ${g.amount})`);
    return this.transactions.run(async () => {
      const entryId = await this.credits.claim({
        userId,
        kind: g.kind,
        amount: g.amount,
        balanceAfter: 0,
        paymentId: g.paymentId,
        subscriptionId: g.subscriptionId,
        reason: g.reason,
        actorId: g.actorId ?? null,
        idempotencyKey: g.idempotencyKey,
      });
      if (entryId === null) {
        const balance = (await this.users.lockCredits(userId))?.balance ?? 0;
        return { applied: false, balance };
      }
      const moved = await this.users.moveCredits(userId, g.amount);
      if (!moved) throw new NotFoundException('Member not found');
      await this.credits.setBalanceAfter(entryId, moved.balance);
      await this.events.publish({
        type: 'credits.granted',
        actorId: g.actorId ?? null,
        entity: { kind: 'credits', id: userId },
        data: { userId, email: moved.email, amount: g.amount, balance: moved.balance, kind: g.kind, reason: g.reason },
      });
      return { applied: true, balance: moved.balance };
    });
  }

  /**
   * Holds `amount` credits for a piece of work: from the member's enterprise pool when they have an
   * active membership and the pool can pay within their monthly cap, else from their own balance. 402
   * when neither can, naming why. Concurrent reserves queue on the pool's row (pool spends) or the
   * member's row (own balance), so together they never take more than there is, nor past a cap.
   */
  reserve(userId: string, amount: number, purpose: string): Promise<Reservation> {
    if (!Number.isInteger(amount) || amount <= 0 || amount > CREDIT_MAX_MOVE) {
      throw new BadRequestException(`credits must be a whole number from 1 to ${CREDIT_MAX_MOVE}`);
    }
    return this.transactions.run(async () => {
      const membership = await this.membership.membershipOf(userId);
      let refusal: PoolRefusal | null = null;
      if (membership) {
        const pooled = await this.reserveFromPool(userId, membership, amount, purpose);
        if ('id' in pooled) return pooled;
        refusal = pooled;
      }
      const moved = await this.users.moveCredits(userId, -amount);
      if (!moved) {
        const have = (await this.users.lockCredits(userId))?.balance;
        if (have === undefined) throw new NotFoundException('Member not found');
        const message = refusal
          ? `Not enough AI credits: ${amount} needed. ${poolRefusalText(refusal)} and your own balance is ${have}. Ask your team's admin, or buy a credit pack.`
          : `Not enough AI credits: ${amount} needed, ${have} left. Buy a credit pack or upgrade your plan.`;
        throw new HttpException(
          {
            message,
            error: 'Payment Required',
            upgrade: { reason: 'credits', needed: amount, remaining: have, ...(refusal ? { pool: refusal } : {}) },
          },
          HttpStatus.PAYMENT_REQUIRED,
        );
      }
      const reservation = await this.credits.insertReservation({
        userId,
        amount,
        purpose,
        expiresAt: new Date(Date.now() + CREDIT_RESERVATION_TTL_MS),
      });
      await this.credits.insert({ userId, kind: 'reserve', amount: -amount, balanceAfter: moved.balance, reservationId: reservation.id, reason: purpose });
      await this.events.publish({
        type: 'credits.reserved',
        actorId: userId,
        entity: { kind: 'credits', id: userId },
        data: { userId, email: moved.email, amount: -amount, balance: moved.balance, reservationId: reservation.id, purpose },
      });
      return { id: reservation.id, amount, balance: moved.balance };
    });
  }

  /** The work succeeded: the held credits are spent. Settling twice does nothing the second time. */
  commit(reservationId: string): Promise<{ settled: boolean; balance: number }> {
    return this.transactions.run(async () => {
      const r = await this.credits.settle(reservationId, 'committed');
      if (!r) return this.alreadySettled(reservationId);
      if (r.poolId) return this.commitToPool(r, r.poolId);
      const locked = await this.users.lockCredits(r.userId);
      const balance = locked?.balance ?? 0;
      await this.credits.insert({ userId: r.userId, kind: 'commit', amount: 0, balanceAfter: balance, reservationId: r.id, reason: r.purpose });
      await this.events.publish({
        type: 'credits.committed',
        actorId: r.userId,
        entity: { kind: 'credits', id: r.userId },
        data: { userId: r.userId, email: locked?.email ?? '', amount: r.amount, balance, reservationId: r.id, purpose: r.purpose },
      });
      return { settled: true, balance };
    });
  }

  /** The work failed (or never finished): the held credits go back. Settling twice does nothing the second time. */
  refund(reservationId: string, expired = false): Promise<{ settled: boolean; balance: number }> {
    return this.transactions.run(async () => {
      const r = await this.credits.settle(reservationId, 'refunded');
      if (!r) return this.alreadySettled(reservationId);
      return this.giveBack(r, expired);
    });
  }

  /** Runs `work` with `amount` credits held: committed when it resolves, refunded when it throws. */
  async spend<T>(userId: string, amount: number, purpose: string, work: () => Promise<T>): Promise<T> {
    const r = await this.reserve(userId, amount, purpose);
    let result: T;
    try {
      result = await work();
    } catch (err) {
      await this.refund(r.id);
      throw err;
    }
    await this.commit(r.id);
    return result;
  }

  /** Refunds reservations held past CREDIT_RESERVATION_TTL_MS (the work died with its process). */
  async refundOverdue(now = new Date()): Promise<number> {
    let refunded = 0;
    for (;;) {
      const ids = await this.credits.overdueReservations(now, 200);
      for (const id of ids) if ((await this.refund(id, true)).settled) refunded++;
      if (ids.length < 200) return refunded;
    }
  }

  /** A member's balance, held credits, plan allowance and ledger page: the member themselves or staff. */
  async account(caller: AuthUser, userId: string, query: CreditsPageQueryDto): Promise<CreditsAccountDto> {
    if (caller.id !== userId && !STAFF_ROLES.includes(caller.role)) {
      throw new ForbiddenException('You can only see your own AI credits');
    }
    const profile = await this.users.creditProfile(userId);
    if (!profile) throw new NotFoundException('Member not found');
    const { limit, skip } = pageWindow(query);
    const [page, reserved] = await Promise.all([this.credits.page(userId, limit, skip), this.credits.heldBy(userId)]);
    const plan = profile.subscription.plan as PlanId;
    return {
      _id: userId,
      remaining: profile.balance,
      reserved,
      plan,
      monthlyAllowance: profile.subscription.status === 'active' ? PLANS[plan].monthlyCredits : 0,
      entries: page.rows.map(toEntryDto),
      pagination: buildPagination(page.total, page.rows.length, limit, skip),
    };
  }

  /** Staff: members and their balances, the largest first; `text` narrows by name or e-mail. */
  async balances(query: CreditBalancesQueryDto): Promise<CreditBalanceListDto> {
    const { limit, skip } = pageWindow(query);
    const ids = query.text?.trim() ? await this.users.idsMatching(query.text.trim(), 1000) : undefined;
    const { rows, total } = await this.users.creditBalances(limit, skip, ids);
    return {
      balances: rows.map((r) => ({
        _id: r.id,
        firstName: r.firstName,
        lastName: r.lastName,
        email: r.email,
        remaining: r.balance,
        plan: r.subscription.plan,
      })),
      pagination: buildPagination(total, rows.length, limit, skip),
    };
  }

  /**
   * Staff adjustment with a reason: `change` adds or takes, `remaining` sets the balance. Audited
   * (`credits.adjusted`, high). Never on oneself; never below zero.
   */
  async adjust(caller: AuthUser, userId: string, dto: AdjustCreditsDto): Promise<CreditsAccountDto> {
    if (caller.id === userId) throw new ForbiddenException('You cannot change your own AI credits');
    if ((dto.change === undefined) === (dto.remaining === undefined)) {
      throw new BadRequestException('Send either change (credits to add, negative to take) or remaining (the new balance), not both');
    }
    const reason = dto.reason.trim();
    if (!reason) throw new BadRequestException('reason must say why the credits change');
    await this.transactions.run(async () => {
      const locked = await this.users.lockCredits(userId);
      if (!locked) throw new NotFoundException('Member not found');
      const delta = dto.change ?? dto.remaining! - locked.balance;
      if (delta === 0) throw new BadRequestException(`The balance is ${locked.balance} already: nothing to change`);
      const moved = await this.users.moveCredits(userId, delta);
      if (!moved) throw new BadRequestException(`The balance is ${locked.balance}: taking ${-delta} would take it below zero`);
      await this.credits.insert({ userId, kind: 'adjustment', amount: delta, balanceAfter: moved.balance, reason, actorId: caller.id });
      await this.events.publish({
        type: 'credits.adjusted',
        actorId: caller.id,
        entity: { kind: 'credits', id: userId },
        data: { userId, email: moved.email, amount: delta, balance: moved.balance, from: locked.balance, reason },
      });
    });
    return this.account(caller, userId, {});
  }

  /** Takes back up to `amount` credits (a refunded credit pack), never below zero; once per key. Returns what was taken. */
  revoke(userId: string, amount: number, reason: string, idempotencyKey: string): Promise<number> {
    return this.transactions.run(async () => {
      const locked = await this.users.lockCredits(userId);
      if (!locked) return 0;
      const take = Math.min(amount, locked.balance);
      const entryId = await this.credits.claim({ userId, kind: 'adjustment', amount: -take, balanceAfter: locked.balance, reason, idempotencyKey });
      if (entryId === null || take === 0) return 0;
      const moved = (await this.users.moveCredits(userId, -take))!;
      await this.credits.setBalanceAfter(entryId, moved.balance);
      await this.events.publish({
        type: 'credits.adjusted',
        actorId: null,
        entity: { kind: 'credits', id: userId },
        data: { userId, email: moved.email, amount: -take, balance: moved.balance, from: locked.balance, reason },
      });
      return take;
    });
  }

  /** The balance a member's own ledger rows add up to (pool rows excluded; tests compare it with the cached balance). */
  ledgerSum(userId: string): Promise<number> {
    return this.credits.ledgerSum(userId);
  }

  /* ------------------------------------------------------------------ enterprise credit pools */

  /** Opens an enterprise's credit pool (balance 0) unless it has one; 404 when the enterprise is unknown. */
  openPool(enterpriseId: string): Promise<void> {
    return this.transactions.run(async () => {
      try {
        await this.credits.openPool(enterpriseId);
      } catch (err) {
        if (isForeignKeyViolation(err)) throw new NotFoundException('Enterprise not found');
        throw err;
      }
    });
  }

  /**
   * Adds credits to an enterprise's pool (opening it if needed) once per idempotency key; `applied`
   * false when that key was granted already. The ledger row carries the pool and the actor (staff, or
   * the customer who paid). Publishes `credits.granted` with `poolId` (the balance is the pool's).
   */
  async addToPool(enterpriseId: string, g: PoolGrant): Promise<{ applied: boolean; balance: number }> {
    if (!Number.isInteger(g.amount) || g.amount <= 0 || g.amount > CREDIT_MAX_MOVE) {
      throw new BadRequestException(`amount must be a whole number from 1 to ${CREDIT_MAX_MOVE}`);
    }
    const reason = g.reason.trim();
    if (!reason) throw new BadRequestException('reason must say why the credits are added');
    const kind = g.kind ?? 'transfer';
    return this.transactions.run(async () => {
      await this.openPool(enterpriseId);
      let entryId: number | null;
      try {
        entryId = await this.credits.claim({
          userId: g.actorId,
          poolId: enterpriseId,
          kind,
          amount: g.amount,
          balanceAfter: 0,
          paymentId: g.paymentId,
          reason,
          actorId: g.actorId,
          idempotencyKey: g.idempotencyKey,
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw new NotFoundException('Member not found: credits are added to a pool by a known member');
        throw err;
      }
      if (entryId === null) return { applied: false, balance: (await this.credits.lockPool(enterpriseId)) ?? 0 };
      const balance = (await this.credits.movePool(enterpriseId, g.amount))!;
      await this.credits.setBalanceAfter(entryId, balance);
      await this.events.publish({
        type: 'credits.granted',
        actorId: g.actorId,
        entity: { kind: 'enterprise', id: enterpriseId },
        data: { userId: g.actorId, email: await this.emailOf(g.actorId), amount: g.amount, balance, kind, reason, poolId: enterpriseId },
      });
      return { applied: true, balance };
    });
  }

  /**
   * What a member can spend on a piece of work now, without holding anything: their own balance and,
   * for an active team member, what the team's pool would pay for them (the pool's balance within the
   * member's monthly cap; 0 when paused). `reserve` tries the pool first, then the own balance.
   */
  async spendable(userId: string): Promise<{ own: number; pool: number | null }> {
    const own = (await this.users.creditProfile(userId))?.balance ?? 0;
    const m = await this.membership.membershipOf(userId);
    if (!m) return { own, pool: null };
    const { available } = await this.poolShareOf(userId, m, (await this.credits.poolBalance(m.enterpriseId)) ?? 0);
    return { own, pool: available };
  }

  /**
   * What the member may take from the pool now (`poolShare`), given the pool's balance: reads what
   * they spent from it this month only when they have a cap. The quote (`spendable`) and the hold
   * (`reserveFromPool`) both go through here, so they cannot disagree.
   */
  private async poolShareOf(userId: string, m: CreditPoolMembership, balance: number): Promise<{ available: number; spent: number }> {
    const spent =
      m.paused || m.monthlyCreditCap === null
        ? 0
        : ((await this.credits.poolSpend(m.enterpriseId, manilaMonthStart(new Date()), null, userId)).get(userId) ?? 0);
    return { available: poolShare(m, balance, spent), spent };
  }

  /** Credits in an enterprise's pool (0 when it has none). */
  async poolBalance(enterpriseId: string): Promise<number> {
    return (await this.credits.poolBalance(enterpriseId)) ?? 0;
  }

  /** The balance a pool's ledger rows add up to (tests compare it with `credit_pools.balance`). */
  poolLedgerSum(enterpriseId: string): Promise<number> {
    return this.credits.poolLedgerSum(enterpriseId);
  }

  /** Credits each member spent from the pool in [from, to) (reserved, less what was refunded): userId → credits. */
  poolSpendByMember(enterpriseId: string, from: Date, to: Date): Promise<Map<string, number>> {
    return this.credits.poolSpend(enterpriseId, from, to);
  }

  /**
   * An enterprise's pool: balance, held credits, the ledger (filtered by member, action and window) and
   * spending by member. The caller (the enterprise module) decides who may see it; `viewer.memberId`
   * narrows everything to that member's own spending (a plain member's view).
   */
  async poolAccount(enterpriseId: string, query: PoolLedgerQueryDto, viewer: { memberId?: string | null } = {}): Promise<PoolAccountDto> {
    if (viewer.memberId && query.memberId && query.memberId !== viewer.memberId) {
      throw new ForbiddenException("You can only see your own spending from your team's pool");
    }
    const memberId = viewer.memberId ?? query.memberId;
    const from = windowBound(query.from, 'from');
    const to = windowBound(query.to, 'to');
    if (from && to && to <= from) throw new BadRequestException(`to (${query.to}) must be after from (${query.from})`);
    let kinds = query.action ? KINDS_OF_ACTION[query.action] : undefined;
    if (memberId) kinds = (kinds ?? SPEND_KINDS).filter((k) => SPEND_KINDS.includes(k));
    const { limit, skip } = pageWindow(query);
    const now = new Date();
    const monthStart = manilaMonthStart(now);
    const [balance, reserved, page, month, range] = await Promise.all([
      this.poolBalance(enterpriseId),
      this.credits.poolHeld(enterpriseId),
      kinds && kinds.length === 0
        ? Promise.resolve({ rows: [], total: 0 })
        : this.credits.poolPage(enterpriseId, { memberId, kinds, from, to }, limit, skip),
      this.credits.poolSpend(enterpriseId, monthStart, null, memberId),
      this.credits.poolSpend(enterpriseId, from ?? monthStart, to ?? null, memberId),
    ]);
    const spenders = [...new Set([...month.keys(), ...range.keys()])];
    const memberRows = page.rows.filter((r) => SPEND_KINDS.includes(r.kind));
    const profiles = new Map((await this.users.profilesByIds([...spenders, ...memberRows.map((r) => r.userId)])).map((p) => [p.id, p]));
    const ref = (id: string) => {
      const p = profiles.get(id);
      return p ? { _id: p.id, firstName: p.firstName, lastName: p.lastName } : null;
    };
    return {
      enterpriseId,
      balance,
      reserved,
      entries: page.rows.map((row) => ({
        _id: String(row.id),
        kind: row.kind,
        amount: row.amount,
        balanceAfter: row.balanceAfter,
        member: SPEND_KINDS.includes(row.kind) ? ref(row.userId) : null,
        reason: row.reason,
        reservationId: row.reservationId,
        createdAt: row.createdAt.toISOString(),
      })),
      byMember: spenders
        .map((userId) => ({
          userId,
          firstName: profiles.get(userId)?.firstName ?? '',
          lastName: profiles.get(userId)?.lastName ?? '',
          spentThisMonth: month.get(userId) ?? 0,
          spentInRange: range.get(userId) ?? 0,
        }))
        .sort((a, b) => b.spentInRange - a.spentInRange || b.spentThisMonth - a.spentThisMonth || a.userId.localeCompare(b.userId)),
      pagination: buildPagination(page.total, page.rows.length, limit, skip),
    };
  }

  /**
   * Holds credits from the member's pool, or says why the pool cannot pay. The pool's row is locked
   * first: every spend from one pool queues there, so the balance and each member's monthly spend are
   * read and moved by one transaction at a time (no overdraw, no cap passed).
   */
  private async reserveFromPool(userId: string, m: CreditPoolMembership, amount: number, purpose: string): Promise<Reservation | PoolRefusal> {
    if (m.paused) return { why: 'paused' };
    const poolId = m.enterpriseId;
    const have = (await this.credits.lockPool(poolId)) ?? 0;
    const { available, spent } = await this.poolShareOf(userId, m, have);
    if (amount > available) {
      // why: the cap when it alone would refuse this amount, else the pool's balance
      return m.monthlyCreditCap !== null && spent + amount > m.monthlyCreditCap ? { why: 'cap', cap: m.monthlyCreditCap, spent } : { why: 'balance', balance: have };
    }
    const balance = (await this.credits.movePool(poolId, -amount))!;
    const reservation = await this.credits.insertReservation({
      userId,
      poolId,
      amount,
      purpose,
      expiresAt: new Date(Date.now() + CREDIT_RESERVATION_TTL_MS),
    });
    await this.credits.insert({ userId, poolId, kind: 'reserve', amount: -amount, balanceAfter: balance, reservationId: reservation.id, reason: purpose });
    await this.events.publish({
      type: 'credits.reserved',
      actorId: userId,
      entity: { kind: 'credits', id: userId },
      data: { userId, email: await this.emailOf(userId), amount: -amount, balance, reservationId: reservation.id, purpose, poolId },
    });
    return { id: reservation.id, amount, balance, poolId };
  }

  private async commitToPool(r: CreditReservationRow, poolId: string) {
    const balance = (await this.credits.lockPool(poolId)) ?? 0;
    await this.credits.insert({ userId: r.userId, poolId, kind: 'commit', amount: 0, balanceAfter: balance, reservationId: r.id, reason: r.purpose });
    await this.events.publish({
      type: 'credits.committed',
      actorId: r.userId,
      entity: { kind: 'credits', id: r.userId },
      data: { userId: r.userId, email: await this.emailOf(r.userId), amount: r.amount, balance, reservationId: r.id, purpose: r.purpose, poolId },
    });
    return { settled: true, balance };
  }

  private async giveBackToPool(r: CreditReservationRow, poolId: string, expired: boolean) {
    const balance = (await this.credits.movePool(poolId, r.amount)) ?? 0;
    await this.credits.insert({
      userId: r.userId,
      poolId,
      kind: 'refund',
      amount: r.amount,
      balanceAfter: balance,
      reservationId: r.id,
      reason: expired ? `${r.purpose} (never finished)` : r.purpose,
    });
    await this.events.publish({
      type: 'credits.refunded',
      actorId: expired ? null : r.userId,
      entity: { kind: 'credits', id: r.userId },
      data: { userId: r.userId, email: await this.emailOf(r.userId), amount: r.amount, balance, reservationId: r.id, purpose: r.purpose, expired, poolId },
    });
    return { settled: true, balance };
  }

  private async emailOf(userId: string): Promise<string> {
    return (await this.users.contactsByIds([userId]))[0]?.email ?? '';
  }

  reservation(id: string): Promise<CreditReservationRow | null> {
    return this.credits.reservation(id);
  }

  private async giveBack(r: CreditReservationRow, expired: boolean) {
    if (r.poolId) return this.giveBackToPool(r, r.poolId, expired);
    const moved = await this.users.moveCredits(r.userId, r.amount);
    const balance = moved?.balance ?? 0;
    await this.credits.insert({
      userId: r.userId,
      kind: 'refund',
      amount: r.amount,
      balanceAfter: balance,
      reservationId: r.id,
      reason: expired ? `${r.purpose} (never finished)` : r.purpose,
    });
    await this.events.publish({
      type: 'credits.refunded',
      actorId: expired ? null : r.userId,
      entity: { kind: 'credits', id: r.userId },
      data: { userId: r.userId, email: moved?.email ?? '', amount: r.amount, balance, reservationId: r.id, purpose: r.purpose, expired },
    });
    return { settled: true, balance };
  }

  private async alreadySettled(reservationId: string) {
    const r = await this.credits.reservation(reservationId);
    if (!r) throw new NotFoundException('Credit reservation not found');
    if (r.poolId) return { settled: false, balance: (await this.credits.poolBalance(r.poolId)) ?? 0 };
    const balance = (await this.users.lockCredits(r.userId))?.balance ?? 0;
    return { settled: false, balance };
  }
}
