import type { ReactElement } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { KYC_REASON_LABELS, type KycStatus } from '@app/domain';
import { AppProviders } from '@/app/providers';
import { makeStore } from '@/app/store';
import { sessionStarted } from '@/lib/state/auth-slice';
import { makeUser } from '@/test/fixtures';
import { apiError, server } from '@/test/msw-server';
import { KycForm } from './KycForm';
import { KycSection } from './KycSection';
import { KycStatusCard } from './KycStatusCard';
import { LicenceForm } from './LicenceForm';
import { LicenceSection, SupervisedSection } from './LicenceSection';
import { NO_LICENCE, RESA_TIP, TrustBadges, VERIFIED_IDENTITY } from './TrustBadges';
import type { KycSubmission, Licence } from './types';

const SLOW = { timeout: 10_000 };
const TODAY = '2026-11-27';

function renderUi(ui: ReactElement, { token = 'tok' }: { token?: string } = {}) {
  const store = makeStore();
  store.dispatch(sessionStarted({ token, user: makeUser({ _id: 'u_me', type: 'broker' }) }));
  const user = userEvent.setup({ applyAccept: false });
  const utils = render(
    <AppProviders store={store}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { store, user, ...utils };
}

function submission(overrides: Partial<KycSubmission> = {}): KycSubmission {
  return {
    _id: 'k_1',
    userId: 'u_me',
    status: 'submitted',
    idType: 'drivers_license',
    idNumberLast4: '4321',
    fullName: 'Ana Santos Reyes',
    birthDate: '1990-04-12',
    idExpiresOn: '2029-01-01',
    reasonCodes: [],
    reviewNote: null,
    submittedAt: '2026-11-20T02:00:00.000Z',
    reviewedAt: null,
    approvedAt: null,
    expiresAt: null,
    createdAt: '2026-11-20T02:00:00.000Z',
    updatedAt: '2026-11-20T02:00:00.000Z',
    filesPurged: false,
    files: [
      { _id: 'f1', kind: 'front', mimeType: 'image/jpeg', size: 1000 },
      { _id: 'f2', kind: 'back', mimeType: 'image/jpeg', size: 1000 },
      { _id: 'f3', kind: 'selfie', mimeType: 'image/jpeg', size: 1000 },
    ],
    assignedTo: null,
    ...overrides,
  };
}

function licence(overrides: Partial<Licence> = {}): Licence {
  return {
    _id: 'lic_1',
    userId: 'u_me',
    kind: 'broker',
    number: '0012345',
    validUntil: '2028-06-30',
    status: 'submitted',
    supervisingBroker: null,
    brokerConfirmedAt: null,
    brokerDeclinedAt: null,
    createdAt: '2026-11-20T02:00:00.000Z',
    updatedAt: '2026-11-20T02:00:00.000Z',
    reasonCodes: [],
    reviewNote: null,
    submittedAt: '2026-11-20T02:00:00.000Z',
    reviewedAt: null,
    approvedAt: null,
    badge: null,
    ...overrides,
  };
}

const jpeg = (name = 'front.jpg', size = 2048) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

describe('KycStatusCard', () => {
  const cases: [KycStatus | null, Partial<KycSubmission>, string][] = [
    [null, {}, 'Not verified'],
    ['draft', {}, 'Not sent yet'],
    ['submitted', {}, 'Submitted, waiting for review'],
    ['in_review', {}, 'In review'],
    ['approved', { expiresAt: '2028-11-20T02:00:00.000Z' }, 'Verified until November 20, 2028'],
    ['rejected', { reasonCodes: ['suspected_tampering'] }, 'Rejected'],
    ['resubmission_requested', { reasonCodes: ['image_blurry', 'name_mismatch'] }, 'Please resend'],
    ['expired', {}, 'Verification expired'],
    ['withdrawn', {}, 'Withdrawn'],
  ];

  it.each(cases)('status %s shows "%s"', (status, extra, title) => {
    renderUi(<KycStatusCard submission={status ? submission({ status, ...extra }) : null} onWithdraw={vi.fn()} />);
    const card = screen.getByTestId('kyc-status');
    expect(within(card).getByText(title)).toBeInTheDocument();
    if (status) expect(card).toHaveTextContent("Driver's licence (LTO) ending in 4321");
    const withdrawable = status === 'draft' || status === 'submitted' || status === 'in_review' || status === 'resubmission_requested';
    expect(!!within(card).queryByRole('button', { name: 'Withdraw' })).toBe(withdrawable);
  });

  it('lists each reason with what to fix, and the reviewer\'s note', () => {
    renderUi(
      <KycStatusCard
        submission={submission({ status: 'resubmission_requested', reasonCodes: ['image_blurry', 'other'], reviewNote: 'The selfie is dark.' })}
      />,
    );
    const fixes = screen.getByRole('list', { name: 'What to fix' });
    expect(within(fixes).getByText(KYC_REASON_LABELS.image_blurry.label)).toBeInTheDocument();
    expect(within(fixes).getByText(KYC_REASON_LABELS.image_blurry.fix)).toBeInTheDocument();
    expect(within(fixes).getByText(KYC_REASON_LABELS.other.fix)).toBeInTheDocument();
    expect(screen.getByTestId('kyc-review-note')).toHaveTextContent('The selfie is dark.');
  });

  it('shows the rejection reasons and fix too', () => {
    renderUi(<KycStatusCard submission={submission({ status: 'rejected', reasonCodes: ['id_expired'] })} />);
    expect(screen.getByText(KYC_REASON_LABELS.id_expired.label)).toBeInTheDocument();
    expect(screen.getByText(KYC_REASON_LABELS.id_expired.fix)).toBeInTheDocument();
  });
});

describe('KycForm client checks', () => {
  async function fillFields(user: ReturnType<typeof userEvent.setup>, idType = "Driver's licence (LTO)") {
    await user.click(screen.getByRole('combobox', { name: 'ID type' }));
    await user.click(await screen.findByRole('option', { name: idType }));
    await user.type(screen.getByLabelText('ID number'), 'N01-23-456789');
    await user.type(screen.getByLabelText('Full name as on the ID'), 'Ana Santos Reyes');
    await user.type(screen.getByLabelText('Birth date as on the ID'), '1990-04-12');
  }

  it('asks for each missing photo and sends nothing', async () => {
    const onSend = vi.fn();
    const { user } = renderUi(<KycForm updating={null} onSend={onSend} today={TODAY} />);
    await fillFields(user);
    await user.upload(screen.getByTestId('kyc-front-input'), jpeg());
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Add the back of the ID.')).toBeInTheDocument();
    expect(screen.getByText('Add the selfie holding the ID.')).toBeInTheDocument();
    expect(screen.getByTestId('kyc-refusal')).toHaveTextContent('see what to fix under each photo');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('refuses a photo over 10 MB and a file that is not JPEG, PNG or WebP, saying what to do', async () => {
    const onSend = vi.fn();
    const { user } = renderUi(<KycForm updating={null} onSend={onSend} today={TODAY} />);
    const big = jpeg('huge.jpg', 10 * 1024 * 1024 + 1);
    await user.upload(screen.getByTestId('kyc-front-input'), big);
    expect(await screen.findByText(/huge\.jpg is larger than 10 MB\. Choose a smaller photo/)).toBeInTheDocument();
    await user.upload(screen.getByTestId('kyc-selfie-input'), new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    expect(await screen.findByText(/me\.gif is not a JPEG, PNG or WebP photo/)).toBeInTheDocument();
    // neither is kept: no preview
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await fillFields(user);
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(onSend).not.toHaveBeenCalled();
  });

  it('hides the expiry for PhilSys and the back for IDs without one; sends the fields and photos', async () => {
    const onSend = vi.fn().mockResolvedValue(null);
    const { user } = renderUi(<KycForm updating={null} onSend={onSend} today={TODAY} />);
    expect(screen.getByLabelText('ID valid until (optional)')).toBeInTheDocument();
    await fillFields(user, 'PhilSys national ID (digital)');
    expect(screen.queryByLabelText('ID valid until (optional)')).not.toBeInTheDocument();
    expect(screen.queryByTestId('kyc-back-input')).not.toBeInTheDocument();
    await user.upload(screen.getByTestId('kyc-front-input'), jpeg('front.jpg'));
    await user.upload(screen.getByTestId('kyc-selfie-input'), jpeg('selfie.jpg'));
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    const { fields, files } = onSend.mock.calls[0][0];
    expect(fields).toEqual({ idType: 'philsys_digital', idNumber: 'N01-23-456789', fullName: 'Ana Santos Reyes', birthDate: '1990-04-12', submit: 'true' });
    expect(Object.keys(files).sort()).toEqual(['front', 'selfie']);
  });

  it('refuses a birth date under 18 and an expired ID', async () => {
    const onSend = vi.fn();
    const { user } = renderUi(<KycForm updating={null} onSend={onSend} today={TODAY} />);
    await user.type(screen.getByLabelText('Birth date as on the ID'), '2010-01-01');
    await user.type(screen.getByLabelText('ID valid until (optional)'), '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('You must be 18 or older to verify your identity')).toBeInTheDocument();
    expect(screen.getByText('This ID has expired: use an ID that is still valid')).toBeInTheDocument();
    // the photos' messages come with the fields' ones
    expect(screen.getByText('Add the front of the ID.')).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
  });
});

describe('KycSection', () => {
  function serveKyc(initial: { current: KycSubmission | null; history: KycSubmission[] }) {
    let state = initial;
    const calls: { withdraw: string[]; create: { fields: Record<string, string>; files: string[]; auth: string | null }[] } = { withdraw: [], create: [] };
    let createAnswer: (() => Response) | null = null;
    server.use(
      http.get('*/api/kyc/my', () => HttpResponse.json(state)),
      http.post('*/api/kyc/withdraw/:id', ({ params }) => {
        calls.withdraw.push(String(params.id));
        const done = { ...state.current!, status: 'withdrawn' as const };
        state = { current: null, history: [done, ...state.history] };
        return HttpResponse.json(done);
      }),
      http.post('*/api/kyc/create', async ({ request }) => {
        const form = await request.formData();
        const fields: Record<string, string> = {};
        const files: string[] = [];
        form.forEach((v, k) => (typeof v === 'string' ? (fields[k] = v) : files.push(k)));
        calls.create.push({ fields, files, auth: request.headers.get('authorization') });
        if (createAnswer) return createAnswer();
        const created = submission({ _id: 'k_new', status: 'submitted' });
        state = { current: created, history: state.history };
        return HttpResponse.json(created, { status: 201 });
      }),
      http.get('*/api/current/user', () => HttpResponse.json(makeUser({ _id: 'u_me' }))),
    );
    return { calls, refuseWith: (f: () => Response) => (createAnswer = f) };
  }

  it('withdraws a pending submission only after the confirmation', async () => {
    const { calls } = serveKyc({ current: submission({ status: 'in_review' }), history: [submission({ _id: 'k_old', status: 'rejected' })] });
    const { user } = renderUi(<KycSection />);
    expect(await screen.findByText('In review', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Earlier submissions' })).toHaveTextContent('Rejected');
    // no form while a reviewer holds it
    expect(screen.queryByRole('form', { name: 'Verify your identity' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    let dialog = await screen.findByRole('dialog', { name: 'Withdraw your verification?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.withdraw).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    dialog = await screen.findByRole('dialog', { name: 'Withdraw your verification?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Not verified', {}, SLOW)).toBeInTheDocument();
    expect(calls.withdraw).toEqual(['k_1']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('form', { name: 'Verify your identity' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Earlier submissions' })).toHaveTextContent('Withdrawn');
  });

  it('sends the form as multipart with the token; the server\'s refusal is shown as written', async () => {
    const { calls, refuseWith } = serveKyc({ current: null, history: [] });
    refuseWith(() => apiError(409, 'Your verification is being reviewed. Withdraw it first to change it.'));
    const { user } = renderUi(<KycSection />);
    await user.click(await screen.findByRole('combobox', { name: 'ID type' }, SLOW));
    await user.click(await screen.findByRole('option', { name: 'Philippine passport' }));
    await user.type(screen.getByLabelText('ID number'), 'P1234567A');
    await user.type(screen.getByLabelText('Full name as on the ID'), 'Ana Santos Reyes');
    await user.type(screen.getByLabelText('Birth date as on the ID'), '1990-04-12');
    await user.upload(screen.getByTestId('kyc-front-input'), jpeg('front.jpg'));
    await user.upload(screen.getByTestId('kyc-selfie-input'), jpeg('selfie.jpg'));
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Your verification is being reviewed. Withdraw it first to change it.', {}, SLOW)).toBeInTheDocument();
    expect(calls.create).toEqual([
      {
        fields: { idType: 'passport', fullName: 'Ana Santos Reyes', birthDate: '1990-04-12', submit: 'true', idNumber: 'P1234567A' },
        files: ['front', 'selfie'],
        auth: 'Bearer tok',
      },
    ]);

    refuseWith(() => HttpResponse.json(submission({ _id: 'k_new' }), { status: 201 }));
    calls.create.length = 0;
    // the 201 path: the status card follows (the next GET answers the new submission)
    server.use(http.get('*/api/kyc/my', () => HttpResponse.json({ current: submission({ _id: 'k_new' }), history: [] })));
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Submitted, waiting for review', {}, SLOW)).toBeInTheDocument();
    expect(calls.create).toHaveLength(1);
  });
});

describe('PRC licence', () => {
  it('a salesperson must choose a supervising broker (found by the brokers search)', async () => {
    const onSave = vi.fn().mockResolvedValue(null);
    const searches: string[] = [];
    server.use(
      http.get('*/api/licence/brokers', ({ request }) => {
        searches.push(new URL(request.url).searchParams.get('text') ?? '');
        return HttpResponse.json({ brokers: [{ _id: 'u_broker', firstName: 'Ramon', lastName: 'Cruz', licenceNumber: '0004567' }] });
      }),
    );
    const { user } = renderUi(<LicenceForm kind="salesperson" editing={null} onSave={onSave} today={TODAY} />);
    await user.type(screen.getByLabelText('Accreditation number'), '0123456');
    await user.type(screen.getByLabelText('Valid until'), '2028-06-30');
    await user.click(screen.getByRole('button', { name: 'Submit licence' }));
    expect(await screen.findByText('Choose the PRC-licensed broker who supervises you')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.type(screen.getByRole('combobox', { name: 'Supervising broker' }), 'Ramon');
    await user.click(await screen.findByRole('option', { name: 'Ramon Cruz · No. 0004567' }, SLOW));
    await user.click(screen.getByRole('button', { name: 'Submit licence' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ number: '0123456', validUntil: '2028-06-30', supervisingBrokerId: 'u_broker' }));
    expect(searches.at(-1)).toBe('Ramon');
  });

  it('refuses a number that is not digits and a past validity', async () => {
    const onSave = vi.fn();
    const { user } = renderUi(<LicenceForm kind="broker" editing={null} onSave={onSave} today={TODAY} />);
    await user.type(screen.getByLabelText('PRC licence number'), 'ABC-12');
    await user.type(screen.getByLabelText('Valid until'), '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Submit licence' }));
    expect(await screen.findByText('Use the digits of your PRC number only (up to 7, leading zeros kept)')).toBeInTheDocument();
    expect(screen.getByText('This licence has expired: enter the renewed one')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the current licence with its badge and broker; the server\'s refusal as written', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/licence/my', () =>
        HttpResponse.json({
          current: licence({ status: 'approved', badge: 'PRC-licensed broker No. 0012345' }),
          history: [],
          supervising: [],
        }),
      ),
      http.put('*/api/licence/update/:id', async ({ request }) => {
        bodies.push(await request.json());
        return apiError(409, 'The number 0012345 is approved for another member');
      }),
    );
    const { user } = renderUi(<LicenceSection type="broker" />);
    expect(await screen.findByTestId('licence-badge', {}, SLOW)).toHaveTextContent('PRC-licensed broker No. 0012345');
    expect(screen.getByTestId('licence-status')).toHaveTextContent('Valid untilJune 30, 2028');
    await user.click(screen.getByRole('button', { name: 'Update licence' }));
    await user.click(screen.getByRole('button', { name: 'Save and send for review' }));
    expect(await screen.findByTestId('licence-refusal', {}, SLOW)).toHaveTextContent('The number 0012345 is approved for another member');
    expect(bodies).toEqual([{ number: '0012345', validUntil: '2028-06-30' }]);
  });

  it('a salesperson whose broker declined is asked to name another (the form is open, no broker chosen)', async () => {
    server.use(
      http.get('*/api/licence/my', () =>
        HttpResponse.json({
          current: licence({
            kind: 'salesperson',
            number: '0200001',
            status: 'pending_broker',
            brokerDeclinedAt: '2026-11-21T02:00:00.000Z',
            supervisingBroker: { _id: 'u_b', firstName: 'Ramon', lastName: 'Cruz', licenceNumber: '0004567', licenceValid: true },
          }),
          history: [],
          supervising: [],
        }),
      ),
    );
    renderUi(<LicenceSection type="real_estate_salesperson" />);
    const card = await screen.findByTestId('licence-status', {}, SLOW);
    expect(card).toHaveTextContent('Your broker declined');
    expect(card).toHaveTextContent('Ramon Cruz (No. 0004567) · declined');
    expect(screen.getByRole('combobox', { name: 'Supervising broker' })).toHaveValue('');
    expect(screen.getByLabelText('Accreditation number')).toHaveValue('0200001');
  });

  it('customers and owners are told the licence is for professionals and where to change the type', async () => {
    renderUi(<LicenceSection type="customer" />);
    expect(screen.getByText(/for real estate professionals/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Account settings' })).toHaveAttribute('href', '/settings');
  });

  it('a broker confirms or declines the salespersons naming them', async () => {
    const answers: { id: string; body: unknown }[] = [];
    let pending = true;
    server.use(
      http.get('*/api/licence/my', () =>
        HttpResponse.json({
          current: licence({ status: 'approved' }),
          history: [],
          supervising: [
            licence({
              _id: 'lic_sp',
              userId: 'u_sp',
              kind: 'salesperson',
              number: '0200001',
              status: pending ? 'pending_broker' : 'submitted',
              member: { _id: 'u_sp', firstName: 'Liza', lastName: 'Soberano' },
            }),
          ],
        }),
      ),
      http.post('*/api/licence/supervise/:id', async ({ request, params }) => {
        answers.push({ id: String(params.id), body: await request.json() });
        pending = false;
        return HttpResponse.json(licence({ _id: 'lic_sp', status: 'submitted' }));
      }),
    );
    const { user } = renderUi(<SupervisedSection />);
    const row = await screen.findByTestId('supervise-request', {}, SLOW);
    expect(row).toHaveTextContent('Liza Soberano');
    expect(row).toHaveTextContent('Accreditation No. 0200001');
    await user.click(within(row).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(answers).toEqual([{ id: 'lic_sp', body: { confirm: true } }]));
    expect(await screen.findByText('Submitted, waiting for review', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });
});

describe('TrustBadges', () => {
  it('shows nothing without anything to say', () => {
    const { container } = renderUi(<TrustBadges owner={{ isVerified: false, licence: null }} ownerUnlicensed={false} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows "Verified identity" and the licence badge', () => {
    renderUi(<TrustBadges owner={{ isVerified: true, licence: { kind: 'broker', number: '0012345' } }} ownerUnlicensed={false} compact />);
    const badges = screen.getByTestId('trust-badges');
    expect(badges).toHaveTextContent(VERIFIED_IDENTITY);
    expect(badges).toHaveTextContent('PRC-licensed broker No. 0012345');
    expect(badges).not.toHaveTextContent(NO_LICENCE);
  });

  it('a salesperson\'s accreditation reads "Accredited salesperson No."', () => {
    renderUi(<TrustBadges owner={{ isVerified: false, licence: { kind: 'salesperson', number: '0200001' } }} />);
    expect(screen.getByTestId('trust-badges')).toHaveTextContent('Accredited salesperson No. 0200001');
    expect(screen.queryByText(VERIFIED_IDENTITY)).not.toBeInTheDocument();
  });

  it('warns of an unlicensed professional, with RESA in the tooltip', async () => {
    const { user } = renderUi(<TrustBadges owner={{ isVerified: true, licence: null }} ownerUnlicensed />);
    const chip = screen.getByText(NO_LICENCE);
    await user.hover(chip);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(RESA_TIP);
  });
});
