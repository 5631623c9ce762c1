import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';

/**
 * The filters people expect from a property portal (issue 10): Buy / Rent, the property kind, "at
 * least N" bedrooms, on the demo listings the e2e server seeds; at desktop and at phone width.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const file = path.join(testInfo.project.outputDir, 'screenshots', `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** Waits for the results of the search in the URL to be on screen. */
async function results(page: Page) {
  await expect(page.getByLabel('Searching')).toHaveCount(0);
  const cards = page.getByRole('region', { name: 'Results' }).getByTestId('listing-card');
  await expect(cards.first()).toBeVisible();
  return cards;
}

/** Every card shown is a condominium for rent with at least two bedrooms, and shows its fields. */
async function expectRentCondosWithTwoBedrooms(page: Page) {
  const cards = await results(page);
  const n = await cards.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const card = cards.nth(i);
    await expect(card.getByTestId('listing-offer')).toHaveText('For rent');
    await expect(card.getByTestId('listing-facts')).toContainText('Condominium');
    const beds = await card.getByTestId('listing-bedrooms').innerText();
    expect(Number(beds.match(/(\d+) beds?/)?.[1])).toBeGreaterThanOrEqual(2);
    await expect(card.getByTestId('listing-bathrooms')).toHaveText(/\d+ baths?/);
    await expect(card.getByTestId('listing-parking')).toHaveText(/\d+ parking/);
  }
  await expect(page.getByTestId('result-count')).toHaveText(/^(about )?[\d,]+ listings? found$/);
  return n;
}

async function pickFilters(page: Page) {
  await page.getByRole('group', { name: 'Property kinds' }).getByRole('button', { name: /^Condominium/ }).click();
  await expect(page).toHaveURL(/kind=condominium/);
  await page.getByRole('combobox', { name: 'Bedrooms' }).click();
  await page.getByRole('listbox').getByRole('option', { name: '2+ bedrooms' }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(page).toHaveURL(/beds=2/);
}

test('desktop: Rent, Condominium and 2+ bedrooms; every result matches and its card and page show the fields', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  await page.goto('/listings');
  await results(page);
  const everything = await page.getByTestId('result-count').innerText();

  const offer = page.getByRole('group', { name: 'Buy or rent' });
  await expect(offer.getByRole('button', { name: 'Any' })).toHaveAttribute('aria-pressed', 'true');
  await offer.getByRole('button', { name: 'Rent' }).click();
  await expect(page).toHaveURL(/offer=rent/);
  await expect(offer.getByRole('button', { name: 'Rent' })).toHaveAttribute('aria-pressed', 'true');
  const cards = await results(page);
  for (let i = 0; i < (await cards.count()); i++) await expect(cards.nth(i).getByTestId('listing-offer')).toHaveText('For rent');

  await pickFilters(page);
  await expectRentCondosWithTwoBedrooms(page);
  expect(await page.getByTestId('result-count').innerText()).not.toBe(everything);
  await shot(page, testInfo, 'search-rent-condo-2br-1440');

  // the URL is the search: a reload keeps the switch and the filters
  await page.reload();
  await expect(page.getByRole('group', { name: 'Buy or rent' }).getByRole('button', { name: 'Rent' })).toHaveAttribute('aria-pressed', 'true');
  await expectRentCondosWithTwoBedrooms(page);

  // the listing's page shows the same fields
  const first = (await results(page)).first();
  const name = await first.getAttribute('aria-label');
  await first.getByRole('link', { name: name!, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: name! })).toBeVisible();
  await expect(page.getByTestId('listing-offer')).toHaveText('For rent');
  const facts = page.locator('dl');
  await expect(facts.getByText('Kind', { exact: true }).locator('..')).toContainText('Condominium');
  await expect(facts.getByText('Parking slots', { exact: true }).locator('..')).toContainText(/\d+/);
  await expect(facts.getByText('Furnishing', { exact: true })).toBeVisible();

  // Buy shows listings for sale only
  await page.goto('/listings?offer=sale');
  const sale = await results(page);
  for (let i = 0; i < (await sale.count()); i++) await expect(sale.nth(i).getByTestId('listing-offer')).toHaveText('For sale');
});

test('phone: the Buy / Rent switch is on the page, the other filters in the drawer; results match at 390 px', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await page.goto('/listings');
  await results(page);
  const offer = page.getByRole('group', { name: 'Buy or rent' });
  await expect(offer).toBeInViewport();
  await offer.getByRole('button', { name: 'Rent' }).click();
  await expect(page).toHaveURL(/offer=rent/);

  await page.getByRole('button', { name: /^Filters/ }).click();
  const drawer = page.locator('.MuiDrawer-paper');
  await expect(drawer.getByRole('group', { name: 'Property kinds' })).toBeVisible();
  await pickFilters(page);
  await shot(page, testInfo, 'search-filters-drawer-390');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  await expect(page.getByRole('button', { name: /^Filters \(2\)/ })).toBeVisible();
  await expectRentCondosWithTwoBedrooms(page);
  const first = (await results(page)).first();
  await first.scrollIntoViewIfNeeded();
  // nothing of the card runs off the side of the phone
  const box = await first.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  await shot(page, testInfo, 'search-rent-condo-2br-390');

  // the listing's page at phone width: the offer by the name, the facts in two columns
  const name = await first.getAttribute('aria-label');
  await first.getByRole('link', { name: name!, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: name! })).toBeVisible();
  await expect(page.getByTestId('listing-offer')).toBeInViewport();
  const kind = page.locator('dl').getByText('Kind', { exact: true });
  await kind.scrollIntoViewIfNeeded();
  await expect(kind.locator('..')).toContainText('Condominium');
  await shot(page, testInfo, 'listing-detail-facts-390');
});
