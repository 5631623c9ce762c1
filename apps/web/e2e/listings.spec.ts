import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';

/** Two valid 64×64 PNGs (solid green and solid yellow). */
const GREEN_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAUElEQVR42u3PMQ0AAAgDsP2Iwwn+TyRwkzSpgaamX4uAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAwGUBnHOAtUsXfsQAAAAASUVORK5CYII=';
const YELLOW_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAT0lEQVR42u3PQQkAAAgEsOufx2gGuAi+hcEKLDt5LQICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgIClwLo/IGHfa0LiwAAAABJRU5ErkJggg==';

const PASSWORD = 'correct-horse-42';

function uniqueEmail(who: string): string {
  return `e2e.${who}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function signUp(browser: Browser, who: { firstName: string; lastName: string; type: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/signup');
  await page.getByLabel('First name').fill(who.firstName);
  await page.getByLabel('Last name').fill(who.lastName);
  await page.getByLabel('Email').fill(uniqueEmail(who.type.toLowerCase()));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('combobox', { name: 'I am a' }).click();
  await page.getByRole('option', { name: who.type, exact: true }).click();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

/** Picks an option of an MUI select. */
async function choose(page: Page, label: string, option: string | RegExp) {
  const select = page.getByRole('combobox', { name: label, exact: true });
  await expect(select).not.toHaveAttribute('aria-disabled', 'true');
  await select.click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

function card(page: Page, name: string): Locator {
  return page.getByRole('article', { name });
}

test('a broker lists a property with photos; a customer finds it by text and on the map, saves and rates it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const name = `Calamansi Residences ${stamp}`;

  // ---- The broker adds a listing with two photos ------------------------------------------------
  const broker = await signUp(browser, { firstName: 'Maria', lastName: 'Broker', type: 'Broker' });
  await broker.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Add listing' }).click();
  await expect(broker).toHaveURL(/\/listings\/new$/);
  await expect(broker.getByRole('heading', { name: 'Basics' })).toBeVisible();

  // Next without anything: the validation messages, and the step does not change.
  await broker.getByRole('button', { name: 'Next' }).click();
  await expect(broker.getByText('Enter a name for the listing')).toBeVisible();
  await expect(broker.getByText('Choose a property type')).toBeVisible();

  await broker.getByLabel('Listing name').fill(name);
  await choose(broker, 'Property type', 'Residential');
  await broker.getByLabel('Price').fill('7500000');
  // buy / rent is its own switch now (the "for sale" tag follows it on the server)
  await broker.getByRole('button', { name: 'For sale', exact: true }).click();
  await expect(broker.getByRole('button', { name: 'For sale', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // (the kind select shows "Not said" when empty, which its accessible name includes)
  await broker.getByRole('combobox', { name: /^Property kind/ }).click();
  await broker.getByRole('listbox').getByRole('option', { name: 'House and lot', exact: true }).click();
  await expect(broker.getByRole('combobox', { name: /^Property kind/ })).toHaveText('House and lot');
  await broker.getByRole('combobox', { name: 'Tags' }).click();
  await broker.getByRole('option', { name: 'clean title', exact: true }).click();
  await broker.keyboard.press('Escape');
  await broker.getByRole('button', { name: 'Next' }).click();

  await expect(broker.getByRole('heading', { name: 'Location' })).toBeVisible();
  await choose(broker, 'Region', 'National Capital Region (NCR)');
  // Metro Manila has no provinces: the province step is skipped.
  await expect(broker.getByRole('combobox', { name: 'Province', exact: true })).toHaveCount(0);
  await choose(broker, 'City or municipality', 'Quezon City');
  await choose(broker, 'Barangay', 'Loyola Heights');
  await broker.getByLabel('Street address (optional)').fill('12 Esteban Abada St.');
  // Drop the pin in the middle of the map (tiles may be missing offline; the map still takes clicks).
  const picker = broker.getByTestId('location-picker').locator('.leaflet-container');
  await picker.scrollIntoViewIfNeeded();
  await picker.click({ position: { x: 300, y: 150 } });
  await expect(broker.getByTestId('pin-coordinates')).toBeVisible();
  await broker.getByRole('button', { name: 'Next' }).click();

  await expect(broker.getByRole('heading', { name: 'Details' })).toBeVisible();
  await broker.getByLabel('Floor size').fill('120');
  await broker.getByLabel('Bedrooms').fill('3');
  await broker.getByLabel('Bathrooms').fill('2');
  await broker.getByRole('combobox', { name: 'Amenities' }).fill('Parking');
  await broker.keyboard.press('Enter');
  await broker.getByRole('button', { name: 'Next' }).click();

  await expect(broker.getByRole('heading', { name: 'Photos & documents' })).toBeVisible();
  await broker.getByTestId('photos-input').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: Buffer.from(GREEN_PNG, 'base64') },
    { name: 'garden.png', mimeType: 'image/png', buffer: Buffer.from(YELLOW_PNG, 'base64') },
  ]);
  await expect(broker.getByTestId('upload-item')).toHaveCount(2);
  await broker.getByRole('button', { name: 'Create listing' }).click();

  await expect(broker).toHaveURL(/\/listings\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const listingId = broker.url().split('/').pop()!;
  await expect(broker.getByRole('heading', { name })).toBeVisible();
  await expect(broker.getByTestId('listing-price')).toHaveText('₱7,500,000');
  await expect(broker.getByRole('button', { name: 'Show photo 2' })).toBeVisible();
  // The owner cannot review their own listing.
  await expect(broker.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(broker.getByRole('form', { name: 'Write a review' })).toHaveCount(0);

  const apiListing = await (await broker.request.get(`/api/listing/get/${listingId}`)).json();
  expect(apiListing.images).toHaveLength(2);
  expect(apiListing.address.barangay).toBe('Loyola Heights');
  const { lat, lng } = apiListing.location as { lat: number; lng: number };

  // ---- A customer finds it by text ------------------------------------------------------------------
  const customer = await signUp(browser, { firstName: 'Juan', lastName: 'Customer', type: 'Customer' });
  await customer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find property' }).click();
  await expect(customer).toHaveURL(/\/listings$/);
  const searchBox = customer.getByRole('textbox', { name: 'Search listings' });
  await searchBox.fill(name);
  await customer.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(customer).toHaveURL(/[?&]q=Calamansi/);
  await expect(searchBox).toHaveValue(''); // the query box resets after each search
  await expect(card(customer, name)).toBeVisible();
  await expect(card(customer, name).getByTestId('listing-price')).toHaveText('₱7,500,000');
  await expect(card(customer, name).getByTestId('listing-address')).toHaveText('Loyola Heights, Quezon City');

  // ---- ...and on the map: a search area around its pin --------------------------------------------
  const d = 0.003;
  const bounds = [lat + d, lat - d, lng + d, lng - d].map((n) => n.toFixed(5)).join(',');
  await customer.goto(`/listings?bounds=${bounds}`);
  await expect(card(customer, name)).toBeVisible();
  // Its pin on the map: a marker, or a cluster when other listings share the spot.
  const map = customer.getByTestId('results-map');
  await expect(
    map.locator(`.leaflet-marker-icon[title="${name}"]`).or(map.locator('.leaflet-marker-icon.marker-cluster')).first(),
  ).toBeVisible();
  // The outline of the Philippines is drawn whether or not the tiles load.
  await expect(map.locator('path.leaflet-interactive, svg path').first()).toBeAttached();
  // Moving the map (zoom in) makes its new view the search area; the listing stays in it.
  const before = new URL(customer.url()).searchParams.get('bounds');
  await customer.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(() => new URL(customer.url()).searchParams.get('bounds')).not.toBe(before);
  await expect(card(customer, name)).toBeVisible();
  // A reload keeps that area: the map comes back to it, and the search area stays as it was.
  await expect(customer.getByTestId('map-count')).toHaveText(/listings? on the map/);
  const zoomed = new URL(customer.url()).searchParams.get('bounds');
  await customer.reload();
  await expect(card(customer, name)).toBeVisible();
  await expect(customer.getByTestId('map-count')).toHaveText(/listings? on the map/);
  expect(new URL(customer.url()).searchParams.get('bounds')).toBe(zoomed);
  // An area elsewhere (Cebu) does not show it.
  await customer.goto('/listings?bounds=10.35,10.25,123.95,123.85');
  await expect(customer.getByText('No listings match your search').or(customer.getByTestId('listing-card').first())).toBeVisible();
  await expect(card(customer, name)).toHaveCount(0);
  // A link to an area (a reload, a saved search, a shared link) puts the map there: it counts what
  // the list counts (here nothing: the sea off Panay), not what its default view holds.
  await customer.goto('/listings?bounds=10.01,10,120.01,120');
  await expect(customer.getByText('No listings match your search')).toBeVisible();
  await expect(customer.getByTestId('map-count')).toHaveText('No listings in this part of the map');

  // ---- Save it -----------------------------------------------------------------------------------
  await customer.goto(`/listings?bounds=${bounds}`);
  await card(customer, name).getByRole('button', { name: 'Save listing' }).click();
  await expect(card(customer, name).getByRole('button', { name: 'Remove from saved' })).toBeVisible();

  // ---- Rate it -----------------------------------------------------------------------------------
  await card(customer, name).getByRole('link', { name, exact: true }).click();
  await expect(customer).toHaveURL(new RegExp(`/listings/${listingId}$`));
  await expect(customer.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  const form = customer.getByRole('form', { name: 'Write a review' });
  await form.locator('label', { hasText: '4 Stars' }).click(); // the fourth star
  await expect(form.getByRole('radio', { name: '4 Stars' })).toBeChecked();
  await form.getByLabel('Comment').fill('Quiet street, near the university.');
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(customer.getByText('Quiet street, near the university.')).toBeVisible();
  await expect(customer.getByText('You have reviewed this listing.')).toBeVisible();
  await expect(customer.getByText('4.0 · 1 review')).toBeVisible();

  // ---- See it in Saved items ---------------------------------------------------------------------
  await customer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved' }).click();
  await expect(customer).toHaveURL(/\/saved$/);
  await expect(customer.getByRole('tab', { name: /Listings \(1\)/ })).toBeVisible();
  await expect(card(customer, name)).toBeVisible();

  // ---- The broker sees the totals on My listings ----------------------------------------------------
  await broker.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My listings' }).click();
  await expect(card(broker, name)).toBeVisible();
  await expect(broker.getByTestId('totalListings')).toHaveText('1');
  await expect(broker.getByTestId('totalSaved')).toHaveText('1');

  await broker.context().close();
  await customer.context().close();
});
