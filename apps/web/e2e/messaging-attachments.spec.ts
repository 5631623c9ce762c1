import { expect, test, type Browser, type Page } from '@playwright/test';
import { createListing, logIn, PASSWORD, signUpMember, uniqueEmail } from './members';

/** A 24×16 red PNG and a one-page PDF, made here so the spec needs no fixture files. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAIElEQVQ4jWM4YKlNFcQwatCB0TA6MJqOLEeziCX56QAATqi2EO5gLU0AAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/**
 * Every Content-Security-Policy refusal and failed request to the app a page reports (map tiles are not
 * the app's). A request the page itself dropped (net::ERR_ABORTED: the dashboard's, still loading when
 * the test goes on to /messages) is neither; a refused one fails as net::ERR_BLOCKED_BY_CSP.
 */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Failed to fetch/i.test(m.text())) problems.push(m.text());
  });
  page.on('requestfailed', (r) => {
    const sameOrigin = new URL(r.url()).origin === new URL(page.url()).origin;
    const error = r.failure()?.errorText;
    if (sameOrigin && !r.url().includes('/socket.io/') && error !== 'net::ERR_ABORTED') problems.push(`${r.url()}: ${error}`);
  });
  return problems;
}

async function signUpCustomer(browser: Browser, lastName: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Lorna');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(uniqueEmail('files'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('combobox', { name: 'I am a' }).click();
  await page.getByRole('option', { name: 'Customer', exact: true }).click();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

/** A short WebM clip recorded in the page from a canvas (Chromium's own encoder: no fixture, no ffmpeg). */
async function recordClip(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const ctx = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    let frame = 0;
    const timer = setInterval(() => {
      ctx.fillStyle = frame++ % 2 ? '#c0392b' : '#2c3e50';
      ctx.fillRect(0, 0, 64, 48);
    }, 50);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    await new Promise((resolve) => setTimeout(resolve, 700));
    recorder.stop();
    await stopped;
    clearInterval(timer);
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  });
  return Buffer.from(bytes);
}

/** Whether an <img> finished loading with real pixels (a blocked or broken image has none). */
const loadedImage = (page: Page, name: string) =>
  page
    .getByRole('img', { name })
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 24 && img.naturalHeight === 16);

test('a customer sends a photo, a PDF and a video through the composer; the owner sees the photo, plays the video and opens the PDF', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);

  // the owner and the listing are this test's own: a try that fails after the customer sent leaves an
  // unread message on its owner, which must not count in another spec's (or the retry's) unread badge
  const ownerMember = await signUpMember(request, { firstName: 'Dante', lastName: `Owns${stamp}`, type: 'broker' });
  const listing = await createListing(request, ownerMember, `Katipunan loft ${stamp}`);
  const owner = await logIn(browser, ownerMember.email, PASSWORD, { viewport: { width: 1440, height: 900 } });
  const ownerProblems = watchProblems(owner);
  await owner.goto('/messages');

  // ---- The customer, on a phone, attaches the files through the composer's file picker and sends ----
  const customer = await signUpCustomer(browser, `Files${stamp}`);
  const customerProblems = watchProblems(customer);
  await customer.goto(`/listings/${listing._id}`);
  await customer.getByRole('button', { name: 'Check availability' }).click();
  await expect(customer).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const clip = await recordClip(customer);
  await customer.getByTestId('attach-input').setInputFiles([
    { name: 'front-gate.png', mimeType: 'image/png', buffer: PNG },
    { name: 'floor-plan.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'walkthrough.webm', mimeType: 'video/webm', buffer: clip },
  ]);
  await expect(customer.getByTestId('picked-file')).toHaveCount(3);
  const text = `Here is the gate and the plan (${stamp})`;
  await customer.getByRole('textbox', { name: 'Message' }).fill(text);
  await customer.getByRole('button', { name: 'Send' }).click();
  const sent = customer.getByTestId('message').filter({ hasText: text });
  await expect(sent).toHaveCount(1);
  await expect(sent).toHaveAttribute('data-status', /Sent|Read/);
  await expect(customer.getByText('Message not sent')).toHaveCount(0);
  await expect(customer.getByTestId('picked-file')).toHaveCount(0);
  // the stored message shows the server's copies (signed same-origin links), not the local previews
  await expect(sent.getByRole('img', { name: 'front-gate.png' })).toHaveAttribute('src', /^\/api\/threads\/[^/]+\/attachments\//);
  await expect.poll(() => loadedImage(customer, 'front-gate.png')).toBe(true);
  await customer.screenshot({ path: testInfo.outputPath('customer-390.png'), fullPage: false });

  // ---- The owner sees it arrive: the photo rendered, the PDF a link that opens the file -------------
  const thread = owner.getByRole('button', { name: new RegExp(`Lorna Files${stamp}`) }).or(owner.getByRole('link', { name: new RegExp(`Lorna Files${stamp}`) }));
  await thread.first().click();
  const received = owner.getByTestId('message').filter({ hasText: text });
  await expect(received).toHaveCount(1);
  await expect.poll(() => loadedImage(owner, 'front-gate.png')).toBe(true);
  // the clip plays from its signed link (media-src): its metadata loads
  const video = received.locator('video[aria-label="walkthrough.webm"]');
  await expect(video).toHaveAttribute('src', /^\/api\/threads\/[^/]+\/attachments\//);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && v.videoWidth === 64)).toBe(true);
  const pdfLink = received.getByRole('link', { name: /floor-plan\.pdf/ });
  await expect(pdfLink).toBeVisible();
  const href = await pdfLink.getAttribute('href');
  expect(href).toMatch(/^\/api\/threads\/[^/]+\/attachments\/[^/?]+\?expires=\d+&signature=[0-9a-f]{64}$/);
  const pdf = await owner.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).equals(PDF)).toBe(true);
  await owner.screenshot({ path: testInfo.outputPath('owner-1440.png'), fullPage: false });

  // the photo opens larger in a dialog
  await received.getByRole('button', { name: 'Open front-gate.png' }).click();
  await expect(owner.getByRole('dialog', { name: 'front-gate.png' })).toBeVisible();
  await owner.getByRole('button', { name: 'Close' }).click();

  // at phone width the owner sees the same
  await owner.setViewportSize({ width: 390, height: 844 });
  await expect(received.getByRole('img', { name: 'front-gate.png' })).toBeVisible();
  await owner.screenshot({ path: testInfo.outputPath('owner-390.png'), fullPage: false });

  expect(customerProblems).toEqual([]);
  expect(ownerProblems).toEqual([]);
});
