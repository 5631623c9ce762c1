import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, toastAdded } from '@/lib/state/toasts-slice';
import { AppProviders } from './providers';
import { makeStore } from './store';
import { DEFAULT_TOAST_POSITION, TOAST_FADE_MS, TOAST_VISIBLE_MS, Toaster, toastItemModule, toastPositionStyle, type ToastPosition } from './toaster';

// A toast's component loads on demand (the app preloads it when idle); the timing tests below run on fake
// timers, so it is loaded before them.
beforeAll(async () => {
  await toastItemModule.load();
});

function renderToaster(position?: ToastPosition) {
  const store = makeStore();
  render(
    <AppProviders store={store}>
      <Toaster position={position} />
    </AppProviders>,
  );
  return store;
}

describe('toast timing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the spec constants: 3000 ms visible, 220 ms fade', () => {
    expect(TOAST_VISIBLE_MS).toBe(3000);
    expect(TOAST_FADE_MS).toBe(220);
  });

  it('shows title and message, stays 3000 ms, fades for 220 ms, then is removed', () => {
    const store = renderToaster();
    act(() => {
      store.dispatch(toast.success('Saved', 'Your profile was updated'));
    });

    const alert = screen.getByTestId('toast');
    expect(alert).toHaveTextContent('Saved');
    expect(alert).toHaveTextContent('Your profile was updated');
    expect(alert).toHaveAttribute('data-state', 'visible');
    expect(alert).toHaveAttribute('role', 'alert');

    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByTestId('toast')).toHaveAttribute('data-state', 'visible');

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('toast')).toHaveAttribute('data-state', 'leaving');
    expect(store.getState().toasts.items).toHaveLength(1);

    act(() => vi.advanceTimersByTime(219));
    expect(screen.getByTestId('toast')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(store.getState().toasts.items).toEqual([]);
  });

  it('times each toast on its own', () => {
    const store = renderToaster();
    act(() => {
      store.dispatch(toast.info('First'));
    });
    act(() => vi.advanceTimersByTime(2000));
    act(() => {
      store.dispatch(toast.warning('Second'));
    });
    act(() => vi.advanceTimersByTime(1000)); // First starts fading
    act(() => vi.advanceTimersByTime(TOAST_FADE_MS));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second').closest('[data-testid="toast"]')).toHaveAttribute('data-state', 'visible');
    act(() => vi.advanceTimersByTime(2000 - TOAST_FADE_MS)); // Second reaches 3000 ms
    act(() => vi.advanceTimersByTime(TOAST_FADE_MS));
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('renders each type with its severity', () => {
    const store = renderToaster();
    act(() => {
      for (const type of ['success', 'error', 'info', 'warning'] as const) {
        store.dispatch(toastAdded({ type, title: `A ${type}` }));
      }
    });
    const alerts = screen.getAllByTestId('toast');
    expect(alerts.map((a) => a.getAttribute('data-toast-type'))).toEqual(['success', 'error', 'info', 'warning']);
    expect(screen.getByText('A error').closest('[data-testid="toast"]')).toHaveClass('MuiAlert-filledError');
  });
});

describe('toast closing and position', () => {
  it('closes early with the close button, after the fade', async () => {
    const store = renderToaster();
    act(() => {
      store.dispatch(toast.error('Upload failed', 'HTTP error! status: 500'));
    });
    await userEvent.click(screen.getByRole('button', { name: /close/i }));
    expect(screen.getByTestId('toast')).toHaveAttribute('data-state', 'leaving');
    await vi.waitFor(() => expect(screen.queryByTestId('toast')).not.toBeInTheDocument());
  });

  it('defaults to the top-right corner', () => {
    renderToaster();
    expect(DEFAULT_TOAST_POSITION).toBe('top-right');
    const toaster = screen.getByTestId('toaster');
    expect(toaster).toHaveAttribute('data-position', 'top-right');
    expect(toaster).toHaveStyle({ position: 'fixed', top: '16px', right: '16px' });
  });

  it('takes a configurable position', () => {
    renderToaster('bottom-left');
    const toaster = screen.getByTestId('toaster');
    expect(toaster).toHaveAttribute('data-position', 'bottom-left');
    expect(toaster).toHaveStyle({ bottom: '16px', left: '16px' });
    expect(toastPositionStyle('top-center')).toEqual({ top: 16, left: '50%', transform: 'translateX(-50%)' });
    expect(toastPositionStyle('bottom-right')).toEqual({ bottom: 16, right: 16 });
  });
});
