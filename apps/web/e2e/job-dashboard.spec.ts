import { expect, test } from '@playwright/test';
import { logIn } from './members';

/**
 * The job dashboard (bull-board) at /api/admin/queues: a super admin's browser gets the dashboard cookie
 * from POST /api/admin/queues/session (what the console's "Job dashboard" link does) and the page shows
 * every queue; without the cookie the page is a 401, and an admin is refused the cookie.
 */
const DEMO_PASSWORD = 'Demo1234!';
const QUEUE_NAMES = ['email', 'account', 'events', 'maintenance', 'saved-search-alerts', 'payment-sandbox-webhooks', 'exports', 'imports'];

test('a super admin opens the job dashboard and sees every queue; others cannot', async ({ browser, baseURL }, testInfo) => {
  const context = await browser.newContext({ baseURL });
  const login = await context.request.post('/api/user/login', { data: { email: 'superadmin@demo.tahanan.ph', password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };

  const page = await context.newPage();
  // no cookie yet: refused
  const refused = await page.goto('/api/admin/queues/');
  expect(refused?.status()).toBe(401);

  const session = await context.request.post('/api/admin/queues/session', { headers: { authorization: `Bearer ${token}` } });
  expect(session.status()).toBe(200);
  const { url } = (await session.json()) as { url: string };
  expect(url).toBe('/api/admin/queues/');

  const blocked: string[] = [];
  page.on('pageerror', (error) => blocked.push(error.message));
  const opened = await page.goto(url);
  expect(opened?.status()).toBe(200);
  await expect(page.getByText('Tahanan jobs').first()).toBeVisible();
  for (const name of QUEUE_NAMES) {
    await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible();
  }
  const file = testInfo.outputPath('job-dashboard.png');
  await page.screenshot({ path: file });
  await testInfo.attach('job-dashboard', { path: file, contentType: 'image/png' });

  // a queue's page, from the side menu
  await page.getByRole('link', { name: 'events', exact: true }).first().click();
  await expect(page).toHaveURL(/\/api\/admin\/queues\/queue\/events/);
  expect(blocked).toEqual([]);
  await context.close();

  // an admin is refused the cookie
  const other = await browser.newContext({ baseURL });
  const adminLogin = await other.request.post('/api/user/login', { data: { email: 'admin@demo.tahanan.ph', password: DEMO_PASSWORD } });
  expect(adminLogin.ok()).toBe(true);
  const adminToken = ((await adminLogin.json()) as { token: string }).token;
  const adminSession = await other.request.post('/api/admin/queues/session', { headers: { authorization: `Bearer ${adminToken}` } });
  expect(adminSession.status()).toBe(403);
  await other.close();
});

test('the admin console\'s "Job dashboard" link opens bull-board in a new tab', async ({ browser, baseURL }) => {
  const page = await logIn(browser, 'superadmin@demo.tahanan.ph', DEMO_PASSWORD, { baseURL });
  await page.goto('/admin');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: /Job dashboard/ }).click()]);
  await expect(tab).toHaveURL(/\/api\/admin\/queues\/?$/);
  for (const name of QUEUE_NAMES) {
    await expect(tab.getByRole('link', { name, exact: true }).first()).toBeVisible();
  }
  await page.context().close();
});
