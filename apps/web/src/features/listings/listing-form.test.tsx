import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeListing, makeUser } from '@/test/fixtures';
import { apiError, server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
import { MESSAGES } from './form/listing-form';
import './index';

const place = (code: string, name: string, level: string, extra: Record<string, unknown> = {}) => ({
  code,
  name,
  level,
  regionCode: null,
  provinceCode: null,
  cityCode: null,
  population: null,
  lat: null,
  lng: null,
  ...extra,
});

const NCR = place('1300000000', 'National Capital Region (NCR)', 'region');
const VII = place('0700000000', 'Region VII (Central Visayas)', 'region');
const CEBU = place('0702200000', 'Cebu', 'province', { regionCode: '0700000000' });
const BOHOL = place('0701200000', 'Bohol', 'province', { regionCode: '0700000000' });
const QC = place('1381300000', 'Quezon City', 'city', { regionCode: '1300000000', lat: 14.65, lng: 121.05 });
const MAKATI = place('1380300000', 'City of Makati', 'city', { regionCode: '1300000000', lat: 14.5547, lng: 121.0244 });
const BEL_AIR = place('1380300002', 'Bel-Air', 'barangay', { regionCode: '1300000000', cityCode: '1380300000', lat: 14.5617, lng: 121.0284 });
const SAN_LORENZO = place('1380300027', 'San Lorenzo', 'barangay', { regionCode: '1300000000', cityCode: '1380300000', lat: 14.5523, lng: 121.0185 });
const POBLACION = place('1380300024', 'Poblacion', 'barangay', { regionCode: '1300000000', cityCode: '1380300000', lat: 14.5656, lng: 121.0315 });
const CEBU_CITY = place('0730600000', 'City of Cebu', 'city', { regionCode: '0700000000' });
const LILOAN = place('0702230000', 'Liloan', 'municipality', { regionCode: '0700000000', provinceCode: '0702200000' });
const LOYOLA = place('1381300071', 'Loyola Heights', 'barangay', {
  regionCode: '1300000000',
  cityCode: '1381300000',
  lat: 14.6389,
  lng: 121.0752,
});
const BAGUMBAYAN = place('1381300010', 'Bagumbayan', 'barangay', { regionCode: '1300000000', cityCode: '1381300000' });

/** The places routes; records every query string asked for. */
function servePlaces() {
  const asked: string[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname.replace('/api/places/', '')}${url.search}`);
    return url.searchParams;
  };
  server.use(
    http.get('*/api/places/regions', ({ request }) => {
      record(request);
      return HttpResponse.json([VII, NCR]);
    }),
    http.get('*/api/places/provinces', ({ request }) => {
      const q = record(request);
      return HttpResponse.json(q.get('regionCode') === VII.code ? [CEBU, BOHOL] : []);
    }),
    http.get('*/api/places/cities', ({ request }) => {
      const q = record(request);
      if (q.get('regionCode') === NCR.code) return HttpResponse.json([QC, MAKATI]);
      if (q.get('regionCode') === VII.code) return HttpResponse.json([CEBU_CITY, LILOAN]);
      if (q.get('provinceCode') === CEBU.code) return HttpResponse.json([LILOAN]);
      return HttpResponse.json([]);
    }),
    http.get('*/api/places/barangays', ({ request }) => {
      const q = record(request);
      if (q.get('cityCode') === MAKATI.code) return HttpResponse.json([SAN_LORENZO, POBLACION, BEL_AIR]);
      return HttpResponse.json(q.get('cityCode') === QC.code ? [LOYOLA, BAGUMBAYAN] : []);
    }),
  );
  return asked;
}

function signIn() {
  const user = makeUser({ _id: 'u_owner', type: 'broker' });
  storeSession('tok', user);
  serveSession('tok', user);
  return user;
}

async function choose(ui: UserEvent, label: string, option: string) {
  await ui.click(screen.getByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox');
  await ui.click(within(listbox).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

async function optionsOf(ui: UserEvent, label: string): Promise<string[]> {
  await ui.click(screen.getByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox');
  const names = within(listbox).getAllByRole('option').map((o) => o.textContent ?? '');
  await ui.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  return names;
}

async function fillBasics(ui: UserEvent) {
  await ui.type(screen.getByLabelText('Listing name'), 'Corner lot in Loyola Heights');
  await ui.click(screen.getByRole('button', { name: 'For rent' }));
  await choose(ui, 'Property type', 'Land');
  await choose(ui, 'Property kind', 'Lot');
  await ui.type(screen.getByLabelText('Price'), '8500000');
  await ui.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Location' });
}

async function fillLocationInNcr(ui: UserEvent) {
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Region' })).not.toHaveAttribute('aria-disabled'));
  await choose(ui, 'Region', 'National Capital Region (NCR)');
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'City or municipality' })).not.toBeDisabled());
  await choose(ui, 'City or municipality', 'Quezon City');
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Barangay' })).not.toBeDisabled());
  await choose(ui, 'Barangay', 'Loyola Heights');
}

describe('add listing: validation', { timeout: 30_000 }, () => {
  it('shows the validation messages of each step before moving on', async () => {
    signIn();
    servePlaces();
    const { user: ui } = renderApp('/listings/new');
    await screen.findByRole('heading', { name: 'Add listing' }, { timeout: 10000 });
    expect(screen.getByRole('heading', { name: 'Basics' })).toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.typeRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.priceRequired)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Basics' })).toBeInTheDocument();

    await ui.type(screen.getByLabelText('Listing name'), 'ab');
    // a minus sign cannot be typed; the thousands separators come in as the digits do
    await ui.type(screen.getByLabelText('Price'), '-4610000');
    expect(screen.getByLabelText('Price')).toHaveValue('4,610,000');
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MESSAGES.nameShort)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.priceRequired)).not.toBeInTheDocument();

    await ui.clear(screen.getByLabelText('Listing name'));
    await ui.clear(screen.getByLabelText('Price'));
    await fillBasics(ui);

    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MESSAGES.regionRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.provinceRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.cityRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.barangayRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.locationRequired)).toBeInTheDocument();

    await fillLocationInNcr(ui);
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Details' });
    await ui.type(screen.getByLabelText('Bedrooms'), '2.5');
    await ui.type(screen.getByLabelText('Lot size'), '-12500.755');
    // no minus, separators as typed, square metres to the hundredth
    expect(screen.getByLabelText('Lot size')).toHaveValue('12,500.75');
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MESSAGES.countInvalid)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.sizeInvalid)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Details' })).toBeInTheDocument();
  });
});

describe('add listing: address pickers', { timeout: 30_000 }, () => {
  it('cascades region → city → barangay for Metro Manila (no province) and pins the barangay centre', async () => {
    signIn();
    const asked = servePlaces();
    const { user: ui } = renderApp('/listings/new');
    await screen.findByRole('heading', { name: 'Add listing' }, { timeout: 10000 });
    await fillBasics(ui);

    expect(screen.getByRole('combobox', { name: 'City or municipality' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Barangay' })).toBeDisabled();
    await fillLocationInNcr(ui);

    expect(screen.queryByRole('combobox', { name: 'Province' })).not.toBeInTheDocument();
    expect(asked).toEqual(
      expect.arrayContaining([
        'regions',
        'provinces?regionCode=1300000000',
        'cities?regionCode=1300000000',
        'barangays?cityCode=1381300000',
      ]),
    );
    expect(asked.some((q) => q.startsWith('cities?provinceCode'))).toBe(false);
    expect(await screen.findByTestId('pin-coordinates')).toHaveTextContent('Pin at 14.638900, 121.075200');
    expect(screen.queryByText(MESSAGES.locationRequired)).not.toBeInTheDocument();
  });

  it('asks for the province elsewhere, lists its cities, and offers cities outside a province', async () => {
    signIn();
    const asked = servePlaces();
    const { user: ui } = renderApp('/listings/new');
    await screen.findByRole('heading', { name: 'Add listing' }, { timeout: 10000 });
    await fillBasics(ui);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Region' })).not.toHaveAttribute('aria-disabled'));
    await choose(ui, 'Region', 'Region VII (Central Visayas)');

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Province' })).not.toHaveAttribute('aria-disabled'));
    expect(await optionsOf(ui, 'Province')).toEqual(['Bohol', 'Cebu', 'Cities outside a province']);
    expect(screen.getByRole('combobox', { name: 'City or municipality' })).toBeDisabled();

    await choose(ui, 'Province', 'Cebu');
    await waitFor(() => expect(asked).toContain('cities?provinceCode=0702200000'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'City or municipality' })).not.toBeDisabled());
    expect(await optionsOf(ui, 'City or municipality')).toEqual(['Liloan']);

    await choose(ui, 'Province', 'Cities outside a province');
    expect(await optionsOf(ui, 'City or municipality')).toEqual(['City of Cebu']);

    // Changing the region starts the lower levels over.
    await choose(ui, 'Region', 'National Capital Region (NCR)');
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Province' })).not.toBeInTheDocument());
    expect(await optionsOf(ui, 'City or municipality')).toEqual(['City of Makati', 'Quezon City']);
  });
});

describe('add listing: type-to-search pickers', { timeout: 30_000 }, () => {
  /** Types into a picker and answers the options it then offers. */
  async function typeIn(ui: UserEvent, label: string, text: string): Promise<string[]> {
    const input = screen.getByRole('combobox', { name: label });
    await ui.clear(input);
    await ui.type(input, text);
    // The popup lists the matches, or says that nothing matches (then without a listbox).
    await waitFor(() => expect(screen.queryByRole('listbox') ?? screen.queryByText('No match: check the spelling')).not.toBeNull());
    const listbox = screen.queryByRole('listbox');
    return listbox ? within(listbox).queryAllByRole('option').map((o) => o.textContent ?? '') : [];
  }

  it('finds Makati and Bel-Air by typing (punctuation, diacritics and "Brgy." tolerated) and moves the pin to each', async () => {
    signIn();
    servePlaces();
    const { user: ui } = renderApp('/listings/new');
    await screen.findByRole('heading', { name: 'Add listing' }, { timeout: 10000 });
    await fillBasics(ui);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Region' })).not.toHaveAttribute('aria-disabled'));
    await choose(ui, 'Region', 'National Capital Region (NCR)');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'City or municipality' })).not.toBeDisabled());

    expect(await typeIn(ui, 'City or municipality', 'makati')).toEqual(['City of Makati']);
    await ui.keyboard('{Enter}');
    expect(screen.getByRole('combobox', { name: 'City or municipality' })).toHaveValue('City of Makati');
    // Picking the city moves the pin to the city's centre.
    expect(await screen.findByTestId('pin-coordinates')).toHaveTextContent('Pin at 14.554700, 121.024400');

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Barangay' })).not.toBeDisabled());
    expect(await typeIn(ui, 'Barangay', 'bel air')).toEqual(['Bel-Air']);
    expect(await typeIn(ui, 'Barangay', 'Brgy. Bél')).toEqual(['Bel-Air']);
    expect(await typeIn(ui, 'Barangay', 'barangay san lor')).toEqual(['San Lorenzo']);
    expect(await typeIn(ui, 'Barangay', 'zzz')).toEqual([]);
    expect(screen.getByText('No match: check the spelling')).toBeInTheDocument();
    await typeIn(ui, 'Barangay', 'bel-air');
    await ui.keyboard('{Enter}');
    expect(screen.getByRole('combobox', { name: 'Barangay' })).toHaveValue('Bel-Air');
    await waitFor(() => expect(screen.getByTestId('pin-coordinates')).toHaveTextContent('Pin at 14.561700, 121.028400'));
  });
});

describe('add listing: saving', { timeout: 30_000 }, () => {
  async function toLastStep(ui: UserEvent) {
    await screen.findByRole('heading', { name: 'Add listing' }, { timeout: 10000 });
    await fillBasics(ui);
    await fillLocationInNcr(ui);
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Details' });
    await ui.type(screen.getByLabelText('Lot size'), '240');
    await ui.type(screen.getByLabelText('Bedrooms'), '0');
    await ui.type(screen.getByLabelText('Parking slots'), '2');
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Photos & documents' });
  }

  it('offers only the kinds of the chosen type, and drops a kind the new type does not have', async () => {
    signIn();
    servePlaces();
    const { user: ui } = renderApp('/listings/new');
    await screen.findByRole('heading', { name: 'Add listing' }, { timeout: 10000 });
    expect(screen.getByRole('combobox', { name: 'Property kind' })).toHaveAttribute('aria-disabled', 'true');
    await choose(ui, 'Property type', 'Residential');
    expect(await optionsOf(ui, 'Property kind')).toEqual(['Not said', 'Condominium', 'House and lot', 'Townhouse', 'Apartment']);
    await choose(ui, 'Property kind', 'Townhouse');
    await choose(ui, 'Property type', 'Commercial');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Property kind' })).toHaveTextContent('Not said'));
    expect(await optionsOf(ui, 'Property kind')).toEqual(['Not said', 'Office', 'Commercial space']);
    expect(screen.getByRole('button', { name: 'For sale' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('sends the create body and shows the server message when it is refused', async () => {
    signIn();
    servePlaces();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/listing/create', async ({ request }) => {
        bodies.push(await request.json());
        return bodies.length === 1
          ? apiError(400, ['price must not be greater than 1000000000000'], 'Bad Request')
          : HttpResponse.json({ statusCode: 500 }, { status: 500 });
      }),
    );
    const { user: ui } = renderApp('/listings/new');
    await toLastStep(ui);
    await ui.click(screen.getByRole('button', { name: 'Create listing' }));
    expect(await screen.findByText('price must not be greater than 1000000000000')).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      name: 'Corner lot in Loyola Heights',
      description: '',
      type: 'land',
      kind: 'lot',
      offer: 'rent',
      furnishing: null,
      status: 'active',
      tags: [],
      price: 8500000,
      currency: 'PHP',
      lotSize: 240,
      floorSize: null,
      bedrooms: 0,
      bathrooms: null,
      parkingSlots: 2,
      location: { lat: 14.6389, lng: 121.0752 },
      address: { regionCode: '1300000000', cityCode: '1381300000', barangayCode: '1381300071' },
      amenities: [],
    });
  });

  it('offers the plans when the member is at their plan’s active-listings limit (402)', async () => {
    signIn();
    servePlaces();
    const message = 'The Free plan allows 5 active listings: upgrade to Basic, or archive or mark a listing sold first';
    server.use(
      http.post('*/api/listing/create', () =>
        HttpResponse.json(
          { statusCode: 402, message, error: 'Payment Required', upgrade: { reason: 'plan', feature: 'More than 5 active listings', requiredPlan: 'basic', currentPlan: 'free' } },
          { status: 402 },
        ),
      ),
    );
    const { user: ui } = renderApp('/listings/new');
    await toLastStep(ui);
    await ui.click(screen.getByRole('button', { name: 'Create listing' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans');
  });

  it('shows "HTTP error! Status" when the create answer has no message', async () => {
    signIn();
    servePlaces();
    server.use(http.post('*/api/listing/create', () => HttpResponse.json({ statusCode: 422 }, { status: 422 })));
    const { user: ui } = renderApp('/listings/new');
    await toLastStep(ui);
    await ui.click(screen.getByRole('button', { name: 'Create listing' }));
    expect(await screen.findByText('HTTP error! Status 422')).toBeInTheDocument();
  });

  it('refuses files that are too big, not images or too many, before uploading', async () => {
    signIn();
    servePlaces();
    const { user: ui } = renderApp('/listings/new');
    await toLastStep(ui);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const pngs = Array.from({ length: 6 }, (_, i) => new File([new Uint8Array(10)], `p${i}.png`, { type: 'image/png' }));
    // The input's accept attribute would filter in a browser; applyAccept off lets the check run here.
    const uiAll = ui.setup({ applyAccept: false });
    await uiAll.upload(screen.getByTestId('photos-input'), [big, text, ...pngs]);
    expect(await screen.findByText('huge.png is larger than 10 MB')).toBeInTheDocument();
    expect(screen.getByText('notes.txt is not an image')).toBeInTheDocument();
    expect(screen.getByText('Choose at most 5 photos at a time')).toBeInTheDocument();
    const chosen = screen.getByRole('list', { name: 'Photos: chosen files' });
    expect(within(chosen).getAllByTestId('upload-item')).toHaveLength(5);
    await uiAll.upload(screen.getByTestId('documents-input'), [new File(['%PDF'], 'title.pdf', { type: 'application/pdf' }), text]);
    expect(await screen.findByText('notes.txt is not a PDF or an image')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Proof of ownership: chosen files' })).getByText('title.pdf')).toBeInTheDocument();
  });

  it('creates, then uploads each photo and document; an upload error shows the spec text with the status', async () => {
    signIn();
    servePlaces();
    const created = makeListing({ _id: 'l_new', name: 'Corner lot in Loyola Heights', owner: { _id: 'u_owner', firstName: 'Ana', lastName: 'Reyes', avatar: null } });
    const uploads: { url: string; fields: string[]; auth: string | null }[] = [];
    let createCalls = 0;
    let updateBody: unknown = null;
    let imageStatus = 500;
    server.use(
      http.post('*/api/listing/create', () => {
        createCalls++;
        return HttpResponse.json(created, { status: 201 });
      }),
      http.put('*/api/listing/update', async ({ request }) => {
        updateBody = await request.json();
        return HttpResponse.json(created);
      }),
      http.post('*/api/listing/upload-image/:id', async ({ request }) => {
        const form = await request.formData();
        uploads.push({ url: new URL(request.url).pathname, fields: [...form.keys()], auth: request.headers.get('authorization') });
        return imageStatus === 200 ? HttpResponse.json(created) : apiError(imageStatus, 'Upload failed');
      }),
      http.post('*/api/listing/upload-ownership/:id', async ({ request }) => {
        const form = await request.formData();
        uploads.push({ url: new URL(request.url).pathname, fields: [...form.keys()], auth: request.headers.get('authorization') });
        return HttpResponse.json({ documents: [] });
      }),
      http.get('*/api/listing/get/:id', () => HttpResponse.json(created)),
      http.get('*/api/listing/reviews/:id', () => HttpResponse.json({ reviews: [], pagination: { currentPage: 1, itemsOnPage: 0, totalPages: 0, totalItems: 0, itemsPerPage: 5 } })),
      http.post('*/api/listing/search/nearby', () => HttpResponse.json({ listings: [], areasNearby: [] })),
      http.post('*/api/listing/update/behavior/:id', () => HttpResponse.json({ views: 1 })),
    );
    const { user: ui, router } = renderApp('/listings/new');
    await toLastStep(ui);
    await ui.upload(screen.getByTestId('photos-input'), [
      new File([new Uint8Array(64)], 'front.png', { type: 'image/png' }),
    ]);
    await ui.upload(screen.getByTestId('documents-input'), [new File(['%PDF-1.4'], 'title.pdf', { type: 'application/pdf' })]);
    await ui.click(screen.getByRole('button', { name: 'Create listing' }));

    expect(await screen.findByText('Failed to upload images. Server returned status 500')).toBeInTheDocument();
    expect(screen.getByText('The listing is created, but some files did not upload. Remove them or try again.')).toBeInTheDocument();
    expect(uploads).toEqual([
      { url: '/api/listing/upload-image/l_new', fields: ['image'], auth: 'Bearer tok' },
      { url: '/api/listing/upload-ownership/l_new', fields: ['documents'], auth: 'Bearer tok' },
    ]);
    expect(createCalls).toBe(1);

    // Retrying updates the listing created a moment ago (no second create) and uploads only what failed.
    imageStatus = 200;
    await ui.click(screen.getByRole('button', { name: 'Save and retry uploads' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listings/l_new'));
    expect(createCalls).toBe(1);
    expect(updateBody).toMatchObject({ _id: 'l_new', owner: 'u_owner', name: 'Corner lot in Loyola Heights' });
    expect(uploads.map((u) => u.url)).toEqual([
      '/api/listing/upload-image/l_new',
      '/api/listing/upload-ownership/l_new',
      '/api/listing/upload-image/l_new',
    ]);
  });
});
