import { and, eq, sql } from 'drizzle-orm';
import { places, savedItems, savedSearchMatches } from '@app/db';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { alertsDelivered, delayedAlertJobs } from '../../../../test/alerts';
import { QUEUES } from '../../../common/queue/queues';
import { eventsSettled } from '../../../../test/events';
import { mailsIn } from '../../../../test/mail-outbox';
import { eventually } from '../../../../test/realtime';
import { auth, createUser, startTestApp, type TestApp, verifiedIdentity } from '../../../../test/test-app';
import { SavedSearchAlertsRepository } from './saved-search-alerts.repository';
import { SavedSearchAlertsService } from './saved-search-alerts.service';

type Member = Awaited<ReturnType<typeof createUser>>;
interface Notification {
  type: string;
  title: string;
  body: string;
  link: string;
  data: Record<string, unknown> & { listingIds?: string[] };
}

describe('saved-search alerts (HTTP, real PostgreSQL and Redis)', () => {
  let t: TestApp;
  let owner: Member;
  /** Two barangays in two different cities. */
  let here: { barangay: string; city: string };
  let there: { barangay: string; city: string };

  const notificationsOf = async (who: Member): Promise<Notification[]> =>
    (await t.http.get('/api/notification/get/all?limit=100').set(auth(who.token)).expect(200)).body.notifications.filter(
      (n: Notification) => n.type === 'saved_search',
    );
  const saveSearch = async (who: Member, query: string, alert?: string, name = 'My search') =>
    (
      await t.http
        .post('/api/user/save/search')
        .set(auth(who.token))
        .send({ userId: who.user._id, name, data: { query }, ...(alert && { alert }) })
        .expect(201)
    ).body as { _id: string; alert: string };
  const createListing = async (who: Member, over: Record<string, unknown> = {}, place = here) =>
    (
      await t.http
        .post('/api/listing/create')
        .set(auth(who.token))
        .send({
          name: 'House and lot',
          type: 'residential',
          kind: 'house_and_lot',
          price: 7_500_000,
          bedrooms: 3,
          location: { lat: 10.31, lng: 123.89 },
          address: { barangayCode: place.barangay },
          ...over,
        })
        .expect(201)
    ).body._id as string;
  const keysOf = (savedItemId: string) => t.app.get(SavedSearchAlertsRepository).keysOf(savedItemId);
  const matchesOf = (savedItemId: string) => t.db.select().from(savedSearchMatches).where(eq(savedSearchMatches.savedItemId, savedItemId));

  beforeAll(async () => {
    // a batch window nobody waits for: the tests run the delayed jobs themselves (alertsDelivered)
    t = await startTestApp({ SAVED_SEARCH_ALERT_BATCH_MS: '3600000', SAVED_SEARCH_DIGEST_HOUR: '7' });
    // verified identity: this suite gives the owner more than 10 active listings (KYC_UNVERIFIED_ACTIVE_LISTINGS)
    owner = await createUser(t, { type: 'broker', ...verifiedIdentity() });
    const rows = await t.db
      .select({ code: places.code, city: places.cityCode })
      .from(places)
      .where(and(eq(places.level, 'barangay'), sql`${places.cityCode} is not null`))
      .orderBy(places.code)
      .limit(2000);
    const first = rows[0];
    const other = rows.find((r) => r.city !== first.city)!;
    here = { barangay: first.code, city: first.city! };
    there = { barangay: other.code, city: other.city! };
  });
  afterAll(() => t.close());

  describe('PUT /user/save/search/:id/alert', () => {
    it("sets a saved search's alerts: the member's own searches only, one of off, instant or daily", async () => {
      const member = await createUser(t);
      const other = await createUser(t);
      const search = await saveSearch(member, `city=${here.city}&offer=sale`);
      expect(search.alert).toBe('off');

      const on = await t.http.put(`/api/user/save/search/${search._id}/alert`).set(auth(member.token)).send({ alert: 'instant' }).expect(200);
      expect(on.body).toMatchObject({ _id: search._id, type: 'search', alert: 'instant', lastNotifiedAt: null, data: { query: `city=${here.city}&offer=sale` } });
      const [row] = await t.db.select().from(savedItems).where(eq(savedItems.id, search._id));
      expect(await keysOf(search._id)).toEqual([`c${here.city}|sale|*`]);
      expect(row.alertFilters).toEqual({ filters: { offer: ['sale'], city: [here.city] } });
      const listed = await t.http.post('/api/user/get/save/items').set(auth(member.token)).send({ userId: member.user._id, type: 'search' }).expect(200);
      expect(listed.body.items[0]).toMatchObject({ _id: search._id, alert: 'instant' });

      // someone else's search, no such search, not an id, a saved listing: 404, and nothing changes
      for (const [who, id] of [
        [other, search._id],
        [member, '00000000-0000-4000-8000-000000000000'],
        [member, 'not-an-id'],
      ] as const) {
        const res = await t.http.put(`/api/user/save/search/${id}/alert`).set(auth(who.token)).send({ alert: 'off' }).expect(404);
        expect(res.body.message).toBe('Saved search not found');
      }
      const listingId = await createListing(owner);
      const saved = await t.http.post('/api/user/save/listing').set(auth(member.token)).send({ userId: member.user._id, listingId }).expect(201);
      await t.http.put(`/api/user/save/search/${saved.body._id}/alert`).set(auth(member.token)).send({ alert: 'daily' }).expect(404);
      expect((await t.db.select().from(savedItems).where(eq(savedItems.id, search._id)))[0].alert).toBe('instant');

      // a bad value: 400 saying what to send
      for (const body of [{ alert: 'weekly' }, {}, { alert: true }]) {
        const res = await t.http.put(`/api/user/save/search/${search._id}/alert`).set(auth(member.token)).send(body).expect(400);
        expect(JSON.stringify(res.body.message)).toContain('alert must be one of: off, instant, daily');
      }
      await t.http.put(`/api/user/save/search/${search._id}/alert`).send({ alert: 'off' }).expect(401);

      const off = await t.http.put(`/api/user/save/search/${search._id}/alert`).set(auth(member.token)).send({ alert: 'off' }).expect(200);
      expect(off.body.alert).toBe('off');
      const [cleared] = await t.db.select().from(savedItems).where(eq(savedItems.id, search._id));
      expect({ keys: await keysOf(search._id), filters: cleared.alertFilters, since: cleared.alertSince }).toEqual({ keys: [], filters: null, since: null });
    });

    it('saves a search with alerts on in one go; refuses alerts on a search whose filters the API would refuse, or on a listing', async () => {
      const member = await createUser(t);
      const search = await saveSearch(member, `q=Cebu&type=residential&minPrice=1000000&maxPrice=2500000`, 'daily');
      expect(search.alert).toBe('daily');
      const [row] = await t.db.select().from(savedItems).where(eq(savedItems.id, search._id));
      expect(row.alertFilters).toEqual({ filters: { price: { min: 1_000_000, max: 2_500_000 }, type: ['residential'] }, words: ['cebu'], keyWord: 'cebu' });
      // no place: indexed by its word (alone), else it would be by its type, offer and price bands
      expect(await keysOf(search._id)).toEqual(['wcebu']);
      const priced = await saveSearch(member, `type=residential&minPrice=1000000&maxPrice=2500000`, 'daily');
      expect(await keysOf(priced._id)).toEqual(['tresidential|*|p7', 'tresidential|*|p8']);

      const bad = await t.http
        .post('/api/user/save/search')
        .set(auth(member.token))
        .send({ userId: member.user._id, name: 'Bad', data: { query: 'city=makati' }, alert: 'instant' })
        .expect(400);
      expect(bad.body.message).toBe('This saved search cannot have alerts: its filters are not valid (match.city values must be 10-digit PSGC codes)');
      const kept = await saveSearch(member, 'city=makati');
      const refused = await t.http.put(`/api/user/save/search/${kept._id}/alert`).set(auth(member.token)).send({ alert: 'instant' }).expect(400);
      expect(refused.body.message).toContain('cannot have alerts');

      const listingId = await createListing(owner);
      const onListing = await t.http.post('/api/user/save/listing').set(auth(member.token)).send({ userId: member.user._id, listingId, alert: 'instant' }).expect(400);
      expect(onListing.body.message).toBe('alert is only for a saved search');
      const onPin = await t.http.post('/api/user/save/pinned').set(auth(member.token)).send({ userId: member.user._id, listingId, alert: 'daily' }).expect(400);
      expect(onPin.body.message).toBe('alert is only for a saved search');
      const weekly = await t.http
        .post('/api/user/save/search')
        .set(auth(member.token))
        .send({ userId: member.user._id, name: 'Weekly', data: { query: 'offer=sale' }, alert: 'weekly' })
        .expect(400);
      expect(JSON.stringify(weekly.body.message)).toContain('alert must be one of: off, instant, daily');
      // nothing of the refused ones was saved
      const listed = await t.http.post('/api/user/get/save/items').set(auth(member.token)).send({ userId: member.user._id, type: 'all' }).expect(200);
      expect(listed.body.items.map((i: { name: string }) => i.name).sort()).toEqual(['My search', 'My search', 'My search']);
    });
  });

  describe('matching new listings', () => {
    it("notifies a member once of a listing in their alerting search's city; not another city's search, not the owner's own, not for drafts or hidden listings", async () => {
      const member = await createUser(t);
      const elsewhere = await createUser(t);
      const mine = await saveSearch(member, `city=${here.city}&kind=house_and_lot`, 'instant', 'Houses here');
      const theirs = await saveSearch(elsewhere, `city=${there.city}`, 'instant');
      const ownSearch = await saveSearch(owner, `city=${here.city}`, 'instant');

      const id = await createListing(owner, { name: 'Bungalow near the church' });
      await alertsDelivered(t.app);
      const [note, ...rest] = await notificationsOf(member);
      expect(rest).toEqual([]);
      expect(note).toMatchObject({
        title: 'New listing for “Houses here”',
        link: `/listings?city=${here.city}&kind=house_and_lot`,
        data: { savedSearchId: mine._id, query: `city=${here.city}&kind=house_and_lot`, listingIds: [id], count: 1 },
      });
      expect(note.body).toMatch(/^Bungalow near the church \(/);
      expect(await notificationsOf(elsewhere)).toEqual([]);
      expect(await notificationsOf(owner)).toEqual([]);
      expect(await matchesOf(theirs._id)).toEqual([]);
      expect(await matchesOf(ownSearch._id)).toEqual([]);
      expect((await t.db.select().from(savedItems).where(eq(savedItems.id, mine._id)))[0].lastNotifiedAt).not.toBeNull();
      // handled again (a redelivered event), or its alert job run again: nothing new
      const alerts = t.app.get(SavedSearchAlertsService);
      expect(await alerts.listingPublished(id, new Date())).toBe(0);
      expect(await alerts.sendInstant(mine._id)).toBeNull();
      expect(await delayedAlertJobs(t.app)).toEqual([]);
      expect(await notificationsOf(member)).toHaveLength(1);

      // a draft, and a listing hidden before it is published: nothing
      const draft = await createListing(owner, { status: 'draft' });
      const hidden = await createListing(owner, { status: 'draft' });
      await t.http.post('/api/listing/update/visibility').set(auth(owner.token)).send({ listingId: hidden, visible: false }).expect(200);
      await t.http.put('/api/listing/update').set(auth(owner.token)).send({ _id: hidden, owner: owner.user._id, status: 'active' }).expect(200);
      await alertsDelivered(t.app);
      expect(await notificationsOf(member)).toHaveLength(1);
      expect((await matchesOf(mine._id)).map((m) => m.listingId)).toEqual([id]);

      // published: the draft made active, the hidden one shown; each told once
      await t.http.put('/api/listing/update').set(auth(owner.token)).send({ _id: draft, owner: owner.user._id, status: 'active' }).expect(200);
      await t.http.post('/api/listing/update/visibility').set(auth(owner.token)).send({ listingId: hidden, visible: true }).expect(200);
      await alertsDelivered(t.app);
      const after = await notificationsOf(member);
      expect(after).toHaveLength(2);
      expect([...after[0].data.listingIds!].sort()).toEqual([draft, hidden].sort());

      // hidden and shown again, sold and active again: never twice for one search and listing
      await t.http.post('/api/listing/update/visibility').set(auth(owner.token)).send({ listingId: id, visible: false }).expect(200);
      await t.http.post('/api/listing/update/visibility').set(auth(owner.token)).send({ listingId: id, visible: true }).expect(200);
      await t.http.put('/api/listing/update').set(auth(owner.token)).send({ _id: draft, owner: owner.user._id, status: 'sold' }).expect(200);
      await t.http.put('/api/listing/update').set(auth(owner.token)).send({ _id: draft, owner: owner.user._id, status: 'active' }).expect(200);
      await alertsDelivered(t.app);
      expect(await notificationsOf(member)).toHaveLength(2);
      expect(await matchesOf(mine._id)).toHaveLength(3);
    });

    it('batches an instant alert: many listings in one window are one notification; a listing hidden before the alert goes is left out', async () => {
      const member = await createUser(t);
      const search = await saveSearch(member, `q=batchvilla&offer=rent`, 'instant', 'Villas to rent');
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push(await createListing(owner, { name: `Batchvilla ${i}`, offer: 'rent', price: 40_000 + i }, i % 2 ? here : there));
      // not a match: for sale, or without the word
      await createListing(owner, { name: 'Batchvilla for sale', offer: 'sale' });
      await createListing(owner, { name: 'Villa to rent', offer: 'rent', price: 40_000 });
      await eventsSettled(t.app);
      // one job for the search and its window, however many listings matched
      expect((await delayedAlertJobs(t.app)).filter((j) => j.startsWith(search._id))).toHaveLength(1);
      await t.http.post('/api/listing/update/visibility').set(auth(owner.token)).send({ listingId: ids[5], visible: false }).expect(200);

      await alertsDelivered(t.app);
      const notes = await notificationsOf(member);
      expect(notes).toHaveLength(1);
      expect(notes[0].title).toBe('5 new listings for “Villas to rent”');
      expect(notes[0].body).toMatch(/^Batchvilla \d \(.*\) and 2 more$/);
      expect([...notes[0].data.listingIds!].sort()).toEqual(ids.slice(0, 5).sort());
      // the hidden one is forgotten, so showing it again is news
      expect((await matchesOf(search._id)).map((m) => m.listingId).sort()).toEqual(ids.slice(0, 5).sort());
      await t.http.post('/api/listing/update/visibility').set(auth(owner.token)).send({ listingId: ids[5], visible: true }).expect(200);
      await alertsDelivered(t.app);
      const again = await notificationsOf(member);
      expect(again).toHaveLength(2);
      expect(again[0].data.listingIds).toEqual([ids[5]]);
    });

    it('e-mails an instant alert only when the member chose e-mail for saved searches', async () => {
      const member = await createUser(t);
      const outbox = t.config.mail.outboxDir;
      const mailsTo = (title: string) => mailsIn(outbox).filter((m) => m.includes(`To: ${member.user.email}`) && m.includes(title));
      await saveSearch(member, 'q=mailtestone', 'instant', 'Mailone');
      await createListing(owner, { name: 'Mailtestone house' });
      await alertsDelivered(t.app);
      expect(await notificationsOf(member)).toHaveLength(1);
      await t.http.put('/api/notification/preferences').set(auth(member.token)).send({ preferences: [{ kind: 'saved_search', email: true }] }).expect(200);
      await saveSearch(member, 'q=mailtesttwo', 'instant', 'Mailtwo');
      await createListing(owner, { name: 'Mailtesttwo house' });
      await alertsDelivered(t.app);
      await eventually(() => mailsTo('Mailtwo').length === 1, 'the second alert e-mailed');
      // the first went out before e-mail was chosen: in the app only
      expect(mailsTo('Mailone')).toEqual([]);
    });

    it('schedules again an instant alert whose job was lost (Redis down when the match committed)', async () => {
      const member = await createUser(t);
      const search = await saveSearch(member, 'q=losttest', 'instant', 'Lost');
      const id = await createListing(owner, { name: 'Losttest house' });
      await eventsSettled(t.app);
      const queue = t.app.get<Queue>(getQueueToken(QUEUES.savedSearchAlerts));
      const [job] = (await queue.getDelayed()).filter((j) => j.id!.startsWith(search._id));
      await job.remove();
      const alerts = t.app.get(SavedSearchAlertsService);
      // not overdue yet: within two batch windows of the match
      expect(await alerts.sweep()).toBe(0);
      // later: overdue (other tests' searches may be too: their listings' jobs still wait)
      expect(await alerts.sweep(new Date(Date.now() + 3 * 3_600_000))).toBeGreaterThanOrEqual(1);
      expect((await delayedAlertJobs(t.app)).filter((j) => j.startsWith(search._id))).toHaveLength(1);
      await alertsDelivered(t.app);
      const [note] = await notificationsOf(member);
      expect(note.data).toMatchObject({ savedSearchId: search._id, listingIds: [id] });
    });

    it('switching a daily search to instant tells of the matches waiting for the digest at the end of the window', async () => {
      const member = await createUser(t);
      const search = await saveSearch(member, 'q=switchtest', 'daily', 'Switch');
      const id = await createListing(owner, { name: 'Switchtest house' });
      await eventsSettled(t.app);
      expect((await delayedAlertJobs(t.app)).filter((j) => j.startsWith(search._id))).toEqual([]);
      await t.http.put(`/api/user/save/search/${search._id}/alert`).set(auth(member.token)).send({ alert: 'instant' }).expect(200);
      expect((await delayedAlertJobs(t.app)).filter((j) => j.startsWith(search._id))).toHaveLength(1);
      await alertsDelivered(t.app);
      const [note, ...rest] = await notificationsOf(member);
      expect(rest).toEqual([]);
      expect(note).toMatchObject({ title: 'New listing for “Switch”', data: { savedSearchId: search._id, listingIds: [id] } });
    });

    it('turning alerts off forgets untold matches and stops matching; a listing from before alerts were on is not new', async () => {
      const member = await createUser(t);
      // published just before alerts were turned on: whether its event is handled before or after, it is not new
      await createListing(owner, { name: 'Offtest cottage' });
      const search = await saveSearch(member, 'q=offtest', 'instant');
      await eventsSettled(t.app);
      expect(await matchesOf(search._id)).toEqual([]);
      const cabin = await createListing(owner, { name: 'Offtest cabin' });
      await eventsSettled(t.app);
      expect((await matchesOf(search._id)).map((m) => m.listingId)).toEqual([cabin]);
      await t.http.put(`/api/user/save/search/${search._id}/alert`).set(auth(member.token)).send({ alert: 'off' }).expect(200);
      expect(await matchesOf(search._id)).toEqual([]);
      await createListing(owner, { name: 'Offtest chalet' });
      await alertsDelivered(t.app);
      expect(await matchesOf(search._id)).toEqual([]);
      expect(await notificationsOf(member)).toEqual([]);
    });
  });

  describe('daily digest', () => {
    /** 23:00 in Manila on 1 January 2030, and the next morning at 08:00. */
    const evening = new Date(Date.UTC(2030, 0, 1, 15));
    const nextMorning = new Date(Date.UTC(2030, 0, 2, 0));
    const earlyMorning = new Date(Date.UTC(2030, 0, 1, 19)); // 03:00 on 2 January, before the digest hour

    it('sends one digest per member per day with the new matches of each daily search, e-mailed when the member chose it', async () => {
      const member = await createUser(t, { firstName: 'Digna' });
      await t.http.put('/api/notification/preferences').set(auth(member.token)).send({ preferences: [{ kind: 'saved_search', email: true }] }).expect(200);
      const condos = await saveSearch(member, 'q=digestcondo', 'daily', 'Condos');
      const lots = await saveSearch(member, 'q=digestlot', 'daily', 'Lots');
      const c1 = await createListing(owner, { name: 'Digestcondo one' });
      const c2 = await createListing(owner, { name: 'Digestcondo two' });
      const l1 = await createListing(owner, { name: 'Digestlot one', type: 'land', kind: 'lot' });
      await eventsSettled(t.app);
      // daily: no instant alert is scheduled, nothing is told yet
      expect((await delayedAlertJobs(t.app)).filter((j) => j.startsWith(condos._id) || j.startsWith(lots._id))).toEqual([]);
      expect(await notificationsOf(member)).toEqual([]);

      const alerts = t.app.get(SavedSearchAlertsService);
      expect(await alerts.sendDailyDigests(earlyMorning)).toBe(0);
      expect(await alerts.sendDailyDigests(evening)).toBeGreaterThanOrEqual(1);
      const [digest, ...rest] = await notificationsOf(member);
      expect(rest).toEqual([]);
      expect(digest.title).toBe('Daily digest: 3 new listings for 2 saved searches');
      expect(digest.link).toBe('/saved?tab=search');
      expect(digest.data.digest).toBe('2030-01-01');
      expect([...digest.data.listingIds!].sort()).toEqual([c1, c2, l1].sort());
      const searches = digest.data.searches as { savedSearchId: string; query: string; listingIds: string[] }[];
      expect(searches.map((s) => [s.savedSearchId, s.query, [...s.listingIds].sort()]).sort()).toEqual(
        [
          [condos._id, 'q=digestcondo', [c1, c2].sort()],
          [lots._id, 'q=digestlot', [l1]],
        ].sort(),
      );

      // the same day again, even with a new match: nothing; the next day: the new match alone
      expect(await alerts.sendDailyDigests(new Date(evening.getTime() + 30 * 60_000))).toBe(0);
      const c3 = await createListing(owner, { name: 'Digestcondo three' });
      await eventsSettled(t.app);
      expect(await alerts.sendDailyDigests(new Date(evening.getTime() + 45 * 60_000))).toBe(0);
      expect(await notificationsOf(member)).toHaveLength(1);
      expect(await alerts.sendDailyDigests(nextMorning)).toBeGreaterThanOrEqual(1);
      const [next] = await notificationsOf(member);
      expect(next).toMatchObject({
        title: 'Daily digest: 1 new listing for “Condos”',
        link: '/listings?q=digestcondo',
        data: { savedSearchId: condos._id, query: 'q=digestcondo', listingIds: [c3], digest: '2030-01-02' },
      });
      expect(await notificationsOf(member)).toHaveLength(2);

      // e-mailed: the member chose e-mail for saved searches
      const outbox = t.config.mail.outboxDir;
      await eventually(() => mailsIn(outbox).filter((m) => m.includes('Daily digest:')).length === 2, 'the two digests e-mailed');
    });
  });
});
