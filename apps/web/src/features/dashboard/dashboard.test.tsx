import { cleanup, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderApp, serveSession, storeSession } from '@/test/render';
// Loaded up front so the lazy routes resolve at once.
import './index';
import '@/features/auth';

function serveTotals(totals: Record<string, number>) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/listing/dashboard', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(totals);
    }),
  );
  return bodies;
}

describe('dashboard greeting', { timeout: 30_000 }, () => {
  it('says "Welcome" in the session that created the account (also after a reload) and "Welcome back" after the next login', async () => {
    const ben = makeUser({ _id: 'u_ben', firstName: 'Ben', type: 'customer', dateSignedUp: new Date().toISOString() });
    serveTotals({ totalListings: 0, totalViews: 0, totalSaved: 0, totalInquiries: 0 });
    server.use(
      http.post('*/api/user/create', () => HttpResponse.json({ token: 'tok-new', user: ben }, { status: 201 })),
      http.post('*/api/user/login', () => HttpResponse.json({ token: 'tok-again', user: ben })),
      http.get('*/api/user/logout', () => HttpResponse.json({ message: 'Logged out' })),
    );
    serveSession('tok-new', ben);
    const first = renderApp('/signup');
    const ui = first.user;
    await ui.type(await screen.findByLabelText('First name', {}, { timeout: 10000 }), 'Ben');
    await ui.type(screen.getByLabelText('Last name'), 'Cruz');
    await ui.type(screen.getByLabelText('Email'), 'ben@example.ph');
    await ui.type(screen.getByLabelText('Password'), 'long-enough');
    await ui.click(screen.getByRole('combobox', { name: 'I am a' }));
    await ui.click(await screen.findByRole('option', { name: 'Customer' }));
    await ui.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ben!' }, { timeout: 10000 })).toBeInTheDocument();
    first.unmount();
    cleanup();

    // a reload in that first session
    const reloaded = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ben!' }, { timeout: 10000 })).toBeInTheDocument();

    // log out, log in again
    await reloaded.user.click(screen.getByRole('button', { name: 'Account menu' }));
    await reloaded.user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(reloaded.router.state.location.pathname).toBe('/login'), { timeout: 10000 });
    serveSession('tok-again', ben);
    await reloaded.user.type(await screen.findByLabelText('Email', {}, { timeout: 10000 }), 'ben@example.ph');
    await reloaded.user.type(screen.getByLabelText('Password'), 'long-enough');
    await reloaded.user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ben!' }, { timeout: 10000 })).toBeInTheDocument();
  });
});

describe('dashboard totals', { timeout: 30_000 }, () => {
  it('shows a broker the totals of their listings: listings, views, saves and inquiries', async () => {
    const broker = makeUser({ _id: 'u_broker', firstName: 'Bea', type: 'broker' });
    storeSession('tok', broker);
    serveSession('tok', broker);
    const bodies = serveTotals({ totalListings: 12, totalViews: 1530, totalSaved: 41, totalInquiries: 7 });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Your listings at a glance' }, { timeout: 10000 })).toBeInTheDocument();
    expect(await screen.findByTestId('total-totalListings')).toHaveTextContent('12');
    expect(screen.getByTestId('total-totalViews')).toHaveTextContent('1,530');
    expect(screen.getByTestId('total-totalSaved')).toHaveTextContent('41');
    expect(screen.getByTestId('total-totalInquiries')).toHaveTextContent('7');
    expect(screen.getByRole('link', { name: /Inquiries/ })).toHaveAttribute('href', '/messages');
    expect(bodies).toEqual([{ data: ['totalListings', 'totalViews', 'totalSaved', 'totalInquiries'], filter: {} }]);
  });

  it('shows no totals to a customer without listings', async () => {
    const customer = makeUser({ _id: 'u_c', firstName: 'Ana', type: 'customer' });
    storeSession('tok', customer);
    serveSession('tok', customer);
    const bodies = serveTotals({ totalListings: 0, totalViews: 0, totalSaved: 0, totalInquiries: 0 });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ana!' }, { timeout: 10000 })).toBeInTheDocument();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Your listings at a glance' })).not.toBeInTheDocument();
  });
});
