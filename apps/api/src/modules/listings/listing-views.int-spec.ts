import { listingEvents, listings, places } from '@app/db';
import { eq } from 'drizzle-orm';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';

/** Guest views are counted per IP (hashed) and day, never per User-Agent, and capped per IP per day. */
describe('listing views (HTTP, real PostgreSQL and Redis)', () => {
  let t: TestApp;
  let owner: { token: string; user: { _id: string } };
  let barangayCode: string;
  const CAP = 3;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true', GUEST_VIEWS_PER_IP_PER_DAY: String(CAP) });
    owner = await createUser(t, { type: 'broker' });
    [{ code: barangayCode }] = await t.db.select().from(places).where(eq(places.level, 'barangay')).limit(1);
  });
  afterAll(() => t.close());

  const create = async () =>
    (
      await t.http
        .post('/api/listing/create')
        .set(auth(owner.token))
        .send({ name: 'Lot in Davao', type: 'land', price: 2_000_000, lotSize: 200, location: { lat: 7.07, lng: 125.6 }, address: { barangayCode } })
        .expect(201)
    ).body._id as string;
  const view = (id: string, ip: string, userAgent = 'Mozilla/5.0') =>
    t.http.post(`/api/listing/update/behavior/${id}`).set('X-Forwarded-For', ip).set('User-Agent', userAgent).send({ behavior: 'view' }).expect(200);
  const viewsOf = async (id: string) => (await t.db.select({ views: listings.views }).from(listings).where(eq(listings.id, id)))[0].views;
  const eventsOf = (id: string) => t.db.select().from(listingEvents).where(eq(listingEvents.listingId, id));

  it('counts 30 guest views with 30 User-Agents from one IP as one view and one event row', async () => {
    const id = await create();
    for (let i = 0; i < 30; i++) await view(id, '203.0.113.7', `Bot/${i}`);
    expect(await viewsOf(id)).toBe(1);
    const events = await eventsOf(id);
    expect(events).toHaveLength(1);
    expect(events[0].viewerKey).not.toContain('203.0.113.7');
  });

  it('counts views from two IPs as two, and a member once per day whatever their IP', async () => {
    const id = await create();
    await view(id, '198.51.100.1');
    await view(id, '198.51.100.2');
    expect(await viewsOf(id)).toBe(2);
    const member = await createUser(t);
    for (const ip of ['192.0.2.10', '192.0.2.11']) {
      await t.http.post(`/api/listing/update/behavior/${id}`).set(auth(member.token)).set('X-Forwarded-For', ip).send({}).expect(200);
    }
    expect(await viewsOf(id)).toBe(3);
    expect(await eventsOf(id)).toHaveLength(3);
  });

  it('believes only the address the trusted proxy appended, not what the client wrote before it', async () => {
    // TRUST_PROXY=true is one proxy hop: a client-written left-most X-Forwarded-For entry is ignored
    const id = await create();
    await view(id, '10.9.8.7, 192.0.2.55');
    await view(id, '172.16.1.1, 192.0.2.55');
    await view(id, '192.0.2.55');
    expect(await viewsOf(id)).toBe(1);
  });

  it('counts the addresses of one IPv6 /64 as one guest', async () => {
    const id = await create();
    await view(id, '2001:db8:abcd:12::1');
    await view(id, '2001:db8:abcd:12:ffff::2');
    await view(id, '2001:db8:abcd:13::1');
    expect(await viewsOf(id)).toBe(2);
  });

  it(`counts at most ${CAP} listings' guest views per IP per day; past the cap views answer 200 and are not counted`, async () => {
    const ids = [];
    for (let i = 0; i <= CAP; i++) ids.push(await create());
    for (const id of ids) await view(id, '198.51.100.99');
    expect(await Promise.all(ids.map(viewsOf))).toEqual([...Array(CAP).fill(1), 0]);
    expect(await eventsOf(ids[CAP])).toEqual([]);
    // a listing already counted today for this IP is still answered with its count
    const again = await view(ids[0], '198.51.100.99', 'Other/1');
    expect(again.body.views).toBe(1);
    // another IP is not affected by the first one's cap
    await view(ids[CAP], '198.51.100.100');
    expect(await viewsOf(ids[CAP])).toBe(1);
  });
});
