import { expect, test, type Page } from '@playwright/test';
import { logIn } from './members';

/**
 * The market reports' staff pages (issue 16) against the built app: an admin records a development
 * project in the console (the address picker down to the barangay), sees it in the table and edits its
 * status; the cost assumptions table changes one field and goes back to the default; a viewer reads the
 * projects without the buttons to change them.
 */

const DEMO_PASSWORD = 'Demo1234!';
const DESKTOP = { width: 1280, height: 800 };

async function choose(page: Page, label: string, option: string | RegExp) {
  const select = page.getByRole('combobox', { name: label, exact: true });
  await expect(select).not.toHaveAttribute('aria-disabled', 'true');
  await select.click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

test('admin records a development project and sees it; edits it; assumptions change and reset; a viewer reads only', async ({ browser }) => {
  test.setTimeout(180_000);
  const name = `Katipunan transit hub ${Date.now().toString(36)}`;
  const page = await logIn(browser, 'admin@demo.tahanan.ph', DEMO_PASSWORD, { viewport: DESKTOP });
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Admin console' });
  await nav.getByRole('link', { name: 'Development projects' }).click();
  await expect(page).toHaveURL(/\/admin\/market\/developments$/);
  await expect(page.getByRole('heading', { name: 'Development projects' })).toBeVisible();

  await page.getByRole('button', { name: 'Record a project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a development project' });
  // nothing filled: the form says what is missing, nothing is sent
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog.getByText('Enter the project name')).toBeVisible();
  await expect(dialog.getByText(/Say where you learned of this project/)).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Transport', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Under construction', exact: true }).click();
  await dialog.getByLabel('Expected completion').fill('2028-03-31');
  await choose(page, 'Region', 'National Capital Region (NCR)');
  await choose(page, 'City or municipality', 'Quezon City');
  await choose(page, 'Barangay', 'Loyola Heights');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Bus and rail interchange beside the LRT-2 Katipunan station.');
  await dialog.getByRole('textbox', { name: 'Source' }).fill('Quezon City Government press release, 2026');
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog).toHaveCount(0);

  const grid = page.getByRole('grid', { name: 'Development projects' });
  const row = grid.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Under construction');
  await expect(row).toContainText('Loyola Heights');
  await expect(row).toContainText('Quezon City');
  await expect(row).toContainText('Quezon City Government press release, 2026');

  // edit: completed
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the project' });
  await edit.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Completed', exact: true }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText('Completed');

  // the filter by status finds it, and the address keeps the filter
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Completed', exact: true }).click();
  await expect(page).toHaveURL(/status=completed/);
  await expect(row).toHaveCount(1);

  // cost assumptions: change the condominium vacancy, then reset to the documented default
  await nav.getByRole('link', { name: 'Cost assumptions' }).click();
  await expect(page.getByRole('heading', { name: 'Cost assumptions' })).toBeVisible();
  const condo = page.getByTestId('assumptions-condominium');
  await condo.getByRole('button', { name: 'Edit Condominium' }).click();
  const assumptions = page.getByRole('dialog', { name: 'Cost assumptions: Condominium' });
  const vacancy = assumptions.getByRole('textbox', { name: /^Vacancy/ });
  const before = await vacancy.inputValue();
  await vacancy.fill('150');
  await assumptions.getByRole('textbox', { name: /Why/ }).fill('Colliers Q3 2026 Metro Manila condominium vacancy');
  await assumptions.getByRole('button', { name: 'Save' }).click();
  await expect(assumptions.getByText('Vacancy: from 0 to 100 (% of the year)')).toBeVisible();
  await vacancy.fill('11.5');
  await assumptions.getByRole('button', { name: 'Save' }).click();
  await expect(assumptions).toHaveCount(0);
  await expect(condo).toContainText('Changed');
  await expect(condo).toContainText('11.5');
  await condo.getByRole('button', { name: 'Reset Condominium to the default' }).click();
  await expect(condo).toContainText('Default');
  // the kind is the row's header: the first cell is the vacancy
  await expect(condo.getByRole('cell').first()).toHaveText(before);

  // a viewer reads the projects, without the buttons to change them
  const viewer = await logIn(browser, 'viewer@demo.tahanan.ph', DEMO_PASSWORD, { viewport: DESKTOP });
  await viewer.goto('/admin/market/developments');
  await expect(viewer.getByRole('grid', { name: 'Development projects' }).getByRole('row').filter({ hasText: name })).toHaveCount(1);
  await expect(viewer.getByRole('button', { name: 'Record a project' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: `Edit ${name}` })).toHaveCount(0);
  await expect(viewer.getByText('Viewers read the projects; admins record, edit and remove them.')).toBeVisible();
});
