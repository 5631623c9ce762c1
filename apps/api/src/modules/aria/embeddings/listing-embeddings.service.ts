import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { KIND_LABELS, type ListingKind } from '@app/domain';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config';
import { isForeignKeyViolation } from '../../../common/db/pg-errors';
import { ListingsService } from '../../listings/listings.service';
import { SENTENCE_EMBEDDER, type SentenceEmbedder } from '../aria-contracts';
import { cosineWithStored, quantize } from './sentence-embedder';
import { ListingEmbeddingsRepository } from './listing-embeddings.repository';

/** What a listing's embedding is computed from (ListingsService.embeddingTexts). */
export interface ListingEmbeddingSource {
  id: string;
  name: string;
  type: string;
  kind: string | null;
  offer: string;
  barangayName: string;
  cityName: string;
  description: string;
}

/** Characters of the description that go into the embedded text. */
export const EMBEDDED_DESCRIPTION_CHARS = 500;
/** Listings the backfill embeds per run at most (and stops sooner when BACKFILL_BUDGET_MS is spent). */
export const EMBEDDING_BACKFILL_BATCH = 200;
const BACKFILL_BUDGET_MS = 8000;
/** After a whole pass over the listings (WALK_STEP or more) that found nothing to embed, the backfill rests this long. */
const BACKFILL_REST_MS = 60 * 60 * 1000;
/** Listings read per step of the backfill's walk. */
const WALK_STEP = 1000;

/** The text a listing is embedded from: name, kind, offer, barangay, city, the start of the description. */
export function embeddingTextOf(l: ListingEmbeddingSource): string {
  const kind = l.kind ? (KIND_LABELS[l.kind as ListingKind] ?? l.kind) : l.type;
  const offer = l.offer === 'rent' ? 'for rent' : 'for sale';
  const description = l.description.replace(/\s+/g, ' ').trim().slice(0, EMBEDDED_DESCRIPTION_CHARS);
  return `${l.name}. ${kind} ${offer} in ${l.barangayName}, ${l.cityName}. ${description}`.trim();
}

/** sha1 of the text embedded (an update that changes none of it is not embedded again). */
export const contentHashOf = (text: string) => createHash('sha1').update(text).digest('hex');

/**
 * ARIA's semantic listing search: each listing's sentence embedding (listing_embeddings, int8), kept
 * up to date by a subscriber on listing.created / listing.updated and a backfill task, and ranking
 * of a structured search's candidates by cosine similarity to the question's embedding. With
 * ARIA_EMBEDDINGS=off nothing is embedded and `rank` answers null (the structured order stands).
 */
@Injectable()
export class ListingEmbeddingsService {
  private readonly logger = new Logger('ListingEmbeddings');
  /** Where the backfill's walk through the listings goes on from (per process; a restart walks again from the start). */
  private backfillAfter: string | null = null;
  /** Listings embedded since the walk last started from the beginning, and when a walk that found none may start again. */
  private embeddedThisPass = 0;
  private scannedThisPass = 0;
  private restUntil = 0;

