import { Injectable } from '@nestjs/common';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { listings, savedItems, users, type SavedItemRow } from '@app/db';
import { InjectDb, type Database } from '../../common/db/database.module';
import type { ListingWithOwner } from '../listings/listing.mapper';
import type { SavedItemType } from './dto/saved-item.dto';

@Injectable()
export class SavedItemsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /**
   * Saves a listing for a user once, keeping the listing's saved count in step, in one transaction.
   * Answers whether it was newly saved and the listing's saved count.
   */
  async saveListing(userId: string, listingId: string): Promise<{ item: SavedItemRow | null; savedCount: number }> {
    return this.db.transaction(async (tx) => {
      const [item] = await tx
        .insert(savedItems)
        .values({ userId, type: 'listing', listingId })
        .onConflictDoNothing()
        .returning();
      const [row] = item
        ? await tx
            .update(listings)
            .set({ savedCount: sql`${listings.savedCount} + 1` })
            .where(eq(listings.id, listingId))
            .returning({ savedCount: listings.savedCount })
        : await tx.select({ savedCount: listings.savedCount }).from(listings).where(eq(listings.id, listingId));
      return { item: item ?? null, savedCount: row?.savedCount ?? 0 };
    });
  }

  /** Removes a saved listing (by saved-item id or listing id) and lowers the count, never below zero. */
  async unsaveListing(userId: string, idOrListingId: string): Promise<{ removed: boolean; savedCount: number; listingId: string | null }> {
    return this.db.transaction(async (tx) => {
      const [removed] = await tx
        .delete(savedItems)
        .where(
          and(
            eq(savedItems.userId, userId),
            eq(savedItems.type, 'listing'),
            or(eq(savedItems.id, idOrListingId), eq(savedItems.listingId, idOrListingId)),
          ),
        )
        .returning({ listingId: savedItems.listingId });
      const listingId = removed?.listingId ?? idOrListingId;
      const [row] = removed
        ? await tx
            .update(listings)
            .set({ savedCount: sql`greatest(${listings.savedCount} - 1, 0)` })
            .where(eq(listings.id, listingId))
            .returning({ savedCount: listings.savedCount })
        : await tx.select({ savedCount: listings.savedCount }).from(listings).where(eq(listings.id, listingId));
      return { removed: !!removed, savedCount: row?.savedCount ?? 0, listingId: removed?.listingId ?? null };
    });
  }

  async insert(values: typeof savedItems.$inferInsert): Promise<SavedItemRow> {
    const [row] = await this.db.insert(savedItems).values(values).returning();
    return row;
  }

  async remove(userId: string, type: SavedItemType, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(savedItems)
      .where(and(eq(savedItems.userId, userId), eq(savedItems.type, type), eq(savedItems.id, id)))
      .returning({ id: savedItems.id });
    return rows.length > 0;
  }

  /** The user's saved items, newest first, each with its listing (and the listing's owner) when it has one. */
  async list(userId: string, type?: SavedItemType, listingId?: string) {
    const rows = await this.db
      .select({
        item: savedItems,
        listing: listings,
        owner: { id: users.id, firstName: users.firstName, lastName: users.lastName, avatar: users.avatar },
      })
      .from(savedItems)
      .leftJoin(listings, eq(listings.id, savedItems.listingId))
      .leftJoin(users, eq(users.id, listings.ownerId))
      .where(
        and(
          eq(savedItems.userId, userId),
          type ? eq(savedItems.type, type) : undefined,
          listingId ? eq(savedItems.listingId, listingId) : undefined,
        ),
      )
      .orderBy(desc(savedItems.createdAt))
      .limit(500);
    return rows.map((r) => ({
      item: r.item,
      listing: r.listing && r.owner ? ({ listing: r.listing, owner: r.owner, isSaved: r.item.type === 'listing' } as ListingWithOwner) : null,
    }));
  }
}
