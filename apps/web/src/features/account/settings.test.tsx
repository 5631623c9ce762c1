import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '@/lib/navigation';
import { makeUser } from '@/test/fixtures';
import { apiError, server } from '@/test/msw-server';
import { readStoredSession, renderApp, serveSession, storeSession } from '@/test/render';
import { AVATAR_MAX_BYTES } from './constants';

function signedIn(overrides = {}) {
  const user = makeUser(overrides);
  storeSession('tok', user);
  serveSession('tok', user);
  return user;
}

function imageFile(bytes: number, type = 'image/png', name = 'me.png') {
  return new File([new Uint8Array(bytes)], name, { type });
}

describe('settings: account tab', () => {
  it('saves the profile with PUT /api/user/update and shows the new name', async () => {
    const user = signedIn();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.put('*/api/user/update', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ ...user, firstName: body.firstName, username: body.username });
      }),
    );
    const { user: ui, store } = renderApp('/settings');
    const firstName = await screen.findByLabelText('First name');
    await ui.clear(firstName);
    await ui.type(firstName, 'Anabel');
    await ui.type(screen.getByLabelText('Username'), 'anabel.r');
    await ui.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(bodies).toEqual([{ _id: 'u_1', firstName: 'Anabel', lastName: 'Reyes', username: 'anabel.r' }]);
    expect(store.getState().auth.user?.firstName).toBe('Anabel');
    expect((readStoredSession() as { user: { firstName: string } }).user.firstName).toBe('Anabel');
  });

  it('changes the member type (the professions of the spec are offered) and points professionals to /verification', async () => {
    const user = signedIn();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.put('*/api/user/update', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ ...user, type: body.type });
      }),
    );
    const { user: ui } = renderApp('/settings');
    await ui.click(await screen.findByRole('combobox', { name: 'Member type' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toContain('Real estate appraiser');
    expect(options.map((o) => o.textContent)).toContain('Real estate consultant');
    await ui.click(screen.getByRole('option', { name: 'Real estate appraiser' }));
    expect(screen.getByRole('link', { name: 'Verification' })).toHaveAttribute('href', '/verification');
    await ui.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(bodies).toEqual([{ _id: 'u_1', firstName: 'Ana', lastName: 'Reyes', type: 'real_estate_appraiser' }]);
  });

  it('validates the username under the field', async () => {
    signedIn();
    const { user: ui } = renderApp('/settings');
    await ui.type(await screen.findByLabelText('Username'), 'a b');
    await ui.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Use 3 to 30 letters, digits, dots, dashes or underscores')).toBeInTheDocument();
  });

  it('uploads an avatar as multipart field "image" and shows it', async () => {
    const user = signedIn();
    let received: File | null = null;
    server.use(
      http.post('*/api/user/upload/avatar', async ({ request }) => {
        const form = await request.formData();
        received = form.get('image') as File;
        return HttpResponse.json({ ...user, avatar: 'https://cdn.example/avatars/u_1.png' });
      }),
    );
    const { user: ui } = renderApp('/settings');
    await ui.upload(await screen.findByTestId('avatar-input'), imageFile(1024));

    expect(await screen.findByText('Photo updated')).toBeInTheDocument();
    expect(received).not.toBeNull();
    expect(received!.name).toBe('me.png');
    expect(received!.size).toBe(1024);
    await waitFor(() =>
      expect(within(screen.getByTestId('settings-avatar')).getByRole('img')).toHaveAttribute(
        'src',
        'https://cdn.example/avatars/u_1.png',
      ),
    );
  });

  it('refuses an avatar over 2 MB or not an image without calling the API', async () => {
    signedIn();
    let called = false;
    server.use(
      http.post('*/api/user/upload/avatar', () => {
        called = true;
        return HttpResponse.json({});
      }),
    );
    const { user: ui } = renderApp('/settings');
    const input = await screen.findByTestId('avatar-input');
    await ui.upload(input, imageFile(AVATAR_MAX_BYTES + 1));
    expect(await screen.findByText('The image must be 2 MB or smaller.')).toBeInTheDocument();

    // `accept="image/*"` filters the picker; bypass it to check the type test itself.
    const userNoAccept = (await import('@testing-library/user-event')).default.setup({ applyAccept: false });
    await userNoAccept.upload(input, imageFile(10, 'application/pdf', 'doc.pdf'));
    expect(await screen.findByText('Please choose an image file.')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it("shows the server's message when the upload fails, else the HTTP status", async () => {
    signedIn();
    let answer = () => apiError(400, 'Unsupported image format', 'Bad Request');
    server.use(http.post('*/api/user/upload/avatar', () => answer()));
    const { user: ui } = renderApp('/settings');
    const input = await screen.findByTestId('avatar-input');
    await ui.upload(input, imageFile(100));
    expect(await screen.findByText('Unsupported image format')).toBeInTheDocument();

    answer = () => new HttpResponse(null, { status: 413 });
    await ui.upload(input, imageFile(100));
    expect(await screen.findByText('HTTP error! status: 413')).toBeInTheDocument();
  });
});

describe('settings: preferences tab', () => {
  it('switches a preference with POST /api/user/update/visibility', async () => {
    const user = signedIn();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/user/update/visibility', async ({ request }) => {
        const body = (await request.json()) as { field: string; visible: boolean };
        bodies.push(body);
        return HttpResponse.json({ ...user, preferences: { ...user.preferences!, [body.field]: body.visible } });
      }),
    );
    const { user: ui, store } = renderApp('/settings?tab=preferences');
    const monthly = await screen.findByRole('switch', { name: 'Receive monthly product updates' });
    expect(monthly).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'See info about people who view my profile' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Profile visibility' })).toBeChecked();

    await ui.click(monthly);
    await waitFor(() => expect(store.getState().auth.user?.preferences?.receiveMonthlyUpdates).toBe(true));
    expect(bodies).toEqual([{ field: 'receiveMonthlyUpdates', visible: true }]);
    expect(screen.getByRole('switch', { name: 'Receive monthly product updates' })).toBeChecked();
  });

  it('turns the switch back and shows an error toast when saving fails', async () => {
    signedIn();
    server.use(http.post('*/api/user/update/visibility', () => apiError(400, 'field must be one of ...')));
    const { user: ui } = renderApp('/settings?tab=preferences');
    await ui.click(await screen.findByRole('switch', { name: 'Profile visibility' }));
    expect(await screen.findByText('field must be one of ...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Profile visibility' })).toBeChecked());
  });
});

