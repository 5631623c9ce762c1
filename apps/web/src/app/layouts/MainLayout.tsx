import { Outlet, useNavigation } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { APP_NAME } from '@/lib/config';
import { onDemand, useOnDemand } from '@/lib/on-demand';
import { AppHeader } from './AppHeader';

/**
 * The bar shown while the next page loads: loaded with the first navigation, or earlier with the visitor's
 * first tap or key (main.tsx); the first page never shows it.
 */
export const pageProgressModule = onDemand(() => import('@mui/material/LinearProgress'));

export function MainLayout() {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';
  const LinearProgress = useOnDemand(pageProgressModule, loading)?.default;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppHeader />
      {loading && LinearProgress && (
        <LinearProgress sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000 }} aria-label="Loading page" />
      )}
      <Box component="main" sx={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Box component="footer" sx={{ py: 3, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} {APP_NAME} · Property for sale and rent across the Philippines · Prices in pesos (₱), other currencies at staff-set rates
        </Typography>
      </Box>
    </Box>
  );
}
