import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { PASSWORD, logIn, signUpMember } from './members';

// the plan table itself: @app/domain is CommonJS (libs/domain/dist, built with the API), which an ES-module spec takes through require
const { CREDIT_PACKS, PLANS, formatCentavos } = createRequire(import.meta.url)('@app/domain') as typeof import('@app/domain');

/**
 * Plans and payments (issue 13) through the payment sandbox the e2e server runs (NODE_ENV test): a member
 * buys Basic monthly with GCash, approves on the sandbox's checkout page and lands on the result page;
 * the header's credits, /billing and the receipt follow. A declined payment changes nothing. Desktop and
 * phone width; screenshots go to SCREENSHOT_DIR (and the report).
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/billing-e2e';

async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** Nothing runs off the right side of the viewport (a phone scrolls down, never sideways). */
async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a member buys Basic monthly with GCash in the sandbox: approved, paid, credits in the header, billing shows it, the receipt is a PDF', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const member = await signUpMember(request, { firstName: 'Paz', lastName: 'Mabini', type: 'customer' });
  const page = await logIn(browser, member.email, PASSWORD, { viewport: DESKTOP, acceptDownloads: true });
  await expect(page.getByTestId('header-credits')).toHaveText('0');

  // ---- the plans --------------------------------------------------------------------------------
  await page.goto('/plans');
  const basic = page.getByTestId('plan-basic');
  await expect(basic.getByTestId('plan-basic-price')).toHaveText(formatCentavos(PLANS.basic.monthlyCentavos!));
  await expect(page.getByTestId('plan-free').getByTestId('your-plan')).toBeVisible();
  await shot(page, testInfo, 'plans-1440');
  await page.getByRole('button', { name: 'Annually' }).click();
  await expect(basic.getByTestId('plan-basic-price')).toHaveText(formatCentavos(PLANS.basic.annualCentavos!));
  await page.getByRole('button', { name: 'Monthly' }).click();
  await basic.getByRole('link', { name: 'Upgrade to Basic' }).click();

  // ---- the checkout ------------------------------------------------------------------------------
  await expect(page).toHaveURL(/\/checkout\?plan=basic&period=monthly$/);
  await expect(page.getByTestId('test-mode')).toContainText('Test mode: no money moves');
  await expect(page.getByTestId('summary-total')).toHaveText(formatCentavos(PLANS.basic.monthlyCentavos!));
  await page.getByRole('radio', { name: /GCash/ }).check();
  await shot(page, testInfo, 'checkout-1440');
  await page.getByRole('button', { name: `Pay ${formatCentavos(PLANS.basic.monthlyCentavos!)} with GCash` }).click();

  // ---- the sandbox's checkout page -------------------------------------------------------------------
  await expect(page).toHaveURL(/\/sandbox-checkout\/sbx_cs_[0-9a-f]{24}$/);
  await expect(page.getByTestId('sandbox-banner')).toContainText('SANDBOX — no real money');
  await expect(page.getByTestId('sandbox-amount')).toHaveText(formatCentavos(PLANS.basic.monthlyCentavos!));
  await expect(page.getByText('Basic plan, 1 month')).toBeVisible();
  await shot(page, testInfo, 'sandbox-1440');
  await page.getByRole('button', { name: 'Approve payment' }).click();

  // ---- the result page: paid once the webhook (delivered by the worker) is in ----------------------------
  await expect(page).toHaveURL(/\/billing\/result\?payment=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('paid-outcome')).toContainText('You are on the Basic plan until');
  // the session's user was fetched again: the header shows the plan's monthly credits
  await expect(page.getByTestId('header-credits')).toHaveText(String(PLANS.basic.monthlyCredits));
  const reference = (await page.getByText(/^TH-[0-9A-Z]{5}-[0-9A-Z]{5}$/).textContent())!;
  await shot(page, testInfo, 'result-paid-1440');

  // the receipt: a PDF, downloaded with the member's token
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download receipt' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // ---- /billing ------------------------------------------------------------------------------------
  await page.getByRole('link', { name: 'Go to billing' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByTestId('current-plan').getByRole('heading', { name: 'Basic plan' })).toBeVisible();
  await expect(page.getByTestId('plan-period')).toContainText('Paid until');
  const row = page.getByTestId(`payment-${reference}`);
  await expect(row).toContainText('Basic plan, 1 month');
  await expect(row).toContainText(formatCentavos(PLANS.basic.monthlyCentavos!));
  await expect(row).toContainText('Paid');
  await expect(row.getByRole('button', { name: `Receipt of ${reference}` })).toBeVisible();
  await shot(page, testInfo, 'billing-1440', true);

  // the plans page marks Basic now
  await page.goto('/plans');
  await expect(basic.getByTestId('your-plan')).toBeVisible();
  await expect(page.getByTestId('plan-premium').getByRole('link', { name: 'Upgrade to Premium' })).toBeVisible();

  // ---- the same member at phone width ------------------------------------------------------------------
  await page.setViewportSize(PHONE);
  for (const [url, name] of [
    ['/plans', 'plans-390'],
    ['/billing', 'billing-390'],
    ['/credits', 'credits-390'],
    ['/checkout?plan=premium&period=monthly', 'checkout-upgrade-390'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('header-credits')).toHaveText(String(PLANS.basic.monthlyCredits));
    if (url === '/credits') await expect(page.getByTestId('credits-remaining')).toHaveText(String(PLANS.basic.monthlyCredits));
    if (url.startsWith('/checkout')) await expect(page.getByTestId('summary-proration')).toBeVisible();
    await expectNoSideways(page);
    await shot(page, testInfo, name, true);
  }
  await page.context().close();
});

