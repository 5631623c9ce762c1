import { listings, places, savedItems } from '@app/db';
import { eq } from 'drizzle-orm';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';

describe('saved items (HTTP)', () => {
  let t: TestApp;
  let member: { token: string; user: { _id: string } };
  let other: { token: string; user: { _id: string } };
  let listingId: string;
  let owner: { token: string; user: { _id: string } };
  let barangayCode: string;
  const NOT_FOUND = "The listing you're looking for might have been deleted or does not exist";

  beforeAll(async () => {
    t = await startTestApp();
    member = await createUser(t);
    other = await createUser(t);
    owner = await createUser(t, { type: 'broker' });
    const [brgy] = await t.db.select().from(places).where(eq(places.level, 'barangay')).limit(1);
    barangayCode = brgy.code;
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

  describe('pinned items', () => {
    const pin = (who: { token: string }, body: Record<string, unknown>) => t.http.post('/api/user/save/pinned').set(auth(who.token)).send(body);
    const pinsOf = async (who: { token: string; user: { _id: string } }) =>
      (await t.http.post('/api/user/get/save/items').set(auth(who.token)).send({ userId: who.user._id, type: 'pinned' }).expect(200)).body.items as {
        _id: string;
        name: string | null;
        listing: { _id: string } | null;
        data: Record<string, unknown>;
      }[];
    const saveSearch = async (who: { token: string; user: { _id: string } }, name: string, query: string) =>
      (await t.http.post('/api/user/save/search').set(auth(who.token)).send({ userId: who.user._id, name, data: { query } }).expect(201)).body._id as string;

    it('pins a listing once: a second pin answers the first and adds nothing', async () => {
      const pinner = await createUser(t);
      const first = await pin(pinner, { userId: pinner.user._id, listingId }).expect(201);
      const again = await pin(pinner, { userId: pinner.user._id, listingId }).expect(201);
      expect(again.body._id).toBe(first.body._id);
      expect(again.body).toMatchObject({ type: 'pinned', listing: { _id: listingId } });
      expect((await pinsOf(pinner)).map((p) => p._id)).toEqual([first.body._id]);
      // pinning is not saving: the listing's saved count does not move
      expect((await t.http.get(`/api/listing/get/${listingId}`).expect(200)).body.savedCount).toBe(0);
    });

    it("pins one of the member's own saved searches once, with its name and query", async () => {
      const pinner = await createUser(t);
      const searchId = await saveSearch(pinner, 'Lots in Cebu', 'q=lot&city=cebu');
      const first = await pin(pinner, { userId: pinner.user._id, data: { kind: 'search', savedItemId: searchId, query: 'q=forged' } }).expect(201);
      expect(first.body).toMatchObject({ type: 'pinned', name: 'Lots in Cebu', listing: null, data: { kind: 'search', savedItemId: searchId, query: 'q=lot&city=cebu' } });
      const again = await pin(pinner, { userId: pinner.user._id, name: 'Again', data: { kind: 'search', savedItemId: searchId } }).expect(201);
      expect(again.body._id).toBe(first.body._id);
      expect(await pinsOf(pinner)).toHaveLength(1);
    });

    it("refuses to pin another member's saved search, an unknown one, or one named wrongly", async () => {
      const pinner = await createUser(t);
      const othersSearch = await saveSearch(other, 'Theirs', 'q=house');
      const notYours = await pin(pinner, { userId: pinner.user._id, data: { kind: 'search', savedItemId: othersSearch } }).expect(404);
      expect(notYours.body.message).toBe('Saved search not found: pin one of your own saved searches');
      await pin(pinner, { userId: pinner.user._id, data: { kind: 'search', savedItemId: '00000000-0000-4000-8000-000000000000' } }).expect(404);
      const noId = await pin(pinner, { userId: pinner.user._id, data: { kind: 'search' } }).expect(400);
      expect(noId.body.message).toBe('A pinned saved search needs data.savedItemId: the id of one of your saved searches');
      await pin(pinner, { userId: pinner.user._id, data: { kind: 'search', savedItemId: 'not-an-id' } }).expect(400);
      // a saved listing's id is not a saved search
      const saved = await t.http.post('/api/user/save/listing').set(auth(pinner.token)).send({ userId: pinner.user._id, listingId }).expect(201);
      await pin(pinner, { userId: pinner.user._id, data: { kind: 'search', savedItemId: saved.body._id } }).expect(404);
      const both = await pin(pinner, { userId: pinner.user._id, listingId, data: { kind: 'search', savedItemId: othersSearch } }).expect(400);
      expect(both.body.message).toBe('A pinned saved search takes data.savedItemId, not a listingId');
      expect(await pinsOf(pinner)).toEqual([]);
      await t.http.post('/api/user/delete/save/items').set(auth(pinner.token)).send({ userId: pinner.user._id, type: 'listing', itemId: listingId }).expect(200);
    });

    it('pins a market report once per address, and refuses an address outside /market/', async () => {
      const pinner = await createUser(t);
      const href = `/market/${barangayCode}/demographics?offer=rent`;
      const data = { kind: 'report', group: 'demographics', area: barangayCode, areaName: 'Somewhere', href };
      const first = await pin(pinner, { userId: pinner.user._id, name: 'Demographics: Somewhere', data }).expect(201);
      expect(first.body).toMatchObject({ type: 'pinned', name: 'Demographics: Somewhere', listing: null, data });
      // twice at once, then again: still one pin of that address
      const [a, b] = await Promise.all([pin(pinner, { userId: pinner.user._id, data }).expect(201), pin(pinner, { userId: pinner.user._id, data }).expect(201)]);
      expect([a.body._id, b.body._id]).toEqual([first.body._id, first.body._id]);
      // another address of the same report (Buy, not Rent) is another pin
      const sale = await pin(pinner, { userId: pinner.user._id, data: { ...data, href: `/market/${barangayCode}/demographics` } }).expect(201);
      expect(sale.body._id).not.toBe(first.body._id);
      for (const bad of ['https://evil.example/market/1/demographics', '/listings?q=1', '/market//demographics', `/market/${barangayCode}/demographics#x`, 'javascript:alert(1)', 42]) {
        const res = await pin(pinner, { userId: pinner.user._id, data: { ...data, href: bad } }).expect(400);
        expect(res.body.message).toMatch(/^A pinned report needs data.href: its address in the app, \/market\//);
      }
      expect((await pin(pinner, { userId: pinner.user._id, listingId, data }).expect(400)).body.message).toBe('A pinned report takes data.href, not a listingId');
      expect((await pinsOf(pinner)).map((p) => p._id).sort()).toEqual([first.body._id, sale.body._id].sort());
    });

    it('unpins; removing a saved search removes its pin, and leaves the other pins', async () => {
      const pinner = await createUser(t);
      const kept = await saveSearch(pinner, 'Kept', 'q=kept');
      const gone = await saveSearch(pinner, 'Gone', 'q=gone');
      const keptPin = await pin(pinner, { userId: pinner.user._id, data: { kind: 'search', savedItemId: kept } }).expect(201);
      await pin(pinner, { userId: pinner.user._id, data: { kind: 'search', savedItemId: gone } }).expect(201);
      const listingPin = await pin(pinner, { userId: pinner.user._id, listingId }).expect(201);

      await t.http.post('/api/user/delete/save/items').set(auth(pinner.token)).send({ userId: pinner.user._id, type: 'search', itemId: gone }).expect(200);
      expect((await pinsOf(pinner)).map((p) => p._id).sort()).toEqual([keptPin.body._id, listingPin.body._id].sort());

      await t.http.post('/api/user/delete/save/items').set(auth(pinner.token)).send({ userId: pinner.user._id, type: 'pinned', itemId: listingPin.body._id }).expect(200);
      expect((await pinsOf(pinner)).map((p) => p._id)).toEqual([keptPin.body._id]);
      await t.http.post('/api/user/delete/save/items').set(auth(pinner.token)).send({ userId: pinner.user._id, type: 'pinned', itemId: listingPin.body._id }).expect(404);
      // the listing can be pinned again after an unpin
      await pin(pinner, { userId: pinner.user._id, listingId }).expect(201);
      expect(await pinsOf(pinner)).toHaveLength(2);
    });
  });

  describe('a listing the caller cannot see', () => {
    const create = async (who: { token: string }, over: Record<string, unknown> = {}) =>
      (
        await t.http
          .post('/api/listing/create')
          .set(auth(who.token))
          .send({ name: 'House in Cebu', type: 'residential', price: 9_000_000, location: { lat: 10.31, lng: 123.89 }, address: { barangayCode }, ...over })
          .expect(201)
      ).body._id as string;
    const hide = (id: string, visible = false) =>
      t.http.post('/api/listing/update/visibility').set(auth(owner.token)).send({ listingId: id, visible }).expect(200);
    const savedCountOf = async (id: string) => (await t.db.select({ n: listings.savedCount }).from(listings).where(eq(listings.id, id)))[0].n;
    const items = async (who: { token: string; user: { _id: string } }) =>
      (await t.http.post('/api/user/get/save/items').set(auth(who.token)).send({ userId: who.user._id }).expect(200)).body.items as {
        type: string;
        listing: Record<string, unknown> | null;
      }[];

    it("refuses to save or pin another member's draft or hidden listing (404) and changes nothing", async () => {
      const draft = await create(owner, { status: 'draft' });
      const hidden = await create(owner);
      await hide(hidden);
      const saver = await createUser(t);
      for (const id of [draft, hidden]) {
        for (const type of ['listing', 'pinned']) {
          const res = await t.http.post(`/api/user/save/${type}`).set(auth(saver.token)).send({ userId: saver.user._id, listingId: id, name: 'x' }).expect(404);
          expect(res.body).toEqual({ statusCode: 404, message: NOT_FOUND, error: 'Not Found' });
        }
        const viaListing = await t.http.post('/api/listing/save').set(auth(saver.token)).send({ listingId: id }).expect(404);
        expect(viaListing.body.message).toBe(NOT_FOUND);
        expect(await savedCountOf(id)).toBe(0);
      }
      expect(await t.db.select().from(savedItems).where(eq(savedItems.userId, saver.user._id))).toEqual([]);
      expect(await items(saver)).toEqual([]);
    });

    it('answers a saved listing its owner hid later as { _id, unavailable: true }; the owner and admins still see it', async () => {
      const id = await create(owner);
      const saver = await createUser(t);
      const admin = await createUser(t, { role: 'admin' });
      for (const who of [saver, owner, admin]) {
        await t.http.post('/api/user/save/listing').set(auth(who.token)).send({ userId: who.user._id, listingId: id }).expect(201);
      }
      await t.http.post('/api/user/save/pinned').set(auth(saver.token)).send({ userId: saver.user._id, listingId: id, name: 'Pinned' }).expect(201);
      await hide(id);

      const mine = await items(saver);
      expect(mine).toHaveLength(2);
      for (const item of mine) expect(item.listing).toEqual({ _id: id, unavailable: true });
      for (const who of [owner, admin]) {
        const [item] = await items(who);
        expect(item.listing).toMatchObject({ _id: id, name: 'House in Cebu', isVisible: false, savedCount: 3 });
        expect(item.listing).not.toHaveProperty('unavailable');
      }

      await hide(id, true);
      expect((await items(saver))[0].listing).toMatchObject({ _id: id, name: 'House in Cebu', savedCount: 3 });
    });

    it('unsaves a listing the caller can no longer see without revealing its saved count', async () => {
      const id = await create(owner);
      const saver = await createUser(t);
      const fan = await createUser(t);
      for (const who of [saver, fan]) await t.http.post('/api/listing/save').set(auth(who.token)).send({ listingId: id }).expect(200);
      await hide(id);
      const res = await t.http.put('/api/listing/unsave').set(auth(saver.token)).send({ listingId: id }).expect(200);
      expect(res.body).toEqual({ saved: false, savedCount: 0 });
      expect(await savedCountOf(id)).toBe(1);
      expect(await items(saver)).toEqual([]);
      // the owner still reads the true count
      const ownerView = await t.http.put('/api/listing/unsave').set(auth(owner.token)).send({ listingId: id }).expect(200);
      expect(ownerView.body).toEqual({ saved: false, savedCount: 1 });
    });

    it('keeps saved counts exact when a member who saved listings is deleted, and deletes a saved listing with its owner', async () => {
      const id = await create(owner);
      const leaving = await createUser(t);
      const staying = await createUser(t);
      for (const who of [leaving, staying]) await t.http.post('/api/listing/save').set(auth(who.token)).send({ listingId: id }).expect(200);
      expect(await savedCountOf(id)).toBe(2);
      const admin = await createUser(t, { role: 'super_admin' });
      await t.http.delete(`/api/user/remove/${leaving.user._id}`).set(auth(admin.token)).expect(200);
      expect(await savedCountOf(id)).toBe(1);
      // a member whose listing others saved: the listing, its saved rows and its count go together
      const seller = await createUser(t, { type: 'broker' });
      const theirs = await create(seller);
      await t.http.post('/api/listing/save').set(auth(staying.token)).send({ listingId: theirs }).expect(200);
      await t.http.delete(`/api/user/remove/${seller.user._id}`).set(auth(admin.token)).expect(200);
      expect(await t.db.select().from(listings).where(eq(listings.id, theirs))).toEqual([]);
      expect((await items(staying)).map((i) => i.listing?._id)).toEqual([id]);
    });
  });
});
