import { Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { listingEmbeddings } from '@app/db';
import { InjectDb, type Database } from '../../../common/db/database.module';

/** A listing's embedding as written: the model, the int8-quantised unit vector and the hash of the text embedded. */
export interface ListingEmbeddingInput {
  listingId: string;
  model: string;
  vector: Buffer;
  contentHash: string;
}

/** listing_embeddings (module `aria`): one row per listing, the vector of its text under one model. */
@Injectable()
export class ListingEmbeddingsRepository {
  constructor(@InjectDb() private readonly db: Database) {}

  /** Writes (or replaces) the embeddings of these listings in one statement. */
  async upsert(rows: ListingEmbeddingInput[]): Promise<void> {
    if (!rows.length) return;
    await this.db
      .insert(listingEmbeddings)
      .values(rows.map((r) => ({ ...r, updatedAt: new Date() })))
      .onConflictDoUpdate({
        target: listingEmbeddings.listingId,
        set: { model: sql`excluded.model`, vector: sql`excluded.vector`, contentHash: sql`excluded.content_hash`, updatedAt: sql`excluded.updated_at` },
      });
  }

  /** The model and text hash stored for each of these listings (those without an embedding are absent). */
  async hashesOf(listingIds: string[]): Promise<Map<string, { model: string; contentHash: string }>> {
    if (!listingIds.length) return new Map();
    const rows = await this.db
      .select({ listingId: listingEmbeddings.listingId, model: listingEmbeddings.model, contentHash: listingEmbeddings.contentHash })
      .from(listingEmbeddings)
      .where(inArray(listingEmbeddings.listingId, listingIds));
    return new Map(rows.map((r) => [r.listingId, { model: r.model, contentHash: r.contentHash }]));
  }

  /** The stored vectors of these listings under `model` (others, and listings without one, are absent). */
  async vectorsOf(listingIds: string[], model: string): Promise<Map<string, Buffer>> {
    if (!listingIds.length) return new Map();
    const rows = await this.db
      .select({ listingId: listingEmbeddings.listingId, vector: listingEmbeddings.vector })
      .from(listingEmbeddings)
      .where(and(sql`${listingEmbeddings.listingId} = any(${`{${listingIds.join(',')}}`}::uuid[])`, eq(listingEmbeddings.model, model)));
    return new Map(rows.map((r) => [r.listingId, r.vector]));
  }

  /** How many listings have an embedding under `model`. */
  async countOf(model: string): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(listingEmbeddings).where(eq(listingEmbeddings.model, model));
    return Number(row?.n ?? 0);
  }
}
