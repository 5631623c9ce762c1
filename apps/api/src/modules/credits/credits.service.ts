import { BadRequestException, ForbiddenException, HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
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
import { Transactions } from '../../common/db/transactions';
import { EventsService } from '../../common/events/events.service';
import { pageWindow } from '../../common/http/page-query.dto';
import { UsersService } from '../users/users.service';
import { CreditsRepository } from './credits.repository';
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
  balance: number;
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
 */
@Injectable()
export class CreditsService {
  constructor(
    private readonly credits: CreditsRepository,
    private readonly users: UsersService,
    private readonly transactions: Transactions,
    private readonly events: EventsService,
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
   * Holds `amount` credits for a piece of work. 402 when the balance is smaller: concurrent reserves
   * queue on the member's row, so together they never take more than the balance.
   */
  reserve(userId: string, amount: number, purpose: string): Promise<Reservation> {
    if (!Number.isInteger(amount) || amount <= 0 || amount > CREDIT_MAX_MOVE) {
      throw new BadRequestException(`credits must be a whole number from 1 to ${CREDIT_MAX_MOVE}`);
    }
    return this.transactions.run(async () => {
      const moved = await this.users.moveCredits(userId, -amount);
      if (!moved) {
        const have = (await this.users.lockCredits(userId))?.balance;
        if (have === undefined) throw new NotFoundException('Member not found');
        throw new HttpException(
          {
            message: `Not enough AI credits: ${amount} needed, ${have} left. Buy a credit pack or upgrade your plan.`,
            error: 'Payment Required',
            upgrade: { reason: 'credits', needed: amount, remaining: have },
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

  /** The balance a ledger's rows add up to (tests compare it with the cached balance). */
  ledgerSum(userId: string): Promise<number> {
    return this.credits.ledgerSum(userId);
  }

  reservation(id: string): Promise<CreditReservationRow | null> {
    return this.credits.reservation(id);
  }

  private async giveBack(r: CreditReservationRow, expired: boolean) {
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
    const balance = (await this.users.lockCredits(r.userId))?.balance ?? 0;
    return { settled: false, balance };
  }
}
