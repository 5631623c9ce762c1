import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { pageProgressModule } from './app/layouts/MainLayout';
import { loadingOverlayModule } from './app/layouts/RootLayout';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { makeStore } from './app/store';
import { toastItemModule } from './app/toaster';
import { preloadLater } from './lib/on-demand';
import { createLazyRealtimeClient } from './lib/realtime/lazy-realtime';

const store = makeStore();
const router = createAppRouter({ toastPosition: 'top-right' });
// One socket for the app, open while a token is stored (see lib/realtime); its code loads with the first token.
const realtime = createLazyRealtimeClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders store={store} realtime={realtime}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

// What the shell shows only on some occasion (a toast, the "Please wait..." overlay, the page-loading bar)
// is not in the first download; it comes with the first tap or key (or some seconds after the page has
// loaded), before anyone needs it.
preloadLater([toastItemModule, loadingOverlayModule, pageProgressModule]);
