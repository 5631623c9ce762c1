import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { ariaConversations, ariaMessages, ariaRuns, type AriaConversationRow, type AriaMessageRow } from '@app/db';
import type { AriaHistoryKind } from '@app/domain';
import { InjectDb, type Database } from '../../../common/db/database.module';

export type NewAriaConversation = typeof ariaConversations.$inferInsert;
export type NewAriaMessage = typeof ariaMessages.$inferInsert;

/** Which entries a list asks for: a member's (or everyone's, for staff), a kind, words in a title or message. */
export interface AriaHistoryFilter {
  userId?: string;
  kind?: AriaHistoryKind;
  text?: string;
  /** The members whose name or e-mail has the staff's words (UsersService.idsMatching); empty matches nothing. */
  memberIds?: string[];
  /** Last active (updated_at) in [from, to). */
  from?: Date;
  to?: Date;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** ARIA's history (tables aria_conversations and aria_messages). */
@Injectable()
export class AriaHistoryRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async insertConversation(row: NewAriaConversation): Promise<AriaConversationRow> {
    const [created] = await this.db.insert(ariaConversations).values(row).returning();
    return created;
  }

  async findConversation(id: string): Promise<AriaConversationRow | null> {
    const [row] = await this.db.select().from(ariaConversations).where(eq(ariaConversations.id, id));
    return row ?? null;
  }

  /** A page of entries, most recently updated first. */
  async page(filter: AriaHistoryFilter, limit: number, skip: number): Promise<{ rows: AriaConversationRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.userId) conditions.push(eq(ariaConversations.userId, filter.userId));
    if (filter.kind) conditions.push(eq(ariaConversations.kind, filter.kind));
    const text = filter.text?.trim();
    if (text) {
      const pattern = `%${escapeLike(text)}%`;
      conditions.push(
        or(
          ilike(ariaConversations.title, pattern),
          sql`exists (select 1 from ${ariaMessages} where ${ariaMessages.conversationId} = ${ariaConversations.id} and ${ariaMessages.content} ilike ${pattern})`,
        )!,
      );
    }
    if (filter.memberIds) conditions.push(filter.memberIds.length ? inArray(ariaConversations.userId, filter.memberIds) : sql`false`);
    if (filter.from) conditions.push(gte(ariaConversations.updatedAt, filter.from));
    if (filter.to) conditions.push(lt(ariaConversations.updatedAt, filter.to));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(ariaConversations)
        .where(where)
        .orderBy(desc(ariaConversations.updatedAt), desc(ariaConversations.id))
        .limit(limit)
        .offset(skip),
      this.db.select({ total: count() }).from(ariaConversations).where(where),
    ]);
    return { rows, total: Number(total) };
  }

  /** The newest run of each entry that has one. */
  async lastRuns(conversationIds: string[]): Promise<Map<string, { id: string; status: AriaConversationRunStatus; kind: 'feasibility' | 'compare' }>> {
    const out = new Map<string, { id: string; status: AriaConversationRunStatus; kind: 'feasibility' | 'compare' }>();
    if (!conversationIds.length) return out;
    const rows = await this.db
      .selectDistinctOn([ariaRuns.conversationId], { conversationId: ariaRuns.conversationId, id: ariaRuns.id, status: ariaRuns.status, kind: ariaRuns.kind })
      .from(ariaRuns)
      .where(inArray(ariaRuns.conversationId, conversationIds))
      .orderBy(ariaRuns.conversationId, desc(ariaRuns.createdAt));
    for (const r of rows) out.set(r.conversationId, { id: r.id, status: r.status, kind: r.kind });
    return out;
  }

  async rename(id: string, title: string): Promise<AriaConversationRow | null> {
    const [row] = await this.db.update(ariaConversations).set({ title, updatedAt: new Date() }).where(eq(ariaConversations.id, id)).returning();
    return row ?? null;
  }

  /** Deletes an entry; its messages and runs go with it (foreign keys on delete cascade). */
  async remove(id: string): Promise<AriaConversationRow | null> {
    const [row] = await this.db.delete(ariaConversations).where(eq(ariaConversations.id, id)).returning();
    return row ?? null;
  }

  async messagesOf(conversationId: string): Promise<AriaMessageRow[]> {
    return this.db.select().from(ariaMessages).where(eq(ariaMessages.conversationId, conversationId)).orderBy(ariaMessages.createdAt, ariaMessages.id);
  }

  /** The newest `n` messages of a conversation, oldest first. */
  async lastMessages(conversationId: string, n: number): Promise<AriaMessageRow[]> {
    const rows = await this.db
      .select()
      .from(ariaMessages)
      .where(eq(ariaMessages.conversationId, conversationId))
      .orderBy(desc(ariaMessages.createdAt), desc(ariaMessages.id))
      .limit(n);
    return rows.reverse();
  }

  async insertMessage(row: NewAriaMessage): Promise<AriaMessageRow> {
    const [created] = await this.db.insert(ariaMessages).values(row).returning();
    return created;
  }

  /** A message was added: the entry moves to the top of the list and counts it; `provider` when it answered. */
  async touch(conversationId: string, provider?: string): Promise<AriaConversationRow | null> {
    const [row] = await this.db
      .update(ariaConversations)
      .set({ updatedAt: new Date(), messageCount: sql`${ariaConversations.messageCount} + 1`, ...(provider ? { provider } : {}) })
      .where(eq(ariaConversations.id, conversationId))
      .returning();
    return row ?? null;
  }

  /** Serialises a member's questions until the transaction ends, so the daily count is exact under concurrent asks. */
  async lockMember(userId: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`aria-chat:${userId}`}, 0))`);
  }

  /** The questions a member asked since `since` (the Free plan's daily count). */
  async questionsSince(userId: string, since: Date): Promise<number> {
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(ariaMessages)
      .where(and(eq(ariaMessages.userId, userId), eq(ariaMessages.role, 'user'), gte(ariaMessages.createdAt, since)));
    return Number(n);
  }
}

type AriaConversationRunStatus = 'queued' | 'running' | 'succeeded' | 'failed';
