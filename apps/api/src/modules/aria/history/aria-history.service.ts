import { BadRequestException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { ARIA_TITLE_MAX_LENGTH, STAFF_ROLES, buildPagination, type AriaCitation, type AriaHistoryKind, type AriaToolTrace } from '@app/domain';
import type { AriaConversationRow, AriaMessageRow } from '@app/db';
import type { AuthUser } from '../../../common/auth/auth-user';
import { Transactions } from '../../../common/db/transactions';
import { EventsService } from '../../../common/events/events.service';
import { pageWindow } from '../../../common/http/page-query.dto';
import { FileStorage } from '../../../common/storage/storage.service';
import { CreditsService, windowBound } from '../../credits/credits.service';
import { UsersService } from '../../users/users.service';
import type {
  AriaConversationDto,
  AriaConversationSummaryDto,
  AriaHistoryCreateDto,
  AriaHistoryListDto,
  AriaHistoryQueryDto,
  AriaHistorySearchDto,
  AriaHistoryUpdateDto,
  AriaMemberRefDto,
  AriaMessageDto,
  AriaStaffHistoryListDto,
  AriaStaffHistoryQueryDto,
} from '../dto/aria.dto';
import { toRunDto } from '../runs/aria-run-dto';
import { AriaRunsRepository } from '../runs/aria-runs.repository';
import { AriaHistoryRepository, type AriaHistoryFilter } from './aria-history.repository';

export const HISTORY_NOT_FOUND = 'ARIA conversation not found';
export const NEW_CHAT_TITLE = 'New chat';

const isStaff = (caller: AuthUser) => STAFF_ROLES.includes(caller.role);

/** A title from a question: its first line, spaces folded, cut at a word to ARIA_TITLE_MAX_LENGTH. */
export function titleFrom(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= ARIA_TITLE_MAX_LENGTH) return flat || NEW_CHAT_TITLE;
  const cut = flat.slice(0, ARIA_TITLE_MAX_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > ARIA_TITLE_MAX_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function toMessageDto(row: AriaMessageRow): AriaMessageDto {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    toolCalls: row.toolCalls as AriaToolTrace[],
    citations: row.citations as AriaCitation[],
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * ARIA's history: a member's chats, feasibility runs and comparisons. Members see, rename and delete
 * only their own (another's is 404, as if it did not exist); staff list everyone's titles and read an
 * entry for support, each read recorded (`aria.history_read_by_staff`, audited high).
 */
@Injectable()
export class AriaHistoryService {
  private readonly logger = new Logger('AriaHistoryService');

  constructor(
    private readonly repo: AriaHistoryRepository,
    private readonly runs: AriaRunsRepository,
    private readonly credits: CreditsService,
    private readonly storage: FileStorage,
    private readonly events: EventsService,
    private readonly transactions: Transactions,
    private readonly users: UsersService,
  ) {}

  summaryOf(row: AriaConversationRow, lastRun: AriaConversationSummaryDto['lastRun'] = null): AriaConversationSummaryDto {
    return {
      id: row.id,
      userId: row.userId,
      kind: row.kind,
      title: row.title,
      provider: row.provider,
      messageCount: row.messageCount,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      lastRun,
    };
  }

  private async list(filter: AriaHistoryFilter, query: { page?: number; limit?: number; skip?: number }): Promise<AriaHistoryListDto> {
    const { limit, skip } = pageWindow(query);
    const { rows, total } = await this.repo.page(filter, limit, skip);
    const lastRuns = await this.repo.lastRuns(rows.filter((r) => r.kind !== 'chat').map((r) => r.id));
    return { items: rows.map((r) => this.summaryOf(r, lastRuns.get(r.id) ?? null)), pagination: buildPagination(total, rows.length, limit, skip) };
  }

  mine(caller: AuthUser, query: AriaHistoryQueryDto): Promise<AriaHistoryListDto> {
    return this.list({ userId: caller.id, kind: query.kind }, query);
  }

  /** Staff: everyone's entries (titles only, with their member), by member, kind and last-active window. */
  async all(query: AriaStaffHistoryQueryDto): Promise<AriaStaffHistoryListDto> {
    const from = windowBound(query.from, 'from');
    const to = windowBound(query.to, 'to');
    if (from && to && to <= from) throw new BadRequestException(`to (${query.to}) must be after from (${query.from})`);
    const memberIds = query.member?.trim() ? await this.users.idsMatching(query.member.trim(), 1000) : undefined;
    const list = await this.list({ userId: query.userId, kind: query.kind, memberIds, from, to }, query);
    const members = await this.memberRefs(list.items.map((i) => i.userId));
    return { ...list, items: list.items.map((item) => ({ ...item, member: members.get(item.userId) ?? null })) };
  }

  /** Members as staff see them beside their entries: id → name and e-mail (a removed member is missing). */
  private async memberRefs(userIds: string[]): Promise<Map<string, AriaMemberRefDto>> {
    const contacts = await this.users.contactsByIds(userIds);
    return new Map(contacts.map((u) => [u.id, { _id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email }]));
  }

  /** Words in a title or a message: the caller's own entries (staff: everyone's). */
  search(caller: AuthUser, body: AriaHistorySearchDto): Promise<AriaHistoryListDto> {
    return this.list({ userId: isStaff(caller) ? undefined : caller.id, kind: body.kind, text: body.query }, body);
  }

  /** An entry by id, whoever's (the services' own use). */
  conversation(id: string): Promise<AriaConversationRow | null> {
    return this.repo.findConversation(id);
  }

  /** The caller's own entry; 404 for anything else. */
  async ownedBy(caller: AuthUser, id: string): Promise<AriaConversationRow> {
    const row = await this.repo.findConversation(id);
    if (!row || row.userId !== caller.id) throw new NotFoundException(HISTORY_NOT_FOUND);
    return row;
  }

  /** An entry with its messages and runs: the owner's, or staff's for support (published as aria.history_read_by_staff). */
  async get(caller: AuthUser, id: string): Promise<AriaConversationDto> {
    const row = await this.repo.findConversation(id);
    if (!row || (row.userId !== caller.id && !isStaff(caller))) throw new NotFoundException(HISTORY_NOT_FOUND);
    const staffRead = row.userId !== caller.id;
    if (staffRead) await this.recordStaffRead(caller, row);
    const [messages, runs, members] = await Promise.all([
      this.repo.messagesOf(id),
      this.runs.ofConversation(id),
      staffRead ? this.memberRefs([row.userId]) : Promise.resolve(null),
    ]);
    const last = runs.at(-1);
    return {
      ...this.summaryOf(row, last ? { id: last.id, status: last.status, kind: last.kind } : null),
      messages: messages.map(toMessageDto),
      runs: runs.map(toRunDto),
      ...(members && { member: members.get(row.userId) ?? null }),
    };
  }

  /** A staff member read a member's entry (or a run's PDF) for support. */
  async recordStaffRead(caller: AuthUser, row: AriaConversationRow): Promise<void> {
    await this.transactions.run(() =>
      this.events.publish({
        type: 'aria.history_read_by_staff',
        actorId: caller.id,
        entity: { kind: 'assistant', id: row.id },
        data: { conversationId: row.id, userId: row.userId, kind: row.kind, title: row.title },
      }),
    );
  }

  async create(caller: AuthUser, body: AriaHistoryCreateDto): Promise<AriaConversationSummaryDto> {
    const row = await this.repo.insertConversation({ userId: caller.id, kind: 'chat', title: body.title?.trim() || NEW_CHAT_TITLE });
    return this.summaryOf(row);
  }

  /** A new entry for a chat's first question or a run (the chat and runs services). */
  async open(userId: string, kind: AriaHistoryKind, title: string, provider?: string): Promise<AriaConversationRow> {
    return this.repo.insertConversation({ userId, kind, title: titleFrom(title), ...(provider ? { provider } : {}) });
  }

  async rename(caller: AuthUser, body: AriaHistoryUpdateDto): Promise<AriaConversationSummaryDto> {
    const owned = await this.ownedBy(caller, body.id);
    const row = await this.repo.rename(owned.id, body.title.trim());
    if (!row) throw new NotFoundException(HISTORY_NOT_FOUND);
    const last = (await this.repo.lastRuns([row.id])).get(row.id) ?? null;
    return this.summaryOf(row, last);
  }

  /**
   * Deletes the caller's entry with its messages and runs (`aria.history_deleted`); credits held by a
   * run that had not finished are refunded (its job then finds nothing to do), and the runs' PDFs removed.
   */
  async remove(caller: AuthUser, id: string): Promise<{ message: string }> {
    await this.ownedBy(caller, id);
    const runs = await this.runs.ofConversation(id);
    await this.transactions.run(async () => {
      const row = await this.repo.remove(id);
      if (!row) throw new NotFoundException(HISTORY_NOT_FOUND);
      await this.events.publish({
        type: 'aria.history_deleted',
        actorId: caller.id,
        entity: { kind: 'assistant', id: row.id },
        data: { conversationId: row.id, userId: row.userId, kind: row.kind, title: row.title },
      });
      for (const r of runs) if ((r.status === 'queued' || r.status === 'running') && r.reservationId) await this.credits.refund(r.reservationId);
    });
    for (const r of runs) {
      if (r.pdfKey) await this.storage.remove('private', r.pdfKey).catch((e: Error) => this.logger.warn(`Could not remove the PDF of run ${r.id}: ${e.message}`));
    }
    return { message: 'ARIA conversation deleted' };
  }
}
