import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onDemand, useOnDemand, type OnDemand } from './on-demand';

function Shown({ module, needed }: { module: OnDemand<{ text: string }>; needed: boolean }) {
  const loaded = useOnDemand(module, needed);
  return <p data-testid="shown">{loaded ? loaded.text : 'nothing yet'}</p>;
}

describe('onDemand', () => {
  it('loads nothing until needed, then renders the module once it has loaded', async () => {
    const importer = vi.fn(async () => ({ text: 'loaded' }));
    const module = onDemand(importer);
    const { rerender } = render(<Shown module={module} needed={false} />);
    expect(importer).not.toHaveBeenCalled();
    expect(screen.getByTestId('shown')).toHaveTextContent('nothing yet');

    rerender(<Shown module={module} needed />);
    expect(await screen.findByText('loaded')).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(1);
    await module.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed load: it retries when the browser is back online', async () => {
    const importer = vi
      .fn<() => Promise<{ text: string }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ text: 'loaded after all' });
    const module = onDemand(importer);
    render(<Shown module={module} needed />);
    await vi.waitFor(() => expect(importer).toHaveBeenCalledTimes(1));
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByTestId('shown')).toHaveTextContent('nothing yet');

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('loaded after all')).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
