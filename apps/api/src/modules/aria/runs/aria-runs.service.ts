import { InjectQueue } from '@nestjs/bullmq';
import { BadRequestException, ConflictException, HttpException, Inject, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { Queue, UnrecoverableError } from 'bullmq';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Readable } from 'node:stream';
import { ARIA_RUN_CREDITS, ARIA_RUN_KINDS, PLANS, STAFF_ROLES, lowestPlanWith, type AriaRunKind, type PlanId, type UserRole, type UserType } from '@app/domain';
import type { AriaRunRow } from '@app/db';
import type { AuthUser } from '../../../common/auth/auth-user';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config';
import { Transactions } from '../../../common/db/transactions';
import { tooManyRequests } from '../../../common/errors/retry-after';
import { EventsService } from '../../../common/events/events.service';
import { QUEUES } from '../../../common/queue/queues';
import { REDIS } from '../../../common/redis/redis.module';
import { FileStorage } from '../../../common/storage/storage.service';
import { CreditsService } from '../../credits/credits.service';
import { ListingsService } from '../../listings/listings.service';
import { SubscriptionsService } from '../../subscriptions/subscriptions.service';
import { UsersService } from '../../users/users.service';
import {
  ARIA_RUN_COMPUTER,
  type AriaRunComputer,
  type AriaRunOutcome,
  type CompareRunResult,
  type FeasibilityAssumptions,
  type FeasibilityRunInput,
  type FeasibilityRunResult,
} from '../aria-contracts';
import type { AriaRunDto, AriaRunQuoteDto, CompareRunDto, FeasibilityRunDto } from '../dto/aria.dto';
import { AriaHistoryService } from '../history/aria-history.service';
import { renderRunPdf, runPdfFileName } from './aria-run-pdf';
import { toRunDto } from './aria-run-dto';
import { AriaRunsRepository } from './aria-runs.repository';

export const RUN_NOT_FOUND = 'ARIA run not found';
/** What a member reads when a run failed for a reason not theirs (the cause is logged). */
export const RUN_INTERNAL_FAILURE = 'ARIA could not finish this run because of a problem on our side; your credits were refunded. Please try again later';
export const EITHER_LISTING_OR_PROPERTY = 'Give either listingId or property, not both';
/** Attempts of a run's job: a crash or a passing fault is tried again; a refusal (a listing gone) is not. */
export const ARIA_RUN_ATTEMPTS = 3;
/** The entitlement a comparison needs (the route's @Entitled). */
const COMPARE_ENTITLEMENT = 'research.comparison' as const;

export interface AriaRunJobData {
  runId: string;
}

/** A run's PDF to send. */
export interface AriaRunFile {
  fileName: string;
  size: number;
  stream: Readable;
}

const feasibilityDefaults = (a: FeasibilityRunDto['assumptions']): FeasibilityAssumptions => ({
  downPaymentPct: a?.downPaymentPct ?? 20,
  years: a?.years ?? 20,
  lender: a?.lender ?? 'pagibig',
  ...(a?.annualRatePct !== undefined ? { annualRatePct: a.annualRatePct } : {}),
  use: a?.use ?? 'rent',
  ...(a?.monthlyRent !== undefined ? { monthlyRent: a.monthlyRent } : {}),
  vacancyPct: a?.vacancyPct ?? 5,
  monthlyDues: a?.monthlyDues ?? 0,
  ...(a?.annualRealPropertyTax !== undefined ? { annualRealPropertyTax: a.annualRealPropertyTax } : {}),
});

const peso = (n: number) => `₱${n.toLocaleString('en-PH', { maximumFractionDigits: 0 })}`;

/**
 * Feasibility runs and comparisons (`/ai/run/*`). Asking for one stores its history entry and run,
 * reserves its AI credits (ARIA_RUN_CREDITS; 402 when short, and then nothing is stored) and publishes
 * `aria.run_requested` in one transaction, then queues the job (its id the run's). The `aria-runs`
 * worker computes it (AriaRunComputer), renders its PDF into private storage and marks it succeeded
 * with the credits committed; a run that fails for good is marked failed with the credits refunded.
 */
@Injectable()
export class AriaRunsService {
  private readonly limiter: RateLimiterRedis;

  constructor(
    private readonly repo: AriaRunsRepository,
    private readonly history: AriaHistoryService,
    private readonly credits: CreditsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly listings: ListingsService,
    private readonly users: UsersService,
    private readonly storage: FileStorage,
    private readonly events: EventsService,
    private readonly transactions: Transactions,
    @Inject(ARIA_RUN_COMPUTER) private readonly computer: AriaRunComputer,
    @InjectQueue(QUEUES.ariaRuns) private readonly queue: Queue<AriaRunJobData>,
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.limiter = new RateLimiterRedis({ storeClient: redis, points: config.aria.runsPerHour, duration: 3600, keyPrefix: 'aria-runs' });
  }

  /** The run kind of a path segment (400 otherwise). */
  kindOf(value: string): AriaRunKind {
    if (!(ARIA_RUN_KINDS as readonly string[]).includes(value)) throw new BadRequestException(`kind must be one of: ${ARIA_RUN_KINDS.join(', ')}`);
    return value as AriaRunKind;
  }

