import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { UserRole } from '@/lib/api/types';
import { makePagination, makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
import type { Licence } from './licence-api';

const SLOW = { timeout: 10_000 };

function signIn(role: UserRole) {
  const user = makeUser({ _id: 'u_staff', role, email: 'staff@example.ph' });
  storeSession('t_staff', user);
  serveSession('t_staff', user);
}

function licence(overrides: Partial<Licence> = {}): Licence {
  return {
    _id: 'l1',
    userId: 'u_jo',
    kind: 'salesperson',
    number: '0012345',
    validUntil: '2028-06-30',
    status: 'submitted',
    supervisingBroker: { _id: 'u_br', firstName: 'Rosa', lastName: 'Lim', licenceNumber: '0000777', licenceValid: true },
    brokerConfirmedAt: '2026-11-26T02:00:00.000Z',
    brokerDeclinedAt: null,
    reasonCodes: [],
    reviewNote: null,
    submittedAt: '2026-11-25T01:00:00.000Z',
    reviewedAt: null,
    approvedAt: null,
    badge: null,
    createdAt: '2026-11-25T01:00:00.000Z',
    updatedAt: '2026-11-25T01:00:00.000Z',
    user: {
      _id: 'u_jo',
      firstName: 'Jose',
      lastName: 'Rizal',
      email: 'jose@example.ph',
      type: 'real_estate_salesperson',
      isVerified: true,
      identityVerified: true,
      kyc: { submissionId: 'k9', status: 'approved', idType: 'drivers_license', approvedAt: '2026-11-01T00:00:00.000Z', expiresAt: null, updatedAt: '2026-11-01T00:00:00.000Z' },
    },
    kycPrcIdVerified: false,
    ...overrides,
  };
}

describe('PRC licences in the console', { timeout: 40_000 }, () => {
  it('queue: waiting licences by default; the kind filter goes into the request; a row opens the review', async () => {
    signIn('viewer');
    const asked: Array<Record<string, string>> = [];
    server.use(
      http.get('*/api/licence/get/all', ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json({ licences: [licence()], pagination: makePagination(1, 1) });
      }),
      http.get('*/api/licence/get/l1', () => HttpResponse.json(licence())),
    );
    const { user, router } = renderApp('/admin/licences');
    const grid = await screen.findByRole('grid', { name: 'PRC licences' }, SLOW);
    expect(await within(grid).findByText('jose@example.ph')).toBeInTheDocument();
    expect(within(grid).getByText('0012345')).toBeInTheDocument();
    expect(within(grid).getByText('Rosa Lim')).toBeInTheDocument();
    expect(asked[0]).toEqual({ status: 'submitted', page: '1', limit: '10' });
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'PRC-licensed broker' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=broker'));
    await waitFor(() => expect(asked.at(-1)).toEqual({ status: 'submitted', kind: 'broker', page: '1', limit: '10' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Any status' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ kind: 'broker', page: '1', limit: '10' }));
    await user.click(within(grid).getByText('jose@example.ph'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/licences/l1'));
    // a viewer reads without actions, and without the way into identity documents
    expect(await screen.findByRole('heading', { name: 'Jose Rizal · No. 0012345' })).toBeInTheDocument();
    expect(screen.queryByTestId('licence-actions')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Open their/ })).not.toBeInTheDocument();
  });

  it('review: the warning without a verified PRC ID, the broker, a link to the identity check; reject needs a reason, "other" a note', async () => {
    signIn('admin');
    const updates: unknown[] = [];
    server.use(
      http.get('*/api/licence/get/l1', () => HttpResponse.json(licence())),
      http.put('*/api/licence/update/status/l1', async ({ request }) => {
        updates.push(await request.json());
        return HttpResponse.json(licence({ status: 'rejected' }));
      }),
    );
    const { user } = renderApp('/admin/licences/l1');
    expect(await screen.findByTestId('no-prc-id', undefined, SLOW)).toHaveTextContent("Driver's licence (LTO), not a PRC ID");
    const facts = screen.getByLabelText('Licence');
    expect(facts).toHaveTextContent('Rosa Lim (No. 0000777)');
    expect(facts).toHaveTextContent('Broker confirmed');
    expect(screen.getByRole('link', { name: 'Open their identity check' })).toHaveAttribute('href', '/admin/kyc/k9');

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this licence?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Choose at least one reason.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /No verified PRC ID/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(updates).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (required)' }), 'Send your PRC ID');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(updates).toEqual([{ status: 'rejected', reasonCodes: ['no_kyc_prc_id', 'other'], note: 'Send your PRC ID' }]));
  });

  it('approve with a confirmation; an approved licence can be revoked with a reason', async () => {
    signIn('admin');
    const updates: unknown[] = [];
    let current = licence({ kind: 'broker', supervisingBroker: null, brokerConfirmedAt: null, kycPrcIdVerified: true });
    server.use(
      http.get('*/api/licence/get/l1', () => HttpResponse.json(current)),
      http.put('*/api/licence/update/status/l1', async ({ request }) => {
        const body = (await request.json()) as { status: Licence['status'] };
        updates.push(body);
        current = { ...current, status: body.status, badge: body.status === 'approved' ? 'PRC-licensed broker No. 0012345' : null };
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderApp('/admin/licences/l1');
    await user.click(await screen.findByRole('button', { name: 'Approve' }, SLOW));
    expect(screen.queryByTestId('no-prc-id')).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Approve licence No. 0012345?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(updates).toEqual([{ status: 'approved' }]));
    expect(await screen.findByText('PRC-licensed broker No. 0012345')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    const revoke = await screen.findByRole('dialog', { name: 'Revoke this licence?' });
    await user.click(within(revoke).getByRole('checkbox', { name: 'The licence has expired' }));
    await user.click(within(revoke).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(updates.at(-1)).toEqual({ status: 'revoked', reasonCodes: ['expired'] }));
  });
});
