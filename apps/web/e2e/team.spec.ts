import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createListing, logIn, PASSWORD, signUpMember, uniqueEmail } from './members';

/*
 * Enterprise teams end to end: staff give a fresh member the Enterprise plan, approve their identity check and create their
 * team; the owner invites a new address on /team; the invitation link comes from the mail outbox; the
 * invitee creates their account from it and joins; staff add credits in the console; the member sees the
 * pool grow; the member spends from the pool (a feasibility run with ARIA: 10 credits) and their ledger and
 * the pool show it; the owner removes the member, whose next /team shows no team.
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

/** A small grey RGB PNG (a stand-in for an ID photo: the API sniffs the bytes). */
function png(width: number, height: number): Buffer {
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const raw = Buffer.alloc((width * 3 + 1) * height, 120);
  for (let y = 0; y < height; y++) raw[y * (width * 3 + 1)] = 0;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
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
  // a team's owner needs a verified identity: the owner submits KYC (passport: no back side), staff approve it
  const kyc = await request.post('/api/kyc/create', {
    headers: { authorization: `Bearer ${owner.token}` },
    multipart: {
      idType: 'passport',
      idNumber: `P${Date.now().toString().slice(-7)}A`,
      fullName: `Olga Owner${stamp}`,
      birthDate: '1980-01-01',
      front: { name: 'front.png', mimeType: 'image/png', buffer: png(320, 200) },
      selfie: { name: 'selfie.png', mimeType: 'image/png', buffer: png(240, 320) },
    },
  });
  expect(kyc.status(), await kyc.text()).toBe(201);
  const kycId = ((await kyc.json()) as { _id: string })._id;
  for (const status of ['in_review', 'approved']) {
    const moved = await request.put(`/api/kyc/update/status/${kycId}`, { headers: staff, data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
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

  // ---- A new browser, a phone: the invitee creates their account and joins ----
  const memberPage = await (await browser.newContext({ viewport: PHONE })).newPage();
  await memberPage.goto(joinPath);
  await expect(memberPage.getByRole('heading', { name: `Join ${teamName}` })).toBeVisible();
  await expectNoSidewaysScroll(memberPage);
  await memberPage.screenshot({ path: path.join(SHOTS, 'join-phone.png'), fullPage: true });
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
  await expectNoSidewaysScroll(memberPage);
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
  // a member's ledger is their own spending: none yet (staff's grant is not theirs)
  await expect(memberPage.getByText('No credits have moved yet.')).toBeVisible();
  await memberPage.screenshot({ path: path.join(SHOTS, 'team-member-phone.png'), fullPage: true });

  // ---- The member spends from the pool: a feasibility run with ARIA (10 AI credits; the member has none of their own) ----
  const listing = await createListing(request, owner, `Katipunan condo ${stamp}`);
  await memberPage.goto(`/listings/${listing._id}`);
  await memberPage.getByRole('button', { name: 'Run feasibility' }).click();
  const run = memberPage.getByRole('dialog', { name: 'Run feasibility' });
  await run.getByLabel('Rent a month (₱)').fill('30000');
  await run.getByRole('button', { name: 'Run for 10 credits' }).click();
  await expect(memberPage).toHaveURL(/\/aria\/[0-9a-f-]{36}$/);
  await expect(memberPage.getByTestId('feasibility-result')).toBeVisible({ timeout: 90_000 });
  await memberPage.goto('/team');
  await expect(memberPage.getByTestId('pool-balance')).toHaveText('290');
  await expect(memberPage.getByTestId('my-used')).toContainText('10');
  const spend = memberPage.getByRole('table', { name: 'My spend from the pool' });
  // the run's spend, by this member, for the ARIA feasibility run
  const used = spend.getByRole('row').filter({ hasText: 'ARIA feasibility run' }).filter({ hasText: '-10' });
  await expect(used).toHaveCount(1);
  await expect(used).toContainText(`Mila Member${stamp}`);
  // the owner's ledger of the whole pool shows the member's spend too
  await ownerPage.reload();
  await expect(ownerPage.getByTestId('pool-balance')).toHaveText('290');

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
  await memberPage.screenshot({ path: path.join(SHOTS, 'team-removed-member-phone.png'), fullPage: true });
});
