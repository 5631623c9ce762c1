import { expect, test, type Page } from '@playwright/test';
import { TEXTS } from './texts';

function uniqueEmail(): string {
  return `e2e.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function signUp(page: Page, email: string, password: string) {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Maria');
  await page.getByLabel('Last name').fill('Santos');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await expect(page.getByText('at least 8 characters')).toBeVisible();
  await page.getByRole('combobox', { name: 'I am a' }).click();
  await page.getByRole('option', { name: 'Property owner' }).click();
  await page.getByRole('button', { name: 'Sign up' }).click();
}

test.describe('member session', () => {
  test('sign up, stay logged in across a reload, log out, then /dashboard is the 401 page', async ({ page }) => {
    const email = uniqueEmail();
    const password = 'correct-horse-42';

    await signUp(page, email, password);
    await expect(page).toHaveURL(/\/dashboard$/);
    // the session that created the account says "Welcome"; later logins say "Welcome back"
    await expect(page.getByRole('heading', { name: 'Welcome, Maria!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recent activity' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pinned items' })).toBeVisible();

    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('auth') ?? 'null'));
    expect(Object.keys(stored).sort()).toEqual(['token', 'user']);
    expect(stored.user.email).toBe(email);

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Maria!' })).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
    expect(await page.evaluate(() => window.localStorage.getItem('lastVisitedPath'))).toBeNull();

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: TEXTS.unauthorizedTitle })).toBeVisible();
    await expect(page.getByText(TEXTS.unauthorizedSubtitle)).toBeVisible();
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('log in with the account just created and land on /dashboard', async ({ page }) => {
    const email = uniqueEmail();
    const password = 'correct-horse-42';
    await signUp(page, email, password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /invalid email or password/i })).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Maria!' })).toBeVisible();
  });
});
