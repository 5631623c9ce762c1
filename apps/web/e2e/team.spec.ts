import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { logIn, PASSWORD, signUpMember, uniqueEmail } from './members';

/*
 * Enterprise teams end to end: staff give a fresh member the Enterprise plan, verify them and create their
 * team; the owner invites a new address on /team; the invitation link comes from the mail outbox; the
 * invitee creates their account from it and joins; staff add credits in the console; the member sees the
 * pool grow; the owner removes the member, whose next /team shows no team. No web feature spends AI
 * credits yet (no route calls CreditsService.spend), so "spend from the pool" is covered by the API's tests.
 */

const DEMO_PASSWORD = 'Demo1234!';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'tahanan-e2e-team-shots');

/** The outbox scripts/e2e-server.mjs gives the API (same default, from the port under test). */
function outboxDir(baseURL: string): string {
  return process.env.E2E_OUTBOX_DIR ?? path.join(os.tmpdir(), `tahanan-e2e-${new URL(baseURL).port}`, 'outbox');
}

/** A mail's text with quoted-printable undone. */
const unquoted = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\n/g, '')
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

function mailsTo(baseURL: string, email: string): string[] {
  const dir = outboxDir(baseURL);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => unquoted(readFileSync(path.join(dir, f), 'utf8')))
    .filter((mail) => mail.includes(`To: ${email}`));
}

async function staffToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/user/login', { data: { email: 'admin@demo.tahanan.ph', password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** The page scrolls no wider than the viewport (tables scroll inside their own boxes). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