  constructor(
    private readonly repository: ListingEmbeddingsRepository,
    private readonly listings: ListingsService,
    @Inject(SENTENCE_EMBEDDER) private readonly embedder: SentenceEmbedder,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get enabled(): boolean {
    return this.config.aria.embeddings;
  }

  /**
   * Embeds these listings when their text changed since their embedding (or they have none, or it is
   * of another model); unchanged ones cost one lookup. Answers how many were embedded.
   */
  async refresh(listingIds: string[]): Promise<number> {
    if (!this.enabled || !listingIds.length) return 0;
    return this.embedStale(await this.listings.embeddingTextsOf([...new Set(listingIds)]));
  }

  /** Embeds those of these listings whose embedding is missing or stale; answers how many. */
  private async embedStale(sources: ListingEmbeddingSource[]): Promise<number> {
    if (!sources.length) return 0;
    const stored = await this.repository.hashesOf(sources.map((s) => s.id));
    const stale = sources
      .map((s) => ({ id: s.id, text: embeddingTextOf(s) }))
      .map((s) => ({ ...s, hash: contentHashOf(s.text) }))
      .filter((s) => {
        const have = stored.get(s.id);
        return !have || have.model !== this.embedder.model || have.contentHash !== s.hash;
      });
    if (!stale.length) return 0;
    const vectors = await this.embedder.embed(stale.map((s) => s.text));
    const rows = stale.map((s, i) => ({ listingId: s.id, model: this.embedder.model, vector: quantize(vectors[i]), contentHash: s.hash }));
    try {
      await this.repository.upsert(rows);
    } catch (err) {
      // a listing deleted meanwhile (its row is gone: the foreign key refuses): write the others
      if (!isForeignKeyViolation(err)) throw err;
      const still = new Set((await this.listings.embeddingTextsOf(rows.map((r) => r.listingId))).map((l) => l.id));
      await this.repository.upsert(rows.filter((r) => still.has(r.listingId)));
    }
    return stale.length;
  }

  /**
   * One run of the backfill: walks the listings in id order from where the last run stopped, embeds
   * those without an up-to-date embedding, up to EMBEDDING_BACKFILL_BATCH of them (or the time budget);
   * at the end of the table the walk starts again.
   */
  async backfill(batch = EMBEDDING_BACKFILL_BATCH): Promise<{ embedded: number; scanned: number; wrapped: boolean }> {
    if (!this.enabled || Date.now() < this.restUntil) return { embedded: 0, scanned: 0, wrapped: false };
    const started = Date.now();
    let embedded = 0;
    let scanned = 0;
    let wrapped = false;
    while (embedded < batch && Date.now() - started < BACKFILL_BUDGET_MS) {
      const page = await this.listings.embeddingTexts(this.backfillAfter, WALK_STEP);
      if (!page.length) {
        this.backfillAfter = null;
        wrapped = true;
        // a whole pass over many listings found nothing to embed: the subscriber keeps up, so the walk rests a while
        if (this.embeddedThisPass + embedded === 0 && this.scannedThisPass + scanned >= WALK_STEP) this.restUntil = Date.now() + BACKFILL_REST_MS;
        this.embeddedThisPass = -embedded;
        this.scannedThisPass = -scanned;
        break;
      }
      scanned += page.length;
      const stored = await this.repository.hashesOf(page.map((p) => p.id));
      const missing = page.filter((p) => {
        const have = stored.get(p.id);
        return !have || have.model !== this.embedder.model || have.contentHash !== contentHashOf(embeddingTextOf(p));
      });
      // the stale ones up to the batch; the walk goes on after the last one embedded, or after the page when all were
      const take = missing.slice(0, batch - embedded);
      let done = 0;
      while (done < take.length && Date.now() - started < BACKFILL_BUDGET_MS) {
        const chunk = take.slice(done, done + 16);
        embedded += await this.embedStale(chunk);
        done += chunk.length;
        this.backfillAfter = chunk[chunk.length - 1].id;
      }
      if (done < missing.length) break;
      this.backfillAfter = page[page.length - 1].id;
    }
    this.embeddedThisPass += embedded;
    this.scannedThisPass += scanned;
    if (embedded) this.logger.log(`Embedded ${embedded} listings (${Date.now() - started} ms)`);
    return { embedded, scanned, wrapped };
  }

  /** The question's unit vector, or null when embeddings are off or the text is empty. */
  async embedQuery(text: string | undefined): Promise<Float32Array | null> {
    if (!this.enabled || !text?.trim()) return null;
    const [v] = await this.embedder.embed([text.trim()]);
    return v ?? null;
  }

  /**
   * Cosine similarity of the query to each candidate that has an embedding under the current model;
   * null when embeddings are off. Candidates without one are absent from the map (the caller ranks
   * them after the scored ones, in their structured order).
   */
  async rank(queryVector: Float32Array | null, candidateIds: string[]): Promise<Map<string, number> | null> {
    if (!this.enabled || !queryVector || !candidateIds.length) return null;
    const vectors = await this.repository.vectorsOf(candidateIds, this.embedder.model);
    const scores = new Map<string, number>();
    for (const [id, v] of vectors) scores.set(id, cosineWithStored(queryVector, v));
    return scores;
  }
}
