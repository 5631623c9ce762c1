import type { PeriodCount, PeriodWindow } from '../../common/db/period-counts';
import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import QRCode from 'qrcode';
import {
  CREDIT_PACKS,
  OPEN_PAYMENT_STATUSES,
  PAYMENT_EXPIRY_MS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUSES,
  STAFF_ROLES,
  buildPagination,
  canMovePayment,
  type CreditPackId,
  type PaymentMethod,
  type PaymentProviderId,
  type PaymentStatus,
  type PlanId,
  type PurchasablePeriod,
} from '@app/domain';
import type { PaymentRow } from '@app/db';
import type { AuthUser } from '../../common/auth/auth-user';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { Transactions } from '../../common/db/transactions';
import { EventsService } from '../../common/events/events.service';
import { pageWindow } from '../../common/http/page-query.dto';
import { InjectRedis } from '../../common/redis/redis.module';
import { CreditsService } from '../credits/credits.service';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { UsersService } from '../users/users.service';
import type { CreatePaymentDto, PaymentDto, PaymentListDto, PaymentListQueryDto, UpgradeDto, UpgradeResultDto } from './dto/payment.dto';
import { PaymentProviders } from './providers/payment-providers';
import { ProviderUnavailable, WebhookRejected, type ProviderState, type WebhookNotice } from './providers/payment-provider';
import { PaymentsRepository } from './payments.repository';

export type PaymentUpdateSource = 'webhook' | 'poll' | 'expiry' | 'member' | 'create';

/** A member may have this many checkouts open from the last hour. */
export const MAX_OPEN_CHECKOUTS_PER_HOUR = 10;
/** A status request re-asks the provider about an open payment at most this often. */
export const STATUS_RECHECK_MS = 10_000;

const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Our payment reference: TH-XXXXX-XXXXX (Crockford base 32, 50 bits). */
export function newPaymentReference(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => REFERENCE_ALPHABET[b % 32]).join('');
  return `TH-${chars.slice(0, 5)}-${chars.slice(5, 10)}`;
}

interface Purpose {
  purpose: 'subscription' | 'credit_pack';
  plan?: PlanId;
  billingPeriod?: PurchasablePeriod;
  creditPack?: CreditPackId;
  credits: number;
  amountCentavos: number;
  prorationCentavos: number;
  description: string;
}

