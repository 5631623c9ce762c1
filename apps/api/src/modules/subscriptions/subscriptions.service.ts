import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import {
  PLANS,
  PLAN_IDS,
  STAFF_ROLES,
  SUBSCRIPTION_GRACE_DAYS,
  addBillingPeriod,
  addMonths,
  buildPagination,
  lowestPlanWith,
  planChangeStartsNow,
  planPriceCentavos,
  quotePlanChange,
  type Entitlement,
  type PlanId,
  type PurchasablePeriod,
} from '@app/domain';
import type { SubscriptionRow, SubscriptionValue } from '@app/db';
import type { AuthUser } from '../../common/auth/auth-user';
import { Transactions } from '../../common/db/transactions';
import { EventsService } from '../../common/events/events.service';
import { pageWindow } from '../../common/http/page-query.dto';
import { CreditsService } from '../credits/credits.service';
import { UsersService } from '../users/users.service';
import { SubscriptionsRepository, type NewSubscription, type SubscriptionFilters } from './subscriptions.repository';
import { EntitlementRequiredException, ListingLimitException } from './entitlement-required.exception';
import type {
  CreateSubscriptionDto,
  CurrentSubscriptionDto,
  SearchSubscriptionsDto,
  SubscriptionDetailDto,
  SubscriptionListDto,
  SubscriptionListQueryDto,
  UpdateSubscriptionDto,
} from './dto/subscription.dto';

const DAY_MS = 24 * 60 * 60 * 1000;
export const GRACE_MS = SUBSCRIPTION_GRACE_DAYS * DAY_MS;

/** What a paid upgrade will cost and when it starts (the payments module charges it). */
export interface UpgradeQuote {
  plan: PlanId;
  billingPeriod: PurchasablePeriod;
  amountCentavos: number;
  prorationCentavos: number;
  startsAt: 'now' | 'period_end';
  description: string;
}

/** What a paid payment asks of subscriptions (the payments module's row, narrowed). */
export interface PaidPlan {
  paymentId: string;
  userId: string;
  plan: PlanId;
  billingPeriod: PurchasablePeriod;
  amountCentavos: number;
  prorationCentavos: number;
}

/** The plan whose entitlements a member has now: the current plan while active, else Free. */
export function effectivePlan(row: Pick<SubscriptionRow, 'plan' | 'status'> | null): PlanId {
  return row && row.status === 'active' ? row.plan : 'free';
}

