import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { renderApp, serveSession, storeSession } from '@/test/render';

describe('header navigation', () => {
  it('offers "Find property" to guests', async () => {
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Find property' })).toHaveAttribute('href', '/listings');
    expect(within(nav).queryByRole('link', { name: 'My listings' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Add listing' })).not.toBeInTheDocument();
  });

  it('offers search, my listings, saved and add listing to members; the dashboard links to the search', async () => {
    const user = makeUser();
    storeSession('tok', user);
    serveSession('tok', user);
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Find property' })).toHaveAttribute('href', '/listings');
    expect(within(nav).getByRole('link', { name: 'My listings' })).toHaveAttribute('href', '/my/listings');
    expect(within(nav).getByRole('link', { name: 'Saved' })).toHaveAttribute('href', '/saved');
    expect(within(nav).getByRole('link', { name: 'Add listing' })).toHaveAttribute('href', '/listings/new');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: 'Find property' })).toHaveAttribute('href', '/listings');
  });
});
