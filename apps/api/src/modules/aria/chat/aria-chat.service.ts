import { HttpException, HttpStatus, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { Request, Response } from 'express';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import {
  ARIA_CONTEXT_MESSAGES,
  ARIA_RUN_CREDITS,
  ENTITLEMENT_LABELS,
  PLANS,
  STAFF_ROLES,
  lowestPlanWith,
  type AriaCitation,
  type AriaStreamEvent,
  type AriaToolTrace,
  type PlanId,
} from '@app/domain';
import type { AriaConversationRow, AriaMessageRow } from '@app/db';
import type { AuthUser } from '../../../common/auth/auth-user';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config';
import { isForeignKeyViolation } from '../../../common/db/pg-errors';
import { Transactions } from '../../../common/db/transactions';
import { tooManyRequests } from '../../../common/errors/retry-after';
import { REDIS } from '../../../common/redis/redis.module';
import { SubscriptionsService } from '../../subscriptions/subscriptions.service';
import { UsersService } from '../../users/users.service';
import { LLM_PROVIDER, LlmProviderError, type AriaEngineEvent, type LlmProvider } from '../aria-contracts';
import type { AriaChatDto, AriaReplyDto, AriaUsageDto } from '../dto/aria.dto';
import { AriaEngine } from '../engine/aria-engine';
import { AriaHistoryRepository } from '../history/aria-history.repository';
import { AriaHistoryService, HISTORY_NOT_FOUND, toMessageDto } from '../history/aria-history.service';

const MANILA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** The first instant of the Asia/Manila day (UTC+8 all year) that `at` falls in. */
export function manilaDayStart(at: Date): Date {
  return new Date(Math.floor((at.getTime() + MANILA_OFFSET_MS) / DAY_MS) * DAY_MS - MANILA_OFFSET_MS);
}

/** 402 when a Free member has asked their daily ARIA messages: the Upgrade prompt's shape, naming Basic. */
export class AriaDailyLimitException extends HttpException {
  constructor(limit: number, currentPlan: PlanId) {
    const requiredPlan = lowestPlanWith('aria.chat.unlimited');
    super(
      {
        message: `You have used your ${limit} free ARIA messages today. Upgrade to ${PLANS[requiredPlan].name} for unlimited chat, or come back tomorrow.`,
        error: 'Payment Required',
        upgrade: {
          reason: 'plan',
          entitlement: 'aria.chat.unlimited',
          feature: ENTITLEMENT_LABELS['aria.chat.unlimited'],
          requiredPlan,
          currentPlan,
          plan: requiredPlan,
        },
      },
      HttpStatus.PAYMENT_REQUIRED,
    );
  }
}

/** A question checked and counted: the conversation to continue (null: a new one) and what is left today. */
interface Prepared {
  conversation: AriaConversationRow | null;
  plan: PlanId;
  limit: number | null;
  used: number;
}

/** What an answer came to. */
interface Answered {
  content: string;
  traces: AriaToolTrace[];
  citations: AriaCitation[];
}

/**
 * ARIA chat. A question is checked (the conversation is the member's; a Free member has messages left
 * today, counted from aria_messages since the Asia/Manila day began; under ARIA_CHAT_PER_MINUTE), then
 * stored before the engine answers with the conversation's last ARIA_CONTEXT_MESSAGES messages as
 * history. The answer is stored with its tool traces and citations; when the engine fails the question
 * stays and the member gets the provider's message (502/503/504, or a stream's `error` event).
 */
@Injectable()
export class AriaChatService {
  private readonly logger = new Logger('AriaChatService');
  private readonly limiter: RateLimiterRedis;

  constructor(
    private readonly history: AriaHistoryService,
    private readonly repo: AriaHistoryRepository,
    private readonly engine: AriaEngine,
    private readonly subscriptions: SubscriptionsService,
    private readonly users: UsersService,
    private readonly transactions: Transactions,
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LLM_PROVIDER) private readonly llm: LlmProvider,
  ) {
    this.limiter = new RateLimiterRedis({ storeClient: redis, points: config.aria.chatPerMinute, duration: 60, keyPrefix: 'aria-chat' });
  }

  /** The model answering. */
  get provider(): { id: string; label: string } {
    return { id: this.llm.id, label: this.llm.label };
  }

  /** The member's daily limit (null: unlimited; staff are not limited) and the questions asked today. */
  private async allowance(caller: AuthUser, now = new Date()): Promise<{ plan: PlanId; limit: number | null; used: number }> {
    const [plan, used] = await Promise.all([this.subscriptions.planOf(caller.id), this.repo.questionsSince(caller.id, manilaDayStart(now))]);
    const limit = STAFF_ROLES.includes(caller.role) ? null : PLANS[plan].ariaMessagesPerDay;
    return { plan, limit, used };
  }

  /** The checks before a question is stored: 404 not yours, 429 too fast, 402 no messages left today. */
  private async prepare(caller: AuthUser, body: AriaChatDto): Promise<Prepared> {
    const conversation = body.conversationId ? await this.history.ownedBy(caller, body.conversationId) : null;
    try {
      await this.limiter.consume(caller.id);
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
        throw tooManyRequests(`Too many ARIA messages: wait ${seconds} second${seconds === 1 ? '' : 's'} (at most ${this.config.aria.chatPerMinute} a minute)`, seconds);
      }
      throw err;
    }
    const { plan, limit, used } = await this.allowance(caller);
    if (limit !== null && used >= limit) throw new AriaDailyLimitException(limit, plan);
    return { conversation, plan, limit, used };
  }

  /** Stores the question (and a new conversation for a first one); answers the conversation and the history before it. */
  private async storeQuestion(caller: AuthUser, prepared: Prepared, question: string) {
    const provider = this.provider.id;
    return this.stillThere(() => this.transactions.run(async () => {
      if (prepared.limit !== null) {
        // counted again under the member's lock: two questions sent at once cannot both take the last message
        await this.repo.lockMember(caller.id);
        prepared.used = await this.repo.questionsSince(caller.id, manilaDayStart(new Date()));
        if (prepared.used >= prepared.limit) throw new AriaDailyLimitException(prepared.limit, prepared.plan);
      }
      const conversation = prepared.conversation ?? (await this.history.open(caller.id, 'chat', question, provider));
      const earlier = prepared.conversation ? await this.repo.lastMessages(conversation.id, ARIA_CONTEXT_MESSAGES) : [];
      const stored = await this.repo.insertMessage({ conversationId: conversation.id, userId: caller.id, role: 'user', content: question });
      const touched = (await this.repo.touch(conversation.id)) ?? conversation;
      return { conversation: touched, question: stored, earlier };
    }));
  }

  /** Stores the answer; 404 when the member deleted the conversation while ARIA answered. */
  private async storeAnswer(caller: AuthUser, conversationId: string, answer: Answered): Promise<AriaMessageRow> {
    return this.stillThere(() => this.transactions.run(async () => {
      const stored = await this.repo.insertMessage({
        conversationId,
        userId: caller.id,
        role: 'assistant',
        content: answer.content,
        toolCalls: answer.traces,
        citations: answer.citations,
      });
      await this.repo.touch(conversationId, this.provider.id);
      return stored;
    }));
  }

  /** Runs a write to a conversation; one deleted meanwhile (its messages' foreign key) is 404, not 500. */
  private async stillThere<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isForeignKeyViolation(err)) throw new NotFoundException(`${HISTORY_NOT_FOUND}: it was deleted`);
      throw err;
    }
  }

  /** Runs the engine to its answer, handing each event to `onEvent`. */
  private async answer(
    caller: AuthUser,
    earlier: AriaMessageRow[],
    question: string,
    signal: AbortSignal | undefined,
    onEvent?: (e: AriaEngineEvent) => void,
  ): Promise<Answered> {
    let done: Answered | null = null;
    let text = '';
    const traces: AriaToolTrace[] = [];
    const citations: AriaCitation[] = [];
    const events = this.engine.answer({ caller, history: earlier.map((m) => ({ role: m.role, content: m.content })), question, signal });
    for await (const e of events) {
      onEvent?.(e);
      if (e.type === 'text') text += e.delta;
      else if (e.type === 'tool_result') {
        traces.push(e.trace);
        citations.push(...e.citations);
      } else if (e.type === 'done') done = { content: e.content, traces: e.traces, citations: e.citations };
    }
    return done ?? { content: text, traces, citations };
  }

  /** The HTTP status and message of an engine failure (the provider's own message when it is a provider error). */
  private failureOf(err: unknown): { status: number; message: string } {
    if (err instanceof LlmProviderError) return { status: err.status, message: err.message };
    if (err instanceof HttpException) {
      const body = err.getResponse();
      const m = typeof body === 'string' ? body : (body as { message?: unknown }).message;
      return { status: err.getStatus(), message: Array.isArray(m) ? m.join('; ') : String(m ?? err.message) };
    }
    this.logger.warn(`ARIA could not answer: ${(err as Error)?.stack ?? String(err)}`);
    return { status: HttpStatus.BAD_GATEWAY, message: 'ARIA could not answer right now; your question is saved. Try again in a moment.' };
  }

  /** POST /ai/chat. */
  async ask(caller: AuthUser, body: AriaChatDto): Promise<AriaReplyDto> {
    const prepared = await this.prepare(caller, body);
    const question = body.message.trim();
    const { conversation, question: stored, earlier } = await this.storeQuestion(caller, prepared, question);
    let answered: Answered;
    try {
      answered = await this.answer(caller, earlier, question, undefined);
    } catch (err) {
      const { status, message } = this.failureOf(err);
      // the question stays in the conversation (GET /ai/history/my lists it first)
      throw new HttpException({ statusCode: status, message }, status);
    }
    const answer = await this.storeAnswer(caller, conversation.id, answered);
    return {
      conversationId: conversation.id,
      title: conversation.title,
      provider: this.provider,
      question: toMessageDto(stored),
      answer: toMessageDto(answer),
      remainingToday: prepared.limit === null ? null : Math.max(0, prepared.limit - prepared.used - 1),
    };
  }

  /**
   * POST /ai/chat/stream: the same, as Server-Sent Events (`data: <AriaStreamEvent JSON>\n\n`):
   * `conversation` first, then the engine's tool calls, results and text, then `done` (or `error`).
   * A client that disconnects stops the engine (AbortSignal); its question stays, without an answer.
   */
  async stream(caller: AuthUser, body: AriaChatDto, req: Request, res: Response): Promise<void> {
    const prepared = await this.prepare(caller, body);
    const question = body.message.trim();
    const { conversation, earlier } = await this.storeQuestion(caller, prepared, question);
    const abort = new AbortController();
    let ended = false;
    res.on('close', () => {
      if (!ended) abort.abort();
    });
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    req.socket?.setNoDelay?.(true);
    const send = (e: AriaStreamEvent) => {
      if (abort.signal.aborted || res.writableEnded) return;
      res.write(`data: ${JSON.stringify(e)}\n\n`);
      (res as Response & { flush?: () => void }).flush?.();
    };
    send({ type: 'conversation', conversationId: conversation.id, title: conversation.title, provider: this.provider.id });
    try {
      const answered = await this.answer(caller, earlier, question, abort.signal, (e) => {
        if (e.type === 'tool_call') send({ type: 'tool_call', name: e.name, arguments: e.arguments });
        else if (e.type === 'tool_result') send({ type: 'tool_result', trace: e.trace });
        else if (e.type === 'text') send({ type: 'text', delta: e.delta });
      });
      if (abort.signal.aborted) return;
      const stored = await this.storeAnswer(caller, conversation.id, answered);
      send({
        type: 'done',
        messageId: stored.id,
        citations: answered.citations,
        remainingToday: prepared.limit === null ? null : Math.max(0, prepared.limit - prepared.used - 1),
      });
    } catch (err) {
      if (!abort.signal.aborted) send({ type: 'error', ...this.failureOf(err) });
    } finally {
      ended = true;
      if (!res.writableEnded) res.end();
    }
  }

  /** GET /ai/chat/usage. */
  async usage(caller: AuthUser): Promise<AriaUsageDto> {
    const [{ plan, limit, used }, profile] = await Promise.all([this.allowance(caller), this.users.creditProfile(caller.id)]);
    return {
      plan,
      messagesToday: used,
      limitPerDay: limit,
      remainingToday: limit === null ? null : Math.max(0, limit - used),
      provider: this.provider,
      builtin: this.provider.id === 'builtin',
      runCredits: { ...ARIA_RUN_CREDITS },
      creditBalance: profile?.balance ?? 0,
    };
  }
}
