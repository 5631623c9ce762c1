import { Injectable } from '@nestjs/common';
import { and, count, eq, ne } from 'drizzle-orm';
import { listings, type ListingRow } from '@app/db';
import { InjectDb, type Database } from '../../../common/db/database.module';

export type TeamListingRef = Pick<ListingRow, 'id' | 'name' | 'code' | 'ownerId' | 'status'>;

const REF = {
  id: listings.id,
  name: listings.name,
  code: listings.code,
  ownerId: listings.ownerId,
  status: listings.status,
};

/** Team listings (listings.enterprise_id): counts per member, and moving a leaving member's listings. */
@Injectable()
export class ListingTeamRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  async countOf(enterpriseId: string, ownerId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(listings)
      .where(and(eq(listings.enterpriseId, enterpriseId), eq(listings.ownerId, ownerId)));
    return Number(row?.n ?? 0);
  }

  /** Gives the member's team listings to another member (id, code, creation date, views and history stay). */
  reassign(enterpriseId: string, fromId: string, toId: string): Promise<TeamListingRef[]> {
    return this.db
      .update(listings)
      .set({ ownerId: toId, updatedAt: new Date() })
      .where(and(eq(listings.enterpriseId, enterpriseId), eq(listings.ownerId, fromId)))
      .returning(REF);
  }

  /** Archives the member's team listings; answers those it changed (those archived already stay so). */
  archive(enterpriseId: string, ownerId: string): Promise<TeamListingRef[]> {
    return this.db
      .update(listings)
      .set({ status: 'archived', updatedAt: new Date() })
      .where(and(eq(listings.enterpriseId, enterpriseId), eq(listings.ownerId, ownerId), ne(listings.status, 'archived')))
      .returning(REF);
  }

  /** The member's team listings that stay as they are when archiving (archived already): their ids. */
  async idsOf(enterpriseId: string, ownerId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.enterpriseId, enterpriseId), eq(listings.ownerId, ownerId)));
    return rows.map((r) => r.id);
  }

  /** The team's listings: id and owner (the team dashboard). */
  teamListings(enterpriseId: string): Promise<Array<{ id: string; ownerId: string; status: ListingRow['status'] }>> {
    return this.db
      .select({
        id: listings.id,
        ownerId: listings.ownerId,
        status: listings.status,
      })
      .from(listings)
      .where(eq(listings.enterpriseId, enterpriseId));
  }
}
