import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRole } from '@/lib/api/types';
import { makePagination, makeUser } from '@/test/fixtures';
import { apiError, server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
import type { KycSubmission } from './kyc-api';
import { ageInYears, ageOf } from './kyc-text';

const SLOW = { timeout: 10_000 };

function signIn(role: UserRole) {
  const user = makeUser({ _id: 'u_staff', role, email: 'staff@example.ph', firstName: 'Staff', lastName: 'Member' });
  storeSession('t_staff', user);
  serveSession('t_staff', user);
  return user;
}

function submission(overrides: Partial<KycSubmission> = {}): KycSubmission {
  return {
    _id: 'k1',
    userId: 'u_ana',
    status: 'submitted',
    idType: 'philsys_card',
    idNumberLast4: '4321',
    fullName: 'Ana Maria Reyes',
    birthDate: '1990-03-04',
    idExpiresOn: '2031-01-01',
    reasonCodes: [],
    reviewNote: null,
    submittedAt: '2026-11-25T01:00:00.000Z',
    reviewedAt: null,
    approvedAt: null,
    expiresAt: null,
    createdAt: '2026-11-25T01:00:00.000Z',
    updatedAt: '2026-11-25T01:00:00.000Z',
    filesPurged: false,
    files: [
      { _id: 'f_selfie', kind: 'selfie', mimeType: 'image/png', size: 100 },
      { _id: 'f_front', kind: 'front', mimeType: 'image/png', size: 100 },
      { _id: 'f_back', kind: 'back', mimeType: 'image/png', size: 100 },
    ],
    assignedTo: null,
    user: { _id: 'u_ana', firstName: 'Ana', lastName: 'Reyes', email: 'ana@example.ph', type: 'broker' },
    reviews: [],
    ...overrides,
  };
}

describe('kyc text', () => {
  it('says ages', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(ageOf('2026-11-27T11:55:00Z', now)).toBe('5 min');
    expect(ageOf('2026-11-27T02:00:00Z', now)).toBe('10 h');
    expect(ageOf('2026-11-20T12:00:00Z', now)).toBe('7 d');
    expect(ageInYears('1990-03-04', new Date(2026, 2, 3))).toBe(35);
    expect(ageInYears('1990-03-04', new Date(2026, 2, 4))).toBe(36);
  });
});

