import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListingNotFound } from '@/components/ui/ListingNotFound';
import { apiError, server } from '@/test/msw-server';
import { renderApp } from '@/test/render';
import { MaintenancePage, OfflinePage, RouteErrorPage, STATUS_TEXTS } from '.';

describe('status pages', () => {
  it('401: texts of the spec and Go to Login → /login', async () => {
    renderApp('/401');
    expect(await screen.findByRole('heading', { name: 'Please log in to access this page' })).toBeInTheDocument();
    expect(screen.getByText('Unauthorized Access')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('img', { name: /logo/i })).toBeInTheDocument();
  });

  it('403: texts of the spec and Go Home → /', async () => {
    renderApp('/403');
    expect(await screen.findByRole('heading', { name: "You don't have permission to view this page" })).toBeInTheDocument();
    expect(screen.getByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it.each(['/404', '/no/such/page'])('404 at %s: texts of the spec and Go Home → /', async (path) => {
    const { router, user } = renderApp(path);
    expect(
      await screen.findByRole('heading', {
        name: "The page or item you're looking for might have been moved or deleted",
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Page not found')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Find a home or lot in the Philippines' })).toBeInTheDocument();
  });

  it('listing not found text', () => {
    render(
      <MemoryRouter>
        <ListingNotFound />
      </MemoryRouter>,
    );
    expect(
      screen.getByRole('heading', { name: "The listing you're looking for might have been deleted or does not exist" }),
    ).toBeInTheDocument();
  });

  it('maintenance: texts of the spec, Refresh runs the reload action', () => {
    const refresh = vi.fn();
    render(
      <MemoryRouter>
        <MaintenancePage onRefresh={refresh} />
      </MemoryRouter>,
    );
    expect(
      screen.getByRole('heading', { name: 'Our site is currently undergoing maintenance. Please check back later' }),
    ).toBeInTheDocument();
    expect(screen.getByText("We'll be back soon")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('offline page: texts of the spec, Retry runs the reload action once the browser is online', () => {
    const retry = vi.fn();
    render(
      <MemoryRouter>
        <OfflinePage onRetry={retry} isOnline={() => true} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'You are currently offline' })).toBeInTheDocument();
    expect(screen.getByText('Please check your internet connection and try again')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('offline page: Retry while still offline does not reload, it says so and stays', () => {
    const retry = vi.fn();
    let online = false;
    render(
      <MemoryRouter>
        <OfflinePage onRetry={retry} isOnline={() => online} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent(STATUS_TEXTS.offline.stillOffline);
    expect(screen.getByRole('heading', { name: 'You are currently offline' })).toBeInTheDocument();
    online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

describe('route error page', () => {
  function renderFailingRoute(isOnline: () => boolean, onOnline: () => void) {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <p>never shown</p>,
          loader: () => {
            throw new TypeError('Failed to fetch dynamically imported module');
          },
          errorElement: <RouteErrorPage isOnline={isOnline} onOnline={onOnline} />,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
  }

  it('shows the offline page (not "Something went wrong") when the page failed while offline, and retries once online', async () => {
    const onOnline = vi.fn();
    renderFailingRoute(() => false, onOnline);
    expect(await screen.findByRole('heading', { name: STATUS_TEXTS.offline.title })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong on this page')).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(onOnline).toHaveBeenCalledTimes(1);
  });

  it('shows the generic error page when online', async () => {
    renderFailingRoute(() => true, vi.fn());
    expect(await screen.findByRole('heading', { name: 'Something went wrong on this page' })).toBeInTheDocument();
  });
});

describe('maintenance screen', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is shown when the API health check answers 503 (after the retries)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(http.get('*/api/health', () => apiError(503, 'Service Unavailable', 'Service Unavailable')));
    renderApp('/');
    await screen.findByRole('heading', { name: 'Find a home or lot in the Philippines' });
    expect(screen.queryByTestId('maintenance-screen')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByTestId('maintenance-screen')).toHaveTextContent(STATUS_TEXTS.maintenance.title);
  });

  it('is not shown when the API is healthy', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'Find a home or lot in the Philippines' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('maintenance-screen')).not.toBeInTheDocument();
  });
});
