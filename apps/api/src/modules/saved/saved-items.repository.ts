import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { savedItems, type SavedItemRow } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';
import type { SavedItemType } from './dto/saved-item.dto';

/**
 * The saved_items table (this module's only table). A listing's saved count lives on the listing and
 * follows these rows by triggers (migration 0011), in the same transaction.
 */
@Injectable()
export class SavedItemsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** Saves a listing for a user once. Answers the saved row (null when it was already saved) and how many members saved the listing. */
  async saveListing(userId: string, listingId: string): Promise<{ item: SavedItemRow | null; savedCount: number }> {
    return this.db.transaction(async (tx) => {
      const [item] = await tx.insert(savedItems).values({ userId, type: 'listing', listingId }).onConflictDoNothing().returning();
      const [{ n }] = await tx
        .select({ n: count() })
        .from(savedItems)
        .where(and(eq(savedItems.listingId, listingId), eq(savedItems.type, 'listing')));
      return { item: item ?? null, savedCount: n };
    });
  }

  /** Removes a saved listing (by saved-item id or listing id). Answers the listing it was, or null. */
  async unsaveListing(userId: string, idOrListingId: string): Promise<{ listingId: string } | null> {
    const [removed] = await this.db
      .delete(savedItems)
      .where(
        and(
          eq(savedItems.userId, userId),
          eq(savedItems.type, 'listing'),
          or(eq(savedItems.id, idOrListingId), eq(savedItems.listingId, idOrListingId)),
        ),
      )
      .returning({ listingId: savedItems.listingId });
    return removed?.listingId ? { listingId: removed.listingId } : null;
  }

  /** How many members saved the listing (the same number as the listing's saved count). */
  async savedCount(listingId: string): Promise<number> {
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(savedItems)
      .where(and(eq(savedItems.listingId, listingId), eq(savedItems.type, 'listing')));
    return n;
  }

  /** Which of these listings the user saved (one index lookup). */
  async savedListingIds(userId: string, listingIds: string[]): Promise<Set<string>> {
    if (listingIds.length === 0) return new Set();
    const rows = await this.db
      .select({ listingId: savedItems.listingId })
      .from(savedItems)
      .where(and(eq(savedItems.userId, userId), eq(savedItems.type, 'listing'), inArray(savedItems.listingId, listingIds)));
    return new Set(rows.map((r) => r.listingId!));
  }

  async insert(values: typeof savedItems.$inferInsert): Promise<SavedItemRow> {
    const [row] = await this.db.insert(savedItems).values(values).returning();
    return row;
  }

  /** Inserts an item unless the user has it already (a listing pinned twice: the unique index per user, type and listing); null then. */
  async insertOnce(values: typeof savedItems.$inferInsert): Promise<SavedItemRow | null> {
    const [row] = await this.db.insert(savedItems).values(values).onConflictDoNothing().returning();
    return row ?? null;
  }

  /** The user's own item of this type, locked until the transaction ends (a saved search being pinned or removed). */
  async findOwnForUpdate(userId: string, type: SavedItemType, id: string): Promise<SavedItemRow | null> {
    const [row] = await this.db
      .select()
      .from(savedItems)
      .where(and(eq(savedItems.userId, userId), eq(savedItems.type, type), eq(savedItems.id, id)))
      .for('update')
      .limit(1);
    return row ?? null;
  }

  /** The user's pin of one of their saved searches (`data.savedItemId`), or null. */
  async findSearchPin(userId: string, savedSearchId: string): Promise<SavedItemRow | null> {
    const [row] = await this.db
      .select()
      .from(savedItems)
      .where(and(eq(savedItems.userId, userId), eq(savedItems.type, 'pinned'), sql`${savedItems.data}->>'savedItemId' = ${savedSearchId}`))
      .limit(1);
    return row ?? null;
  }

  /** Holds the user's pins of one market report address until the transaction ends (two pins of it at once make one). */
  async lockReportPin(userId: string, href: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`pin:report:${userId}:${href}`}, 0))`);
  }

  /** The user's pin of a market report (by its address), if any. */
  async findReportPin(userId: string, href: string): Promise<SavedItemRow | null> {
    const [row] = await this.db
      .select()
      .from(savedItems)
      .where(
        and(
          eq(savedItems.userId, userId),
          eq(savedItems.type, 'pinned'),
          sql`${savedItems.data}->>'kind' = 'report'`,
          sql`${savedItems.data}->>'href' = ${href}`,
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /** Removes the user's pins of a saved search (the search is being removed); answers them. */
  async removeSearchPins(userId: string, savedSearchId: string): Promise<SavedItemRow[]> {
    return this.db
      .delete(savedItems)
      .where(and(eq(savedItems.userId, userId), eq(savedItems.type, 'pinned'), sql`${savedItems.data}->>'savedItemId' = ${savedSearchId}`))
      .returning();
  }

  /** Removes the user's own item; answers it, or null when there was none. */
  async remove(userId: string, type: SavedItemType, id: string): Promise<SavedItemRow | null> {
    const [row] = await this.db
      .delete(savedItems)
      .where(and(eq(savedItems.userId, userId), eq(savedItems.type, type), eq(savedItems.id, id)))
      .returning();
    return row ?? null;
  }

  /** The user's saved items, newest first (at most 500). */
  async list(userId: string, type?: SavedItemType, listingId?: string): Promise<SavedItemRow[]> {
    return this.db
      .select()
      .from(savedItems)
      .where(
        and(
          eq(savedItems.userId, userId),
          type ? eq(savedItems.type, type) : undefined,
          listingId ? eq(savedItems.listingId, listingId) : undefined,
        ),
      )
      .orderBy(desc(savedItems.createdAt))
      .limit(500);
  }
}
