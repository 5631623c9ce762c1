import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';

/**
 * Prices as people read them (issue 10, item 6): whole pesos, "/month" on rentals, the price per m²,
 * thousands separators while typing; and prices in another currency from the staff rate table, with
 * pesos beside and the rate's date — at desktop and phone width, in Chromium.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const file = path.join(testInfo.project.outputDir, 'screenshots', `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

function manilaToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

function rateDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Intl.DateTimeFormat('en-PH', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}

const pesos = (text: string) => Number(text.replace(/[^\d.]/g, ''));

test('an admin sets the USD rate on the admin screen; a visitor then reads prices in USD with pesos beside, at desktop and phone width', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  // ---- the admin enters today's rate --------------------------------------------------------------
  const adminContext = await browser.newContext({ viewport: DESKTOP });
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await admin.getByLabel('Email').fill('admin@demo.tahanan.ph');
  await admin.getByLabel('Password', { exact: true }).fill('Demo1234!');
  await admin.getByRole('button', { name: 'Log in' }).click();
  await expect(admin).toHaveURL(/\/dashboard$/);
  await admin.getByRole('button', { name: 'Account menu' }).click();
  await admin.getByRole('menuitem', { name: 'Currency rates' }).click();
  await expect(admin).toHaveURL(/\/admin\/currency-rates$/);
  await admin.getByRole('button', { name: 'New USD rate' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New USD rate' });
  const amount = dialog.getByLabel(/Pesos for 1 USD/);
  await amount.fill('');
  await amount.pressSequentially('50.125');
  await dialog.getByLabel('Source').fill('BSP reference rate (e2e)');
  await shot(admin, testInfo, 'currency-admin-dialog-1440');
  await dialog.getByRole('button', { name: 'Save rate' }).click();
  await expect(dialog).toHaveCount(0);
  const today = manilaToday();
  await expect(admin.getByTestId('rate-USD-value')).toHaveText('₱50.125');
  await expect(admin.getByTestId('rate-USD-date')).toHaveText(rateDate(today));
  await expect(admin.getByRole('table', { name: 'USD rate history' })).toContainText('Ramon Bautista');
  await shot(admin, testInfo, 'currency-admin-1440');
  await adminContext.close();

  // ---- a visitor on the search page ---------------------------------------------------------------
  for (const [label, viewport] of [['1440', DESKTOP], ['390', PHONE]] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto('/listings?offer=rent');
    const card = page.getByRole('region', { name: 'Results' }).getByTestId('listing-card').first();
    await expect(card).toBeVisible();
    const rentInPesos = await card.getByTestId('listing-price').innerText();
    expect(rentInPesos).toMatch(/^₱[\d,]+\/month$/); // whole pesos, no centavos
    await expect(card.getByTestId('listing-price-per-sqm')).toHaveText(/^₱[\d,]+\/m²\/month$/);

    await page.getByRole('button', { name: 'Show amounts in: PHP' }).click();
    const usd = page.getByRole('menuitem', { name: /USD — US Dollar/ });
    await expect(usd).toContainText(`USD 1 = ₱50.125 · rate of ${rateDate(today)}`);
    await shot(page, testInfo, `currency-menu-${label}`);
    await usd.click();

    const converted = await card.getByTestId('listing-price').innerText();
    expect(converted).toMatch(/^≈ USD\s[\d,.]+\/month$/);
    // the conversion uses the rate just saved: pesos / 50.125, to the whole dollar
    expect(Math.abs(pesos(converted) - pesos(rentInPesos) / 50.125)).toBeLessThanOrEqual(1);
    await expect(card.getByTestId('listing-price-php')).toHaveText(rentInPesos);
    await expect(page.getByTestId('rates-used')).toContainText(`USD 1 = ₱50.125 (rate of ${rateDate(today)}`);
    // nothing of the card, or of the header with its currency button, runs off the side of a phone
    for (const element of [card, page.getByRole('link', { name: 'Sign up' })]) {
      const box = await element.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    }
    await shot(page, testInfo, `currency-results-usd-${label}`);

    // the choice follows to the listing page (and a reload)
    const name = (await card.getAttribute('aria-label'))!;
    await card.getByRole('link', { name, exact: true }).click();
    // the listing's own page (the search page has a level-1 heading too)
    await expect(page).toHaveURL(/\/listings\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('listing-price')).toHaveText(/^≈ USD\s[\d,.]+\/month$/);
    await expect(page.getByTestId('listing-price-php')).toHaveText(rentInPesos);
    await expect(page.getByTestId('rates-used')).toContainText(rateDate(today));
    await shot(page, testInfo, `currency-detail-usd-${label}`);
    await context.close();
  }
});

test('price fields put in thousands separators while typing, and the search uses the plain number', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/listings');
  const min = page.getByLabel('Min price');
  await min.pressSequentially('1500000');
  await expect(min).toHaveValue('1,500,000');
  await min.press('Enter');
  await expect(page).toHaveURL(/minPrice=1500000/);
  const prices = page.getByRole('region', { name: 'Results' }).getByTestId('listing-price');
  // the results of the new search replace the earlier ones: every price shown is at least ₱1,500,000
  await expect
    .poll(async () => {
      const texts = await prices.allInnerTexts();
      return texts.length > 0 && texts.every((text) => pesos(text) >= 1_500_000);
    })
    .toBe(true);
  await expect(min).toHaveValue('1,500,000');
});
