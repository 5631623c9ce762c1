import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { RealtimeProvider, type Realtime } from '@/lib/realtime';
import type { AppStore } from './store';
import { theme } from './theme';

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
        <ThemeProvider theme={theme}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </RealtimeProvider>
    </Provider>
  );
}
