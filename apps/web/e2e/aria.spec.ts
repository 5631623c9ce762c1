import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createListing, logIn, PASSWORD, signUpMember, type Member } from './members';

/*
 * ARIA end to end (issue 17), against the demo-seeded server with its built-in assistant and the run
 * worker: a member asks a search question and gets listing cards; runs a feasibility on a listing and
 * downloads its PDF; saves two listings and compares them. Screenshots of the chat and of the
 * feasibility result at 1280 px and 375 px go to E2E_SHOTS_DIR (default /tmp, as aria-*.png).
 */

const DEMO_PASSWORD = 'Demo1234!';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp';
const RUN_TIMEOUT = 90_000;

async function staffToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/user/login', { data: { email: 'admin@demo.tahanan.ph', password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** A new member on the Basic plan (unlimited chat, comparisons, 300 AI credits), given by staff. */
async function basicMember(request: APIRequestContext, lastName: string): Promise<Member> {
  const member = await signUpMember(request, { firstName: 'Aria', lastName, type: 'customer' });
  const plan = await request.post('/api/subscription/create', {
    headers: { authorization: `Bearer ${await staffToken(request)}` },
    data: { userId: member.id, plan: 'basic', billingPeriod: 'monthly', note: 'E2E: ARIA' },
  });
  expect(plan.ok(), await plan.text()).toBe(true);
  return member;
}

/** A condominium for sale in Loyola Heights at `price` with `floorSize` m² (like members.ts' createListing, with its own figures). */
async function createPricedListing(request: APIRequestContext, owner: Member, name: string, price: number, floorSize: number): Promise<{ _id: string; name: string }> {
  const cities = (await (await request.get('/api/places/cities', { params: { regionCode: '1300000000' } })).json()) as { code: string; name: string }[];
  const city = cities.find((c) => /Quezon City/.test(c.name))!;
  const barangays = (await (await request.get('/api/places/barangays', { params: { cityCode: city.code } })).json()) as { code: string; name: string; lat: number | null; lng: number | null }[];
  const barangay = barangays.find((b) => b.name === 'Loyola Heights')!;
  const res = await request.post('/api/listing/create', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      name,
      type: 'residential',
      kind: 'condominium',
      offer: 'sale',
      price,
      floorSize,
      bedrooms: 2,
      bathrooms: 1,
      location: { lat: barangay.lat ?? 14.6395, lng: barangay.lng ?? 121.0772 },
      address: { type: 'condominium', street: 'Katipunan Avenue', barangayCode: barangay.code },
    },
  });
  expect(res.status(), `listing ${name}: ${await res.text()}`).toBe(201);
  return (await res.json()) as { _id: string; name: string };
}

