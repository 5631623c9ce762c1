import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createListing, logIn, PASSWORD, signUpMember } from './members';

/** The outbox scripts/e2e-server.mjs gives the API (same default, from the port under test). */
function outboxDir(baseURL: string): string {
  return process.env.E2E_OUTBOX_DIR ?? path.join(os.tmpdir(), `tahanan-e2e-${new URL(baseURL).port}`, 'outbox');
}

/** A mail's text with quoted-printable undone (a body with “quotes” is encoded, its long lines broken). */
const unquoted = (raw: string) =>
  Buffer.from(raw.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

/** The mails in the outbox to `email`, decoded. */
function mailsTo(baseURL: string, email: string): string[] {
  const dir = outboxDir(baseURL);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => unquoted(readFileSync(path.join(dir, f), 'utf8')))
    .filter((mail) => mail.includes(`To: ${email}`));
}

test('a member saves a search with instant alerts; another member lists a matching property; the first is told in the app and by e-mail', async ({
  browser,
  request,
  baseURL,
}) => {
  // the server runs with SAVED_SEARCH_ALERT_BATCH_MS=3000 (scripts/e2e-server.mjs): an alert goes out within seconds
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const word = `alertvilla${stamp}`;
  const searchName = `Villas ${stamp}`;
  const watcher = await signUpMember(request, { firstName: 'Alma', lastName: `Watcher${stamp}`, type: 'customer' });
  const lister = await signUpMember(request, { firstName: 'Lara', lastName: `Lister${stamp}`, type: 'broker' });
  const page = await logIn(browser, watcher.email, PASSWORD);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-count', '0');

  // ---- The watcher searches for the word and saves the search with instant alerts --------------------
  await page.goto(`/listings?q=${word}&offer=sale`);
  await page.getByRole('button', { name: 'Save this search' }).click();
  await page.getByLabel('Search name').fill(searchName);
  const choice = page.getByRole('group', { name: 'Alert me of new listings' });
  await expect(choice.getByRole('button', { name: 'Daily' })).toHaveAttribute('aria-pressed', 'true');
  await choice.getByRole('button', { name: 'Instant' }).click();
  await expect(choice.getByRole('button', { name: 'Instant' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Search saved')).toBeVisible();

  // ---- The Saved page shows it on Instant; a change there sticks after a reload ----------------------
  await page.goto('/saved?tab=search');
  const alertsOf = () => page.getByRole('article', { name: searchName }).getByRole('group', { name: `Alerts for ${searchName}` });
  await expect(alertsOf().getByRole('button', { name: 'Instant' })).toHaveAttribute('aria-pressed', 'true');
  await alertsOf().getByRole('button', { name: 'Daily' }).click();
  await expect(page.getByText(/Daily alerts on/)).toBeVisible();
  await page.reload();
  await expect(alertsOf().getByRole('button', { name: 'Daily' })).toHaveAttribute('aria-pressed', 'true');
  await alertsOf().getByRole('button', { name: 'Instant' }).click();
  await expect(page.getByText(/Instant alerts on/)).toBeVisible();
  await page.reload();
  await expect(alertsOf().getByRole('button', { name: 'Instant' })).toHaveAttribute('aria-pressed', 'true');

  // ---- E-mail for saved searches: on in Settings -------------------------------------------------------
  await page.goto('/settings?tab=notifications');
  const emailSwitch = page.getByRole('switch', { name: 'E-mail: New matches for my saved searches' });
  await expect(emailSwitch).not.toBeChecked();
  await emailSwitch.click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await expect(emailSwitch).toBeChecked();

  // ---- Another member lists a matching property (API); one that does not match goes up too -----------
  await page.goto('/dashboard');
  await createListing(request, lister, `Quiet condo ${stamp}`);
  const listing = await createListing(request, lister, `Garden ${word} condo`);

  // ---- The watcher's bell rings without a reload; the menu leads to the search, which lists it -----------
  await expect(bell).toHaveAttribute('data-count', '1', { timeout: 60_000 });
  await bell.click();
  const menu = page.getByRole('dialog', { name: 'Notifications' });
  const item = menu.getByRole('link', { name: new RegExp(`New listing for “${searchName}”`) });
  await expect(item).toBeVisible();
  await expect(item).toContainText(`Garden ${word} condo`);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/listings\\?(?=.*\\bq=${word}\\b)(?=.*\\boffer=sale\\b)`));
  await expect(page.getByText(`Garden ${word} condo`).first()).toBeVisible();
  await expect(page.getByText(`Quiet condo ${stamp}`)).toHaveCount(0);

  // the Saved page says when the last alert went
  await page.goto('/saved?tab=search');
  await expect(page.getByRole('article', { name: searchName }).getByText(/^Last alert /)).toBeVisible();

  // ---- ...and by e-mail, once, with a link to the search ----------------------------------------------
  await expect.poll(() => mailsTo(baseURL!, watcher.email).filter((m) => m.includes(word)).length, { timeout: 30_000 }).toBe(1);
  const [mail] = mailsTo(baseURL!, watcher.email).filter((m) => m.includes(word));
  expect(mail).toContain(`New listing for “${searchName}”`);
  expect(mail).toContain(`Garden ${word} condo`);
  expect(listing.name).toBe(`Garden ${word} condo`);
});