  /** What a run costs, the member's balance and whether the plan allows it. */
  async quote(caller: AuthUser, kind: AriaRunKind): Promise<AriaRunQuoteDto> {
    const credits = ARIA_RUN_CREDITS[kind];
    const [spendable, plan] = await Promise.all([this.credits.spendable(caller.id), this.subscriptions.planOf(caller.id)]);
    const balance = spendable.own;
    const locked =
      kind === 'compare' && caller.role === 'user' && !PLANS[plan as PlanId].entitlements.includes(COMPARE_ENTITLEMENT)
        ? { reason: COMPARE_ENTITLEMENT, plan: lowestPlanWith(COMPARE_ENTITLEMENT) }
        : null;
    const pool = spendable.pool;
    return { kind, credits, balance, pool, enough: balance >= credits || (pool ?? 0) >= credits, locked };
  }

  /** 429 past ARIA_RUNS_PER_HOUR runs asked for in an hour. */
  private async countRun(caller: AuthUser): Promise<void> {
    try {
      await this.limiter.consume(caller.id);
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        const minutes = Math.max(1, Math.ceil(err.msBeforeNext / 60000));
        throw tooManyRequests(
          `Too many ARIA runs: try again in ${minutes} minute${minutes === 1 ? '' : 's'} (at most ${this.config.aria.runsPerHour} an hour)`,
          Math.ceil(err.msBeforeNext / 1000),
        );
      }
      throw err;
    }
  }

  async requestFeasibility(caller: AuthUser, body: FeasibilityRunDto): Promise<AriaRunDto> {
    // null reads as absent (class-validator's IsOptional lets null through)
    if ((body.listingId == null) === (body.property == null)) throw new BadRequestException(EITHER_LISTING_OR_PROPERTY);
    let title: string;
    if (body.listingId) {
      const listing = await this.listings.mustSee(caller, body.listingId);
      const [facts] = await this.listings.marketFacts([listing.listingId]);
      // what the computer would refuse, refused before any credit is held
      if (facts && facts.offer !== 'sale') throw new BadRequestException(`${listing.code} is for rent: a feasibility run is for buying a property`);
      if (facts && facts.currency !== 'PHP') {
        throw new BadRequestException(`${listing.code} is priced in ${facts.currency}: a feasibility run needs a price in pesos (describe the property with its peso price instead)`);
      }
      title = `Feasibility: ${listing.name}`;
    } else {
      title = `Feasibility: ${body.property!.kind ? `${body.property!.kind.replace(/_/g, ' ')} ` : 'property '}at ${peso(body.property!.price)}`;
    }
    const input: FeasibilityRunInput = {
      ...(body.listingId ? { listingId: body.listingId } : { property: { ...body.property! } }),
      assumptions: feasibilityDefaults(body.assumptions),
    };
    return this.request(caller, 'feasibility', title, input as unknown as Record<string, unknown>);
  }

  async requestCompare(caller: AuthUser, body: CompareRunDto): Promise<AriaRunDto> {
    const names: string[] = [];
    for (const id of body.listingIds) names.push((await this.listings.mustSee(caller, id)).name);
    return this.request(caller, 'compare', `Compare: ${names.join(' vs ')}`, { listingIds: [...body.listingIds] });
  }

  /** The entry, run, reservation and event in one transaction (nothing when the credits are short), then the job. */
  private async request(caller: AuthUser, kind: AriaRunKind, title: string, input: Record<string, unknown>): Promise<AriaRunDto> {
    await this.countRun(caller);
    const credits = ARIA_RUN_CREDITS[kind];
    const run = await this.transactions.run(async () => {
      const conversation = await this.history.open(caller.id, kind, title);
      const created = await this.repo.insert({ userId: caller.id, conversationId: conversation.id, kind, input, credits });
      const reservation = await this.credits.reserve(caller.id, credits, `ARIA ${kind === 'compare' ? 'comparison' : 'feasibility run'} ${created.id}`);
      await this.repo.setReservation(created.id, reservation.id);
      await this.events.publish({
        type: 'aria.run_requested',
        actorId: caller.id,
        entity: { kind: 'assistant', id: created.id },
        data: { runId: created.id, conversationId: conversation.id, userId: caller.id, kind, credits },
      });
      return { ...created, reservationId: reservation.id };
    });
    try {
      await this.queue.add(kind, { runId: run.id }, {
        jobId: run.id,
        attempts: ARIA_RUN_ATTEMPTS,
        backoff: { type: 'fixed', delay: 1000 },
        removeOnComplete: 1000,
        removeOnFail: 1000,
      });
    } catch (err) {
      await this.failed(run.id, `it could not be queued (${(err as Error).message})`);
      throw new ServiceUnavailableException('ARIA runs cannot start right now; your credits were refunded. Try again in a minute');
    }
    return toRunDto(run);
  }

  /** A run the caller may see: their own, or any for staff (recorded as a support read). */
  private async visible(caller: AuthUser, id: string): Promise<AriaRunRow> {
    const row = await this.repo.findById(id);
    const staff = STAFF_ROLES.includes(caller.role);
    if (!row || (row.userId !== caller.id && !staff)) throw new NotFoundException(RUN_NOT_FOUND);
    if (row.userId !== caller.id) {
      const conversation = await this.history.conversation(row.conversationId);
      if (conversation) await this.history.recordStaffRead(caller, conversation);
    }
    return row;
  }

  async get(caller: AuthUser, id: string): Promise<AriaRunDto> {
    return toRunDto(await this.visible(caller, id));
  }

  /** A succeeded run's PDF; 409 before. */
  async pdf(caller: AuthUser, id: string): Promise<AriaRunFile> {
    const row = await this.visible(caller, id);
    if (row.status !== 'succeeded' || !row.pdfKey) {
      throw new ConflictException(row.status === 'failed' ? 'This run failed, so it has no PDF; start a new run' : 'This run is not finished yet: its PDF is ready when its status is succeeded');
    }
    const opened = await this.storage.open('private', row.pdfKey);
    if (!opened) throw new NotFoundException('The PDF of this run is no longer stored');
    return { fileName: runPdfFileName(row.kind, row.finishedAt ?? row.createdAt), size: opened.size, stream: opened.stream };
  }

  /** The member the run is for, as the tools see them. */
  private async ownerOf(row: AriaRunRow): Promise<AuthUser> {
    const user = await this.users.staffView(row.userId);
    return { id: row.userId, sessionId: `aria-run:${row.id}`, role: user.role as UserRole, type: user.type as UserType, email: user.email };
  }

  /**
   * Runs a run (the worker): computes it, renders and stores its PDF, then marks it succeeded and
   * commits its credits with `aria.run_finished`, in one transaction. A refusal of the computer (a 4xx:
   * the listing was removed, a place unknown) fails it at once; other errors are retried by BullMQ.
   */
  async run(runId: string, onProgress?: (percent: number) => Promise<void>): Promise<void> {
    const row = await this.repo.findById(runId);
    if (!row || row.status === 'succeeded' || row.status === 'failed') return;
    const started = await this.repo.start(runId);
    if (!started) return;
    const progress = async (percent: number) => {
      const p = Math.max(0, Math.min(99, Math.round(percent)));
      await this.repo.progress(runId, p);
      await onProgress?.(p);
    };
    let outcome: AriaRunOutcome<FeasibilityRunResult> | AriaRunOutcome<CompareRunResult>;
    try {
      const caller = await this.ownerOf(row);
      outcome =
        row.kind === 'feasibility'
          ? await this.computer.feasibility(caller, row.input as unknown as FeasibilityRunInput, progress)
          : await this.computer.compare(caller, (row.input as { listingIds: string[] }).listingIds, progress);
    } catch (err) {
      if (err instanceof HttpException && err.getStatus() < 500) throw new UnrecoverableError(messageOf(err));
      throw err;
    }
    const finishedAt = new Date();
    const pdf = await renderRunPdf(row.kind, outcome, { title: (await this.history.conversation(row.conversationId))?.title ?? '', at: finishedAt });
    const key = `aria/runs/${runId}/${runPdfFileName(row.kind, finishedAt)}`;
    await this.storage.put('private', key, pdf);
    const ok = await this.transactions.run(async () => {
      const done = await this.repo.succeed(runId, {
        result: outcome.result as unknown as Record<string, unknown>,
        narrative: outcome.narrative,
        pdfKey: key,
      });
      if (!done) return false;
      if (done.reservationId) await this.credits.commit(done.reservationId);
      await this.events.publish({
        type: 'aria.run_finished',
        actorId: done.userId,
        entity: { kind: 'assistant', id: runId },
        data: { runId, conversationId: done.conversationId, userId: done.userId, kind: done.kind, credits: done.credits, status: 'succeeded', error: null },
      });
      return true;
    });
    if (!ok) await this.storage.remove('private', key);
    await onProgress?.(100);
  }

  /** After the last attempt (or a refusal): failed with its reason, credits refunded, `aria.run_finished` (once). */
  async failed(runId: string, reason: string): Promise<void> {
    const error = reason.slice(0, 500);
    await this.transactions.run(async () => {
      const row = await this.repo.fail(runId, error);
      if (!row) return;
      if (row.reservationId) await this.credits.refund(row.reservationId);
      await this.events.publish({
        type: 'aria.run_finished',
        actorId: row.userId,
        entity: { kind: 'assistant', id: runId },
        data: { runId, conversationId: row.conversationId, userId: row.userId, kind: row.kind, credits: row.credits, status: 'failed', error: error.slice(0, 200) },
      });
    });
  }
}

/** The message of an HTTP error (its body's message, joined when a list). */
function messageOf(err: HttpException): string {
  const body = err.getResponse();
  if (typeof body === 'string') return body;
  const m = (body as { message?: unknown }).message;
  return Array.isArray(m) ? m.join('; ') : typeof m === 'string' ? m : err.message;
}
