import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';

const PASSWORD = 'correct-horse-42';
const PHONE = { width: 390, height: 844 };

interface Member {
  page: Page;
  email: string;
  token: string;
  user: { _id: string; firstName: string; lastName: string };
}

/** A new customer, signed up through the form in a browser of their own. */
async function signUp(browser: Browser, firstName: string, lastName: string): Promise<Member> {
  const page = await (await browser.newContext()).newPage();
  const email = `e2e.notif.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('combobox', { name: 'I am a' }).click();
  await page.getByRole('option', { name: 'Customer', exact: true }).click();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // the stored login record (local storage key `auth`)
  const { token, user } = await page.evaluate(() => JSON.parse(window.localStorage.getItem('auth') ?? '{}'));
  return { page, email, token, user };
}

async function send(sender: Page, text: string) {
  await sender.getByRole('textbox', { name: 'Message' }).fill(text);
  await sender.getByRole('button', { name: 'Send' }).click();
  await expect(sender.getByTestId('message').filter({ hasText: text })).toHaveAttribute('data-status', /Sent|Read/);
}

/** The outbox scripts/e2e-server.mjs gives the API (same default, from the port under test). */
function outboxDir(baseURL: string): string {
  return process.env.E2E_OUTBOX_DIR ?? path.join(os.tmpdir(), `tahanan-e2e-${new URL(baseURL).port}`, 'outbox');
}

/** The mails in the outbox to `email` (raw .eml text). */
function mailsTo(baseURL: string, email: string): string[] {
  const dir = outboxDir(baseURL);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .filter((mail) => mail.includes(`To: ${email}`));
}

test('a new message rings the bell live; the menu leads to the thread; the page lists it; the e-mail choice sticks; the bell works on a phone', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const sender = await signUp(browser, 'Marisol', `Sends${stamp}`);
  const recipient = await signUp(browser, 'Ramon', `Gets${stamp}`);
  const senderName = `Marisol Sends${stamp}`;
  const bell = recipient.page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-count', '0');
  await expect(bell).toHaveAccessibleName('Notifications, none unread');

  // ---- The sender starts a conversation with the recipient (API) and writes in it (UI) -------------
  const created = await sender.page.request.post('/api/threads', {
    data: { participantId: recipient.user._id },
    headers: { authorization: `Bearer ${sender.token}` },
  });
  expect(created.ok()).toBe(true);
  const threadId = ((await created.json()) as { _id: string })._id;
  await sender.page.goto(`/messages/${threadId}`);
  const first = `Hello Ramon, is your condo still for rent? (${stamp})`;
  await send(sender.page, first);

  // ---- The recipient's bell shows it without a reload; the menu leads to the thread ----------------
  await expect(bell).toHaveAttribute('data-count', '1');
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  const menu = recipient.page.getByRole('dialog', { name: 'Notifications' });
  const item = menu.getByRole('link', { name: new RegExp(`New message from ${senderName}`) });
  await expect(item).toBeVisible();
  await expect(item).toContainText(first);
  await expect(item).toContainText('just now');
  await expect(menu.getByTestId('notification-item')).toHaveAttribute('data-read', 'false');
  await item.click();
  await expect(recipient.page).toHaveURL(new RegExp(`/messages/${threadId}$`));
  await expect(recipient.page.getByTestId('message').filter({ hasText: first })).toHaveCount(1);
  await expect(bell).toHaveAttribute('data-count', '0');
  await expect(menu).toBeHidden();

  // ---- The notifications page lists it, read ------------------------------------------------------
  await recipient.page.goto('/notifications');
  const row = recipient.page.getByTestId('notification-item').filter({ hasText: `New message from ${senderName}` });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-read', 'true');
  await expect(recipient.page.getByTestId('notifications-unread')).toHaveText('All caught up: nothing unread.');

  // ---- E-mail for new messages: switched on, kept after a reload, and the next message is e-mailed --
  await recipient.page.goto('/settings?tab=notifications');
  const emailSwitch = recipient.page.getByRole('switch', { name: 'E-mail: New messages' });
  await expect(emailSwitch).not.toBeChecked();
  await expect(recipient.page.getByRole('switch', { name: /^E-mail: Security/ })).toBeChecked();
  await emailSwitch.click();
  await expect(recipient.page.getByText('Notification settings saved')).toBeVisible();
  await expect(emailSwitch).toBeChecked();
  await recipient.page.reload();
  await expect(recipient.page.getByRole('switch', { name: 'E-mail: New messages' })).toBeChecked();
  await expect(recipient.page.getByRole('switch', { name: 'E-mail: Reviews of my listings' })).not.toBeChecked();

  // ---- On a phone: the bell stays in the header, counts live, and its menu fits the screen ----------
  await recipient.page.setViewportSize(PHONE);
  await recipient.page.goto('/dashboard');
  await expect(bell).toBeVisible();
  await expect(bell).toHaveAttribute('data-count', '0');
  const second = `Could I view it on Saturday? (${stamp})`;
  await send(sender.page, second);
  await expect(bell).toHaveAttribute('data-count', '1');
  await bell.click();
  await expect(menu).toBeVisible();
  const box = (await menu.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await expect(menu.getByTestId('notification-item')).toHaveCount(2);
  await expect(menu.getByTestId('notification-item').first()).toContainText(second);
  await menu.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAttribute('data-count', '0');
  await expect(menu.locator('[data-testid="notification-item"][data-read="false"]')).toHaveCount(0);
  await menu.getByRole('link', { name: 'See all notifications' }).click();
  await expect(recipient.page).toHaveURL(/\/notifications$/);
  await expect(recipient.page.getByTestId('notification-item')).toHaveCount(2);
  // nothing wider than the screen
  expect(await recipient.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // the second message came by e-mail too (its kind is now e-mailed); the first did not
  await expect.poll(() => mailsTo(baseURL!, recipient.email).filter((m) => m.includes(`New message from ${senderName}`)).length, { timeout: 20_000 }).toBe(1);
});