test('a declined payment: the result page says it failed, the plan stays Free and the credits unchanged', async ({ browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const member = await signUpMember(request, { firstName: 'Lope', lastName: 'Santos', type: 'broker' });
  const page = await logIn(browser, member.email, PASSWORD, { viewport: PHONE });
  await expect(page.getByTestId('header-credits')).toHaveText('0');

  await page.goto('/checkout?plan=basic&period=monthly');
  await page.getByRole('radio', { name: /GCash/ }).check();
  await expectNoSideways(page);
  await shot(page, testInfo, 'checkout-390', true);
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL(/\/sandbox-checkout\//);
  await expect(page.getByTestId('sandbox-banner')).toBeVisible();
  await expectNoSideways(page);
  await shot(page, testInfo, 'sandbox-390', true);
  await page.getByRole('button', { name: 'Decline' }).click();

  await expect(page).toHaveURL(/\/billing\/result\?payment=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'The payment failed' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Declined in the sandbox\. Nothing was charged/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/checkout?plan=basic&period=monthly');
  await expectNoSideways(page);
  await shot(page, testInfo, 'result-failed-390', true);

  // nothing changed
  await expect(page.getByTestId('header-credits')).toHaveText('0');
  const current = await request.get('/api/subscription/current', { headers: { authorization: `Bearer ${member.token}` } });
  expect(((await current.json()) as { plan: string }).plan).toBe('free');
  const credits = await request.get(`/api/user/ai/credits/${member.id}`, { headers: { authorization: `Bearer ${member.token}` } });
  expect(((await credits.json()) as { remaining: number }).remaining).toBe(0);
  await page.goto('/billing');
  await expect(page.getByTestId('current-plan').getByRole('heading', { name: 'Free plan' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Payments' })).toContainText('Failed');
  await page.context().close();
});

test('Maya QR: the code shows on the checkout, the phone that scans it approves, and the checkout moves on to the result by itself', async ({ browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const member = await signUpMember(request, { firstName: 'Gabriela', lastName: 'Silang', type: 'property_owner' });
  const page = await logIn(browser, member.email, PASSWORD, { viewport: DESKTOP });
  await page.goto('/checkout?pack=standard');
  await expect(page.getByTestId('summary-total')).toHaveText(formatCentavos(CREDIT_PACKS.standard.priceCentavos));
  await page.getByRole('radio', { name: /Maya QR/ }).check();
  await page.getByRole('button', { name: /^Pay ₱900\.00 with Maya QR$/ }).click();
  const qr = page.getByRole('img', { name: /^QR code to pay ₱900\.00/ });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await shot(page, testInfo, 'checkout-qr-1440');

  // "the phone": the QR code's address is the sandbox's checkout page
  const checkoutUrl = (await page.getByRole('link', { name: 'Open checkout' }).getAttribute('href'))!;
  const phone = await (await browser.newContext({ viewport: PHONE })).newPage();
  await phone.goto(checkoutUrl);
  const decided = phone.waitForResponse((r) => r.url().endsWith('/decide') && r.request().method() === 'POST');
  await phone.getByRole('button', { name: 'Approve payment' }).click();
  expect((await decided).status()).toBe(200);
  // (the phone, not signed in, is sent on to the result page and from there to log in)
  await expect(phone).not.toHaveURL(/\/sandbox-checkout\//);
  await phone.context().close();

  // the checkout polled the status: it is on the result page now, with the pack's credits
  await expect(page).toHaveURL(/\/billing\/result\?payment=[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(page.getByTestId('paid-outcome')).toContainText('200 AI credits were added to your balance: you have 200 AI credits now.');
  await expect(page.getByTestId('header-credits')).toHaveText('200');
  await page.context().close();
});

test('staff: the admin finds a member’s subscription, a viewer reads the same table without actions', async ({ browser, request }, testInfo) => {
  test.setTimeout(120_000);
  // a member on Basic, bought through the sandbox with the API alone
  const member = await signUpMember(request, { firstName: 'Melchora', lastName: 'Aquino', type: 'customer' });
  const auth = { authorization: `Bearer ${member.token}` };
  const created = await request.post('/api/payment/e-wallet/gcash', { headers: auth, data: { purpose: 'subscription', plan: 'basic', billingPeriod: 'monthly' } });
  expect(created.ok(), await created.text()).toBe(true);
  const payment = (await created.json()) as { _id: string; checkoutUrl: string };
  const checkoutId = payment.checkoutUrl.split('/').pop()!;
  expect((await request.post(`/api/payment/sandbox/${checkoutId}/decide`, { data: { decision: 'approve' } })).ok()).toBe(true);
  await expect
    .poll(async () => ((await (await request.get(`/api/payment/status?id=${payment._id}`, { headers: auth })).json()) as { status: string }).status, { timeout: 30_000 })
    .toBe('paid');

  for (const [who, email, viewport] of [
    ['admin', 'admin@demo.tahanan.ph', DESKTOP],
    ['viewer', 'viewer@demo.tahanan.ph', PHONE],
  ] as const) {
    const page = await logIn(browser, email, 'Demo1234!', { viewport });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Subscriptions' }).click();
    await expect(page).toHaveURL(/\/admin\/subscriptions$/);
    await page.getByLabel('Member name or e-mail').fill(member.email);
    await page.getByLabel('Member name or e-mail').press('Enter');
    const rows = page.getByRole('table', { name: 'Subscriptions' }).getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('Melchora Aquino');
    await expect(rows.nth(1)).toContainText('Basic');
    await expect(rows.nth(1)).toContainText('Active');
    const manage = page.getByRole('button', { name: `Actions for ${member.email}` });
    if (who === 'admin') await expect(manage).toBeVisible();
    else await expect(manage).toHaveCount(0);
    await expectNoSideways(page);
    await shot(page, testInfo, `admin-subscriptions-${who}`, true);
    await page.goto('/admin/credits');
    await page.getByLabel('Member name or e-mail').fill(member.email);
    await page.getByLabel('Member name or e-mail').press('Enter');
    await expect(page.getByRole('table', { name: 'Credit balances' }).getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('table', { name: 'Credit balances' })).toContainText(String(PLANS.basic.monthlyCredits));
    await shot(page, testInfo, `admin-credits-${who}`, true);
    await page.context().close();
  }
});
