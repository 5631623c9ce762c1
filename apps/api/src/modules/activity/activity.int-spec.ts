import { places } from '@app/db';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { eventsSettled } from '../../../test/events';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';

type Member = Awaited<ReturnType<typeof createUser>>;
interface Activity {
  _id: string;
  kind: string;
  title: string;
  link: string;
  byMe: boolean;
  userId: string;
  data: Record<string, unknown>;
}

describe('activity (HTTP, real PostgreSQL and Redis)', () => {
  let t: TestApp;
  let owner: Member;
  let member: Member;
  let other: Member;
  let viewer: Member;
  let listingId: string;
  let hiddenId: string;
  const mine = async (who: Member, query = ''): Promise<Activity[]> =>
    (await t.http.get(`/api/activity/user${query}`).set(auth(who.token)).expect(200)).body.activities;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { type: 'broker' });
    member = await createUser(t);
    other = await createUser(t);
    viewer = await createUser(t, { role: 'viewer' });
    const [brgy] = await t.db.select().from(places).where(eq(places.level, 'barangay')).limit(1);
    const create = async (name: string) =>
      (
        await t.http
          .post('/api/listing/create')
          .set(auth(owner.token))
          .send({ name, type: 'residential', price: 6_500_000, location: { lat: 10.31, lng: 123.89 }, address: { barangayCode: brgy.code } })
          .expect(201)
      ).body._id as string;
    listingId = await create('Bungalow in Lahug');
    hiddenId = await create('Hidden lot');
    await t.http.post('/api/listing/update/visibility').set(auth(owner.token)).send({ listingId: hiddenId, visible: false }).expect(200);
  }, 90000);
  afterAll(() => t.close());

  it('records what a member did and what others did to the owner’s listing, in words with links', async () => {
    await t.http.post(`/api/listing/update/behavior/${listingId}`).set(auth(member.token)).send({ behavior: 'view' }).expect(200);
    // a second view the same day is not a second entry; the owner viewing their own listing is none
    await t.http.post(`/api/listing/update/behavior/${listingId}`).set(auth(member.token)).send({ behavior: 'view' }).expect(200);
    await t.http.post(`/api/listing/update/behavior/${listingId}`).set(auth(owner.token)).send({ behavior: 'view' }).expect(200);
    await t.http.post('/api/listing/save').set(auth(member.token)).send({ listingId }).expect(200);
    await t.http.post(`/api/listing/review/${listingId}`).set(auth(member.token)).send({ rating: 5, comment: 'Quiet street' }).expect(201);
    await eventsSettled(t.app);

    const ofMember = await mine(member);
    expect(ofMember.map((a) => [a.kind, a.title, a.link, a.byMe])).toEqual([
      ['reviewed', 'Reviewed “Bungalow in Lahug” (5 of 5)', `/listings/${listingId}`, true],
      ['saved_listing', 'Saved “Bungalow in Lahug”', `/listings/${listingId}`, true],
      ['viewed_listing', 'Viewed “Bungalow in Lahug”', `/listings/${listingId}`, true],
    ]);
    const ofOwner = await mine(owner);
    expect(ofOwner.map((a) => [a.kind, a.title, a.byMe])).toEqual([
      ['listing_reviewed_by_other', 'Your listing “Bungalow in Lahug” got a 5-star review', false],
      ['listing_saved_by_other', 'Someone saved your listing “Bungalow in Lahug”', false],
      ['created_listing', 'Listed “Hidden lot”', true],
      ['created_listing', 'Listed “Bungalow in Lahug”', true],
    ]);
    const page = await t.http.get('/api/activity/user?limit=2&page=2').set(auth(owner.token)).expect(200);
    expect(page.body.pagination).toEqual({ currentPage: 2, itemsOnPage: 2, totalPages: 2, totalItems: 4, itemsPerPage: 2 });
  });

  it('records a saved search and a message about a listing', async () => {
    await t.http
      .post('/api/user/save/search')
      .set(auth(other.token))
      .send({ userId: other.user._id, name: 'Cebu houses', data: { query: 'q=cebu&offer=sale' } })
      .expect(201);
    await t.http.post('/api/threads').set(auth(other.token)).send({ listingId }).expect(201);
    await eventsSettled(t.app);
    expect((await mine(other)).map((a) => [a.kind, a.title, a.link])).toEqual([
      ['messaged', 'Messaged the owner of “Bungalow in Lahug”', expect.stringMatching(/^\/messages\//)],
      ['saved_search', 'Saved the search “Cebu houses”', '/listings?q=cebu&offer=sale'],
    ]);
  });

  it('reads one entry for its member and staff only; lists everyone’s for staff only', async () => {
    const [entry] = await mine(member);
    expect((await t.http.get(`/api/activity/get/${entry._id}`).set(auth(member.token)).expect(200)).body).toEqual(entry);
    expect((await t.http.get(`/api/activity/get/${entry._id}`).set(auth(viewer.token)).expect(200)).body._id).toBe(entry._id);
    const notYours = await t.http.get(`/api/activity/get/${entry._id}`).set(auth(other.token)).expect(404);
    expect(notYours.body.message).toBe('Activity not found');
    await t.http.get(`/api/activity/get/${randomUUID()}`).set(auth(member.token)).expect(404);
    await t.http.get('/api/activity/get/nope').set(auth(member.token)).expect(404);
    await t.http.get('/api/activity/get/all').set(auth(member.token)).expect(403);
    const all = await t.http.get('/api/activity/get/all?limit=100').set(auth(viewer.token)).expect(200);
    const owners = new Set(all.body.activities.map((a: Activity) => a.userId));
    expect(owners.has(member.user._id) && owners.has(owner.user._id)).toBe(true);
    await t.http.get('/api/activity/user').expect(401);
  });

  it('records a share of a listing the member can see; other kinds, bad channels and hidden listings are refused', async () => {
    const created = await t.http.post('/api/activity/create').set(auth(member.token)).send({ kind: 'shared', listingId, channel: 'viber' }).expect(201);
    expect(created.body).toMatchObject({ kind: 'shared', title: 'Shared “Bungalow in Lahug” on Viber', link: `/listings/${listingId}`, byMe: true, data: { channel: 'viber' } });
    const refused = async (body: object, status = 400) => (await t.http.post('/api/activity/create').set(auth(member.token)).send(body).expect(status)).body.message;
    expect(await refused({ kind: 'viewed_listing', listingId, channel: 'viber' })).toEqual(['kind must be one of: shared (the others are recorded by the platform)']);
    expect(await refused({ kind: 'shared', listingId, channel: 'carrier-pigeon' })).toEqual([expect.stringContaining('channel must be one of: copy_link')]);
    expect(await refused({ kind: 'shared', listingId: 'x', channel: 'viber' })).toEqual(['listingId must be a listing id']);
    await refused({ kind: 'shared', listingId: hiddenId, channel: 'viber' }, 404);
    await refused({ kind: 'shared', listingId: randomUUID(), channel: 'viber' }, 404);
  });

  it('lets a member correct their own share only; platform records are removed, not changed', async () => {
    const [share] = await mine(member, '?limit=1');
    expect(share.kind).toBe('shared');
    const updated = await t.http.put('/api/activity/update').set(auth(member.token)).send({ _id: share._id, channel: 'copy_link' }).expect(200);
    expect(updated.body).toMatchObject({ title: 'Shared “Bungalow in Lahug” by link', data: { channel: 'copy_link' } });
    await t.http.put('/api/activity/update').set(auth(other.token)).send({ _id: share._id, channel: 'sms' }).expect(404);
    await t.http.put('/api/activity/update').set(auth(viewer.token)).send({ _id: share._id, channel: 'sms' }).expect(403);
    const viewed = (await mine(member)).find((a) => a.kind === 'viewed_listing')!;
    const platform = await t.http.put('/api/activity/update').set(auth(member.token)).send({ _id: viewed._id, channel: 'sms' }).expect(403);
    expect(platform.body.message).toBe('This activity was recorded by the platform: it can be removed, not changed');
  });

  it('searches by kind and words; a member cannot search another member', async () => {
    const res = await t.http.post('/api/activity/search').set(auth(member.token)).send({ query: { kind: ['viewed_listing', 'saved_listing'] } }).expect(200);
    expect(res.body.activities.map((a: Activity) => a.kind).sort()).toEqual(['saved_listing', 'viewed_listing']);
    const words = await t.http.post('/api/activity/search').set(auth(member.token)).send({ query: { text: 'review' } }).expect(200);
    expect(words.body.activities.map((a: Activity) => a.kind)).toEqual(['reviewed']);
    await t.http.post('/api/activity/search').set(auth(member.token)).send({ query: { userId: owner.user._id } }).expect(403);
    const staff = await t.http.post('/api/activity/search').set(auth(viewer.token)).send({ query: { userId: owner.user._id } }).expect(200);
    expect(staff.body.activities.every((a: Activity) => a.userId === owner.user._id)).toBe(true);
    await t.http.post('/api/activity/search').set(auth(member.token)).send({ query: { kind: ['sleeping'] } }).expect(400);
  });

  it('removes one own entry (not another’s, not as staff) and clears the whole history', async () => {
    const [first] = await mine(member);
    await t.http.delete(`/api/activity/remove/${first._id}`).set(auth(other.token)).expect(404);
    await t.http.delete(`/api/activity/remove/${first._id}`).set(auth(viewer.token)).expect(403);
    expect((await t.http.delete(`/api/activity/remove/${first._id}`).set(auth(member.token)).expect(200)).body).toEqual({ message: 'Activity removed' });
    expect((await mine(member)).map((a) => a._id)).not.toContain(first._id);
    const left = (await mine(member)).length;
    expect((await t.http.delete('/api/activity/user').set(auth(member.token)).expect(200)).body).toEqual({ removed: left });
    expect(await mine(member)).toEqual([]);
    expect((await mine(owner)).length).toBe(4);
  });
});
