import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { createListing, logIn, signUpMember } from './members';

/**
 * The admin console (issue 14) against the built app: the users, listings and audit tables load, filter
 * (the address follows and a reload keeps it), an admin suspends a member, hides two listings at once,
 * verifies one from its review page, and the audit table shows what happened with its colours; a viewer
 * sees no action, a member gets 403; a CSV export downloads. Screenshots at desktop and phone width go
 * to E2E_SCREENSHOT_DIR (default /tmp/admin-console-e2e).
 */

const GREEN_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAUElEQVR42u3PMQ0AAAgDsP2Iwwn+TyRwkzSpgaamX4uAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAwGUBnHOAtUsXfsQAAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const DEMO_PASSWORD = 'Demo1234!';
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/admin-console-e2e';

async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

function grid(page: Page, name: string) {
  return page.getByRole('grid', { name });
}

function row(page: Page, name: string, text: string) {
  return grid(page, name).getByRole('row').filter({ hasText: text });
}

test('admin: users, listings and audit tables; suspend, bulk hide, verify; the audit shows it; CSV export', async ({ browser, request }, testInfo) => {
  test.setTimeout(240_000);
  const member = await signUpMember(request, { firstName: 'Gabriela', lastName: 'Silang', type: 'property_owner' });
  const first = await createListing(request, member, 'Silang house in Loyola Heights');
  const second = await createListing(request, member, 'Silang condo on Katipunan');
  // the owner's proof of ownership for the first (a verification needs documents to review)
  const uploaded = await request.post(`/api/listing/upload-ownership/${first._id}`, {
    headers: { authorization: `Bearer ${member.token}` },
    multipart: {
      documents: { name: 'tax-declaration.png', mimeType: 'image/png', buffer: GREEN_PNG },
    },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const uploadedPdf = await request.post(`/api/listing/upload-ownership/${first._id}`, {
    headers: { authorization: `Bearer ${member.token}` },
    multipart: { documents: { name: 'deed-of-sale.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(uploadedPdf.ok(), await uploadedPdf.text()).toBe(true);

  const page = await logIn(browser, 'admin@demo.tahanan.ph', DEMO_PASSWORD, { viewport: DESKTOP, acceptDownloads: true });
  // the header's way in
  await page.getByTestId('admin-badge').click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByTestId('chart-users')).toBeVisible();
  await shot(page, testInfo, 'overview-desktop');

  // users: the table loads, a filter narrows it and goes to the address, a reload keeps it
  await page.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(grid(page, 'Users').getByRole('row')).not.toHaveCount(1);
  await page.getByRole('textbox', { name: 'Name or e-mail' }).fill(member.email);
  await page.getByRole('textbox', { name: 'Name or e-mail' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(member.email).replace(/\./g, '\\.')}`));
  await expect(grid(page, 'Users').getByRole('row')).toHaveCount(2);
  await expect(row(page, 'Users', member.email)).toContainText('Gabriela Silang');
  await page.reload();
  await expect(grid(page, 'Users').getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: 'Name or e-mail' })).toHaveValue(member.email);
  await shot(page, testInfo, 'users-desktop');

  // a CSV export of that one member
  await page.getByRole('button', { name: 'Export' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export users' });
  await exportDialog.getByRole('button', { name: 'Preview' }).click();
  await expect(exportDialog.getByRole('table', { name: 'Export preview' })).toContainText(member.email);
  const downloading = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^user_report_.+\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF'), 'UTF-8 with a BOM').toBe(true);
  const [header, firstRow] = csv.slice(1).split(/\r?\n/);
  // the user export's default columns (userName, email, role, status, createdAt)
  expect(header).toBe('Name,E-mail,Role,Status,Created');
  expect(firstRow).toContain(member.email);

  // open the member, suspend them
  await row(page, 'Users', member.email).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${member.id}$`));
  await expect(page.getByRole('heading', { name: 'Gabriela Silang' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Listings of this user' })).toContainText(first.name);
  await page.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByTestId('user-status')).toHaveText('Suspended');
  await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible();
  // support's way to the member's ARIA conversations (read with an audit row)
  await expect(page.getByRole('link', { name: 'Chats with ARIA' })).toHaveAttribute('href', `/admin/aria?userId=${member.id}`);
  await shot(page, testInfo, 'user-desktop');

  // listings: the owner's two, hidden together after a confirmation
  await page.getByRole('link', { name: 'Open in the listings table' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/listings\\?owner=${member.id}$`));
  await expect(grid(page, 'Listings').getByRole('row')).toHaveCount(3);
  // the suspension hid both (its subscriber runs after the event is relayed): marked as such, not as a plain hide
  await expect(async () => {
    await page.reload();
    await expect(grid(page, 'Listings').getByRole('row')).toHaveCount(3);
    for (const l of [first, second]) await expect(row(page, 'Listings', l.name)).toContainText('Suspended', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await shot(page, testInfo, 'listings-desktop');
  for (const l of [first, second]) await row(page, 'Listings', l.name).getByRole('checkbox').check();
  await page.getByTestId('bulk-bar').getByRole('button', { name: 'Hide' }).click();
  const confirm = page.getByRole('dialog', { name: 'Hide 2 listings?' });
  await confirm.getByRole('button', { name: 'Hide 2 listings' }).click();
  await expect(row(page, 'Listings', first.name)).toContainText('Hidden');
  await expect(row(page, 'Listings', second.name)).toContainText('Hidden');
  // a filter keeps the address: visible = no still finds both
  await page.getByRole('combobox', { name: 'Visible' }).click();
  await page.getByRole('option', { name: 'No' }).click();
  await expect(page).toHaveURL(/visible=false/);
  await expect(grid(page, 'Listings').getByRole('row')).toHaveCount(3);

  // the review page: mark verified
  await row(page, 'Listings', first.name).getByRole('link', { name: first.name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/listings/${first._id}/review$`));
  // the documents beside the listing: the image inline (fetched with the token), the PDF embedded with a link
  await expect(page.getByRole('img', { name: 'tax-declaration.png' })).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => page.getByRole('img', { name: 'tax-declaration.png' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  await expect(page.getByRole('link', { name: 'Open the PDF' })).toHaveAttribute('href', /^blob:/);
  await page.getByRole('button', { name: 'Mark verified' }).click();
  await expect(page.getByTestId('verified-chip')).toHaveText('Verified');
  await expect(page.getByRole('button', { name: 'Remove verification' })).toBeVisible();
  await shot(page, testInfo, 'review-desktop');

  // the audit log: what happened to the listing, with the severity colours
  await page.goto(`/admin/audit?entityKind=listing&entityId=${first._id}`);
  await expect(row(page, 'Audit log', 'listing.verified')).toBeVisible();
  await expect(row(page, 'Audit log', 'listing.visibility_changed')).toBeVisible();
  const chip = row(page, 'Audit log', 'listing.verified').locator('[data-severity]');
  const severity = await chip.getAttribute('data-severity');
  const colours: Record<string, string> = { low: 'rgb(224, 224, 224)', medium: 'rgb(25, 118, 210)', high: 'rgb(237, 108, 2)', critical: 'rgb(211, 47, 47)' };
  await expect(chip).toHaveCSS('background-color', colours[severity!]);
  await page.goto(`/admin/audit?entityKind=user&entityId=${member.id}`);
  await expect(row(page, 'Audit log', 'user.status_changed')).toBeVisible();
  await row(page, 'Audit log', 'user.status_changed').getByRole('button', { name: 'Show details' }).click();
  await expect(page.getByTestId('audit-detail')).toContainText('Request id');
  await shot(page, testInfo, 'audit-desktop');

  // phone width: the same pages, the nav in a drawer, tables scrolling inside their box
  await page.setViewportSize(PHONE);
  for (const [name, url] of [
    ['overview', '/admin'],
    ['users', `/admin/users?q=${encodeURIComponent(member.email)}`],
    ['user', `/admin/users/${member.id}`],
    ['listings', `/admin/listings?owner=${member.id}`],
    ['review', `/admin/listings/${first._id}/review`],
    ['audit', `/admin/audit?entityKind=listing&entityId=${first._id}`],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
    await shot(page, testInfo, `${name}-phone`);
  }
  await page.getByRole('button', { name: 'Open the admin menu' }).click();
  const drawerNav = page.getByRole('navigation', { name: 'Admin console' });
  await expect(drawerNav.getByRole('link', { name: 'Listings' })).toBeVisible();
  await expect(drawerNav.getByText('Admin console')).toBeInViewport({ ratio: 1 });
  // the viewport only: a full-page picture resizes it under the open drawer
  await shot(page, testInfo, 'nav-drawer-phone', false);
  await page.context().close();
});

test('a viewer reads the tables without any action; a member gets 403', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const member = await signUpMember(request, { firstName: 'Andres', lastName: 'Bonifacio', type: 'property_owner' });
  const listing = await createListing(request, member, 'Bonifacio townhouse');

  const viewer = await logIn(browser, 'viewer@demo.tahanan.ph', DEMO_PASSWORD, { viewport: DESKTOP });
  await viewer.goto(`/admin/users/${member.id}`);
  await expect(viewer.getByRole('heading', { name: 'Andres Bonifacio' })).toBeVisible();
  await expect(viewer.getByTestId('user-actions')).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Suspend' })).toHaveCount(0);
  await viewer.goto(`/admin/listings?owner=${member.id}`);
  await expect(row(viewer, 'Listings', listing.name)).toBeVisible();
  await expect(grid(viewer, 'Listings').getByRole('checkbox')).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Import JSON' })).toHaveCount(0);
  await viewer.goto(`/admin/listings/${listing._id}/review`);
  await expect(viewer.getByRole('heading', { name: listing.name })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Mark verified' })).toHaveCount(0);
  await viewer.goto('/admin/audit');
  await expect(grid(viewer, 'Audit log').getByRole('row')).not.toHaveCount(1);
  await viewer.context().close();

  const page = await logIn(browser, member.email, 'correct-horse-42', { viewport: DESKTOP });
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/403$/);
  await page.context().close();
});

test('admin: a JSON import shows the server message and its report; the same file again changes nothing', async ({ browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const cities = await request.get('/api/places/cities', { params: { regionCode: '1300000000' } });
  const quezonCity = ((await cities.json()) as { code: string; name: string }[]).find((c) => /Quezon City/.test(c.name))!;
  const barangays = await request.get('/api/places/barangays', { params: { cityCode: quezonCity.code } });
  const loyola = ((await barangays.json()) as { code: string; name: string }[]).find((b) => b.name === 'Loyola Heights')!;
  const code = `E2E-IMP-${Date.now()}`;
  const rows = [
    {
      code,
      name: 'Imported condo on Katipunan',
      type: 'residential',
      kind: 'condominium',
      price: 7_250_000,
      floorSize: 52,
      bedrooms: 2,
      bathrooms: 1,
      tags: ['for sale'],
      location: { lat: 14.6395, lng: 121.0772 },
      address: { type: 'condominium', street: 'Katipunan Avenue', barangayCode: loyola.code },
    },
    { code: `${code}-BAD`, name: 'Nowhere', type: 'residential', price: 1, location: { lat: 14.6, lng: 121 }, address: { barangayCode: '9999999999' } },
  ];
  const file = { name: 'listings.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(rows)) };

  const page = await logIn(browser, 'admin@demo.tahanan.ph', DEMO_PASSWORD, { viewport: DESKTOP });
  await page.goto('/admin/listings');
  for (const round of [1, 2]) {
    await page.getByRole('button', { name: 'Import JSON' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import listings from JSON' });
    await dialog.getByLabel('JSON file').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Import' }).click();
    const message = dialog.getByTestId('import-message');
    await expect(message).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByTestId('import-rejected')).toHaveText('1', { timeout: 30_000 });
    await expect(dialog.getByRole('table', { name: 'Rejected rows' })).toContainText('9999999999');
    if (round === 1) {
      await expect(message).toContainText('1 created');
      await expect(dialog.getByTestId('import-created')).toHaveText('1');
      await shot(page, testInfo, 'import-desktop', false);
    } else {
      await expect(message).toContainText('1 unchanged');
      await expect(dialog.getByTestId('import-created')).toHaveText('0');
      await expect(dialog.getByTestId('import-unchanged')).toHaveText('1');
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
  }
  // the imported listing is in the table, and the imports page lists both runs
  await page.getByRole('textbox', { name: 'Name, code or address' }).fill(code);
  await page.getByRole('textbox', { name: 'Name, code or address' }).press('Enter');
  await expect(row(page, 'Listings', 'Imported condo on Katipunan')).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: 'Imports' }).click();
  await expect(page.getByRole('table', { name: 'Imports' }).getByRole('row').filter({ hasText: 'listings.json' })).not.toHaveCount(0);
  await page.context().close();
});