function cacheOf(row: SubscriptionRow | null, fallback?: Partial<SubscriptionValue>): SubscriptionValue {
  if (!row) return { plan: 'free', status: 'active', billingPeriod: 'free', ...fallback };
  return {
    plan: row.plan,
    status: row.status === 'scheduled' ? 'active' : row.status,
    billingPeriod: row.billingPeriod,
    startedAt: row.startedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

function toDetail(row: SubscriptionRow, member?: { firstName: string; lastName: string; email: string }): SubscriptionDetailDto {
  return {
    _id: row.id,
    userId: row.userId,
    member: member ? { firstName: member.firstName, lastName: member.lastName, email: member.email } : null,
    plan: row.plan,
    status: row.status,
    billingPeriod: row.billingPeriod,
    startedAt: row.startedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    graceEndsAt: row.expiresAt && row.status === 'active' && !row.cancelAtPeriodEnd ? new Date(row.expiresAt.getTime() + GRACE_MS).toISOString() : null,
    endedAt: row.endedAt?.toISOString() ?? null,
    endReason: row.endReason,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    source: row.source,
    paymentId: row.paymentId,
    paidCentavos: row.paidCentavos,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Plans and subscriptions: one current subscription per member (active or suspended) cached on the
 * account, scheduled ones waiting for the period's end, and the history. The payments module asks for
 * a quote before charging and calls `applyPayment` in the transaction that marks the payment paid.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly subs: SubscriptionsRepository,
    private readonly users: UsersService,
    private readonly credits: CreditsService,
    private readonly transactions: Transactions,
    private readonly events: EventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The member's plan for entitlement checks (suspended and expired: Free). */
  async planOf(userId: string): Promise<PlanId> {
    return effectivePlan(await this.subs.current(userId));
  }

  /** Throws the 402 the web turns into the Upgrade prompt when the member's plan lacks the entitlement. */
  async assertEntitled(userId: string, entitlement: Entitlement): Promise<void> {
    const plan = await this.planOf(userId);
    if (PLANS[plan].entitlements.includes(entitlement)) return;
    const required = lowestPlanWith(entitlement);
    throw new EntitlementRequiredException(entitlement, required, plan);
  }

  /** Throws 402 when a member with `activeNow` active listings may not have one more on their plan (PLANS[plan].activeListings). */
  async assertListingRoom(userId: string, activeNow: number): Promise<void> {
    if (!this.config.planListingLimits) return;
    const plan = await this.planOf(userId);
    const limit = PLANS[plan].activeListings;
    if (limit === null || activeNow < limit) return;
    const next = PLAN_IDS.find((id) => PLANS[id].rank > PLANS[plan].rank && (PLANS[id].activeListings === null || PLANS[id].activeListings! > limit)) ?? 'enterprise';
    throw new ListingLimitException(limit, next, plan);
  }

  async currentOf(userId: string): Promise<CurrentSubscriptionDto> {
    const [row, scheduled] = await Promise.all([this.subs.current(userId), this.subs.scheduled(userId)]);
    const plan = effectivePlan(row);
    return {
      plan,
      subscription: row ? toDetail(row) : null,
      scheduled: scheduled.map((s) => toDetail(s)),
      entitlements: [...PLANS[plan].entitlements],
      monthlyCredits: PLANS[plan].monthlyCredits,
      activeListings: PLANS[plan].activeListings,
    };
  }

  /**
   * The price of moving to a plan for a period, and when it starts: a higher plan (or any plan from
   * Free or an ended one) starts at once, the unused share of the current paid period taken off
   * (`proratedUpgrade`); the same or a lower plan starts when the current (and any scheduled) period ends.
   */
  async quote(userId: string, plan: PlanId, billingPeriod: PurchasablePeriod, now = new Date()): Promise<UpgradeQuote> {
    if (plan === 'enterprise') {
      throw new BadRequestException('Enterprise is arranged with our sales team: contact sales to set it up');
    }
    if (!planPriceCentavos(plan, billingPeriod)) throw new BadRequestException(`The ${PLANS[plan].name} plan is not sold for the ${billingPeriod} period`);
    const current = await this.subs.current(userId);
    if (current?.status === 'suspended') {
      throw new ForbiddenException('Your subscription is suspended: contact support before changing plans');
    }
    const name = `${PLANS[plan].name} plan, ${billingPeriod === 'monthly' ? '1 month' : '12 months'}`;
    const lastScheduled = planChangeStartsNow(current, plan) ? undefined : (await this.subs.scheduled(userId)).at(-1);
    const q = quotePlanChange(plan, billingPeriod, current, lastScheduled?.expiresAt ?? null, now)!;
    return {
      plan,
      billingPeriod,
      amountCentavos: q.amountCentavos,
      prorationCentavos: q.prorationCentavos,
      startsAt: q.startsAt ? 'period_end' : 'now',
      description: name,
    };
  }

  /**
   * Fulfils a paid plan payment, inside the payment's transaction: once per payment (a second call
   * finds the subscription it made). Starts now or is scheduled after the current periods, as quoted.
   */
  async applyPayment(p: PaidPlan, now = new Date()): Promise<SubscriptionRow> {
    return this.transactions.run(async () => {
      const done = await this.subs.byPayment(p.paymentId);
      if (done) return done;
      const current = await this.subs.currentForUpdate(p.userId);
      const values = {
        userId: p.userId,
        plan: p.plan,
        billingPeriod: p.billingPeriod,
        source: 'payment' as const,
        paymentId: p.paymentId,
        paidCentavos: p.amountCentavos + p.prorationCentavos,
      };
      if (planChangeStartsNow(current, p.plan)) {
        const row = await this.activate({ ...values, startedAt: now, expiresAt: addBillingPeriod(now, p.billingPeriod) }, current, 'payment', p.userId, now);
        await this.rechainScheduled(p.userId, row.expiresAt!);
        return row;
      }
      const scheduled = await this.subs.scheduled(p.userId);
      const last = scheduled.at(-1) ?? current!;
      const startsAt = last.expiresAt ?? now;
      const row = await this.subs.insert({ ...values, status: 'scheduled', startedAt: startsAt, expiresAt: addBillingPeriod(startsAt, p.billingPeriod) });
      if (current?.cancelAtPeriodEnd) await this.subs.update(current.id, { cancelAtPeriodEnd: false });
      await this.publish('subscription.scheduled', p.userId, row, { startsAt: startsAt.toISOString() });
      return row;
    });
  }

  /** A move to Free: the paid plan ends at its period's end (no refund), or `resume` keeps it going. */
  async scheduleCancel(caller: AuthUser, cancel: boolean): Promise<CurrentSubscriptionDto> {
    await this.transactions.run(async () => {
      const current = await this.subs.currentForUpdate(caller.id);
      if (!current || current.plan === 'free' || current.status !== 'active') {
        throw new BadRequestException(cancel ? 'You are on the Free plan already' : 'You have no paid plan to keep');
      }
      if (!current.expiresAt) throw new BadRequestException('This plan has no end date; contact support to change it');
      if (cancel && (await this.subs.scheduled(caller.id)).length) {
        throw new ConflictException('A paid period is scheduled after this one; it will run, so the plan cannot end at this period’s end');
      }
      if (current.cancelAtPeriodEnd === cancel) return;
      const row = await this.subs.update(current.id, { cancelAtPeriodEnd: cancel });
      await this.publish('subscription.cancel_scheduled', caller.id, row!, { cancel, endsAt: current.expiresAt.toISOString() });
    });
    return this.currentOf(caller.id);
  }

  async history(caller: AuthUser, userId: string | undefined, query: { page?: number; limit?: number }): Promise<SubscriptionListDto> {
    const target = userId ?? caller.id;
    if (target !== caller.id && !STAFF_ROLES.includes(caller.role)) throw new ForbiddenException('You can only see your own subscription history');
    const { limit, skip } = pageWindow(query);
    const { rows, total } = await this.subs.history(target, limit, skip);
    return { subscriptions: rows.map((r) => toDetail(r)), pagination: buildPagination(total, rows.length, limit, skip) };
  }

  list(query: SubscriptionListQueryDto): Promise<SubscriptionListDto> {
    return this.page({ plan: query.plan, status: query.status, billingPeriod: query.billingPeriod }, query);
  }

  async search(body: SearchSubscriptionsDto): Promise<SubscriptionListDto> {
    const q = body.query ?? {};
    const filters: SubscriptionFilters = { plan: q.plan, status: q.status, billingPeriod: q.billingPeriod };
    if (q.text?.trim()) filters.userIds = await this.users.idsMatching(q.text.trim(), 1000);
    if (q.userId) filters.userIds = filters.userIds ? filters.userIds.filter((id) => id === q.userId) : [q.userId];
    return this.page(filters, body);
  }

  async get(id: string): Promise<SubscriptionDetailDto> {
    const row = await this.subs.findById(id);
    if (!row) throw new NotFoundException('Subscription not found');
    const [member] = await this.users.contactsByIds([row.userId]);
    return toDetail(row, member);
  }

  /** Staff: puts a member on a plan now (a sale by the sales team, a goodwill extension), replacing the current one. */
  async create(caller: AuthUser, dto: CreateSubscriptionDto, now = new Date()): Promise<SubscriptionDetailDto> {
    const [member] = await this.users.contactsByIds([dto.userId]);
    if (!member) throw new NotFoundException('Member not found');
    const expiresAt = this.staffExpiry(dto.plan, dto.billingPeriod, dto.expiresAt, now);
    const row = await this.transactions.run(async () => {
      const current = await this.subs.currentForUpdate(dto.userId);
      return this.activate(
        {
          userId: dto.userId,
          plan: dto.plan,
          billingPeriod: dto.billingPeriod,
          source: 'staff',
          startedAt: now,
          expiresAt,
          note: dto.note.trim(),
          createdBy: caller.id,
        },
        current,
        'staff',
        caller.id,
        now,
      );
    });
    return toDetail(row, member);
  }

  /** The payment of a subscription was refunded or charged back: the subscription is suspended (scheduled: ended), once. */
  async suspendForRefund(paymentId: string, reason: string): Promise<void> {
    await this.transactions.run(async () => {
      const row = await this.subs.byPayment(paymentId);
      if (!row) return;
      const now = new Date();
      const after =
        row.status === 'active'
          ? await this.subs.transition(row.id, ['active'], { status: 'suspended', endReason: 'chargeback', note: reason })
          : await this.subs.transition(row.id, ['scheduled'], { status: 'expired', endedAt: now, endReason: 'chargeback', note: reason });
      if (!after) return;
      if (after.status === 'suspended') await this.users.setSubscription(after.userId, cacheOf(after));
      await this.publish('subscription.suspended', null, after, { reason: `payment refunded: ${reason}` });
    });
  }

  /** The demo seed: puts a demo account on a plan (no payment, no actor), once; false when it has a paid plan already. */
  async seedPlan(userId: string, plan: PlanId, billingPeriod: 'monthly' | 'annually', note: string, now = new Date()): Promise<boolean> {
    return this.transactions.run(async () => {
      const current = await this.subs.currentForUpdate(userId);
      if (current && current.plan !== 'free') return false;
      await this.activate({ userId, plan, billingPeriod, source: 'staff', startedAt: now, expiresAt: addBillingPeriod(now, billingPeriod), note }, current, 'staff', null, now);
      return true;
    });
  }

  /** Staff: suspends or reinstates a subscription, moves its end, or stops a scheduled end; always with a note. */
  async update(caller: AuthUser, dto: UpdateSubscriptionDto): Promise<SubscriptionDetailDto> {
    const note = dto.note.trim();
    const row = await this.transactions.run(async () => {
      const before = await this.subs.findById(dto._id);
      if (!before) throw new NotFoundException('Subscription not found');
      const patch: Partial<SubscriptionRow> = { note };
      const fields: string[] = [];
      if (dto.status !== undefined && dto.status !== before.status) {
        if (!['active', 'suspended'].includes(before.status)) {
          throw new BadRequestException(`A ${before.status} subscription cannot be suspended or reinstated; create a new one instead`);
        }
        patch.status = dto.status;
        patch.endReason = dto.status === 'suspended' ? 'staff' : null;
        fields.push('status');
      }
      if (dto.expiresAt !== undefined) {
        if (before.billingPeriod === 'free' || before.billingPeriod === 'lifetime') {
          throw new BadRequestException(`A ${before.billingPeriod} subscription has no end date`);
        }
        const at = new Date(dto.expiresAt);
        if (at.getTime() <= before.startedAt.getTime()) throw new BadRequestException('expiresAt must be after the subscription started');
        patch.expiresAt = at;
        fields.push('expiresAt');
      }
      if (dto.cancelAtPeriodEnd !== undefined && dto.cancelAtPeriodEnd !== before.cancelAtPeriodEnd) {
        patch.cancelAtPeriodEnd = dto.cancelAtPeriodEnd;
        fields.push('cancelAtPeriodEnd');
      }
      if (fields.length === 0) throw new BadRequestException('Nothing to change: send status, expiresAt or cancelAtPeriodEnd');
      const after = (await this.subs.update(before.id, patch))!;
      if (['active', 'suspended'].includes(after.status)) await this.users.setSubscription(after.userId, cacheOf(after));
      if (patch.status === 'suspended') await this.publish('subscription.suspended', caller.id, after, { reason: note });
      else if (patch.status === 'active') await this.publish('subscription.reinstated', caller.id, after, {});
      if (fields.some((f) => f !== 'status')) await this.publish('subscription.adjusted', caller.id, after, { fields: fields.filter((f) => f !== 'status'), note });
      return after;
    });
    return this.get(row.id);
  }

  /** Super admin: removes a subscription record; when it was the current one the member is on Free. */
  async remove(caller: AuthUser, id: string): Promise<{ message: string }> {
    await this.transactions.run(async () => {
      const row = await this.subs.findById(id);
      if (!row) throw new NotFoundException('Subscription not found');
      await this.subs.remove(id);
      if (row.status === 'active' || row.status === 'suspended') await this.users.setSubscription(row.userId, cacheOf(null));
      await this.publish('subscription.removed', caller.id, row, {});
    });
    return { message: 'Subscription removed' };
  }

  /**
   * The subscriptions task: starts scheduled periods whose time came (ending the current one), ends
   * active ones past their period (plus the grace period unless set to end), and grants monthly credit
   * allowances owed. Each step moves a row once (conditional updates), so two workers do no harm.
   */
  async advance(now = new Date()): Promise<{ started: number; ended: number; allowances: number }> {
    let started = 0;
    let ended = 0;
    let allowances = 0;
    for (const due of await this.subs.dueToStart(now, 200)) {
      const ok = await this.transactions.run(async () => {
        const current = await this.subs.currentForUpdate(due.userId);
        if ((await this.subs.findById(due.id))?.status !== 'scheduled') return false; // another worker started it
        // the current one ends first: a member has one current subscription at a time
        if (current) await this.subs.transition(current.id, ['active', 'suspended'], { status: 'expired', endedAt: now, endReason: 'period_end' });
        const row = await this.subs.transition(due.id, ['scheduled'], { status: 'active' });
        if (!row) return false;
        await this.users.setSubscription(row.userId, cacheOf(row));
        await this.publish('subscription.activated', null, row, { from: current?.plan ?? 'free', source: 'scheduled' });
        return true;
      });
      if (ok) started++;
    }
    for (const due of await this.subs.dueToEnd(now, GRACE_MS, 200)) {
      const ok = await this.transactions.run(async () => {
        if ((await this.subs.scheduled(due.userId)).some((s) => s.startedAt <= now)) return false; // starts first (above)
        const reason = due.cancelAtPeriodEnd ? 'cancelled' : 'period_end';
        const row = await this.subs.transition(due.id, ['active'], { status: 'expired', endedAt: now, endReason: reason });
        if (!row) return false;
        await this.users.setSubscription(row.userId, due.cancelAtPeriodEnd ? cacheOf(null) : { ...cacheOf(row), status: 'expired' });
        await this.publish('subscription.expired', null, row, { reason });
        return true;
      });
      if (ok) ended++;
    }
    for (const owed of await this.subs.owedAllowance(now, 500)) allowances += await this.grantAllowances(owed, now);
    return { started, ended, allowances };
  }

  /** Grants the monthly allowances a subscription is owed up to now (each month once, by its key). */
  private async grantAllowances(sub: SubscriptionRow, now: Date): Promise<number> {
    const monthly = PLANS[sub.plan].monthlyCredits;
    if (monthly <= 0) return 0;
    let granted = 0;
    for (let k = sub.allowancesGranted; ; k++) {
      const owedFrom = addMonths(sub.startedAt, k);
      const periodMonths = sub.billingPeriod === 'monthly' ? 1 : sub.billingPeriod === 'annually' ? 12 : Infinity;
      if (k >= periodMonths || owedFrom > now) break;
      await this.transactions.run(async () => {
        const r = await this.credits.grant(sub.userId, {
          kind: 'allowance',
          amount: monthly,
          reason: `${PLANS[sub.plan].name} plan, month ${k + 1}`,
          idempotencyKey: `allowance:${sub.id}:${k}`,
          subscriptionId: sub.id,
        });
        await this.subs.update(sub.id, { allowancesGranted: k + 1 });
        if (r.applied) granted++;
      });
    }
    return granted;
  }

  /** Ends the current subscription (upgraded/replaced) and makes `values` the active one, cached on the account; grants month 1's allowance. */
  private async activate(
    values: Omit<NewSubscription, 'status'> & { startedAt: Date },
    current: SubscriptionRow | null,
    source: 'payment' | 'staff',
    actorId: string | null,
    now: Date,
  ): Promise<SubscriptionRow> {
    if (current) {
      await this.subs.transition(current.id, ['active', 'suspended'], {
        status: 'expired',
        endedAt: now,
        endReason: source === 'payment' ? 'upgraded' : 'replaced',
      });
    }
    const row = await this.subs.insert({ ...values, status: 'active' });
    await this.users.setSubscription(row.userId, cacheOf(row));
    await this.publish('subscription.activated', actorId, row, { from: current ? `${current.plan} (${current.status})` : 'free', source });
    await this.grantAllowances(row, now);
    return (await this.subs.findById(row.id))!;
  }

  /** After an upgrade, periods already paid for start one after another from the new period's end. */
  private async rechainScheduled(userId: string, from: Date): Promise<void> {
    let start = from;
    for (const s of await this.subs.scheduled(userId)) {
      const end = addBillingPeriod(start, s.billingPeriod === 'annually' ? 'annually' : 'monthly');
      await this.subs.update(s.id, { startedAt: start, expiresAt: end });
      start = end;
    }
  }

  private staffExpiry(plan: PlanId, period: SubscriptionRow['billingPeriod'], expiresAt: string | undefined, now: Date): Date | null {
    if (plan === 'free' && period !== 'free') throw new BadRequestException('The Free plan has the free billing period');
    if (plan !== 'free' && period === 'free') throw new BadRequestException(`The ${PLANS[plan].name} plan needs a monthly, annually or lifetime billing period`);
    if (period === 'free' || period === 'lifetime') {
      if (expiresAt) throw new BadRequestException(`A ${period} subscription has no end date: leave expiresAt out`);
      return null;
    }
    if (!expiresAt) return addBillingPeriod(now, period);
    const at = new Date(expiresAt);
    if (at.getTime() <= now.getTime()) throw new BadRequestException('expiresAt must be in the future');
    return at;
  }

  private async page(filters: SubscriptionFilters, query: { page?: number; limit?: number; skip?: number }): Promise<SubscriptionListDto> {
    const { limit, skip } = pageWindow(query);
    const { rows, total } = await this.subs.page(filters, limit, skip);
    const members = new Map((await this.users.contactsByIds(rows.map((r) => r.userId))).map((m) => [m.id, m]));
    return { subscriptions: rows.map((r) => toDetail(r, members.get(r.userId))), pagination: buildPagination(total, rows.length, limit, skip) };
  }

  private async publish<T extends 'subscription.activated' | 'subscription.scheduled' | 'subscription.cancel_scheduled' | 'subscription.adjusted' | 'subscription.suspended' | 'subscription.reinstated' | 'subscription.expired' | 'subscription.removed'>(
    type: T,
    actorId: string | null,
    row: SubscriptionRow,
    extra: Record<string, unknown>,
  ): Promise<void> {
    const [member] = await this.users.contactsByIds([row.userId]);
    await this.events.publish({
      type,
      actorId,
      entity: { kind: 'subscription', id: row.id },
      data: { subscriptionId: row.id, userId: row.userId, email: member?.email ?? '', plan: row.plan, billingPeriod: row.billingPeriod, ...extra },
    } as never);
  }
}
