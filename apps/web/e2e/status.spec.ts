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

test('Retry while still offline stays on the offline page; back online, the app returns', async ({ page, context }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/listings');
  await expect(page.getByRole('heading', { name: TEXTS.offlineTitle })).toHaveCount(0);

  await context.setOffline(true);
  await expect(page.getByRole('heading', { name: TEXTS.offlineTitle })).toBeVisible();
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  await page.getByRole('button', { name: 'Retry' }).click();
  // the page says it is still offline (and never left for the browser's own error page)
  await expect(page.getByTestId('offline-page').getByRole('status')).toHaveText(TEXTS.stillOffline);
  await expect(page.getByRole('heading', { name: TEXTS.offlineTitle })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('offline-retry-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: TEXTS.offlineTitle })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('offline-retry-390.png') });
  expect(navigations).toBe(0);
  expect(page.url()).toMatch(/\/listings$/);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: TEXTS.offlineTitle })).toHaveCount(0);
  await expect(page).toHaveURL(/\/listings$/);
  await expect(page.getByRole('main')).toBeVisible();
});
