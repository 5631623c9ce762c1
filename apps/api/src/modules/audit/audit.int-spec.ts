import { auditDailyCounts, auditLog } from '@app/db';
import { eq, sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { MaintenanceRunner } from '../../common/events/maintenance';
import { eventsSettled } from '../../../test/events';
import { auth, createUser, PASSWORD, startTestApp, uniqueEmail, type TestApp } from '../../../test/test-app';
import { AUDIT_FACETS_NEWEST, AuditRepository } from './audit.repository';

type Member = Awaited<ReturnType<typeof createUser>>;
const asCounts = (facets: Array<{ value: string; count: number }>) => Object.fromEntries(facets.map((f) => [f.value, f.count]));

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
  /** The daily counts of entries this test wrote straight into the log (as migration 0021 counts existing entries). */
  const recountDays = () =>
    t.db.execute(sql`
      insert into audit_daily_counts (day, type, severity, count)
      select (occurred_at at time zone 'UTC')::date, type, severity, count(*)::int from audit_log group by 1, 2, 3
      on conflict (day, type, severity) do update set count = excluded.count`);

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

  it('counts facets by type, severity and time from the daily counts exactly as counting the log does, partial days included', async () => {
    const repo = t.app.get(AuditRepository);
    const hour = 3600 * 1000;
    const base = Date.UTC(2026, 2, 10); // 10 March 2026, 00:00 UTC
    const at = [-30, -1, 0, 5, 23.5, 24, 30, 47, 50, 72, 100].map((h) => new Date(base + h * hour));
    const kinds = [
      ['user.logged_in', 'low'],
      ['user.role_changed', 'high'],
      ['listing.verified', 'medium'],
    ] as const;
    for (const [i, occurredAt] of at.entries()) {
      const [type, severity] = kinds[i % kinds.length];
      await repo.insert({ eventId: randomUUID(), type, severity, description: `facet test ${i}`, occurredAt });
    }
    const whereOf = (query: { type?: string[]; severity?: string[]; from?: string; to?: string }) =>
      sql.join(
        [
          sql`true`,
          query.type ? sql`type in (${sql.join(query.type.map((v) => sql`${v}`), sql`, `)})` : sql`true`,
          query.severity ? sql`severity in (${sql.join(query.severity.map((v) => sql`${v}`), sql`, `)})` : sql`true`,
          query.from ? sql`occurred_at >= ${query.from}::timestamptz` : sql`true`,
          query.to ? sql`occurred_at < ${query.to}::timestamptz` : sql`true`,
        ],
        sql` and `,
      );
    const byCounting = async (query: { type?: string[]; severity?: string[]; from?: string; to?: string }) => {
      const where = whereOf(query);
      const count = async (key: SQL) => {
        const r = await t.db.execute(sql`select ${key} as value, count(*)::int as count from audit_log where ${where} group by 1`);
        return Object.fromEntries((r as unknown as { rows: Array<{ value: string; count: number }> }).rows.map((x) => [x.value, x.count]));
      };
      return { type: await count(sql`type`), severity: await count(sql`severity`), day: await count(sql`to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD')`) };
    };
    const iso = (h: number) => new Date(base + h * hour).toISOString();
    const queries = [
      {},
      { type: ['user.role_changed', 'listing.verified'] },
      { severity: ['low'] },
      { from: iso(2), to: iso(49) }, // partial first and last days around a whole day
      { from: iso(0), to: iso(48) }, // whole days only
      { from: iso(1), to: iso(23) }, // inside one day
      { from: iso(23), to: iso(25) }, // across one midnight, no whole day
      { from: iso(-1), type: ['user.logged_in'] },
      { to: iso(30), severity: ['high', 'medium'] },
      { severity: ['low', 'high'] },
      { type: ['user.logged_in', 'user.role_changed'], severity: ['high'] },
      { type: ['user.logged_in', 'user.role_changed', 'listing.verified'] },
    ];
    const check = async () => {
      for (const query of queries) {
        const res = await t.http.post('/api/audit/filter').set(auth(admin.token)).send({ query }).expect(200);
        const expected = await byCounting(query);
        expect({ query, type: asCounts(res.body.type), severity: asCounts(res.body.severity), day: asCounts(res.body.day) }).toEqual({ query, ...expected });
        expect(res.body.total).toBe(Object.values(expected.type).reduce((a, b) => a + b, 0));
        expect(res.body.limitedToNewest).toBeNull();
        // a search's page is the one the log holds in either order (several types or severities: one walk per value)
        for (const sort of ['-timestamp', 'timestamp']) {
          const page = await search(viewer, { query, sort, page: 2, limit: 3 }).expect(200);
          const order = sort === 'timestamp' ? sql`occurred_at asc, id asc` : sql`occurred_at desc, id desc`;
          const direct = await t.db.execute(sql`select id::text as id from audit_log where ${whereOf(query)} order by ${order} limit 3 offset 3`);
          expect({ query, sort, ids: page.body.entries.map((e: { _id: string }) => e._id) }).toEqual({
            query,
            sort,
            ids: (direct as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id),
          });
        }
        // a search's total comes from the same counts
        const found = await search(viewer, { query, limit: 1 }).expect(200);
        expect({ query, total: found.body.pagination.totalItems, estimate: found.body.totalIsEstimate }).toEqual({ query, total: res.body.total, estimate: false });
      }
      // a type and a severity that never go together: nothing, without reading a page
      const none = await search(viewer, { query: { type: ['user.logged_in'], severity: ['critical'] } }).expect(200);
      expect(none.body).toMatchObject({ entries: [], pagination: { totalItems: 0 } });
    };
    await check();
    // a removal and the retention keep the counts right
    const [gone] = (await search(viewer, { query: { text: 'facet test 4' } }).expect(200)).body.entries;
    await t.http.delete(`/api/audit/remove/${gone._id}`).set(auth(superAdmin.token)).expect(200);
    await repo.pruneBefore(new Date(base));
    await eventsSettled(t.app);
    await check();
    expect(await t.db.select().from(auditDailyCounts).where(sql`${auditDailyCounts.count} <= 0`)).toEqual([]);
  });

  it('counts the newest matches of a query by words, actor or entity, and says when there were more', async () => {
    const actor = randomUUID();
    const quiet = randomUUID();
    await t.db.execute(sql`
      insert into audit_log (event_id, actor_id, actor_name, type, severity, description, occurred_at)
      select gen_random_uuid(), ${actor}::uuid, 'Busy Bee', case when i % 10 = 0 then 'user.updated' else 'user.logged_in' end, 'low', 'logged in',
             now() - make_interval(secs => i)
      from generate_series(1, ${AUDIT_FACETS_NEWEST + 5}) i`);
    await t.db.execute(sql`
      insert into audit_log (event_id, actor_id, type, severity, description, occurred_at)
      select gen_random_uuid(), ${quiet}::uuid, 'user.logged_in', 'low', 'logged in', now() - make_interval(mins => i) from generate_series(1, 3) i`);
    await recountDays();
    const busy = await t.http.post('/api/audit/filter').set(auth(admin.token)).send({ query: { actor } }).expect(200);
    expect(busy.body.limitedToNewest).toBe(AUDIT_FACETS_NEWEST);
    expect(busy.body.total).toBe(AUDIT_FACETS_NEWEST);
    // the newest: every tenth second is an update
    expect(asCounts(busy.body.type)).toEqual({ 'user.logged_in': AUDIT_FACETS_NEWEST - AUDIT_FACETS_NEWEST / 10, 'user.updated': AUDIT_FACETS_NEWEST / 10 });
    const few = await t.http.post('/api/audit/filter').set(auth(admin.token)).send({ query: { actor: quiet } }).expect(200);
    expect(few.body).toMatchObject({ total: 3, limitedToNewest: null, type: [{ value: 'user.logged_in', count: 3 }] });
    const byWords = await t.http.post('/api/audit/filter').set(auth(admin.token)).send({ query: { text: 'busy bee' } }).expect(200);
    expect(byWords.body.limitedToNewest).toBe(AUDIT_FACETS_NEWEST);
  });

  it('answers a search by words from a sample of the newest entries, a walk, or the word index, always the page the words match', async () => {
    // the 50,005 "Busy Bee" entries of the test before, and one rare word far back
    await t.db.execute(sql`
      insert into audit_log (event_id, type, severity, description, occurred_at)
      values (gen_random_uuid(), 'user.updated', 'low', 'updated the profile (zebracorn)', now() - interval '400 days'),
             (gen_random_uuid(), 'user.updated', 'medium', 'updated the profile (zebracorn)', now() - interval '300 days')`);
    await recountDays();
    // what autovacuum does for a live log: the planner's idea of its size
    await t.db.execute(sql`analyze audit_log`);
    const expected = async (tsquery: string, extra: SQL, oldestFirst: boolean, limit: number, skip: number) => {
      const order = oldestFirst ? sql`occurred_at asc, id asc` : sql`occurred_at desc, id desc`;
      const r = await t.db.execute(
        sql`select id::text as id from audit_log where search_vector @@ to_tsquery('simple', ${tsquery}) and ${extra} order by ${order} limit ${limit} offset ${skip}`,
      );
      return (r as unknown as { rows: Array<{ id: string }> }).rows.map((x) => x.id);
    };
    const count = async (tsquery: string, extra: SQL) => {
      const r = await t.db.execute(sql`select count(*)::int as n from audit_log where search_vector @@ to_tsquery('simple', ${tsquery}) and ${extra}`);
      return (r as unknown as { rows: Array<{ n: number }> }).rows[0].n;
    };
    const cases: Array<{ body: Record<string, unknown>; tsquery: string; extra: SQL; path: string }> = [
      { body: { query: { text: 'busy bee' }, page: 1, limit: 10 }, tsquery: `'busy' & 'bee'`, extra: sql`true`, path: 'sample' },
      { body: { query: { text: 'busy bee' }, page: 501, limit: 10 }, tsquery: `'busy' & 'bee'`, extra: sql`true`, path: 'walk' },
      { body: { query: { text: 'Busy', type: ['user.updated'] }, page: 2, limit: 5 }, tsquery: `'busy'`, extra: sql`type = 'user.updated'`, path: 'sample' },
      { body: { query: { text: 'zebracorn' }, page: 1, limit: 10 }, tsquery: `'zebracorn'`, extra: sql`true`, path: 'index' },
      // few medium entries: the sample holds all of them
      { body: { query: { text: 'zebracorn', severity: ['medium'] }, page: 1, limit: 10 }, tsquery: `'zebracorn'`, extra: sql`severity = 'medium'`, path: 'whole sample' },
      // oldest first: both are in the sample, their number from the word index
      { body: { query: { text: 'zebracorn' }, sort: 'timestamp', page: 1, limit: 1 }, tsquery: `'zebracorn'`, extra: sql`true`, path: 'sample, rare' },
      { body: { query: { text: 'busy bee' }, sort: 'timestamp', page: 3, limit: 10 }, tsquery: `'busy' & 'bee'`, extra: sql`true`, path: 'sample' },
    ];
    for (const c of cases) {
      const res = await search(viewer, c.body).expect(200);
      const limit = c.body.limit as number;
      const skip = ((c.body.page as number) - 1) * limit;
      const ids = res.body.entries.map((e: { _id: string }) => e._id);
      expect({ path: c.path, body: c.body, ids }).toEqual({ path: c.path, body: c.body, ids: await expected(c.tsquery, c.extra, c.body.sort === 'timestamp', limit, skip) });
      const real = await count(c.tsquery, c.extra);
      if (res.body.totalIsEstimate) {
        // estimated from the share of the sample that matched: near, never below what was seen
        expect(res.body.pagination.totalItems).toBeGreaterThan(real * 0.5);
        expect(res.body.pagination.totalItems).toBeLessThan(real * 2);
      } else {
        expect(res.body.pagination.totalItems).toBe(real);
      }
    }
    // common words counted by estimate, rare ones exactly
    expect((await search(viewer, { query: { text: 'busy bee' } }).expect(200)).body.totalIsEstimate).toBe(true);
    expect((await search(viewer, { query: { text: 'zebracorn' } }).expect(200)).body).toMatchObject({ totalIsEstimate: false, pagination: { totalItems: 2 } });
    // facets of rare words come from the word index, exact
    const rare = await t.http.post('/api/audit/filter').set(auth(admin.token)).send({ query: { text: 'zebracorn' } }).expect(200);
    expect(rare.body).toMatchObject({ total: 2, limitedToNewest: null, severity: expect.arrayContaining([{ value: 'low', count: 1 }, { value: 'medium', count: 1 }]) });
  });

  it('matches whole words first, and the last word as a beginning only when they match nothing', async () => {
    const ana = await createUser(t, { firstName: 'Ana', lastName: 'Quisumbing' });
    const anabel = await createUser(t, { firstName: 'Anabel', lastName: 'Quisumbing' });
    await eventsSettled(t.app);
    const actors = async (text: string) =>
      new Set((await search(viewer, { query: { text, type: ['user.logged_in'] } }).expect(200)).body.entries.map((e: { user: { _id: string } }) => e.user._id));
    expect(await actors('ana quisumbing')).toEqual(new Set([ana.user._id]));
    expect(await actors('anab quisumbing')).toEqual(new Set()); // only the last word may be a beginning
    expect(await actors('quisumbing anab')).toEqual(new Set([anabel.user._id]));
    expect(await actors('quisumb')).toEqual(new Set([ana.user._id, anabel.user._id]));
    const facets = await t.http.post('/api/audit/filter').set(auth(admin.token)).send({ query: { text: 'quisumb', type: ['user.logged_in'] } }).expect(200);
    expect(facets.body.total).toBe(2);
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
