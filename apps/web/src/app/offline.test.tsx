import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';

function goOffline() {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  window.dispatchEvent(new Event('offline'));
}

function goOnline() {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
  window.dispatchEvent(new Event('online'));
}

describe('offline screen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('covers the app while the browser is offline and goes away when it is back online', async () => {
    const { store } = renderApp('/');
    await screen.findByRole('heading', { name: 'Find a home or lot in the Philippines' });
    expect(screen.queryByText('You are currently offline')).not.toBeInTheDocument();

    act(() => goOffline());
    const screenEl = await screen.findByTestId('offline-screen');
    expect(screenEl).toHaveTextContent('You are currently offline');
    expect(screenEl).toHaveTextContent('Please check your internet connection and try again');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screenEl).toHaveStyle({ position: 'fixed' });
    expect(store.getState().ui.online).toBe(false);

    act(() => goOnline());
    await waitFor(() => expect(screen.queryByTestId('offline-screen')).not.toBeInTheDocument());
    expect(store.getState().ui.online).toBe(true);
    // The page underneath kept its state.
    expect(screen.getByRole('heading', { name: 'Find a home or lot in the Philippines' })).toBeInTheDocument();
  });

  it('is shown at start when the browser is already offline', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp('/');
    expect(await screen.findByTestId('offline-screen')).toHaveTextContent('You are currently offline');
  });
});
