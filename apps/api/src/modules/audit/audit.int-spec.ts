import { auditLog } from '@app/db';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { MaintenanceRunner } from '../../common/events/maintenance';
import { eventsSettled } from '../../../test/events';
import { auth, createUser, PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../../test/test-app';

type Member = Awaited<ReturnType<typeof createUser>>;

describe('audit log (HTTP, real PostgreSQL and Redis)', () => {
  let t: TestApp;
  let superAdmin: Member;
  let admin: Member;
  let viewer: Member;
  let member: Member;
  const search = (who: Member, body: unknown) => t.http.post('/api/audit/search').set(auth(who.token)).send(body as object);

  beforeAll(async () => {
    t = await startTestApp();
    superAdmin = await createUser(t, { role: 'super_admin', firstName: 'Corazon', lastName: 'Reyes' });
    admin = await createUser(t, { role: 'admin' });
    viewer = await createUser(t, { role: 'viewer' });
    member = await createUser(t, { firstName: 'Juan', lastName: 'Dela Cruz' });
    await eventsSettled(t.app);
  });
  afterAll(() => t.close());

  it('records a failed login as low, with no actor, and the request’s address, user agent and id', async () => {
    const email = uniqueEmail('nobody');
    await t.http.post('/api/user/login').set('User-Agent', 'AuditTest/1.0').set('X-Request-Id', 'req-audit-1').send({ email, password: 'wrong-password' }).expect(401);
    await eventsSettled(t.app);
    const res = await search(viewer, { query: { type: ['user.login_failed'], text: email } }).expect(200);
    expect(res.body.entries).toEqual([
      {
        _id: expect.any(String),
        user: null,
        type: 'user.login_failed',
        severity: 'low',
        entity: null,
        description: `failed login for ${email}: no such account`,
        timestamp: expect.any(String),
        ip: expect.stringMatching(/127\.0\.0\.1/),
        userAgent: 'AuditTest/1.0',
        requestId: 'req-audit-1',
      },
    ]);
    expect(res.body.pagination).toEqual({ currentPage: 1, itemsOnPage: 1, totalPages: 1, totalItems: 1, itemsPerPage: 10 });
    expect(res.body.totalIsEstimate).toBe(false);
  });

  it('records a role change as high, naming the actor (kept as they were) and the member changed', async () => {
    await t.http.put('/api/user/update').set(auth(superAdmin.token)).send({ _id: member.user._id, role: 'viewer' }).expect(200);
    await t.http.put('/api/user/update').set(auth(superAdmin.token)).send({ _id: member.user._id, role: 'user' }).expect(200);
    await eventsSettled(t.app);
    const res = await search(admin, { query: { type: ['user.role_changed'], entity: { kind: 'user', id: member.user._id } } }).expect(200);
    expect(res.body.entries.map((e: { description: string }) => e.description)).toEqual([
      `changed the role of ${member.user.email} from viewer to user`,
      `changed the role of ${member.user.email} from user to viewer`,
    ]);
    expect(res.body.entries[0]).toMatchObject({
      severity: 'high',
      user: { _id: superAdmin.user._id, name: 'Corazon Reyes', email: superAdmin.user.email },
      entity: { kind: 'user', id: member.user._id },
    });
    // oldest first when asked
    const oldest = await search(admin, { query: { type: ['user.role_changed'], entity: { kind: 'user', id: member.user._id } }, sort: 'timestamp' }).expect(200);
    expect(oldest.body.entries[0].description).toContain('from user to viewer');
  });

  it('pages every entry newest first, reads one by id, and answers 404 for an unknown or malformed id', async () => {
    const all = await t.http.get('/api/audit/get/all?limit=2').set(auth(viewer.token)).expect(200);
    expect(all.body.entries).toHaveLength(2);
    expect(all.body.pagination).toMatchObject({ currentPage: 1, itemsOnPage: 2, itemsPerPage: 2 });
    const [a, b] = all.body.entries;
    expect(new Date(a.timestamp).getTime()).toBeGreaterThanOrEqual(new Date(b.timestamp).getTime());
    const one = await t.http.get(`/api/audit/get/${a._id}`).set(auth(viewer.token)).expect(200);
    expect(one.body).toEqual(a);
    const missing = await t.http.get(`/api/audit/get/${randomUUID()}`).set(auth(viewer.token)).expect(404);
    expect(missing.body.message).toBe('Audit entry not found');
    await t.http.get('/api/audit/get/not-an-id').set(auth(viewer.token)).expect(404);
  });

  it('searches by words of the description or the actor, by actor, severity and time range', async () => {
    await t.http.post('/api/user/login').send({ email: member.user.email, password: PASSWORD }).expect(200);
    await eventsSettled(t.app);
    const byName = await search(viewer, { query: { text: 'Dela Cru', type: ['user.logged_in'] } }).expect(200);
    expect(byName.body.entries.length).toBeGreaterThanOrEqual(1);
    expect(byName.body.entries.every((e: { user: { _id: string } }) => e.user._id === member.user._id)).toBe(true);
    const byActor = await search(viewer, { query: { actor: superAdmin.user._id, severity: ['high'] } }).expect(200);
    expect(byActor.body.entries.length).toBeGreaterThanOrEqual(2);
    expect(byActor.body.entries.every((e: { severity: string }) => e.severity === 'high')).toBe(true);
    const future = await search(viewer, { query: { from: '2999-01-01' } }).expect(200);
    expect(future.body).toMatchObject({ entries: [], pagination: { totalItems: 0 } });
    const nothingSearchable = await search(viewer, { query: { text: '***' } }).expect(200);
    expect(nothingSearchable.body.pagination.totalItems).toBeGreaterThan(0);
  });

  it('refuses bad searches with a 400 that says what to fix', async () => {
    const bad = async (body: unknown) => (await search(viewer, body).expect(400)).body.message;
    expect(await bad({ query: { severity: ['urgent'] } })).toEqual(['query.severity must list some of: low, medium, high, critical']);
    expect(await bad({ query: { type: ['user.hacked'] } })).toEqual(['query.type must list event types such as user.role_changed']);
    expect(await bad({ query: { actor: 'me' } })).toEqual(['query.actor must be a user id (a UUID)']);
    expect(await bad({ query: { from: 'yesterday' } })).toEqual(['query.from must be an ISO 8601 date or date-time']);
    expect(await bad({ query: { from: '2026-02-01', to: '2026-01-01' } })).toBe('query.from must be before query.to');
    expect(await bad({ query: { entity: { kind: 'planet', id: 'x' } } })).toEqual([expect.stringContaining('query.entity.kind must be one of')]);
    expect(await bad({ sort: 'severity' })).toEqual(['sort must be one of: -timestamp, timestamp']);
    expect(await bad({ query: { owner: 'x' } })).toEqual(['query.property owner should not exist']);
    expect(await bad({ limit: 0 })).toEqual([expect.stringContaining('limit')]);
  });

  it('counts the matches per type, severity and day', async () => {
    const res = await t.http.post('/api/audit/filter').set(auth(admin.token)).send({ query: { type: ['user.role_changed', 'user.login_failed'] } }).expect(200);
    const byType = Object.fromEntries(res.body.type.map((f: { value: string; count: number }) => [f.value, f.count]));
    expect(byType['user.role_changed']).toBeGreaterThanOrEqual(2);
    expect(byType['user.login_failed']).toBeGreaterThanOrEqual(1);
    expect(Object.keys(byType).sort()).toEqual(['user.login_failed', 'user.role_changed']);
    const severities = res.body.severity.map((f: { value: string }) => f.value).sort();
    expect(severities).toEqual(['high', 'low']);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body.day[0]).toEqual({ value: today, count: res.body.total });
    await t.http.post('/api/audit/filter').set(auth(admin.token)).send({ query: { severity: 'high' } }).expect(400);
  });

  it('is for staff only: members get 403, guests 401', async () => {
    await t.http.get('/api/audit/get/all').set(auth(member.token)).expect(403);
    await search(member, {}).expect(403);
    await t.http.post('/api/audit/filter').set(auth(member.token)).send({}).expect(403);
    await t.http.get(`/api/audit/get/${randomUUID()}`).set(auth(member.token)).expect(403);
    await t.http.delete(`/api/audit/remove/${randomUUID()}`).set(auth(member.token)).expect(403);
    await t.http.get('/api/audit/get/all').expect(401);
  });

  it('lets only a super admin remove an entry, and audits the removal as critical', async () => {
    const [entry] = (await search(viewer, { query: { type: ['user.login_failed'] } }).expect(200)).body.entries;
    await t.http.delete(`/api/audit/remove/${entry._id}`).set(auth(admin.token)).expect(403);
    await t.http.delete(`/api/audit/remove/${entry._id}`).set(auth(viewer.token)).expect(403);
    const removed = await t.http.delete(`/api/audit/remove/${entry._id}`).set(auth(superAdmin.token)).expect(200);
    expect(removed.body).toEqual({ message: 'Audit entry removed' });
    await t.http.get(`/api/audit/get/${entry._id}`).set(auth(viewer.token)).expect(404);
    await t.http.delete(`/api/audit/remove/${entry._id}`).set(auth(superAdmin.token)).expect(404);
    await eventsSettled(t.app);
    const record = await search(viewer, { query: { type: ['audit.removed'], entity: { kind: 'audit', id: entry._id } } }).expect(200);
    expect(record.body.entries).toEqual([
      expect.objectContaining({
        severity: 'critical',
        user: expect.objectContaining({ _id: superAdmin.user._id }),
        description: `removed the low audit entry “${entry.description}” (user.login_failed)`,
      }),
    ]);
  });

  it('prunes entries older than the retention (two years by default), keeping the rest', async () => {
    const old = new Date(Date.now() - 731 * 24 * 3600 * 1000);
    const recent = new Date(Date.now() - 729 * 24 * 3600 * 1000);
    const [oldId, recentId] = [randomUUID(), randomUUID()];
    for (const [eventId, occurredAt] of [
      [oldId, old],
      [recentId, recent],
    ] as const) {
      await t.db.insert(auditLog).values({ eventId, type: 'user.logged_in', severity: 'low', description: 'logged in', occurredAt });
    }
    expect(t.config.auditRetentionDays).toBe(730);
    await t.app.get(MaintenanceRunner).runTask('audit-retention');
    expect(await t.db.select().from(auditLog).where(eq(auditLog.eventId, oldId))).toHaveLength(0);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.eventId, recentId))).toHaveLength(1);
  });
});
