import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { listings, marketListings, places } from '@app/db';
import { eventsSettled } from '../../../test/events';
import { auth, createUser, startTestApp, verifiedIdentity, type TestApp } from '../../../test/test-app';
import { ListingsService } from './listings.service';

type Member = Awaited<ReturnType<typeof createUser>>;

/**
 * Suspending a member takes their listings off the public (search, pages, market figures) and
 * reinstating them brings back exactly the listings the suspension hid: not those the owner had hidden,
 * nor one staff set meanwhile. Everything through the HTTP API and the events (real PostgreSQL).
 */
describe('a suspended owner’s listings leave the public until the owner is reinstated', () => {
  let t: TestApp;
  let admin: Member;
  let owner: Member;
  let barangay: string;
  const WORD = 'suspendedownerzq';

  const create = async (name: string) =>
    (
      await t.http
        .post('/api/listing/create')
        .set(auth(owner.token))
        .send({ name: `${WORD} ${name}`, type: 'residential', kind: 'condominium', offer: 'sale', price: 3_000_000, floorSize: 30, location: { lat: 14.55, lng: 121.02 }, address: { barangayCode: barangay } })
        .expect(201)
    ).body._id as string;
  const setVisible = (token: string, listingId: string, visible: boolean) =>
    t.http.post('/api/listing/update/visibility').set(auth(token)).send({ listingId, visible }).expect(200);
  const setStatus = (status: 'suspended' | 'active') => t.http.put('/api/user/update').set(auth(admin.token)).send({ _id: owner.user._id, status }).expect(200);
  const publicIds = async () => {
    const res = await t.http.post('/api/listing/search').send({ fuzzySearch: WORD, limit: 10 }).expect(200);
    return (res.body.listings as Array<{ _id: string }>).map((l) => l._id).sort();
  };
  const rows = async (ids: string[]) =>
    Object.fromEntries(
      (await t.db.select({ id: listings.id, isVisible: listings.isVisible, hidden: listings.hiddenForSuspension }).from(listings).where(inArray(listings.id, ids))).map((r) => [r.id, r]),
    );
  const marketPublic = async (ids: string[]) =>
    Object.fromEntries((await t.db.select({ id: marketListings.listingId, isPublic: marketListings.isPublic }).from(marketListings).where(inArray(marketListings.listingId, ids))).map((r) => [r.id, r.isPublic]));

  beforeAll(async () => {
    t = await startTestApp();
    admin = await createUser(t, { role: 'admin' });
    owner = await createUser(t, { type: 'broker', ...verifiedIdentity() });
    [{ code: barangay }] = await t.db.select({ code: places.code }).from(places).where(and(eq(places.level, 'barangay'), sql`${places.cityCode} is not null`)).limit(1);
  });
  afterAll(() => t.close());

  it('hides the visible listings on suspension, restores only those on reinstatement, each change an event the market figures follow', async () => {
    const [a, b, c] = [await create('A'), await create('B'), await create('C')];
    // the owner hid B themselves
    await setVisible(owner.token, b, false);
    await eventsSettled(t.app);
    expect(await publicIds()).toEqual([a, c].sort());

    await setStatus('suspended');
    await eventsSettled(t.app);
    expect(await publicIds()).toEqual([]);
    expect(await rows([a, b, c])).toEqual({
      [a]: { id: a, isVisible: false, hidden: true },
      [b]: { id: b, isVisible: false, hidden: false },
      [c]: { id: c, isVisible: false, hidden: true },
    });
    await t.http.get(`/api/listing/get/${a}`).expect(404);
    expect(await marketPublic([a, b, c])).toEqual({ [a]: false, [b]: false, [c]: false });
    const hiddenEvents = (await t.db.execute(
      sql`select entity_id from outbox where type = 'listing.visibility_changed' and actor_id = ${admin.user._id} and (data->>'visible')::boolean = false order by entity_id`,
    )) as unknown as { rows: Array<{ entity_id: string }> };
    expect(hiddenEvents.rows.map((r) => r.entity_id)).toEqual([a, c].sort());

    // staff show C while the owner is suspended: that choice stands
    await setVisible(admin.token, c, true);
    await eventsSettled(t.app);
    expect((await rows([c]))[c]).toEqual({ id: c, isVisible: true, hidden: false });

    await setStatus('active');
    await eventsSettled(t.app);
    expect(await publicIds()).toEqual([a, c].sort());
    expect(await rows([a, b, c])).toEqual({
      [a]: { id: a, isVisible: true, hidden: false },
      [b]: { id: b, isVisible: false, hidden: false },
      [c]: { id: c, isVisible: true, hidden: false },
    });
    expect(await marketPublic([a, b, c])).toEqual({ [a]: true, [b]: false, [c]: true });
  });

  it('is idempotent: hiding or showing again changes nothing and publishes nothing', async () => {
    const service = t.app.get(ListingsService);
    const other = await createUser(t, { type: 'broker', ...verifiedIdentity() });
    const res = await t.http
      .post('/api/listing/create')
      .set(auth(other.token))
      .send({ name: `${WORD} other`, type: 'residential', kind: 'condominium', offer: 'sale', price: 2_000_000, floorSize: 20, location: { lat: 14.55, lng: 121.02 }, address: { barangayCode: barangay } })
      .expect(201);
    expect(await service.hideForSuspendedOwner(other.user._id, admin.user._id)).toBe(1);
    expect(await service.hideForSuspendedOwner(other.user._id, admin.user._id)).toBe(0);
    expect(await service.showAfterSuspension(other.user._id, admin.user._id)).toBe(1);
    expect(await service.showAfterSuspension(other.user._id, admin.user._id)).toBe(0);
    expect((await rows([res.body._id]))[res.body._id]).toEqual({ id: res.body._id, isVisible: true, hidden: false });
    const events = (await t.db.execute(
      sql`select (data->>'visible')::boolean as visible from outbox where type = 'listing.visibility_changed' and entity_id = ${res.body._id} order by seq`,
    )) as unknown as { rows: Array<{ visible: boolean }> };
    expect(events.rows).toEqual([{ visible: false }, { visible: true }]);
  });

  it('removing the owner removes each listing with its listing.removed event (market lives end) and its photos from storage', async () => {
    const leaving = await createUser(t, { type: 'broker', ...verifiedIdentity() });
    const made: string[] = [];
    for (const name of ['gone 1', 'gone 2']) {
      const res = await t.http
        .post('/api/listing/create')
        .set(auth(leaving.token))
        .send({ name: `${WORD} ${name}`, type: 'residential', kind: 'condominium', offer: 'sale', price: 4_000_000, floorSize: 40, location: { lat: 14.55, lng: 121.02 }, address: { barangayCode: barangay } })
        .expect(201);
      made.push(res.body._id);
    }
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 30, g: 120, b: 90 } } }).png().toBuffer();
    const uploaded = await t.http.post(`/api/listing/upload-image/${made[0]}`).set(auth(leaving.token)).attach('image', photo, 'a.png').expect(200);
    const [image] = uploaded.body.images as Array<{ url: string; thumbnailUrl: string }>;
    await t.http.get(image.url).expect(200);
    await eventsSettled(t.app);
    expect(await marketPublic(made)).toEqual({ [made[0]]: true, [made[1]]: true });

    await t.http.delete(`/api/user/remove/${leaving.user._id}`).set(auth(admin.token)).expect(200);
    await eventsSettled(t.app);
    expect(await t.db.select({ id: listings.id }).from(listings).where(inArray(listings.id, made))).toEqual([]);
    const removed = (await t.db.execute(
      sql`select entity_id, actor_id, (data->>'byStaff')::boolean as by_staff from outbox where type = 'listing.removed' and entity_id in (${sql.join(made.map((id) => sql`${id}`), sql`, `)}) order by entity_id`,
    )) as unknown as { rows: Array<{ entity_id: string; actor_id: string; by_staff: boolean }> };
    expect(removed.rows).toEqual([...made].sort().map((id) => ({ entity_id: id, actor_id: admin.user._id, by_staff: true })));
    const lives = await t.db.select({ id: marketListings.listingId, isPublic: marketListings.isPublic, endReason: marketListings.endReason }).from(marketListings).where(inArray(marketListings.listingId, made));
    expect(lives.sort((x, y) => x.id.localeCompare(y.id))).toEqual([...made].sort().map((id) => ({ id, isPublic: false, endReason: 'removed' })));
    await t.http.get(image.url).expect(404);
    await t.http.get(image.thumbnailUrl).expect(404);
  });
});
