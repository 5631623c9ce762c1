import { expect, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';

/**
 * Members and listings of a test's own, made through the API. A test that asserts on what a member
 * has (an unread count, a total) uses one of these, never a shared demo account: another spec, or a
 * retry of one, may have left messages, saves or listings on a demo account.
 */

export const PASSWORD = 'correct-horse-42';

export interface Member {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  token: string;
}

/** An e-mail address no other test, run or retry uses. */
export function uniqueEmail(who: string): string {
  return `e2e.${who}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A new member, signed up with POST /api/user/create (password PASSWORD). */
export async function signUpMember(
  request: APIRequestContext,
  who: { firstName: string; lastName: string; type: 'customer' | 'broker' | 'real_estate_salesperson' | 'property_owner' },
): Promise<Member> {
  const email = uniqueEmail(who.type);
  const res = await request.post('/api/user/create', { data: { ...who, email, password: PASSWORD } });
  expect(res.status(), `sign-up of ${email}: ${await res.text()}`).toBe(201);
  const { token, user } = (await res.json()) as { token: string; user: { _id: string } };
  return { id: user._id, email, firstName: who.firstName, lastName: who.lastName, token };
}

/** Loyola Heights, Quezon City (National Capital Region), looked up in the places the server has. */
async function loyolaHeights(request: APIRequestContext): Promise<{ code: string; lat: number; lng: number }> {
  const cities = await request.get('/api/places/cities', { params: { regionCode: '1300000000' } });
  expect(cities.ok()).toBe(true);
  const city = ((await cities.json()) as { code: string; name: string }[]).find((c) => /Quezon City/.test(c.name));
  expect(city, 'Quezon City among the NCR cities').toBeDefined();
  const barangays = await request.get('/api/places/barangays', { params: { cityCode: city!.code } });
  expect(barangays.ok()).toBe(true);
  const barangay = ((await barangays.json()) as { code: string; name: string; lat: number | null; lng: number | null }[]).find(
    (b) => b.name === 'Loyola Heights',
  );
  expect(barangay, 'Loyola Heights among the Quezon City barangays').toBeDefined();
  return { code: barangay!.code, lat: barangay!.lat ?? 14.6395, lng: barangay!.lng ?? 121.0772 };
}

/** A new active listing of `owner`'s (a condominium for sale in Loyola Heights), made with POST /api/listing/create. */
export async function createListing(request: APIRequestContext, owner: Member, name: string): Promise<{ _id: string; name: string }> {
  const barangay = await loyolaHeights(request);
  const res = await request.post('/api/listing/create', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      name,
      type: 'residential',
      kind: 'condominium',
      offer: 'sale',
      price: 6_800_000,
      floorSize: 48,
      bedrooms: 2,
      bathrooms: 1,
      location: { lat: barangay.lat, lng: barangay.lng },
      address: { type: 'condominium', street: 'Katipunan Avenue', barangayCode: barangay.code },
    },
  });
  expect(res.status(), `listing ${name}: ${await res.text()}`).toBe(201);
  const listing = (await res.json()) as { _id: string; name: string };
  expect(listing.name).toBe(name);
  return listing;
}

/** Logs in through the login form in a new browser context; the page is on the dashboard. */
export async function logIn(browser: Browser, email: string, password: string, options: BrowserContextOptions = {}): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}