/**
 * Payments: one row per checkout, its state moved once per transition (PAYMENT_TRANSITIONS) under a
 * row lock, and the move to paid fulfils the purpose (a plan through SubscriptionsService, a credit
 * pack through CreditsService) in the same transaction, with its events. Webhooks, status polls and
 * the expiry task all go through `apply`, so whichever comes first acts and the others find nothing to do.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly payments: PaymentsRepository,
    private readonly providers: PaymentProviders,
    private readonly subscriptions: SubscriptionsService,
    private readonly credits: CreditsService,
    private readonly users: UsersService,
    private readonly transactions: Transactions,
    private readonly events: EventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  /** POST /subscription/upgrade: Free schedules the end of the paid plan; a paid plan starts a payment. */
  async upgrade(caller: AuthUser, dto: UpgradeDto): Promise<UpgradeResultDto> {
    if (dto.plan === 'free') {
      return { payment: null, subscription: await this.subscriptions.scheduleCancel(caller, true) };
    }
    if (!dto.billingPeriod) throw new BadRequestException('billingPeriod must be monthly or annually');
    if (!dto.method) throw new BadRequestException(`method must be one of: maya_qr, maya_wallet, gcash, card`);
    const payment = await this.create(caller, dto.method, { purpose: 'subscription', plan: dto.plan, billingPeriod: dto.billingPeriod, idempotencyKey: dto.idempotencyKey });
    return { payment, subscription: null };
  }

  /** Starts a payment by a method for a purpose and answers where the member pays. */
  async create(caller: AuthUser, method: PaymentMethod, dto: CreatePaymentDto): Promise<PaymentDto> {
    if (dto.idempotencyKey) {
      const same = await this.payments.findByIdempotencyKey(caller.id, dto.idempotencyKey);
      if (same) {
        if (same.method !== method || same.purpose !== dto.purpose || (same.plan ?? undefined) !== dto.plan || (same.creditPack ?? undefined) !== dto.creditPack) {
          throw new ConflictException('This idempotencyKey was used for another payment: use a new key for a new payment');
        }
        return this.toDto(same);
      }
    }
    const purpose = await this.purposeOf(caller, dto);
    const provider = this.providers.forMethod(method);
    if ((await this.payments.recentOpenCount(caller.id, new Date(Date.now() - 3600_000))) >= MAX_OPEN_CHECKOUTS_PER_HOUR) {
      throw new HttpException(
        `You have ${MAX_OPEN_CHECKOUTS_PER_HOUR} checkouts open from the last hour: finish or cancel one first`,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    const [member] = await this.users.contactsByIds([caller.id]);
    if (!member) throw new NotFoundException('Member not found');
    const now = new Date();
    let row: PaymentRow;
    try {
      row = await this.transactions.run(async () => {
        const inserted = await this.payments.insert({
          reference: newPaymentReference(),
          userId: caller.id,
          payerName: `${member.firstName} ${member.lastName}`.trim(),
          payerEmail: member.email,
          purpose: purpose.purpose,
          plan: purpose.plan,
          billingPeriod: purpose.billingPeriod,
          creditPack: purpose.creditPack,
          credits: purpose.credits,
          description: purpose.description,
          method,
          provider: provider.id,
          amountCentavos: purpose.amountCentavos,
          prorationCentavos: purpose.prorationCentavos,
          idempotencyKey: dto.idempotencyKey,
          expiresAt: new Date(now.getTime() + PAYMENT_EXPIRY_MS[method]),
        });
        await this.events.publish({ type: 'payment.created', actorId: caller.id, entity: { kind: 'payment', id: inserted.id }, data: this.refOf(inserted) });
        return inserted;
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505' && dto.idempotencyKey) {
        const same = await this.payments.findByIdempotencyKey(caller.id, dto.idempotencyKey);
        if (same) return this.toDto(same);
      }
      throw err;
    }
    const back = `${this.config.appUrl}/billing/result?payment=${row.id}`;
    try {
      const checkout = await provider.createCheckout({
        paymentId: row.id,
        reference: row.reference,
        amountCentavos: row.amountCentavos,
        description: row.description,
        method,
        payer: { firstName: member.firstName, lastName: member.lastName, email: member.email },
        successUrl: back,
        cancelUrl: `${back}&cancelled=1`,
        expiresAt: row.expiresAt,
      });
      row = await this.payments.update(row.id, {
        providerCheckoutId: checkout.checkoutId,
        checkoutUrl: checkout.checkoutUrl,
        qrPayload: method === 'maya_qr' ? checkout.checkoutUrl : null,
        status: 'awaiting_action',
        lastCheckedAt: new Date(),
      });
    } catch (err) {
      const reason = err instanceof ProviderUnavailable ? err.message : 'The payment provider could not start the checkout';
      this.logger.warn(`Checkout of ${row.reference} failed: ${(err as Error).message}`);
      await this.apply(row.id, { status: 'failed', failureReason: reason }, 'create');
      throw new BadGatewayException(`${PAYMENT_METHOD_LABELS[method]} is not answering right now: try again in a minute or choose another method`);
    }
    return this.toDto(row);
  }

  /** GET /payment/status: our record, re-checked with the provider when open and not checked for a while. */
  async status(caller: AuthUser, q: { id?: string; reference?: string }): Promise<PaymentDto> {
    if (!q.id && !q.reference) throw new BadRequestException('Send id or reference');
    let row = q.id ? await this.payments.findById(q.id) : await this.payments.findByReference(q.reference!);
    if (!row || (row.userId !== caller.id && !STAFF_ROLES.includes(caller.role))) throw new NotFoundException('Payment not found');
    if (OPEN_PAYMENT_STATUSES.includes(row.status) && row.providerCheckoutId && Date.now() - (row.lastCheckedAt?.getTime() ?? 0) >= STATUS_RECHECK_MS) {
      row = await this.recheck(row);
    }
    return this.toDto(row);
  }

  /** The member gives up on an open checkout (the result page's "Cancel payment"). */
  async cancel(caller: AuthUser, id: string): Promise<PaymentDto> {
    const row = await this.payments.findById(id);
    if (!row || row.userId !== caller.id) throw new NotFoundException('Payment not found');
    if (!OPEN_PAYMENT_STATUSES.includes(row.status)) throw new ConflictException(`This payment is ${row.status.replace('_', ' ')}: it cannot be cancelled`);
    // the provider may have taken the money a moment ago: ask before closing, and close its checkout
    const checked = await this.recheck(row);
    if (!OPEN_PAYMENT_STATUSES.includes(checked.status)) return this.toDto(checked);
    if (!(await this.closeAtProvider(row))) return this.toDto(await this.recheck({ ...row, lastCheckedAt: null }));
    return this.toDto(await this.apply(row.id, { status: 'cancelled', failureReason: 'Cancelled by the member' }, 'member'));
  }

  async history(caller: AuthUser, query: PaymentListQueryDto): Promise<PaymentListDto> {
    const target = query.userId ?? caller.id;
    if (target !== caller.id && !STAFF_ROLES.includes(caller.role)) throw new ForbiddenException('You can only see your own payments');
    return this.page({ userId: target, status: query.status }, query);
  }

  async list(query: PaymentListQueryDto & { text?: string }): Promise<PaymentListDto> {
    const userIds = query.text?.trim() ? await this.users.idsMatching(query.text.trim(), 1000) : undefined;
    return this.page({ userId: query.userId, userIds, status: query.status, method: query.method, reference: query.reference }, query);
  }

  /** A paid (or refunded) payment's row for its receipt: the payer or staff. */
  async forReceipt(caller: AuthUser, id: string): Promise<PaymentRow> {
    const row = await this.payments.findById(id);
    if (!row || (row.userId !== caller.id && !STAFF_ROLES.includes(caller.role))) throw new NotFoundException('Payment not found');
    if (!row.receiptNumber) throw new ConflictException(`This payment is ${row.status.replace('_', ' ')}: a receipt is issued once it is paid`);
    return row;
  }

  /**
   * A webhook delivery: verified by the provider's adapter, answered at once when its event id was
   * seen, confirmed with the provider when the body alone is not trusted (Maya), then applied.
   */
  async receiveWebhook(providerId: PaymentProviderId, rawBody: Buffer | undefined, headers: Record<string, string | string[] | undefined>) {
    const provider = this.providers.byId(providerId);
    if (!provider) throw new NotFoundException(`No ${providerId} payments are set up here`);
    if (!rawBody?.length) throw new BadRequestException('The webhook has no body');
    let notice: WebhookNotice;
    try {
      notice = provider.readWebhook(rawBody, headers);
    } catch (err) {
      if (!(err instanceof WebhookRejected)) throw err;
      await this.reportRejected(providerId, err.message);
      throw new HttpException(`Webhook refused: ${err.message}`, HttpStatus.UNAUTHORIZED);
    }
    if (notice.state) return this.acceptSigned(providerId, notice, notice.state);
    const payment = await this.payments.findForNotice(providerId, notice.checkoutId, notice.reference);
    if (!payment) {
      // not ours (another system on the same account) or not about a payment: acknowledged, nothing to do
      return { received: true, applied: false };
    }
    // an unsigned notice (Maya) only names a checkout: its state is read from the provider, now
    let state: ProviderState;
    try {
      state = await provider.fetchState(payment.providerCheckoutId!, payment.reference);
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err;
      // not acknowledged: the provider delivers it again later, when it can be confirmed
      this.logger.warn(`Could not confirm a ${providerId} webhook about ${payment.reference}: ${err.message}`);
      throw new ServiceUnavailableException(`Could not confirm this notice with ${providerId} right now: send it again later`);
    }
    // our checkout id, not the body's (unsigned) id: one event per checkout and state the provider reports
    const eventId = `${payment.providerCheckoutId}:${state.status}`;
    if (payment.status === state.status || !canMovePayment(payment.status, state.status as PaymentStatus)) {
      // news the payment already reflects (the usual duplicate): record the delivery, no transaction
      const fresh = await this.payments.recordWebhook(providerId, eventId, notice.type, payment.id);
      return { received: true, applied: false, ...(fresh ? {} : { duplicate: true }) };
    }
    return this.transactions.run(async () => {
      if (!(await this.payments.recordWebhook(providerId, eventId, notice.type, payment.id))) return { received: true, applied: false, duplicate: true };
      const { moved } = await this.move(payment.id, state, 'webhook');
      return { received: true, applied: moved };
    });
  }

  /**
   * A signed notice (PayMongo, the sandbox) is acknowledged as soon as it is recorded: one statement
   * records the delivery and, when it is news the payment can still act on, queues it as a
   * `payment.notice_received` event that `PaymentNoticesSubscriber` applies through `move` (the
   * events' handler records make that once). So a provider's burst is answered in milliseconds and
   * never waits on the fulfilment; duplicates and news the payment already shows queue nothing.
   */
  private async acceptSigned(providerId: PaymentProviderId, notice: WebhookNotice, state: ProviderState) {
    const canMoveFrom = PAYMENT_STATUSES.filter((from) => from !== state.status && canMovePayment(from, state.status as PaymentStatus));
    const accepted = await this.payments.acceptNotice(
      providerId,
      notice,
      [...canMoveFrom],
      (from) => this.events.insertQuery('payment.notice_received', 'payment', from),
      { provider: providerId, eventId: notice.eventId, noticeType: notice.type, state },
    );
    if (accepted.queued) this.events.written();
    if (!accepted.paymentId) return { received: true, applied: false };
    return { received: true, applied: false, ...(accepted.queued ? { queued: true } : {}), ...(accepted.fresh ? {} : { duplicate: true }) };
  }

  /** Applies a queued signed notice (the events worker, once per event). */
  applyNotice(paymentId: string, state: ProviderState): Promise<{ payment: PaymentRow; moved: boolean }> {
    return this.move(paymentId, state, 'webhook');
  }

  /** Closes payments left open past their expiry, asking the provider first (it may have been paid). */
  async expireOverdue(now = new Date()): Promise<number> {
    let closed = 0;
    for (const row of await this.payments.overdue(now, 200)) {
      let state: ProviderState = { status: 'expired' };
      const provider = this.providers.byId(row.provider);
      if (provider && row.providerCheckoutId) {
        try {
          // closed at the provider first, so it cannot be paid after we call it expired
          const closed = await provider.closeCheckout(row.providerCheckoutId);
          const s = await provider.fetchState(row.providerCheckoutId, row.reference);
          if (!OPEN_PAYMENT_STATUSES.includes(s.status) || !closed) state = s;
        } catch (err) {
          this.logger.warn(`Could not ask ${row.provider} about ${row.reference}: ${(err as Error).message}`);
          if (now.getTime() - row.expiresAt.getTime() < 24 * 3600_000) continue; // try again next run, for a day
        }
      }
      const after = await this.apply(row.id, state, 'expiry');
      if (after.status !== row.status) closed++;
    }
    return closed;
  }

  /**
   * Moves a payment to the state a provider reported, once: under the row lock, a move the state
   * machine does not allow (a duplicate, an out-of-order notice) changes nothing. Paid fulfils the
   * purpose and issues the receipt number in the same transaction.
   */
  async apply(id: string, state: ProviderState, source: PaymentUpdateSource): Promise<PaymentRow> {
    return (await this.move(id, state, source)).payment;
  }

  /** `apply`, also saying whether this call moved the payment (false: a duplicate or a move the state machine refuses). */
  move(id: string, state: ProviderState, source: PaymentUpdateSource): Promise<{ payment: PaymentRow; moved: boolean }> {
    return this.transactions.run(async () => {
      const row = await this.payments.lock(id);
      if (!row) throw new NotFoundException('Payment not found');
      const to = state.status as PaymentStatus;
      if (row.status === to || !canMovePayment(row.status, to)) {
        return { payment: source === 'poll' ? await this.payments.update(id, { lastCheckedAt: new Date() }) : row, moved: false };
      }
      return { payment: await this.moveLocked(row, to, state, source), moved: true };
    });
  }

  private async moveLocked(row: PaymentRow, to: PaymentStatus, state: ProviderState, source: PaymentUpdateSource): Promise<PaymentRow> {
    const id = row.id;
    const now = new Date();
    if (to === 'awaiting_action') return this.payments.update(id, { status: to, lastCheckedAt: now });
    if (to === 'paid') {
      const late = !OPEN_PAYMENT_STATUSES.includes(row.status);
      const paid = await this.payments.update(id, {
        status: 'paid',
        paidAt: now,
        closedAt: null,
        failureReason: null,
        providerPaymentId: state.providerPaymentId ?? row.providerPaymentId,
        receiptNumber: await this.payments.nextReceiptNumber(now.getUTCFullYear()),
        lastCheckedAt: now,
      });
      await this.fulfil(paid);
      await this.events.publish({
        type: 'payment.paid',
        actorId: null,
        entity: { kind: 'payment', id },
        data: { ...this.refOf(paid), receiptNumber: paid.receiptNumber!, late },
      });
      return paid;
    }
    if (to === 'refunded') {
      const refunded = await this.payments.update(id, { status: 'refunded', closedAt: now, failureReason: state.failureReason ?? null, lastCheckedAt: now });
      await this.takeBack(refunded, state.failureReason ?? 'Refunded by the provider');
      await this.events.publish({
        type: 'payment.refunded',
        actorId: null,
        entity: { kind: 'payment', id },
        data: { ...this.refOf(refunded), reason: state.failureReason ?? 'Refunded by the provider' },
      });
      return refunded;
    }
    const closed = await this.payments.update(id, {
      status: to,
      closedAt: now,
      failureReason: state.failureReason ?? null,
      providerPaymentId: state.providerPaymentId ?? row.providerPaymentId,
      lastCheckedAt: now,
    });
    if (to === 'failed' || to === 'expired' || to === 'cancelled') {
      await this.events.publish({
        type: 'payment.closed',
        actorId: source === 'member' ? row.userId : null,
        entity: { kind: 'payment', id },
        data: { ...this.refOf(closed), status: to, reason: state.failureReason ?? null },
      });
    }
    return closed;
  }

  methods() {
    return { methods: this.providers.methods() };
  }

  private async fulfil(p: PaymentRow): Promise<void> {
    if (!p.userId) return; // the account was removed meanwhile: the payment stays on record for a refund
    if (p.purpose === 'subscription') {
      await this.subscriptions.applyPayment({
        paymentId: p.id,
        userId: p.userId,
        plan: p.plan!,
        billingPeriod: p.billingPeriod as PurchasablePeriod,
        amountCentavos: p.amountCentavos,
        prorationCentavos: p.prorationCentavos,
      });
    } else {
      await this.credits.grant(p.userId, {
        kind: 'purchase',
        amount: p.credits,
        reason: `${p.description} (${p.reference})`,
        idempotencyKey: `payment:${p.id}`,
        paymentId: p.id,
      });
    }
  }

  /**
   * A refund or chargeback of a paid payment undoes what it bought: the plan it paid for is suspended
   * (a scheduled one never starts), the credits of a pack are taken back as far as the balance allows.
   */
  private async takeBack(p: PaymentRow, reason: string): Promise<void> {
    if (!p.userId) return;
    if (p.purpose === 'subscription') await this.subscriptions.suspendForRefund(p.id, reason);
    else await this.credits.revoke(p.userId, p.credits, `Refund of ${p.reference}: ${reason}`, `refund:${p.id}`);
  }

  /** Closes the payment's checkout at its provider; false when the provider says it is paid. A provider that does not answer: true (its own expiry closes it; a late payment is honoured). */
  private async closeAtProvider(row: PaymentRow): Promise<boolean> {
    const provider = this.providers.byId(row.provider);
    if (!provider || !row.providerCheckoutId) return true;
    try {
      return await provider.closeCheckout(row.providerCheckoutId);
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err;
      this.logger.warn(`Could not close ${row.provider}'s checkout of ${row.reference}: ${err.message}`);
      return true;
    }
  }

  private async recheck(row: PaymentRow): Promise<PaymentRow> {
    const provider = this.providers.byId(row.provider);
    if (!provider || !row.providerCheckoutId) return row;
    try {
      const state = await provider.fetchState(row.providerCheckoutId, row.reference);
      return await this.apply(row.id, state, 'poll');
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err;
      this.logger.warn(`Status check of ${row.reference} failed: ${err.message}`);
      // counted as a check: polls during an outage answer our record without waiting on the provider each time
      return this.payments.update(row.id, { lastCheckedAt: new Date() });
    }
  }

  private async purposeOf(caller: AuthUser, dto: CreatePaymentDto): Promise<Purpose> {
    if (dto.purpose === 'credit_pack') {
      if (!dto.creditPack) throw new BadRequestException(`creditPack must be one of: ${Object.keys(CREDIT_PACKS).join(', ')}`);
      const pack = CREDIT_PACKS[dto.creditPack];
      return { purpose: 'credit_pack', creditPack: pack.id, credits: pack.credits, amountCentavos: pack.priceCentavos, prorationCentavos: 0, description: pack.name };
    }
    if (!dto.plan || !dto.billingPeriod) throw new BadRequestException('A plan payment needs plan (basic or premium) and billingPeriod (monthly or annually)');
    const quote = await this.subscriptions.quote(caller.id, dto.plan, dto.billingPeriod);
    return {
      purpose: 'subscription',
      plan: quote.plan,
      billingPeriod: quote.billingPeriod,
      credits: 0,
      amountCentavos: quote.amountCentavos,
      prorationCentavos: quote.prorationCentavos,
      description: quote.startsAt === 'now' ? quote.description : `${quote.description} (from the end of the current period)`,
    };
  }

  private async page(filters: Parameters<PaymentsRepository['page']>[0], query: { page?: number; limit?: number }): Promise<PaymentListDto> {
    const { limit, skip } = pageWindow(query);
    const { rows, total } = await this.payments.page(filters, limit, skip);
    return { payments: await Promise.all(rows.map((r) => this.toDto(r, false))), pagination: buildPagination(total, rows.length, limit, skip) };
  }

  private refOf(p: PaymentRow) {
    return {
      paymentId: p.id,
      reference: p.reference,
      userId: p.userId,
      email: p.payerEmail,
      amountCentavos: p.amountCentavos,
      method: p.method,
      provider: p.provider,
      description: p.description,
    };
  }

  /** Refused webhooks are audited at most once a minute per provider (a flood must not fill the log). */
  private async reportRejected(provider: string, reason: string): Promise<void> {
    this.logger.warn(`Refused a ${provider} webhook: ${reason}`);
    const first = await this.redis.set(`${this.config.redis.prefix}:payment-webhook-rejected:${provider}`, '1', 'EX', 60, 'NX');
    if (first) await this.events.publish({ type: 'payment.webhook_rejected', actorId: null, entity: null, data: { provider, reason } });
  }

  async toDto(p: PaymentRow, withQr = true): Promise<PaymentDto> {
    return {
      _id: p.id,
      reference: p.reference,
      purpose: p.purpose,
      plan: p.plan,
      billingPeriod: p.billingPeriod,
      creditPack: p.creditPack,
      credits: p.credits,
      description: p.description,
      method: p.method,
      provider: p.provider,
      sandbox: p.provider === 'sandbox',
      amountCentavos: p.amountCentavos,
      prorationCentavos: p.prorationCentavos,
      currency: p.currency,
      status: p.status,
      checkoutUrl: OPEN_PAYMENT_STATUSES.includes(p.status) ? p.checkoutUrl : null,
      qr:
        withQr && p.qrPayload && OPEN_PAYMENT_STATUSES.includes(p.status)
          ? { payload: p.qrPayload, image: await QRCode.toDataURL(p.qrPayload, { margin: 1, width: 280, errorCorrectionLevel: 'M' }) }
          : null,
      failureReason: p.failureReason,
      receiptNumber: p.receiptNumber,
      expiresAt: p.expiresAt.toISOString(),
      paidAt: p.paidAt?.toISOString() ?? null,
      createdAt: p.createdAt.toISOString(),
    };
  }
  /** Payments paid per Manila day (week, month) of the window, with their amounts (centavos), of one member or all (the admin dashboard). */
  paidByPeriod(window: PeriodWindow, userId?: string): Promise<PeriodCount[]> {
    return this.payments.paidByPeriod(window, userId);
  }

  /** Payments paid in the window (or ever, with null) and their sum in centavos, of one member or all. */
  paidTotals(window: { from: Date; to: Date } | null, userId?: string): Promise<{ count: number; amount: number }> {
    return this.payments.paidTotals(window, userId);
  }
}