describe('settings: password tab', () => {
  it('checks the repeat, then sends { userId, currentPassword, newPassword }', async () => {
    signedIn();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/user/update/password', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'Password updated successfully' });
      }),
    );
    const { user: ui } = renderApp('/settings');
    await ui.click(await screen.findByRole('tab', { name: 'Password' }));
    await ui.type(screen.getByLabelText('Current password'), 'old-password');
    await ui.type(screen.getByLabelText('New password'), 'new-password');
    expect(screen.getByText('at least 8 characters')).toBeInTheDocument();
    await ui.type(screen.getByLabelText('Confirm new password'), 'different');
    await ui.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await ui.clear(screen.getByLabelText('Confirm new password'));
    await ui.type(screen.getByLabelText('Confirm new password'), 'new-password');
    await ui.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ userId: 'u_1', currentPassword: 'old-password', newPassword: 'new-password' }]);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('tells a member whose account has no password how to set one', async () => {
    signedIn();
    server.use(http.get('*/api/auth/identities', () => HttpResponse.json({ hasPassword: false, identities: [] })));
    renderApp('/settings?tab=password');
    expect(await screen.findByText(/Your account has no password yet/)).toBeInTheDocument();
    expect(screen.getByText(/use “Forgot password” on the login page/)).toBeInTheDocument();
  });

  it("shows the server's message when the current password is wrong", async () => {
    signedIn();
    server.use(http.post('*/api/user/update/password', () => apiError(400, 'Current password is incorrect')));
    const { user: ui } = renderApp('/settings?tab=password');
    await ui.type(await screen.findByLabelText('Current password'), 'bad-password');
    await ui.type(screen.getByLabelText('New password'), 'new-password');
    await ui.type(screen.getByLabelText('Confirm new password'), 'new-password');
    await ui.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
  });
});

