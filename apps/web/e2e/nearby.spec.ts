import path from 'node:path';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

/*
 * "Areas nearby" on the demo data (issue 10, item 3): the server loads the shipped Legazpi City
 * OpenStreetMap extract at start and seeds demo listings there (DEMO-LGP-…), whose page lists real,
 * named places; a Metro Manila demo listing (no places imported there) says so in words instead of a
 * row of zeros. Both at desktop and at phone width.
 */

const WIDTHS = [
  { name: '1440', size: { width: 1440, height: 900 } },
  { name: '390', size: { width: 390, height: 844 } },
] as const;

async function listingIdByCode(request: APIRequestContext, code: string): Promise<string> {
  const res = await request.post('/api/listing/search', { data: { query: { code }, limit: 1 } });
  expect(res.ok()).toBe(true);
  const [listing] = (await res.json()).listings as { _id: string }[];
  expect(listing, `demo listing ${code}`).toBeDefined();
  return listing._id;
}

/** A Metro Manila demo listing (the first one in Makati). */
async function makatiListingId(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/listing/search', { data: { fuzzySearch: 'Makati', limit: 1 } });
  expect(res.ok()).toBe(true);
  const [listing] = (await res.json()).listings as { _id: string }[];
  expect(listing, 'a demo listing in Makati').toBeDefined();
  return listing._id;
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const section = page.getByTestId('nearby-section');
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(testInfo.project.outputDir, 'screenshots', `${name}.png`) });
  await section.screenshot({ path: path.join(testInfo.project.outputDir, 'screenshots', `${name}-section.png`) });
}

for (const { name, size } of WIDTHS) {
  test.describe(`areas nearby at ${name} px`, () => {
    test.use({ viewport: size });

    test('a demo listing in Legazpi City lists real, named places with counts and the OSM attribution', async ({ page, request }, testInfo) => {
      const id = await listingIdByCode(request, 'DEMO-LGP-0001');
      await page.goto(`/listings/${id}`);
      await expect(page.getByRole('heading', { name: '3BR house and lot in Bitano, Legazpi City' })).toBeVisible();
      const section = page.getByTestId('nearby-section');
      await expect(section.getByRole('heading', { name: 'Areas nearby' })).toBeVisible();
      await expect(section.getByTestId('nearby-no-data')).toHaveCount(0);

      // restaurants: a count above zero, and opening it shows named places with their distance
      const restaurants = section.locator('.MuiAccordion-root').filter({ hasText: 'Restaurants' });
      const count = Number(await restaurants.locator('.MuiChip-label').innerText());
      expect(count).toBeGreaterThan(0);
      await restaurants.getByRole('button').click();
      const items = restaurants.locator('li');
      await expect(items.first()).toBeVisible();
      // the ten nearest are listed; the count is of all in the box ("and N more …")
      const listed = Math.min(count, 10);
      if (count > listed) await expect(restaurants.getByText(`and ${count - listed} more within about 2 km`)).toBeVisible();
      expect(await items.count()).toBe(count > listed ? listed + 1 : listed);
      const first = await items.first().innerText();
      expect(first).not.toContain('Unnamed place');
      expect(first).toMatch(/\d+(\.\d+)? ?(m|km)/);

      await expect(section.getByTestId('nearby-attribution')).toContainText('© OpenStreetMap contributors');
      await expect(section.getByRole('link', { name: '© OpenStreetMap contributors' })).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
      // the section fits the width: nothing pushes the page sideways
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await shot(page, testInfo, `nearby-legazpi-${name}`);
    });

    test('a Metro Manila demo listing (no places imported there) says so in words, not a row of zeros', async ({ page, request }, testInfo) => {
      const id = await makatiListingId(request);
      await page.goto(`/listings/${id}`);
      const section = page.getByTestId('nearby-section');
      await expect(section.getByTestId('nearby-no-data')).toBeVisible();
      await expect(section.getByTestId('nearby-no-data')).toContainText('Nearby places have not been added for this area yet');
      await expect(section.locator('.MuiAccordion-root')).toHaveCount(0);
      await expect(section.locator('.MuiChip-label')).toHaveCount(0);
      // a guest is not told about server commands
      await expect(section.getByTestId('nearby-import-help')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await shot(page, testInfo, `nearby-makati-${name}`);
    });
  });
}
