import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

/**
 * A guest who presses Save or Check availability on a listing is sent to log in with the reason shown,
 * and after logging in is back on the listing with the action done (saved / the thread with the owner open).
 */
const DEMO_PASSWORD = 'Demo1234!';
const CUSTOMER = 'customer@demo.tahanan.ph';

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

async function apiLogin(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return (await res.json()).token as string;
}

/** A demo broker's listing that the demo customer has not saved (unsaved first when a previous run saved it). */
async function unsavedListing(request: APIRequestContext, skip: number): Promise<{ _id: string; name: string; token: string }> {
  const token = await apiLogin(request, CUSTOMER);
  const headers = { authorization: `Bearer ${token}` };
  const found = await request.post('/api/listing/search', { data: { limit: 1, skip, sort: '-createdAt' }, headers });
  expect(found.ok()).toBe(true);
  const listing = (await found.json()).listings[0] as { _id: string; name: string; isSaved?: boolean };
  expect(listing).toBeTruthy();
  if (listing.isSaved) {
    expect((await request.put('/api/listing/unsave', { data: { listingId: listing._id }, headers })).ok()).toBe(true);
  }
  return { _id: listing._id, name: listing.name, token };
}

async function logInOnForm(page: Page) {
  await page.getByLabel('Email').fill(CUSTOMER);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`guest return (${name} ${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });

    test('Save: the login page says why; after logging in the guest is back on the listing and it is saved', async ({ page, request }, testInfo) => {
      const listing = await unsavedListing(request, name === 'desktop' ? 0 : 1);
      await page.goto(`/listings/${listing._id}`);
      await expect(page.getByRole('heading', { name: listing.name })).toBeVisible();
      await page.getByRole('button', { name: 'Save', exact: true }).click();

      await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Flistings%2F${listing._id}&intent=save$`));
      await expect(page.getByTestId('login-reason')).toHaveText('Log in to save this listing');
      await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
        'href',
        `/signup?next=%2Flistings%2F${listing._id}&intent=save`,
      );
      await shot(page, testInfo, `guest-save-login-${name}`);

      await logInOnForm(page);
      await expect(page).toHaveURL(new RegExp(`/listings/${listing._id}$`));
      await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await shot(page, testInfo, `guest-save-back-${name}`);

      // saved on the server, once; a reload does not repeat anything
      const read = await request.get(`/api/listing/get/${listing._id}`, { headers: { authorization: `Bearer ${listing.token}` } });
      expect((await read.json()).isSaved).toBe(true);
      await page.reload();
      await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();
    });

    test('Check availability: the login page says why; after logging in the conversation with the owner opens', async ({ page, request }, testInfo) => {
      const listing = await unsavedListing(request, 2);
      await page.goto(`/listings/${listing._id}`);
      await page.getByRole('button', { name: 'Check availability' }).click();
      await expect(page).toHaveURL(/\/login\?next=.*&intent=message$/);
      await expect(page.getByTestId('login-reason')).toHaveText('Log in to message the owner');
      await shot(page, testInfo, `guest-message-login-${name}`);

      await logInOnForm(page);
      await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
      await shot(page, testInfo, `guest-message-thread-${name}`);
    });

    test('an outside `next` is ignored: logging in goes to the dashboard', async ({ page }) => {
      await page.goto('/login?next=%2F%2Fevil.example%2F&intent=save');
      await expect(page.getByTestId('login-reason')).toHaveCount(0);
      await logInOnForm(page);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { name: 'Welcome back, Juan!' })).toBeVisible();
    });
  });
}
