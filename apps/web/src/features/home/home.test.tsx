import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { renderApp, serveSession, storeSession } from '@/test/render';

describe('home', () => {
  it('shows the plans with peso prices and sign-up / log-in buttons for guests', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Find a home or lot in the Philippines' })).toBeInTheDocument();
    expect(screen.getByTestId('plan-free')).toHaveTextContent('₱0.00');
    expect(screen.getByTestId('plan-basic')).toHaveTextContent('₱1,500.00');
    expect(screen.getByTestId('plan-premium')).toHaveTextContent('₱6,500.00');
    expect(screen.getByTestId('plan-enterprise')).toHaveTextContent('Contact sales');
    expect(screen.getByRole('link', { name: 'Create a free account' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('link', { name: 'Go to dashboard' })).not.toBeInTheDocument();
  });

  it('offers the dashboard to a logged-in member', async () => {
    const user = makeUser();
    storeSession('tok', user);
    serveSession('tok', user);
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Create a free account' })).not.toBeInTheDocument();
  });
});
