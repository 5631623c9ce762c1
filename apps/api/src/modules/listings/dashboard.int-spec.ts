import { places } from '@app/db';
import { eq } from 'drizzle-orm';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';

type Member = Awaited<ReturnType<typeof createUser>>;

describe('POST /listing/dashboard: totals of a member with listings (real PostgreSQL and Redis)', () => {
  let t: TestApp;
  let broker: Member;
  let alice: Member;
  let carol: Member;
  let other: Member;

  const newListing = async (token: string, name: string) => {
    const [brgy] = await t.db.select().from(places).where(eq(places.level, 'barangay')).limit(1);
    const res = await t.http
      .post('/api/listing/create')
      .set(auth(token))
      .send({ name, type: 'residential', price: 4_500_000, location: { lat: 14.55, lng: 121.02 }, address: { barangayCode: brgy.code } })
      .expect(201);
    return res.body._id as string;
  };
  const dashboard = (who: Member, body: Record<string, unknown>) => t.http.post('/api/listing/dashboard').set(auth(who.token)).send(body);

  beforeAll(async () => {
    t = await startTestApp();
    broker = await createUser(t, { firstName: 'Bea', type: 'broker' });
    alice = await createUser(t, { firstName: 'Alice' });
    carol = await createUser(t, { firstName: 'Carol' });
    other = await createUser(t, { firstName: 'Oscar', type: 'property_owner' });
  });
  afterAll(() => t.close());

  it('counts inquiries: threads about the member’s listings started by others, once per thread', async () => {
    const townhouse = await newListing(broker.token, 'Townhouse in Pasig');
    const lot = await newListing(broker.token, 'Lot in Tagaytay');
    const elsewhere = await newListing(other.token, 'Condo in Makati');

    await t.http.post('/api/threads').set(auth(alice.token)).send({ listingId: townhouse }).expect(201);
    // asking again about the same listing reopens the same thread: still one inquiry
    await t.http.post('/api/threads').set(auth(alice.token)).send({ listingId: townhouse }).expect(200);
    await t.http.post('/api/threads').set(auth(carol.token)).send({ listingId: townhouse }).expect(201);
    await t.http.post('/api/threads').set(auth(carol.token)).send({ listingId: lot }).expect(201);
    // not inquiries about the broker's listings: a thread the broker started, one about someone else's listing, one about no listing
    await t.http.post('/api/threads').set(auth(broker.token)).send({ listingId: elsewhere }).expect(201);
    await t.http.post('/api/threads').set(auth(alice.token)).send({ participantId: broker.user._id }).expect(201);

    const all = await dashboard(broker, { data: ['totalListings', 'totalSaved', 'totalViews', 'totalInquiries'], filter: {} }).expect(200);
    expect(all.body).toEqual({ totalListings: 2, totalSaved: 0, totalViews: 0, totalInquiries: 3 });

    // the default (no data keys) answers every total, inquiries included
    const byDefault = await dashboard(broker, { data: [], filter: {} }).expect(200);
    expect(byDefault.body).toEqual({ totalListings: 2, totalSaved: 0, totalViews: 0, totalInquiries: 3 });

    const others = await dashboard(other, { data: ['totalInquiries'], filter: {} }).expect(200);
    expect(others.body).toEqual({ totalInquiries: 1 });

    // a member without listings has none
    const none = await dashboard(alice, { data: ['totalListings', 'totalInquiries'], filter: {} }).expect(200);
    expect(none.body).toEqual({ totalListings: 0, totalInquiries: 0 });
  });

  it('refuses a filter.userId that is not a user id with a 400 (a number was a 500)', async () => {
    for (const userId of [-1, 'not-a-uuid']) {
      const res = await dashboard(broker, { data: [], filter: { userId } }).expect(400);
      expect(res.body.message).toBe('filter.userId must be a user id (a UUID)');
    }
  });

  it('says which data keys it knows when given an unknown one', async () => {
    const res = await dashboard(broker, { data: ['totalEverything'], filter: {} }).expect(400);
    expect(res.body.error).toBe('Bad Request');
    expect(JSON.stringify(res.body.message)).toContain('totalInquiries');
  });
});