describe('identity checks in the console', { timeout: 40_000 }, () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:kyc');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('queue: waiting submissions by default, a filter goes into the request and the address, a row opens the review', async () => {
    signIn('admin');
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/kyc/get/all', ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(q);
        const rows = q.get('assigned') === 'me' ? [] : [submission(), submission({ _id: 'k2', fullName: 'Ben Santos', user: { _id: 'u_ben', firstName: 'Ben', lastName: 'Santos', email: 'ben@example.ph', type: 'customer' }, status: 'in_review', assignedTo: { _id: 'u_x', firstName: 'Rosa', lastName: 'Lim' } })];
        return HttpResponse.json({ submissions: rows, pagination: makePagination(rows.length, rows.length) });
      }),
      http.get('*/api/kyc/get/:id', () => HttpResponse.json(submission())),
    );
    const { user, router } = renderApp('/admin/kyc');
    const grid = await screen.findByRole('grid', { name: 'Identity checks' }, SLOW);
    expect(await within(grid).findByText('ana@example.ph')).toBeInTheDocument();
    expect(within(grid).getByText('Rosa Lim')).toBeInTheDocument();
    expect(within(grid).getAllByText('PhilSys national ID (card)')).toHaveLength(2);
    expect(Object.fromEntries(asked[0])).toEqual({ assigned: 'any', page: '1', limit: '10' });

    await user.click(screen.getByRole('combobox', { name: 'Assigned to' }));
    await user.click(await screen.findByRole('option', { name: 'Me' }));
    await waitFor(() => expect(router.state.location.search).toBe('?assigned=me'));
    await waitFor(() => expect(Object.fromEntries(asked.at(-1)!)).toEqual({ assigned: 'me', page: '1', limit: '10' }));
    expect(await within(grid).findByText('No identity checks match these filters')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Approved' }));
    await user.type(screen.getByRole('textbox', { name: 'Name, e-mail or ID number' }), 'reyes{Enter}');
    await waitFor(() => expect(Object.fromEntries(asked.at(-1)!)).toEqual({ status: 'approved', assigned: 'me', text: 'reyes', page: '1', limit: '10' }));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await user.click(await within(grid).findByText('ana@example.ph'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/kyc/k1'));
  });

  it('review: the images load after the view reason, assign, and a decision sends its reasons and note', async () => {
    const me = signIn('admin');
    const links: unknown[] = [];
    const fileAuth: string[] = [];
    const updates: unknown[] = [];
    let current = submission();
    server.use(
      http.get('*/api/kyc/get/k1', () => HttpResponse.json(current)),
      http.post('*/api/kyc/file-link/:fileId', async ({ request, params }) => {
        links.push({ fileId: params.fileId, ...((await request.json()) as object) });
        return HttpResponse.json({ url: `/api/kyc/file/${String(params.fileId)}?exp=1&sig=abc`, expiresAt: '2026-11-27T12:05:00Z' });
      }),
      http.get('*/api/kyc/file/:fileId', ({ request }) => {
        fileAuth.push(request.headers.get('authorization') ?? '');
        return new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } });
      }),
      http.put('*/api/kyc/update/status/k1', async ({ request }) => {
        const body = (await request.json()) as { status: KycSubmission['status'] };
        updates.push(body);
        current = { ...current, status: body.status, assignedTo: body.status === 'in_review' ? { _id: me._id, firstName: 'Staff', lastName: 'Member' } : current.assignedTo };
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderApp('/admin/kyc/k1');
    expect(await screen.findByRole('heading', { name: 'Ana Maria Reyes' }, SLOW)).toBeInTheDocument();
    const data = screen.getByLabelText('Submitted data');
    expect(data).toHaveTextContent('•••• 4321');
    expect(data).toHaveTextContent('Mar 4, 1990');
    expect(screen.getByLabelText('Member account')).toHaveTextContent('ana@example.ph');
    // nothing fetched before the reviewer says why
    expect(links).toEqual([]);
    expect(screen.getByText(/recorded in the audit log/)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Why are you opening the ID images?' }));
    await user.click(await screen.findByRole('option', { name: 'Member support' }));
    await user.click(screen.getByRole('button', { name: 'Show the images' }));
    const images = await screen.findByTestId('kyc-images');
    await waitFor(() => expect(within(images).getAllByRole('img')).toHaveLength(3));
    expect(within(images).getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['Front of the ID', 'Back of the ID', 'Selfie holding the ID']);
    expect(links).toHaveLength(3);
    expect(links).toContainEqual({ fileId: 'f_front', reason: 'support' });
    expect(fileAuth).toEqual(['Bearer t_staff', 'Bearer t_staff', 'Bearer t_staff']);
    // zoom
    await user.click(within(images).getByRole('button', { name: 'Zoom: Front of the ID' }));
    const zoom = await screen.findByRole('dialog', { name: 'Front of the ID' });
    await user.click(within(zoom).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Front of the ID' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(updates).toEqual([{ status: 'in_review' }]));
    expect(await screen.findByRole('button', { name: 'Release' })).toBeInTheDocument();
    expect(screen.getByText(/Assigned to you · submitted/)).toBeInTheDocument();

    // a rejection needs a reason, and "Other" a note
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this identity check?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Choose at least one reason.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /A photo is blurry/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Other/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText(/Write a note/)).toBeInTheDocument();
    expect(updates).toHaveLength(1);
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (required)' }), 'The corner is torn');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(updates.at(-1)).toEqual({ status: 'rejected', reasonCodes: ['image_blurry', 'other'], note: 'The corner is torn' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reject this identity check?' })).not.toBeInTheDocument());
    // closed: no more actions
    await waitFor(() => expect(screen.queryByTestId('kyc-actions')).not.toBeInTheDocument());
  });

  it('approve asks for a confirmation; a refusal is shown in the dialog', async () => {
    signIn('admin');
    const updates: unknown[] = [];
    server.use(
      http.get('*/api/kyc/get/k1', () => HttpResponse.json(submission())),
      http.put('*/api/kyc/update/status/k1', async ({ request }) => {
        updates.push(await request.json());
        return updates.length === 1 ? apiError(409, 'Rosa Lim is reviewing this submission.', 'Conflict') : HttpResponse.json(submission({ status: 'approved' }));
      }),
    );
    const { user } = renderApp('/admin/kyc/k1');
    await user.click(await screen.findByRole('button', { name: 'Approve' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: "Approve Ana Maria Reyes's identity?" });
    expect(within(dialog).queryAllByRole('checkbox')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Rosa Lim is reviewing this submission.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(updates).toEqual([{ status: 'approved' }, { status: 'approved' }]));
  });

  it('request resubmission sends its reasons', async () => {
    signIn('super_admin');
    const updates: unknown[] = [];
    server.use(
      http.get('*/api/kyc/get/k1', () => HttpResponse.json(submission())),
      http.put('*/api/kyc/update/status/k1', async ({ request }) => {
        updates.push(await request.json());
        return HttpResponse.json(submission({ status: 'resubmission_requested' }));
      }),
    );
    const { user } = renderApp('/admin/kyc/k1');
    await user.click(await screen.findByRole('button', { name: 'Request resubmission' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a resubmission?' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Glare hides details/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Request resubmission' }));
    await waitFor(() => expect(updates).toEqual([{ status: 'resubmission_requested', reasonCodes: ['glare'] }]));
  });

  it('a viewer has no Identity checks entry and gets the 403 notice without asking the API', async () => {
    signIn('viewer');
    const asked: string[] = [];
    server.use(
      http.get('*/api/kyc/*', ({ request }) => {
        asked.push(request.url);
        return apiError(403, 'Forbidden resource', 'Forbidden');
      }),
      http.get('*/api/licence/get/all', () => HttpResponse.json({ licences: [], pagination: makePagination(0, 0) })),
    );
    const { router } = renderApp('/admin/licences');
    const nav = await screen.findByRole('navigation', { name: 'Admin console' }, SLOW);
    expect(within(nav).getByRole('link', { name: 'PRC licences' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Identity checks' })).not.toBeInTheDocument();
    await router.navigate('/admin/kyc/k1');
    expect(await screen.findByTestId('kyc-forbidden', undefined, SLOW)).toHaveTextContent('403');
    await router.navigate('/admin/kyc');
    expect(await screen.findByTestId('kyc-forbidden', undefined, SLOW)).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
