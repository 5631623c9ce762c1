import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { and, eq } from 'drizzle-orm';
import { ariaConversations, ariaRuns, auditLog, creditPools, creditReservations, enterpriseMembers, enterprises, notifications, places, subscriptions, users } from '@app/db';
import { ARIA_RUN_CREDITS } from '@app/domain';
import { eventsSettled } from '../../../test/events';
import { eventually } from '../../../test/realtime';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';
import { QUEUES } from '../../common/queue/queues';
import { CreditsService } from '../credits/credits.service';
import { ARIA_RUN_COMPUTER, type AriaRunComputer } from './aria-contracts';
import { ARIA_RUN_ATTEMPTS, RUN_INTERNAL_FAILURE } from './runs/aria-runs.service';

type Member = Awaited<ReturnType<typeof createUser>>;

const RUNS_PER_HOUR = 4;
const NO_CREDITS = /Not enough AI credits: \d+ needed, 0 left/;

/** ARIA's feasibility runs and comparisons (issue 17): BullMQ jobs on the real computer, credits held, spent or refunded. */
describe('ARIA runs (/ai/run/*)', () => {
  let t: TestApp;
  let broker: Member;
  let admin: Member;
  let condoId: string;
  let townhouseId: string;
  let rentalId: string;

  const balanceOf = async (m: Member) => (await t.db.select({ c: users.creditsRemaining }).from(users).where(eq(users.id, m.user._id)))[0].c;
  const runOf = (m: Member, id: string) => t.http.get(`/api/ai/run/${id}`).set(auth(m.token));
  async function finished(m: Member, id: string) {
    let body: { status: string } = { status: 'queued' };
    await eventually(async () => {
      body = (await runOf(m, id).expect(200)).body;
      return body.status === 'succeeded' || body.status === 'failed';
    }, `run ${id} to finish`, 30_000);
    return body as Record<string, unknown> & { status: string };
  }
  const member = (credits: number, plan?: 'basic') =>
    createUser(t, { creditsRemaining: credits }).then(async (m) => {
      if (plan) await t.db.insert(subscriptions).values({ userId: m.user._id, plan, billingPeriod: 'lifetime', status: 'active', startedAt: new Date(), source: 'staff' });
      return m;
    });

  beforeAll(async () => {
    t = await startTestApp({ ARIA_RUNS_PER_HOUR: String(RUNS_PER_HOUR), ARIA_EMBEDDINGS: 'on' });
    [broker, admin] = await Promise.all([createUser(t, { type: 'broker' }), createUser(t, { role: 'admin' })]);
    const [brgy] = await t.db.select().from(places).where(and(eq(places.level, 'barangay'), eq(places.name, 'Apas')));
    const create = (over: Record<string, unknown>) =>
      t.http
        .post('/api/listing/create')
        .set(auth(broker.token))
        .send({ type: 'residential', bedrooms: 2, bathrooms: 1, location: { lat: 10.33, lng: 123.905 }, address: { barangayCode: brgy.code }, ...over })
        .expect(201);
    condoId = (await create({ name: 'Two-bedroom condo at Cebu IT Park', offer: 'sale', kind: 'condominium', price: 6_000_000, floorSize: 60 })).body._id;
    townhouseId = (await create({ name: 'Townhouse in Apas', offer: 'sale', kind: 'townhouse', price: 8_500_000, floorSize: 110 })).body._id;
    rentalId = (await create({ name: 'Studio for rent in Apas', offer: 'rent', kind: 'condominium', price: 25_000, floorSize: 28 })).body._id;
  });
  afterAll(() => t?.close());

  it('refuses guests (401)', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    await t.http.get('/api/ai/run/quote/feasibility').expect(401);
    await t.http.post('/api/ai/run/feasibility').send({ listingId: condoId }).expect(401);
    await t.http.post('/api/ai/run/compare').send({ listingIds: [condoId, townhouseId] }).expect(401);
    await t.http.get(`/api/ai/run/${id}`).expect(401);
    await t.http.get(`/api/ai/run/${id}/pdf`).expect(401);
  });

  it('quotes a run: its credits, the balance, whether it is enough, and the plan lock', async () => {
    const free = await member(7);
    expect((await t.http.get('/api/ai/run/quote/feasibility').set(auth(free.token)).expect(200)).body).toEqual({
      kind: 'feasibility',
      credits: ARIA_RUN_CREDITS.feasibility,
      balance: 7,
      pool: null,
      enough: 7 >= ARIA_RUN_CREDITS.feasibility,
      locked: null,
    });
    expect((await t.http.get('/api/ai/run/quote/compare').set(auth(free.token)).expect(200)).body).toMatchObject({
      kind: 'compare',
      credits: ARIA_RUN_CREDITS.compare,
      locked: { reason: 'research.comparison', plan: 'basic' },
    });
    const basic = await member(50, 'basic');
    expect((await t.http.get('/api/ai/run/quote/compare').set(auth(basic.token)).expect(200)).body).toMatchObject({ enough: true, locked: null, balance: 50 });
    expect((await t.http.get('/api/ai/run/quote/poem').set(auth(free.token)).expect(400)).body.message).toBe('kind must be one of: feasibility, compare');
  });

  it('refuses bad requests with what to fix (400) and unknown listings (404), holding no credits', async () => {
    const m = await member(100);
    const bad = async (route: string, body: object, text: RegExp | string) => {
      const res = await t.http.post(route).set(auth(m.token)).send(body).expect(400);
      expect([res.body.message].flat().join('; ')).toMatch(text);
    };
    await bad('/api/ai/run/feasibility', { listingId: condoId, property: { price: 5_000_000 } }, 'Give either listingId or property, not both');
    await bad('/api/ai/run/feasibility', {}, 'Give either listingId or property, not both');
    await bad('/api/ai/run/feasibility', { listingId: null }, 'Give either listingId or property, not both');
    await bad('/api/ai/run/feasibility', { listingId: condoId, assumptions: { years: 31 } }, /assumptions.years must be a whole number from 1 to 30/);
    await bad('/api/ai/run/feasibility', { listingId: condoId, assumptions: { lender: 'loan shark' } }, /assumptions.lender must be one of: pagibig, bank/);
    await bad('/api/ai/run/feasibility', { listingId: condoId, assumptions: { downPaymentPct: 120 } }, /downPaymentPct must be from 0 to 100/);
    await bad('/api/ai/run/feasibility', { property: { price: -5 } }, /property.price must be at least/);
    await bad('/api/ai/run/feasibility', { property: { price: 5_000_000, kind: 'castle' } }, /property.kind must be one of/);
    await bad('/api/ai/run/feasibility', { listingId: rentalId }, /is for rent: a feasibility run is for buying/);
    const basic = await member(100, 'basic');
    const badCompare = async (body: object, text: RegExp) => {
      const res = await t.http.post('/api/ai/run/compare').set(auth(basic.token)).send(body).expect(400);
      expect([res.body.message].flat().join('; ')).toMatch(text);
    };
    await badCompare({ listingIds: [condoId] }, /compare at least 2 listings/);
    await badCompare({ listingIds: [condoId, condoId] }, /each listing at most once/);
    await badCompare({ listingIds: Array.from({ length: 6 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`) }, /compare at most 5 listings/);
    await badCompare({ listingIds: [condoId, 'abc'] }, /each must be the id/);
    await t.http.post('/api/ai/run/feasibility').set(auth(m.token)).send({ listingId: '00000000-0000-4000-8000-000000000000' }).expect(404);
    await t.http.post('/api/ai/run/compare').set(auth(basic.token)).send({ listingIds: [condoId, '00000000-0000-4000-8000-000000000000'] }).expect(404);
    expect(await balanceOf(m)).toBe(100);
    expect(await balanceOf(basic)).toBe(100);
    expect(await t.db.select().from(ariaRuns).where(eq(ariaRuns.userId, m.user._id))).toHaveLength(0);
  });

  it('runs a feasibility end to end: 202 queued, then succeeded with its result, narrative and PDF; the credits spent; the member told', async () => {
    const m = await member(25);
    const started = await t.http
      .post('/api/ai/run/feasibility')
      .set(auth(m.token))
      .send({ listingId: condoId, assumptions: { downPaymentPct: 20, years: 20, lender: 'pagibig', monthlyRent: 30_000, monthlyDues: 3_000 } })
      .expect(202);
    expect(started.body).toMatchObject({ kind: 'feasibility', status: 'queued', progress: 0, credits: ARIA_RUN_CREDITS.feasibility, result: null, pdfUrl: null });
    expect(started.body.input).toMatchObject({ listingId: condoId, assumptions: { downPaymentPct: 20, years: 20, lender: 'pagibig', use: 'rent', vacancyPct: 5, monthlyDues: 3000, monthlyRent: 30000 } });
    // held at once
    expect(await balanceOf(m)).toBe(25 - ARIA_RUN_CREDITS.feasibility);

    const done = await finished(m, started.body.id);
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, error: null, pdfUrl: `/api/ai/run/${started.body.id}/pdf` });
    const result = done.result as Record<string, Record<string, unknown>>;
    expect(result.subject).toMatchObject({ price: 6_000_000, listing: { id: condoId } });
    expect(result.finance).toMatchObject({ cashNeeded: expect.any(Number), monthly: expect.objectContaining({ rent: 30_000 }), loan: expect.objectContaining({ amount: 4_800_000, termYears: 20 }) });
    expect(result.disclaimer).toEqual(expect.any(String));
    expect(String(done.narrative).length).toBeGreaterThan(20);
    expect(done.startedAt).toEqual(expect.any(String));
    expect(done.finishedAt).toEqual(expect.any(String));

    const pdf = await t.http.get(`/api/ai/run/${started.body.id}/pdf`).set(auth(m.token)).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="aria_feasibility_\d{8}T\d{6}Z\.pdf"$/);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    // spent: the balance stays down and the reservation is committed
    expect(await balanceOf(m)).toBe(25 - ARIA_RUN_CREDITS.feasibility);
    const [reservation] = await t.db.select().from(creditReservations).where(eq(creditReservations.userId, m.user._id));
    expect(reservation.status).toBe('committed');

    // its history entry
    const mine = await t.http.get('/api/ai/history/my?kind=feasibility').set(auth(m.token)).expect(200);
    expect(mine.body.items).toHaveLength(1);
    expect(mine.body.items[0]).toMatchObject({ kind: 'feasibility', title: 'Feasibility: Two-bedroom condo at Cebu IT Park', lastRun: { id: started.body.id, status: 'succeeded', kind: 'feasibility' } });
    const entry = await t.http.get(`/api/ai/history/get/${started.body.conversationId}`).set(auth(m.token)).expect(200);
    expect(entry.body.runs.map((r: { id: string }) => r.id)).toEqual([started.body.id]);

    await eventsSettled(t.app);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, m.user._id));
    expect(told.map((n) => n.title)).toContain('Your feasibility run is ready');
  });

  it('runs a feasibility on a described property', async () => {
    const m = await member(ARIA_RUN_CREDITS.feasibility);
    const started = await t.http.post('/api/ai/run/feasibility').set(auth(m.token)).send({ property: { price: 3_500_000, floorArea: 45, kind: 'condominium' }, assumptions: { use: 'own', lender: 'bank' } }).expect(202);
    const done = await finished(m, started.body.id);
    expect(done.status).toBe('succeeded');
    expect((done.result as { subject: { price: number; listing: unknown } }).subject).toMatchObject({ price: 3_500_000, listing: null });
    expect(await balanceOf(m)).toBe(0);
  });

  it('a run without enough credits is 402 with nothing reserved, no run and no history entry', async () => {
    const m = await member(ARIA_RUN_CREDITS.feasibility - 1);
    const res = await t.http.post('/api/ai/run/feasibility').set(auth(m.token)).send({ listingId: condoId }).expect(402);
    expect(res.body.message).toMatch(/Not enough AI credits/);
    expect(res.body.upgrade).toMatchObject({ reason: 'credits', needed: ARIA_RUN_CREDITS.feasibility, remaining: ARIA_RUN_CREDITS.feasibility - 1 });
    expect(await balanceOf(m)).toBe(ARIA_RUN_CREDITS.feasibility - 1);
    expect(await t.db.select().from(creditReservations).where(eq(creditReservations.userId, m.user._id))).toHaveLength(0);
    expect(await t.db.select().from(ariaRuns).where(eq(ariaRuns.userId, m.user._id))).toHaveLength(0);
    expect(await t.db.select().from(ariaConversations).where(eq(ariaConversations.userId, m.user._id))).toHaveLength(0);
  });

  it("an enterprise member's run is paid from the team's pool", async () => {
    const m = await member(0);
    const [e] = await t.db.insert(enterprises).values({ name: 'Team Reyes Realty', ownerId: admin.user._id, seatLimit: 10 }).returning({ id: enterprises.id });
    await t.app.get(CreditsService).addToPool(e.id, { amount: 50, reason: 'Enterprise plan credits', actorId: admin.user._id, idempotencyKey: `aria-test:${e.id}` });
    await t.db.insert(enterpriseMembers).values({ enterpriseId: e.id, userId: m.user._id, monthlyCreditCap: 15, status: 'active' });
    // the quote counts the pool within the member's monthly cap, though their own balance is 0
    const quote = async () => (await t.http.get('/api/ai/run/quote/feasibility').set(auth(m.token)).expect(200)).body;
    expect(await quote()).toMatchObject({ balance: 0, pool: 15, enough: true });
    const pool = async () => (await t.db.select().from(creditPools).where(eq(creditPools.enterpriseId, e.id)))[0].balance;
    const id = (await t.http.post('/api/ai/run/feasibility').set(auth(m.token)).send({ listingId: condoId, assumptions: { monthlyRent: 30_000 } }).expect(202)).body.id;
    expect(await finished(m, id)).toMatchObject({ status: 'succeeded' });
    expect(await pool()).toBe(50 - ARIA_RUN_CREDITS.feasibility);
    expect(await balanceOf(m)).toBe(0);
    // 10 of the cap of 15 spent this month: 5 left, not enough for another run
    expect(await quote()).toMatchObject({ balance: 0, pool: 15 - ARIA_RUN_CREDITS.feasibility, enough: false });
    await t.db.update(enterpriseMembers).set({ status: 'paused' }).where(eq(enterpriseMembers.userId, m.user._id));
    expect(await quote()).toMatchObject({ pool: 0, enough: false });
  });

  it('compare needs Basic (402 Upgrade for Free, nothing held); on Basic it compares 2 listings and spends its credits', async () => {
    const free = await member(100);
    const locked = await t.http.post('/api/ai/run/compare').set(auth(free.token)).send({ listingIds: [condoId, townhouseId] }).expect(402);
    expect(locked.body.upgrade).toMatchObject({ reason: 'plan', entitlement: 'research.comparison', requiredPlan: 'basic' });
    expect(await balanceOf(free)).toBe(100);

    const basic = await member(20, 'basic');
    const started = await t.http.post('/api/ai/run/compare').set(auth(basic.token)).send({ listingIds: [condoId, townhouseId] }).expect(202);
    expect(started.body).toMatchObject({ kind: 'compare', status: 'queued', credits: ARIA_RUN_CREDITS.compare, input: { listingIds: [condoId, townhouseId] } });
    const done = await finished(basic, started.body.id);
    expect(done.status).toBe('succeeded');
    const rows = (done.result as { rows: Array<{ id: string }> }).rows;
    expect(rows.map((r) => r.id).sort()).toEqual([condoId, townhouseId].sort());
    expect(await balanceOf(basic)).toBe(20 - ARIA_RUN_CREDITS.compare);
    const pdf = await t.http.get(`/api/ai/run/${started.body.id}/pdf`).set(auth(basic.token)).expect(200);
    expect(pdf.headers['content-disposition']).toMatch(/aria_compare_/);
    const [entry] = (await t.http.get('/api/ai/history/my').set(auth(basic.token)).expect(200)).body.items;
    expect(entry).toMatchObject({ kind: 'compare', title: 'Compare: Two-bedroom condo at Cebu IT Park vs Townhouse in Apas' });
  });

  it('a listing removed between the request and the run: the run fails with the reason, its credits are refunded, its PDF is 409, the member told', async () => {
    const m = await member(30);
    const [listing] = (
      await Promise.all([
        t.http
          .post('/api/listing/create')
          .set(auth(broker.token))
          .send({ name: 'Condo soon gone', type: 'residential', offer: 'sale', kind: 'condominium', price: 4_000_000, floorSize: 40, location: { lat: 10.33, lng: 123.905 }, address: { barangayCode: (await t.db.select().from(places).where(and(eq(places.level, 'barangay'), eq(places.name, 'Apas'))))[0].code } })
          .expect(201),
      ])
    ).map((r) => r.body._id as string);
    const queue = t.app.get<Queue>(getQueueToken(QUEUES.ariaRuns));
    await queue.pause();
    let runId: string;
    try {
      runId = (await t.http.post('/api/ai/run/feasibility').set(auth(m.token)).send({ listingId: listing }).expect(202)).body.id;
      expect(await balanceOf(m)).toBe(30 - ARIA_RUN_CREDITS.feasibility);
      const early = await t.http.get(`/api/ai/run/${runId}/pdf`).set(auth(m.token)).expect(409);
      expect(early.body.message).toMatch(/not finished yet/);
      await t.http.delete(`/api/listing/remove/${listing}`).set(auth(broker.token)).expect(200);
    } finally {
      await queue.resume();
    }
    const done = await finished(m, runId);
    expect(done).toMatchObject({ status: 'failed', pdfUrl: null, result: null });
    expect(done.error).toMatch(/No listing you can see has the id/);
    expect(await balanceOf(m)).toBe(30);
    const [reservation] = await t.db.select().from(creditReservations).where(eq(creditReservations.userId, m.user._id));
    expect(reservation.status).toBe('refunded');
    expect((await t.http.get(`/api/ai/run/${runId}/pdf`).set(auth(m.token)).expect(409)).body.message).toMatch(/failed/);
    await eventsSettled(t.app);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, m.user._id));
    expect(told.map((n) => n.title)).toContain('Your feasibility run could not be finished');
  });

  it('shows a running run and its saved progress (aria_runs.progress) while the worker computes it', async () => {
    const computer = t.app.get<AriaRunComputer>(ARIA_RUN_COMPUTER);
    const real = computer.feasibility.bind(computer);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = jest.spyOn(computer, 'feasibility').mockImplementation(async (caller, input, progress) => {
      await progress(40);
      await gate;
      return real(caller, input, progress);
    });
    try {
      const m = await member(ARIA_RUN_CREDITS.feasibility);
      const id = (await t.http.post('/api/ai/run/feasibility').set(auth(m.token)).send({ listingId: condoId, assumptions: { monthlyRent: 30_000 } }).expect(202)).body.id;
      await eventually(async () => (await runOf(m, id).expect(200)).body.progress === 40, 'progress 40 to be saved', 15_000);
      expect((await runOf(m, id).expect(200)).body).toMatchObject({ status: 'running', startedAt: expect.any(String), finishedAt: null, pdfUrl: null });
      await t.http.get(`/api/ai/run/${id}/pdf`).set(auth(m.token)).expect(409);
      release();
      expect(await finished(m, id)).toMatchObject({ status: 'succeeded', progress: 100 });
    } finally {
      release();
      held.mockRestore();
    }
  });

  it('a passing fault is retried and the run succeeds; a fault on every attempt fails it with a message that hides the cause, and refunds', async () => {
    const computer = t.app.get<AriaRunComputer>(ARIA_RUN_COMPUTER);
    const m = await member(2 * ARIA_RUN_CREDITS.feasibility);
    const once = jest.spyOn(computer, 'feasibility').mockRejectedValueOnce(new Error('connection to the database lost'));
    try {
      const id = (await t.http.post('/api/ai/run/feasibility').set(auth(m.token)).send({ listingId: condoId, assumptions: { monthlyRent: 30_000 } }).expect(202)).body.id;
      expect(await finished(m, id)).toMatchObject({ status: 'succeeded', error: null });
      expect((await t.db.select().from(ariaRuns).where(eq(ariaRuns.id, id)))[0].attempts).toBe(2);
      expect(await balanceOf(m)).toBe(ARIA_RUN_CREDITS.feasibility);
    } finally {
      once.mockRestore();
    }
    const always = jest.spyOn(computer, 'feasibility').mockRejectedValue(new Error('secret internals: password=hunter2'));
    try {
      const id = (await t.http.post('/api/ai/run/feasibility').set(auth(m.token)).send({ listingId: condoId, assumptions: { monthlyRent: 30_000 } }).expect(202)).body.id;
      expect(await balanceOf(m)).toBe(0);
      const done = await finished(m, id);
      expect(done).toMatchObject({ status: 'failed', error: RUN_INTERNAL_FAILURE });
      expect((await t.db.select().from(ariaRuns).where(eq(ariaRuns.id, id)))[0].attempts).toBe(ARIA_RUN_ATTEMPTS);
      expect(await balanceOf(m)).toBe(ARIA_RUN_CREDITS.feasibility);
    } finally {
      always.mockRestore();
    }
  });

  it("another member's run and PDF are 404; staff read them for support, recorded in the audit log", async () => {
    const owner = await member(ARIA_RUN_CREDITS.feasibility);
    const stranger = await member(0);
    const runId = (await t.http.post('/api/ai/run/feasibility').set(auth(owner.token)).send({ listingId: townhouseId, assumptions: { monthlyRent: 40_000 } }).expect(202)).body.id;
    const done = await finished(owner, runId);
    expect(done).toMatchObject({ status: 'succeeded', error: null });
    await t.http.get(`/api/ai/run/${runId}`).set(auth(stranger.token)).expect(404);
    await t.http.get(`/api/ai/run/${runId}/pdf`).set(auth(stranger.token)).expect(404);
    await t.http.get('/api/ai/run/not-a-uuid').set(auth(stranger.token)).expect(404);
    await t.http.get(`/api/ai/run/${runId}/pdf`).set(auth(admin.token)).expect(200);
    await eventsSettled(t.app);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.type, 'aria.history_read_by_staff'), eq(auditLog.actorId, admin.user._id)));
    expect(audit).toHaveLength(1);
    expect(audit[0].entityId).toBe(done.conversationId);
  });

  it('deleting a run’s entry while it waits refunds its credits', async () => {
    const m = await member(ARIA_RUN_CREDITS.feasibility);
    const queue = t.app.get<Queue>(getQueueToken(QUEUES.ariaRuns));
    await queue.pause();
    try {
      const started = (await t.http.post('/api/ai/run/feasibility').set(auth(m.token)).send({ listingId: condoId }).expect(202)).body;
      expect(await balanceOf(m)).toBe(0);
      await t.http.delete(`/api/ai/history/remove/${started.conversationId}`).set(auth(m.token)).expect(200);
      expect(await balanceOf(m)).toBe(ARIA_RUN_CREDITS.feasibility);
      await t.http.get(`/api/ai/run/${started.id}`).set(auth(m.token)).expect(404);
    } finally {
      await queue.resume();
    }
  });

  it(`limits each member to ARIA_RUNS_PER_HOUR (${RUNS_PER_HOUR}) runs: 429 with Retry-After`, async () => {
    const m = await member(0);
    for (let i = 0; i < RUNS_PER_HOUR; i++) {
      expect((await t.http.post('/api/ai/run/feasibility').set(auth(m.token)).send({ listingId: condoId }).expect(402)).body.message).toMatch(NO_CREDITS);
    }
    const limited = await t.http.post('/api/ai/run/feasibility').set(auth(m.token)).send({ listingId: condoId }).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(new RegExp(`at most ${RUNS_PER_HOUR} an hour`));
  });
});
