import { listingReports, listings, outbox, places } from '@app/db';
import { and, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { eventsSettled } from '../../../../test/events';
import { auth, createUser, startTestApp, type TestApp, verifiedIdentity } from '../../../../test/test-app';

type Member = Awaited<ReturnType<typeof createUser>>;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const NOT_FOUND = "The listing you're looking for might have been deleted or does not exist";

describe('listing reports, bulk actions and the staff search filters (HTTP, real PostgreSQL and Redis)', () => {
  let t: TestApp;
  let owner: Member;
  let member: Member;
  let viewer: Member;
  let admin: Member;
  let barangayCode: string;

  const newListing = async (who: Member, over: Record<string, unknown> = {}) => {
    const res = await t.http
      .post('/api/listing/create')
      .set(auth(who.token))
      .send({ name: 'Bungalow in Antipolo', type: 'residential', price: 6_200_000, location: { lat: 14.59, lng: 121.17 }, address: { barangayCode }, ...over })
      .expect(201);
    return res.body as { _id: string; code: string; name: string };
  };
  const report = (who: Member, id: string, body: Record<string, unknown> = { reason: 'scam' }) =>
    t.http.post(`/api/listing/report/${id}`).set(auth(who.token)).send(body);
  const eventsOf = (type: string, entityId: string) =>
    t.db.select().from(outbox).where(and(eq(outbox.type, type), eq(outbox.entityId, entityId)));

  beforeAll(async () => {
    t = await startTestApp();
    [{ code: barangayCode }] = await t.db.select({ code: places.code }).from(places).where(eq(places.level, 'barangay')).limit(1);
    // verified identity: this suite gives the owner more than 10 active listings (KYC_UNVERIFIED_ACTIVE_LISTINGS)
    owner = await createUser(t, { firstName: 'Olivia', lastName: 'Santos', type: 'property_owner', ...verifiedIdentity() });
    member = await createUser(t, { firstName: 'Mario', lastName: 'Dela Peña' });
    viewer = await createUser(t, { role: 'viewer' });
    admin = await createUser(t, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  });
  afterAll(() => t.close());

  describe('POST /listing/report/{id}', () => {
    it('records a report once per member while it is open (409), publishes listing.reported, and refuses the owner and bad bodies', async () => {
      const l = await newListing(owner);
      const created = await report(member, l._id, { reason: 'wrong_details', note: '  The floor area is 40 m², not 80 m².  ' }).expect(201);
      expect(created.body).toEqual({ _id: expect.any(String), message: expect.any(String) });
      const [row] = await t.db.select().from(listingReports).where(eq(listingReports.id, created.body._id));
      expect(row).toMatchObject({ listingId: l._id, reporterId: member.user._id, reason: 'wrong_details', note: 'The floor area is 40 m², not 80 m².', resolvedAt: null });
      const again = await report(member, l._id, { reason: 'scam' }).expect(409);
      expect(again.body.message).toBe('You have already reported this listing');
      const events = await eventsOf('listing.reported', l._id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ actorId: member.user._id, data: { listingId: l._id, reportId: created.body._id, reason: 'wrong_details', ownerId: owner.user._id } });

      const own = await report(owner, l._id).expect(403);
      expect(own.body.message).toBe('You cannot report your own listing');
      const badReason = await report(member, l._id, { reason: 'ugly' }).expect(400);
      expect(badReason.body.message).toEqual(['reason must be one of: scam, wrong_details, unavailable, duplicate, offensive, other']);
      const longNote = await report(viewer, l._id, { reason: 'other', note: 'x'.repeat(1001) }).expect(400);
      expect(longNote.body.message).toEqual(['note must be at most 1000 characters']);
      await t.http.post(`/api/listing/report/${l._id}`).send({ reason: 'scam' }).expect(401);
    });

    it('answers 404 for a listing the member cannot see (hidden) or that does not exist', async () => {
      const l = await newListing(owner);
      await t.http.post('/api/listing/update/visibility').set(auth(owner.token)).send({ listingId: l._id, visible: false }).expect(200);
      expect((await report(member, l._id).expect(404)).body.message).toBe(NOT_FOUND);
      expect((await report(member, randomUUID()).expect(404)).body.message).toBe(NOT_FOUND);
      expect((await report(member, 'not-a-uuid').expect(404)).body.message).toBe(NOT_FOUND);
    });

    it('lets a member report at most 10 listings a day (429 on the 11th)', async () => {
      const reporter = await createUser(t);
      const ids = [];
      for (let i = 0; i < 11; i++) ids.push((await newListing(owner, { name: `Lot ${i} in Silang` }))._id);
      for (const id of ids.slice(0, 10)) await report(reporter, id).expect(201);
      const refused = await report(reporter, ids[10]).expect(429);
      expect(refused.body.message).toBe('You can report at most 10 listings a day; try again tomorrow');
      const rows = await t.db.select().from(listingReports).where(eq(listingReports.reporterId, reporter.user._id));
      expect(rows).toHaveLength(10);
      // another member is not held back
      await report(member, ids[10]).expect(201);
    });
  });

  describe('GET /listing/reports/{id} and POST /listing/reports/{id}/resolve', () => {
    it('shows staff the reports open first with the reporters, lets only admins resolve them all, and then a member may report again', async () => {
      const l = await newListing(owner);
      const second = await createUser(t, { firstName: 'Nena', lastName: 'Ocampo' });
      await report(member, l._id, { reason: 'scam', note: 'Asked for a deposit by GCash' }).expect(201);
      await report(second, l._id, { reason: 'duplicate' }).expect(201);

      await t.http.get(`/api/listing/reports/${l._id}`).set(auth(member.token)).expect(403);
      const list = await t.http.get(`/api/listing/reports/${l._id}`).set(auth(viewer.token)).expect(200);
      expect(list.body.openCount).toBe(2);
      expect(list.body.pagination).toMatchObject({ totalItems: 2 });
      expect(list.body.reports.map((r: { reason: string }) => r.reason)).toEqual(['duplicate', 'scam']);
      expect(list.body.reports[1]).toMatchObject({
        listingId: l._id,
        note: 'Asked for a deposit by GCash',
        open: true,
        reporter: { _id: member.user._id, name: 'Mario Dela Peña', email: member.user.email },
        resolvedAt: null,
        resolvedBy: null,
        resolution: null,
      });
      await t.http.get(`/api/listing/reports/${randomUUID()}`).set(auth(viewer.token)).expect(404);

      await t.http.post(`/api/listing/reports/${l._id}/resolve`).set(auth(viewer.token)).send({ resolution: 'Checked' }).expect(403);
      await t.http.post(`/api/listing/reports/${l._id}/resolve`).set(auth(member.token)).send({ resolution: 'Checked' }).expect(403);
      const empty = await t.http.post(`/api/listing/reports/${l._id}/resolve`).set(auth(admin.token)).send({ resolution: '   ' }).expect(400);
      expect(empty.body.message).toEqual(['resolution is required']);
      const long = await t.http.post(`/api/listing/reports/${l._id}/resolve`).set(auth(admin.token)).send({ resolution: 'y'.repeat(501) }).expect(400);
      expect(long.body.message).toEqual(['resolution must be at most 500 characters']);
      const resolved = await t.http
        .post(`/api/listing/reports/${l._id}/resolve`)
        .set(auth(admin.token))
        .send({ resolution: 'Called the owner; the listing is genuine' })
        .expect(200);
      expect(resolved.body).toEqual({ resolved: 2, message: '2 reports resolved' });
      const events = await eventsOf('listing.reports_resolved', l._id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ actorId: admin.user._id, data: { count: 2, resolution: 'Called the owner; the listing is genuine' } });
      const none = await t.http.post(`/api/listing/reports/${l._id}/resolve`).set(auth(admin.token)).send({ resolution: 'again' }).expect(409);
      expect(none.body.message).toBe('This listing has no open reports');

      // a closed report no longer blocks the member; the new one comes first
      await report(member, l._id, { reason: 'unavailable' }).expect(201);
      const after = await t.http.get(`/api/listing/reports/${l._id}`).set(auth(admin.token)).expect(200);
      expect(after.body.openCount).toBe(1);
      expect(after.body.reports.map((r: { reason: string; open: boolean }) => [r.reason, r.open])).toEqual([
        ['unavailable', true],
        ['duplicate', false],
        ['scam', false],
      ]);
      expect(after.body.reports[1]).toMatchObject({
        resolution: 'Called the owner; the listing is genuine',
        resolvedBy: { _id: admin.user._id, name: 'Ada Admin', email: admin.user.email },
        resolvedAt: expect.any(String),
      });
      await eventsSettled(t.app);
    });
  });

  describe('POST /listing/bulk', () => {
    it('applies the action to each listing through its own rule, reporting each; missing ids fail without stopping the others', async () => {
      const a = await newListing(owner);
      const b = await newListing(owner);
      const missing = randomUUID();
      const hide = await t.http.post('/api/listing/bulk').set(auth(admin.token)).send({ ids: [a._id, missing, b._id], action: 'hide' }).expect(200);
      expect(hide.body).toEqual({
        results: [
          { id: a._id, ok: true },
          { id: missing, ok: false, message: NOT_FOUND },
          { id: b._id, ok: true },
        ],
        done: 2,
        failed: 1,
      });
      const rows = await t.db.select({ id: listings.id, isVisible: listings.isVisible }).from(listings).where(inArray(listings.id, [a._id, b._id]));
      expect(rows.every((r) => r.isVisible === false)).toBe(true);
      expect(await eventsOf('listing.visibility_changed', a._id)).toHaveLength(1);

      await t.http.post('/api/listing/bulk').set(auth(admin.token)).send({ ids: [a._id], action: 'show' }).expect(200);
      expect((await t.db.select().from(listings).where(eq(listings.id, a._id)))[0].isVisible).toBe(true);

      // verify needs ownership documents: the rule of POST /listing/verify says so per listing
      await t.http.post(`/api/listing/upload-ownership/${a._id}`).set(auth(owner.token)).attach('documents', PDF, 'TCT-778.pdf').expect(200);
      const verify = await t.http.post('/api/listing/bulk').set(auth(admin.token)).send({ ids: [a._id, b._id], action: 'verify' }).expect(200);
      expect(verify.body).toMatchObject({ done: 1, failed: 1 });
      expect(verify.body.results[1]).toEqual({ id: b._id, ok: false, message: 'This listing has no ownership documents to review; the owner must upload them first' });
      const verified = await t.http.get(`/api/listing/get/${a._id}`).expect(200);
      expect(verified.body).toMatchObject({ verified: true });
      expect(verified.body.tags).toContain('Tahanan verified');
      const unverify = await t.http.post('/api/listing/bulk').set(auth(admin.token)).send({ ids: [a._id], action: 'unverify' }).expect(200);
      expect(unverify.body.done).toBe(1);
      const unverified = await t.http.get(`/api/listing/get/${a._id}`).expect(200);
      expect(unverified.body.verified).toBe(false);
      expect(unverified.body.tags).not.toContain('Tahanan verified');

      const remove = await t.http.post('/api/listing/bulk').set(auth(admin.token)).send({ ids: [b._id, b._id], action: 'remove' }).expect(200);
      expect(remove.body).toEqual({ results: [{ id: b._id, ok: true }], done: 1, failed: 0 });
      expect(await t.db.select().from(listings).where(eq(listings.id, b._id))).toHaveLength(0);
      const removed = await eventsOf('listing.removed', b._id);
      expect(removed[0].data).toMatchObject({ byStaff: true });
      await eventsSettled(t.app);
    });

    it('is for admins (viewer and members 403) and checks the body', async () => {
      const l = await newListing(owner);
      for (const who of [viewer, member, owner]) {
        await t.http.post('/api/listing/bulk').set(auth(who.token)).send({ ids: [l._id], action: 'hide' }).expect(403);
      }
      expect((await t.db.select().from(listings).where(eq(listings.id, l._id)))[0].isVisible).toBe(true);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ids: [], action: 'hide' }, 'ids must name at least one listing'],
        [{ ids: Array.from({ length: 101 }, () => randomUUID()), action: 'hide' }, 'ids must name at most 100 listings'],
        [{ ids: ['nope'], action: 'hide' }, 'each of ids must be a listing id (a UUID)'],
        [{ ids: [l._id], action: 'archive' }, 'action must be one of: hide, show, verify, unverify, remove'],
      ];
      for (const [body, message] of cases) {
        const res = await t.http.post('/api/listing/bulk').set(auth(admin.token)).send(body).expect(400);
        expect(res.body.message).toContain(message);
      }
    });
  });

  describe('the staff filters of POST /listing/search', () => {
    let withDocs: { _id: string; code: string };
    let reported: { _id: string; code: string };
    let hidden: { _id: string; code: string };
    let plain: { _id: string; code: string };
    let staffOwner: Member;

    beforeAll(async () => {
      staffOwner = await createUser(t, { type: 'broker' });
      withDocs = await newListing(staffOwner, { name: 'Townhouse with title' });
      reported = await newListing(staffOwner, { name: 'Condo someone reported' });
      hidden = await newListing(staffOwner, { name: 'Hidden lot' });
      plain = await newListing(staffOwner, { name: 'Plain house' });
      await t.http.post(`/api/listing/upload-ownership/${withDocs._id}`).set(auth(staffOwner.token)).attach('documents', PDF, 'TCT-1.pdf').expect(200);
      await t.http.post(`/api/listing/upload-ownership/${withDocs._id}`).set(auth(staffOwner.token)).attach('documents', PDF, 'TCT-2.pdf').expect(200);
      await report(member, reported._id).expect(201);
      await report(viewer, reported._id, { reason: 'offensive' }).expect(201);
      await t.http.post('/api/listing/update/visibility').set(auth(staffOwner.token)).send({ listingId: hidden._id, visible: false }).expect(200);
    });

    const search = (who: Member | null, query: Record<string, unknown>) => {
      const req = t.http.post('/api/listing/search');
      return (who ? req.set(auth(who.token)) : req).send({ query: { owner: staffOwner.user._id, ...query }, limit: 50 });
    };
    const ids = (res: { body: { listings: Array<{ _id: string }> } }) => res.body.listings.map((l) => l._id).sort();

    it('filters by ownership documents, open reports and visibility for an admin, with the counts on each listing', async () => {
      expect(ids(await search(admin, { hasDocuments: true }).expect(200))).toEqual([withDocs._id]);
      expect(ids(await search(admin, { hasDocuments: false }).expect(200))).toEqual([reported._id, hidden._id, plain._id].sort());
      expect(ids(await search(admin, { reported: true }).expect(200))).toEqual([reported._id]);
      expect(ids(await search(admin, { reported: false, visible: true, hasDocuments: false }).expect(200))).toEqual([plain._id]);
      expect(ids(await search(admin, { visible: false }).expect(200))).toEqual([hidden._id]);
      const all = await search(admin, {}).expect(200);
      const byId = new Map(all.body.listings.map((l: { _id: string; documentsCount: number; openReports: number }) => [l._id, l]));
      expect(byId.get(withDocs._id)).toMatchObject({ documentsCount: 2, openReports: 0 });
      expect(byId.get(reported._id)).toMatchObject({ documentsCount: 0, openReports: 2 });
      expect(byId.get(plain._id)).toMatchObject({ documentsCount: 0, openReports: 0 });
      // with words and another order the page is read in other forms (a bounded walk, a gathering): the same filters hold
      for (const sort of ['name', '-price', '-createdAt']) {
        const res = await t.http
          .post('/api/listing/search')
          .set(auth(admin.token))
          .send({ fuzzySearch: 'condo reported', query: { reported: true, hasDocuments: false }, sort, limit: 5 })
          .expect(200);
        expect(ids(res)).toEqual([reported._id]);
        const none = await t.http.post('/api/listing/search').set(auth(admin.token)).send({ fuzzySearch: 'condo reported', query: { reported: false }, sort }).expect(200);
        expect(ids(none)).not.toContain(reported._id);
      }
      // the same on a page the in-memory index answers (a viewer's search of public listings)
      const viewed = await t.http.post('/api/listing/search').set(auth(viewer.token)).send({ fuzzySearch: 'someone reported' }).expect(200);
      expect(viewed.body.listings.find((l: { _id: string }) => l._id === reported._id)).toMatchObject({ openReports: 2, documentsCount: 0 });
    });

    it('lets a viewer use the staff filters over what they see, and refuses them to members and guests (400), who get no staff counts', async () => {
      expect(ids(await search(viewer, { reported: true }).expect(200))).toEqual([reported._id]);
      expect(ids(await search(viewer, { hasDocuments: true }).expect(200))).toEqual([withDocs._id]);
      for (const who of [member, null]) {
        const r = await search(who, { reported: true }).expect(400);
        expect(r.body.message).toBe('query.reported is for staff');
        const d = await search(who, { hasDocuments: false }).expect(400);
        expect(d.body.message).toBe('query.hasDocuments is for staff');
        await t.http.post('/api/listing/filter').send({ query: { reported: true } }).expect(400);
      }
      const bad = await search(admin, { reported: 'yes' }).expect(400);
      expect(bad.body.message).toBe('query.reported must be true or false');
      const mine = await search(member, { visible: true }).expect(200);
      expect(ids(mine)).toEqual([withDocs._id, reported._id, plain._id].sort());
      expect(mine.body.listings[0].openReports).toBeUndefined();
      expect(mine.body.listings[0].documentsCount).toBeUndefined();
    });
  });
});
