import { eq } from 'drizzle-orm';
import { listingEmbeddings } from '@app/db';
import { eventsSettled } from '../../../../test/events';
import { auth, createUser, startTestApp, verifiedIdentity, type TestApp } from '../../../../test/test-app';
import { ListingsService } from '../../listings/listings.service';
import { SENTENCE_EMBEDDER, type SentenceEmbedder } from '../aria-contracts';
import { ListingEmbeddingsRepository } from './listing-embeddings.repository';
import { contentHashOf, embeddingTextOf, ListingEmbeddingsService } from './listing-embeddings.service';
import { dequantize } from './sentence-embedder';

type Member = Awaited<ReturnType<typeof createUser>>;

describe('listing embeddings (subscriber, backfill, ranking)', () => {
  let t: TestApp;
  let owner: Member;
  let embeddings: ListingEmbeddingsService;
  let barangay: string;

  const create = async (body: Record<string, unknown>) =>
    (
      await t.http
        .post('/api/listing/create')
        .set(auth(owner.token))
        .send({ name: 'Embedding fixture', type: 'residential', kind: 'condominium', price: 4_000_000, floorSize: 40, location: { lat: 14.55, lng: 121.02 }, address: { barangayCode: barangay }, ...body })
        .expect(201)
    ).body._id as string;
  const update = (id: string, body: Record<string, unknown>) =>
    t.http.put('/api/listing/update').set(auth(owner.token)).send({ _id: id, owner: owner.user._id, ...body }).expect(200);
  const stored = async (id: string) => (await t.db.select().from(listingEmbeddings).where(eq(listingEmbeddings.listingId, id)))[0];

  beforeAll(async () => {
    t = await startTestApp({ ARIA_EMBEDDINGS: 'on' });
    embeddings = t.app.get(ListingEmbeddingsService, { strict: false });
    owner = await createUser(t, { type: 'broker', ...verifiedIdentity() });
    const [row] = (await t.db.execute(`select code from places where level = 'barangay' order by code limit 1`) as unknown as { rows: Array<{ code: string }> }).rows;
    barangay = row.code;
  });
  afterAll(() => t?.close());

  it('embeds a created listing: a unit vector of 512 signed bytes under the model, with the hash of its text', async () => {
    const id = await create({ name: 'Sunny loft', description: 'A sunny loft with high ceilings and a roof deck.' });
    await eventsSettled(t.app, 30_000);
    const row = await stored(id);
    const embedder = t.app.get<SentenceEmbedder>(SENTENCE_EMBEDDER, { strict: false });
    expect(row.model).toBe(embedder.model);
    expect(row.vector).toHaveLength(512);
    const norm = Math.sqrt(dequantize(row.vector).reduce((s, x) => s + x * x, 0));
    expect(norm).toBeGreaterThan(0.95);
    expect(norm).toBeLessThan(1.05);
    const [source] = await t.app.get(ListingsService, { strict: false }).embeddingTextsOf([id]);
    expect(row.contentHash).toBe(contentHashOf(embeddingTextOf(source)));
    expect(embeddingTextOf(source)).toContain('Sunny loft. Condominium for sale in');
  });

  it('embeds again when the text changes, and only then', async () => {
    const id = await create({ name: 'Garden flat', description: 'Ground-floor flat with a private garden.' });
    await eventsSettled(t.app, 30_000);
    const first = await stored(id);

    // a price change leaves the embedded text as it was: the row is not written again
    await update(id, { price: 3_900_000 });
    await eventsSettled(t.app, 30_000);
    const afterPrice = await stored(id);
    expect(afterPrice.contentHash).toBe(first.contentHash);
    expect(afterPrice.updatedAt.getTime()).toBe(first.updatedAt.getTime());

    await update(id, { description: 'Penthouse with a wraparound terrace and a jacuzzi overlooking the bay.' });
    await eventsSettled(t.app, 30_000);
    const afterText = await stored(id);
    expect(afterText.contentHash).not.toBe(first.contentHash);
    expect(afterText.updatedAt.getTime()).toBeGreaterThan(first.updatedAt.getTime());
    expect(Buffer.compare(afterText.vector, first.vector)).not.toBe(0);
  });

  it('the backfill embeds listings that have no embedding, and finds nothing more to do after', async () => {
    const id = await create({ name: 'Old listing', description: 'Listed before ARIA was switched on.' });
    await eventsSettled(t.app, 30_000);
    await t.db.delete(listingEmbeddings).where(eq(listingEmbeddings.listingId, id));
    expect(await stored(id)).toBeUndefined();
    const run = await embeddings.backfill();
    expect(run.embedded).toBeGreaterThanOrEqual(1);
    expect(await stored(id)).toBeDefined();
    // the walk wrapped or goes on from where it stopped: a second full pass embeds nothing
    let again = await embeddings.backfill();
    while (!again.wrapped && again.scanned > 0) again = await embeddings.backfill();
    expect(again.embedded).toBe(0);
  });

  it('ranks candidates by cosine similarity to the question; with embeddings off it embeds nothing and ranks nothing', async () => {
    const pool = await create({ name: 'Resort villa', description: 'Villa with a swimming pool and a garden near the beach.' });
    const office = await create({ name: 'Office floor', description: 'Grade A office floor in the central business district with parking.' });
    await eventsSettled(t.app, 30_000);
    const scores = (await embeddings.rank(await embeddings.embedQuery('house with a pool near the sea'), [pool, office]))!;
    expect(scores.get(pool)!).toBeGreaterThan(scores.get(office)!);

    const off = new ListingEmbeddingsService(
      t.app.get(ListingEmbeddingsRepository, { strict: false }),
      t.app.get(ListingsService, { strict: false }),
      t.app.get<SentenceEmbedder>(SENTENCE_EMBEDDER, { strict: false }),
      { ...t.config, aria: { ...t.config.aria, embeddings: false } },
    );
    expect(await off.refresh([pool])).toBe(0);
    expect(await off.embedQuery('house with a pool')).toBeNull();
    expect(await off.rank(new Float32Array(512), [pool, office])).toBeNull();
    expect(await off.backfill()).toEqual({ embedded: 0, scanned: 0, wrapped: false });
  });
});
