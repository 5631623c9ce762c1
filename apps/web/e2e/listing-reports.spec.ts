import { expect, test } from '@playwright/test';
import { createListing, logIn, PASSWORD, signUpMember } from './members';

/**
 * Listing reports (issue 14): a member reports a listing from its page; an admin finds it with the
 * Listings table's "Reported" filter, reads the report on the review page and resolves it.
 */
test('a member reports a listing; an admin finds it by the Reported filter and resolves it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const owner = await signUpMember(request, { firstName: 'Teodora', lastName: 'Alonso', type: 'property_owner' });
  const listing = await createListing(request, owner, 'Alonso bungalow near Katipunan');
  const buyer = await signUpMember(request, { firstName: 'Melchora', lastName: 'Aquino', type: 'customer' });

  const page = await logIn(browser, buyer.email, PASSWORD, { viewport: { width: 390, height: 844 } });
  await page.goto(`/listings/${listing._id}`);
  await page.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this listing' });
  await dialog.getByRole('radio', { name: /Looks like a scam/ }).check();
  await dialog.getByLabel('Note (optional)').fill('Asked for a ₱10,000 reservation fee by GCash before any viewing');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you for the report')).toBeVisible();
  await expect(dialog).toBeHidden();
  // once while it is open: the server's words
  await page.getByRole('button', { name: 'Report' }).click();
  await dialog.getByRole('radio', { name: /Wrong details/ }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('You have already reported this listing')).toBeVisible();
  await page.context().close();

  const admin = await logIn(browser, 'admin@demo.tahanan.ph', 'Demo1234!', { viewport: { width: 1280, height: 800 } });
  await admin.goto(`/admin/listings?owner=${owner.id}&reported=true`);
  const grid = admin.getByRole('grid', { name: 'Listings' });
  await expect(grid.getByRole('row').filter({ hasText: listing.name })).toBeVisible();
  await admin.goto(`/admin/listings/${listing._id}/review`);
  await expect(admin.getByRole('heading', { name: 'Reports (1 open)' })).toBeVisible();
  await expect(admin.getByText(/Looks like a scam · .* · Melchora Aquino/)).toBeVisible();
  await expect(admin.getByText('Asked for a ₱10,000 reservation fee by GCash before any viewing')).toBeVisible();
  await admin.getByLabel('Resolution').fill('Warned the owner: no reservation fee before a viewing');
  await admin.getByRole('button', { name: 'Resolve' }).click();
  await expect(admin.getByRole('heading', { name: 'Reports (0 open)' })).toBeVisible();
  await expect(admin.getByText('Resolved: Warned the owner: no reservation fee before a viewing')).toBeVisible();
  await admin.context().close();
});
