import { places } from '@app/db';
import { eq } from 'drizzle-orm';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';

describe('saved items (HTTP)', () => {
  let t: TestApp;
  let member: { token: string; user: { _id: string } };
  let other: { token: string; user: { _id: string } };
  let listingId: string;

  beforeAll(async () => {
    t = await startTestApp();
    member = await createUser(t);
    other = await createUser(t);
    const owner = await createUser(t, { type: 'broker' });
    const [brgy] = await t.db.select().from(places).where(eq(places.level, 'barangay')).limit(1);
    const res = await t.http
      .post('/api/listing/create')
      .set(auth(owner.token))
      .send({ name: 'Lot in Cebu', type: 'land', price: 3_000_000, lotSize: 300, location: { lat: 10.3, lng: 123.9 }, address: { barangayCode: brgy.code } })
      .expect(201);
    listingId = res.body._id;
  });
  afterAll(() => t.close());

  it('saves a listing, a search and a pinned item, lists them by type, and removes them', async () => {
    const l = await t.http.post('/api/user/save/listing').set(auth(member.token)).send({ userId: member.user._id, listingId }).expect(201);
    expect(l.body).toMatchObject({ type: 'listing', listing: { _id: listingId, savedCount: 1, isSaved: true } });
    const s = await t.http
      .post('/api/user/save/search')
      .set(auth(member.token))
      .send({ userId: member.user._id, name: 'Lots in Cebu', data: { query: 'q=lot&type=land' } })
      .expect(201);
    expect(s.body).toMatchObject({ type: 'search', name: 'Lots in Cebu', data: { query: 'q=lot&type=land' }, listing: null });
    await t.http.post('/api/user/save/pinned').set(auth(member.token)).send({ userId: member.user._id, listingId, name: 'Pinned lot' }).expect(201);

    const all = await t.http.post('/api/user/get/save/items').set(auth(member.token)).send({ userId: member.user._id }).expect(200);
    expect(all.body.items.map((i: { type: string }) => i.type).sort()).toEqual(['listing', 'pinned', 'search']);
    const searches = await t.http.post('/api/user/get/save/items').set(auth(member.token)).send({ userId: member.user._id, type: 'search' }).expect(200);
    expect(searches.body.items).toHaveLength(1);

    await t.http.post('/api/user/delete/save/items').set(auth(member.token)).send({ userId: member.user._id, type: 'search', itemId: s.body._id }).expect(200);
    await t.http.post('/api/user/delete/save/items').set(auth(member.token)).send({ userId: member.user._id, type: 'listing', itemId: listingId }).expect(200);
    const listing = await t.http.get(`/api/listing/get/${listingId}`).expect(200);
    expect(listing.body.savedCount).toBe(0);
    await t.http.post('/api/user/delete/save/items').set(auth(member.token)).send({ userId: member.user._id, type: 'search', itemId: s.body._id }).expect(404);
  });

  it('keeps each member to their own saved items', async () => {
    await t.http.post('/api/user/get/save/items').set(auth(other.token)).send({ userId: member.user._id }).expect(403);
    await t.http.post('/api/user/save/listing').set(auth(other.token)).send({ userId: member.user._id, listingId }).expect(403);
    await t.http.post('/api/user/delete/save/items').set(auth(other.token)).send({ userId: member.user._id, type: 'listing', itemId: listingId }).expect(403);
  });

  it('refuses an unknown type, a search without its query, and a listing that does not exist', async () => {
    await t.http.post('/api/user/save/wishlist').set(auth(member.token)).send({ userId: member.user._id }).expect(400);
    await t.http.post('/api/user/save/search').set(auth(member.token)).send({ userId: member.user._id, data: {} }).expect(400);
    await t.http
      .post('/api/user/save/listing')
      .set(auth(member.token))
      .send({ userId: member.user._id, listingId: '00000000-0000-4000-8000-000000000000' })
      .expect(404);
  });
});