describe('settings: connected accounts tab', () => {
  afterEach(() => vi.restoreAllMocks());

  function serveIdentities(initial: { hasPassword: boolean; identities: { provider: string; email: string | null }[] }) {
    const state = {
      hasPassword: initial.hasPassword,
      identities: initial.identities.map((i) => ({ ...i, connectedAt: '2025-03-01T08:00:00.000Z' })),
    };
    server.use(
      http.get('*/api/auth/providers', () => HttpResponse.json({ providers: ['google', 'facebook'] })),
      http.get('*/api/auth/identities', () => HttpResponse.json(state)),
    );
    return state;
  }

  it('lists the connected providers with their e-mail and offers to connect the others', async () => {
    signedIn();
    serveIdentities({ hasPassword: true, identities: [{ provider: 'google', email: 'ana.g@gmail.com' }] });
    const { user: ui } = renderApp('/settings');
    await ui.click(await screen.findByRole('tab', { name: 'Connected accounts' }));
    const google = await screen.findByTestId('identity-google');
    expect(within(google).getByText('Connected as ana.g@gmail.com')).toBeInTheDocument();
    expect(within(google).getByRole('button', { name: 'Disconnect Google' })).toBeInTheDocument();
    const facebook = screen.getByTestId('identity-facebook');
    expect(within(facebook).getByText('Not connected')).toBeInTheDocument();
    expect(within(facebook).getByRole('button', { name: 'Connect Facebook' })).toBeInTheDocument();
  });

  it('connects with POST /api/auth/{provider}/connect and goes to the URL it answers', async () => {
    signedIn();
    serveIdentities({ hasPassword: true, identities: [] });
    const calls: string[] = [];
    server.use(
      http.post('*/api/auth/facebook/connect', ({ request }) => {
        calls.push(request.headers.get('authorization') ?? '');
        return HttpResponse.json({ url: 'https://www.facebook.com/dialog/oauth?state=connect.abc' });
      }),
    );
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const { user: ui } = renderApp('/settings?tab=connections');
    await ui.click(await screen.findByRole('button', { name: 'Connect Facebook' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://www.facebook.com/dialog/oauth?state=connect.abc'));
    expect(calls).toEqual(['Bearer tok']);
  });

  it('shows the result the connect flow came back with', async () => {
    signedIn();
    serveIdentities({ hasPassword: true, identities: [{ provider: 'google', email: 'ana.g@gmail.com' }] });
    renderApp('/settings?tab=connections&connected=google');
    expect(await screen.findByText('Google is now connected: you can log in with it.')).toBeInTheDocument();
  });

  it('shows why a connect was refused', async () => {
    signedIn();
    serveIdentities({ hasPassword: true, identities: [] });
    renderApp(
      `/settings?tab=connections&error=${encodeURIComponent('This Google account is already connected to another Tahanan account')}`,
    );
    expect(await screen.findByText('This Google account is already connected to another Tahanan account')).toBeInTheDocument();
  });

  it('shows why a disconnect is refused and keeps the provider', async () => {
    signedIn({ provider: 'google' });
    serveIdentities({ hasPassword: false, identities: [{ provider: 'google', email: 'ana@example.ph' }] });
    const message =
      'Google is your only way to log in: set a password ("Forgot password" on the login page) or connect another provider first';
    server.use(http.delete('*/api/auth/identities/google', () => apiError(409, message, 'Conflict')));
    const { user: ui } = renderApp('/settings?tab=connections');
    expect(await screen.findByText(/You have no password yet/)).toBeInTheDocument();
    await ui.click(await screen.findByRole('button', { name: 'Disconnect Google' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(within(screen.getByTestId('identity-google')).getByText('Connected as ana@example.ph')).toBeInTheDocument();
  });

  it('disconnects with DELETE /api/auth/identities/{provider} and shows the provider as not connected', async () => {
    signedIn();
    const state = serveIdentities({ hasPassword: true, identities: [{ provider: 'google', email: 'ana.g@gmail.com' }] });
    const deleted: string[] = [];
    server.use(
      http.delete('*/api/auth/identities/:provider', ({ params }) => {
        deleted.push(String(params.provider));
        state.identities = [];
        return HttpResponse.json({ message: 'Google disconnected' });
      }),
    );
    const { user: ui } = renderApp('/settings?tab=connections');
    await ui.click(await screen.findByRole('button', { name: 'Disconnect Google' }));
    expect(await screen.findByText('Google disconnected')).toBeInTheDocument();
    expect(await within(screen.getByTestId('identity-google')).findByRole('button', { name: 'Connect Google' })).toBeInTheDocument();
    expect(deleted).toEqual(['google']);
  });
});
