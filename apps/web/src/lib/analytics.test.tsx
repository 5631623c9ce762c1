import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { reportPageView, setAnalyticsSink, type AnalyticsEvent } from './analytics';

describe('analytics', () => {
  afterEach(() => {
    setAnalyticsSink(null);
  });

  it('sends page views to the sink that was set', () => {
    const sink = vi.fn();
    setAnalyticsSink(sink);
    reportPageView('/listings?page=2');
    expect(sink).toHaveBeenCalledWith(expect.objectContaining({ type: 'page_view', path: '/listings?page=2' }));
  });

  it('never lets a failing sink break the caller', () => {
    setAnalyticsSink(() => {
      throw new Error('sink down');
    });
    expect(() => reportPageView('/')).not.toThrow();
  });

  it('reports a page view on every route change', async () => {
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((e) => events.push(e));
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Find a home or lot in the Philippines' });
    await act(() => router.navigate('/login'));
    await screen.findByRole('heading', { name: 'Log in' });
    await act(() => router.navigate('/signup?ref=home'));
    await screen.findByRole('heading', { name: 'Create your account' });
    expect(events.map((e) => e.path)).toEqual(['/', '/login', '/signup?ref=home']);
  });
});
