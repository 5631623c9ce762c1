import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { createListing, logIn, PASSWORD, signUpMember } from './members';

/**
 * Identity verification (issue 15): a new broker sends a government ID (front, back, selfie) from
 * /verification on a phone and waits for review; an admin finds it among the console's identity checks,
 * takes it, opens the images (audited, through signed links fetched with the bearer token) and approves
 * it; the member's page says Verified and their listing shows the "Verified identity" badge.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A small RGB PNG: a card-shaped picture in one colour with a darker band (a stand-in for an ID photo). */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // no filter
    const band = y > height * 0.6 && y < height * 0.75;
    for (let x = 0; x < width; x++) {
      const o = row + 1 + x * 3;
      const photo = x < width * 0.3 && y > height * 0.2 && y < height * 0.55;
      const k = band || photo ? 0.5 : 1;
      raw[o] = Math.round(r * k);
      raw[o + 1] = Math.round(g * k);
      raw[o + 2] = Math.round(b * k);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  await page.screenshot({ path: dir ? `${dir}/${name}.png` : test.info().outputPath(`${name}.png`), fullPage: true });
}

test('a member sends their ID; an admin opens the images and approves it; the member and their listing show Verified', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const member = await signUpMember(request, { firstName: 'Gabriela', lastName: 'Silang', type: 'broker' });
  const listing = await createListing(request, member, 'Silang condominium near Katipunan');

  // the member, on a phone
  const page = await logIn(browser, member.email, PASSWORD, { viewport: PHONE });
  await page.goto('/verification');
  const form = page.getByRole('form', { name: 'Verify your identity' });
  await form.getByRole('combobox', { name: 'ID type' }).click();
  await page.getByRole('option', { name: 'PhilSys national ID (card)' }).click();
  await form.getByLabel('ID number').fill('1234-5678-9012-4321');
  await form.getByLabel('Full name as on the ID').fill('Gabriela Cariño Silang');
  await form.getByLabel('Birth date as on the ID').fill('1990-03-04');
  await page.getByTestId('kyc-front-input').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png(320, 200, [40, 110, 200]) });
  await page.getByTestId('kyc-back-input').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: png(320, 200, [60, 160, 90]) });
  await page.getByTestId('kyc-selfie-input').setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: png(240, 320, [200, 140, 60]) });
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByTestId('kyc-status')).toContainText(/waiting for review/i);
  // nothing runs off the side of a phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'kyc-member-waiting-390');

  // the admin, on a desktop: Identity checks, found by the member's e-mail
  const admin = await logIn(browser, 'admin@demo.tahanan.ph', 'Demo1234!', { viewport: DESKTOP });
  await admin.goto('/admin');
  await admin.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: 'Identity checks' }).click();
  await expect(admin).toHaveURL(/\/admin\/kyc$/);
  await admin.getByRole('textbox', { name: 'Name, e-mail or ID number' }).fill(member.email);
  await admin.getByRole('textbox', { name: 'Name, e-mail or ID number' }).press('Enter');
  const grid = admin.getByRole('grid', { name: 'Identity checks' });
  const row = grid.getByRole('row').filter({ hasText: member.email });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Waiting');
  await row.getByText(member.email).click();
  await expect(admin.getByRole('heading', { name: 'Gabriela Cariño Silang' })).toBeVisible();
  await expect(admin.getByLabel('Submitted data')).toContainText('•••• 4321');
  await expect(admin.getByLabel('Member account')).toContainText(member.email);

  await admin.getByRole('button', { name: 'Assign to me' }).click();
  await expect(admin.getByRole('button', { name: 'Release' })).toBeVisible();
  await expect(admin.getByTestId('kyc-review-status')).toHaveText('In review');

  // the images: asked with a reason, each loads into an <img>
  await expect(admin.getByText(/recorded in the audit log/)).toBeVisible();
  await admin.getByRole('button', { name: 'Show the images' }).click();
  const images = admin.getByTestId('kyc-images').locator('img');
  await expect(images).toHaveCount(3);
  for (const img of await images.all()) {
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
  }
  await shot(admin, 'kyc-review-desktop');
  // zoom: the front at full size
  await admin.getByRole('button', { name: 'Zoom: Front of the ID' }).click();
  const zoom = admin.getByRole('dialog', { name: 'Front of the ID' });
  await expect.poll(() => zoom.locator('img').evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(320);
  await zoom.getByRole('button', { name: 'Close' }).click();
  await expect(zoom).toBeHidden();

  // the same page on a phone: images stacked, nothing off the side
  await admin.setViewportSize(PHONE);
  await expect(admin.getByRole('button', { name: 'Approve' })).toBeVisible();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const [front, back] = await Promise.all([admin.getByTestId('kyc-image-front').boundingBox(), admin.getByTestId('kyc-image-back').boundingBox()]);
  expect(back!.y).toBeGreaterThan(front!.y + front!.height - 1);
  await shot(admin, 'kyc-review-390');
  await admin.setViewportSize(DESKTOP);

  await admin.getByRole('button', { name: 'Approve' }).click();
  const confirm = admin.getByRole('dialog', { name: "Approve Gabriela Cariño Silang's identity?" });
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(confirm).toBeHidden();
  await expect(admin.getByTestId('kyc-review-status')).toHaveText('Approved');
  await expect(admin.getByRole('list', { name: 'Review history' })).toContainText('Approved');
  await admin.context().close();

  // the member: Verified, and the badge on their listing
  await page.reload();
  await expect(page.getByTestId('kyc-status')).toContainText('Verified');
  await shot(page, 'kyc-member-verified-390');
  await page.goto(`/listings/${listing._id}`);
  await expect(page.getByText('Verified identity').first()).toBeVisible();
  await page.context().close();
});
