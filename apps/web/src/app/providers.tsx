import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { RealtimeProvider } from '@/lib/realtime/context';
import type { Realtime } from '@/lib/realtime/types';
import type { AppStore } from './store';
import { theme } from './theme';

/**
 * What MUI's own `ThemeProvider` (`@mui/material/styles`) does for a theme without CSS variables (ours:
 * `createTheme` without `cssVariables` or `colorSchemes`): hand it to the system provider with `vars: null`.
 * Used directly, so the first download does not carry MUI's CSS-variables provider (colour-scheme
 * storage, its init script), which that component imports for themes that have them.
 */
const providedTheme = { ...theme, vars: null };

export interface AppProvidersProps {
  store: AppStore;
  /** The realtime client (socket.io); without one the app runs on HTTP only (tests). */
  realtime?: Realtime;
  children: ReactNode;
}

export function AppProviders({ store, realtime, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <RealtimeProvider client={realtime}>
        <ThemeProvider theme={providedTheme}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </RealtimeProvider>
    </Provider>
  );
}
