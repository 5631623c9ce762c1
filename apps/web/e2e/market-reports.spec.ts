import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { PASSWORD, logIn, signUpMember } from './members';

/**
 * Market reports (issue 16) on the demo seed: a Free member picks a barangay with listings (region →
 * city → barangay, chosen from what GET /bi/dropdownvalue says has data), reads three free reports,
 * hits a locked one and sees the Upgrade prompt, and exports a PDF. Desktop and phone width;
 * screenshots go to SCREENSHOT_DIR (default /tmp/shots) as market-*.png.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/shots';

async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `market-${name}.png`);
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** Nothing runs off the right side of the viewport (a phone scrolls down, never sideways). */
async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

interface Option {
  code: string;
  name: string;
  activeListings?: number;
  enoughListings?: boolean;
}

/** A region, city and barangay of the demo seed with enough listings for sale, found through the picker's own values. */
async function placeWithListings(request: APIRequestContext): Promise<{ region: Option; city: Option; barangay: Option }> {
  const top = await request.get('/api/bi/dropdownvalue');
  expect(top.ok()).toBe(true);
  const { regions } = (await top.json()) as { regions: Option[] };
  // Metro Manila first (the demo's densest cities), then the rest
  const ordered = [...regions].sort((a, b) => Number(b.code === '1300000000') - Number(a.code === '1300000000'));
  for (const region of ordered) {
    const res = await request.get('/api/bi/dropdownvalue', { params: { region: region.code } });
    const { cities } = (await res.json()) as { cities: Option[] };
    for (const city of [...cities].filter((c) => (c.activeListings ?? 0) > 0).sort((a, b) => (b.activeListings ?? 0) - (a.activeListings ?? 0))) {
      const r = await request.get('/api/bi/dropdownvalue', { params: { region: region.code, city: city.code } });
      const { barangays } = (await r.json()) as { barangays: Option[] };
      const barangay = barangays.filter((b) => b.enoughListings).sort((a, b) => (b.activeListings ?? 0) - (a.activeListings ?? 0))[0];
      if (barangay) return { region, city, barangay };
    }
  }
  throw new Error('The demo seed has no barangay with enough listings');
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(|$)`) }).click();
}

/** A report page is showing: its heading, and figure cards that name their source and sample. */
async function expectReport(page: Page, title: string, area: string) {
  await expect(page.getByRole('heading', { level: 1, name: `${title}: ${area}` })).toBeVisible();
  const figures = page.getByTestId('market-figure');
  await expect(figures.first()).toBeVisible();
  await expect(figures.first()).toContainText('Source');
  await expect(figures.first()).toContainText('Sample');
  await expect(page.getByRole('navigation', { name: 'Area' })).toBeVisible();
}

test('a Free member picks a barangay, reads three reports, meets the Upgrade prompt on a locked one and exports a PDF', async ({ browser, request }, testInfo) => {
  test.setTimeout(180_000);
  const { region, city, barangay } = await placeWithListings(request);
  const member = await signUpMember(request, { firstName: 'Lea', lastName: 'Salonga', type: 'customer' });
  const page = await logIn(browser, member.email, PASSWORD, { viewport: DESKTOP, acceptDownloads: true });

  await page.goto('/market');
  await expect(page.getByRole('heading', { level: 1, name: 'Market reports' })).toBeVisible();
  await expect(page.getByTestId('market-group')).toHaveCount(13);
  await choose(page, 'Region', region.name);
  await choose(page, 'City or municipality', city.name);
  await choose(page, 'Barangay', barangay.name);
  await expect(page).toHaveURL(new RegExp(`/market\\?area=${barangay.code}`));
  await expect(page.getByTestId('market-chosen-place')).toContainText(barangay.name);
  await shot(page, testInfo, 'picker-desktop');

  // three free reports, each opened from its card
  for (const title of ['Historic and current data', 'Demographics', 'Property trends']) {
    await page.goto(`/market?area=${barangay.code}`);
    await page.getByRole('link', { name: `Open ${title}` }).click();
    await expectReport(page, title, barangay.name);
    if (title === 'Historic and current data') {
      await expect(page.getByTestId('demo-data-banner')).toBeVisible();
      await expect(page.getByTestId('market-chart').first()).toBeVisible();
      await shot(page, testInfo, 'report-desktop');
      await page.getByTestId('market-chart').first().screenshot({ path: path.join(SCREENSHOT_DIR, 'market-chart-desktop.png') });
      // the same numbers as a table, kept in the address: a pasted link shows the same view
      await page.getByRole('button', { name: 'Table' }).click();
      await expect(page).toHaveURL(/view=table/);
      await expect(page.getByTestId('market-chart-table').first()).toBeVisible();
      const link = page.url();
      await page.goto(link);
      await expect(page.getByTestId('market-chart-table').first()).toBeVisible();
      await shot(page, testInfo, 'report-table-desktop');

      // export the PDF: a file named .pdf that is a PDF
      await page.getByRole('button', { name: 'Table' }).scrollIntoViewIfNeeded();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export PDF' }).click()]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const file = await download.path();
      expect(readFileSync(file!).subarray(0, 4).toString('latin1')).toBe('%PDF');
    }
  }

  // a locked report: the card shows a lock and the Upgrade prompt instead of opening…
  await page.goto(`/market?area=${barangay.code}`);
  const cycles = page.getByRole('article', { name: 'Market cycles' });
  await expect(cycles.getByRole('link')).toHaveCount(0);
  await cycles.getByRole('button', { name: /locked/ }).click();
  await expect(cycles.getByTestId('upgrade-prompt')).toContainText('Market cycles reports are part of the Basic plan and above');
  await expect(cycles.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', /\/plans/);
  await shot(page, testInfo, 'locked-desktop');
  // …and its address answers 402: the same prompt
  await page.goto(`/market/${barangay.code}/economic_data`);
  await expect(page.getByTestId('upgrade-prompt')).toContainText('Economic data reports are part of the Basic plan and above');

  // phone width: the picker and a report stack, nothing runs off the side
  await page.setViewportSize(PHONE);
  await page.goto(`/market?area=${barangay.code}`);
  await expect(page.getByTestId('market-group')).toHaveCount(13);
  await expectNoSideways(page);
  await shot(page, testInfo, 'picker-phone');
  await shot(page, testInfo, 'picker-phone-top', false);
  await page.goto(`/market/${barangay.code}/historic_and_current`);
  await expectReport(page, 'Historic and current data', barangay.name);
  await expectNoSideways(page);
  await shot(page, testInfo, 'report-phone');
  await shot(page, testInfo, 'report-phone-top', false);
  await page.getByTestId('market-chart').first().screenshot({ path: path.join(SCREENSHOT_DIR, 'market-chart-phone.png') });
  await page.goto(`/market/${barangay.code}/historic_and_current?view=table`);
  await expect(page.getByTestId('market-chart-table').first()).toBeVisible();
  await expectNoSideways(page);
  await shot(page, testInfo, 'report-table-phone');
  await page.getByTestId('market-chart-table').first().screenshot({ path: path.join(SCREENSHOT_DIR, 'market-table-phone.png') });
  await shot(page, testInfo, 'report-table-phone-top', false);
});
