import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, server } from '@/test/msw-server';
import { renderApp } from '@/test/render';
import { FORGOT_PASSWORD_CONFIRMATION } from './constants';

describe('forgot password', () => {
  it.each([
    ['the API accepts', () => HttpResponse.json({ message: 'If the account exists, an e-mail was sent' })],
    ['the API fails', () => apiError(400, 'email must be an email')],
  ])('shows the same confirmation when %s', async (_, answer) => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/user/request/reset-password', async ({ request }) => {
        bodies.push(await request.json());
        return answer();
      }),
    );
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'someone@example.ph');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(FORGOT_PASSWORD_CONFIRMATION)).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'someone@example.ph' }]);
  });
});

describe('reset password', () => {
  it('needs the new password twice, then sends { token, newPassword }', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/user/reset-password', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'Your password has been changed' });
      }),
    );
    const { user } = renderApp('/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-pasz');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    expect(bodies).toEqual([{ token: 'abc123', newPassword: 'brand-new-pass' }]);
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's message for an expired token", async () => {
    server.use(http.post('*/api/user/reset-password', () => apiError(400, 'This reset link is invalid or has expired')));
    const { user } = renderApp('/reset-password?token=old');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('This reset link is invalid or has expired')).toBeInTheDocument();
  });

  it('explains a link without a token', async () => {
    renderApp('/reset-password');
    expect(await screen.findByText(/This password reset link is invalid/)).toBeInTheDocument();
  });
});

describe('verify email', () => {
  it('verifies the token once and shows success', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/user/verify-email', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'Your e-mail address is verified' });
      }),
    );
    renderApp('/verify-email?token=tok-v');
    expect(await screen.findByText('Your e-mail address is verified')).toBeInTheDocument();
    await waitFor(() => expect(bodies).toEqual([{ token: 'tok-v' }]));
  });

  it("shows the server's error", async () => {
    server.use(http.post('*/api/user/verify-email', () => apiError(400, 'This confirmation link is invalid or has expired')));
    renderApp('/verify-email?token=bad');
    expect(await screen.findByText('This confirmation link is invalid or has expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toBeInTheDocument();
  });
});
