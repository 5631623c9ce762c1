import { auditLog, kycFiles, kycSubmissions, outbox, users } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type request from 'supertest';
import { MaintenanceRunner } from '../../common/events/maintenance';
import { eventsSettled } from '../../../test/events';
import { PDF_BYTES } from '../../../test/fixtures';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';
import { listen } from '../../../test/realtime';
import { heldUpload, tempFiles } from '../../../test/uploads';
import { KycService } from './kyc.service';

type Member = Awaited<ReturnType<typeof createUser>>;

/** supertest's parser for a binary body. */
const binary: Parameters<ReturnType<ReturnType<typeof request>['get']>['parse']>[0] = (res, cb) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** A small real picture with text-like noise, so its bytes are recognisable. */
const picture = (r: number, format: 'jpeg' | 'png') => {
  const img = sharp({ create: { width: 48, height: 32, channels: 3, background: { r, g: 120, b: 60 } } });
  return format === 'jpeg' ? img.jpeg().toBuffer() : img.png().toBuffer();
};

const DAY = 24 * 3600_000;

describe('KYC identity verification (HTTP, real PostgreSQL, Redis and storage)', () => {
  let t: TestApp;
  let kyc: KycService;
  let admin: Member;
  let admin2: Member;
  let superAdmin: Member;
  let viewer: Member;
  let front: Buffer;
  let back: Buffer;
  let selfie: Buffer;

  beforeAll(async () => {
    t = await startTestApp();
    kyc = t.app.get(KycService);
    admin = await createUser(t, { role: 'admin', firstName: 'Amihan', lastName: 'Reyes' });
    admin2 = await createUser(t, { role: 'admin', firstName: 'Bayani', lastName: 'Cruz' });
    superAdmin = await createUser(t, { role: 'super_admin' });
    viewer = await createUser(t, { role: 'viewer' });
    [front, back, selfie] = await Promise.all([picture(200, 'jpeg'), picture(40, 'png'), picture(120, 'jpeg')]);
  });
  afterAll(() => t.close());

  const fields = {
    idType: 'philsys_card',
    idNumber: '1234-5678-9012-3456',
    fullName: 'Juan Santos Dela Cruz',
    birthDate: '1990-05-17',
    idExpiresOn: '2036-05-17',
  };

  function submit(who: Member, values: Record<string, string> = fields, files: Partial<Record<'front' | 'back' | 'selfie', Buffer>> = { front, back, selfie }) {
    const req = t.http.post('/api/kyc/create').set(auth(who.token));
    for (const [k, v] of Object.entries(values)) req.field(k, v);
    for (const [k, v] of Object.entries(files)) req.attach(k, v, { filename: `${k}.bin`, contentType: 'image/jpeg' });
    return req;
  }

  const setStatus = (who: Member, id: string, body: Record<string, unknown>) => t.http.put(`/api/kyc/update/status/${id}`).set(auth(who.token)).send(body);
  const current = async (who: Member) => (await t.http.get('/api/current/user').set(auth(who.token)).expect(200)).body;
  const storedFiles = async (submissionId: string) => t.db.select().from(kycFiles).where(eq(kycFiles.submissionId, submissionId));
  const storagePath = (key: string) => path.join(t.config.storageDir, 'private', key);
  /** The payloads of the events of a type about a submission (the outbox keeps them as published). */
  const eventData = async (type: string, submissionId: string) =>
    (await t.db.select().from(outbox).where(and(eq(outbox.type, type), eq(outbox.entityId, submissionId)))).map((e) => ({ actorId: e.actorId, ...e.data }));

  it('takes the three images in one request, encrypts them at rest, and never answers the ID number', async () => {
    const m = await createUser(t);
    const res = await submit(m).expect(201);
    expect(res.body).toMatchObject({
      userId: m.user._id,
      status: 'submitted',
      idType: 'philsys_card',
      idNumberLast4: '3456',
      fullName: 'Juan Santos Dela Cruz',
      birthDate: '1990-05-17',
      idExpiresOn: '2036-05-17',
      reasonCodes: [],
      filesPurged: false,
      assignedTo: null,
    });
    expect(res.body.files.map((f: { kind: string; mimeType: string }) => [f.kind, f.mimeType])).toEqual([
      ['front', 'image/jpeg'],
      ['back', 'image/png'],
      ['selfie', 'image/jpeg'],
    ]);
    expect(JSON.stringify(res.body)).not.toContain('9012');
    expect(res.body.user).toBeUndefined();

    // stored privately, under kyc/<user>/<submission>/, as ciphertext: neither the image nor its header is there
    const rows = await storedFiles(res.body._id);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.storageKey).toMatch(new RegExp(`^kyc/${m.user._id}/${res.body._id}/${row.kind}-[0-9a-f]{16}$`));
      expect(row.keyId).toBe('dev');
      const bytes = readFileSync(storagePath(row.storageKey));
      const plain = row.kind === 'front' ? front : row.kind === 'back' ? back : selfie;
      expect(bytes.includes(plain)).toBe(false);
      expect(bytes.includes(plain.subarray(0, 64))).toBe(false);
      expect(bytes.subarray(0, 8).equals(plain.subarray(0, 8))).toBe(false);
      expect(row.size).toBe(plain.length);
    }
    expect(existsSync(path.join(t.config.storageDir, 'public', 'kyc'))).toBe(false);
    const [sub] = await t.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, res.body._id));
    expect(sub.idNumberEncrypted).not.toContain('1234-5678');
    expect(await kyc.idNumberOf(res.body._id)).toBe('1234-5678-9012-3456');
    // the development key was made once beside the storage folder
    expect(existsSync(path.join(path.dirname(t.config.storageDir), 'keys', 'kyc-master.key'))).toBe(true);
    expect(tempFiles(t)).toEqual([]);

    expect((await current(m)).kyc).toMatchObject({ submissionId: res.body._id, status: 'submitted', idType: 'philsys_card', approvedAt: null });
    await eventsSettled(t.app);
  });

  it('refuses a file that is not an image, naming the field, and keeps nothing of it', async () => {
    const m = await createUser(t);
    const res = await submit(m, fields, { front, back: PDF_BYTES, selfie }).expect(400);
    expect(res.body.message).toMatch(/^back: the file is not a JPEG, PNG or WebP image/);
    const res2 = await submit(m, fields, { front: Buffer.from('GIF89a not really'), back, selfie }).expect(400);
    expect(res2.body.message).toMatch(/^front:/);
    expect((await t.http.get('/api/kyc/my').set(auth(m.token)).expect(200)).body).toEqual({ current: null, history: [] });
    expect(tempFiles(t)).toEqual([]);
    expect(existsSync(path.join(t.config.storageDir, 'private', 'kyc', m.user._id))).toBe(false);
  });

  it('checks the fields: missing images, under 18, an expired ID, an unknown file field', async () => {
    const m = await createUser(t);
    expect((await submit(m, fields, { front, back }).expect(400)).body.message).toMatch(/selfie holding the ID in 'selfie'/);
    const young = new Date(Date.now() - 17 * 365 * DAY).toISOString().slice(0, 10);
    expect((await submit(m, { ...fields, birthDate: young }).expect(400)).body.message).toMatch(/18 or older/);
    expect((await submit(m, { ...fields, idExpiresOn: '2020-01-01' }).expect(400)).body.message).toMatch(/idExpiresOn: this ID has expired/);
    expect((await submit(m, { ...fields, birthDate: '1990-02-30' }).expect(400)).body.message).toMatch(/birthDate must be a real date/);
    expect((await submit(m, { ...fields, fullName: 'Juan\u0000Cruz' }).expect(400)).body.message).toEqual([expect.stringMatching(/fullName must be plain text/)]);
    expect((await submit(m, { ...fields, idType: 'library_card' }).expect(400)).body.message).toEqual(expect.arrayContaining([expect.stringMatching(/idType must be one of/)]));
    const res = await t.http.post('/api/kyc/create').set(auth(m.token)).field('idType', 'passport').attach('passport', front, 'p.jpg').expect(400);
    expect(res.body.message).toMatch(/Unexpected file field 'passport'; send files in 'front', 'back', 'selfie'/);
    // a passport needs no back image
    const ok = await submit(m, { ...fields, idType: 'passport', idNumber: 'P1234567A' }, { front, selfie }).expect(201);
    expect(ok.body.files.map((f: { kind: string }) => f.kind)).toEqual(['front', 'selfie']);
    expect(ok.body.idNumberLast4).toBe('567A');
  });

  it('keeps a draft, then submits it with the missing files; one being reviewed cannot be changed (409)', async () => {
    const m = await createUser(t);
    const draft = await submit(m, { ...fields, submit: 'false' }, { front }).expect(201);
    expect(draft.body.status).toBe('draft');
    expect(draft.body.submittedAt).toBeNull();
    const done = await submit(m, { fullName: 'Juan S. Dela Cruz' }, { back, selfie }).expect(201);
    expect(done.body).toMatchObject({ _id: draft.body._id, status: 'submitted', fullName: 'Juan S. Dela Cruz' });
    expect(done.body.files).toHaveLength(3);
    const again = await submit(m).expect(409);
    expect(again.body.message).toBe('Your verification is being reviewed. Withdraw it first to change it.');
  });

  it('keeps one open submission per member when two are sent at once (one 201, one 409, no stray files)', async () => {
    const m = await createUser(t);
    const answers = await Promise.all([submit(m), submit(m)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const rows = await t.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, m.user._id));
    expect(rows).toHaveLength(1);
    const onDisk = readdirSync(path.join(t.config.storageDir, 'private', 'kyc', m.user._id, rows[0].id));
    expect(onDisk.sort()).toEqual((await storedFiles(rows[0].id)).map((f) => f.storageKey.split('/').pop()).sort());
    expect(readdirSync(path.join(t.config.storageDir, 'private', 'kyc', m.user._id))).toEqual([rows[0].id]);
  });

  it('lets a member read only their own submission (others 404) and never the queue (403); viewers neither', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const { body } = await submit(owner).expect(201);
    await t.http.get(`/api/kyc/get/${body._id}`).set(auth(owner.token)).expect(200);
    await t.http.get(`/api/kyc/get/${body._id}`).set(auth(other.token)).expect(404);
    await t.http.get(`/api/kyc/get/${body._id}`).set(auth(viewer.token)).expect(404);
    await t.http.get('/api/kyc/get/all').set(auth(other.token)).expect(403);
    await t.http.get('/api/kyc/get/all').set(auth(viewer.token)).expect(403);
    await t.http.post(`/api/kyc/withdraw/${body._id}`).set(auth(other.token)).expect(404);
    await setStatus(other, body._id, { status: 'in_review' }).expect(403);
    const fileId = body.files[0]._id;
    await t.http.post(`/api/kyc/file-link/${fileId}`).set(auth(other.token)).send({ reason: 'review' }).expect(404);
    await t.http.post(`/api/kyc/file-link/${fileId}`).set(auth(viewer.token)).send({ reason: 'review' }).expect(404);
    const asReviewer = await t.http.get(`/api/kyc/get/${body._id}`).set(auth(admin.token)).expect(200);
    expect(asReviewer.body.user).toMatchObject({ _id: owner.user._id, email: owner.user.email, type: 'customer' });
    expect(asReviewer.body.reviews).toEqual([]);
  });

  it('serves the queue oldest first, assigns, refuses another reviewer (409 naming them), approves: the member is verified', async () => {
    const first = await createUser(t);
    const second = await createUser(t);
    const a = (await submit(first).expect(201)).body;
    const b = (await submit(second).expect(201)).body;
    const queue = await t.http.get('/api/kyc/get/all?assigned=unassigned&limit=100').set(auth(admin.token)).expect(200);
    const ids = queue.body.submissions.map((s: { _id: string }) => s._id);
    expect(ids.indexOf(a._id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(a._id)).toBeLessThan(ids.indexOf(b._id));
    const submittedAts = queue.body.submissions.map((s: { submittedAt: string }) => s.submittedAt);
    expect([...submittedAts].sort()).toEqual(submittedAts);
    expect(queue.body.submissions[0].user).toMatchObject({ email: expect.any(String) });
    expect(queue.body.pagination).toMatchObject({ currentPage: 1, totalItems: queue.body.submissions.length });
    const byText = await t.http.get(`/api/kyc/get/all?text=${encodeURIComponent(second.user.email)}`).set(auth(admin.token)).expect(200);
    expect(byText.body.submissions.map((s: { _id: string }) => s._id)).toEqual([b._id]);

    const taken = await setStatus(admin, a._id, { status: 'in_review' }).expect(200);
    expect(taken.body).toMatchObject({ status: 'in_review', assignedTo: { _id: admin.user._id, firstName: 'Amihan', lastName: 'Reyes' } });
    const mine = await t.http.get('/api/kyc/get/all?assigned=me').set(auth(admin.token)).expect(200);
    expect(mine.body.submissions.map((s: { _id: string }) => s._id)).toEqual([a._id]);
    const clash = await setStatus(admin2, a._id, { status: 'approved' }).expect(409);
    expect(clash.body.message).toBe('Amihan Reyes is reviewing this submission; ask them to release it first');
    await setStatus(admin2, a._id, { status: 'in_review' }).expect(409);
    await setStatus(admin, a._id, { status: 'in_review' }).expect(200); // already mine: unchanged

    const approved = await setStatus(admin, a._id, { status: 'approved', note: 'All clear' }).expect(200);
    expect(approved.body).toMatchObject({ status: 'approved', assignedTo: null, reviewNote: 'All clear', reasonCodes: [] });
    // the ID expires 2036-05-17, after the default 730 days: the approval period decides
    const expiresIn = Date.parse(approved.body.expiresAt) - Date.parse(approved.body.approvedAt);
    expect(Math.round(expiresIn / DAY)).toBe(730);
    expect(approved.body.reviews.map((r: { action: string }) => r.action)).toEqual(['assigned', 'approved']);
    expect(approved.body.reviews[1].reviewer).toMatchObject({ _id: admin.user._id });

    const me = await current(first);
    // the identity is verified; the e-mail flag (which social sign-in trusts) is not KYC's to set
    expect(me.identityVerified).toBe(true);
    expect(me.isVerified).toBe(false);
    expect(me.kyc).toMatchObject({ submissionId: a._id, status: 'approved', approvedAt: approved.body.approvedAt, expiresAt: approved.body.expiresAt });

    const again = await setStatus(admin, a._id, { status: 'rejected', reasonCodes: ['glare'] }).expect(409);
    expect(again.body.message).toBe('This verification is approved; it cannot be changed to rejected');
    await eventsSettled(t.app);
    const [reviewed] = await t.db.select().from(auditLog).where(and(eq(auditLog.type, 'kyc.reviewed'), eq(auditLog.entityId, a._id)));
    expect(reviewed).toMatchObject({ actorId: admin.user._id, severity: 'high' });
  });

  it('lets the reviewer release it, and a super admin release another’s', async () => {
    const m = await createUser(t);
    const s = (await submit(m).expect(201)).body;
    await setStatus(admin, s._id, { status: 'in_review' }).expect(200);
    expect((await setStatus(admin, s._id, { status: 'submitted' }).expect(200)).body).toMatchObject({ status: 'submitted', assignedTo: null });
    await setStatus(admin2, s._id, { status: 'in_review' }).expect(200);
    await setStatus(superAdmin, s._id, { status: 'submitted' }).expect(200);
    await setStatus(admin, s._id, { status: 'submitted' }).expect(409); // not in review
    const draft = (await submit(await createUser(t), { ...fields, submit: 'false' }, {}).expect(201)).body;
    expect((await setStatus(admin, draft._id, { status: 'submitted' }).expect(409)).body.message).toBe('This verification is draft; only one in review can be released');
    await setStatus(admin, draft._id, { status: 'approved' }).expect(409);
  });

  it('needs a reason to reject (other needs a note); asks to resubmit; the member resubmits; and withdraws', async () => {
    const m = await createUser(t);
    const s = (await submit(m).expect(201)).body;
    expect((await setStatus(admin, s._id, { status: 'rejected' }).expect(400)).body.message).toMatch(/reasonCodes: give at least one reason/);
    expect((await setStatus(admin, s._id, { status: 'rejected', reasonCodes: ['other'] }).expect(400)).body.message).toMatch(/note: say what to fix/);
    await setStatus(admin, s._id, { status: 'rejected', reasonCodes: ['made_up'] }).expect(400);
    await setStatus(admin, s._id, { status: 'approved', reasonCodes: ['glare'] }).expect(400);
    await setStatus(admin, s._id, { status: 'withdrawn' }).expect(400);
    await setStatus(m, s._id, { status: 'approved' }).expect(403);

    const asked = await setStatus(admin, s._id, { status: 'resubmission_requested', reasonCodes: ['image_blurry', 'glare'], note: 'Retake the front' }).expect(200);
    expect(asked.body).toMatchObject({ status: 'resubmission_requested', reasonCodes: ['image_blurry', 'glare'], reviewNote: 'Retake the front' });
    const mine = (await t.http.get('/api/kyc/my').set(auth(m.token)).expect(200)).body;
    expect(mine.current).toMatchObject({ _id: s._id, status: 'resubmission_requested', reasonCodes: ['image_blurry', 'glare'] });
    const oldFront = (await storedFiles(s._id)).find((f) => f.kind === 'front')!;

    const newFront = await picture(10, 'png');
    const re = await submit(m, {}, { front: newFront }).expect(201);
    expect(re.body).toMatchObject({ _id: s._id, status: 'submitted' });
    const frontNow = (await storedFiles(s._id)).find((f) => f.kind === 'front')!;
    expect(frontNow.id).not.toBe(oldFront.id);
    expect(frontNow.mimeType).toBe('image/png');
    expect(existsSync(storagePath(oldFront.storageKey))).toBe(false); // the replaced image is gone

    const withdrawn = await t.http.post(`/api/kyc/withdraw/${s._id}`).set(auth(m.token)).expect(200);
    expect(withdrawn.body.status).toBe('withdrawn');
    expect((await t.http.post(`/api/kyc/withdraw/${s._id}`).set(auth(m.token)).expect(409)).body.message).toMatch(/only an open one/);
    expect((await current(m)).kyc).toMatchObject({ status: 'withdrawn' });

    const other = (await submit(await createUser(t)).expect(201)).body;
    const rejected = await setStatus(admin, other._id, { status: 'rejected', reasonCodes: ['selfie_mismatch'] }).expect(200);
    expect(rejected.body.status).toBe('rejected');
    await eventsSettled(t.app);
    const submittedEvents = await t.db.select().from(auditLog).where(and(eq(auditLog.type, 'kyc.submitted'), eq(auditLog.entityId, s._id)));
    expect(submittedEvents).toHaveLength(2);
  });

  it('serves a file link to its viewer only (403 to another admin), expired links 410, and audits each view with the reason', async () => {
    const m = await createUser(t);
    const s = (await submit(m).expect(201)).body;
    const fileId = s.files.find((f: { kind: string }) => f.kind === 'front')._id;
    await t.http.post(`/api/kyc/file-link/${fileId}`).set(auth(admin.token)).send({ reason: 'curiosity' }).expect(400);
    const link = await t.http.post(`/api/kyc/file-link/${fileId}`).set(auth(admin.token)).send({ reason: 'review' }).expect(200);
    expect(link.body.url).toMatch(new RegExp(`^/api/kyc/file/${fileId}\\?viewer=${admin.user._id}&expires=\\d+&signature=[0-9a-f]{64}$`));
    const left = Date.parse(link.body.expiresAt) - Date.now();
    expect(left).toBeGreaterThan(4 * 60_000);
    expect(left).toBeLessThanOrEqual(5 * 60_000 + 1000);

    const image = await t.http.get(link.body.url).set(auth(admin.token)).buffer(true).parse(binary).expect(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('no-store');
    expect((image.body as Buffer).equals(front)).toBe(true);

    await t.http.get(link.body.url).set(auth(admin2.token)).expect(403);
    await t.http.get(link.body.url.replace(`viewer=${admin.user._id}`, `viewer=${admin2.user._id}`)).set(auth(admin2.token)).expect(403);
    await t.http.get(link.body.url).expect(401);
    await t.http.get(link.body.url.replace(/signature=[0-9a-f]/, (x: string) => (x.endsWith('0') ? 'signature=1' : 'signature=0'))).set(auth(admin.token)).expect(403);
    const old = kyc.fileUrl(fileId, admin.user._id, Date.now() - 10 * 60_000);
    expect((await t.http.get(old.url).set(auth(admin.token)).expect(410)).body.message).toMatch(/expired/);

    // the owner may open their own
    const own = await t.http.post(`/api/kyc/file-link/${fileId}`).set(auth(m.token)).send({ reason: 'my own' }).expect(200);
    await t.http.get(own.body.url).set(auth(m.token)).expect(200);

    await eventsSettled(t.app);
    const views = await t.db.select().from(auditLog).where(and(eq(auditLog.type, 'kyc.file_viewed'), eq(auditLog.entityId, s._id)));
    expect(views).toHaveLength(2);
    const byAdmin = views.find((v) => v.actorId === admin.user._id)!;
    expect(byAdmin.severity).toBe('high');
    expect(byAdmin.description).toMatch(/opened the front image of .* \(reason: review\)/);
    expect(await eventData('kyc.file_viewed', s._id)).toEqual(
      expect.arrayContaining([
        { actorId: admin.user._id, submissionId: s._id, userId: m.user._id, email: m.user.email, idType: 'philsys_card', fileId, fileKind: 'front', reason: 'review' },
      ]),
    );
  });

  it('allows at most 5 submissions a day per member (429 with a message); refused ones do not count', async () => {
    const m = await createUser(t);
    for (let i = 0; i < 3; i++) await submit(m, { ...fields, birthDate: '2020-01-01' }, {}).expect(400);
    for (let i = 0; i < 5; i++) await submit(m, { ...fields, submit: 'false' }, {}).expect(201);
    const res = await submit(m, { ...fields, submit: 'false' }, {}).expect(429);
    expect(res.body.message).toMatch(/at most 5 times a day/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // refused before a byte of the images is read: the answer comes while the body is held back
    const held = heldUpload(await listen(t), '/api/kyc/create', { token: m.token, field: 'front', fields: { idType: 'passport' } });
    const answer = await held.response;
    expect(answer.status).toBe(429);
    expect(tempFiles(t)).toEqual([]);
    // a guest is refused the same way
    expect((await heldUpload(await listen(t), '/api/kyc/create', { field: 'front' }).response).status).toBe(401);
  });

  it('expires approvals past their period or their ID (badge off); a new approval supersedes the old one', async () => {
    const m = await createUser(t);
    const s = (await submit(m).expect(201)).body;
    await setStatus(admin, s._id, { status: 'approved' }).expect(200);
    // a second verification, approved: the first becomes expired
    const s2 = (await submit(m, { ...fields, idType: 'passport', idNumber: 'P7654321B', idExpiresOn: '2040-01-01' }, { front, selfie }).expect(201)).body;
    expect((await current(m)).kyc).toMatchObject({ submissionId: s._id, status: 'approved' }); // still verified by the first meanwhile
    await setStatus(admin, s2._id, { status: 'approved' }).expect(200);
    expect((await t.http.get(`/api/kyc/get/${s._id}`).set(auth(m.token)).expect(200)).body.status).toBe('expired');
    expect((await current(m)).kyc).toMatchObject({ submissionId: s2._id, status: 'approved' });

    // the expiry task, a day after the approval ran out
    const [row] = await t.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, s2._id));
    const later = new Date(row.expiresAt!.getTime() + DAY);
    expect(await kyc.expireDue(later)).toBeGreaterThanOrEqual(1);
    const me = await current(m);
    expect(me.identityVerified).toBe(false);
    expect(me.kyc).toMatchObject({ submissionId: s2._id, status: 'expired' });
    const got = await t.http.get(`/api/kyc/get/${s2._id}`).set(auth(admin.token)).expect(200);
    expect(got.body.reviews.at(-1)).toMatchObject({ action: 'expired', reviewer: null });
    await eventsSettled(t.app);
    expect(await eventData('kyc.expired', s2._id)).toEqual([
      { actorId: null, submissionId: s2._id, userId: m.user._id, email: m.user.email, idType: 'passport', reason: 'approval_age' },
    ]);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.type, 'kyc.expired'), eq(auditLog.entityId, s2._id)))).toHaveLength(1);

    // the task is registered under its name and finds nothing more now
    expect(await t.app.get(MaintenanceRunner).runTask('kyc-expiry')).toBe(0);
  });

  it("expires an approval on the ID's own expiry date when that comes first (reason id_expired); nobody reviews their own", async () => {
    const m = await createUser(t);
    const soon = new Date(Date.now() + 10 * DAY + 8 * 3600_000).toISOString().slice(0, 10);
    const s = (await submit(m, { ...fields, idExpiresOn: soon }).expect(201)).body;
    const approved = (await setStatus(admin, s._id, { status: 'approved' }).expect(200)).body;
    expect(approved.expiresAt).toBe(new Date(`${soon}T00:00:00+08:00`).toISOString());
    expect(await kyc.expireDue(new Date(Date.now() + 5 * DAY))).toBe(0);
    expect(await kyc.expireDue(new Date(Date.now() + 11 * DAY))).toBeGreaterThanOrEqual(1);
    expect((await current(m)).identityVerified).toBe(false);
    expect(await eventData('kyc.expired', s._id)).toEqual([expect.objectContaining({ reason: 'id_expired' })]);

    const own = (await submit(admin2).expect(201)).body;
    expect((await setStatus(admin2, own._id, { status: 'approved' }).expect(403)).body.message).toBe('You cannot review your own identity verification');
  });

  it('retention: withdraws abandoned drafts and deletes the files of closed submissions past the period', async () => {
    const m = await createUser(t);
    const draft = (await submit(m, { ...fields, submit: 'false' }, { front }).expect(201)).body;
    const r = await kyc.enforceRetention(new Date(Date.now() + 31 * DAY));
    expect(r.abandoned).toBeGreaterThanOrEqual(1);
    expect((await t.http.get(`/api/kyc/get/${draft._id}`).set(auth(m.token)).expect(200)).body.status).toBe('withdrawn');

    const m2 = await createUser(t);
    const s = (await submit(m2).expect(201)).body;
    await setStatus(admin, s._id, { status: 'rejected', reasonCodes: ['suspected_tampering'] }).expect(200);
    const keys = (await storedFiles(s._id)).map((f) => f.storageKey);
    expect(keys.every((k) => existsSync(storagePath(k)))).toBe(true);
    // not yet: 90 days from closing
    await kyc.enforceRetention(new Date(Date.now() + 89 * DAY));
    expect(await storedFiles(s._id)).toHaveLength(3);
    await kyc.enforceRetention(new Date(Date.now() + 91 * DAY));
    expect(await storedFiles(s._id)).toHaveLength(0);
    expect(keys.some((k) => existsSync(storagePath(k)))).toBe(false);
    const got = (await t.http.get(`/api/kyc/get/${s._id}`).set(auth(m2.token)).expect(200)).body;
    expect(got).toMatchObject({ status: 'rejected', filesPurged: true, files: [], idNumberLast4: '3456' });
    const [row] = await t.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, s._id));
    expect(row.idNumberEncrypted).toBe('');
    await eventsSettled(t.app);
    expect(await eventData('kyc.files_purged', s._id)).toEqual([expect.objectContaining({ actorId: null, files: 3, status: 'rejected' })]);
    expect(await t.app.get(MaintenanceRunner).runTask('kyc-retention')).toEqual({ abandoned: 0, purged: 0 });
  });

  it('removes a member’s KYC files from storage when the account is removed', async () => {
    const m = await createUser(t);
    const s = (await submit(m).expect(201)).body;
    const folder = path.join(t.config.storageDir, 'private', 'kyc', m.user._id);
    expect(readdirSync(path.join(folder, s._id))).toHaveLength(3);
    await t.http.delete(`/api/user/remove/${m.user._id}`).set(auth(superAdmin.token)).expect(200);
    await eventsSettled(t.app);
    expect(existsSync(folder)).toBe(false);
    expect(await t.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, m.user._id))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, m.user._id))).toEqual([]);
  });
});
