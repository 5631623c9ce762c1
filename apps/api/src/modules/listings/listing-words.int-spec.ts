import { listingWords, places, type PlaceRow } from '@app/db';
import { eq, inArray } from 'drizzle-orm';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';

/**
 * Issue 11: misspelt and partial search words are looked up in listing_words (the words of the
 * listings the public sees, kept by triggers) and searched as the known words they resemble.
 */
describe('search words: the vocabulary and misspelt words (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let broker: { token: string; user: { _id: string } };
  let barangay: PlaceRow;

  beforeAll(async () => {
    t = await startTestApp();
    broker = await createUser(t, { type: 'broker' });
    [barangay] = await t.db.select().from(places).where(eq(places.level, 'barangay')).limit(1);
  });
  afterAll(() => t.close());

  const create = (name: string) =>
    t.http
      .post('/api/listing/create')
      .set(auth(broker.token))
      .send({ name, type: 'residential', price: 3_500_000, location: { lat: 14.55, lng: 121.02 }, address: { barangayCode: barangay.code } })
      .expect(201);
  const counts = async (words: string[]) =>
    Object.fromEntries((await t.db.select().from(listingWords).where(inArray(listingWords.word, words))).map((w) => [w.word, w.listings]));
  const search = (fuzzySearch: string) => t.http.post('/api/listing/search').send({ fuzzySearch, sort: '-createdAt', limit: 10 }).expect(200);

  it('counts the words of public listings as they are created, renamed, hidden and removed', async () => {
    const { body: a } = await create('Quixotic bungalow with veranda');
    await create('Quixotic cottage');
    expect(await counts(['quixotic', 'bungalow', 'veranda', 'cottage'])).toEqual({ quixotic: 2, bungalow: 1, veranda: 1, cottage: 1 });
    await t.http.put('/api/listing/update').set(auth(broker.token)).send({ _id: a._id, owner: broker.user._id, name: 'Quixotic villa' }).expect(200);
    expect(await counts(['quixotic', 'bungalow', 'villa'])).toEqual({ quixotic: 2, bungalow: 0, villa: 1 });
    await t.http.post('/api/listing/update/visibility').set(auth(broker.token)).send({ listingId: a._id, visible: false }).expect(200);
    expect(await counts(['quixotic', 'villa'])).toEqual({ quixotic: 1, villa: 0 });
    await t.http.post('/api/listing/update/visibility').set(auth(broker.token)).send({ listingId: a._id, visible: true }).expect(200);
    await t.http.delete(`/api/listing/remove/${a._id}`).set(auth(broker.token)).expect(200);
    expect(await counts(['quixotic', 'villa'])).toEqual({ quixotic: 1, villa: 0 });
  });

  it('searches a misspelt word as the known word it resembles, and says so', async () => {
    const { body: l } = await create('Serendipity townhouse near the church');
    const res = await search('serendipty townhouse');
    expect(res.body.listings.map((x: { _id: string }) => x._id)).toContain(l._id);
    expect(res.body.searchedWords).toEqual(['serendipity', 'townhouse']);
    // words every listing has are searched as typed, with nothing to report
    // the map's clusters search the same words
    const clusters = await t.http
      .post('/api/listing/clusters')
      .send({ fuzzySearch: 'serendipty townhouse', bounds: { north: 14.6, south: 14.5, east: 121.1, west: 121.0 }, zoom: 12 })
      .expect(200);
    expect(clusters.body.total).toBe(1);
    const exact = await search('serendipity');
    expect(exact.body.searchedWords).toBeUndefined();
    expect(exact.body.listings.map((x: { _id: string }) => x._id)).toEqual([l._id]);
  });

  it('finds a partial word by its prefix, and never suggests a word only a hidden listing has', async () => {
    const { body: hidden } = await create('Zanzibarian loft');
    await t.http.post('/api/listing/update/visibility').set(auth(broker.token)).send({ listingId: hidden._id, visible: false }).expect(200);
    const res = await search('zanzibarean');
    expect(res.body.listings).toEqual([]);
    expect(res.body.searchedWords ?? []).not.toContain('zanzibarian');
    const { body: shown } = await create('Marigold residences');
    const partial = await search('marigo');
    expect(partial.body.listings.map((x: { _id: string }) => x._id)).toEqual([shown._id]);
  });
});
