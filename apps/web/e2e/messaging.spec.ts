import { expect, test, type Browser, type Page } from '@playwright/test';
import { createListing, logIn, PASSWORD, signUpMember, uniqueEmail } from './members';

async function signUpCustomer(browser: Browser, firstName: string, lastName: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/signup');
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(uniqueEmail('chat'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('combobox', { name: 'I am a' }).click();
  await page.getByRole('option', { name: 'Customer', exact: true }).click();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

test('a customer asks about a listing; the owner sees it arrive live, replies, and the customer sees the reply and the read receipt', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);

  // ---- The owner (a broker of this test's own, so the badge counts only this test's messages: a
  // shared demo broker may hold unread messages another spec, or a retry of one, left) is signed in
  // and looking at their conversations --------------------------------------------------------------
  const ownerMember = await signUpMember(request, { firstName: 'Rosa', lastName: `Owns${stamp}`, type: 'broker' });
  const listing = await createListing(request, ownerMember, `Katipunan condo ${stamp}`);
  const owner = await logIn(browser, ownerMember.email, PASSWORD);
  await owner.goto('/messages');
  const ownerBadge = owner.getByTestId('unread-messages-badge');
  await expect(ownerBadge).toHaveAttribute('data-count', '0');

  // ---- A customer opens the listing and checks availability ---------------------------------------
  const customer = await signUpCustomer(browser, 'Paolo', `Asks${stamp}`);
  await customer.goto(`/listings/${listing._id}`);
  await expect(customer.getByRole('heading', { name: listing.name })).toBeVisible();
  await customer.getByRole('button', { name: 'Check availability' }).click();
  await expect(customer).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const question = `Is ${listing.name} still available? (${stamp})`;
  await customer.getByRole('textbox', { name: 'Message' }).fill(question);
  await customer.getByRole('button', { name: 'Send' }).click();
  const asked = customer.getByTestId('message').filter({ hasText: question });
  await expect(asked).toHaveCount(1);
  await expect(asked).toHaveAttribute('data-status', 'Sent');

  // ---- The owner sees it arrive without reloading: the badge, then the thread first in the list ----
  // (the owner is new: this one message is all that is unread)
  await expect(ownerBadge).toHaveAttribute('data-count', '1');
  const thread = owner.getByRole('button', { name: new RegExp(`Paolo Asks${stamp}`) }).or(owner.getByRole('link', { name: new RegExp(`Paolo Asks${stamp}`) }));
  await expect(thread.first()).toBeVisible();
  await expect(thread.first()).toHaveAccessibleName(/1 unread/);
  await thread.first().click();
  await expect(owner.getByTestId('message').filter({ hasText: question })).toHaveCount(1);
  // opening the thread marks it read: the owner's badge goes back to zero, the customer sees "Read"
  await expect(ownerBadge).toHaveAttribute('data-count', '0');
  await expect(asked).toHaveAttribute('data-status', 'Read');

  // ---- The owner replies; the customer sees the reply once, and then the read receipt --------------
  const reply = `Yes, it is. Would Saturday at 10 work for a viewing? (${stamp})`;
  await owner.getByRole('textbox', { name: 'Message' }).fill(reply);
  await owner.keyboard.press('Enter');
  const replied = owner.getByTestId('message').filter({ hasText: reply });
  await expect(replied).toHaveCount(1);
  await expect(customer.getByTestId('message').filter({ hasText: reply })).toHaveCount(1);
  // the customer has the thread open, so the reply is read at once and the owner sees the receipt
  await expect(replied).toHaveAttribute('data-status', 'Read');
  await expect(customer.getByTestId('unread-messages-badge')).toHaveAttribute('data-count', '0');

  // nothing was duplicated on either side after a reload (what the server stored is what was shown)
  await customer.reload();
  await expect(customer.getByTestId('message').filter({ hasText: question })).toHaveCount(1);
  await expect(customer.getByTestId('message').filter({ hasText: reply })).toHaveCount(1);
});
