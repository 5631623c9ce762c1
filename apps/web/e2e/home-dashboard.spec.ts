import { expect, test, type Page, type TestInfo } from '@playwright/test';

/** The home page's search box, newest listings and plans, and a broker's dashboard totals, at both widths. */
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`home and dashboard (${name} ${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });

    test('the home page searches (text, Rent, city) and shows the newest listings and the plans', async ({ page }, testInfo) => {
      await page.goto('/');
      const search = page.getByRole('search', { name: 'Search listings' });
      await expect(search).toBeVisible();
      await expect(page.getByTestId('newest-listings').getByRole('link').first()).toBeVisible();
      await shot(page, testInfo, `home-${name}`);
      await expect(page.getByTestId('plan-basic-period')).toHaveText('/month');
      await page.getByTestId('plan-basic').scrollIntoViewIfNeeded();
      await shot(page, testInfo, `home-plans-${name}`);
      // paid plans are on sale: the card leads to the plans page
      await page.getByTestId('plan-basic').getByRole('link', { name: 'Choose Basic' }).click();
      await expect(page).toHaveURL(/\/plans$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
      await page.goBack();
      await expect(search).toBeVisible();

      await search.getByRole('button', { name: 'Rent' }).click();
      await search.getByLabel('City or municipality').click();
      const option = page.getByRole('option').first();
      await expect(option).toBeVisible();
      const city = ((await option.textContent()) ?? '').replace(/ \(\d+\)$/, '');
      await option.click();
      await search.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/\/listings\?/);
      const params = new URL(page.url()).searchParams;
      expect(params.get('offer')).toBe('rent');
      expect(params.getAll('tag')).toEqual([]);
      expect(params.getAll('city')).toHaveLength(1);
      await expect(page.getByText(/\d+ listings? found/)).toBeVisible();
      // the search page's own Buy/Rent switch shows the choice, and every result is a rental
      await expect(page.getByRole('button', { name: 'Rent', pressed: true })).toBeVisible();
      const offers = page.getByTestId('listing-offer');
      await expect(offers.first()).toBeVisible();
      expect(new Set(await offers.allTextContents())).toEqual(new Set(['For rent']));
      await expect(page.getByText(city).filter({ visible: true }).first()).toBeVisible();
      await shot(page, testInfo, `home-search-results-${name}`);
    });

    test('a broker sees the totals of their listings on the dashboard', async ({ page }, testInfo) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill('broker@demo.tahanan.ph');
      await page.getByLabel('Password', { exact: true }).fill('Demo1234!');
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { name: 'Welcome back, Maria!' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Your listings at a glance' })).toBeVisible();
      for (const key of ['totalListings', 'totalViews', 'totalSaved', 'totalInquiries']) {
        await expect(page.getByTestId(`total-${key}`)).toHaveText(/^[\d,]+$/);
      }
      expect(Number((await page.getByTestId('total-totalListings').textContent())?.replace(/,/g, ''))).toBeGreaterThan(0);
      await shot(page, testInfo, `dashboard-broker-${name}`);
    });
  });
}