/** The page scrolls no wider than the viewport (tables scroll inside their own boxes). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

test('a member asks ARIA for rentals and gets listing cards, in the panel and on the ARIA page', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const member = await basicMember(request, `Chat${Date.now().toString(36)}`);
  const page = await logIn(browser, member.email, PASSWORD, { viewport: DESKTOP });

  await page.getByRole('button', { name: 'Ask ARIA' }).click();
  const panel = page.getByTestId('aria-panel');
  await panel.getByLabel('Your question').fill('2 bedroom condo for rent in Makati under 60k');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByTestId('aria-question')).toHaveText('2 bedroom condo for rent in Makati under 60k');
  const cards = panel.getByTestId('aria-listing-card');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByTestId('aria-answer-text').first()).not.toBeEmpty();
  // a card: its link, a price in pesos a month, and the place
  const first = cards.first();
  await expect(first.getByRole('link').first()).toHaveAttribute('href', /^\/listings\/[0-9a-f-]{36}$/);
  await expect(first.getByTestId('aria-card-price')).toHaveText(/^₱[\d,]+\/month$/);
  await expect(panel.getByTestId('aria-builtin-notice')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/aria-chat-1280.png` });

  // the conversation continues on the full page, with the history beside it
  await panel.getByRole('link', { name: 'Full page' }).click();
  await expect(page).toHaveURL(/\/aria\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('list', { name: 'Conversations' }).getByRole('link')).toHaveCount(1);
  await expect(page.getByTestId('aria-listing-card').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/aria-page-1280.png` });

  // at phone width: the page fits, the cards too
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId('aria-listing-card').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/aria-chat-375.png` });
});

test('a member runs a feasibility on a listing, sees the result and downloads its PDF', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const owner = await signUpMember(request, { firstName: 'Olivia', lastName: `Owner${stamp}`, type: 'property_owner' });
  const listing = await createListing(request, owner, `Feasibility condo ${stamp}`);
  const member = await basicMember(request, `Feas${stamp}`);
  const page = await logIn(browser, member.email, PASSWORD, { viewport: DESKTOP, acceptDownloads: true });

  await page.goto(`/listings/${listing._id}`);
  await page.getByRole('button', { name: 'Run feasibility' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run feasibility' });
  await expect(dialog.getByTestId('aria-quote')).toHaveText(/This run uses 10 AI credits; you have [\d,]+\./);
  await expect(dialog.getByLabel('Down payment (%)')).toHaveValue('20');
  await dialog.getByLabel('Rent a month (₱)').fill('32000');
  await dialog.getByLabel('Association dues a month (₱)').fill('3500');
  await dialog.getByRole('button', { name: 'Run for 10 credits' }).click();
  await expect(page).toHaveURL(/\/aria\/[0-9a-f-]{36}$/);

  const result = page.getByTestId('feasibility-result');
  await expect(result).toBeVisible({ timeout: RUN_TIMEOUT });
  await expect(page.getByTestId('aria-run')).toHaveAttribute('data-status', 'succeeded');
  await expect(result.getByRole('table', { name: 'Taxes and fees' })).toContainText('Documentary stamp tax');
  await expect(result.getByTestId('feas-cash-needed')).toHaveText(/^₱[\d,]+$/);
  await expect(result.getByRole('table', { name: 'Sensitivity' })).toBeVisible();
  await expect(result.getByTestId('aria-disclaimer')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/aria-feasibility-1280.png`, fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^aria_feasibility_.*\.pdf$/);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId('feasibility-result')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/aria-feasibility-375.png`, fullPage: true });
});

test('a Basic member saves two listings and compares them with ARIA', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const owner = await signUpMember(request, { firstName: 'Oscar', lastName: `Owner${stamp}`, type: 'property_owner' });
  // the same size, one much dearer: ARIA has a reason to prefer the other
  const a = await createPricedListing(request, owner, `Compare A ${stamp}`, 5_900_000, 50);
  const b = await createPricedListing(request, owner, `Compare B ${stamp}`, 9_400_000, 50);
  const member = await basicMember(request, `Cmp${stamp}`);
  for (const l of [a, b]) {
    const saved = await request.post('/api/listing/save', { headers: { authorization: `Bearer ${member.token}` }, data: { listingId: l._id } });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  const page = await logIn(browser, member.email, PASSWORD, { viewport: DESKTOP });
  await page.goto('/saved');
  await page.getByRole('checkbox', { name: `Compare ${a.name}` }).check();
  await page.getByRole('checkbox', { name: `Compare ${b.name}` }).check();
  await page.getByRole('button', { name: 'Compare with ARIA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare with ARIA' });
  await expect(dialog.getByTestId('aria-quote')).toHaveText(/This comparison uses 5 AI credits; you have [\d,]+\./);
  await dialog.getByRole('button', { name: 'Compare for 5 credits' }).click();
  await expect(page).toHaveURL(/\/aria\/[0-9a-f-]{36}$/);

  const result = page.getByTestId('compare-result');
  await expect(result).toBeVisible({ timeout: RUN_TIMEOUT });
  const table = result.getByRole('table', { name: 'Listings compared' });
  await expect(table).toContainText(a.name);
  await expect(table).toContainText(b.name);
  const recommendation = result.getByTestId('compare-recommendation');
  await expect(recommendation).toContainText(`Recommendation: ${a.name}`);
  await expect(recommendation.getByRole('listitem').first()).not.toBeEmpty();
  await page.screenshot({ path: `${SHOTS}/aria-compare-1280.png`, fullPage: true });
});

test('staff open a member’s ARIA history in the console: the list by member, then the conversation, read-only and audited', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const member = await basicMember(request, `History${stamp}`);
  const asked = await request.post('/api/ai/chat', {
    headers: { authorization: `Bearer ${member.token}` },
    data: { message: '2 bedroom condo for rent in Makati under 60k' },
  });
  expect(asked.ok(), await asked.text()).toBe(true);

  const page = await logIn(browser, 'admin@demo.tahanan.ph', DEMO_PASSWORD, {
    viewport: DESKTOP,
  });
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: 'ARIA history' }).click();
  await expect(page).toHaveURL(/\/admin\/aria$/);
  await expect(page.getByTestId('aria-audited-notice')).toContainText('recorded in the audit log');
  await page.getByRole('textbox', { name: 'Member name or e-mail' }).fill(`History${stamp}`);
  await page.getByRole('textbox', { name: 'Member name or e-mail' }).press('Enter');
  const grid = page.getByRole('grid', { name: 'ARIA history' });
  await expect(grid.getByText(member.email)).toBeVisible();
  await expect(grid.getByRole('row')).toHaveCount(2); // the header and the member's one chat
  await page.screenshot({ path: `${SHOTS}/aria-console-list-1280.png` });

  await grid.getByText(member.email).click();
  await expect(page).toHaveURL(/\/admin\/aria\/[0-9a-f-]{36}$/);
  const conversationId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByTestId('aria-audited-notice')).toContainText('Audited, read-only');
  await expect(page.getByTestId('aria-staff-message').first()).toContainText('2 bedroom condo for rent in Makati under 60k');
  await expect(page.getByTestId('aria-staff-message')).toHaveCount(2);
  await expect(
    page.getByRole('link', {
      name: new RegExp(member.email.replace(/[.+]/g, '\\$&')),
    }),
  ).toBeVisible();
  await page.screenshot({
    path: `${SHOTS}/aria-console-conversation-1280.png`,
    fullPage: true,
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('aria-staff-message').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({
    path: `${SHOTS}/aria-console-conversation-390.png`,
    fullPage: true,
  });
  await page.goto(`/admin/aria?member=History${stamp}`);
  await expect(page.getByRole('grid', { name: 'ARIA history' }).getByText(member.email)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({
    path: `${SHOTS}/aria-console-list-390.png`,
    fullPage: true,
  });

  // the opening is in the audit log (the events worker writes it)
  const token = await staffToken(request);
  await expect
    .poll(
      async () => {
        const audit = await request.post('/api/audit/search', {
          headers: { authorization: `Bearer ${token}` },
          data: { query: { type: ['aria.history_read_by_staff'] }, limit: 20 },
        });
        const entries =
          (
            (await audit.json()) as {
              entries?: { entity: { id: string } | null }[];
            }
          ).entries ?? [];
        return entries.some((e) => e.entity?.id === conversationId);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
});
