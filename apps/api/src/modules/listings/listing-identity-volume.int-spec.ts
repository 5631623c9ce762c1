import { listings, places, users } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { auth, createUser, startTestApp, type TestApp, verifiedIdentity } from '../../../test/test-app';

type Member = Awaited<ReturnType<typeof createUser>>;

const REFUSED = 'Verify your identity to have more than 10 active listings. Go to Verification to submit your ID.';

describe('identity required for volume: at most KYC_UNVERIFIED_ACTIVE_LISTINGS shown listings without a verified identity (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let barangayCode: string;

  const create = (who: Member, over: Record<string, unknown> = {}) =>
    t.http
      .post('/api/listing/create')
      .set(auth(who.token))
      .send({ name: 'Studio in Cubao', type: 'residential', price: 3_200_000, location: { lat: 14.62, lng: 121.05 }, address: { barangayCode }, ...over });
  const publish = (who: Member, id: string) =>
    t.http.put('/api/listing/update').set(auth(who.token)).send({ _id: id, owner: who.user._id, status: 'active' });
  const show = (who: Member, id: string, visible: boolean) =>
    t.http.post('/api/listing/update/visibility').set(auth(who.token)).send({ listingId: id, visible });
  const shownCount = async (who: Member) =>
    (await t.db.select().from(listings).where(and(eq(listings.ownerId, who.user._id), eq(listings.status, 'active'), eq(listings.isVisible, true)))).length;

  beforeAll(async () => {
    // the default limit (10), as configured in production
    t = await startTestApp();
    [{ code: barangayCode }] = await t.db.select({ code: places.code }).from(places).where(eq(places.level, 'barangay')).limit(1);
  });
  afterAll(() => t.close());

  it('refuses the 11th active listing (create, publish a draft, show a hidden one) with 403 saying what to do; drafts, hidden ones and a verified member are fine', async () => {
    const m = await createUser(t, { type: 'property_owner' });
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await create(m, { name: `Studio ${i} in Cubao` }).expect(201)).body._id);

    const refused = await create(m).expect(403);
    expect(refused.body).toEqual({ statusCode: 403, message: REFUSED, error: 'Forbidden' });
    // a draft does not count, and cannot be published while at the limit
    const draft = (await create(m, { status: 'draft' }).expect(201)).body._id;
    expect((await publish(m, draft).expect(403)).body.message).toBe(REFUSED);
    // hidden listings do not count: hide one, and there is room for one more shown
    await show(m, ids[0], false).expect(200);
    await publish(m, draft).expect(200);
    expect((await show(m, ids[0], true).expect(403)).body.message).toBe(REFUSED);
    // editing an active listing or hiding one is never refused
    await t.http.put('/api/listing/update').set(auth(m.token)).send({ _id: ids[1], owner: m.user._id, price: 3_100_000 }).expect(200);
    expect(await shownCount(m)).toBe(10);

    // staff are exempt (as for plan limits): an admin shows it for the member
    const admin = await createUser(t, { role: 'admin' });
    await show(admin, ids[0], true).expect(200);
    expect(await shownCount(m)).toBe(11);

    // a verified identity lifts the limit
    await t.db.update(users).set(verifiedIdentity()).where(eq(users.id, m.user._id));
    await create(m).expect(201);
    expect(await shownCount(m)).toBe(12);
  });
});
