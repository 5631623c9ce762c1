import { outbox, places, professionalLicences, users } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { MaintenanceRunner } from '../../common/events/maintenance';
import { eventsSettled } from '../../../test/events';
import { auth, createUser, startTestApp, type TestApp, verifiedIdentity } from '../../../test/test-app';
import { manilaToday } from './licence-rules';
import { LicencesService } from './licences.service';

type Member = Awaited<ReturnType<typeof createUser>>;

/** A date `days` from today in Manila (YYYY-MM-DD). */
const dayFromToday = (days: number) => {
  const d = new Date(`${manilaToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const FUTURE = dayFromToday(730);

describe('PRC licences and the trust shown on listings (HTTP, real PostgreSQL and Redis)', () => {
  let t: TestApp;
  let admin: Member;
  let viewer: Member;
  let barangayCode: string;
  let numberSeq = 1000;
  /** A fresh licence number (7 digits, leading zeros), so tests do not meet each other's approved numbers. */
  const nextNumber = () => String(++numberSeq).padStart(7, '0');

  const submit = (who: Member, body: Record<string, unknown>) => t.http.post('/api/licence/create').set(auth(who.token)).send(body);
  const review = (who: Member, id: string, body: Record<string, unknown>) =>
    t.http.put(`/api/licence/update/status/${id}`).set(auth(who.token)).send(body);
  const supervise = (who: Member, id: string, confirm: boolean) => t.http.post(`/api/licence/supervise/${id}`).set(auth(who.token)).send({ confirm });
  const newListing = async (who: Member, name: string, location = { lat: 14.5547, lng: 121.0244 }) =>
    (
      await t.http
        .post('/api/listing/create')
        .set(auth(who.token))
        .send({ name, type: 'residential', price: 8_500_000, location, address: { barangayCode } })
        .expect(201)
    ).body as { _id: string };
  const listingOf = async (id: string, who?: Member) => {
    const req = t.http.get(`/api/listing/get/${id}`);
    return (await (who ? req.set(auth(who.token)) : req).expect(200)).body;
  };
  const currentLicence = async (who: Member) => (await t.http.get('/api/current/user').set(auth(who.token)).expect(200)).body.licence;
  /** A broker whose licence an admin approved. */
  const approvedBroker = async (firstName = 'Bea', lastName = 'Bautista') => {
    const broker = await createUser(t, { type: 'broker', firstName, lastName });
    const number = nextNumber();
    const created = await submit(broker, { kind: 'broker', number, validUntil: FUTURE }).expect(201);
    await review(admin, created.body._id, { status: 'approved' }).expect(200);
    return { broker, licenceId: created.body._id as string, number };
  };
  const eventsOf = (type: string, licenceId: string) => t.db.select().from(outbox).where(and(eq(outbox.type, type), eq(outbox.entityId, licenceId)));

  beforeAll(async () => {
    t = await startTestApp();
    [{ code: barangayCode }] = await t.db.select({ code: places.code }).from(places).where(eq(places.level, 'barangay')).limit(1);
    admin = await createUser(t, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
    viewer = await createUser(t, { role: 'viewer' });
  });
  afterAll(() => t.close());

  it('a broker submits, an admin approves: the account, the profile and every listing answer (get, searches, map box, nearby, saved) show the licence', async () => {
    const broker = await createUser(t, { type: 'broker', firstName: 'Rosa', lastName: 'Villanueva' });
    const listingId = (await newListing(broker, 'Condo with a licence in Legaspi Village'))._id;
    // before: no licence, so buyers are told
    const before = await listingOf(listingId);
    expect(before.owner).toMatchObject({ _id: broker.user._id, isVerified: false, licence: null });
    expect(before.ownerUnlicensed).toBe(true);

    const created = await submit(broker, { kind: 'broker', number: '  0012345 ', validUntil: FUTURE }).expect(201);
    expect(created.body).toMatchObject({ userId: broker.user._id, kind: 'broker', number: '0012345', validUntil: FUTURE, status: 'submitted', badge: null, supervisingBroker: null });
    expect(created.body.user).toBeUndefined();
    expect(await currentLicence(broker)).toMatchObject({ licenceId: created.body._id, status: 'submitted', number: '0012345' });
    expect((await listingOf(listingId)).owner.licence).toBeNull();

    // the queue: viewers read it, only admins decide
    const queue = await t.http.get('/api/licence/get/all?status=submitted&text=Villanueva').set(auth(viewer.token)).expect(200);
    expect(queue.body.licences.map((l: { _id: string }) => l._id)).toEqual([created.body._id]);
    expect(queue.body.licences[0].user).toMatchObject({ _id: broker.user._id, email: broker.user.email, type: 'broker', isVerified: false, kyc: null });
    expect(queue.body.licences[0].kycPrcIdVerified).toBe(false);
    expect(queue.body.pagination).toMatchObject({ totalItems: 1, currentPage: 1 });
    expect((await t.http.get('/api/licence/get/all?text=00123').set(auth(viewer.token)).expect(200)).body.licences.map((l: { _id: string }) => l._id)).toContain(created.body._id);
    await review(viewer, created.body._id, { status: 'approved' }).expect(403);
    await t.http.get('/api/licence/get/all').set(auth(broker.token)).expect(403);
    // reviewers do not decide their own
    const adminBroker = await createUser(t, { role: 'admin', type: 'broker' });
    const own = await submit(adminBroker, { kind: 'broker', number: nextNumber(), validUntil: FUTURE }).expect(201);
    expect((await review(adminBroker, own.body._id, { status: 'approved' }).expect(403)).body.message).toBe('You cannot review your own licence');

    const approved = await review(admin, created.body._id, { status: 'approved', note: 'Checked against the PRC ID' }).expect(200);
    expect(approved.body).toMatchObject({ status: 'approved', badge: 'PRC-licensed broker No. 0012345', reviewNote: 'Checked against the PRC ID', kycPrcIdVerified: false });
    expect(approved.body.approvedAt).toEqual(expect.any(String));
    expect(await currentLicence(broker)).toMatchObject({ status: 'approved', number: '0012345', kind: 'broker' });
    expect(await eventsOf('licence.submitted', created.body._id)).toHaveLength(1);
    const reviewed = await eventsOf('licence.reviewed', created.body._id);
    expect(reviewed).toHaveLength(1);
    expect(reviewed[0]).toMatchObject({ actorId: admin.user._id, data: { userId: broker.user._id, email: broker.user.email, decision: 'approved', number: '0012345', kind: 'broker' } });

    const licence = { kind: 'broker', number: '0012345' };
    const guest = await listingOf(listingId);
    expect(guest.owner).toMatchObject({ _id: broker.user._id, firstName: 'Rosa', isVerified: false, licence });
    expect(guest.ownerUnlicensed).toBe(false);
    // searches: the in-memory index's cards, PostgreSQL's page (a member's own), a map box, nearby
    const byOwner = await t.http.post('/api/listing/search').send({ query: { owner: broker.user._id } }).expect(200);
    expect(byOwner.body.listings[0]).toMatchObject({ _id: listingId, owner: { licence }, ownerUnlicensed: false });
    const own2 = await t.http.post('/api/listing/search').set(auth(broker.token)).send({ query: { owner: broker.user._id } }).expect(200);
    expect(own2.body.listings[0]).toMatchObject({ _id: listingId, owner: { licence } });
    const box = await t.http.post('/api/listing/search').send({ bounds: { north: 14.56, south: 14.55, east: 121.03, west: 121.02 } }).expect(200);
    expect(box.body.listings.find((l: { _id: string }) => l._id === listingId)).toMatchObject({ owner: { licence }, ownerUnlicensed: false });
    const nearby = await t.http.post('/api/listing/search/nearby').send({ lat: 14.5547, lng: 121.0244 }).expect(200);
    expect(nearby.body.listings.find((l: { _id: string }) => l._id === listingId)).toMatchObject({ owner: { licence } });
    const list = await t.http.get('/api/listing/get/all?limit=100').expect(200);
    expect(list.body.listings.find((l: { _id: string }) => l._id === listingId)).toMatchObject({ owner: { licence } });
    // saved items' cards (ListingsService.forViewer)
    const saver = await createUser(t);
    await t.http.post('/api/listing/save').set(auth(saver.token)).send({ listingId }).expect(200);
    const saved = await t.http.post('/api/user/get/save/items').set(auth(saver.token)).send({ userId: saver.user._id }).expect(200);
    expect(saved.body.items.find((i: { listing?: { _id: string } }) => i.listing?._id === listingId).listing).toMatchObject({ owner: { licence }, ownerUnlicensed: false });
    // the public profile shows the approved licence
    const profile = await t.http.get(`/api/user/get/${broker.user._id}`).set(auth(saver.token)).expect(200);
    expect(profile.body.licence).toMatchObject({ status: 'approved', number: '0012345' });
  });

  it('a salesperson names a licensed broker, who confirms from their own account (no one else can), then an admin approves', async () => {
    const { broker, number: brokerNumber } = await approvedBroker('Carmen', 'Dimaculangan');
    const sales = await createUser(t, { type: 'real_estate_salesperson', firstName: 'Paolo', lastName: 'Santos' });
    const stranger = await createUser(t, { type: 'broker' });

    // the lookup: by name and by number, the salesperson's own broker included
    const byName = await t.http.get('/api/licence/brokers?text=Dimaculangan').set(auth(sales.token)).expect(200);
    expect(byName.body.brokers).toEqual([{ _id: broker.user._id, firstName: 'Carmen', lastName: 'Dimaculangan', licenceNumber: brokerNumber }]);
    const byNumber = await t.http.get(`/api/licence/brokers?text=${brokerNumber}`).set(auth(sales.token)).expect(200);
    expect(byNumber.body.brokers.map((b: { _id: string }) => b._id)).toEqual([broker.user._id]);
    expect((await t.http.get('/api/licence/brokers?text=nobody-by-that-name').set(auth(sales.token)).expect(200)).body.brokers).toEqual([]);
    await t.http.get('/api/licence/brokers').expect(401);

    const noBroker = await submit(sales, { kind: 'salesperson', number: '0004567', validUntil: FUTURE }).expect(400);
    expect(noBroker.body.message).toMatch(/names their supervising broker/);
    const unlicensed = await submit(sales, { kind: 'salesperson', number: '0004567', validUntil: FUTURE, supervisingBrokerId: stranger.user._id }).expect(400);
    expect(unlicensed.body.message).toMatch(/no approved PRC broker licence/);

    const created = await submit(sales, { kind: 'salesperson', number: '0004567', validUntil: FUTURE, supervisingBrokerId: broker.user._id }).expect(201);
    const id = created.body._id as string;
    expect(created.body).toMatchObject({
      status: 'pending_broker',
      supervisingBroker: { _id: broker.user._id, firstName: 'Carmen', lastName: 'Dimaculangan', licenceNumber: brokerNumber, licenceValid: true },
      brokerConfirmedAt: null,
    });
    expect(await currentLicence(sales)).toMatchObject({ status: 'pending_broker', supervisingBrokerId: broker.user._id, supervisingBrokerName: 'Carmen Dimaculangan' });
    const asked = await eventsOf('licence.submitted', id);
    expect(asked[0].data).toMatchObject({ supervisingBrokerId: broker.user._id });
    // not yet the reviewers'
    expect((await review(admin, id, { status: 'approved' }).expect(409)).body.message).toMatch(/Only a submitted licence can be approved/);

    // only the named broker answers: anyone else (the salesperson too) is told it does not exist
    for (const who of [stranger, sales, viewer]) await supervise(who, id, true).expect(404);
    await t.http.get(`/api/licence/get/${id}`).set(auth(stranger.token)).expect(404);
    const seen = await t.http.get(`/api/licence/get/${id}`).set(auth(broker.token)).expect(200);
    expect(seen.body.member).toEqual({ _id: sales.user._id, firstName: 'Paolo', lastName: 'Santos' });
    const mine = await t.http.get('/api/licence/my').set(auth(broker.token)).expect(200);
    expect(mine.body.current).toMatchObject({ kind: 'broker', status: 'approved' });
    expect(mine.body.supervising.map((l: { _id: string }) => l._id)).toEqual([id]);

    const confirmed = await supervise(broker, id, true).expect(200);
    expect(confirmed.body).toMatchObject({ status: 'submitted', brokerDeclinedAt: null });
    expect(confirmed.body.brokerConfirmedAt).toEqual(expect.any(String));
    await supervise(broker, id, true).expect(409);
    const answered = await eventsOf('licence.broker_answered', id);
    expect(answered).toHaveLength(1);
    expect(answered[0]).toMatchObject({ actorId: broker.user._id, data: { brokerId: broker.user._id, confirmed: true, userId: sales.user._id } });

    const approved = await review(admin, id, { status: 'approved' }).expect(200);
    expect(approved.body).toMatchObject({ status: 'approved', badge: 'Accredited salesperson No. 0004567' });
    expect(await currentLicence(sales)).toMatchObject({ status: 'approved', kind: 'salesperson' });
    const listing = await listingOf((await newListing(sales, 'Townhouse by an accredited salesperson'))._id);
    expect(listing.owner.licence).toEqual({ kind: 'salesperson', number: '0004567' });
    expect(listing.ownerUnlicensed).toBe(false);
  });

  it('a broker declines: the request stays with the salesperson (pending, declined), who names another broker', async () => {
    const { broker: first } = await approvedBroker('Dante', 'Reyes');
    const { broker: second } = await approvedBroker('Elena', 'Cruz');
    const sales = await createUser(t, { type: 'real_estate_salesperson' });
    const id = (await submit(sales, { kind: 'salesperson', number: nextNumber(), validUntil: FUTURE, supervisingBrokerId: first.user._id }).expect(201)).body._id;

    const declined = await supervise(first, id, false).expect(200);
    expect(declined.body).toMatchObject({ status: 'pending_broker', brokerConfirmedAt: null });
    expect(declined.body.brokerDeclinedAt).toEqual(expect.any(String));
    expect((await supervise(first, id, true).expect(409)).body.message).toMatch(/You declined this request/);
    const mine = await t.http.get('/api/licence/my').set(auth(sales.token)).expect(200);
    expect(mine.body.current).toMatchObject({ _id: id, status: 'pending_broker', brokerDeclinedAt: expect.any(String) });
    expect((await eventsOf('licence.broker_answered', id))[0].data).toMatchObject({ confirmed: false });

    // the second broker is not asked yet
    await supervise(second, id, true).expect(404);
    // found by fuzz-routes: null fields were a 500; null reads as not sent
    const nothing = await t.http.put(`/api/licence/update/${id}`).set(auth(sales.token)).send({ number: null, validUntil: null }).expect(400);
    expect(nothing.body.message).toBe('Send what changes: number, validUntil or supervisingBrokerId');
    const renamed = await t.http.put(`/api/licence/update/${id}`).set(auth(sales.token)).send({ supervisingBrokerId: second.user._id }).expect(200);
    expect(renamed.body).toMatchObject({ status: 'pending_broker', brokerDeclinedAt: null, supervisingBroker: { _id: second.user._id } });
    await supervise(first, id, true).expect(404);
    expect((await supervise(second, id, true).expect(200)).body.status).toBe('submitted');
    expect(await currentLicence(sales)).toMatchObject({ status: 'submitted', supervisingBrokerId: second.user._id, supervisingBrokerName: 'Elena Cruz' });
  });

  it("refuses a kind not of the member's type, numbers that are not PRC numbers, a past validity and a second licence, saying why", async () => {
    const broker = await createUser(t, { type: 'broker' });
    const customer = await createUser(t);
    const wrongKind = await submit(broker, { kind: 'salesperson', number: '0012345', validUntil: FUTURE }).expect(400);
    expect(wrongKind.body.message).toBe('A real estate broker enters a broker licence (kind "broker"), not "salesperson"');
    expect((await submit(customer, { kind: 'broker', number: '0012345', validUntil: FUTURE }).expect(400)).body.message).toMatch(/holds no PRC licence/);
    expect((await submit(broker, { kind: 'broker', number: 'PRC-12345', validUntil: FUTURE }).expect(400)).body.message).toMatch(/digits only/);
    expect((await submit(broker, { kind: 'broker', number: '12345678', validUntil: FUTURE }).expect(400)).body.message).toMatch(/at most 7 digits/);
    expect((await submit(broker, { kind: 'broker', number: '   ', validUntil: FUTURE }).expect(400)).body.message).toMatch(/number is required/);
    expect((await submit(broker, { kind: 'broker', number: '0012345', validUntil: manilaToday() }).expect(400)).body.message).toMatch(/validUntil must be after today/);
    expect((await submit(broker, { kind: 'broker', number: '0012345', validUntil: '2027-02-30' }).expect(400)).body.message).toMatch(/YYYY-MM-DD/);
    expect((await submit(broker, { kind: 'broker', number: '0012345', validUntil: FUTURE, supervisingBrokerId: randomUUID() }).expect(400)).body.message).toMatch(
      /Only salespersons name a supervising broker/,
    );
    expect((await submit(broker, { kind: 'notary', number: '1', validUntil: FUTURE }).expect(400)).body.message).toEqual(['kind must be one of: broker, salesperson, appraiser, consultant']);

    const first = await submit(broker, { kind: 'broker', number: nextNumber(), validUntil: FUTURE }).expect(201);
    expect((await submit(broker, { kind: 'broker', number: nextNumber(), validUntil: FUTURE }).expect(409)).body.message).toMatch(/already have a licence on file/);
    // withdrawn: a new one may be entered; the old one is history
    await t.http.post(`/api/licence/withdraw/${first.body._id}`).set(auth(broker.token)).expect(200);
    const again = await submit(broker, { kind: 'broker', number: nextNumber(), validUntil: FUTURE }).expect(201);
    const mine = await t.http.get('/api/licence/my').set(auth(broker.token)).expect(200);
    expect(mine.body.current._id).toBe(again.body._id);
    expect(mine.body.history.map((l: { _id: string; status: string }) => [l._id, l.status])).toEqual([[first.body._id, 'withdrawn']]);
    // another member's licence: 404 to read, update or withdraw
    await t.http.get(`/api/licence/get/${again.body._id}`).set(auth(customer.token)).expect(404);
    await t.http.put(`/api/licence/update/${again.body._id}`).set(auth(customer.token)).send({ validUntil: FUTURE }).expect(404);
    await t.http.post(`/api/licence/withdraw/${again.body._id}`).set(auth(customer.token)).expect(404);
    // rejecting needs a reason; "other" a note
    await review(admin, again.body._id, { status: 'rejected' }).expect(400);
    await review(admin, again.body._id, { status: 'rejected', reasonCodes: ['other'] }).expect(400);
    const rejected = await review(admin, again.body._id, { status: 'rejected', reasonCodes: ['number_not_on_prc_id'] }).expect(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', reasonCodes: ['number_not_on_prc_id'], badge: null });
    expect(await currentLicence(broker)).toMatchObject({ status: 'rejected' });
  });

  it('approves a number for one member only (409 for another; the unique index holds it)', async () => {
    const { number } = await approvedBroker();
    const copycat = await createUser(t, { type: 'broker' });
    const created = await submit(copycat, { kind: 'broker', number, validUntil: FUTURE }).expect(201);
    const refused = await review(admin, created.body._id, { status: 'approved' }).expect(409);
    expect(refused.body.message).toBe(`Broker licence No. ${number} is already approved for another member`);
    expect((await t.http.get(`/api/licence/get/${created.body._id}`).set(auth(copycat.token)).expect(200)).body.status).toBe('submitted');
    // the index itself refuses a second approved row of the number
    await expect(t.db.update(professionalLicences).set({ status: 'approved' }).where(eq(professionalLicences.id, created.body._id))).rejects.toThrow();
  });

  it('the expiry task expires approved licences past their validity: the badge leaves the account and the listings; a salesperson under that broker is marked', async () => {
    const { broker, licenceId } = await approvedBroker('Fe', 'Lim');
    const sales = await createUser(t, { type: 'real_estate_salesperson' });
    const salesLicence = (await submit(sales, { kind: 'salesperson', number: nextNumber(), validUntil: FUTURE, supervisingBrokerId: broker.user._id }).expect(201)).body._id;
    await supervise(broker, salesLicence, true).expect(200);
    await review(admin, salesLicence, { status: 'approved' }).expect(200);
    const listingId = (await newListing(broker, 'Lot of an expiring licence'))._id;
    expect((await listingOf(listingId)).owner.licence).not.toBeNull();

    // nothing to do while valid (the last valid day is today)
    await t.db.update(professionalLicences).set({ validUntil: manilaToday() }).where(eq(professionalLicences.id, licenceId));
    await t.app.get(LicencesService).expireEnded();
    expect(await currentLicence(broker)).toMatchObject({ status: 'approved' });

    await t.db.update(professionalLicences).set({ validUntil: dayFromToday(-1) }).where(eq(professionalLicences.id, licenceId));
    expect(await t.app.get(LicencesService).expireEnded()).toBe(1);
    expect(await currentLicence(broker)).toMatchObject({ status: 'expired' });
    const after = await listingOf(listingId);
    expect(after.owner.licence).toBeNull();
    expect(after.ownerUnlicensed).toBe(true);
    expect((await t.http.get(`/api/user/get/${broker.user._id}`).set(auth(sales.token)).expect(200)).body.licence).toBeNull();
    const expired = await eventsOf('licence.expired', licenceId);
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({ actorId: null, data: { userId: broker.user._id } });
    // the salesperson's accreditation stays approved, their broker marked as no longer licensed
    const salesView = await t.http.get('/api/licence/my').set(auth(sales.token)).expect(200);
    expect(salesView.body.current).toMatchObject({ status: 'approved', supervisingBroker: { _id: broker.user._id, licenceValid: false } });
    // the task is scheduled under its name, and has nothing more to do
    expect(await t.app.get(MaintenanceRunner).runTask('licence-expiry')).toBe(0);
    await eventsSettled(t.app);
  });

  it('marks listings of brokers, salespersons, appraisers and consultants without an approved licence, and no one else', async () => {
    const cases: Array<[string, boolean]> = [
      ['real_estate_salesperson', true],
      ['real_estate_appraiser', true],
      ['real_estate_consultant', true],
      ['broker', true],
      ['property_owner', false],
      ['customer', false],
    ];
    for (const [type, unlicensed] of cases) {
      // the owner's verified identity is an approved KYC, not the account's confirmed e-mail (isVerified)
      const owner = await createUser(t, { type: type as 'broker', isVerified: true, ...(type === 'property_owner' ? verifiedIdentity() : {}) });
      const l = await listingOf((await newListing(owner, `Listing of a ${type}`))._id);
      expect([type, l.ownerUnlicensed, l.owner.licence, l.owner.isVerified]).toEqual([type, unlicensed, null, type === 'property_owner']);
    }
    // a submitted (not yet approved) licence does not count
    const sales = await createUser(t, { type: 'real_estate_salesperson' });
    const { broker } = await approvedBroker();
    await submit(sales, { kind: 'salesperson', number: nextNumber(), validUntil: FUTURE, supervisingBrokerId: broker.user._id }).expect(201);
    expect((await listingOf((await newListing(sales, 'Pending accreditation'))._id)).ownerUnlicensed).toBe(true);
  });

  it('revokes an approved licence (admins, with a reason): the badge goes at once', async () => {
    const { broker, licenceId } = await approvedBroker();
    const listingId = (await newListing(broker, 'Lot of a revoked licence'))._id;
    // the reviewers' warning: no verified PRC ID in KYC, then one (the KYC module writes users.kyc; set here directly)
    expect((await t.http.get(`/api/licence/get/${licenceId}`).set(auth(viewer.token)).expect(200)).body.kycPrcIdVerified).toBe(false);
    const kyc = { submissionId: randomUUID(), status: 'approved' as const, idType: 'prc', approvedAt: new Date().toISOString(), expiresAt: null, updatedAt: new Date().toISOString() };
    await t.db.update(users).set({ kyc }).where(eq(users.id, broker.user._id));
    const staffView = await t.http.get(`/api/licence/get/${licenceId}`).set(auth(viewer.token)).expect(200);
    expect(staffView.body).toMatchObject({ kycPrcIdVerified: true, user: { identityVerified: true, kyc: { status: 'approved', idType: 'prc' } } });
    expect((await t.http.get(`/api/licence/get/${licenceId}`).set(auth(broker.token)).expect(200)).body.user).toBeUndefined();
    expect((await listingOf(listingId)).owner).toMatchObject({ isVerified: true, licence: { kind: 'broker' } });
    await review(admin, licenceId, { status: 'revoked' }).expect(400);
    const revoked = await review(admin, licenceId, { status: 'revoked', reasonCodes: ['number_not_on_prc_id'], note: 'Not on the PRC roster' }).expect(200);
    expect(revoked.body).toMatchObject({ status: 'revoked', badge: null });
    expect((await listingOf(listingId)).ownerUnlicensed).toBe(true);
    await review(admin, licenceId, { status: 'approved' }).expect(409);
  });
});
