import { asc, eq } from 'drizzle-orm';
import { currencyRates, users } from '@app/db';
import { todayIn } from '@app/domain';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';

type Member = Awaited<ReturnType<typeof createUser>>;

const SEED_SOURCE = "Approximate starting rates shipped with Tahanan; staff replace them with the day's reference rates";
const SEEDED: [string, number][] = [
  ['USD', 58.9],
  ['EUR', 68.2],
  ['GBP', 77.5],
  ['INR', 0.665],
  ['CNY', 8.25],
  ['JPY', 0.385],
  ['KRW', 0.0405],
  ['BRL', 10.9],
];
const UNKNOWN_CURRENCY = 'currency must be one of: USD, EUR, GBP, INR, CNY, JPY, KRW, BRL';
const DAY_MS = 24 * 3600 * 1000;

describe('currency rates (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let admin: Member;
  let superAdmin: Member;
  let customer: Member;
  let viewer: Member;
  const today = () => todayIn('Asia/Manila');

  const rates = async () => (await t.http.get('/api/currency/rates').expect(200)).body;
  const rateOf = async (currency: string) => (await rates()).rates.find((r: { currency: string }) => r.currency === currency);
  const put = (who: Member | null, currency: string, body: unknown) => {
    const req = t.http.put(`/api/currency/rates/${currency}`);
    return who ? req.set(auth(who.token)).send(body as object) : req.send(body as object);
  };
  const allRows = () => t.db.select().from(currencyRates).orderBy(asc(currencyRates.currency), asc(currencyRates.asOf));

  beforeAll(async () => {
    t = await startTestApp();
    admin = await createUser(t, { role: 'admin', firstName: 'Amihan', lastName: 'Reyes' });
    superAdmin = await createUser(t, { role: 'super_admin', firstName: 'Bayani', lastName: 'Cruz' });
    customer = await createUser(t, { firstName: 'Carmen', lastName: 'Dela Cruz' });
    viewer = await createUser(t, { role: 'viewer' });
  });
  afterAll(() => t.close());

  it('serves the 8 seeded rates to a guest, in the spec order, revalidated on each request (a 304 when unchanged)', async () => {
    const res = await t.http.get('/api/currency/rates').expect(200);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const again = await t.http.get('/api/currency/rates').set('If-None-Match', res.headers.etag).expect(304);
    expect(again.body).toEqual({});
    expect(res.body.base).toBe('PHP');
    expect(res.body.rates).toEqual(
      SEEDED.map(([currency, phpPerUnit]) => ({ currency, phpPerUnit, asOf: '2026-11-20', source: SEED_SOURCE, updatedAt: expect.any(String) })),
    );
    for (const r of res.body.rates) expect(new Date(r.updatedAt).toISOString()).toBe(r.updatedAt);
  });

  it('lets an admin set a new current rate, which the public rates then show', async () => {
    const res = await put(admin, 'USD', { phpPerUnit: 59.125, asOf: today(), source: 'BSP reference rate' }).expect(200);
    expect(res.body).toEqual({
      currency: 'USD',
      phpPerUnit: 59.125,
      asOf: today(),
      source: 'BSP reference rate',
      updatedAt: expect.any(String),
      current: true,
    });
    expect(await rateOf('USD')).toEqual({ currency: 'USD', phpPerUnit: 59.125, asOf: today(), source: 'BSP reference rate', updatedAt: res.body.updatedAt });
    // the other currencies keep their rates, and the seeded USD rate stays as history
    expect(await rateOf('EUR')).toMatchObject({ phpPerUnit: 68.2, asOf: '2026-11-20' });
    const usd = await t.db.select().from(currencyRates).where(eq(currencyRates.currency, 'USD')).orderBy(asc(currencyRates.asOf));
    expect(usd.map((r) => [r.asOf, r.phpPerUnit, r.updatedBy])).toEqual([
      ['2026-11-20', 58.9, null],
      [today(), 59.125, admin.user._id],
    ]);
  });

  it('keeps a rate of an older date as history without replacing the current rate', async () => {
    const before = await rateOf('USD');
    const res = await put(superAdmin, 'USD', { phpPerUnit: 57.5, asOf: '2026-11-01' }).expect(200);
    expect(res.body).toMatchObject({ currency: 'USD', phpPerUnit: 57.5, asOf: '2026-11-01', source: 'Entered by staff', current: false });
    expect(await rateOf('USD')).toEqual(before);
    const history = (await t.http.get('/api/currency/rates/USD/history').set(auth(admin.token)).expect(200)).body;
    expect(history.rates.map((r: { asOf: string; phpPerUnit: number }) => [r.asOf, r.phpPerUnit])).toEqual([
      [today(), 59.125],
      ['2026-11-20', 58.9],
      ['2026-11-01', 57.5],
    ]);
    // a blank source is the default one
    const blank = await put(admin, 'USD', { phpPerUnit: 57.25, asOf: '2026-10-31', source: '   ' }).expect(200);
    expect(blank.body).toMatchObject({ source: 'Entered by staff', current: false });
  });

  it('writes one row per currency and date: the same PUT twice is one row, a new value for the date replaces it', async () => {
    const body = { phpPerUnit: 70.5, asOf: today(), source: 'ECB reference rate' };
    const first = await put(admin, 'EUR', body).expect(200);
    const second = await put(admin, 'EUR', body).expect(200);
    expect(second.body).toEqual(first.body);
    expect(first.body.current).toBe(true);
    const eurToday = () => t.db.select().from(currencyRates).where(eq(currencyRates.currency, 'EUR'));
    expect((await eurToday()).filter((r) => r.asOf === today())).toHaveLength(1);

    const corrected = await put(superAdmin, 'EUR', { ...body, phpPerUnit: 70.25 }).expect(200);
    expect(corrected.body).toMatchObject({ phpPerUnit: 70.25, current: true });
    const rows = (await eurToday()).filter((r) => r.asOf === today());
    expect(rows.map((r) => [r.phpPerUnit, r.updatedBy])).toEqual([[70.25, superAdmin.user._id]]);
    expect(await rateOf('EUR')).toMatchObject({ phpPerUnit: 70.25, asOf: today() });
    expect(await eurToday()).toHaveLength(2);
  });

  it('accepts the limits themselves: 1,000,000 and 0.000001 pesos, 2000-01-01 and today', async () => {
    await put(admin, 'BRL', { phpPerUnit: 1_000_000, asOf: '2000-01-01' }).expect(200);
    await put(admin, 'KRW', { phpPerUnit: 0.000001, asOf: '2000-01-01', source: 'x'.repeat(200) }).expect(200);
    const krw = await put(admin, 'KRW', { phpPerUnit: 0.041234, asOf: today() }).expect(200);
    expect(krw.body).toMatchObject({ phpPerUnit: 0.041234, current: true });
    const rows = await t.db.select().from(currencyRates).where(eq(currencyRates.asOf, '2000-01-01')).orderBy(asc(currencyRates.currency));
    expect(rows.map((r) => [r.currency, r.phpPerUnit])).toEqual([
      ['BRL', 1_000_000],
      ['KRW', 0.000001],
    ]);
  });

  it('refuses rate changes and history to guests (401), members and viewers (403)', async () => {
    const before = await allRows();
    const body = { phpPerUnit: 1, asOf: today() };
    for (const who of [customer, viewer]) {
      const denied = await put(who, 'USD', body).expect(403);
      expect(denied.body).toMatchObject({ statusCode: 403 });
      await t.http.get('/api/currency/rates/USD/history').set(auth(who.token)).expect(403);
    }
    await put(null, 'USD', body).expect(401);
    await t.http.get('/api/currency/rates/USD/history').expect(401);
    // a guest is refused before the currency is looked at
    await put(null, 'PHP', body).expect(401);
    expect(await allRows()).toEqual(before);
    expect((await rateOf('USD')).phpPerUnit).toBe(59.125);
  });

  describe('bad input: a 400 that says what to fix, and nothing written', () => {
    const tomorrow = () => todayIn('Asia/Manila', new Date(Date.now() + DAY_MS));
    const good = { phpPerUnit: 60, asOf: '2026-11-02' };
    const cases: [string, string, () => unknown, string][] = [
      ['PHP', 'the base currency', () => good, 'PHP is the base currency: its rate is always 1'],
      ['XYZ', 'an unknown currency', () => good, UNKNOWN_CURRENCY],
      ['usd', 'a currency in lower case', () => good, UNKNOWN_CURRENCY],
      ['USD', 'phpPerUnit 0', () => ({ ...good, phpPerUnit: 0 }), 'phpPerUnit must be above 0 and at most 1,000,000'],
      ['USD', 'a negative phpPerUnit', () => ({ ...good, phpPerUnit: -58.9 }), 'phpPerUnit must be above 0 and at most 1,000,000'],
      ['USD', 'phpPerUnit over 1,000,000', () => ({ ...good, phpPerUnit: 1_000_000.5 }), 'phpPerUnit must be above 0 and at most 1,000,000'],
      ['USD', 'phpPerUnit with 7 decimals', () => ({ ...good, phpPerUnit: 58.1234567 }), 'phpPerUnit must have at most 6 decimals'],
      ['USD', 'phpPerUnit 1e-7', () => ({ ...good, phpPerUnit: 1e-7 }), 'phpPerUnit must have at most 6 decimals'],
      ['USD', 'phpPerUnit as text', () => ({ ...good, phpPerUnit: '58.9' }), 'phpPerUnit must be a number: the pesos for one unit of the currency, e.g. 58.9'],
      ['USD', 'no phpPerUnit', () => ({ asOf: good.asOf }), 'phpPerUnit is required: the pesos for one unit of the currency, e.g. 58.9'],
      ['USD', 'no asOf', () => ({ phpPerUnit: 60 }), 'asOf is required: the date of the rate, written YYYY-MM-DD'],
      ['USD', 'asOf not YYYY-MM-DD', () => ({ ...good, asOf: '20/11/2026' }), 'asOf must be a date written YYYY-MM-DD, e.g. 2026-11-20'],
      ['USD', 'asOf with a time', () => ({ ...good, asOf: '2026-11-02T00:00:00Z' }), 'asOf must be a date written YYYY-MM-DD, e.g. 2026-11-20'],
      ['USD', 'asOf as a number', () => ({ ...good, asOf: 20261102 }), 'asOf must be a date written YYYY-MM-DD, e.g. 2026-11-20'],
      ['USD', 'asOf February 30th', () => ({ ...good, asOf: '2026-02-30' }), 'asOf 2026-02-30 is not a real calendar date'],
      ['USD', 'asOf month 13', () => ({ ...good, asOf: '2026-13-01' }), 'asOf 2026-13-01 is not a real calendar date'],
      ['USD', 'asOf before 2000', () => ({ ...good, asOf: '1999-12-31' }), 'asOf cannot be before 2000-01-01'],
      ['USD', 'asOf tomorrow in Manila', () => ({ ...good, asOf: tomorrow() }), `asOf cannot be after today (${today()} in Asia/Manila)`],
      ['USD', 'source as a number', () => ({ ...good, source: 42 }), 'source must be text'],
      ['USD', 'source over 200 characters', () => ({ ...good, source: 'x'.repeat(201) }), 'source must be at most 200 characters'],
    ];

    it.each(cases)('PUT /rates/%s with %s', async (currency, _what, body, message) => {
      const before = await allRows();
      const res = await put(admin, currency, body()).expect(400);
      expect(res.body.statusCode).toBe(400);
      expect(res.body.message).toEqual(Array.isArray(res.body.message) ? [message] : message);
      expect(await allRows()).toEqual(before);
    });

    it('refuses an unknown field and a history of PHP or an unknown currency', async () => {
      const before = await allRows();
      const extra = await put(admin, 'USD', { ...good, currency: 'EUR' }).expect(400);
      expect(extra.body.message).toEqual(['property currency should not exist']);
      const php = await t.http.get('/api/currency/rates/PHP/history').set(auth(admin.token)).expect(400);
      expect(php.body.message).toBe('PHP is the base currency: its rate is always 1');
      const xyz = await t.http.get('/api/currency/rates/XYZ/history').set(auth(admin.token)).expect(400);
      expect(xyz.body.message).toBe(UNKNOWN_CURRENCY);
      await t.http.get('/api/currency/rates/USD/history?limit=0').set(auth(admin.token)).expect(400);
      await t.http.get('/api/currency/rates/USD/history?page=abc').set(auth(admin.token)).expect(400);
      expect(await allRows()).toEqual(before);
    });
  });

  it("pages a currency's history newest first, naming who wrote each rate", async () => {
    for (let day = 1; day <= 12; day++) {
      const who = day % 2 ? admin : superAdmin;
      await put(who, 'GBP', { phpPerUnit: 75 + day / 100, asOf: `2026-10-${String(day).padStart(2, '0')}` }).expect(200);
    }
    const page = (query: string) => t.http.get(`/api/currency/rates/GBP/history${query}`).set(auth(superAdmin.token)).expect(200);

    const first = (await page('?limit=5')).body;
    expect(first.pagination).toEqual({ currentPage: 1, itemsOnPage: 5, totalPages: 3, totalItems: 13, itemsPerPage: 5 });
    expect(first.rates.map((r: { asOf: string }) => r.asOf)).toEqual(['2026-11-20', '2026-10-12', '2026-10-11', '2026-10-10', '2026-10-09']);
    expect(first.rates[0]).toEqual({
      currency: 'GBP',
      phpPerUnit: 77.5,
      asOf: '2026-11-20',
      source: SEED_SOURCE,
      updatedAt: expect.any(String),
      updatedBy: null,
    });
    expect(first.rates[1]).toEqual({
      currency: 'GBP',
      phpPerUnit: 75.12,
      asOf: '2026-10-12',
      source: 'Entered by staff',
      updatedAt: expect.any(String),
      updatedBy: { id: superAdmin.user._id, firstName: 'Bayani', lastName: 'Cruz' },
    });
    expect(first.rates[2].updatedBy).toEqual({ id: admin.user._id, firstName: 'Amihan', lastName: 'Reyes' });

    const last = (await page('?limit=5&page=3')).body;
    expect(last.pagination).toEqual({ currentPage: 3, itemsOnPage: 3, totalPages: 3, totalItems: 13, itemsPerPage: 5 });
    expect(last.rates.map((r: { asOf: string }) => r.asOf)).toEqual(['2026-10-03', '2026-10-02', '2026-10-01']);

    const byDefault = (await page('')).body;
    expect(byDefault.pagination).toMatchObject({ currentPage: 1, itemsOnPage: 10, totalPages: 2, itemsPerPage: 10 });
    expect((await page('?page=9')).body).toMatchObject({ rates: [], pagination: { currentPage: 9, itemsOnPage: 0, totalItems: 13 } });
    // another currency's history is its own
    expect((await t.http.get('/api/currency/rates/CNY/history').set(auth(admin.token)).expect(200)).body.pagination.totalItems).toBe(1);

    // a removed account leaves its rates, written by nobody
    const gone = await createUser(t, { role: 'admin', firstName: 'Gone', lastName: 'Staff' });
    await put(gone, 'GBP', { phpPerUnit: 74, asOf: '2026-09-30' }).expect(200);
    await t.db.delete(users).where(eq(users.id, gone.user._id));
    const oldest = (await page('?limit=1&page=14')).body.rates[0];
    expect(oldest).toMatchObject({ asOf: '2026-09-30', phpPerUnit: 74, updatedBy: null });
  });
});
