import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';

/**
 * Recent activity and pinned items: a new member views, saves and shares a listing and finds it in
 * their recent activity (recorded by the worker from events: the dashboard is reloaded until it is
 * there); pins the listing and a saved search and finds both on the dashboard and in Saved; unpins;
 * clears the history; and the dashboard works at phone width.
 */

const PASSWORD = 'correct-horse-42';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

async function signUp(page: Page, firstName: string, lastName: string) {
  await page.goto('/signup');
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(`e2e.activity.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('combobox', { name: 'I am a' }).click();
  await page.getByRole('option', { name: 'Customer', exact: true }).click();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The signed-in member's login record (local storage key `auth`). */
async function session(page: Page): Promise<{ token: string; user: { _id: string } }> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('auth') ?? '{}'));
}

const activitySection = (page: Page) => page.getByRole('region', { name: 'Recent activity', exact: true });
const pinnedSection = (page: Page) => page.getByRole('region', { name: 'Pinned items', exact: true });

/**
 * Reloads the dashboard until the worker has recorded every entry (no fixed wait: retried until it
 * passes). Each time the page's list (or its empty state) is awaited first: it is fresh after a reload.
 */
async function expectActivity(page: Page, titles: string[]) {
  await expect(async () => {
    await page.goto('/dashboard');
    const section = activitySection(page);
    const list = section.getByRole('list', { name: 'Recent activity' });
    await expect(list.or(section.getByText('No recent activity yet'))).toBeVisible({ timeout: 15_000 });
    for (const title of titles) await expect(list.getByRole('link', { name: title })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
}

async function noSideways(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

test('a new member sees what they viewed, saved and shared; pins a listing and a saved search; unpins; clears the history; at desktop and phone width', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(300_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(DESKTOP);
  const stamp = Date.now().toString(36);
  await signUp(page, 'Lara', `Pins${stamp}`);

  // ---- A new member: the dashboard says what will appear ------------------------------------------
  await expect(activitySection(page).getByText('No recent activity yet')).toBeVisible();
  await expect(activitySection(page).getByText(/Listings you view, save, share or ask about will show up here/)).toBeVisible();
  await expect(pinnedSection(page).getByText('Nothing pinned yet')).toBeVisible();

  // ---- Views, saves and shares a listing ----------------------------------------------------------
  const found = await page.request.post('/api/listing/search', { data: { limit: 1 } });
  expect(found.ok()).toBe(true);
  const listing = (await found.json()).listings[0] as { _id: string; name: string };
  expect(listing).toBeTruthy();
  await page.goto(`/listings/${listing._id}`);
  await expect(page.getByRole('heading', { name: listing.name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(`/listings/${listing._id}`, page.url()).toString());

  const viewed = `Viewed “${listing.name}”`;
  const saved = `Saved “${listing.name}”`;
  const shared = `Shared “${listing.name}” by link`;
  await expectActivity(page, [viewed, saved, shared]);
  const entries = activitySection(page).getByTestId('activity-entry');
  // newest first, each with a time in words, and each the member's own doing
  await expect(entries.first()).toContainText(shared);
  await expect(entries.first().locator('time')).toHaveText(/just now|min ago/);
  for (const entry of await entries.all()) await expect(entry).toHaveAttribute('data-by-me', 'true');
  await expect(activitySection(page).getByRole('link', { name: viewed })).toHaveAttribute('href', `/listings/${listing._id}`);

  // ---- The activity page: all of it, or one kind --------------------------------------------------
  await activitySection(page).getByRole('link', { name: /^See all/ }).click();
  await expect(page).toHaveURL(/\/activity$/);
  const history = page.getByRole('list', { name: 'Your activity' });
  await expect(history.getByRole('link')).toHaveCount(3);
  await page.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Listings you viewed' }).click();
  await expect(page).toHaveURL(/\/activity\?kind=viewed_listing$/);
  await expect(history.getByRole('link')).toHaveCount(1);
  await expect(history.getByRole('link', { name: viewed })).toBeVisible();
  await shot(page, testInfo, 'activity-page-desktop');
  // removes one entry: the share
  await page.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'All activity' }).click();
  await expect(history.getByRole('link')).toHaveCount(3);
  await history.getByRole('button', { name: `Remove from activity: ${shared}` }).click();
  await expect(history.getByRole('link')).toHaveCount(2);
  await expect(history.getByRole('link', { name: shared })).toHaveCount(0);

  // ---- Pins the listing (once, however often it is pinned) ----------------------------------------
  await page.goto(`/listings/${listing._id}`);
  await page.getByRole('button', { name: `Pin ${listing.name}` }).click();
  const unpinHere = page.getByRole('button', { name: `Unpin ${listing.name}` });
  await expect(unpinHere).toHaveAttribute('aria-pressed', 'true');
  await expect(unpinHere).toHaveText('Pinned');
  await shot(page, testInfo, 'listing-desktop');
  const { token, user } = await session(page);
  const pinAgain = async () => {
    const res = await page.request.post('/api/user/save/pinned', { headers: { authorization: `Bearer ${token}` }, data: { userId: user._id, listingId: listing._id } });
    expect(res.status()).toBe(201);
    return (await res.json())._id as string;
  };
  const pinId = await pinAgain();
  expect(await pinAgain()).toBe(pinId);

  // ---- Saves a search, and pins it from Saved, Searches --------------------------------------------
  const searchName = `Houses for Lara ${stamp}`;
  await page.goto('/listings?q=house');
  await page.getByRole('button', { name: 'Save this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await dialog.getByLabel('Search name').fill(searchName);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await page.goto('/saved?tab=search');
  const searchCard = page.getByRole('article', { name: searchName });
  await searchCard.getByRole('button', { name: `Pin ${searchName}` }).click();
  await expect(searchCard.getByRole('button', { name: `Unpin ${searchName}` })).toHaveAttribute('aria-pressed', 'true');

  // ---- Both are pinned on the dashboard and in Saved, Pinned --------------------------------------
  await page.goto('/dashboard');
  const pinned = pinnedSection(page);
  await expect(pinned.getByRole('article', { name: listing.name })).toBeVisible();
  await expect(pinned.getByRole('article')).toHaveCount(2);
  const pinnedSearch = pinned.getByRole('article', { name: searchName });
  await expect(pinnedSearch.getByRole('link', { name: 'Open', exact: true })).toHaveAttribute('href', '/listings?q=house');
  await expectActivity(page, [viewed, saved, `Saved the search “${searchName}”`]);
  await shot(page, testInfo, 'dashboard-desktop');
  await page.goto('/saved?tab=pinned');
  await expect(page.getByRole('tab', { name: 'Pinned (2)' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('article', { name: listing.name })).toBeVisible();
  await expect(panel.getByRole('article', { name: searchName })).toBeVisible();
  await shot(page, testInfo, 'saved-pinned-desktop');

  // ---- At phone width: the sections stack, nothing runs off the side, the buttons work -------------
  await page.setViewportSize(PHONE);
  await shot(page, testInfo, 'saved-pinned-phone');
  await noSideways(page);
  await page.goto('/dashboard');
  await expect(pinnedSection(page).getByRole('article')).toHaveCount(2);
  const activityBox = await box(activitySection(page));
  const pinnedBox = await box(pinnedSection(page));
  expect(pinnedBox.y).toBeGreaterThanOrEqual(activityBox.y + activityBox.height);
  expect(pinnedBox.width).toBeCloseTo(activityBox.width, 0);
  await noSideways(page);
  await shot(page, testInfo, 'dashboard-phone');
  await page.goto('/activity');
  await expect(page.getByRole('list', { name: 'Your activity' }).getByRole('link')).toHaveCount(3);
  await noSideways(page);
  await shot(page, testInfo, 'activity-page-phone');
  // the listing page's Save, Pin and Share stay on the screen
  await page.goto(`/listings/${listing._id}`);
  for (const name of ['Saved', `Unpin ${listing.name}`, 'Share']) {
    const button = await box(page.getByRole('button', { name, exact: true }));
    expect(button.x).toBeGreaterThanOrEqual(0);
    expect(button.x + button.width).toBeLessThanOrEqual(PHONE.width);
  }
  await noSideways(page);
  await shot(page, testInfo, 'listing-phone');

  // ---- Unpins both (on the phone): gone from the dashboard and from Saved --------------------------
  await page.goto('/dashboard');
  await pinnedSection(page).getByRole('button', { name: `Unpin ${listing.name}` }).click();
  await expect(pinnedSection(page).getByRole('article', { name: listing.name })).toHaveCount(0);
  await pinnedSection(page).getByRole('button', { name: `Unpin ${searchName}` }).click();
  await expect(pinnedSection(page).getByText('Nothing pinned yet')).toBeVisible();
  await page.goto('/saved?tab=pinned');
  await expect(page.getByRole('tab', { name: 'Pinned (0)' })).toBeVisible();
  await expect(page.getByText('Nothing pinned yet')).toBeVisible();
  // the saved listing and the saved search stay saved
  await expect(page.getByRole('tab', { name: 'Listings (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Searches (1)' })).toBeVisible();

  // ---- Clears the whole history, after saying yes --------------------------------------------------
  await page.goto('/dashboard');
  await activitySection(page).getByRole('button', { name: 'Clear history' }).click();
  const confirm = page.getByRole('dialog', { name: 'Clear your activity history?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(activitySection(page).getByTestId('activity-entry')).toHaveCount(3);
  await activitySection(page).getByRole('button', { name: 'Clear history' }).click();
  await confirm.getByRole('button', { name: 'Clear history' }).click();
  await expect(activitySection(page).getByText('No recent activity yet')).toBeVisible();
  await expect(activitySection(page).getByTestId('activity-entry')).toHaveCount(0);
  await page.reload();
  await expect(activitySection(page).getByText('No recent activity yet')).toBeVisible();
});