test('an owner invites a new member who creates their account from the e-mail and joins; staff add pool credits; the owner removes the member', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const teamName = `Loyola Realty ${stamp}`;

  // ---- Set-up through the API: the owner gets the Enterprise plan, a verified identity and a team ----
  const owner = await signUpMember(request, { firstName: 'Olga', lastName: `Owner${stamp}`, type: 'broker' });
  const staff = { authorization: `Bearer ${await staffToken(request)}` };
  const plan = await request.post('/api/subscription/create', {
    headers: staff,
    data: { userId: owner.id, plan: 'enterprise', billingPeriod: 'monthly', note: 'E2E: team owner' },
  });
  expect(plan.ok(), await plan.text()).toBe(true);
  const verified = await request.put('/api/user/update', { headers: staff, data: { _id: owner.id, isVerified: true } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const created = await request.post('/api/enterprise/create', { headers: staff, data: { name: teamName, ownerId: owner.id, seatLimit: 5 } });
  expect(created.status(), await created.text()).toBe(201);
  const team = (await created.json()) as { _id: string };

  // ---- The owner invites a new address on /team ----
  const ownerPage = await logIn(browser, owner.email, PASSWORD, { viewport: DESKTOP });
  await ownerPage.getByRole('button', { name: 'Account menu' }).click();
  await ownerPage.getByRole('menuitem', { name: 'Team' }).click();
  await expect(ownerPage).toHaveURL(/\/team$/);
  await expect(ownerPage.getByTestId('team-name')).toHaveText(teamName);
  await expect(ownerPage.getByTestId('team-role')).toHaveText('Owner');
  await expect(ownerPage.getByTestId('seats')).toHaveText('1 of 5 seats taken');
  const inviteeEmail = uniqueEmail('teammate');
  await ownerPage.getByRole('button', { name: 'Invite' }).click();
  const dialog = ownerPage.getByRole('dialog', { name: 'Invite to the team' });
  await expect(dialog.getByTestId('seats-left')).toHaveText('4 seats left');
  await dialog.getByLabel('E-mail').fill(inviteeEmail);
  await dialog.getByLabel('Monthly credit cap (optional)').fill('50');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(ownerPage.getByRole('list', { name: 'Open invitations' }).getByText(inviteeEmail)).toBeVisible();
  await expect(ownerPage.getByTestId('seats')).toHaveText('2 of 5 seats taken (1 by open invitations)');
  await ownerPage.screenshot({ path: path.join(SHOTS, 'team-owner-desktop.png'), fullPage: true });

  // ---- The invitation link from the outbox ----
  let link = '';
  await expect
    .poll(
      () => {
        const mail = mailsTo(baseURL!, inviteeEmail).find((m) => m.includes(`Join ${teamName} on Tahanan`));
        link = mail?.match(/https?:\/\/[^\s"<>]*\/team\/join\/[A-Za-z0-9_-]+/)?.[0] ?? '';
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  const joinPath = new URL(link).pathname;

  // ---- A new browser: the invitee creates their account and joins ----
  const memberPage = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await memberPage.goto(joinPath);
  await expect(memberPage.getByRole('heading', { name: `Join ${teamName}` })).toBeVisible();
  await expect(memberPage.getByLabel('Email')).toHaveValue(inviteeEmail);
  await memberPage.getByLabel('First name').fill('Mila');
  await memberPage.getByLabel('Last name').fill(`Member${stamp}`);
  await memberPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await memberPage.getByRole('button', { name: 'Create account and join' }).click();
  await expect(memberPage).toHaveURL(/\/team$/);
  await expect(memberPage.getByText(`Welcome to ${teamName}`)).toBeVisible();
  await expect(memberPage.getByTestId('team-name')).toHaveText(teamName);
  await expect(memberPage.getByTestId('team-role')).toHaveText('Member');
  await expect(memberPage.getByTestId('my-cap')).toHaveText('50 a month');
  await expect(memberPage.getByTestId('pool-balance')).toHaveText('0');
  await expect(memberPage.getByRole('button', { name: 'Invite' })).toHaveCount(0);
  // the link works once
  const again = await request.get(`/api/enterprise/invite/${joinPath.split('/').pop()}`);
  expect(again.ok() ? ((await again.json()) as { status: string }).status : String(again.status())).toMatch(/used|410|404/);

  // ---- Staff add credits in the console ----
  const adminPage = await logIn(browser, 'admin@demo.tahanan.ph', DEMO_PASSWORD, { viewport: DESKTOP });
  await adminPage.goto('/admin/enterprises');
  await adminPage.getByRole('grid', { name: 'Enterprises' }).getByText(teamName).click();
  await expect(adminPage).toHaveURL(new RegExp(`/admin/enterprises/${team._id}$`));
  await expect(adminPage.getByRole('table', { name: 'Members' }).getByText(`Mila Member${stamp}`)).toBeVisible();
  await adminPage.getByRole('button', { name: 'Add credits' }).click();
  const add = adminPage.getByRole('dialog', { name: `Add credits to ${teamName}` });
  await add.getByLabel('Credits').fill('300');
  await add.getByLabel('Reason').fill('E2E onboarding grant');
  await add.getByRole('button', { name: 'Add credits' }).click();
  await expect(add).toBeHidden();
  await expect(adminPage.getByTestId('pool-balance')).toHaveText('300');
  await expect(adminPage.getByRole('table', { name: 'Credit pool history' }).getByText('E2E onboarding grant')).toBeVisible();
  await adminPage.screenshot({ path: path.join(SHOTS, 'console-enterprise-desktop.png'), fullPage: true });

  // ---- The member sees the pool grow ----
  await memberPage.reload();
  await expect(memberPage.getByTestId('pool-balance')).toHaveText('300');

  // ---- The owner's team page at phone width: the members table scrolls in its box ----
  await ownerPage.setViewportSize(PHONE);
  await ownerPage.reload();
  const members = ownerPage.getByRole('table', { name: 'Team members' });
  await expect(members.getByText(`Mila Member${stamp}`)).toBeVisible();
  await expectNoSidewaysScroll(ownerPage);
  await ownerPage.screenshot({ path: path.join(SHOTS, 'team-owner-phone.png'), fullPage: true });

  // ---- The owner removes the member (no team listings: nothing to hand over) ----
  await members.getByRole('button', { name: `Actions for Mila Member${stamp}` }).click();
  await ownerPage.getByRole('menuitem', { name: 'Remove from team' }).click();
  const remove = ownerPage.getByRole('dialog', { name: `Remove Mila Member${stamp}?` });
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(remove).toBeHidden();
  await expect(members.getByText(`Mila Member${stamp}`)).toHaveCount(0);

  // ---- The member's next /team: no longer in it ----
  await memberPage.reload();
  await expect(memberPage.getByText('Teams on Tahanan')).toBeVisible();
  await expect(memberPage.getByTestId('team-name')).toHaveCount(0);
  await memberPage.screenshot({ path: path.join(SHOTS, 'team-removed-member-desktop.png'), fullPage: true });
});
