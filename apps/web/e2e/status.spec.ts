import { expect, test } from '@playwright/test';
import { TEXTS } from './texts';

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { name: TEXTS.notFoundTitle })).toBeVisible();
  await expect(page.getByText(TEXTS.notFoundSubtitle)).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Find a home or lot in the Philippines' })).toBeVisible();
});

test('going offline shows the offline page; going online hides it', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Find a home or lot in the Philippines' })).toBeVisible();
  await expect(page.getByText(TEXTS.offlineTitle)).toHaveCount(0);

  await context.setOffline(true);
  await expect(page.getByRole('heading', { name: TEXTS.offlineTitle })).toBeVisible();
  await expect(page.getByText(TEXTS.offlineMessage)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: TEXTS.offlineTitle })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Find a home or lot in the Philippines' })).toBeVisible();
});
